"""Banana Bandido's pages: a seat's turn, its secret character, its progress, the win line."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ...errors import Conflict, Invalid, TypedElsewhere, read_or_invalid
from ...i18n import num, say
from ...services.match import history
from ...services.match.characters import as_seat, read_character, set_character
from ...services.match.sheet import Sheet
from ...web.blueprint import link_access, refusals_flashed
from ...web.games.base import Form, GamePages, read_count, view_for
from ...web.sheet.forms import VersionedForm
from ...web.sheet.secrets import keep_key
from ...web.sheet.view import SheetView
from ...web.sheet.words import PartWords
from ...web.words import in_words, isolated
from ..say import Say
from . import engine

# The symbols are drawn by our own icons (games/_icons.html, by the symbol's code).
CHARACTER_SYMBOLS = engine.CHARACTER_SYMBOLS

bp = Blueprint("bandido", __name__, template_folder="templates", static_folder="static",
               static_url_path="/static/games/bandido")


@bp.app_template_filter("symbol")
def symbol_filter(symbol: str) -> str:
    """A symbol as people say it (stone, water, coconut), in the page's language."""
    return say(engine.symbol_name(symbol))


class BandidoView(SheetView):
    symbols = engine.SYMBOLS
    victory_points_to_win = engine.VICTORY_POINTS_TO_WIN
    most_face_up = engine.MOST_FACE_UP
    character_symbols = CHARACTER_SYMBOLS

    def vp_said(self, value: int) -> str:
        """"3 VP", its words looked up once per drawing (a lookup for each cell took a third of
        the first drawing of a 1,000-round sheet)."""
        return self._vp_words % {"vp": num(value)}

    @cached_property
    def _vp_words(self) -> str:
        return str(_("%(vp)s VP"))

    @cached_property
    def none_said(self) -> str:
        """What a seat that turned no symbol up shows (looked up once per drawing)."""
        return str(_("none"))

    @cached_property
    def symbols_on_the_sheet(self) -> list[str]:
        """The symbols a round or the face-up row shows, for the key under the sheet: only what
        is on it (a key of all three would name one no seat has shown)."""
        seen = {symbol for row in self.sheet.result.rounds for faced in row.detail.symbols
                if faced for symbol in faced}
        return [symbol for symbol in self.symbols if symbol in seen]

    def total_after(self, before: list[int], cells: tuple[int, ...]) -> list[int]:
        """A round's cells are the victory points held after it: they are the totals."""
        return list(cells)

    @property
    def start_seat(self) -> int | None:
        first: int = self.match.options["first_seat"]  # a seat option, as parse_options made it
        return first

    @property
    def turn_order(self) -> list[str]:
        """The names in the order they play each round: seat order from the first player."""
        players = self.sheet.players
        first = self.match.options["first_seat"]
        return [players[(first + i) % len(players)] for i in range(len(players))]

    @property
    def turn_seats(self) -> list[int]:
        """The seats in the order they play each round."""
        first, count = self.match.options["first_seat"], len(self.sheet.players)
        return [(first + i) % count for i in range(count)]

    @property
    def turn_now(self) -> int | None:
        """Whose turn it is: the first in turn order whose turn the round being played lacks."""
        if self.status != "active":
            return None
        number = self.playing_number
        parts = self.sheet.rounds[number - 1].parts if number <= len(self.sheet.rounds) else None
        return next((seat for seat in self.turn_seats if parts is None or parts[seat] is None),
                    None)

    @property
    def revealed_by_refusals(self) -> list[str]:
        """Whose character a refused change revealed: the sheet tells the table so."""
        seats = dict.fromkeys(history.revealed_by_refusals(self.match.id))
        return [self.sheet.players[seat] for seat in seats]

    @property
    def missing_characters(self) -> list[str]:
        return [self.sheet.players[s] for s in self.sheet.result.detail.missing_characters]

    def progress(self, seat: int) -> int:
        """How many of a seat's character symbols lie face up now."""
        return engine.symbols_matched(self.match.seats[seat].character,
                                       self.sheet.result.detail.face_up[seat])

    @property
    def win_line(self) -> str | None:
        """Who won and how, once the match is over."""
        reason = self.sheet.result.detail.win_reason
        if not reason or not self.sheet.result.winners:
            return None
        name = isolated(self.sheet.players[self.sheet.result.winners[0]])
        if reason == "victory_points":
            return Say("%(name)s wins with %(count)s victory points.", name=name,
                       count=in_words(self.victory_points_to_win))
        return Say("%(name)s wins: the %(count)s symbols of their character lie face up.",
                   name=name, count=in_words(self.character_symbols))


def read_state(form: Form) -> tuple[dict[str, Any] | None, dict[str, str]]:
    """A seat after its turn: the victory points it holds and how many of each symbol lie up."""
    counts: dict[str, int] = {}
    errors: dict[str, str] = {}
    for name in ("vp", *engine.SYMBOLS):
        count = read_count(form.get(name, ""), digits=2)
        if count is None:
            errors[name] = _("Type a whole number: 0, 1, 2…")
        else:
            counts[name] = count
    if errors:
        return None, errors
    symbols = [symbol for symbol in engine.SYMBOLS for _n in range(counts[symbol])]
    return {"vp": counts["vp"], "symbols": symbols}, {}


