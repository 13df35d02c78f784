"""SQLite files that every worker process of one server shares, for counts no worker can keep
alone (the rate limits' hits, each link's open streams): opened once per worker, and written a
count-and-add at a time."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path


def open_shared(path: Path | str, *schema: str) -> sqlite3.Connection:
    """The file at `path`, made with `schema` (statements IF NOT EXISTS) where it is new. Opened
    at first use, in the worker after the fork: no connection crosses it."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, timeout=5, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=OFF")  # counts that live no longer than what they count
    for statement in schema:
        db.execute(statement)
    return db


@contextlib.contextmanager
def one_at_a_time(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """A transaction that takes the write lock at once: one worker counts and adds at a time."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
