"""The shape every game engine shares: options, sides, round inputs and replay results."""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from ..errors import Where, path_of
from .reading import InvalidInput, whole_number
from .say import Say


@dataclass(frozen=True)
class OptionSpec:
    """One match option: what it is called, its type, its default, and a sentence on what it does.

    The words (label, help, the choices' labels, when_empty, in_sentence) are `Say`s, so a page
    says them in its own language; names and choice codes stay as the API knows them."""

    name: str
    # "int", "bool", "choice", "seat" (a seat at the table: 0 is the first name), or "data"
    # (anything JSON holds, read by `read`: a custom game's design)
    kind: str
    default: Any
    label: str
    help: str
    choices: tuple[tuple[str, str], ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    optional: bool = False  # an int option that may be left empty (None)
    when_empty: str = Say("none")  # what an empty optional option means, in a word or two
    # The label as it reads inside a sentence ("the first player must be..."); its lowercase
    # English by default (a game gives its own Say where a page says it in a sentence).
    in_sentence: str | None = None
    # A "data" option's reading: the value kept, or InvalidInput with the field inside the option.
    read: Callable[[Any], Any] | None = None
    # A default that depends on the options read before this one (a design's own target); used
    # only when the option is not given at all, so that an explicit null stays null.
    default_of: Callable[[Mapping[str, Any]], Any] | None = None

    @property
    def label_in_sentence(self) -> str:
        return self.in_sentence if self.in_sentence is not None else self.label.lower()


@dataclass(frozen=True)
class Described:
    """What a game's API takes and shows, for API v1's machine-readable document (app/api/openapi):
    JSON Schemas (plain data) of a round input, of one seat's part and of a secret character,
    and the frozen dataclasses of its own round and match detail, whose fields the match's JSON
    shows (detail_json). Kept beside the readers they describe, so that the two change together."""

    round: Mapping[str, Any]
    part: Mapping[str, Any]
    round_detail: type | None = None
    match_detail: type | None = None
    character: Mapping[str, Any] | None = None
    # Schemas the others name ({"$ref": "#/components/schemas/<name>"}), by name: each a class
    # of its own in a client generated from the document, where a form inlined twice is not.
    components: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class Side:
    """A scoring unit: one seat, or a partnership of two."""

    index: int
    name: str
    seats: tuple[int, ...]


@dataclass(frozen=True)
class RoundInput:
    """A round as stored: round-wide fields and each seat's part (None while not entered)."""

    common: Mapping[str, Any]
    parts: tuple[Any, ...]


@dataclass(frozen=True)
class RoundResult:
    status: str  # "open", "complete" or "dead"
    cells: tuple[int, ...] | None
    detail: Any = None  # the game's own frozen dataclass for the round (the free sheet has none)


@dataclass(frozen=True)
class Result:
    """A match replayed: every round's outcome, totals per side, and whether it is over."""

    rounds: tuple[RoundResult, ...]
    totals: tuple[int, ...]
    over: bool
    # Index of the round after which the match was over; rounds past it are not allowed.
    over_after: int | None
    winners: tuple[int, ...]
    leaders: tuple[int, ...]
    target: int | None
    detail: Any = None  # the game's own frozen dataclass for the match as it stands


def detail_json(detail: Any) -> dict[str, Any]:
    """A game's own round or match detail as JSON-ready fields (none for a game without). A
    detail whose fields hold JSON already says them itself (`json_ready()`): a design's rows,
    dicts of numbers, half a million of them in the largest match, are then not gone through."""
    if detail is None:
        return {}
    ready = getattr(detail, "json_ready", None)
    fields: dict[str, Any] = ready() if ready is not None else _json_ready(detail)
    return fields


def _json_ready(value: Any) -> Any:
    # What dataclasses.asdict gives, without its deep copy of every value: a match's JSON holds
    # a detail a round, and asdict took most of a 1,000-round match's answer.
    if value is None or isinstance(value, (str, int, float)):
        return value
    if isinstance(value, (tuple, list)):
        return [_json_ready(item) for item in value]
    if isinstance(value, dict):
        return {name: _json_ready(item) for name, item in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {field.name: _json_ready(getattr(value, field.name))
                for field in dataclasses.fields(value)}
    return value


class Replay(Protocol):
    """Every game replays alike: the rounds as entered, and each seat's secret (None where a
    seat keeps none; games without secrets never look)."""

    def __call__(self, players: int, options: Mapping[str, Any], rounds: Sequence[RoundInput],
                 secrets: Sequence[Any]) -> Result: ...


def ended(results: Sequence[RoundResult], over_after: int | None) -> bool:
    """Over once the deciding round is in, unless a round before it still waits for a part."""
    return over_after is not None and all(r.status != "open" for r in results[:over_after])


def concluded(results: Sequence[RoundResult], totals: Sequence[int], over_after: int | None,
              target: int | None, detail: Any = None, lowest_first: bool = False) -> Result:
    """The usual ending: the best total leads once a round is complete, and wins once over."""
    over = ended(results, over_after)
    played = any(r.status == "complete" for r in results)
    leaders = ranked(totals, lowest_first) if played else ()
    return Result(rounds=tuple(results), totals=tuple(totals), over=over, over_after=over_after,
                  winners=leaders if over else (), leaders=leaders, target=target,
                  detail=detail)


def seat_sides(players: Sequence[str], options: Mapping[str, Any] | None = None
               ) -> tuple[Side, ...]:
    """Every player a side of their own (the options change nothing)."""
    return tuple(Side(i, name, (i,)) for i, name in enumerate(players))


class Extend(Protocol):
    """A replay carried one round further: `before` is the replay of every round but the last
    of `rounds`, and the answer must be exactly replay(players, options, rounds, secrets). A
    game whose replay is a fold over its rounds, with a state its Result keeps, says it here, so
    that a round added (or the last one changed) does not replay those before it."""

    def __call__(self, players: int, options: Mapping[str, Any], before: Result,
                 rounds: Sequence[RoundInput], secrets: Sequence[Any]) -> Result: ...


RULES = ("parse_round", "parse_part", "check_round", "round_input", "replay", "sides",
         "check_options", "check_match", "parse_character", "won_by_secret", "extend")


@dataclass(frozen=True)
class Game:
    """A game engine: pure functions over plain data, registered under `name`."""

    name: str
    title: str
    summary: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    parse_round: Callable[[Any, int, Mapping[str, Any]], RoundInput]
    parse_part: Callable[[Any, int, Mapping[str, Any]], Any]
    round_input: Callable[[RoundInput], dict[str, Any]]
    replay: Replay
    # Who scores together; every player for themselves unless the game pairs them.
    sides: Callable[[Sequence[str], Mapping[str, Any]], tuple[Side, ...]] = seat_sides
    # May fill in defaults that depend on the player count, or refuse a combination.
    check_options: Callable[[dict[str, Any], int], None] = lambda options, players: None
    # Checks what a round's parts together must hold (one goer, the victory points in the box),
    # on parts each read by parse_part: parse_round does it too, and so does a write that puts
    # one seat's part into a round.
    check_round: Callable[[RoundInput, int, Mapping[str, Any]], None] = (
        lambda entered, players, options: None)
    # Checks what no single round shows (cards collected over the whole match, say).
    check_match: Callable[[int, Mapping[str, Any], Sequence[RoundInput]], None] = (
        lambda players, options, rounds: None)
    # The replay carried one round further, where the game's replay is such a fold (Extend).
    extend: Extend | None = None
    # Whether the outcome also depends on what each seat keeps secret (Bandido's characters).
    secrets: bool = False
    parse_character: Callable[[Any], Any] | None = None
    # The seat whose secret decided a replay's result, where one did (None: none did): a
    # refusal that such a secret causes tells the whole table (SPEC section 1).
    won_by_secret: Callable[[Result], int | None] = lambda result: None
    # The options a table may change while it plays (where to end: a target, a round count);
    # every other option is fixed once the match starts.
    movable: tuple[str, ...] = ()
    # The round input's list of seats' parts, as the API names it (SPEC section 2): where a fault
    # in one seat's part is said to be (`hands[1].melded.joker`).
    parts_field: str = "players"
    # What its API input and detail look like, for the API's document (None: any JSON object).
    described: Described | None = None
    # Whether the lowest total ranks first with these options (a finished match's places after
    # its winners, and what a score-keeping app is told of the game); the highest, unless said.
    lowest_wins: Callable[[Mapping[str, Any]], bool] = lambda options: False
    # How many rounds a match may hold with these options, where the game says fewer than every
    # match's bound (a sheet scored in one tally holds one); None: the bound alone.
    most_rounds: Callable[[Mapping[str, Any]], int | None] = lambda options: None
    # Each side's place (1 is best, ties share and skip) where the game orders sides by more than
    # their totals (a design's tie-breaks); None: the winners first, then by total.
    places: Callable[[Result, Mapping[str, Any]], tuple[int, ...]] | None = None
    # Each side's totals by row over a replayed match, where the game scores rows (a design's):
    # kept with a banked match's summary, for statistics by row.
    side_rows: Callable[[Result], tuple[Mapping[str, int], ...]] | None = None

    @classmethod
    def of_rules(cls, module: str, players: tuple[int, int], **described: Any) -> Game:
        """The game whose rules are the functions its engine module defines under the names
        above (parse_round, parse_part, round_input, replay; sides, check_options, check_match,
        parse_character and extend where it has them) and whose options are its OPTIONS, named
        as its package is (app/games/<name>/engine.py), for `players` (the fewest and the most,
        as a rulebook says "2–5"), described by the rest; a rule may be named among the rest
        too, where it lives in a module of its own, and so may the name."""
        rules = vars(sys.modules[module])
        fewest, most = players
        own: dict[str, Any] = {"name": module.split(".")[-2], "min_players": fewest,
                               "max_players": most}
        own |= {name: rules[name] for name in RULES if name in rules}
        if "OPTIONS" in rules:
            own["options"] = rules["OPTIONS"]
        return cls(**(own | described))

    def __post_init__(self) -> None:
        if self.secrets != (self.parse_character is not None):
            raise ValueError(f"{self.name} keeps secrets if, and only if, it reads characters.")
        names = {spec.name for spec in self.options}
        for name in self.movable:
            if name not in names:
                raise ValueError(f"{self.name} cannot let a table move “{name}”: no such option.")

    def replay_after(self, players: int, options: Mapping[str, Any], before: Result | None,
                     rounds: Sequence[RoundInput], secrets: Sequence[Any]) -> Result:
        """replay(), from `before` (the replay of every round but the last) where the game can
        carry it forward."""
        if before is not None and self.extend is not None and rounds \
                and len(before.rounds) == len(rounds) - 1:
            return self.extend(players, options, before, rounds, secrets)
        return self.replay(players, options, rounds, secrets)

    def parse_options(self, raw: Any, players: int) -> dict[str, Any]:
        """Options with defaults filled in; unknown names and bad values are InvalidInput."""
        if raw is None:
            raw = {}
        if not isinstance(raw, Mapping):
            raise InvalidInput(Say("Options must be an object."), ("options",))
        specs = {spec.name: spec for spec in self.options}
        for name in raw:
            if name not in specs:
                raise InvalidInput(Say("%(game)s has no option “%(name)s”.", game=self.title,
                                       name=name), ("options", name))
        options: dict[str, Any] = {}
        for spec in self.options:
            if spec.name in raw:
                value = raw[spec.name]
            else:
                value = spec.default if spec.default_of is None else spec.default_of(options)
            options[spec.name] = _option_value(spec, value)
            if spec.kind == "seat" and options[spec.name] >= players:
                raise InvalidInput(Say("The %(option)s must be one of the %(players)s seats "
                                       "(0 to %(last)s).", option=spec.label_in_sentence,
                                       players=players, last=players - 1),
                                   ("options", spec.name))
        self.check_options(options, players)
        return options


def _option_value(spec: OptionSpec, value: Any) -> Any:
    where: Where = ("options", spec.name)
    if spec.kind == "data":
        if spec.read is None:
            raise ValueError(f"The option {spec.name!r} holds data but has no reading of it.")
        try:
            return spec.read(value)
        except InvalidInput as error:
            if error.at:
                raise InvalidInput(error.message, where + error.at) from error
            inside = error.field or ""
            written = path_of(where)
            raise InvalidInput(error.message, written + (inside if inside[:1] in ("", "[")
                                                         else f".{inside}")) from error
    if spec.kind == "bool":
        if not isinstance(value, bool):
            raise InvalidInput(Say("%(label)s must be true or false.", label=spec.label), where)
        return value
    if spec.kind == "choice":
        allowed = [key for key, _ in spec.choices]
        if value not in allowed:
            raise InvalidInput(Say("%(label)s must be one of: %(choices)s.", label=spec.label,
                                   choices=", ".join(allowed)), where)
        return value
    if value is None and spec.optional:
        return None
    return whole_number(value, spec.label, where, spec.minimum, spec.maximum)


def ranked(totals: Sequence[int], lowest_first: bool = False) -> tuple[int, ...]:
    """Indexes of the sides holding the best total (ties share)."""
    if not totals:
        return ()
    best = min(totals) if lowest_first else max(totals)
    return tuple(i for i, total in enumerate(totals) if total == best)


class HasName(Protocol):
    """What a registry holds: something named after its game (an engine, its pages)."""

    @property
    def name(self) -> str: ...


Named = TypeVar("Named", bound=HasName)


class Registry(dict[str, Named]):
    """Things (engines, their pages) by the name of their game, each registered once."""

    def __init__(self, what: str):
        super().__init__()
        self.what = what

    def register(self, item: Named) -> Named:
        name = item.name
        if name in self and self[name] is not item:
            raise ValueError(f"The game {name!r} has {self.what} already.")
        self[name] = item
        return item
