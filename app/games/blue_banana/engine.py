"""Blue Banana: cards collected, penalty chips, the banana, and the referee for the task cards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import Described, Game, OptionSpec, Result, RoundInput, RoundResult, concluded
from ..reading import InvalidInput, expect_object, parse_seat_list, reject_unknown, whole_number
from ..say import Say
from ..scoring import completed, scored, scored_last

# Each motif's own colour (rules/blue-banana.txt, "The 8 Motifs in Their Correct Colors").
OWN_COLOR = {
    "banana": "yellow", "frog": "green", "whale": "blue", "eggplant": "purple",
    "flamingo": "pink", "strawberry": "red", "basketball": "orange", "top_hat": "black",
}
MOTIFS = tuple(OWN_COLOR)
COLORS = tuple(OWN_COLOR.values())
MOTIF_OF = {color: motif for motif, color in OWN_COLOR.items()}
# Each motif and colour as people say it (the codes above stay as the API knows them).
MOTIF_NAMES = {
    "banana": Say("banana"), "frog": Say("frog"), "whale": Say("whale"),
    "eggplant": Say("eggplant"), "flamingo": Say("flamingo"), "strawberry": Say("strawberry"),
    "basketball": Say("basketball"), "top_hat": Say("top hat"),
}
COLOR_NAMES = {
    "yellow": Say("yellow"), "green": Say("green"), "blue": Say("blue"),
    "purple": Say("purple"), "pink": Say("pink"), "red": Say("red"), "orange": Say("orange"),
    "black": Say("black"),
}

DISPLAY = 93  # 109 motif cards less the 16 task cards
MAX_CHIPS = 5  # four small and a fifth become one large chip worth 5; nobody passes it
TASK_CARDS = 2  # turned up each round
TASK_BONUS = TASK_CARDS  # a correct snatch of the banana wins the round's task cards
BANANA = (None, "correct", "early")

OPTIONS = (
    OptionSpec(
        "mode", "choice", "normal", Say("Game mode card"),
        Say("Normal (the green check mark): seek the task cards' colours and motifs. Inverted "
            "(the red X): seek every card that shows neither. Alternating: flip the card every "
            "round, starting normal."),
        choices=(("normal", Say("Normal")), ("inverted", Say("Inverted")),
                 ("alternating", Say("Alternating"))),
    ),
    OptionSpec(
        "rounds", "int", 8, Say("Rounds"),
        Say("The game ends after this many rounds: 8 when the task deck runs out."),
        minimum=1, maximum=50, in_sentence=Say("rounds"),
    ),
)


def motif_name(motif: str) -> str:
    """A motif as people say it ("top_hat" → "top hat"), a Say."""
    return MOTIF_NAMES.get(motif, motif)


def color_name(color: str) -> str:
    """A colour as people say it, a Say."""
    return COLOR_NAMES.get(color, color)


def mode_of_round(options: Mapping[str, Any], number: int) -> str:
    """The side of the mode card for round `number` (from 1): normal or inverted."""
    mode: str = options["mode"]  # one of OPTIONS' choices, as parse_options checked
    if mode == "alternating":
        return "normal" if number % 2 == 1 else "inverted"
    return mode


# Reading what was typed ------------------------------------------------------------------


def parse_part(body: Any, seat: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """One player's line: cards collected correctly and incorrectly, and the banana."""
    body = expect_object(body, Say("A player's line"), None)
    reject_unknown(body, {"correct", "incorrect", "banana"}, "")
    line = {
        "correct": whole_number(body.get("correct", 0), Say("Cards collected correctly"),
                                "correct", 0, DISPLAY),
        "incorrect": whole_number(body.get("incorrect", 0), Say("Cards collected incorrectly"),
                                  "incorrect", 0, DISPLAY),
        "banana": body.get("banana"),
    }
    if line["banana"] not in BANANA:
        raise InvalidInput(Say("The banana is none, correct or early."), "banana")
    if line["correct"] + line["incorrect"] > DISPLAY:
        raise InvalidInput(Say("The display holds only %(count)s cards.", count=DISPLAY),
                           "correct")
    return line


def parse_task_card(card: Any, where: str) -> dict[str, str]:
    card = expect_object(card, Say("A task card"), where)
    reject_unknown(card, {"motif", "color"}, f"{where}.")
    motif, color = card.get("motif"), card.get("color")
    if not isinstance(motif, str) or motif not in OWN_COLOR:
        # The eight motifs and colours in the order of MOTIFS and COLORS.
        raise InvalidInput(Say("Pick the card's motif: banana, frog, whale, eggplant, flamingo, "
                               "strawberry, basketball, top hat."), f"{where}.motif")
    if not isinstance(color, str) or color not in MOTIF_OF:
        raise InvalidInput(Say("Pick the card's colour: yellow, green, blue, purple, pink, red, "
                               "orange, black."), f"{where}.color")
    if OWN_COLOR[motif] == color:
        raise InvalidInput(Say("There is no %(color)s %(motif)s: a task card never shows a "
                               "motif in its own colour.", color=color_name(color),
                               motif=motif_name(motif)), where)
    return {"motif": motif, "color": color}


