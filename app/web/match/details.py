"""A match's details (when, how long, where, the host's note) and its downloads: its rounds as
CSV and its play for BG Stats.

BG Stats (a score-keeping app on the phone) takes a play pushed to it as JSON in the query of its
`bgstats://app.bgstatsapp.com/createPlay.html?data=...` link, and asks its user to confirm it. The
page offers that link, and the same JSON to download: the server itself calls no other host."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from babel import dates
from flask import Response, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ...errors import Invalid, read_or_invalid
from ...i18n import language, say
from ...models import utc
from ...services.bank import exports
from ...services.bank.banking import standings
from ...services.match.edits import read_details, set_details
from ...services.match.sheet import load_sheet
from ..blueprint import bp, link_access, link_access_at, refusals_flashed
from ..games import host_view, view_of
from ..words import spoken_minutes
from .forms import DetailsForm

SOURCE_NAME = "SquareScores"
BGSTATS_LINK = "bgstats://app.bgstatsapp.com/createPlay.html?data="


@dataclass(frozen=True)
class Details:
    """When a match was played, for how long, where, and a word about it."""

    started: datetime
    banked: datetime | None
    place: str | None
    note: str | None

    @property
    def minutes(self) -> int | None:
        if self.banked is None:
            return None
        return max(0, int((self.banked - self.started).total_seconds() // 60))

    @property
    def duration(self) -> str | None:
        """How long it took, as people say it ("1 h 05 min")."""
        minutes = self.minutes
        if minutes is None:
            return None
        return spoken_minutes(minutes)


@bp.app_template_global("match_details")
def details_of(match: Any) -> Details:
    banked = getattr(match, "banked_at", None)
    return Details(utc(match.created_at), utc(banked) if banked else None,
                   getattr(match, "place", None) or None, getattr(match, "note", None) or None)


@bp.app_template_filter()
def when(moment: datetime | None, time_only: bool = False) -> str:
    """A moment as the page writes it, in its language, before the phone puts it in its own
    time zone (times.js: a medium date and a short time, as here)."""
    if moment is None:
        return ""
    locale = language()
    time = dates.format_time(moment, "short", tzinfo=UTC, locale=locale)
    if not time_only:
        date = dates.format_date(moment, "medium", locale=locale)
        # A pattern such as "{1}, {0}", quoted where it holds words ("{1} 'um' {0}").
        pattern = str(dates.get_datetime_format("medium", locale=locale)).replace("'", "")
        time = pattern.replace("{0}", time).replace("{1}", date)
    return f"{time} UTC"


@bp.app_template_filter()
def day(moment: datetime | None) -> str:
    """A moment's date as the page writes it (a medium date, in UTC until times.js puts it in
    the phone's own time zone)."""
    return "" if moment is None else dates.format_date(moment, "medium", locale=language())


def bgstats_play(view: Any) -> dict[str, Any]:
    """The match as a play BG Stats imports: game, date, length, and each player's line (a
    partnership's players share their side's score, place and win)."""
    sheet, match = view.sheet, view.match
    details = details_of(match)
    lowest = sheet.game.lowest_wins(match.options)
    start = view.start_seat
    players = []
    # Places as the bank summary has them (winners first, ties share, partners share), but
    # counted in sides: BG Stats ranks teams, so a losing partnership is second, not third.
    finishes = standings(sheet)
    side_rank = {finish.side: 1 + len({other.side for other in finishes
                                       if other.rank < finish.rank}) for finish in finishes}
    for standing in finishes:
        side = sheet.sides[standing.side]
        players.append({
            "name": sheet.players[standing.seat],
            "sourcePlayerId": f"{match.id}-{standing.seat}",
            "score": standing.total,
            "winner": standing.winner,
            "rank": side_rank[standing.side],
            "startPlayer": standing.seat == start,
            "seatOrder": standing.seat + 1,
            **({"team": side.name} if len(side.seats) > 1 else {}),
        })
    play = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": match.id,
        "playDate": (details.banked or details.started).strftime("%Y-%m-%d %H:%M:%S"),
        "durationMin": details.minutes or 0,
        "rounds": len(view.rows),
        # A design's match is a game of that design's (its name, and its id where stored).
        "game": {"name": view.pages.title(sheet) if "design" in match.options else sheet.game.title,
                 "sourceGameId": sheet.game.name
                 + (f"-{match.design_id}" if match.design_id else ""),
                 "highestWins": not lowest, "noPoints": False,
                 "usesTeams": any(len(side.seats) > 1 for side in sheet.sides)},
        "players": players,
    }
    if details.place:
        play["location"] = details.place
    if details.note:
        play["comments"] = details.note
    return play


@bp.app_template_global()
def bgstats_link(view: Any) -> str:
    return BGSTATS_LINK + quote(_json(bgstats_play(view)), safe="")


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@bp.get("/m/<token>/bgstats.json")
def bgstats_download(token: str) -> Response:
    """The banked match's play for BG Stats, as a file to save or share."""
    access = link_access(token)
    view = view_of(load_sheet(access.match_id), access)
    if view.status != "banked":
        abort(404)
    body = json.dumps(bgstats_play(view), ensure_ascii=False, indent=2)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": f'attachment; filename="squarescores-{view.match.id}-bgstats.json"'})


@bp.route("/m/<token>/details", methods=["GET", "POST"])
def match_place(token: str) -> ResponseReturnValue:
    """The host says where the match was played and adds a note, in any state."""
    view = host_view(token)
    access = view.access
    form = DetailsForm(request.form if request.method == "POST" else None,
                       data=None if request.method == "POST" else
                       {"place": view.match.place or "", "note": view.match.note or ""})
    status = 200
    if request.method == "POST":
        status = 422
        if form.validate_on_submit():
            back = url_for("web.sheet", token=token)
            with refusals_flashed(back):
                try:
                    details = read_or_invalid(read_details, {"place": form.place.data or None,
                                                             "note": form.note.data or None})
                    set_details(access, access.match_id, details)
                except Invalid as error:
                    getattr(form, "note" if error.at == ("note",) else "place"
                            ).errors = [say(error.message)]
                else:
                    flash(_("Place and note saved."), "info")
                    return redirect(back)
    return render_template("match/match_details.html", token=token, view=view, form=form), status


@bp.get("/m/<token>/export.csv")
def match_csv(token: str) -> Response:
    """The match's rounds as CSV (as the API's export.csv), for any of its links."""
    access, version = link_access_at(token)
    return Response(exports.match_csv(access, access.match_id, version), mimetype="text/csv",
                    headers={"Content-Disposition":
                             f'attachment; filename="squarescores-{access.match_id}.csv"'})
