"""Banakil's cards and hands as typed: the card classes and what each is worth, a hand read from
its card counts in two piles (melded, still in hand) or from the score the table counted, and a
round's hands checked against what two packs and two jokers hold."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict

from ..base import RoundInput
from ..reading import InvalidInput, expect_object, parse_seat_list, reject_unknown
from ..say import Say

# Card classes, their values in half points (rules/banakil.txt: "Threes to sixes 0.5 ..."),
# and how many of each two packs and two jokers hold (SPEC: 106 cards in all).
CLASSES = ("3-6", "7-K", "A", "2", "joker")


CLASS_NAMES = {"3-6": Say("threes to sixes"), "7-K": Say("sevens to kings"), "A": Say("aces"),
               "2": Say("twos"), "joker": Say("jokers")}


HALF_POINTS = {"3-6": 1, "7-K": 2, "A": 3, "2": 4, "joker": 8}


ONLINE_HALF_POINTS = HALF_POINTS | {"A": 2}  # online tables score aces at a flat one


IN_THE_PACKS = {"3-6": 32, "7-K": 56, "A": 8, "2": 8, "joker": 2}


MELDED_NOTHING = -40  # a flat −20, in half points


GOING_OUT = 40  # +20


LEAST_GOING_OUT = 1 * 3 + GOING_OUT  # three cards of 3–6 melded, and going out: 21.5


SCORE_LIMIT = 1000


class HandByCards(TypedDict):
    """A hand typed by its card counts, as it is stored."""

    melded: dict[str, int]
    in_hand: dict[str, int]
    went_out: bool
    all_at_once: bool
    no_turn: bool


class HandByScore(TypedDict):
    """A hand the table counted on paper, as it is stored: its score, and what the sheet cannot
    see in it (the flags only where they were typed)."""

    score: int | float
    went_out: bool
    melded: NotRequired[bool]
    no_turn: NotRequired[bool]


def _count(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or (
            isinstance(value, float) and not value.is_integer()):
        raise InvalidInput(Say("A card count must be a whole number."), where)
    if not 0 <= value <= IN_THE_PACKS["7-K"]:
        raise InvalidInput(Say("A card count must be from 0 up to what the packs hold."), where)
    return int(value)


def _pile(value: Any, where: str) -> dict[str, int]:
    if value is None:
        value = {}
    value = expect_object(value, Say("A pile of cards"), where)
    reject_unknown(value, set(CLASSES), f"{where}.")
    pile = {name: _count(value.get(name, 0), f"{where}.{name}") for name in CLASSES}
    for name, count in pile.items():
        if count > IN_THE_PACKS[name]:
            raise InvalidInput(Say("The packs hold only %(count)s %(cards)s.",
                                   count=IN_THE_PACKS[name], cards=CLASS_NAMES[name]),
                               f"{where}.{name}")
    return pile


def _flag(body: Mapping[str, Any], name: str) -> bool:
    value = body.get(name, False)
    if not isinstance(value, bool):
        raise InvalidInput(Say("“%(name)s” must be true or false.", name=name), name)
    return value


def parse_part(body: Any, seat: int, options: Mapping[str, Any]) -> HandByCards | HandByScore:
    """One seat's hand: by card counts, or by its score (tables that count on paper)."""
    body = expect_object(body, Say("A hand"), None)
    if "score" in body:
        return _typed_hand(body)
    reject_unknown(body, {"melded", "in_hand", "went_out", "all_at_once", "no_turn"}, "")
    hand: HandByCards = {"melded": _pile(body.get("melded"), "melded"),
                         "in_hand": _pile(body.get("in_hand"), "in_hand"),
                         "went_out": _flag(body, "went_out"),
                         "all_at_once": _flag(body, "all_at_once"),
                         "no_turn": _flag(body, "no_turn")}
    melded_any = any(hand["melded"].values())
    if hand["went_out"] and any(hand["in_hand"].values()):
        raise InvalidInput(Say("A player who went out holds no cards: empty the hand pile."),
                           "in_hand")
    if hand["went_out"] and not melded_any:
        raise InvalidInput(Say("Going out means melding something: count the melded cards."),
                           "melded")
    if hand["all_at_once"] and not hand["went_out"]:
        raise InvalidInput(Say("“All at once” is a way of going out: tick “went out” too, or "
                               "untick it."), "all_at_once")
    return hand


def _typed_hand(body: Mapping[str, Any]) -> HandByScore:
    """A hand the table counted on paper: its score, and what the sheet cannot see in it."""
    reject_unknown(body, {"score", "went_out", "melded", "no_turn"}, "")
    hand: HandByScore = {"score": _hand_score_value(body["score"]),
                         "went_out": _flag(body, "went_out")}
    # The flags are kept only where typed: stored as entered.
    if "melded" in body:
        hand["melded"] = _flag(body, "melded")
    if "no_turn" in body:
        hand["no_turn"] = _flag(body, "no_turn")
    if hand["went_out"] and hand.get("melded") is False:
        raise InvalidInput(Say("Going out means melding something: untick “melded nothing” or "
                               "“went out”."), "melded")
    if hand["went_out"] and hand["score"] * 2 < LEAST_GOING_OUT:
        raise InvalidInput(Say("A player who went out scores at least 21.5: three cards from 3 "
                               "to 6 melded, and 20 for going out."), "score")
    return hand


