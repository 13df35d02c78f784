"""Backups on a schedule (SPEC section 9): with BACKUP_DIR and BACKUP_EVERY_HOURS set, one process
of the server copies the SQLite database at that interval and keeps the newest BACKUP_KEEP.

Every worker starts a schedule; the one that holds the backup folder's lock (`.lock`, taken with
flock, let go by the kernel when its process dies) writes the copies, the others look again now
and then, to take over from a worker that ended. The next copy is due one interval after the
newest in the folder, so that a restart neither skips one nor adds one."""

from __future__ import annotations

import fcntl
import logging
import os
import sqlite3
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from flask import Flask

from ..extensions import db
from ..server_files import BESIDE, made_private

log = logging.getLogger(__name__)
PREFIX, SUFFIX = "squarescores-", ".db"
# How often a worker without the lock looks whether it is free, at most.
LOOK_AGAIN_SECONDS = 60.0
_held: list[IO[str]] = []  # the locks this process holds for its life


def copy_sqlite(source: Path, target: Path) -> None:
    """A consistent copy of `source` at `target` (SQLite's online backup: one snapshot, taken
    while others write), written beside it and renamed into place whole, readable by this
    server's user alone; nothing is left beside it where the copy fails."""
    part = target.with_name(target.name + ".part")
    part.unlink(missing_ok=True)
    try:
        made_private(part)
        reading = sqlite3.connect(source, timeout=10)
        try:
            writing = sqlite3.connect(part)
            try:
                reading.backup(writing)
            finally:
                writing.close()
        finally:
            reading.close()
        os.replace(part, target)
    except BaseException:
        for suffix in BESIDE:
            part.with_name(part.name + suffix).unlink(missing_ok=True)
        raise


def sqlite_file(app: Flask) -> Path | None:
    """The app's database file, where it is SQLite on a file (None for an app without a
    database: the benchmark's bare Flask app runs on these same server settings)."""
    if "sqlalchemy" not in app.extensions:
        return None
    with app.app_context():
        url = db.engine.url
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    return Path(str(url.database)).resolve()


def lock(path: Path, mode: int) -> IO[str] | None:
    """The file at `path` locked (flock `mode`, without waiting), or None where another process
    holds it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # Empty, but beside the database: the server's user's alone, like everything there.
    handle = os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600), "a")
    os.fchmod(handle.fileno(), 0o600)  # one an older server made
    try:
        fcntl.flock(handle, mode | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        return None
    return handle


def serving_lock(database: Path) -> Path:
    """Held shared by every worker serving `database`: `flask restore` refuses while it is."""
    return database.with_name(database.name + ".serving")


class Schedule:
    def __init__(self, database: Path, folder: Path, every_seconds: float, keep: int) -> None:
        self.database, self.folder = database, folder
        self.every, self.keep = every_seconds, max(1, keep)
        self.stopped = threading.Event()
        self.holding: IO[str] | None = None
        self.made = 0  # copies this schedule wrote, told to whoever waits on `taken`
        self.taken = threading.Condition()
        self.thread = threading.Thread(target=self.run, name="backups", daemon=True)

    def copies(self) -> list[Path]:
        """The copies in the folder, oldest first (their names are their UTC times)."""
        return sorted(self.folder.glob(f"{PREFIX}*{SUFFIX}"))

    def due_in(self) -> float:
        copies = self.copies()
        if not copies:
            return 0.0
        return copies[-1].stat().st_mtime + self.every - time.time()

    def take(self) -> Path:
        name = f"{PREFIX}{datetime.now(UTC):%Y%m%dT%H%M%S%fZ}{SUFFIX}"
        copy_sqlite(self.database, self.folder / name)
        for old in self.copies()[:-self.keep]:
            old.unlink(missing_ok=True)
        with self.taken:
            self.made += 1
            self.taken.notify_all()
        return self.folder / name

    def run(self) -> None:
        while not self.stopped.is_set():
            if self.holding is None:
                self.holding = lock(self.folder / ".lock", fcntl.LOCK_EX)
            wait = min(self.every, LOOK_AGAIN_SECONDS)
            if self.holding is not None:
                try:
                    wait = self.due_in()
                    if wait <= 0:
                        self.take()
                        wait = self.every
                except (OSError, sqlite3.Error):
                    log.warning("The scheduled backup into %s failed.", self.folder,
                                exc_info=True)
            self.stopped.wait(wait)
        if self.holding is not None:
            self.holding.close()

    def start(self) -> Schedule:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.thread.start()
        return self

    def stop(self) -> None:
        self.stopped.set()


def start(app: Flask) -> Schedule | None:
    """In a worker of the server, once: hold the serving lock, and start the backup schedule
    where one is set (None where not)."""
    database = sqlite_file(app)
    if database is not None:
        held = lock(serving_lock(database), fcntl.LOCK_SH)
        if held is not None:
            _held.append(held)
    folder, hours = app.config.get("BACKUP_DIR"), app.config.get("BACKUP_EVERY_HOURS") or 0
    if not folder or hours <= 0:
        return None
    if database is None:
        log.warning("Scheduled backups copy SQLite databases: for PostgreSQL use pg_dump "
                    "(docs/deploying.md). BACKUP_DIR is ignored.")
        return None
    return Schedule(database, Path(folder), hours * 3600, app.config["BACKUP_KEEP"]).start()
