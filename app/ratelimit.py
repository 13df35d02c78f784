"""Per-address limits on creating matches and on guessing tokens (the `limits` package).

Counted in a file every worker of this server shares (SharedFileStorage below; SPEC section 6:
per server, not per process), or in a store every server shares where RATELIMIT_STORAGE_URI names
one (`redis://host:6379/0`): then an address gets its allowance once in all. `memory://`
counts in each process alone (the tests' own app)."""

from __future__ import annotations

import logging
import sqlite3
import threading
import time

from flask import Flask, current_app
from limits import RateLimitItemPerMinute
from limits.storage import MovingWindowSupport, Storage, storage_from_string
from limits.strategies import MovingWindowRateLimiter

from .server_files import one_at_a_time, open_shared

EXTENSION = "squarescores.ratelimit"
log = logging.getLogger(__name__)

# One limiter per store and process, shared by every app made in it (the tests make many).
_limiters: dict[str, MovingWindowRateLimiter] = {}
_lock = threading.Lock()
_warned_at = 0.0


def init_app(app: Flask) -> None:
    uri = app.config.get("RATELIMIT_STORAGE_URI") or "memory://"
    with _lock:
        if uri not in _limiters:
            _limiters[uri] = MovingWindowRateLimiter(storage_from_string(uri))
        app.extensions[EXTENSION] = _limiters[uri]


def allow(kind: str, address: str | None) -> bool:
    """Count one `kind` event from `address`; False once it is over this minute's allowance."""
    config = current_app.config
    if not config["RATELIMIT_ENABLED"]:
        return True
    per_minute = config[f"RATELIMIT_{kind.upper()}_PER_MINUTE"]
    limiter: MovingWindowRateLimiter = current_app.extensions[EXTENSION]
    try:
        return limiter.hit(RateLimitItemPerMinute(per_minute), kind, address or "unknown")
    except Exception:
        # A shared store out of reach must not turn every request into a 500: the limits
        # guard against guessing, and a minute without them is the lesser harm.
        _warn()
        return True


def _warn() -> None:
    global _warned_at
    if time.monotonic() - _warned_at > 60:
        _warned_at = time.monotonic()
        log.warning("The rate limit store cannot be reached: limits are off until it can.",
                    exc_info=True)


def reset() -> None:
    """Forget every count (tests)."""
    for limiter in list(_limiters.values()):
        limiter.storage.reset()


# A store for the `limits` package in a SQLite file of its own (server_files.py), which every
# worker process of one server shares: an address gets its allowance once per server, with no
# Redis to run. A file of its own rather than the app's database: a count is taken in the middle
# of requests that may hold the database's write lock (a rematch counts as a new match), and it
# must outlast their rollback.
SCHEME = "squarescores-file"
# Forgotten hits are swept from the whole file now and then, not at every hit.
SWEEP_EVERY = 500


class SharedFileStorage(Storage, MovingWindowSupport):
    """`squarescores-file:///path/to/limits.sqlite`: each hit a row, kept as long as its window."""

    STORAGE_SCHEME = [SCHEME]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False,
                 **options: float | str | bool):
        super().__init__(uri, wrap_exceptions, **options)
        self.path = (uri or "").split("://", 1)[1]
        self._lock = threading.Lock()
        self._connection: sqlite3.Connection | None = None
        self._hits = 0

    @property
    def base_exceptions(self) -> type[Exception]:
        return sqlite3.Error

    def _db(self) -> sqlite3.Connection:
        if self._connection is None:
            self._connection = open_shared(
                self.path,
                "CREATE TABLE IF NOT EXISTS hit (key TEXT NOT NULL, at REAL NOT NULL)",
                "CREATE INDEX IF NOT EXISTS hit_key_at ON hit (key, at)",
                "CREATE TABLE IF NOT EXISTS counter (key TEXT PRIMARY KEY, "
                "value INTEGER NOT NULL, expires REAL NOT NULL)")
        return self._connection

    def acquire_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        if amount > limit:
            return False
        now = time.time()
        with self._lock, one_at_a_time(self._db()) as db:
            self._hits += 1
            if self._hits % SWEEP_EVERY == 0:
                db.execute("DELETE FROM hit WHERE at <= ?", (now - 24 * 3600,))
            db.execute("DELETE FROM hit WHERE key = ? AND at <= ?", (key, now - expiry))
            (count,) = db.execute("SELECT COUNT(*) FROM hit WHERE key = ?", (key,)).fetchone()
            allowed = count + amount <= limit
            if allowed:
                db.executemany("INSERT INTO hit (key, at) VALUES (?, ?)", [(key, now)] * amount)
        return allowed

    def get_moving_window(self, key: str, limit: int, expiry: int) -> tuple[float, int]:
        now = time.time()
        with self._lock:
            first, count = self._db().execute(
                "SELECT MIN(at), COUNT(*) FROM hit WHERE key = ? AND at > ?",
                (key, now - expiry)).fetchone()
        return (first if first is not None else now), count

    # The fixed window's counters, which the moving window above does not use.

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        with self._lock, one_at_a_time(self._db()) as db:
            db.execute("DELETE FROM counter WHERE key = ? AND expires <= ?", (key, now))
            db.execute("INSERT INTO counter (key, value, expires) VALUES (?, ?, ?) "
                       "ON CONFLICT (key) DO UPDATE SET value = value + excluded.value",
                       (key, amount, now + expiry))
            (value,) = db.execute("SELECT value FROM counter WHERE key = ?", (key,)).fetchone()
        return int(value)

    def get(self, key: str) -> int:
        with self._lock:
            row = self._db().execute("SELECT value FROM counter WHERE key = ? AND expires > ?",
                                     (key, time.time())).fetchone()
        return int(row[0]) if row else 0

    def get_expiry(self, key: str) -> float:
        with self._lock:
            row = self._db().execute("SELECT expires FROM counter WHERE key = ?",
                                     (key,)).fetchone()
        return float(row[0]) if row else time.time()

    def check(self) -> bool:
        try:
            with self._lock:
                self._db().execute("SELECT 1").fetchone()
        except sqlite3.Error:
            return False
        return True

    def reset(self) -> int | None:
        with self._lock:
            db = self._db()
            (count,) = db.execute("SELECT COUNT(*) FROM hit").fetchone()
            db.execute("DELETE FROM hit")
            db.execute("DELETE FROM counter")
        return int(count)

    def clear(self, key: str) -> None:
        with self._lock:
            self._db().execute("DELETE FROM hit WHERE key = ?", (key,))
            self._db().execute("DELETE FROM counter WHERE key = ?", (key,))
