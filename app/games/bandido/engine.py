"""Banana Bandido: victory points and face-up symbols after each turn, and secret characters."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import Described, Game, OptionSpec, Result, RoundInput, RoundResult, ended
from ..reading import InvalidInput, expect_object, parse_seat_list, reject_unknown, whole_number
from ..say import Say

SYMBOLS = ("stone", "water", "coconut")
VICTORY_POINTS_TO_WIN = 5
VICTORY_POINTS_IN_THE_BOX = 20
MOST_FACE_UP = 4  # "It is possible that four symbols are lying face up."
CHARACTER_SYMBOLS = 3  # each character card shows three symbols (repeats allowed)
# Each symbol as people say it (the codes above stay as the API knows them).
SYMBOL_NAMES = {"stone": Say("stone"), "water": Say("water"), "coconut": Say("coconut")}

OPTIONS = (
    OptionSpec(
        "first_seat", "seat", 0, Say("First player"),
        Say("Who takes the first turn (“the most monkey-like player”). Turns then go round in "
            "the order the names are typed."),
        minimum=0, maximum=4, in_sentence=Say("first player"),
    ),
)


def symbol_name(symbol: str) -> str:
    """A symbol as people say it, a Say."""
    return SYMBOL_NAMES.get(symbol, symbol)


def turn_order(players: int, options: Mapping[str, Any]) -> list[int]:
    first = options["first_seat"]
    return [(first + step) % players for step in range(players)]


# Reading what was typed ------------------------------------------------------------------


def _symbols(value: Any, where: str, exactly: int | None = None) -> list[str]:
    if not isinstance(value, list):
        raise InvalidInput(Say("Give the symbols as a list, like [\"stone\", \"water\"]."),
                           where)
    for symbol in value:
        if symbol not in SYMBOLS:
            raise InvalidInput(Say("A symbol is stone, water or coconut, not “%(symbol)s”.",
                                   symbol=symbol), where)
    if exactly is not None and len(value) != exactly:
        raise InvalidInput(Say("A character shows exactly %(count)s symbols.", count=exactly),
                           where)
    if len(value) > MOST_FACE_UP:
        raise InvalidInput(Say("At most %(count)s action cards lie face up.",
                               count=MOST_FACE_UP), where)
    return list(value)


def parse_part(body: Any, seat: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """A seat's state after its turn: victory points held and its face-up symbols."""
    body = expect_object(body, Say("A player's state"), None)
    reject_unknown(body, {"vp", "symbols"}, "")
    return {
        "vp": whole_number(body.get("vp", 0), Say("Victory points"), "vp", 0,
                           VICTORY_POINTS_IN_THE_BOX),
        "symbols": _symbols(body.get("symbols", []), "symbols"),
    }


def parse_round(body: Any, players: int, options: Mapping[str, Any]) -> RoundInput:
    body = expect_object(body, Say("A round"), None)
    reject_unknown(body, {"players"}, "")
    parts = parse_seat_list(body.get("players"), players, parse_part, options, "players",
                            Say("player states"))
    entered = RoundInput(common={}, parts=tuple(parts))
    check_round(entered, players, options)
    return entered


def check_round(entered: RoundInput, players: int, options: Mapping[str, Any]) -> None:
    """The box holds 20 victory points: no round's seats hold more between them."""
    held = sum(part["vp"] for part in entered.parts if part)
    if held > VICTORY_POINTS_IN_THE_BOX:
        raise InvalidInput(Say("That is %(held)s victory points in play, but the box holds "
                               "only %(count)s.", held=held, count=VICTORY_POINTS_IN_THE_BOX),
                           "players")


# What parse_part, parse_round and parse_character read, as the API's document says it (base.py's
# Described).
_SYMBOL = {"enum": list(SYMBOLS)}
STATE = {"type": "object", "additionalProperties": False,
         "properties": {"vp": {"type": "integer", "minimum": 0,
                               "maximum": VICTORY_POINTS_IN_THE_BOX},
                        "symbols": {"type": "array", "items": _SYMBOL,
                                    "maxItems": MOST_FACE_UP}}}
ROUND = {"type": "object", "required": ["players"], "additionalProperties": False,
         "properties": {"players": {"type": "array",
                                    "items": {"anyOf": [STATE, {"type": "null"}]}}}}
CHARACTER = {"type": "object", "additionalProperties": False, "required": ["symbols"],
             "properties": {"symbols": {"type": "array", "items": _SYMBOL,
                                        "minItems": CHARACTER_SYMBOLS,
                                        "maxItems": CHARACTER_SYMBOLS},
                            "revealed": {"type": "boolean"}}}


def round_input(entered: RoundInput) -> dict[str, Any]:
    return {"players": list(entered.parts)}


def parse_character(value: Any) -> list[str]:
    """A character card's three symbols (repeats allowed: two stones and a water, say)."""
    return _symbols(value, "symbols", exactly=CHARACTER_SYMBOLS)


# Winning ---------------------------------------------------------------------------------


def symbols_matched(character: Sequence[str] | None, face_up: Sequence[str]) -> int:
    """How many of a character's three symbols lie face up (as a multiset)."""
    if not character:
        return 0
    return sum((Counter(character) & Counter(face_up)).values())


