"""Banakil: hand scores from card counts, partnership netting, rounding, the carry, the target."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import (
    Described,
    Game,
    OptionSpec,
    Result,
    RoundInput,
    RoundResult,
    Side,
    concluded,
    seat_sides,
)
from ..say import Say
from .hands import (
    GOING_OUT,
    HALF_POINTS,
    HAND,
    HAND_FORMS,
    MELDED_NOTHING,
    ONLINE_HALF_POINTS,
    ROUND,
    check_round,
    melded_something,
    parse_part,
    parse_round,
    round_input,
)

DHAMOON = 80  # 40


ONLINE_DHAMOON = {True: 102, False: 204}  # 51 when the other side melded something, else 102


TARGETS = {2: 150, 3: 203, 4: 303}


ONLINE_TARGET = 222


OPTIONS = (
    OptionSpec(
        "target", "int", None, Say("Target"),
        Say("The match ends once a side's total reaches this line: 150 for two players, 203 for "
            "three, 303 for a partnership, 222 with the online rules, unless you choose "
            "another."),
        minimum=1, maximum=1_000_000_000, optional=True, when_empty=Say("by player count"),
        in_sentence=Say("target"),
    ),
    OptionSpec(
        "side_scoring", "choice", "net", Say("Partnership scoring"),
        Say("Net (the rulebook): the side that went out banks the goer's hand; the other side "
            "adds its two hands and takes off the goer's partner's. Sum: every side adds its "
            "two hands."),
        choices=(("net", Say("Net (rulebook)")), ("sum", Say("Side as a sum"))),
    ),
    OptionSpec(
        "no_turn_zero", "bool", False, Say("Earliest hands off the −20 hook"),
        Say("“A few tables score zero, rather than minus 20, for anyone who had no chance to "
            "play before somebody went out on the very first turn or two.”"),
    ),
    OptionSpec(
        "rules", "choice", "table", Say("Rules"),
        Say("Online (as the Jawaker app plays): aces count 1, going out all at once scores 51 "
            "or 102, and the usual target is 222."),
        choices=(("table", Say("Table (rulebook)")), ("online", Say("Online"))),
    ),
    OptionSpec(
        "first_dealer", "seat", 0, Say("First dealer"),
        Say("Who deals the first hand. The deal then passes to the right: in the order the "
            "names are typed."),
        minimum=0, maximum=3, in_sentence=Say("first dealer"),
    ),
)


def check_options(options: dict[str, Any], players: int) -> None:
    if options["target"] is None:
        options["target"] = ONLINE_TARGET if options["rules"] == "online" else TARGETS[players]


def sides(players: Sequence[str], options: Mapping[str, Any]) -> tuple[Side, ...]:
    if len(players) == 4:  # partners sit across: seats 0 & 2 against 1 & 3
        return (Side(0, Say("%(a)s & %(b)s", a=players[0], b=players[2]), (0, 2)),
                Side(1, Say("%(a)s & %(b)s", a=players[1], b=players[3]), (1, 3)))
    return seat_sides(players)


def pile_value(pile: Mapping[str, int], options: Mapping[str, Any]) -> int:
    """A pile's worth in half points (online tables count aces at a flat one)."""
    values = ONLINE_HALF_POINTS if options["rules"] == "online" else HALF_POINTS
    return sum(values[name] * n for name, n in pile.items())


def let_off(hand: Mapping[str, Any], options: Mapping[str, Any]) -> bool:
    """SPEC, `no_turn_zero`: a seat flagged `no_turn` that melded nothing scores 0 instead of
    −20, a hand given by its score included."""
    return bool(options["no_turn_zero"] and hand.get("no_turn")) and not melded_something(hand)


def hand_scores(parts: Sequence[Mapping[str, Any] | None],
                options: Mapping[str, Any]) -> tuple[int | None, ...]:
    """Each seat's hand score in half points; None where not typed, or not knowable yet."""
    scores: list[int | None] = []
    for seat, hand in enumerate(parts):
        if hand is None:
            scores.append(None)
        elif let_off(hand, options):
            scores.append(0)
        elif "score" in hand:
            scores.append(int(hand["score"] * 2))
        elif not melded_something(hand):
            scores.append(MELDED_NOTHING)
        elif hand["went_out"] and hand["all_at_once"]:
            scores.append(_all_at_once(seat, hand, parts, options))
        else:
            scores.append(ordinary_score(hand, options))
    return tuple(scores)


