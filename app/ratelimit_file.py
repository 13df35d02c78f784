"""A store for the `limits` package in a SQLite file of its own, which every worker process of
one server shares: an address gets its allowance once per server, not once per process (SPEC
section 6), with no Redis to run. (Across servers, RATELIMIT_STORAGE_URI names a Redis.)

A file of its own rather than the app's database: a count is taken in the middle of requests
that may hold the database's write lock (a rematch counts as a new match), and it must outlast
their rollback."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

from limits.storage import MovingWindowSupport, Storage

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
        # Opened at first use, in the worker after the fork: no connection crosses it.
        if self._connection is None:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(self.path, timeout=5, isolation_level=None,
                                         check_same_thread=False)
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=OFF")  # a lost count costs nothing
            connection.execute("CREATE TABLE IF NOT EXISTS hit (key TEXT NOT NULL, "
                               "at REAL NOT NULL)")
            connection.execute("CREATE INDEX IF NOT EXISTS hit_key_at ON hit (key, at)")
            connection.execute("CREATE TABLE IF NOT EXISTS counter (key TEXT PRIMARY KEY, "
                               "value INTEGER NOT NULL, expires REAL NOT NULL)")
            self._connection = connection
        return self._connection

    def acquire_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        if amount > limit:
            return False
        now = time.time()
        with self._lock:
            db = self._db()
            db.execute("BEGIN IMMEDIATE")  # one worker counts and adds at a time
            try:
                self._hits += 1
                if self._hits % SWEEP_EVERY == 0:
                    db.execute("DELETE FROM hit WHERE at <= ?", (now - 24 * 3600,))
                db.execute("DELETE FROM hit WHERE key = ? AND at <= ?", (key, now - expiry))
                (count,) = db.execute("SELECT COUNT(*) FROM hit WHERE key = ?", (key,)).fetchone()
                allowed = count + amount <= limit
                if allowed:
                    db.executemany("INSERT INTO hit (key, at) VALUES (?, ?)",
                                   [(key, now)] * amount)
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
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
        with self._lock:
            db = self._db()
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute("DELETE FROM counter WHERE key = ? AND expires <= ?", (key, now))
                db.execute("INSERT INTO counter (key, value, expires) VALUES (?, ?, ?) "
                           "ON CONFLICT (key) DO UPDATE SET value = value + excluded.value",
                           (key, amount, now + expiry))
                (value,) = db.execute("SELECT value FROM counter WHERE key = ?",
                                      (key,)).fetchone()
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
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
