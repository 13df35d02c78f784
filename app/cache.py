"""The app's one cache: values kept under keys that name the version they show, bounded in bytes.

A match's version changes with every write, so a value kept for (match, version) never goes stale:
nothing is ever invalidated, the least recently used values simply go first. (A value may also be
kept beside the very objects it was made from, under a key that names no version: whoever peeks
at it uses only what those objects, compared by identity, show to be its own.)"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TypeVar, cast

from flask import Flask, current_app

V = TypeVar("V")

EXTENSION = "squarescores.cache"
# How long a request waits for another making the same value before making it itself.
MAKING_SECONDS = 5.0


class Cache:
    """Values by key, least recently used first out once their sizes add up past `limit` bytes.

    Each process (each gunicorn worker) keeps its own: a value is only ever a copy of what the
    database says at one version, so workers need not agree on what they keep."""

    def __init__(self, limit: int):
        self.limit = limit
        self.size = 0
        # Values of every type: a key names what it holds (see kept()).
        self._values: OrderedDict[Hashable, tuple[object, int]] = OrderedDict()
        self._lock = threading.Lock()
        self._making: dict[Hashable, threading.Event] = {}

    def __len__(self) -> int:
        return len(self._values)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._values

    def being_made(self, key: Hashable) -> bool:
        """Whether a request is making the value of `key` now (kept() would wait for it)."""
        with self._lock:
            return key in self._making

    def kept(self, key: Hashable, make: Callable[[], tuple[V, int, bool]]) -> V:
        """The value kept under `key`; else `make()`'s, kept when it says so and fits at all.

        One maker a key at a time: a request that finds another making the same key (two
        phones opening a long match at once) waits for that value rather than making it again,
        and makes it itself only where the other kept none."""
        while True:
            with self._lock:
                if key in self._values:
                    self._values.move_to_end(key)
                    # What make() made under this key before: a key is only ever made by one
                    # maker.
                    return cast(V, self._values[key][0])
                making = self._making.get(key)
                if making is None:
                    making = self._making[key] = threading.Event()
                    break
            making.wait(MAKING_SECONDS)
            with self._lock:
                if key not in self._values:  # not kept (too large, or its maker failed)
                    break
        # Made outside the lock: a slow replay must not hold up readers of other keys.
        try:
            value, size, keep = make()
            if keep:
                self.put(key, value, size)
        finally:
            with self._lock:
                if self._making.get(key) is making:
                    del self._making[key]
            making.set()
        return value

    def peek(self, key: Hashable) -> object | None:
        """The value kept under `key`, or None: for a value kept beside what it was made of,
        which its maker checks before using any of it (never for one a key alone names)."""
        with self._lock:
            found = self._values.get(key)
            return None if found is None else found[0]

    def put(self, key: Hashable, value: object, size: int) -> None:
        """Keep `value` under `key` in place of what was there (if it fits at all)."""
        if size > self.limit:
            return
        with self._lock:
            if key in self._values:
                self.size -= self._values.pop(key)[1]
            self._values[key] = (value, size)
            self.size += size
            while self.size > self.limit:
                self.size -= self._values.popitem(last=False)[1][1]


def init_app(app: Flask) -> Cache:
    cache = Cache(app.config["CACHE_BYTES"])
    app.extensions[EXTENSION] = cache
    return cache


def kept(key: tuple[Hashable, ...], make: Callable[[], tuple[V, int, bool]]) -> V:
    """The current app's value under `key`, made (and maybe kept) by `make` when it has none:
    `make()` answers (value, size in bytes, whether to keep it). A key names its value: its
    first part says what it is ("bank", "api", ...), and the rest which one."""
    cache: Cache = current_app.extensions[EXTENSION]
    return cache.kept(key, make)


def app_cache() -> Cache:
    """The current app's cache itself (peek and put: see Cache.peek)."""
    cache: Cache = current_app.extensions[EXTENSION]
    return cache
