"""What a game's pages are made of (its page adapter), and the registry of them by game name."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, url_for

from ...errors import ServiceError
from ...games import Game, InvalidInput, Registry, RoundInput
from ...games.reading import read_or_refused
from ...i18n import say
from ...services.match.access import Access
from ...services.match.sheet import Sheet, load_sheet
from ..blueprint import host_access, link_access
from ..sheet.arithmetic import NotANumber, evaluate
from ..sheet.secrets import phone_key
from ..sheet.view import SheetView
from ..sheet.words import ROUNDS, SCORES, PartWords, RoundWords

Form = Mapping[str, str]
PartReader = Callable[[Form], tuple[Any | None, dict[str, str]]]


def read_score(form: Form) -> tuple[dict[str, int] | None, dict[str, str]]:
    """A part that is one score, typed as a number or a quick sum in the field "value"."""
    try:
        return {"score": evaluate(form.get("value", ""))}, {}
    except NotANumber as error:
        return None, {"value": error.args[0]}  # the evaluator's Say: the page says it


def read_count(text: str, digits: int = 3) -> int | None:
    """A count of cards (or points) typed in a cell: a whole number from 0 with at most `digits`
    digits, in any script's digits (٣ is 3) or as a quick sum (2+3); None when it is none."""
    try:
        value = evaluate(text.strip() or "0")
    except NotANumber:
        return None
    return value if isinstance(value, int) and 0 <= value < 10**digits else None


def typed_score(part: Any) -> dict[str, Any]:
    return {"value": "" if part is None else str(part["score"])}


def form_score(form: Form) -> dict[str, Any]:
    return {"value": form.get("value", "")}


@dataclass(frozen=True)
class GamePages:
    """A game's pages: the only place, beside its engine, that knows the game.

    `read_part` turns a seat's part page (its form) into the part's JSON body, or the messages
    for the fields that are wrong; `typed_values` fills that form from a stored part and
    `form_values` from what was typed (to show it again after an error). `part_endpoint` is
    the page where one seat types its part ("web.part", the shared part page, renders the
    game's part.html). Templates live under `templates` ("games/<game>"): grid.html always,
    part.html and round.html where the game has them; `blueprint` holds its pages of its own."""

    game: Game
    view: type[SheetView] = SheetView
    # What its pages say of a seat's part (a score) and of a round, unless the game says it in
    # its own words (words.py).
    part_words: PartWords = SCORES
    round_words: RoundWords = ROUNDS
    read_part: PartReader = read_score
    typed_values: Callable[[Any], dict[str, Any]] = typed_score
    form_values: Callable[[Form], dict[str, Any]] = form_score
    part_endpoint: str = "web.part"
    round_page: bool = False  # each round has a page of its own showing how it was scored
    # Engine fields about the part as a whole, or the round's parts together (the packs'
    # counts, who went out): their messages go at the top of the part page.
    whole_part_fields: tuple[str, ...] = ()
    blueprint: Blueprint | None = None
    templates: str = ""
    # The game's own scripts on its sheet and table view, under static/ (games/<game>/...).
    scripts: tuple[str, ...] = ()
    # Draws the game's icon on its result card (app/web/card.py): (draw, (x, y, size), colour).
    card_icon: Callable[..., None] | None = None
    # What a match of the game is called on its pages and card (a design's own name, in the
    # page's language); None: the game's title.
    title_of: Callable[[Sheet], str] | None = None
    # A game whose new-match form needs something chosen on a page of its own first (a design,
    # carried in the form as its "data" option): that page, drawn for the form at a path ...
    chooser: Callable[[str], str] | None = None
    # ... and what the form then shows of the choice (its template, "start_partial", and the
    # options it leaves out, "hidden_options"), given the form.
    start_context: Callable[[Any], dict[str, Any]] = lambda form: {}

    @property
    def name(self) -> str:
        return self.game.name

    def title(self, sheet: Sheet) -> str:
        """What a match of the game is called, in the page's language."""
        return self.title_of(sheet) if self.title_of is not None else say(self.game.title)

    def template(self, name: str) -> str:
        return f"{self.templates or 'games/' + self.name}/{name}"

    def part_url(self, token: str, number: int, seat: int, **values: Any) -> str:
        return url_for(self.part_endpoint, token=token, number=number, seat=seat, **values)

    def view_of(self, sheet: Sheet, access: Access) -> SheetView:
        """The sheet as this phone sees it: with the key it holds for its seat's secret."""
        return self.view(sheet, access, self, phone_key(access))

    def error_field(self, within: str | None) -> str:
        """The form field an engine's message is about, by the field within the seat's part it
        names ("melded.joker" → "melded-joker"); "hand" for the part as a whole (shown at the
        top)."""
        if not within or within in self.whole_part_fields:
            return "hand"
        return within.replace(".", "-")


