"""A design as the engine holds it once read: frozen rows of six kinds, tie-breaks, labels."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar, Union

from .formula import Formula

KINDS = ("number", "count", "check", "choice", "rank", "formula")
SCORINGS = ("game", "rounds")
WINNERS = ("highest", "lowest")
ORDERS = ("most", "fewest")
TIES = ("share", "split")
LANGUAGES = ("de", "ar")


@dataclass(frozen=True)
class Option:
    """One answer of a choice row and what it is worth."""

    label: str
    points: int


@dataclass(frozen=True)
class _Row:
    """What every row of a design has: its key, its label, and whether it counts in the total."""

    key: str
    label: str
    counts: bool


@dataclass(frozen=True)
class NumberRow(_Row):
    """A whole number typed, from `minimum` to `maximum`."""

    kind: ClassVar[str] = "number"
    minimum: int
    maximum: int

    def value(self, entered: Any) -> int:
        """What the row adds for what was typed."""
        return int(entered)


@dataclass(frozen=True)
class CountRow(_Row):
    """A count from 0 to `maximum` typed, worth `points` each."""

    kind: ClassVar[str] = "count"
    maximum: int
    points: int

    def value(self, entered: Any) -> int:
        return int(entered) * self.points


@dataclass(frozen=True)
class CheckRow(_Row):
    """Ticked (worth `points`) or not (0)."""

    kind: ClassVar[str] = "check"
    points: int

    def value(self, entered: Any) -> int:
        return self.points if entered else 0


@dataclass(frozen=True)
class ChoiceRow(_Row):
    """One of `options`, typed by its index."""

    kind: ClassVar[str] = "choice"
    options: tuple[Option, ...]

    def value(self, entered: Any) -> int:
        return self.options[int(entered)].points


@dataclass(frozen=True)
class RankRow(_Row):
    """The players compared on the row `of`: `points[0]` to the most (or fewest), and so on."""

    kind: ClassVar[str] = "rank"
    of: str
    points: tuple[int, ...]
    order: str  # "most" or "fewest"
    at_least: int | None
    ties: str  # "share" or "split"


@dataclass(frozen=True)
class FormulaRow(_Row):
    """Worked out from the same player's other rows in the same round."""

    kind: ClassVar[str] = "formula"
    formula: Formula


TypedRow = Union[NumberRow, CountRow, CheckRow, ChoiceRow]  # noqa: UP007 (a runtime alias)
Row = Union[NumberRow, CountRow, CheckRow, ChoiceRow, RankRow, FormulaRow]  # noqa: UP007


@dataclass(frozen=True)
class Tiebreak:
    """Sides tied on their total are ordered by this row's total over the match."""

    row: str
    order: str  # "most" or "fewest"


@dataclass(frozen=True)
class Labels:
    """A design's words in one more language: its name, rows' labels and choices' options."""

    language: str
    name: str | None
    rows: tuple[tuple[str, str], ...]
    options: tuple[tuple[str, tuple[str, ...]], ...]

    def row(self, key: str) -> str | None:
        return dict(self.rows).get(key)

    def choices(self, key: str) -> tuple[str, ...] | None:
        return dict(self.options).get(key)


@dataclass(frozen=True)
class Design:
    """A sheet for any game (SPEC section 10), read and checked: what parse_design answers."""

    name: str
    players: tuple[int, int]  # the fewest and the most
    scoring: str  # "game" (one tally) or "rounds"
    winner: str  # "highest" or "lowest"
    tiebreak: tuple[Tiebreak, ...]
    rows: tuple[Row, ...]
    # A rounds design's own end (copied into a match's options, where a table may move it).
    rounds: int | None
    target: int | None
    labels: tuple[Labels, ...]
    # The rank and formula rows' keys, each after every row it is worked out from.
    worked_out: tuple[str, ...]

    @cached_property
    def by_key(self) -> dict[str, Row]:
        return {row.key: row for row in self.rows}

    @cached_property
    def typed(self) -> tuple[TypedRow, ...]:
        return tuple(row for row in self.rows if not isinstance(row, (RankRow, FormulaRow)))

    @cached_property
    def counted(self) -> tuple[str, ...]:
        return tuple(row.key for row in self.rows if row.counts)

    @cached_property
    def reading(self) -> dict[str, Callable[[Any], int]]:
        """Each typed row's value of what was typed, by key (a count's is count × points)."""
        return {row.key: row.value for row in self.typed}

    def labels_in(self, language: str) -> Labels | None:
        return next((labels for labels in self.labels if labels.language == language), None)
