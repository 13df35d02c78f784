"""Long work that takes turns with the other requests of its worker.

gunicorn's gevent worker serves every request of a process on one thread: a request that
computes for seconds (checking and replaying a large import) holds up every other phone on that
worker, and past gunicorn's timeout gets the worker killed. Such work calls `turn()` between its
steps: the other requests waiting on the worker are served, then it goes on. Elsewhere (a thread
per request) there is nothing to give way to."""

from __future__ import annotations

import contextlib
import gc
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from typing import TypeVar, overload

Item = TypeVar("Item")
# How long work runs before it gives way: short enough that /health answers well within 1 s
# beside it (SPEC section 6), long enough that switching costs nothing worth measuring.
SLICE_SECONDS = 0.02

_since = time.monotonic()


def cooperative() -> bool:
    """Whether this process serves its requests as gevent's greenlets (gunicorn's gevent worker
    patches the socket module), where waiting and giving way are the loop's."""
    monkey = sys.modules.get("gevent.monkey")
    return bool(monkey and monkey.is_module_patched("socket"))


def turn() -> None:
    """Give way to the worker's other requests if this work has run for a slice."""
    global _since
    if time.monotonic() - _since < SLICE_SECONDS:
        return
    if cooperative():
        import gevent

        # A sleep of 0 may run this greenlet again before the loop has looked for new
        # requests (gevent's docs): a positive one waits for the loop's next turn.
        gevent.sleep(0.001)
    _since = time.monotonic()


def in_turns(items: Iterable[Item]) -> Iterator[Item]:
    """The items, giving way between them as `turn()` does."""
    for item in items:
        turn()
        yield item


class TakingTurns(Sequence[Item]):
    """A sequence whose items, read in order, give way between them as `turn()` does: the
    rounds of a long match handed to a game's replay, which reads them one after another. A
    replay of 1,000 rounds of a designed sheet is up to half a second of work: in slices, the
    worker's other requests (/health, polls, the other tables' writes) are served meanwhile."""

    def __init__(self, items: Sequence[Item]):
        self._items = items

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> Item: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Item]: ...

    def __getitem__(self, index: int | slice) -> Item | Sequence[Item]:
        return self._items[index]

    def __iter__(self) -> Iterator[Item]:
        return in_turns(self._items)


@contextlib.contextmanager
def without_pauses() -> Iterator[None]:
    """Work that makes a great many objects at once (an import's hundreds of thousands of rows)
    sets off Python's full garbage collections, each of which holds the worker for as long as
    half a second between two turns. The objects it makes form no cycles (reference counting
    frees them), so the cyclic collector waits until the work is done."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