PAGES: Registry[GamePages] = Registry("pages")
# Give a game its pages: the only step, beside registering its engine, that adds them.
register = PAGES.register


def read_parts(sheet: Sheet, bodies: Mapping[int, Any]) -> dict[int, Any | InvalidInput]:
    """Each seat's part, typed on a page, as the game's engine reads it once (its own input),
    or its refusal, which names the seat: a write says it beside that seat's field."""
    read: dict[int, Any | InvalidInput] = {}
    for seat, body in bodies.items():
        part = read_or_refused(sheet.game.parse_part, body, seat, sheet.match.options)
        read[seat] = (InvalidInput(part.message, part.field, seat, sheet.game.parts_field)
                      if isinstance(part, InvalidInput) else part)
    return read


def whole_round(sheet: Sheet, parts: Mapping[int, Any | InvalidInput]
                ) -> RoundInput | InvalidInput:
    """A round of every seat's part (read_parts), or the first refusal among them."""
    refusal = next((part for part in parts.values() if isinstance(part, InvalidInput)), None)
    return refusal or RoundInput({}, tuple(parts.get(seat) for seat in range(len(sheet.players))))


def pages_of(game_name: str) -> GamePages:
    return PAGES[game_name]


def view_of(sheet: Sheet, access: Access) -> SheetView:
    """The sheet laid out by its own game's view."""
    return pages_of(sheet.game.name).view_of(sheet, access)


def view_for(access: Access, pages: GamePages | None = None) -> SheetView:
    """The view of the match `access` opens; with `pages`, a 404 unless it plays that game."""
    sheet = load_sheet(access.match_id)
    if pages is not None and sheet.game.name != pages.name:
        abort(404)
    return view_of(sheet, access)


def load_view(token: str, pages: GamePages | None = None) -> SheetView:
    """The view of the match the link in the address opens (see view_for)."""
    return view_for(link_access(token), pages)


def check_part(view: SheetView, number: int, seat: int) -> None:
    """Stop unless the view's link may type `seat`'s part of round `number` now: 404 for a round
    that is not there (or may not open yet) or a seat that is not, 403 for a part this link may
    not type (Access.check's, in SPEC order) or a match no longer played, 409 for a dead round."""
    sheet = view.sheet
    rounds = len(sheet.rounds)
    if number == rounds + 1 and not sheet.next_round_can_open():
        abort(404)
    try:
        view.access.check(sheet.table, "set_part", number, seat)
    except ServiceError as error:
        abort(error.status)
    if view.read_only:
        abort(403)
    if number <= rounds and sheet.result.rounds[number - 1].status == "dead":
        abort(409)


def part_view(token: str, number: int, seat: int, pages: GamePages | None = None) -> SheetView:
    """The view for typing `seat`'s part of round `number` with the link in the address."""
    view = load_view(token, pages)
    check_part(view, number, seat)
    return view


def host_view(token: str) -> SheetView:
    """The view of the match the host's link opens; any other link is 403."""
    access = host_access(token)
    return view_for(access)
