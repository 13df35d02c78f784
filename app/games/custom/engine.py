"""The one engine that scores every design: its options, a player's line, a round, the replay."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from ..base import Described, Game, OptionSpec, Result, RoundInput, RoundResult, ended
from ..reading import (
    InvalidInput,
    expect_object,
    grouped,
    parse_seat_list,
    reject_unknown,
    whole_number,
)
from ..say import Say
from ..scoring import at_line, completed, scored, scored_last
from .design import LARGEST_TARGET, MOST_ROUNDS, kept_design, read_option
from .formula import LARGEST_VALUE
from .model import CheckRow, ChoiceRow, CountRow, Design, FormulaRow, RankRow, TypedRow
from .standings import places, standings
from .values import Line, TooLarge, Values, round_values


def design_of(options: Mapping[str, Any]) -> Design:
    """The match's design, read once for all its rounds (see design.kept_design)."""
    return kept_design(options["design"])


def _design_end(name: str) -> Any:
    def default(options: Mapping[str, Any]) -> Any:
        design = options.get("design")
        return design.get(name) if isinstance(design, Mapping) else None
    return default


OPTIONS = (
    OptionSpec(
        "design", "data", None, Say("Design"),
        Say("The sheet's rows, what each is worth and who wins: the match keeps its own copy."),
        read=read_option,
    ),
    OptionSpec(
        "target", "int", None, Say("Target"),
        Say("The match is over once a total reaches this number; leave empty for no target."),
        minimum=1, maximum=LARGEST_TARGET, optional=True, in_sentence=Say("target"),
        default_of=_design_end("target"),
    ),
    OptionSpec(
        "rounds", "int", None, Say("Rounds"),
        Say("The match is over after this many rounds; leave empty to play on until you stop."),
        minimum=1, maximum=MOST_ROUNDS, optional=True, in_sentence=Say("rounds"),
        default_of=_design_end("rounds"),
    ),
)


def check_options(options: dict[str, Any], players: int) -> None:
    design = design_of(options)
    least, most = design.players
    if not least <= players <= most:
        raise InvalidInput(Say("%(name)s is played by %(least)s to %(most)s players, not "
                               "%(given)s.", name=design.name, least=least, most=most,
                               given=players), ("players",))
    if design.scoring == "game":
        for name in ("target", "rounds"):
            if options[name] is not None:
                raise InvalidInput(Say("%(name)s is scored in one tally at the end: it has no "
                                       "target and no rounds.", name=design.name),
                                   f"options.{name}")


def most_rounds(options: Mapping[str, Any]) -> int | None:
    """How many rounds a match may hold, where its design says: one (the tally) for a design
    scored in one tally (SPEC: "there is no round 2", which the service answers 409)."""
    return 1 if design_of(options).scoring == "game" else None


def lowest_wins(options: Mapping[str, Any]) -> bool:
    return design_of(options).winner == "lowest"


# --- a player's line ------------------------------------------------------------------------------

def _entry(row: TypedRow, key: str, value: Any) -> int | bool:
    if isinstance(row, CheckRow):
        if not isinstance(value, bool):
            raise InvalidInput(Say("%(label)s is ticked or not: true or false.",
                                   label=row.label), key)
        return value
    if isinstance(row, ChoiceRow):
        last = len(row.options) - 1
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or value not in range(last + 1):
            raise InvalidInput(Say("%(label)s is one of its options, by its number: 0 to "
                                   "%(last)s.", label=row.label, last=last), key)
        return int(value)
    if isinstance(row, CountRow):
        return whole_number(value, row.label, key, 0, row.maximum)
    return whole_number(value, row.label, key, row.minimum, row.maximum)


def _line(design: Design, body: Any) -> dict[str, int | bool]:
    body = expect_object(body, Say("A player's line"), None)
    typed: dict[str, int | bool] = {}
    for key, value in body.items():
        row = design.by_key.get(key)
        if row is None:
            raise InvalidInput(Say("There is no row “%(key)s”.", key=key), key)
        if isinstance(row, (RankRow, FormulaRow)):
            raise InvalidInput(Say("%(label)s is worked out, not typed.", label=row.label), key)
        if value is not None:  # a row left empty: not typed yet
            typed[key] = _entry(row, key, value)
    return {row.key: typed[row.key] for row in design.typed if row.key in typed}


def _too_large(design: Design, key: str) -> Say:
    return Say("%(label)s would come to more than %(most)s either way: check what it is worked "
               "out from.", label=design.by_key[key].label, most=grouped(LARGEST_VALUE))


def parse_part(body: Any, seat: int, options: Mapping[str, Any]) -> dict[str, int | bool]:
    """A player's line: `{key: value}` for some or all of the typed rows. Its formulas are
    worked out here where they can be alone (not from ranks or `players`), and parse_round
    works out the rest."""
    design = design_of(options)
    line = _line(design, body)
    try:
        round_values(design, [line], None, alone=True)
    except TooLarge as error:
        raise InvalidInput(_too_large(design, error.key), error.key) from None
    return line


def parse_round(body: Any, players: int, options: Mapping[str, Any]) -> RoundInput:
    design = design_of(options)
    body = expect_object(body, Say("A round"), None)
    reject_unknown(body, {"players"}, "")
    parts = parse_seat_list(body.get("players"), players,
                            lambda item, seat, options: _line(design, item), options,
                            "players", Say("player lines"))
    try:
        round_values(design, parts, players)
    except TooLarge as error:
        raise InvalidInput(_too_large(design, error.key),
                           f"players[{error.seat}].{error.key}") from None
    return RoundInput(common={}, parts=parts)