def _hand_score_value(value: Any) -> int | float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidInput(Say("A hand's score must be a number, like 36.5 or −20."), "score")
    if value != value or abs(value) > SCORE_LIMIT:
        raise InvalidInput(Say("A hand's score must be from −%(limit)s to %(limit)s.",
                               limit=SCORE_LIMIT), "score")
    if (value * 2) != int(value * 2):
        raise InvalidInput(Say("A hand's score goes in half points: 36.5 is fine, 36.25 is "
                               "not."), "score")
    return int(value) if float(value).is_integer() else float(value)


def parse_round(body: Any, players: int, options: Mapping[str, Any]) -> RoundInput:
    body = expect_object(body, Say("A round"), None)
    reject_unknown(body, {"dead", "hands"}, "")
    dead = body.get("dead", False)
    if not isinstance(dead, bool):
        raise InvalidInput(Say("“%(name)s” must be true or false.", name="dead"), "dead")
    hands = body.get("hands")
    if hands is not None and not isinstance(hands, list):
        raise InvalidInput(Say("Give the round's %(what)s as a list, one per seat.",
                               what=Say("hands")), "hands")
    if dead:
        if hands is not None and any(hand is not None for hand in hands):
            raise InvalidInput(Say("A dead hand scores nothing: leave the hands out."), "hands")
        return dead_hand(players)
    parts = parse_seat_list(hands, players, parse_part, options, "hands", Say("hands"))
    entered = RoundInput(common={}, parts=tuple(parts))
    check_round(entered, players, options)
    return entered


def dead_hand(players: int) -> RoundInput:
    """A dead hand (the stock ran dry): nobody scores it, no hand is typed."""
    return RoundInput(common={"dead": True}, parts=(None,) * players)


def check_round(entered: RoundInput, players: int, options: Mapping[str, Any]) -> None:
    """What no real hand can show: more cards than the packs hold, two players going out (a
    dead hand holds no hands)."""
    parts = entered.parts
    if entered.common.get("dead"):
        return
    for name in CLASSES:
        total = sum(hand[pile][name] for hand in parts if hand and "score" not in hand
                    for pile in ("melded", "in_hand"))
        if total > IN_THE_PACKS[name]:
            raise InvalidInput(Say("This hand counts %(total)s %(cards)s, but the packs hold "
                                   "only %(count)s.", total=total, cards=CLASS_NAMES[name],
                                   count=IN_THE_PACKS[name]), "hands")
    goers = [seat for seat, hand in enumerate(parts) if hand and hand["went_out"]]
    if len(goers) > 1:
        raise InvalidInput(Say("Only one player can go out in a hand."), "hands")
    if None not in parts and not goers:
        raise InvalidInput(Say("Somebody went out to end this hand: tick who, or record a dead "
                               "hand."), "hands")


# What parse_part and parse_round read, as the API's document says it (app/games/base.py's
# Described): a hand by its two piles of card counts, or by the score the table counted.
_PILE = {"type": ["object", "null"], "additionalProperties": False,
         "description": "Card counts by class; a missing class counts 0.",
         "properties": {name: {"type": "integer", "minimum": 0, "maximum": most}
                        for name, most in IN_THE_PACKS.items()}}
_FLAG = {"type": "boolean"}
HAND_BY_CARDS = {"type": "object", "additionalProperties": False,
                 "properties": {"melded": _PILE, "in_hand": _PILE, "went_out": _FLAG,
                                "all_at_once": _FLAG, "no_turn": _FLAG}}
HAND_BY_SCORE = {"type": "object", "required": ["score"], "additionalProperties": False,
                 "properties": {"score": {"type": "number", "multipleOf": 0.5,
                                          "minimum": -SCORE_LIMIT, "maximum": SCORE_LIMIT},
                                "went_out": _FLAG, "melded": _FLAG, "no_turn": _FLAG}}
# The two forms are named, so that the round's hands and a seat's part name the same two.
HAND_FORMS = {"BanakilHandByCards": {"title": "A hand by its cards", **HAND_BY_CARDS},
              "BanakilHandByScore": {"title": "A hand by its score", **HAND_BY_SCORE}}
HAND = {"description": "A hand, by its card counts or by its score (SPEC section 2).",
        "oneOf": [{"$ref": f"#/components/schemas/{name}"} for name in HAND_FORMS]}
ROUND = {"type": "object", "additionalProperties": False,
         "description": "A hand of every seat (null where not typed yet), or a dead hand: "
                        "{\"dead\": true}.",
         "properties": {"dead": {"type": "boolean"},
                        "hands": {"type": ["array", "null"],
                                  "items": {"anyOf": [HAND, {"type": "null"}]}}}}


def round_input(entered: RoundInput) -> dict[str, Any]:
    if entered.common.get("dead") and all(part is None for part in entered.parts):
        return {"dead": True}
    return {"dead": bool(entered.common.get("dead")), "hands": list(entered.parts)}


def melded_something(hand: Mapping[str, Any]) -> bool:
    if "score" in hand:  # SPEC: a typed hand melded something unless it says not, or is −20
        melded: bool = hand.get("melded", hand["score"] != -20)  # stored as _flag read it
        return melded
    return any(hand["melded"].values())
