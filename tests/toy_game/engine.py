"""Tally: every player counts their tricks each round; the round's best take a bonus of 5."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.games.base import Game, OptionSpec, Result, RoundInput, RoundResult, concluded
from app.games.reading import (
    InvalidInput,
    expect_object,
    parse_seat_list,
    reject_unknown,
    whole_number,
)

BONUS = 5
MOST_TRICKS = 13

OPTIONS = (OptionSpec("rounds", "int", 3, "Rounds", "The tally ends after this many rounds.",
                      minimum=1, maximum=20),)


@dataclass(frozen=True)
class TallyRound:
    best: tuple[int, ...]  # the seats that took the round's bonus


def parse_part(body: Any, seat: int, options: Mapping[str, Any]) -> dict[str, int]:
    body = expect_object(body, "A count", None)
    reject_unknown(body, {"tricks"}, "")
    if "tricks" not in body:
        raise InvalidInput("Count the tricks.", "tricks")
    return {"tricks": whole_number(body["tricks"], "Tricks", "tricks", 0, MOST_TRICKS)}


def parse_round(body: Any, players: int, options: Mapping[str, Any]) -> RoundInput:
    body = expect_object(body, "A round", None)
    reject_unknown(body, {"counts"}, "")
    parts = parse_seat_list(body.get("counts"), players, parse_part, options, "counts", "counts")
    return RoundInput(common={}, parts=parts)


def round_input(entered: RoundInput) -> dict[str, Any]:
    return {"counts": list(entered.parts)}


def replay(players: int, options: Mapping[str, Any], rounds: Sequence[RoundInput],
           secrets: Sequence[Any] = ()) -> Result:
    totals = [0] * players
    results = []
    over_after = None
    for index, entered in enumerate(rounds):
        if None in entered.parts:
            results.append(RoundResult("open", None, TallyRound(())))
            continue
        tricks = [part["tricks"] for part in entered.parts]
        best = tuple(seat for seat, n in enumerate(tricks) if n == max(tricks))
        cells = tuple(n + (BONUS if seat in best else 0) for seat, n in enumerate(tricks))
        totals = [total + cell for total, cell in zip(totals, cells, strict=True)]
        results.append(RoundResult("complete", cells, TallyRound(best)))
        if over_after is None and index + 1 >= options["rounds"]:
            over_after = index
    return concluded(results, totals, over_after, None)


GAME = Game.of_rules(
    __name__,
    name="tally",
    title="Tally",
    summary="Count your tricks; the round's best take a bonus of five.",
    players=(2, 6),
    parts_field="counts",
)
