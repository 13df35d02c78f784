"""SQLite files that every worker process of one server shares, for counts no worker can keep
alone (the rate limits' hits, each link's open streams): opened once per worker, and written a
count-and-add at a time. And every SQLite file the server keeps, readable by its own user only."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .turns import cooperative

# How long a count waits its turn for a shared file's lock.
SHARED_BUSY_SECONDS = 5.0
# Under gevent, a write looks again this often while another holds the lock, at first (the
# waits grow to WAIT_LONGEST): SQLite's own busy handler sleeps in C, which under gevent holds
# the whole worker (every phone on it) for as long as the other write takes.
WAIT_FIRST, WAIT_LONGEST = 0.002, 0.05


def open_shared(path: Path | str, *schema: str) -> sqlite3.Connection:
    """The file at `path`, made with `schema` (statements IF NOT EXISTS) where it is new. Opened
    at first use, in the worker after the fork: no connection crosses it."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    made_private(Path(path))
    db = sqlite3.connect(path, timeout=SHARED_BUSY_SECONDS, isolation_level=None,
                         check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=OFF")  # counts that live no longer than what they count
    for statement in schema:
        db.execute(statement)
    return db


@contextlib.contextmanager
def one_at_a_time(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """A transaction that takes the write lock at once: one worker counts and adds at a time."""
    begin_immediate(db, SHARED_BUSY_SECONDS)
    try:
        yield db
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def begin_immediate(connection: Any, seconds: float) -> None:
    """BEGIN IMMEDIATE on a sqlite3 connection whose busy_timeout is `seconds`: waiting for
    another writer's lock as SQLite does (in C) where requests are threads; under gevent in
    turns, the worker serving its other requests meanwhile, up to `seconds`, then SQLite's own
    "database is locked"."""
    if not cooperative():
        connection.execute("BEGIN IMMEDIATE")
        return
    import gevent

    connection.execute("PRAGMA busy_timeout=0")
    try:
        deadline = time.monotonic() + seconds
        wait = WAIT_FIRST
        while True:
            try:
                connection.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as busy:
                if not locked(busy) or time.monotonic() + wait > deadline:
                    raise
            gevent.sleep(wait)
            wait = min(wait * 2, WAIT_LONGEST)
    finally:
        connection.execute(f"PRAGMA busy_timeout={int(seconds * 1000)}")


def locked(error: BaseException) -> bool:
    """Whether an error of SQLite's is another writer holding its lock."""
    text = str(error)
    return "database is locked" in text or "database is busy" in text


# What SQLite writes beside a database: its write-ahead log and the log's index.
BESIDE = ("", "-wal", "-shm", "-journal")


def made_private(database: Path) -> None:
    """The database at `database` (made empty where it is not yet) and the files SQLite keeps
    beside it, readable and writable by this server's user alone (SPEC section 6, files at
    rest: the database and its copies hold every link). SQLite gives the files it makes beside
    a database the database's own mode."""
    os.close(os.open(database, os.O_RDWR | os.O_CREAT, 0o600))
    for suffix in BESIDE:
        with contextlib.suppress(FileNotFoundError):
            os.chmod(database.with_name(database.name + suffix), 0o600)
