"""Reading one row of a design, by its kind; and the texts a design holds (names, labels)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from ..reading import InvalidInput, expect_object, reject_unknown, whole_number
from ..say import Say
from .formula import FUNCTIONS, KEYWORDS, parse_formula
from .model import (
    KINDS,
    ORDERS,
    TIES,
    CheckRow,
    ChoiceRow,
    CountRow,
    FormulaRow,
    NumberRow,
    Option,
    RankRow,
    Row,
)

# What a design's texts are made into before they are measured (the app passes its own name
# normaliser, SPEC section 6; the engine alone trims).
Clean = Callable[[str], str]

LONGEST_TEXT = 40
# A text is judged on its raw length before it is normalised, so that no text expands (SPEC
# section 6: at most 4 × 40 characters).
LONGEST_RAW = 4 * LONGEST_TEXT
KEY = re.compile(r"[a-z][a-z0-9_]{0,23}")
RESERVED = frozenset({"players", *FUNCTIONS, *KEYWORDS})
LARGEST_NUMBER = 1_000_000_000  # a number row's bounds, as the free sheet's cells
NUMBER_DEFAULT = 1_000_000
LARGEST_COUNT = 1_000_000
LARGEST_POINTS = 1_000_000  # so that a count's value, count × points, stays within ±10^12
LARGEST_AT_LEAST = 10**12
MOST_OPTIONS = 20
MOST_PLACES = 12

_COMMON = {"key", "label", "kind", "counts"}
FIELDS = {
    "number": _COMMON | {"min", "max"},
    "count": _COMMON | {"max", "points"},
    "check": _COMMON | {"points"},
    "choice": _COMMON | {"options"},
    "rank": _COMMON | {"of", "points", "order", "at_least", "ties"},
    "formula": _COMMON | {"formula"},
}


def given(raw: Mapping[str, Any], name: str) -> Any:
    """An optional field's value: None where it is left out or null."""
    return raw.get(name)


def text(value: Any, where: str, what: str, clean: Clean) -> str:
    """A one-line text of 1 to 40 characters, made into its normal form by `clean`."""
    if not isinstance(value, str):
        raise InvalidInput(Say("%(what)s must be text.", what=what), where)
    if len(value) > LONGEST_RAW:
        raise InvalidInput(Say("%(what)s is at most %(most)s characters.", what=what,
                               most=LONGEST_TEXT), where)
    cleaned = clean(value)
    try:
        cleaned.encode()
    except UnicodeEncodeError:  # a lone surrogate, which JSON may carry but nothing can keep
        raise InvalidInput(Say("%(what)s holds a character that is no text.", what=what),
                           where) from None
    if not cleaned:
        raise InvalidInput(Say("%(what)s needs some text.", what=what), where)
    if len(cleaned) > LONGEST_TEXT:
        raise InvalidInput(Say("%(what)s is at most %(most)s characters.", what=what,
                               most=LONGEST_TEXT), where)
    return cleaned


def one_of(value: Any, allowed: tuple[str, ...], what: str, where: str) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise InvalidInput(Say("%(what)s must be one of: %(choices)s.", what=what,
                               choices=", ".join(allowed)), where)
    return value


def read_key(value: Any, where: str) -> str:
    if not isinstance(value, str) or KEY.fullmatch(value) is None:
        raise InvalidInput(Say("A row's key is 1 to 24 small letters, digits and “_”, starting "
                               "with a letter, like “coins” or “round_2”."), where)
    if value in RESERVED:
        raise InvalidInput(Say("“%(key)s” means something in a formula already: choose "
                               "another key.", key=value), where)
    return value