def parse_task(task: Any) -> list[dict[str, str]]:
    if not isinstance(task, list) or len(task) != TASK_CARDS:
        raise InvalidInput(Say("A round has exactly two task cards."), "task")
    cards = [parse_task_card(card, f"task[{i}]") for i, card in enumerate(task)]
    if cards[0] == cards[1]:
        raise InvalidInput(Say("The two task cards are the same card: one goes back into the "
                               "deck and another is turned up."), "task")
    return cards


def parse_round(body: Any, players: int, options: Mapping[str, Any]) -> RoundInput:
    body = expect_object(body, Say("A round"), None)
    reject_unknown(body, {"players", "task", "snatched"}, "")
    parts = parse_seat_list(body.get("players"), players, parse_part, options, "players",
                            Say("player lines"))
    common: dict[str, Any] = {}
    if body.get("task") is not None:
        common["task"] = parse_task(body["task"])
    snatched = body.get("snatched")
    if snatched is not None and not isinstance(snatched, bool):
        raise InvalidInput(Say("“snatched” must be true or false."), "snatched")
    if snatched:  # kept only when set: a round without the mark reads as it always did
        common["snatched"] = True
    entered = RoundInput(common=common, parts=tuple(parts))
    check_round(entered, players, options)
    return entered


def check_round(entered: RoundInput, players: int, options: Mapping[str, Any]) -> None:
    """One banana: at most one player snatched it in a round."""
    snatchers = [seat for seat, line in enumerate(entered.parts) if line and line["banana"]]
    if len(snatchers) > 1:
        raise InvalidInput(Say("Only one player can snatch the Blue Banana in a round."),
                           "players")


# What parse_part and parse_round read, as the API's document says it (base.py's Described).
_CARDS = {"type": "integer", "minimum": 0, "maximum": DISPLAY}
LINE = {"type": "object", "additionalProperties": False,
        "properties": {"correct": _CARDS, "incorrect": _CARDS,
                       "banana": {"enum": list(BANANA),
                                  "description": "Who snatched the Blue Banana, and how."}}}
TASK_CARD = {"type": "object", "required": ["motif", "color"], "additionalProperties": False,
             "properties": {"motif": {"enum": list(MOTIFS)}, "color": {"enum": list(COLORS)}},
             "description": "Never a motif in its own colour."}
ROUND = {"type": "object", "required": ["players"], "additionalProperties": False,
         "properties": {
             "players": {"type": "array", "items": {"anyOf": [LINE, {"type": "null"}]}},
             "task": {"anyOf": [{"type": "array", "items": TASK_CARD, "minItems": TASK_CARDS,
                                 "maxItems": TASK_CARDS}, {"type": "null"}],
                      "description": "The round's two task cards (two different ones)."},
             "snatched": {"type": ["boolean", "null"],
                          "description": "The banana is snatched before any line is typed."}}}


def round_input(entered: RoundInput) -> dict[str, Any]:
    body: dict[str, Any] = {"players": list(entered.parts)}
    if entered.common.get("task"):
        body["task"] = list(entered.common["task"])
    if entered.common.get("snatched"):
        body["snatched"] = True
    return body


def check_match(players: int, options: Mapping[str, Any], rounds: Sequence[RoundInput]) -> None:
    """What no single round shows: more cards collected than the display ever held."""
    collected = sum(line["correct"] + line["incorrect"] for entered in rounds
                    for line in entered.parts if line)
    if collected > DISPLAY:
        raise InvalidInput(Say("That makes %(collected)s cards collected over the match, but "
                               "the display holds only %(count)s.", collected=collected,
                               count=DISPLAY), "players")


# The referee -------------------------------------------------------------------------------


def sought(task: Sequence[Mapping[str, str]]) -> tuple[list[str], list[str]]:
    """The colours and motifs the task cards seek: each card's motif's own colour, and the
    motif whose own colour the card shows (rules: the card's "negative" on its back)."""
    colors = list(dict.fromkeys(OWN_COLOR[card["motif"]] for card in task))
    motifs = list(dict.fromkeys(MOTIF_OF[card["color"]] for card in task))
    return colors, motifs


def is_sought(task: Sequence[Mapping[str, str]], mode: str, motif: str, color: str) -> bool:
    """Whether a collected card (motif in colour) was one to collect, under the round's mode."""
    colors, motifs = sought(task)
    matches = color in colors or motif in motifs
    return matches if mode == "normal" else not matches


def is_card(motif: str, color: str) -> bool:
    """Whether a deck holds a card showing this motif in this colour: never in its own (SPEC:
    the rulebook's "pink flamingo" and "red strawberry" are misprints)."""
    return OWN_COLOR.get(motif) != color


