"""Reading what a phone typed, for every engine: the fault a player can fix (InvalidInput), a
body checked for its shape, a whole number within bounds, and a round's list of parts by seat."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from .say import Say


class InvalidInput(ValueError):
    """Input a player can fix: `message` says how (a `Say`, so a page says it in its own
    language), `field` says where."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


def whole_number(
    value: Any, label: str, where: str | None, minimum: int | None, maximum: int | None
) -> int:
    """A JSON number that is whole and within bounds, as an int; anything else is InvalidInput."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidInput(Say("%(label)s must be a whole number.", label=label), where)
    if isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            raise InvalidInput(Say("%(label)s must be a whole number.", label=label), where)
        if abs(value) > 2**63:
            raise InvalidInput(Say("%(label)s is far too large.", label=label), where)
    whole = int(value)
    if minimum is not None and whole < minimum:
        raise InvalidInput(Say("%(label)s must be at least %(minimum)s.", label=label,
                               minimum=grouped(minimum)), where)
    if maximum is not None and whole > maximum:
        raise InvalidInput(Say("%(label)s must be at most %(maximum)s.", label=label,
                               maximum=grouped(maximum)), where)
    return whole


def grouped(number: int) -> int | str:
    """A bound as the English sentence writes it: a number, grouped by thousands past 999
    ("1,000,000,000": a string then; a page's own formatting takes the plain numbers)."""
    return number if abs(number) < 1000 else f"{number:,}"


def expect_object(value: Any, what: str, where: str | None) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InvalidInput(Say("%(what)s must be an object.", what=what), where)
    return value


def reject_unknown(value: Mapping[str, Any], known: set[str], prefix: str) -> None:
    for name in value:
        if name not in known:
            raise InvalidInput(Say("Unknown field “%(name)s”.", name=name), f"{prefix}{name}")


def parse_seat_list(items: Any, players: int, parse_part: Callable[[Any, int, Any], Any],
                    options: Mapping[str, Any], name: str, what: str) -> tuple[Any, ...]:
    """A round's list of per-seat parts (None where not typed yet), each read by `parse_part`;
    a fault is reported at `name[seat].field`. `what` names the parts ("player lines", a Say)."""
    if not isinstance(items, list):
        raise InvalidInput(Say("Give the round's %(what)s as a list, one per seat.", what=what),
                           name)
    if len(items) != players:
        raise InvalidInput(Say("Give %(players)s %(what)s, one per seat, not %(given)s.",
                               players=players, what=what, given=len(items)), name)
    parts = []
    for seat, item in enumerate(items):
        try:
            parts.append(None if item is None else parse_part(item, seat, options))
        except InvalidInput as error:
            where = f"{name}[{seat}]" + (f".{error.field}" if error.field else "")
            raise InvalidInput(error.message, where) from error
    return tuple(parts)
