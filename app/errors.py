"""The errors a service may raise; each carries the HTTP status and code that SPEC.md gives it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

# Where a fault is, as values: the names and indexes that lead to it, `("players", 1)` or
# `("hands", 1, "melded", "joker")`. A page finds its field by them; only the API's answer
# writes them as one path (path_of).
Where = tuple[str | int, ...]


def path_of(where: Where) -> str:
    """`where` as the API's `field` says it (SPEC section 2): `hands[1].melded.joker`."""
    written = ""
    for step in where:
        written += f"[{step}]" if isinstance(step, int) else (f".{step}" if written else step)
    return written


class ServiceError(Exception):
    status = 500
    code = "error"
    retry_after: int | None = None  # seconds, said in a Retry-After header

    def __init__(self, message: str, field: str | Where | None = None, seat: int | None = None,
                 within: str | None = None):
        super().__init__(message)
        self.message = message
        # Where, as values (`at`, empty where a path is given only as the API writes it) and as
        # the API says it (`field`, SPEC section 2: `hands[1].melded.joker`).
        self.at: Where = field if isinstance(field, tuple) else ()
        self.field = path_of(field) or None if isinstance(field, tuple) else field
        self.seat = seat  # the seat whose part is at fault, where there is one
        self.within = within  # the field within that seat's part (`melded.joker`), if any


class Malformed(ServiceError):
    status, code = 400, "malformed"


class Unauthorized(ServiceError):
    status, code = 401, "unauthorized"


class Forbidden(ServiceError):
    status, code = 403, "forbidden"


class NotFound(ServiceError):
    status, code = 404, "not_found"


class Conflict(ServiceError):
    status, code = 409, "conflict"


@dataclass(frozen=True)
class Clash:
    """A cell someone else saved while the person was typing a different value into it."""

    who: str  # who saved it, as the page names them ("The host", a player's name)
    theirs: Any  # what the cell holds now
    yours: Any  # what the person typed


class EditConflict(Conflict):
    """Someone else saved cells after the page they were typed on was loaded.

    `clashes` holds every cell both sides changed, by seat; `seat`, `theirs` and `yours` repeat
    the first of them. `refreshed` names the seats typed as the person saw them that someone else
    changed since: the newer value was kept, and the page shows it."""

    code = "edit_conflict"

    def __init__(self, message: str, seat: int, theirs: Any, yours: Any,
                 clashes: dict[int, Clash], refreshed: frozenset[int]):
        super().__init__(message, seat=seat)
        self.theirs = theirs
        self.yours = yours
        self.clashes = clashes
        self.refreshed = refreshed


class TypedElsewhere(Conflict):
    """A seat's character was typed on another phone: this one asks before replacing it."""

    code = "typed_elsewhere"


class Revealing(Conflict):
    """A write refused because a seat's hidden character would already have won an earlier
    round: the refusal reveals that character to every link (SPEC section 1, no silent
    peeking), for good, though the write itself changes nothing."""

    def __init__(self, message: str, seat: int):
        super().__init__(message)
        self.revealed_seat = seat


class VersionMismatch(ServiceError):
    status, code = 412, "version_mismatch"


class Invalid(ServiceError):
    status, code = 422, "invalid"


Read = TypeVar("Read")
# What an edge's reading of a client's input may refuse it with.
Refusal = Invalid | Conflict


def read_or_invalid(read: Callable[..., Read], *args: Any) -> Read | Refusal:
    """What an edge reads a client's input into, or its refusal (a 422, or the 409 of two names
    that are one person's) as a value: the write that takes it says that refusal in SPEC's
    order (after the 401, 404, 403, 412 and 409 that come first, and after a create is counted
    against its address's limit)."""
    try:
        return read(*args)
    except (Invalid, Conflict) as refusal:
        return refusal


def unless_refused(read: Read | Refusal) -> Read:
    """The input an edge read, or its refusal raised now, at its place in SPEC's order."""
    if isinstance(read, (Invalid, Conflict)):
        raise read
    return read


class TooManyRequests(ServiceError):
    status, code = 429, "too_many_requests"
    retry_after = 60

    def __init__(self, message: str, retry_after: int | None = None):
        super().__init__(message)
        if retry_after is not None:
            self.retry_after = retry_after


class Unavailable(ServiceError):
    """The server holds all it can serve of something (event streams): try again shortly."""

    status, code = 503, "unavailable"
    retry_after = 10
