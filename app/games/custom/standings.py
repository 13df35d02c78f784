"""Who is ahead: places by total (highest or lowest first), ties broken by the tie-breaks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Result
from .model import Design


def places(result: Result, options: Mapping[str, Any]) -> tuple[int, ...]:
    """Each side's place in a custom match as replayed (1-based; sides still tied after every
    tie-break share a place and the next is skipped: 1, 1, 3). `options` is the match's, for
    the signature every game's helper shares: the places were worked out by the replay."""
    detail = result.detail
    return tuple(detail.places)


def standings(design: Design, totals: Sequence[int], row_totals: Sequence[Mapping[str, int]]
              ) -> tuple[tuple[int, ...], tuple[str | None, ...]]:
    """Each side's place, and the tie-break row that settled it (None where its total alone did,
    or where it stays tied with every side on its total).

    A side's deciding row is the last tie-break it needed: against each side on the same total,
    the first tie-break on which the two differ; of those, the latest. So "won on the tie-break:
    more coins" names the row that put the winner ahead of the closest side."""
    lowest = design.winner == "lowest"

    def order(side: int) -> tuple[int, ...]:
        breaks = tuple(-row_totals[side][rule.row] if rule.order == "most"
                       else row_totals[side][rule.row] for rule in design.tiebreak)
        return (totals[side] if lowest else -totals[side], *breaks)

    keys = [order(side) for side in range(len(totals))]
    placed = tuple(1 + sum(other < mine for other in keys) for mine in keys)
    decided: list[str | None] = []
    for side, mine in enumerate(keys):
        latest = None
        for other, theirs in enumerate(keys):
            if other == side or theirs[0] != mine[0]:
                continue
            differ = next((i for i in range(1, len(mine)) if mine[i] != theirs[i]), None)
            if differ is not None and (latest is None or differ > latest):
                latest = differ
        decided.append(None if latest is None else design.tiebreak[latest - 1].row)
    return placed, tuple(decided)
