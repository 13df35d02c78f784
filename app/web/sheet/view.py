"""A sheet laid out for the page, as every game shows it: rows, standings, the entry round.

No rules here, and no game: each game's own view (app/web/games/<game>.py) adds its own."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property
from typing import Any, Protocol, cast

from flask_babel import format_date, ngettext
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from markupsafe import Markup

from ... import models
from ...games import RoundInput, RoundResult
from ...i18n import num, say
from ...services.bank.banking import UNBANK_WITHIN
from ...services.match.access import Access
from ...services.match.answers import named
from ...services.match.sheet import Sheet
from .. import charts
from ..words import spoken
from .secrets import PhoneSecrets
from .words import PartWords, RoundWords


class Pages(Protocol):
    """What a view reads of its game's pages (app/web/games/base.py's GamePages)."""

    @property
    def part_words(self) -> PartWords: ...

    @property
    def round_words(self) -> RoundWords: ...

    @property
    def scripts(self) -> tuple[str, ...]: ...

    def template(self, name: str) -> str: ...

    def part_url(self, token: str, number: int, seat: int) -> str: ...

    def title(self, sheet: Sheet) -> str: ...

ROLE_LABELS = {"host": _l("Host"), "view": _l("Viewer")}
def _joined(parts: list[Any]) -> Markup:
    # A no-break space before the "·": a note wrapping on a phone never starts a line with it.
    return Markup("\u00a0· ").join(Markup(part) for part in parts if part)


@dataclass(frozen=True)
class Cell:
    seat: int
    value: Any  # what the cell shows; None while not entered
    editable: bool


@dataclass(frozen=True)
class Row:
    number: int
    status: str
    cells: tuple[Cell, ...]
    detail: Any = None  # the engine's own detail of the round, for the game's grid


@dataclass(frozen=True)
class Standing:
    side: int
    name: str
    total: int
    leads: bool
    wins: bool
    to_target: int | None  # points still needed to reach the target line
    aside: str | None = None  # what the game adds to the side's note (what it still owes, say)


# What stands for a round's number and a seat in a cell's address while its route is built once.
_NUMBER_MARK, _SEAT_MARK = 918273645, 546372819


class SheetView(PhoneSecrets):
    """What every game's sheet shows; a game's view (a subclass) adds its own."""

    def __init__(self, sheet: Sheet, access: Access, pages: Pages,
                 character_key: str | None = None):
        self.sheet = sheet
        self.access = access
        self.pages = pages
        self.character_key = character_key  # what this phone holds to read its seat's secret
        self.match = sheet.match
        self.status = sheet.status
        self.read_only = access.role == "view" or self.status in ("banked", "abandoned")
        self.writable = frozenset() if self.read_only else sheet.writable_seats(access)
        result = sheet.result
        self.target = result.target
        # Where the lowest total wins, the target is where the match ends, not a goal.
        self.lowest_wins = sheet.game.lowest_wins(self.match.options)
        self.standings = tuple(
            Standing(side.index, side.name, result.totals[side.index],
                     side.index in result.leaders and len(result.leaders) < len(sheet.sides),
                     side.index in result.winners,
                     None if result.target is None
                     else max(0, result.target - result.totals[side.index]),
                     self.aside(side.index))
            for side in sheet.sides
        )
        self.rows = tuple(self._row(n, entered, outcome) for n, (entered, outcome)
                          in enumerate(zip(sheet.rounds, result.rounds, strict=True), start=1))
        self.entry_number, self.entry_parts = self._entry()
        self.entry_seats = sorted(self.writable) if self.entry_number else []
        self._part_urls: dict[str, tuple[str, str, str] | None] = {}  # part_url's, per token

    # Hooks a game's view may answer differently -------------------------------------------

    def aside(self, side: int) -> str | None:
        """A few words the game adds to a side's standing."""
        return None

    def cell_value(self, side: int, entered: RoundInput, outcome: RoundResult) -> Any:
        """What a side's cell of a round shows (None: not known yet)."""
        return None if outcome.cells is None else outcome.cells[side]

    def total_after(self, before: list[int], cells: tuple[int, ...]) -> list[int]:
        """A side's total once a round's cells are in: what it had plus the cell."""
        return [total + cell for total, cell in zip(before, cells, strict=True)]

    @property
    def facts(self) -> list[str]:
        """The match's terms, under its name."""
        facts = ([_("ends at %(target)s", target=self.target) if self.lowest_wins
                  else _("target %(target)s", target=self.target)] if self.target else [])
        if self.match.options.get("rounds"):
            planned = self.match.options["rounds"]
            facts.append(ngettext("%(num)s round", "%(num)s rounds", planned))
        return facts

    # A standing's note: only the parts it has, joined, so none starts or ends with a "·".

    def standing_note(self, standing: Standing) -> Markup:
        """"leads · 18 to go · owes 20", on the sheet."""
        parts = [_("winner") if standing.wins else _("leads")] if (
            standing.wins or standing.leads) else []
        return _joined([*parts, self._left(standing), say(standing.aside)])

    def table_note(self, standing: Standing) -> Markup:
        """"round 3: 12 · 18 to go", on the table view."""
        latest = None
        if self.rows:
            row = self.rows[-1]
            value = row.cells[self.standings.index(standing)].value
            latest = self.of_round("latest", number=row.number,
                                   points=num(value) if value is not None else "…")
        return _joined([latest, self._left(standing)])

    def _left(self, standing: Standing) -> str | None:
        """What a side has left to play to the target. Where the lowest total wins, the target
        is the match's end, the same for everyone: said once (end_nearest), never under each
        total."""
        if standing.to_target is None or self.status != "active" or self.lowest_wins:
            return None
        return str(_("<bdi>%(points)s</bdi> to go", points=num(standing.to_target)))

    @property
    def end_nearest(self) -> Markup | None:
        """Where the lowest total wins, the match ends when a total reaches the target: who is
        nearest that end and how near, said once under the totals (once something is scored)."""
        if not self.lowest_wins or self.status != "active" or not self.rows:
            return None
        left = [standing for standing in self.standings if standing.to_target is not None]
        if not left:
            return None
        nearest = min(standing.to_target for standing in left if standing.to_target is not None)
        names = [standing.name for standing in left if standing.to_target == nearest]
        return Markup(_("Nearest the end at <bdi>%(target)s</bdi>: %(names)s, "
                        "<bdi>%(points)s</bdi> away.", target=num(self.target), names=spoken(names),
                        points=num(nearest)))

    @property
    def win_line(self) -> str | None:
        """Who won and how, where the game says more than the totals."""
        return None

    def describe_part_change(self, change: models.Change, name: str | None = None) -> str:
        """A change to one seat's part, as the Undo button names it (`name`: the seat's name
        as the sentence is to say it, isolated for plain text)."""
        name = name or self.sheet.players[cast(int, change.seat)]  # a part's: never None
        return self.part_words.in_round_said(name, change.round_number)

    def round_change_said(self, change: models.Change, who: str) -> str | None:
        """What another phone hears of a change to a whole round, where the game says it in
        its own words (None: "Ana saved round 3", the words every game shares)."""
        return None

    def round_context(self, number: int) -> dict[str, Any]:
        """What the game's round page needs besides the view."""
        return {}

    # Shared -------------------------------------------------------------------------------

    @property
    def match_name(self) -> str:
        """The match's name as this page says it (a night's table: its seating, in words)."""
        return say(named(self.match))

    @property
    def part_words(self) -> PartWords:
        """What the game's pages say of one seat's part (a score, a hand), as sentences."""
        return self.pages.part_words

    @property
    def round_words(self) -> RoundWords:
        """What the game's pages say of a round (Banakil's are hands), as sentences."""
        return self.pages.round_words

    @property
    def change_part_label(self) -> str:
        """"change the hand": the link to a seat's part once it is typed."""
        return str(self.part_words.change)

    def part_label(self, number: int, seat: int) -> str:
        """A seat's part of a round as a list of saves names it: "Hand 2, Dana"."""
        return self.round_words.of("part_label", number=number, name=self.sheet.players[seat])

    def of_round(self, what: str, **values: Any) -> Markup:
        """A sentence about one round, in this game's word for it, for a page (values escaped)."""
        return Markup(str(getattr(self.round_words, what))) % values

    @property
    def grid_template(self) -> str:
        return self.pages.template("grid.html")

    def part_url(self, token: str, number: int, seat: int) -> str:
        """A cell's page: its route built once per drawing and token, then filled in."""
        if token not in self._part_urls:
            url = self.pages.part_url(token, _NUMBER_MARK, _SEAT_MARK)
            head, _, rest = url.rpartition(str(_NUMBER_MARK))  # from the end: past the token
            middle, _, tail = rest.rpartition(str(_SEAT_MARK))
            self._part_urls[token] = (head, middle, tail) if head and middle else None
        pattern = self._part_urls[token]
        if pattern is None:
            return self.pages.part_url(token, number, seat)
        head, middle, tail = pattern
        return f"{head}{int(number)}{middle}{int(seat)}{tail}"

    def cell_label(self, number: int, seat: int, value: Any) -> str:
        """A cell's label, "Round 3, Ana: 12. Change". Its words are looked up once per drawing
        (_cell_words): for each cell, they took a fifth of a 12-player 1,000-round sheet's."""
        name = self.sheet.players[seat]
        if value is None:
            return self._cell_words[1] % {"number": number, "name": name}
        return self._cell_words[0] % {"number": number, "name": name, "value": num(value)}

    @cached_property
    def _cell_words(self) -> tuple[str, str]:
        return (_("Round %(number)s, %(name)s: %(value)s. Change"),
                _("Round %(number)s, %(name)s: empty. Change"))

    @property
    def role_label(self) -> str:
        if self.own_seat is not None:
            return str(_("%(name)s's seat", name=self.sheet.players[self.own_seat]))
        return str(ROLE_LABELS[self.access.role])

    @property
    def winners(self) -> list[str]:
        return [self.sheet.sides[i].name for i in self.sheet.result.winners]

    @property
    def leaders(self) -> list[str]:
        return [self.sheet.sides[i].name for i in self.sheet.result.leaders]

    # How many people the winners' and the leaders' names are, which says the verb's number:
    # a partnership is two ("Amira & Chadi lead"), whatever the names look like.
    @property
    def winner_players(self) -> int:
        return sum(len(self.sheet.sides[i].seats) for i in self.sheet.result.winners)

    @property
    def leader_players(self) -> int:
        return sum(len(self.sheet.sides[i].seats) for i in self.sheet.result.leaders)

    @property
    def rounds_left(self) -> int | None:
        """The rounds still to play, the one in play among them (a round begun, its task cards
        turned up say, is not yet played)."""
        planned = self.match.options.get("rounds")
        played = sum(1 for outcome in self.sheet.result.rounds if outcome.status != "open")
        return None if planned is None else max(0, planned - played)

    @property
    def playing_number(self) -> int:
        """The round the table is playing: the entry round, else the open one, else the next.
        (A viewer has no entry round, yet sees the open round's state: Blue Banana's mode card
        and task cards, Bandido's turn.)"""
        if self.entry_number:
            return self.entry_number
        rounds = self.sheet.result.rounds
        return len(rounds) if rounds and rounds[-1].status == "open" else len(rounds) + 1

    def totals_by_round(self) -> list[tuple[int, tuple[int, ...]]]:
        """Each side's total after every round played (a dead round changes none; the open
        round waits), as the running totals chart draws them."""
        running, out = [0] * len(self.sheet.sides), []
        for number, outcome in enumerate(self.sheet.result.rounds, start=1):
            if outcome.status == "open":
                continue
            if outcome.cells is not None:
                running = self.total_after(running, outcome.cells)
            out.append((number, tuple(running)))
        return out

    @property
    def start_seat(self) -> int | None:
        """The seat that played first, where the game says (BG Stats' start player)."""
        return None

    @property
    def running_chart(self) -> charts.Chart | None:
        return charts.sheet_chart(self)

    @property
    def table_chart(self) -> charts.Chart | None:
        return charts.sheet_chart(self, "large")

    def actor_name(self, actor: str) -> str:
        if actor.startswith("seat "):
            return self.sheet.players[int(actor.split()[1])]
        return str(ROLE_LABELS[actor]) if actor in ROLE_LABELS else actor

    @staticmethod
    def ago(moment: datetime) -> str:
        """When, as a person at the table says it."""
        seconds = int((datetime.now(UTC) - models.utc(moment)).total_seconds())
        if seconds < 60:
            return str(_("just now"))
        if seconds < 3600:
            return str(ngettext("%(num)s min ago", "%(num)s min ago", seconds // 60))
        if seconds < 86400:
            return str(_("%(hours)s h %(minutes)s min ago", hours=seconds // 3600,
                         minutes=seconds % 3600 // 60))
        return str(format_date(models.utc(moment), "dd MMM y"))

    utc = staticmethod(models.utc)

    @property
    def may_move_line(self) -> bool:
        """The host may move where the match ends, where its game lets a table do so."""
        return self.access.role == "host" and not self.read_only and bool(self.sheet.game.movable)

    @property
    def unbank_until(self) -> datetime | None:
        """Until when the host may take the banking back (SPEC: ten minutes, and only while
        the match has no rematch); None where this link may not, or no more."""
        banked = self.match.banked_at
        if self.access.role != "host" or self.status != "banked" or banked is None:
            return None
        now = datetime.now(UTC)
        # Never counted from after now: a banking stored at the end of time (no write makes
        # one) has no ten minutes after it.
        until = min(models.utc(banked), now) + UNBANK_WITHIN
        return until if not self.match.next_id and now < until else None

    @property
    def may_undo(self) -> bool:
        return self.access.role == "host" and not self.read_only

    def undo_label(self, change: models.Change | None) -> str | None:
        """The change Undo would take back (last_undoable's), described."""
        if change is None:
            return None
        said = {"add_round": "adding", "delete_round": "deleting", "edit_round": "changing"}
        if change.action in said:
            return self.round_words.of(said[change.action], number=change.round_number)
        return self.describe_part_change(change)

    def _row(self, number: int, entered: RoundInput, outcome: RoundResult) -> Row:
        cells = tuple(Cell(side.seats[0], self.cell_value(side.index, entered, outcome),
                           side.seats[0] in self.writable) for side in self.sheet.sides)
        return Row(number, outcome.status, cells, outcome.detail)

    def entry_value_part(self, seat: int) -> Any:
        """A seat's part of the entry round as stored (None while not typed)."""
        return self.entry_parts[seat] if self.entry_parts else None

    def entry_missing(self, seat: int) -> tuple[str, ...] | None:
        """What a seat's part of the entry round still lacks, by name: None while nothing is
        typed, nothing once it is done. A game whose part is saved row by row (a design's
        column) names its rows still empty; every other part is whole once typed."""
        return None if self.entry_value_part(seat) is None else ()

    def entry_done(self, seat: int) -> bool:
        """A seat's part of the entry round is complete: typed, and nothing of it left empty."""
        return self.entry_missing(seat) == ()

    def _entry(self) -> tuple[int | None, tuple[Any, ...]]:
        """The round the entry row types into: the open round, else the next one if it may open."""
        if self.read_only or not self.writable or self.status != "active":
            return None, ()
        rounds = self.sheet.rounds
        if rounds and self.sheet.result.rounds[-1].status == "open":
            return len(rounds), rounds[-1].parts
        if self.sheet.next_round_can_open():
            return len(rounds) + 1, (None,) * len(self.sheet.players)
        return None, ()


def focus_after(view: SheetView) -> str | None:
    """The input to focus after a save: the first empty cell this link may type."""
    for seat in view.entry_seats:
        # The part, not its score: a hand counted by cards has no "score" and is typed all the same.
        if not view.entry_done(seat):
            return f"s{seat}"
    return None