# What parse_part and parse_round read, as the API's document says it (base.py's Described): a
# typed row's value by its key (a number, a tick, a choice's index; null: not typed yet).
A_LINE = {"type": "object", "propertyNames": {"pattern": "^[a-z][a-z0-9_]{0,23}$"},
          "additionalProperties": {"type": ["integer", "boolean", "null"]},
          "description": "The design's typed rows by key: a number, true or false, or an "
                         "option's index."}
A_ROUND = {"type": "object", "required": ["players"], "additionalProperties": False,
           "properties": {"players": {"type": "array",
                                      "items": {"anyOf": [A_LINE, {"type": "null"}]}}}}


def round_input(round_: RoundInput) -> dict[str, Any]:
    return {"players": [None if part is None else dict(part) for part in round_.parts]}


# --- the replay ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class RoundDetail:
    """Every row's value for each side in the round (None until known): `rows` in the API."""

    rows: tuple[Values, ...]

    def json_ready(self) -> dict[str, Any]:
        """Its fields as JSON (each row's value a number or null already: see detail_json)."""
        return {"rows": list(self.rows)}


@dataclass(frozen=True)
class MatchDetail:
    """Each side's totals by row over the complete rounds (`row_totals` in the API), its place,
    and the tie-break row that settled its place (None where none did)."""

    row_totals: tuple[dict[str, int], ...]
    places: tuple[int, ...]
    decided_by: tuple[str | None, ...]

    def json_ready(self) -> dict[str, Any]:
        return {"row_totals": list(self.row_totals), "places": list(self.places),
                "decided_by": list(self.decided_by)}


def replay(players: int, options: Mapping[str, Any], rounds: Sequence[RoundInput],
           secrets: Sequence[Any] = ()) -> Result:
    design = design_of(options)
    state = _Tally(design, [0] * players, [dict.fromkeys(_keys(design), 0)
                                           for _ in range(players)], [], None, 0)
    return scored(state, options, rounds)


def extend(players: int, options: Mapping[str, Any], before: Result,
           rounds: Sequence[RoundInput], secrets: Sequence[Any] = ()) -> Result:
    """replay(), carried on from the replay of every round but the last."""
    state = _Tally(design_of(options), list(before.totals),
                   [dict(totals) for totals in before.detail.row_totals], list(before.rounds),
                   before.over_after, completed(before))
    return scored_last(state, options, rounds)


def _keys(design: Design) -> tuple[str, ...]:
    return tuple(row.key for row in design.rows)


@dataclass
class _Tally:
    """What the replay carries from round to round."""

    design: Design
    totals: list[int]
    row_totals: list[dict[str, int]]
    results: list[RoundResult]
    over_after: int | None
    complete: int

    def add(self, options: Mapping[str, Any], index: int, round_: RoundInput) -> None:
        players = len(self.totals)
        # parse_round refused a value past ±10^12 before the round was kept: none is met here,
        # and one that were would leave its round open rather than fail a read.
        rows = round_values(self.design, round_.parts, players, strict=False)
        if not _complete(round_.parts, rows):
            self.results.append(RoundResult("open", None, RoundDetail(rows)))
            return
        known = cast("Sequence[dict[str, int]]", rows)  # every value is known: complete
        cells = tuple(sum(values[key] for key in self.design.counted) for values in known)
        self.totals = [total + cell for total, cell in zip(self.totals, cells, strict=True)]
        self.row_totals = [{key: totals[key] + values[key] for key in totals}
                           for totals, values in zip(self.row_totals, known, strict=True)]
        self.results.append(RoundResult("complete", cells, RoundDetail(rows)))
        self.complete += 1
        if self.over_after is None and _is_over(self.design, options, self.totals,
                                                self.complete):
            self.over_after = index

    def result(self, options: Mapping[str, Any]) -> Result:
        placed, decided = standings(self.design, self.totals, self.row_totals)
        over = ended(self.results, self.over_after)
        played = any(result.status == "complete" for result in self.results)
        leaders = tuple(side for side, place in enumerate(placed) if place == 1) \
            if played else ()
        detail = MatchDetail(tuple(self.row_totals), placed, decided)
        return Result(rounds=tuple(self.results), totals=tuple(self.totals), over=over,
                      over_after=self.over_after, winners=leaders if over else (),
                      leaders=leaders, target=options["target"], detail=detail)


def _complete(parts: Sequence[Line | None], rows: Sequence[Values]) -> bool:
    """Every line is in and every value known: a typed row's is known once typed, and so every
    row's then (but for a value past ±10^12, which parse_round refuses)."""
    return None not in parts and all(None not in values.values() for values in rows)


def _is_over(design: Design, options: Mapping[str, Any], totals: Sequence[int],
             complete: int) -> bool:
    if design.scoring == "game":
        return complete >= 1  # the tally is the match
    return at_line(options, totals, complete)


GAME = Game.of_rules(
    __name__,
    title=Say("A sheet for any game"),
    summary=Say("Any other game: the rows of its score pad, what each is worth, and who wins."),
    players=(1, 12),
    described=Described(A_ROUND, A_LINE, RoundDetail, MatchDetail),
    # As the free sheet's: a table decides its own end, and may change its mind.
    movable=("target", "rounds"),
    lowest_wins=lowest_wins,
    most_rounds=most_rounds,
    places=places,
    side_rows=lambda result: result.detail.row_totals,
)
