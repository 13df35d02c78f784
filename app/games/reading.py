"""Reading what a phone typed, for every engine: the fault a player can fix (InvalidInput), a
body checked for its shape, a whole number within bounds, and a round's list of parts by seat."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from ..errors import Where, path_of
from .say import Say


class InvalidInput(ValueError):
    """Input a player can fix: `message` says how (a `Say`, so a page says it in its own
    language); `field` says where, within one seat's part where `seat` names the seat (a page
    puts the message beside that field), else in the round as a whole; `parts` names the round
    input's list of parts ("hands"), which `path` says it in. Where the engine gives the field
    as values (`("options", "target")`), `where` holds them."""

    def __init__(self, message: str, field: str | Where | None = None, seat: int | None = None,
                 parts: str | None = None):
        super().__init__(message)
        self.message = message
        self.at: Where = field if isinstance(field, tuple) else ()
        self.field = (path_of(field) or None) if isinstance(field, tuple) else field
        self.seat = seat
        self.parts = parts

    @property
    def path(self) -> str | None:
        """Where the fault is, as the API's `field` says it: `hands[1].melded.joker`."""
        if self.seat is None or self.parts is None:
            return self.field
        at = f"{self.parts}[{self.seat}]"
        return f"{at}.{self.field}" if self.field else at

    @property
    def located(self) -> Where | str | None:
        """Where the fault is: as values where the engine gave them, else as `path` says it."""
        if not self.at:
            return self.path
        inside: Where = (self.parts, self.seat) if self.seat is not None and self.parts else ()
        return inside + self.at


Made = TypeVar("Made")


def read_or_refused(read: Callable[..., Made], *args: Any) -> Made | InvalidInput:
    """What an engine's reader makes of what a client sent, or its refusal (InvalidInput) as a
    value: a client's edge reads its input once, and the write that takes it says a refusal in
    its own order (SPEC section 2: a 412 or a 409 before the 422 of a body that is no round)."""
    try:
        return read(*args)
    except InvalidInput as refusal:
        return refusal


def whole_number(
    value: Any, label: str, where: str | Where | None, minimum: int | None, maximum: int | None
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
    a fault is reported with its seat, at `name[seat].field`. `what` names the parts ("player
    lines", a Say)."""
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
            raise InvalidInput(error.message, error.field, seat, name) from error
    return tuple(parts)
