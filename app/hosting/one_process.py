"""Work that one process of the server does for all of them (the chat's deliveries, the imports of
plays), in a loop every worker starts (`Loop`): the lock that says which process does it, held
until its process dies, even by kill -9 (a file lock beside a SQLite database, an advisory lock
on PostgreSQL; the system lets either go)."""

from __future__ import annotations

import fcntl
import threading
from typing import Any, Self

from flask import Flask
from sqlalchemy import text

from ..extensions import db
from .backups import lock, sqlite_file


def take(app: Flask, name: str) -> Any | None:
    """The lock of `name` for this process (what holds it: keep it), or None where another
    process of the server holds it. In an app of SQLite in memory this process is alone."""
    with app.app_context():
        database = sqlite_file(app)
        if database is not None:
            return lock(database.with_name(f"{database.name}.{name}"), fcntl.LOCK_EX)
        if db.engine.dialect.name == "postgresql":
            connection = db.engine.connect()
            if connection.scalar(text("SELECT pg_try_advisory_lock(hashtext(:name))"),
                                 {"name": f"squarescores.{name}"}):
                connection.commit()
                return connection
            connection.close()
            return None
    return True


# How often a process without the lock looks whether it is free, at most.
LOOK_AGAIN_SECONDS = 30.0


class Loop:
    """A thread of each worker of the server that does `turn()` while its process holds the lock
    of `name`, every `poll` seconds or sooner when woken; the others look for the lock now and
    then, to take over. A turn that fails (the database away a moment) is said by `failed`, and
    the next turn comes as ever."""

    def __init__(self, app: Flask, name: str, poll: float) -> None:
        self.app, self.name, self.poll = app, name, poll
        self.stopped = threading.Event()
        self.woken = threading.Event()
        self.held: Any = None  # the lock: a file, or PostgreSQL's connection holding it
        self.thread = threading.Thread(target=self.run, name=name, daemon=True)

    def turn(self) -> None:
        raise NotImplementedError

    def failed(self, error: Exception) -> None:
        raise NotImplementedError

    def take_lock(self) -> bool:
        self.held = take(self.app, self.name)
        return self.held is not None

    def run(self) -> None:
        while not self.stopped.is_set():
            if self.held is None and not self.take_lock():
                self.stopped.wait(LOOK_AGAIN_SECONDS)
                continue
            try:
                self.turn()
            except Exception as error:
                self.failed(error)
            self.woken.wait(self.poll)
            self.woken.clear()

    def start(self) -> Self:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.stopped.set()
        self.woken.set()
