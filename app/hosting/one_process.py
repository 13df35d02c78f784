"""Work that one process of the server does for all of them (the chat's deliveries, the imports
of plays): the lock that says which, held until its process dies, even by kill -9 (a file lock
beside a SQLite database, an advisory lock on PostgreSQL; the system lets either go)."""

from __future__ import annotations

import fcntl
from typing import Any

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
