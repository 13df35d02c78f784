"""How a Banakil hand's numbers were made, for the page that shows the working: each hand's
piles and bonus (or its flat score), and each side's netting and rounding."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Side
from .engine import (
    dhamoon_spoilers,
    hand_scores,
    in_points,
    let_off,
    ordinary_score,
    pile_value,
    rounded,
    settled,
    side_scores,
)
from .hands import GOING_OUT, melded_something


def describe_hand(seat: int, parts: Sequence[Mapping[str, Any] | None],
                  options: Mapping[str, Any]) -> dict[str, Any] | None:
    """How one seat's hand score was made, in points: the piles, the bonus, or the flat score."""
    hand = parts[seat]
    if hand is None:
        return None
    score = in_points(hand_scores(parts, options)[seat])
    if let_off(hand, options):
        return {"how": "no turn", "score": score}
    if "score" in hand:
        return {"how": "typed", "score": score}
    if not melded_something(hand):
        return {"how": "melded nothing", "score": score}
    if (score is not None and hand["went_out"] and hand["all_at_once"]
            and score * 2 != ordinary_score(hand, options)):
        return {"how": "dhamoon", "score": score}
    return {"how": "cards", "melded": in_points(pile_value(hand["melded"], options)),
            "in_hand": in_points(pile_value(hand["in_hand"], options)),
            "bonus": in_points(GOING_OUT) if hand["went_out"] else 0, "score": score,
            "no_dhamoon_for": dhamoon_spoilers(seat, parts, options)}


def describe_sides(parts: Sequence[Mapping[str, Any]], side_list: Sequence[Side],
                   options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each side's number for a complete hand: which hands add, which one is taken off."""
    scores = settled(hand_scores(parts, options))
    if scores is None:
        raise ValueError("Only a complete hand has its sides' numbers.")
    goer = next(seat for seat, part in enumerate(parts) if part["went_out"])
    netting = len(parts) == 4 and options["side_scoring"] == "net"
    steps = []
    for side, number in zip(side_list, side_scores(scores, side_list, goer, options), strict=True):
        if netting and goer in side.seats:
            added, taken = [goer], None
        elif netting:
            added, taken = list(side.seats), (goer + 2) % 4
        else:
            added, taken = list(side.seats), None
        steps.append({"added": [(seat, in_points(scores[seat])) for seat in added],
                      "taken": None if taken is None else (taken, in_points(scores[taken])),
                      "number": in_points(number), "rounded": rounded(number),
                      "went_out": goer in side.seats})
    return steps
