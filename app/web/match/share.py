"""The result to share (SPEC section 8): `/m/<token>/card.png` for any link of a match that is
over or banked (an unknown link 404, a match still in play or abandoned 409), drawn once per
version and language and kept; and what a chat's link preview reads (Open Graph), for the view
link alone."""

from __future__ import annotations

from datetime import datetime

from flask import Response, abort, current_app, request
from flask_babel import force_locale, format_date, ngettext
from flask_babel import gettext as _

from ...cache import kept
from ...i18n import LANGUAGES, RIGHT_TO_LEFT, language, num
from ...models import utc
from ...services.bank.banking import Summary, as_number
from ...services.bank.recorded import recorded_summary
from ...services.group.groups import group_named_by
from ...services.match.access import match_version
from ...services.match.sheet import Sheet, load_sheet
from .. import card as drawing
from ..blueprint import bp, link_access_at
from ..games import pages_of
from ..sheet.drawn import SHOWN, finish_order
from ..words import spoken_plain


def card_of(sheet: Sheet, group: str | None) -> drawing.Card:
    """What the card says, in the page's language."""
    order = finish_order(sheet)
    winners = [side.name for side, _ in order if side.index in sheet.result.winners]
    # "Ana & Cy won" is two people winning: the sentence counts the winning seats.
    won = sum(len(side.seats) for side, _ in order if side.index in sheet.result.winners)
    moment: datetime = utc(sheet.match.banked_at or sheet.match.updated_at)
    pages = pages_of(sheet.game.name)
    return drawing.Card(
        game=pages.title(sheet), icon=pages.card_icon,
        rows=tuple(drawing.Row(num(rank), side.name, num(sheet.result.totals[side.index]),
                               side.index in sheet.result.winners) for side, rank in order),
        winners=ngettext("%(names)s won", "%(names)s won", won, names=spoken_plain(winners)),
        date=format_date(moment, "long"), group=group, brand="SquareScores",
        language=language(), rtl=language() in RIGHT_TO_LEFT)


def play_card(summary: Summary, group: str | None) -> drawing.Card:
    """A recorded play's card (SPEC section 14): its game, each player by rank, their score."""
    order = sorted(summary.players, key=lambda finish: (finish.rank, finish.seat))
    winners = [finish.name for finish in order if finish.winner]
    return drawing.Card(
        game=summary.name, icon=None,
        rows=tuple(drawing.Row(num(finish.rank), finish.name,
                               "" if finish.total is None else num(as_number(finish.total)),
                               finish.winner) for finish in order),
        winners=ngettext("%(names)s won", "%(names)s won", len(winners),
                         names=spoken_plain(winners)) if winners else _("Nobody won"),
        date=format_date(summary.banked_at, "long"), group=group, brand="SquareScores",
        language=language(), rtl=language() in RIGHT_TO_LEFT)


def result_card(match_id: str, version: int) -> bytes | None:
    """The card of a match at `version`, in the page's language (None while the match is
    neither over nor banked): drawn once and kept. It needs no request: the delivery worker
    draws it for a destination's language (card_in)."""
    # The group's name is on the card: a renamed group draws it anew.
    group = group_named_by(match_id)

    def make() -> tuple[bytes | None, int, bool]:
        played = recorded_summary(match_id)
        if played is not None:  # a recorded play: no sheet, its summary
            png = drawing.draw_card(play_card(played, group[0] if group else None),
                                    current_app.config["CARD_FONTS"])
            return png, len(png), True
        sheet = load_sheet(match_id)
        if sheet.status not in SHOWN:
            return None, 0, False
        png = drawing.draw_card(card_of(sheet, group[0] if group else None),
                                current_app.config["CARD_FONTS"])
        return png, len(png), sheet.version == version

    return kept(("card", match_id, version, group, language()), make)


def card_in(match_id: str, chosen: str) -> bytes | None:
    """The card of a match as it stands, in the language `chosen` (None for no such match, or
    one not over): for a caller without a request, in the app's context."""
    version = match_version(match_id)
    if version is None:
        return None
    with force_locale(chosen if chosen in LANGUAGES else "en"):
        return result_card(match_id, version)


def card_png(token: str) -> bytes:
    """The card of the match `token` opens, at its version, in the page's language."""
    access, version = link_access_at(token)
    png = result_card(access.match_id, version)
    if png is None:
        abort(409)
    return png


@bp.get("/m/<token>/card.png")
def card(token: str) -> Response:
    """The result card; `?lang=` draws it in that language (an Open Graph image is fetched
    by a chat's robot, whose own language says nothing of the table's)."""
    chosen = request.args.get("lang")
    if chosen in LANGUAGES:
        with force_locale(chosen):
            png = card_png(token)
    else:
        png = card_png(token)
    response = Response(png, mimetype="image/png")
    response.headers["Content-Disposition"] = 'inline; filename="squarescores-result.png"'
    response.headers["Cache-Control"] = "private, max-age=60"
    return response

