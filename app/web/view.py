"""A sheet laid out for the page: rows, columns, standings and the entry row. No rules here."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from .. import services
from ..games import bandido, banakil, blue_banana
from ..services import Access, Sheet

ROLE_LABELS = {"host": "Host", "view": "Viewer"}
# Banana Bandido's symbols, likewise.
SYMBOL_PICTURES = {"stone": "🪨", "water": "💧", "coconut": "🥥"}
# Blue Banana's motifs, drawn by the phone's own emoji font: no picture leaves the app.
PICTURES = {"banana": "🍌", "frog": "🐸", "whale": "🐋", "eggplant": "🍆", "flamingo": "🦩",
            "strawberry": "🍓", "basketball": "🏀", "top_hat": "🎩"}


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
    dealer: int | None = None  # the seat that deals this hand, where the game says


@dataclass(frozen=True)
class Standing:
    side: int
    name: str
    total: int
    leads: bool
    wins: bool
    to_target: int | None  # points still needed to reach the target line
    owes: int = 0  # what the side still owes from earlier negative hands (Banakil's carry)


class SheetView:
    pictures = PICTURES
    symbol_pictures = SYMBOL_PICTURES
    motif_name = staticmethod(blue_banana.motif_name)

    def __init__(self, sheet: Sheet, access: Access):
        self.sheet = sheet
        self.access = access
        self.match = sheet.match
        self.status = sheet.status
        self.read_only = access.role == "view" or self.status in ("banked", "abandoned")
        self.writable = frozenset() if self.read_only else sheet.writable_seats(access)
        result = sheet.result
        self.target = result.target
        carry = result.extra.get("carry", [0] * len(sheet.sides))
        self.standings = tuple(
            Standing(side.index, side.name, result.totals[side.index],
                     side.index in result.leaders and len(result.leaders) < len(sheet.sides),
                     side.index in result.winners,
                     None if result.target is None
                     else max(0, result.target - result.totals[side.index]),
                     carry[side.index])
            for side in sheet.sides
        )
        # Games whose seats type their part on a page of its own, not in a cell of the grid.
        self.hands = sheet.game.name in ("banakil", "blue_banana", "bandido")
        self.rows = tuple(self._row(n, entered, outcome) for n, (entered, outcome)
                          in enumerate(zip(sheet.rounds, result.rounds), start=1))
        self.entry_number, self.entry_parts = self._entry()
        self.entry_seats = sorted(self.writable) if self.entry_number else []

    @property
    def part_noun(self) -> str:
        """What one seat types for a round, in the game's words."""
        return {"banakil": "hand", "blue_banana": "cards", "bandido": "turn"}.get(
            self.sheet.game.name, "score")

    @property
    def round_noun(self) -> str:
        return "hand" if self.sheet.game.name == "banakil" else "round"

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

    @staticmethod
    def shown(part: Any) -> str:
        """A seat's part as a person reads it."""
        return "—" if part is None else str(part.get("score"))

    def actor_name(self, actor: str) -> str:
        if actor.startswith("seat "):
            return self.sheet.players[int(actor.split()[1])]
        return {"host": "Host", "view": "Viewer"}.get(actor, actor)

    @staticmethod
    def ago(moment) -> str:
        """When, as a person at the table says it."""
        seconds = int((datetime.now(UTC) - services.utc(moment)).total_seconds())
        if seconds < 60:
            return "just now"
        if seconds < 3600:
            return f"{seconds // 60} min ago"
        if seconds < 86400:
            return f"{seconds // 3600} h {seconds % 3600 // 60} min ago"
        return services.utc(moment).strftime("%d %b %Y")

    utc = staticmethod(services.utc)

    @property
    def undoable(self):
        """The change Undo would take back, described, or None."""
        if self.access.role != "host" or self.read_only:
            return None
        change = services.last_undoable(self.match.id)
        if change is None:
            return None
        if change.action == "add_round":
            return f"adding round {change.round_number}"
        if change.action == "delete_round":
            return f"deleting round {change.round_number}"
        if change.action == "edit_round":
            return f"the change to round {change.round_number}"
        if self.hands:
            return (f"{self.sheet.players[change.seat]}'s {self.part_noun} in "
                    f"{self.round_noun} {change.round_number}")
        return (f"round {change.round_number}, {self.sheet.players[change.seat]}: "
                f"{self.shown(change.before)} → {self.shown(change.after)}")

    def _row(self, number: int, entered, outcome) -> Row:
        cells = []
        for side in self.sheet.sides:
            seat = side.seats[0]
            if outcome.cells is not None:
                value = outcome.cells[side.index]
            elif "cells_so_far" in outcome.extra:
                value = outcome.extra["cells_so_far"][side.index]
            elif outcome.status == "open" and not self.hands:
                part = entered.parts[seat]
                value = None if part is None else part.get("score")
            else:
                value = None
            cells.append(Cell(seat, value, seat in self.writable))
        return Row(number, outcome.status, tuple(cells), outcome.extra.get("dealer"))

    @property
    def next_deal(self) -> tuple[str, str] | None:
        """Who deals the next hand and who leads it, where the game deals."""
        seat = self.sheet.result.extra.get("next_dealer")
        if seat is None:
            return None
        if self.entry_number and self.entry_number <= len(self.rows):
            seat = self.rows[self.entry_number - 1].dealer
        players = self.sheet.players
        return players[seat], players[(seat + 1) % len(players)]

    def chips(self, seat: int, before: int | None = None) -> dict[str, int]:
        """A player's penalty chips as they lie on the table: small ones, or one large. With
        `before`, as they lay when round `before` was played (what its mistakes cost)."""
        value = self.sheet.result.extra["chips"][seat]
        if before is not None:
            value = 1  # the engine's start: one small chip each
            for outcome in self.sheet.result.rounds[:before - 1]:
                if outcome.extra.get("chips") is not None:
                    value = outcome.extra["chips"][seat]
        return {"large": 1, "small": 0} if value >= 5 else {"large": 0, "small": value}

    @property
    def starts_next(self) -> str | None:
        seat = self.sheet.result.extra.get("starts_next")
        return None if seat is None else self.sheet.players[seat]

    @property
    def playing_number(self) -> int:
        """The round the table is playing: the entry round, else the open one, else the next.
        (A viewer has no entry round, yet sees the open round's mode card and task cards.)"""
        if self.entry_number:
            return self.entry_number
        rounds = self.sheet.result.rounds
        return len(rounds) if rounds and rounds[-1].status == "open" else len(rounds) + 1

    @property
    def entry_mode(self) -> str | None:
        """The mode card's side for the round being played (Blue Banana)."""
        if self.playing_number <= len(self.rows):
            return self.sheet.result.rounds[self.playing_number - 1].extra.get("mode")
        return self.sheet.result.extra.get("next_mode")

    @property
    def entry_task(self) -> list[dict[str, str]] | None:
        if self.playing_number <= len(self.rows):
            return self.sheet.rounds[self.playing_number - 1].common.get("task")
        return None

    def character(self, seat: int) -> list[str] | None:
        """A seat's character where this link may see it (its own, revealed, or the match over)."""
        character = self.match.seats[seat].character
        if character and self.sheet.character_visible(self.access, seat):
            return list(character)
        return None

    @property
    def missing_characters(self) -> list[str]:
        return [self.sheet.players[s] for s in self.sheet.result.extra["missing_characters"]]

    def progress(self, seat: int) -> int:
        """How many of a seat's character symbols lie face up now."""
        return bandido.symbols_matched(self.match.seats[seat].character,
                                       self.sheet.result.extra["face_up"][seat])

    @property
    def win_line(self) -> str | None:
        """Who won Banana Bandido and how, once the match is over."""
        reason = self.sheet.result.extra.get("win_reason")
        if not reason or not self.sheet.result.winners:
            return None
        name = self.sheet.players[self.sheet.result.winners[0]]
        if reason == "victory_points":
            return f"{name} wins with five victory points."
        return f"{name} wins: the three symbols of their character lie face up."

    def hand_status(self, seat: int) -> str:
        """Whether a seat's hand of the entry round is typed: "typed" or "to type"."""
        return "typed" if self.entry_value_part(seat) is not None else "to type"

    def entry_value_part(self, seat: int) -> Any:
        return self.entry_parts[seat] if self.entry_parts else None

    def working(self, number: int) -> dict[str, Any]:
        """How a round's numbers were made, for its own page."""
        entered = self.sheet.rounds[number - 1]
        outcome = self.sheet.result.rounds[number - 1]
        options = self.match.options
        before = [0] * len(self.sheet.sides)
        for earlier in reversed(self.sheet.result.rounds[:number - 1]):
            if earlier.extra.get("carry") is not None:
                before = earlier.extra["carry"]
                break
        hands = [(seat, name, banakil.describe_hand(seat, entered.parts, options))
                 for seat, name in enumerate(self.sheet.players)]
        sides = (banakil.describe_sides(entered.parts, self.sheet.sides, options)
                 if outcome.status == "complete" else None)
        return {"status": outcome.status, "hands": hands, "sides": sides,
                "carry_before": before, "carry_after": outcome.extra.get("carry"),
                "cells": outcome.cells, "dealer": outcome.extra.get("dealer")}

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
        # The part, not its score: a hand counted by cards has no "score" and is typed all the same.
        if view.entry_value_part(seat) is None:
            return f"s{seat}"
    return None
