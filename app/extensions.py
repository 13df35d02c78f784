"""Flask extensions, created unbound and bound to the app in create_app."""

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from flask_compress import Compress
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy import MetaData, event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import DeclarativeBase
from sqlalchemy.pool import ConnectionPoolEntry

from .server_files import begin_immediate, locked, made_private


class Base(DeclarativeBase):
    metadata = MetaData(
        naming_convention={
            "ix": "ix_%(column_0_label)s",
            "uq": "uq_%(table_name)s_%(column_0_N_name)s",
            "ck": "ck_%(table_name)s_%(constraint_name)s",
            "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
            "pk": "pk_%(table_name)s",
        }
    )


# A write answers with the match as it left it: its rows stay loaded after the commit, so the
# answer is replayed from them rather than read back (each request has a session of its own).
db = SQLAlchemy(model_class=Base, session_options={"expire_on_commit": False})
migrate = Migrate(render_as_batch=True)
csrf = CSRFProtect()
compress = Compress()


_write_intent: ContextVar[bool] = ContextVar("write_intent", default=False)


@contextmanager
def write_intent() -> Iterator[None]:
    """Transactions begun inside take SQLite's write lock at BEGIN (BEGIN IMMEDIATE)."""
    token = _write_intent.set(True)
    try:
        yield
    finally:
        _write_intent.reset(token)


def begin_writing() -> None:
    """The session's next transaction begun as a write's, now: the one under way (a read's) is
    ended first. A write that begins deferred takes SQLite's lock at its first INSERT, waiting
    for it in C, which under gevent holds the whole worker; begun so, it waits in turns."""
    db.session.rollback()
    with write_intent():
        db.session.connection()


# The transaction a request began as a write's (services.match.access.authenticate_to_write),
# while it is the session's own: a write (services.match.writes.writing) carries on in it rather
# than beginning another.
_BEGUN_TO_WRITE = "squarescores.begun_to_write"


def mark_begun_to_write() -> None:
    db.session.info[_BEGUN_TO_WRITE] = db.session().get_transaction()
    mark_write_locked()


# The transaction that holds the database's write lock (SQLite's, or a match's row on
# PostgreSQL): marked where it is taken (authenticate_to_write, writes.writing).
_WRITE_LOCKED = "squarescores.write_locked"


def mark_write_locked() -> None:
    db.session.info[_WRITE_LOCKED] = db.session().get_transaction()


def holds_write_lock() -> bool:
    """Whether this request's transaction holds the write lock (services/match/outside.py)."""
    current = db.session().get_transaction()
    return current is not None and db.session.info.get(_WRITE_LOCKED) is current


def begun_to_write() -> bool:
    """Whether the session's transaction was begun as a write's."""
    current = db.session().get_transaction()
    return current is not None and db.session.info.get(_BEGUN_TO_WRITE) is current


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection: DBAPIConnection,
                    connection_record: ConnectionPoolEntry) -> None:
    """Foreign keys on, WAL so readers never wait on a writer, and a busy timeout."""
    if not isinstance(dbapi_connection, sqlite3.Connection):
        return
    # SQLAlchemy, not the sqlite3 module, says BEGIN, so that a write can say BEGIN IMMEDIATE.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    # The main database's file ("" in memory): kept private, however it was made (SPEC 6).
    file = cursor.execute("PRAGMA database_list").fetchone()[2]
    if file:
        made_private(Path(file))
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={int(BUSY_SECONDS * 1000)}")
    if cursor.execute("PRAGMA journal_mode").fetchone()[0] != "memory":
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


# How long a write waits its turn for SQLite's write lock (busy_timeout; under gevent, in turns:
# server_files.begin_immediate).
BUSY_SECONDS = 10.0


@event.listens_for(Engine, "begin")
def _sqlite_begin(conn: Connection) -> None:
    if conn.dialect.name == "sqlite":
        # A write takes the write lock up front, so it waits its turn (busy_timeout) instead
        # of failing with "database is locked" when it upgrades a read lock mid-transaction.
        # Said to the driver itself: every request begins one, and a statement through
        # SQLAlchemy's own machinery cost more CPU than a poll's whole query.
        driver = conn.connection.driver_connection
        if _write_intent.get():
            # Under gevent, waited for in turns: the worker serves its other requests meanwhile,
            # and past BUSY_SECONDS "database is locked", answered 503 (app/web/errors.py). A
            # listener's error is the driver's own: said as SQLAlchemy says a statement's.
            try:
                begin_immediate(driver, BUSY_SECONDS)
            except sqlite3.OperationalError as error:
                raise OperationalError("BEGIN IMMEDIATE", None, error) from error
        else:
            driver.execute("BEGIN")  # type: ignore[union-attr]


def locked_out(error: BaseException) -> bool:
    """Whether a database error is another write holding SQLite's lock past BUSY_SECONDS."""
    return locked(getattr(error, "orig", None) or error)
