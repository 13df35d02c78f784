"""Long replays made outside the write lock.

A write holds its database's write lock from its first statement to its commit: on SQLite every
other write of the server, on PostgreSQL every other write of the match, waits for it. Most writes
replay nothing (a round added carries the replay on from the one kept for the version before),
but some replay the whole match: a round changed before the last, the line moved, the first write
on a worker that never read the version. Over 1,000 rounds of a designed sheet that is up to half
a second, and it held the lock all that time (issue 41: other writes answered "database is
locked").

Such a replay, met under the lock, steps out: the write is let go (rolled back, nothing written),
the replay is made with no lock held and kept for the version it is of, and the request runs again
from its start (SquareScores.dispatch_request), finding it kept. A request steps out at most
STEPS_OUT times (the version may move meanwhile: another write came first); after that it replays
under the lock, as before. Short replays never step out: running the request again would cost
more than they do."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

from ...cache import app_cache, kept
from ...extensions import holds_write_lock

V = TypeVar("V")

# A replay of this many player-rounds or more steps out of the lock: a few milliseconds of the
# lightest game's replay, tens of a designed sheet's.
LONG = 1_000
STEPS_OUT = 2


class StepOut(Exception):
    """A long replay met under the write lock: `work` makes it, and keeps it, once the lock is
    let go."""

    def __init__(self, work: Callable[[], Any]):
        super().__init__("a long replay, made outside the write lock")
        self.work = work


_may_step_out: ContextVar[bool] = ContextVar("may_step_out", default=False)


@contextmanager
def stepping_out_allowed() -> Iterator[None]:
    """Inside, a long replay met under the write lock raises StepOut (the request runs again)."""
    token = _may_step_out.set(True)
    try:
        yield
    finally:
        _may_step_out.reset(token)


def may_step_out() -> bool:
    """Whether work asked for now may be made outside the lock: the lock is held, and the
    request runs again if it steps out."""
    return _may_step_out.get() and holds_write_lock()


def steps_out(player_rounds: int) -> bool:
    """Whether a replay of this size, asked for now, is to be made outside the lock."""
    return player_rounds >= LONG and may_step_out()


def waits_for_another(key: tuple[Hashable, ...]) -> bool:
    """Whether asking for `key` now would wait, under the lock, for another request making it
    (a reader's first replay of the version): better made outside, as a long replay is."""
    cache = app_cache()
    return may_step_out() and key not in cache and cache.being_made(key)


def kept_outside(key: tuple[Hashable, ...], make: Callable[[], tuple[V, int, bool]],
                 player_rounds: int) -> V:
    """kept(key, make), made outside the write lock where it is long and the lock is held."""
    if not steps_out(player_rounds) or key in app_cache():
        return kept(key, make)
    raise StepOut(lambda: kept(key, make))
