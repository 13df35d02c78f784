"""A replay carried round by round, for a game whose state adds up each round by the options
alone (the free sheet, a design's, Blue Banana): every round added in turn (replay) or only the
last (extend), and the line a table draws for itself."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from .base import Result, RoundInput


class Scoring(Protocol):
    """What such a replay carries from round to round."""

    def add(self, options: Mapping[str, Any], index: int, entered: RoundInput, /) -> None: ...

    def result(self, options: Mapping[str, Any], /) -> Result: ...


def scored(state: Scoring, options: Mapping[str, Any], rounds: Sequence[RoundInput]) -> Result:
    """replay's: every round added to `state` in turn, then its result. The rounds are read in
    order (a long match's, as TakingTurns hands them, give way between them)."""
    for index, entered in enumerate(rounds):
        state.add(options, index, entered)
    return state.result(options)


def scored_last(state: Scoring, options: Mapping[str, Any],
                rounds: Sequence[RoundInput]) -> Result:
    """extend's: the last round added to `state`, carried from the replay of the others, then
    its result."""
    state.add(options, len(rounds) - 1, rounds[-1])
    return state.result(options)


def completed(before: Result) -> int:
    """How many of a replay's rounds are complete (what extend's state carries on from)."""
    return sum(result.status == "complete" for result in before.rounds)


def at_line(options: Mapping[str, Any], totals: Sequence[int], complete: int) -> bool:
    """The end of a sheet whose table draws its own line: a total at the target, or the number
    of rounds complete (either option may be None, no such line)."""
    if options["target"] is not None and any(t >= options["target"] for t in totals):
        return True
    return options["rounds"] is not None and complete >= options["rounds"]