def ordinary_score(hand: Mapping[str, Any], options: Mapping[str, Any]) -> int:
    """Melded less held, and the going-out bonus."""
    return (pile_value(hand["melded"], options) - pile_value(hand["in_hand"], options)
            + (GOING_OUT if hand["went_out"] else 0))


def _all_at_once(seat: int, hand: Mapping[str, Any], parts: Sequence[Mapping[str, Any] | None],
                 options: Mapping[str, Any]) -> int | None:
    """Going out in one turn with nothing melded before: dhamoon, or the ordinary way."""
    players = len(parts)
    partner = (seat + 2) % 4 if players == 4 else None
    if options["rules"] == "online":
        others = [p for s, p in enumerate(parts) if s not in (seat, partner)]
    else:
        others = [p for s, p in enumerate(parts) if s != seat]
    typed = [p for p in others if p is not None]
    if len(typed) < len(others):
        return None  # it depends on hands not typed yet
    others_melded = any(melded_something(p) for p in typed)
    if options["rules"] == "online":
        return ONLINE_DHAMOON[others_melded]
    if players < 4 or not others_melded:
        return DHAMOON
    return ordinary_score(hand, options)


def dhamoon_spoilers(seat: int, parts: Sequence[Mapping[str, Any] | None],
                     options: Mapping[str, Any]) -> tuple[int, ...]:
    """Why a hand that went out all at once scored the ordinary way: the other seats that had
    melded (house rules, four players). Empty where it was a dhamoon, is still waiting on hands
    not typed, or did not go out all at once."""
    hand = parts[seat]
    if (hand is None or "score" in hand or not hand["went_out"] or not hand["all_at_once"]
            or not melded_something(hand) or let_off(hand, options)
            or options["rules"] == "online" or len(parts) < 4
            or any(part is None for part in parts)):
        return ()
    return tuple(other for other, part in enumerate(parts)
                 if other != seat and part is not None and melded_something(part))


def settled(scores: Sequence[int | None]) -> tuple[int, ...] | None:
    """Every seat's hand score, once all are known (a complete hand); None while one is not."""
    known = tuple(score for score in scores if score is not None)
    return known if len(known) == len(scores) else None


def side_scores(scores: Sequence[int], side_list: Sequence[Side], goer: int,
                options: Mapping[str, Any]) -> tuple[int, ...]:
    """Each side's number for the hand, in half points, before rounding."""
    if len(scores) < 4 or options["side_scoring"] == "sum":
        return tuple(sum(scores[s] for s in side.seats) for side in side_list)
    partner = (goer + 2) % 4
    return tuple(
        scores[goer] if goer in side.seats
        else sum(scores[s] for s in side.seats) - scores[partner]
        for side in side_list
    )


def _known_side_scores(scores: Sequence[int | None], parts: Sequence[Mapping[str, Any] | None],
                       side_list: Sequence[Side], options: Mapping[str, Any]
                       ) -> list[int | None]:
    """In an open round, each side's number where the hands typed so far settle it."""
    goer = next((seat for seat, part in enumerate(parts) if part and part["went_out"]), None)
    known: list[int | None] = []
    for side in side_list:
        needed = set(side.seats)
        if len(scores) == 4 and options["side_scoring"] == "net":
            if goer is None:
                known.append(None)
                continue
            needed = {goer} if goer in side.seats else needed | {(goer + 2) % 4}
        if any(scores[seat] is None for seat in needed):
            known.append(None)
        else:
            full = [0 if s is None else s for s in scores]
            known.append(side_scores(full, side_list, goer if goer is not None else 0,
                                     options)[side.index])
    return known


def rounded(half_points: int) -> int:
    """To a whole number, half toward +∞: 36.5 → 37, −7.5 → −7 (rules: "in the scoring
    side's favour")."""
    return (half_points + 1) // 2


def carry_on(score: int, carry: int) -> tuple[int, int]:
    """The cell a rounded score goes in, and the carry after it (SPEC "Cells and carry")."""
    if score < 0:
        return 0, carry - score
    if score > 0:
        return max(0, score - carry), max(0, carry - score)
    return 0, carry


def in_points(half_points: int | None) -> int | float | None:
    if half_points is None:
        return None
    return half_points // 2 if half_points % 2 == 0 else half_points / 2