def read_row(raw: Any, where: str, clean: Clean) -> Row:
    """One row, every rule of its kind checked (but not what it names: see design.py)."""
    body = expect_object(raw, Say("A row"), where)
    kind = one_of(body.get("kind"), KINDS, Say("A row's kind"), f"{where}.kind")
    reject_unknown(body, FIELDS[kind], f"{where}.")
    key = read_key(body.get("key"), f"{where}.key")
    label = text(body.get("label"), f"{where}.label", Say("A row's label"), clean)
    counts = given(body, "counts")
    if counts is None:
        counts = True
    elif not isinstance(counts, bool):
        raise InvalidInput(Say("Whether a row counts is true or false."), f"{where}.counts")
    if kind == "number":
        least = _bound(body, "min", -NUMBER_DEFAULT, where, Say("The lowest value"))
        most = _bound(body, "max", NUMBER_DEFAULT, where, Say("The highest value"))
        if least > most:
            raise InvalidInput(Say("The highest value must not be below the lowest (%(min)s).",
                                   min=least), f"{where}.max")
        return NumberRow(key, label, counts, least, most)
    if kind == "count":
        most = given(body, "max")
        most = LARGEST_COUNT if most is None else whole_number(
            most, Say("The highest count"), f"{where}.max", 1, LARGEST_COUNT)
        return CountRow(key, label, counts, most, _points(body.get("points"), f"{where}.points"))
    if kind == "check":
        return CheckRow(key, label, counts, _points(body.get("points"), f"{where}.points"))
    if kind == "choice":
        return ChoiceRow(key, label, counts, _options(body.get("options"), where, clean))
    if kind == "rank":
        return _rank(body, key, label, counts, where)
    formula = parse_formula(body.get("formula"), f"{where}.formula")
    return FormulaRow(key, label, counts, formula)


def _bound(body: Mapping[str, Any], name: str, default: int, where: str, what: str) -> int:
    value = given(body, name)
    if value is None:
        return default
    return whole_number(value, what, f"{where}.{name}", -LARGEST_NUMBER, LARGEST_NUMBER)


def _points(value: Any, where: str) -> int:
    if value is None:
        raise InvalidInput(Say("Give the points."), where)
    return whole_number(value, Say("Points"), where, -LARGEST_POINTS, LARGEST_POINTS)


def _options(value: Any, where: str, clean: Clean) -> tuple[Option, ...]:
    where = f"{where}.options"
    if not isinstance(value, list) or not 2 <= len(value) <= MOST_OPTIONS:
        raise InvalidInput(Say("Give a choice %(fewest)s to %(most)s options, as a list of "
                               "{“label”, “points”}.", fewest=2, most=MOST_OPTIONS), where)
    options = []
    for index, raw in enumerate(value):
        at = f"{where}[{index}]"
        option = expect_object(raw, Say("An option"), at)
        reject_unknown(option, {"label", "points"}, f"{at}.")
        label = text(option.get("label"), f"{at}.label", Say("An option's label"), clean)
        options.append(Option(label, _points(option.get("points"), f"{at}.points")))
    return tuple(options)


def _rank(body: Mapping[str, Any], key: str, label: str, counts: bool, where: str) -> RankRow:
    of = body.get("of")
    if not isinstance(of, str):
        raise InvalidInput(Say("Name the row the players are compared on, by its key."),
                           f"{where}.of")
    points = body.get("points")
    if not isinstance(points, list) or not 1 <= len(points) <= MOST_PLACES:
        raise InvalidInput(Say("Give the points of the places as a list of %(fewest)s to "
                               "%(most)s whole numbers, the first place's first.", fewest=1,
                               most=MOST_PLACES), f"{where}.points")
    places = tuple(whole_number(value, Say("Points"), f"{where}.points[{index}]",
                                -LARGEST_POINTS, LARGEST_POINTS)
                   for index, value in enumerate(points))
    order = given(body, "order")
    order = "most" if order is None else one_of(order, ORDERS, Say("The order"),
                                                 f"{where}.order")
    at_least = given(body, "at_least")
    if at_least is not None:
        at_least = whole_number(at_least, Say("The least value that takes a place"),
                                f"{where}.at_least", -LARGEST_AT_LEAST, LARGEST_AT_LEAST)
    ties = given(body, "ties")
    ties = "share" if ties is None else one_of(ties, TIES, Say("Ties"), f"{where}.ties")
    return RankRow(key, label, counts, of, places, order, at_least, ties)