def typed_state(part: dict[str, Any] | None) -> dict[str, Any]:
    part = part or {"vp": 0, "symbols": []}
    return {"vp": str(part["vp"])} | {symbol: str(part["symbols"].count(symbol))
                                      for symbol in engine.SYMBOLS}


def form_state(form: Form) -> dict[str, Any]:
    return {name: form.get(name, "") for name in ("vp", *engine.SYMBOLS)}


@bp.route("/m/<token>/character", methods=["GET", "POST"])
def character(token: str) -> ResponseReturnValue:
    """A player's secret character: typed on their own phone, which alone reads it back. A
    host who plays types their own on the host's phone, naming their seat (`seat`)."""
    access = link_access(token)
    view = view_for(access, PAGES)
    number = _seat_of(view)
    writer = as_seat(access, number) if access.role == "host" else access
    seat = view.match.seats[number]
    form = VersionedForm(request.form if request.method == "POST" else None)
    unchosen: list[str | None] = [None] * CHARACTER_SYMBOLS
    chosen = list(view.character(number) or unchosen)
    # Typed on another phone: this one shows none of it, and asks before replacing it.
    elsewhere = view.hidden_from_phone(number)
    locked = seat.revealed
    revealed = seat.revealed
    error, status = None, 200
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400)
        chosen = [request.form.get(f"symbol{i}") for i in range(CHARACTER_SYMBOLS)]
        revealed = locked or request.form.get("revealed") in ("on", "y", "true")
        unpicked = [i + 1 for i, symbol in enumerate(chosen) if not symbol]
        with refusals_flashed(url_for("web.sheet", token=token)):
            try:
                if unpicked:  # the engine would answer "not “None”": say what to do instead
                    raise Invalid(_("Pick all %(count)s symbols: symbol %(number)s is not picked "
                                    "yet.", count=in_words(CHARACTER_SYMBOLS), number=unpicked[0]),
                                  "symbols")
                typed = read_or_invalid(read_character, view.sheet.game, chosen, revealed)
                sheet, key = set_character(
                    writer, access.match_id, number, typed,
                    key=view.character_key, replace=request.form.get("replace") == "yes")
            except Invalid as problem:
                error, status = problem.message, 422
            except TypedElsewhere:  # typed on another phone since this page was shown: ask
                elsewhere, status = True, 409
            except Conflict as problem:
                if view.status != "active":  # over meanwhile: the sheet says so
                    raise
                # It would win a round played before the latest: said here, the picks kept.
                error, status = problem.message, 409
            else:
                flash(_saved(sheet, number), "info")
                return keep_key(redirect(url_for("web.sheet", token=token)), token, key)
    return render_template(PAGES.template("character.html"), token=token, view=view, form=form,
                           seat=number, chosen=chosen, revealed=revealed, locked=locked,
                           elsewhere=elsewhere, error=error), status


def _seat_of(view: SheetView) -> int:
    """The seat whose character this page types: a seat link's own; for the host's link, the
    seat the host names as theirs (`seat`), else the one they typed on this phone before."""
    if view.own_seat is not None:
        return view.own_seat
    if view.access.role != "host":
        abort(403)
    named = request.values.get("seat", "")
    if named.isascii() and named.isdigit() and len(named) < 3 \
            and int(named) < len(view.sheet.players):
        return int(named)
    if named or view.my_seat is None:
        abort(404)
    return view.my_seat


def _saved(sheet: Sheet, seat: int) -> str:
    """What saving a character did: saved, or saved and won the latest round with it (the
    card was in the hand from the deal)."""
    if sheet.status == "over" and seat in sheet.result.winners:
        return str(_("Your character is saved, and its symbols lie face up in round %(number)s: "
                     "you win, the match is over.", number=len(sheet.rounds)))
    if sheet.match.seats[seat].revealed:
        return str(_("Your character is saved, face up for everyone."))
    return str(_("Your character is saved. Only this phone shows it."))


def card_icon(draw: Any, box: tuple[int, int, int], colour: tuple[int, int, int]) -> None:
    """The result card's icon: the bandit's mask."""
    x, y, s = box
    draw.rounded_rectangle((x + s * 0.04, y + s * 0.3, x + s * 0.96, y + s * 0.66),
                           radius=s // 6, fill=colour)
    for left in (0.2, 0.56):
        draw.ellipse((x + s * left, y + s * 0.39, x + s * (left + 0.24), y + s * 0.57),
                     fill=(255, 255, 255))


# A seat's part of a round is its turn.
TURNS = PartWords(saved=_l("%(name)s's turn saved."),
                  in_round=_l("%(name)s's turn in round %(number)s"),
                  change=_l("change the turn"))

PAGES = GamePages(engine.GAME, view=BandidoView, part_words=TURNS,
                  scripts=("games/bandido/secret.js",),
                  read_part=read_state, typed_values=typed_state, form_values=form_state,
                  whole_part_fields=("players", "symbols"), blueprint=bp,
                  card_icon=card_icon)