def win_reason(part: Mapping[str, Any], character: Sequence[str] | None) -> str | None:
    if part["vp"] >= VICTORY_POINTS_TO_WIN:
        return "victory_points"  # SPEC: by victory points where a seat meets both
    if character and symbols_matched(character, part["symbols"]) == len(character):
        return "symbols"
    return None


@dataclass(frozen=True)
class BandidoRound:
    first: int  # the seat that takes the first turn
    symbols: tuple[tuple[str, ...] | None, ...]  # each seat's face-up symbols after its turn


@dataclass(frozen=True)
class BandidoMatch:
    win_reason: str | None  # "victory_points" or "symbols", once over
    face_up: tuple[tuple[str, ...], ...]  # each seat's face-up symbols now
    missing_characters: tuple[int, ...]  # seats whose character is not in yet


def replay(players: int, options: Mapping[str, Any], rounds: Sequence[RoundInput],
           secrets: Sequence[Any] = ()) -> Result:
    """Rounds in order, seats in turn order from first_seat: the first to meet a condition wins."""
    state = _Held([0] * players, ((),) * players, [], None, None, None)
    for index, entered in enumerate(rounds):
        state.add(players, options, secrets, index, entered)
    return state.result(players, secrets)


def extend(players: int, options: Mapping[str, Any], before: Result,
           rounds: Sequence[RoundInput], secrets: Sequence[Any] = ()) -> Result:
    """replay(), carried on from the replay of every round but the last (with the same
    secrets): the victory points held and the symbols face up. A match whose winning round
    waits behind an open one does not say who won it: that one is replayed."""
    if before.over_after is not None and not before.over:
        return replay(players, options, rounds, secrets)
    winner = before.winners[0] if before.winners else None
    state = _Held(list(before.totals), before.detail.face_up, list(before.rounds),
                  before.over_after, winner, before.detail.win_reason)
    state.add(players, options, secrets, len(rounds) - 1, rounds[-1])
    return state.result(players, secrets)


@dataclass
class _Held:
    """What the replay carries from round to round."""

    held: list[int]
    face_up: tuple[tuple[str, ...], ...]
    results: list[RoundResult]
    over_after: int | None
    winner: int | None
    reason: str | None

    def add(self, players: int, options: Mapping[str, Any], secrets: Sequence[Any], index: int,
            entered: RoundInput) -> None:
        # A secret is the character's three symbols. It was dealt at setup, so it counts in
        # every round, those played before it was typed in included (SPEC).
        characters = _characters(players, secrets)
        order = turn_order(players, options)
        detail = BandidoRound(order[0], tuple(None if p is None else tuple(p["symbols"])
                                              for p in entered.parts))
        # SPEC: the game ends at the winner's turn, so a round is complete once every seat up
        # to and including a winner, in turn order, has its part; the seats after the winner
        # never played it (a part typed for one is kept as typed and ignored).
        played: list[int] = []
        won: tuple[int, str] | None = None
        for seat in order:
            part = entered.parts[seat]
            if part is None:
                break
            played.append(seat)
            met = win_reason(part, characters[seat]) if self.over_after is None else None
            if met:
                won = (seat, met)
                break
        if won is None and len(played) < players:
            self.results.append(RoundResult("open", None, detail))
            return
        for seat in played:
            self.held[seat] = entered.parts[seat]["vp"]
        self.face_up = tuple(tuple(entered.parts[seat]["symbols"]) if seat in played
                             else self.face_up[seat] for seat in range(players))
        self.results.append(RoundResult("complete", tuple(self.held), detail))
        if won is not None:
            self.over_after, (self.winner, self.reason) = index, won

    def result(self, players: int, secrets: Sequence[Any]) -> Result:
        held, results = self.held, self.results
        over = ended(results, self.over_after)
        # The seat that met a condition first, once the match is over (over_after names its
        # round).
        winners = (self.winner,) if over and self.winner is not None else ()
        most = max(held) if any(r.status == "complete" for r in results) else None
        leaders = tuple(seat for seat, vp in enumerate(held) if vp == most) if most else ()
        if winners:
            leaders = winners  # a symbol win beats any count of victory points
        characters = _characters(players, secrets)
        return Result(
            rounds=tuple(results),
            totals=tuple(held),
            over=over,
            over_after=self.over_after,
            winners=winners,
            leaders=leaders,
            target=VICTORY_POINTS_TO_WIN,
            detail=BandidoMatch(self.reason if over else None, self.face_up,
                                tuple(seat for seat in range(players) if not characters[seat])),
        )


def won_by_secret(result: Result) -> int | None:
    """The seat whose character won it: a symbols win (the character's three symbols face up)
    is the one that only that seat's secret decides."""
    detail = result.detail
    if (isinstance(detail, BandidoMatch) and detail.win_reason == "symbols"
            and len(result.winners) == 1):
        return result.winners[0]
    return None


def _characters(players: int, secrets: Sequence[Any]) -> list[Any]:
    return list(secrets) + [None] * (players - len(secrets))


GAME = Game.of_rules(
    __name__,
    title=Say("Banana Bandido"),
    summary=Say("Five victory points or your secret character's three symbols face up: the app "
                "spots the winner and keeps every character secret; 2 to 5 players."),
    players=(2, 5),
    secrets=True,
    described=Described(ROUND, STATE, BandidoRound, BandidoMatch, CHARACTER),
)