@dataclass(frozen=True)
class BanakilRound:
    """A hand's working: who dealt and led, each seat's hand score (points, None where not
    knowable yet), each side's rounded number and carry after it, and who went out."""

    dealer: int
    leader: int
    hand_scores: tuple[int | float | None, ...]
    side_scores: tuple[int, ...] | None  # None while the hand is open or dead
    carry: tuple[int, ...] | None  # None while the hand is open
    cells_so_far: tuple[int | None, ...] | None = None  # an open hand: the cells already known
    goer: int | None = None


@dataclass(frozen=True)
class BanakilMatch:
    carry: tuple[int, ...]  # what each side still owes from negative hands
    next_dealer: int


def replay(players: int, options: Mapping[str, Any], rounds: Sequence[RoundInput],
           secrets: Sequence[Any] = ()) -> Result:
    side_list = sides([str(seat) for seat in range(players)], options)
    state = _Carried([0] * len(side_list), [0] * len(side_list), [], None)
    for index, entered in enumerate(rounds):
        state.add(players, options, side_list, index, entered)
    return state.result(players, options, len(rounds))


def extend(players: int, options: Mapping[str, Any], before: Result,
           rounds: Sequence[RoundInput], secrets: Sequence[Any] = ()) -> Result:
    """replay(), carried on from the replay of every round but the last: its totals and the
    carry it leaves (an open or dead hand changes neither)."""
    side_list = sides([str(seat) for seat in range(players)], options)
    state = _Carried(list(before.totals), list(before.detail.carry), list(before.rounds),
                     before.over_after)
    state.add(players, options, side_list, len(rounds) - 1, rounds[-1])
    return state.result(players, options, len(rounds))


@dataclass
class _Carried:
    """What the replay carries from hand to hand."""

    totals: list[int]
    carry: list[int]
    results: list[RoundResult]
    over_after: int | None

    def add(self, players: int, options: Mapping[str, Any], side_list: Sequence[Side],
            index: int, entered: RoundInput) -> None:
        carry, totals = self.carry, self.totals
        dealer = (options["first_dealer"] + index) % players
        leader = (dealer + 1) % players
        if entered.common.get("dead"):
            self.results.append(RoundResult("dead", None, BanakilRound(
                dealer, leader, (None,) * players, None, tuple(carry))))
            return
        scores = hand_scores(entered.parts, options)
        points = tuple(in_points(s) for s in scores)
        known = settled(scores)
        if any(part is None for part in entered.parts) or known is None:
            # A side whose number is already known shows the cell it will get.
            sides_known = _known_side_scores(scores, entered.parts, side_list, options)
            so_far = tuple(None if s is None else carry_on(rounded(s), carry[i])[0]
                           for i, s in enumerate(sides_known))
            self.results.append(RoundResult("open", None, BanakilRound(
                dealer, leader, points, None, None, cells_so_far=so_far)))
            return
        goer = next(seat for seat, part in enumerate(entered.parts) if part["went_out"])
        sides_rounded = tuple(rounded(s) for s in side_scores(known, side_list, goer, options))
        cells = []
        for side, score in enumerate(sides_rounded):
            cell, carry[side] = carry_on(score, carry[side])
            cells.append(cell)
            totals[side] += cell
        self.results.append(RoundResult("complete", tuple(cells), BanakilRound(
            dealer, leader, points, sides_rounded, tuple(carry), goer=goer)))
        if self.over_after is None and max(totals) >= options["target"]:
            self.over_after = index

    def result(self, players: int, options: Mapping[str, Any], played: int) -> Result:
        next_dealer = (options["first_dealer"] + played) % players
        return concluded(self.results, self.totals, self.over_after, options["target"],
                         BanakilMatch(tuple(self.carry), next_dealer))


GAME = Game.of_rules(
    __name__,
    title=Say("Banakil"),
    summary=Say("Two packs and two jokers, melds and sets, racing to the target line; two, "
                "three or four players (four play as partners)."),
    players=(2, 4),
    # rules/banakil.txt: "feel free to move it to suit how long your table wants to play".
    movable=("target",),
    parts_field="hands",
    described=Described(ROUND, HAND, BanakilRound, BanakilMatch, components=HAND_FORMS),
    # How a hand is typed and read is hands.py's.
    parse_round=parse_round,
    parse_part=parse_part,
    check_round=check_round,
    round_input=round_input,
)
