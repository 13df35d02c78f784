"""The free score sheet: any whole number per cell, with an optional target or round count."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import Described, Game, OptionSpec, Result, RoundInput, RoundResult, concluded
from ..reading import InvalidInput, expect_object, reject_unknown, whole_number
from ..say import Say
from ..scoring import at_line, completed, scored, scored_last

CELL_LIMIT = 1_000_000_000

OPTIONS = (
    OptionSpec(
        "target", "int", None, Say("Target"),
        Say("The match is over once a total reaches this number; leave empty for no target."),
        minimum=1, maximum=CELL_LIMIT, optional=True, in_sentence=Say("target"),
    ),
    OptionSpec(
        "rounds", "int", None, Say("Rounds"),
        Say("The match is over after this many rounds; leave empty to play on until you stop."),
        minimum=1, maximum=1000, optional=True, in_sentence=Say("rounds"),
    ),
    OptionSpec(
        "lowest_wins", "bool", False, Say("Lowest total wins"),
        Say("For games like Hearts or golf, where the fewest points win."),
    ),
    OptionSpec(
        "allow_negative", "bool", True, Say("Allow negative scores"),
        Say("Untick it when a cell can never go below zero."),
    ),
)


# Made once: a round of twelve scores reads it twelve times.
A_SCORE = Say("A score")


def _score(value: Any, options: Mapping[str, Any], where: str | None) -> int:
    minimum = -CELL_LIMIT if options["allow_negative"] else 0
    return whole_number(value, A_SCORE, where, minimum, CELL_LIMIT)


def parse_part(body: Any, seat: int, options: Mapping[str, Any]) -> dict[str, int]:
    body = expect_object(body, Say("A score"), None)
    reject_unknown(body, {"score"}, "")
    if "score" not in body:
        raise InvalidInput(Say("Give the score."), "score")
    return {"score": _score(body["score"], options, "score")}


def parse_round(body: Any, players: int, options: Mapping[str, Any]) -> RoundInput:
    body = expect_object(body, Say("A round"), None)
    reject_unknown(body, {"scores"}, "")
    scores = body.get("scores")
    if not isinstance(scores, list):
        raise InvalidInput(Say("Give the round as a list of scores, one per player."), "scores")
    if len(scores) != players:
        raise InvalidInput(Say.many("Give %(count)s score, one per player, not %(given)s.",
                                    "Give %(count)s scores, one per player, not %(given)s.",
                                    players, given=len(scores)), "scores")
    parts = []
    for seat, value in enumerate(scores):
        try:
            parts.append(None if value is None else {"score": _score(value, options, None)})
        except InvalidInput as error:
            raise InvalidInput(error.message, None, seat, "scores") from error
    return RoundInput(common={}, parts=tuple(parts))


# What parse_part and parse_round read, as the API's document says it (a cell from 0 where the
# match's allow_negative is false).
A_CELL = {"type": "integer", "minimum": -CELL_LIMIT, "maximum": CELL_LIMIT}
DESCRIBED = Described(
    round={"type": "object", "required": ["scores"], "additionalProperties": False,
           "properties": {"scores": {
               "type": "array", "items": {"anyOf": [A_CELL, {"type": "null"}]},
               "description": "One score per player, in seat order; null for one not typed yet."}}},
    part={"type": "object", "required": ["score"], "additionalProperties": False,
          "properties": {"score": A_CELL}},
)


def round_input(round_: RoundInput) -> dict[str, Any]:
    return {"scores": [None if part is None else part["score"] for part in round_.parts]}


def replay(players: int, options: Mapping[str, Any], rounds: Sequence[RoundInput],
           secrets: Sequence[Any] = ()) -> Result:
    return scored(_Totals([0] * players, [], None, 0), options, rounds)


def extend(players: int, options: Mapping[str, Any], before: Result,
           rounds: Sequence[RoundInput], secrets: Sequence[Any] = ()) -> Result:
    """replay(), carried on from the replay of every round but the last."""
    state = _Totals(list(before.totals), list(before.rounds), before.over_after,
                    completed(before))
    return scored_last(state, options, rounds)


@dataclass
class _Totals:
    """What the replay carries from round to round."""

    totals: list[int]
    results: list[RoundResult]
    over_after: int | None
    complete: int

    def add(self, options: Mapping[str, Any], index: int, round_: RoundInput) -> None:
        if any(part is None for part in round_.parts):
            self.results.append(RoundResult("open", None))
            return
        cells = tuple(part["score"] for part in round_.parts)
        self.totals = [total + cell for total, cell in zip(self.totals, cells, strict=True)]
        self.results.append(RoundResult("complete", cells))
        self.complete += 1
        if self.over_after is None and at_line(options, self.totals, self.complete):
            self.over_after = index

    def result(self, options: Mapping[str, Any]) -> Result:
        # A round before the end still waiting for a score holds the match open. (Rounds after
        # the end are not allowed at all: the service refuses them.)
        return concluded(self.results, self.totals, self.over_after, options["target"],
                         lowest_first=options["lowest_wins"])


GAME = Game.of_rules(
    __name__,
    title=Say("Free score sheet"),
    summary=Say("Any card game: type each player's points per round and watch the totals."),
    players=(1, 12),
    # A free sheet's table decides its own end, and may change its mind.
    movable=("target", "rounds"),
    parts_field="scores",
    described=DESCRIBED,
    lowest_wins=lambda options: options["lowest_wins"],
)
