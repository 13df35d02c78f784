"""A round's values: what each row adds for each player, typed or worked out, None until known."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .formula import OutOfRange, work_out
from .model import Design, FormulaRow, RankRow

# A player's line as stored: the typed rows' keys, each with an int (number, count, the chosen
# option's index) or a bool (check).
Line = Mapping[str, Any]
Values = dict[str, int | None]


class TooLarge(Exception):
    """A worked-out value past ±10^12: the row at fault and the seat it fell to."""

    def __init__(self, key: str, seat: int):
        super().__init__(key, seat)
        self.key, self.seat = key, seat


def round_values(design: Design, lines: Sequence[Line | None], players: int | None,
                 alone: bool = False, strict: bool = True) -> tuple[Values, ...]:
    """Every row's value for each player (in seat order), None where not known yet: a typed row
    not typed, a formula using one that is not known, a rank before every player's `of` value
    is known, and `players` where it is None. With `alone`, the lines are not the whole table
    (a seat's part on its own): ranks stay unknown. A formula past ±10^12 is TooLarge (with
    the line's index), or unknown where not `strict`."""
    # Every row's key in the design's order (what a round's `rows` shows), `players` last
    # while formulas read it.
    keys = (*design.by_key, "players")
    reading = design.reading
    table: list[dict[str, int | None]] = []
    for line in lines:
        values: dict[str, int | None] = dict.fromkeys(keys)
        values["players"] = players
        if line is not None:
            for key, entered in line.items():
                if entered is not None and key in reading:
                    values[key] = reading[key](entered)
        table.append(values)
    for key in design.worked_out:
        worked = design.by_key[key]
        if isinstance(worked, FormulaRow):
            for seat, values in enumerate(table):
                values[key] = _formula(worked, values, seat, strict)
        elif isinstance(worked, RankRow):
            of = [values[worked.of] for values in table]
            known = [value for value in of if value is not None]
            points = None if alone or len(known) < len(of) else rank_points(worked, known)
            for seat, values in enumerate(table):
                values[key] = None if points is None else points[seat]
    for values in table:
        del values["players"]
    return tuple(table)


def _formula(row: FormulaRow, values: Mapping[str, int | None], seat: int,
             strict: bool) -> int | None:
    formula = row.formula
    for name in formula.names:
        if values[name] is None:
            return None
    try:
        return work_out(formula, values)  # type: ignore[arg-type]  # every name known, above
    except OutOfRange:
        if strict:
            raise TooLarge(row.key, seat) from None
        return None


def rank_points(row: RankRow, values: Sequence[int]) -> tuple[int, ...]:
    """Each player's points for a rank row, by their `of` values (SPEC section 10): the most
    (or fewest) takes points[0], the next points[1]; places past the list take 0; below
    `at_least` takes 0 and no place; tied players share the best place's points, or split the
    points of the places they fill (rounded down); the next place is the one after them."""
    placed = [(value, seat) for seat, value in enumerate(values)
              if row.at_least is None or value >= row.at_least]
    placed.sort(reverse=row.order == "most")
    points = [0] * len(values)
    place = 0
    while place < len(placed):
        after = place + 1
        while after < len(placed) and placed[after][0] == placed[place][0]:
            after += 1
        worth = [row.points[p] if p < len(row.points) else 0 for p in range(place, after)]
        share = worth[0] if row.ties == "share" else sum(worth) // len(worth)
        for _, seat in placed[place:after]:
            points[seat] = share
        place = after
    return tuple(points)
