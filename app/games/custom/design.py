"""Reading a design (SPEC section 10): every rule checked, every fault at its path, read once."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any

from ..reading import InvalidInput, expect_object, reject_unknown, whole_number
from ..say import Say
from .canonical import design_json, size_of
from .labels import read_labels
from .model import (
    ORDERS,
    SCORINGS,
    WINNERS,
    CountRow,
    Design,
    FormulaRow,
    NumberRow,
    RankRow,
    Row,
    Tiebreak,
)
from .rows import Clean, given, one_of, read_row, text

LARGEST_DESIGN = 64 * 1024  # bytes of its JSON
MOST_ROWS = 40
MOST_PLAYERS = 12
MOST_ROUNDS = 1000  # a match holds at most 1,000 rounds (SPEC section 6)
LARGEST_TARGET = 1_000_000_000  # as the free sheet's
# The work a match's formulas may take, in steps (each number, row, operator and function in a
# formula is one, worked out once per player and round): the largest match a design allows
# (1,000 rounds of a design scored round by round, one tally of one scored in a tally, at its
# most players) works its formulas out in at most this many, about a fifth of a second of a
# replay on the project's machine, beside the rest of a first read of the largest match
# (SPEC section 6: within 1 s). A rounds design for 12 players may take 100 steps in all; the
# gallery's largest takes 28. One formula of 150 factors at 12 players, replayed over 1,000
# rounds, had held a worker for 30 s (issue 41).
MOST_STEPS = 1_200_000
FIELDS = {"name", "players", "scoring", "winner", "tiebreak", "rows", "rounds", "target",
          "labels"}


def trimmed(value: str) -> str:
    return value.strip()


def parse_design(raw: Any, clean: Clean = trimmed, *, kept: bool = False) -> Design:
    """A design read and checked, or InvalidInput with `field` its path (`rows[3].formula`).

    `clean` makes each text (the name, labels) into the form it is kept in before it is
    measured; the app passes its name normaliser, and a text is bounded (160 characters) before.
    A copy `kept` by a match is read again as it was accepted: the budget of its formulas'
    work (MOST_STEPS) holds what a client sends, not a match made before it."""
    body = expect_object(raw, Say("A design"), None)
    reject_unknown(body, FIELDS, "")
    name = text(body.get("name"), "name", Say("The name"), clean)
    players = _players(given(body, "players"))
    scoring = given(body, "scoring")
    scoring = "game" if scoring is None else one_of(scoring, SCORINGS, Say("The scoring"),
                                                    "scoring")
    winner = given(body, "winner")
    winner = "highest" if winner is None else one_of(winner, WINNERS, Say("The winner"), "winner")
    rows = _rows(body.get("rows"), clean)
    by_key = {row.key: row for row in rows}
    _names_known(rows, by_key)
    worked_out = _in_order(rows, by_key)
    tiebreak = _tiebreak(given(body, "tiebreak"), by_key)
    rounds, target = _end(body, scoring)
    if not kept:
        _within_budget(rows, players[1], scoring)
    labels = read_labels(given(body, "labels"), rows, clean)
    design = Design(name, players, scoring, winner, tiebreak, rows, rounds, target, labels,
                    worked_out)
    if size_of(design) > LARGEST_DESIGN:
        raise InvalidInput(Say("A design is at most %(most)s KiB of JSON.",
                               most=LARGEST_DESIGN // 1024), None)
    return design


def kept_design(design: Mapping[str, Any]) -> Design:
    """The Design of a match's canonical design JSON (its options' `design`), read once per
    design rather than once per round or request: a replay of 1,000 rounds reads it once. A
    write asks for the same dict several times (its checks, its replay, its answer): that dict
    is known by itself, without writing it out as the cache's key again (a match's options are
    never changed in place: a change of them is a new dict)."""
    found = _LATEST.get(id(design))
    if found is not None and found[0] is design:
        return found[1]
    made = _kept_design(json.dumps(design, sort_keys=True, ensure_ascii=False,
                                   separators=(",", ":")))
    if len(_LATEST) >= 64:
        _LATEST.clear()
    # The dict is kept with its Design, so that its id names it alone while it is here.
    _LATEST[id(design)] = (design, made)
    return made


_LATEST: dict[int, tuple[Mapping[str, Any], Design]] = {}


@functools.lru_cache(maxsize=64)
def _kept_design(canonical: str) -> Design:
    return parse_design(json.loads(canonical), kept=True)


def read_option(raw: Any) -> dict[str, Any]:
    """A match's `design` option: the design checked and written back in its canonical form.
    Its texts are only trimmed here: a copy a client sent is read first by the app, in its
    names' normal form, as any design (services/design/copies.py), and held to the budget of
    its formulas' work there: here it is a copy already taken (a match's, moved or seated
    again), read as it was accepted."""
    if raw is None:
        raise InvalidInput(Say("Give the design: its name, rows and who wins."), None)
    return design_json(parse_design(raw, kept=True))


def _players(raw: Any) -> tuple[int, int]:
    if raw is None:
        return (1, MOST_PLAYERS)
    if not isinstance(raw, list) or len(raw) != 2:
        raise InvalidInput(Say("Give the players as [fewest, most], like [2, 6]."), "players")
    least, most = (whole_number(value, Say("A number of players"), "players", 1, MOST_PLAYERS)
                   for value in raw)
    if least > most:
        raise InvalidInput(Say("The fewest players (%(least)s) must not be more than the most "
                               "(%(most)s).", least=least, most=most), "players")
    return (least, most)


def _rows(raw: Any, clean: Clean) -> tuple[Row, ...]:
    if not isinstance(raw, list) or not 1 <= len(raw) <= MOST_ROWS:
        raise InvalidInput(Say("Give the rows as a list of 1 to %(most)s rows.", most=MOST_ROWS),
                           "rows")
    rows: list[Row] = []
    seen: set[str] = set()
    for index, item in enumerate(raw):
        row = read_row(item, f"rows[{index}]", clean)
        if row.key in seen:
            raise InvalidInput(Say("Two rows cannot share the key “%(key)s”.", key=row.key),
                               f"rows[{index}].key")
        seen.add(row.key)
        rows.append(row)
    return tuple(rows)


def _names_known(rows: tuple[Row, ...], by_key: Mapping[str, Row]) -> None:
    """What each formula and rank names exists, and is something it may use."""
    for index, row in enumerate(rows):
        if isinstance(row, FormulaRow):
            for name, at in row.formula.positions:
                if name == row.key:
                    raise InvalidInput(Say("A formula cannot use its own row (“%(name)s” at "
                                           "character %(at)s).", name=name, at=at),
                                       f"rows[{index}].formula")
                if name != "players" and name not in by_key:
                    raise InvalidInput(Say("“%(name)s” at character %(at)s is no row's key.",
                                           name=name, at=at), f"rows[{index}].formula")
        elif isinstance(row, RankRow):
            of = by_key.get(row.of)
            if of is None:
                raise InvalidInput(Say("There is no row “%(key)s”.", key=row.of),
                                   f"rows[{index}].of")
            if not isinstance(of, (NumberRow, CountRow, FormulaRow)):
                raise InvalidInput(Say("Players are compared on a number, count or formula "
                                       "row; “%(key)s” is a %(kind)s row.", key=row.of,
                                       kind=of.kind), f"rows[{index}].of")


def uses(row: Row) -> tuple[str, ...]:
    """The rows a rank or formula row is worked out from (its `of`; its formula's names)."""
    if isinstance(row, FormulaRow):
        return tuple(name for name, _ in row.formula.positions if name != "players")
    if isinstance(row, RankRow):
        return (row.of,)
    return ()


def _in_order(rows: tuple[Row, ...], by_key: Mapping[str, Row]) -> tuple[str, ...]:
    """The worked-out rows, each after what it uses (in the design's order where free); a
    circle is refused at the first row on it, with the circle spelled out."""
    done: list[str] = []
    state: dict[str, str] = {}  # "on the path" or "done"
    index = {row.key: i for i, row in enumerate(rows)}

    def visit(key: str, path: list[str]) -> None:
        # A design holds at most 40 rows: the recursion is at most 40 deep.
        if state.get(key) == "done":
            return
        if state.get(key) == "path":
            circle = path[path.index(key):] + [key]
            first = min(circle[:-1], key=index.__getitem__)
            start = circle.index(first)
            circle = circle[start:-1] + circle[:start] + [first]
            row = by_key[first]
            raise InvalidInput(Say("These rows are worked out from each other in a circle: "
                                   "%(circle)s.", circle=" → ".join(circle)),
                               f"rows[{index[first]}]."
                               + ("formula" if isinstance(row, FormulaRow) else "of"))
        state[key] = "path"
        for used in uses(by_key[key]):
            if isinstance(by_key[used], (RankRow, FormulaRow)):
                visit(used, [*path, key])
        state[key] = "done"
        done.append(key)

    for row in rows:
        if isinstance(row, (RankRow, FormulaRow)):
            visit(row.key, [])
    return tuple(done)


def _within_budget(rows: tuple[Row, ...], most_players: int, scoring: str) -> None:
    """A design whose formulas would take more than MOST_STEPS over its largest match is
    refused at the formula row that passes it."""
    rounds = MOST_ROUNDS if scoring == "rounds" else 1
    most = MOST_STEPS // (rounds * most_players)
    taken = 0
    for index, row in enumerate(rows):
        if not isinstance(row, FormulaRow):
            continue
        taken += row.formula.steps
        if taken > most:
            raise InvalidInput(Say(
                "The formulas of a design scored round by round take at most %(most)s steps "
                "in all for %(players)s players (each number, row, operator and function is "
                "a step): up to this one they take %(steps)s. Shorten them, or allow fewer "
                "players.", most=most, players=most_players, steps=taken),
                f"rows[{index}].formula")


def _tiebreak(raw: Any, by_key: Mapping[str, Row]) -> tuple[Tiebreak, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list) or len(raw) > MOST_ROWS:
        raise InvalidInput(Say("Give the tie-breaks as a list of {“row”, “order”}."),
                           "tiebreak")
    breaks: list[Tiebreak] = []
    for index, item in enumerate(raw):
        where = f"tiebreak[{index}]"
        body = expect_object(item, Say("A tie-break"), where)
        reject_unknown(body, {"row", "order"}, f"{where}.")
        row = body.get("row")
        if not isinstance(row, str) or row not in by_key:
            raise InvalidInput(Say("A tie-break names a row by its key: there is no row "
                                   "“%(key)s”.", key=row), f"{where}.row")
        if any(earlier.row == row for earlier in breaks):
            raise InvalidInput(Say("The row “%(key)s” breaks ties already.", key=row),
                               f"{where}.row")
        order = given(body, "order")
        order = "most" if order is None else one_of(order, ORDERS, Say("The order"),
                                                     f"{where}.order")
        breaks.append(Tiebreak(row, order))
    return tuple(breaks)


def _end(body: Mapping[str, Any], scoring: str) -> tuple[int | None, int | None]:
    """A rounds design's own `rounds` and `target`; a design scored in one tally has none."""
    rounds, target = given(body, "rounds"), given(body, "target")
    if scoring == "game":
        for name, value in (("rounds", rounds), ("target", target)):
            if value is not None:
                raise InvalidInput(Say("A design scored in one tally at the end has no "
                                       "%(name)s: give “scoring”: “rounds” to play rounds.",
                                       name=name), name)
        return None, None
    if rounds is not None:
        rounds = whole_number(rounds, Say("Rounds"), "rounds", 1, MOST_ROUNDS)
    if target is not None:
        target = whole_number(target, Say("The target"), "target", 1, LARGEST_TARGET)
    return rounds, target
