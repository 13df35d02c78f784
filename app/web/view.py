"""A sheet laid out for the page: rows, columns, standings and the entry row. No rules here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import url_for

from .. import services
from ..services import Access, Sheet

ROLE_LABELS = {"host": "Host", "view": "Viewer"}


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


@dataclass(frozen=True)
class Standing:
    side: int
    name: str
    total: int
    leads: bool
    wins: bool
    to_target: int | None  # points still needed to reach the target line


class SheetView:
    def __init__(self, sheet: Sheet, access: Access):
        self.sheet = sheet
        self.access = access
        self.match = sheet.match
        self.status = sheet.status
        self.read_only = access.role == "view" or self.status in ("banked", "abandoned")
        self.writable = frozenset() if self.read_only else sheet.writable_seats(access)
        result = sheet.result
        self.target = result.target
        self.standings = tuple(
            Standing(side.index, side.name, result.totals[side.index],
                     side.index in result.leaders and len(result.leaders) < len(sheet.sides),
                     side.index in result.winners,
                     None if result.target is None
                     else max(0, result.target - result.totals[side.index]))
            for side in sheet.sides
        )
        self.rows = tuple(self._row(n, entered, outcome) for n, (entered, outcome)
                          in enumerate(zip(sheet.rounds, result.rounds), start=1))
        self.entry_number, self.entry_parts = self._entry()
        self.entry_seats = sorted(self.writable) if self.entry_number else []

    @property
    def role_label(self) -> str:
        if self.access.role == "seat":
            return f"{self.sheet.players[self.access.seat]}'s seat"
        return ROLE_LABELS[self.access.role]

    @property
    def winners(self) -> list[str]:
        return [self.sheet.sides[i].name for i in self.sheet.result.winners]

    @property
    def leaders(self) -> list[str]:
        return [self.sheet.sides[i].name for i in self.sheet.result.leaders]

    @property
    def rounds_left(self) -> int | None:
        planned = self.match.options.get("rounds")
        return None if planned is None else max(0, planned - len(self.rows))

    @property
    def links(self) -> list[dict[str, str]]:
        """Every link of the match, for the host to hand round the table."""
        tokens = services.tokens(self.access, self.match.id)

        def url(secret: str) -> str:
            return url_for("web.sheet", token=secret, _external=True)

        links = [{"label": name, "url": url(secret)}
                 for name, secret in zip(self.sheet.players, tokens["seats"])]
        return links + [{"label": "View only", "url": url(tokens["view"])}]

    def _row(self, number: int, entered, outcome) -> Row:
        cells = []
        for side in self.sheet.sides:
            seat = side.seats[0]
            if outcome.cells is not None:
                value = outcome.cells[side.index]
            else:
                part = entered.parts[seat]
                value = None if part is None else part.get("score")
            cells.append(Cell(seat, value, seat in self.writable))
        return Row(number, outcome.status, tuple(cells))

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

    def entry_value(self, seat: int) -> Any:
        part = self.entry_parts[seat] if self.entry_parts else None
        return None if part is None else part.get("score")


def focus_after(view: SheetView) -> str | None:
    """The input to focus after a save: the first empty cell this link may type."""
    for seat in view.entry_seats:
        if view.entry_value(seat) is None:
            return f"s{seat}"
    return None