def banana_snatched(entered: RoundInput) -> bool:
    """Whether the round's Blue Banana is snatched: a player's line is typed (the round is
    being scored), or the host marked it so."""
    return bool(entered.common.get("snatched")) or any(line is not None for line in entered.parts)


# What the card checker answers for a collected card, in the order it decides them.
NO_TASK, NO_SUCH_CARD, WAIT, SOUGHT, NOT_SOUGHT = (
    "no_task", "no_such_card", "wait", "sought", "not_sought")


def check_card(entered: RoundInput, mode: str, motif: str, color: str) -> str:
    """The card checker's answer for a card collected in a round. The solution "is only given
    at the end of a round, in the course of scoring" (rules/blue-banana.txt): until the banana
    is snatched it says to wait. A card no deck holds is no such card, whenever asked."""
    task = entered.common.get("task")
    if not task:
        return NO_TASK
    if not is_card(motif, color):
        return NO_SUCH_CARD
    if not banana_snatched(entered):
        return WAIT
    return SOUGHT if is_sought(task, mode, motif, color) else NOT_SOUGHT


# Scoring ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sought:
    colors: tuple[str, ...]
    motifs: tuple[str, ...]
    mode: str  # the side of the mode card that applied: normal or inverted


@dataclass(frozen=True)
class BlueBananaRound:
    mode: str  # the side of the mode card for this round
    penalties: tuple[int, ...] | None  # None while the round is open
    chips: tuple[int, ...] | None  # each player's chip value after the round's award
    sought: Sought | None  # what the task cards sought, once the round is scored
    snatcher: int | None = None  # who snatched the Blue Banana


@dataclass(frozen=True)
class BlueBananaMatch:
    chips: tuple[int, ...]  # each player's chip value now
    starts_next: int | None  # who snatched the banana last: they start the next round
    next_mode: str


def replay(players: int, options: Mapping[str, Any], rounds: Sequence[RoundInput],
           secrets: Sequence[Any] = ()) -> Result:
    # Everyone starts with one small chip.
    return scored(_Scored([0] * players, [1] * players, [], None, 0, None), options, rounds)


def extend(players: int, options: Mapping[str, Any], before: Result,
           rounds: Sequence[RoundInput], secrets: Sequence[Any] = ()) -> Result:
    """replay(), carried on from the replay of every round but the last: its totals, chips,
    rounds scored and who snatched the banana last."""
    state = _Scored(list(before.totals), list(before.detail.chips), list(before.rounds),
                    before.over_after, completed(before), before.detail.starts_next)
    return scored_last(state, options, rounds)


@dataclass
class _Scored:
    """What the replay carries from round to round."""

    totals: list[int]
    chips: list[int]
    results: list[RoundResult]
    over_after: int | None
    complete: int
    starter: int | None

    def add(self, options: Mapping[str, Any], index: int, entered: RoundInput) -> None:
        totals = self.totals
        mode = mode_of_round(options, index + 1)
        if any(line is None for line in entered.parts):
            self.results.append(RoundResult("open", None, BlueBananaRound(mode, None, None, None)))
            return
        penalties, cells = [], []
        for seat, line in enumerate(entered.parts):
            mistakes = line["incorrect"] + (1 if line["banana"] == "early" else 0)
            penalty = mistakes * min(MAX_CHIPS, self.chips[seat])
            bonus = TASK_BONUS if line["banana"] == "correct" else 0
            new_total = max(0, totals[seat] + line["correct"] + bonus - penalty)
            cells.append(new_total - totals[seat])
            penalties.append(penalty)
            totals[seat] = new_total
        most = max(totals)
        self.chips = [min(MAX_CHIPS, c + 1) if total == most else c
                      for c, total in zip(self.chips, totals, strict=True)]
        snatcher = next((seat for seat, line in enumerate(entered.parts) if line["banana"]),
                        None)
        if snatcher is not None:
            self.starter = snatcher
        task = entered.common.get("task")
        found = None
        if task:
            colors, motifs = sought(task)
            found = Sought(tuple(colors), tuple(motifs), mode)
        self.results.append(RoundResult("complete", tuple(cells), BlueBananaRound(
            mode, tuple(penalties), tuple(self.chips), found, snatcher)))
        self.complete += 1
        if self.over_after is None and self.complete >= options["rounds"]:
            self.over_after = index

    def result(self, options: Mapping[str, Any]) -> Result:
        return concluded(self.results, self.totals, self.over_after, None, BlueBananaMatch(
            tuple(self.chips), self.starter, mode_of_round(options, len(self.results) + 1)))


GAME = Game.of_rules(
    __name__,
    title=Say("Blue Banana"),
    summary=Say("Snatch the cards the task cards seek, pay penalty chips for mistakes, and let "
                "the app referee the task cards; 2 to 10 players, 8 rounds."),
    players=(2, 10),
    described=Described(ROUND, LINE, BlueBananaRound, BlueBananaMatch),
)

