"""One change watcher per app and process: it learns which watched matches have a new version
and tells their streams, whatever the number of phones.

- SQLite: `PRAGMA data_version` on one connection of its own (microseconds, no table read)
  every `LIVE_POLL_SECONDS`, and only once it moved, one query of the watched matches'
  versions. A write in this process wakes it at once (the commit hook below).
- PostgreSQL: `LISTEN`. Every commit that changed a match's version sends `NOTIFY` from the
  same transaction (the flush hook below), so servers on one database push to each other's
  phones; a notice from an aborted transaction is never delivered.
- Any other database: the versions query on every tick.

Either way every `LIVE_RECHECK_SECONDS` all watched versions and links are read again, in case
a notice was lost (a dropped LISTEN connection). The watcher runs only while streams are open."""

from __future__ import annotations

import logging
import threading
import time
import weakref
from collections.abc import Iterable
from typing import Protocol, cast

from flask import Flask
from sqlalchemy import Engine, event, inspect, select, text
from sqlalchemy.orm import Session, SessionTransaction, UOWTransaction
from sqlalchemy.pool import PoolProxiedConnection

from ..cache import kept
from ..errors import NotFound
from ..extensions import db
from ..logs import RedactRecord
from ..models import VERSIONS_MOVED, Match, Night, Token
from ..services.match.sheet import load_sheet
from . import nights
from .hub import Hub

CHANNEL = "squarescores_match"
CHUNK = 500  # ids per IN (...) list: well under every database's limit on parameters
ALL = None  # a source's answer: every watched match may have changed

log = logging.getLogger(__name__)
# A database error quotes its statement's parameters, and the links' query holds their secrets.
log.addFilter(RedactRecord())
_hubs: weakref.WeakSet[Hub] = weakref.WeakSet()


def start(app: Flask, hub: Hub) -> None:
    """Set up the watcher of `hub`: it runs from the first stream opened to the last closed."""
    _hubs.add(hub)
    running = threading.Lock()

    def first_stream() -> None:
        if running.acquire(blocking=False):
            hub.idle.clear()
            # A thread; under gunicorn's gevent worker a greenlet, like every stream.
            threading.Thread(target=_watch, args=(app, hub, running), daemon=True,
                             name="squarescores-live").start()

    hub.on_first_stream = first_stream


def close_all() -> None:
    """Ends every stream of every app in this process (the worker is stopping)."""
    for hub in list(_hubs):
        hub.close()


def _watch(app: Flask, hub: Hub, running: threading.Lock) -> None:
    config = app.config
    try:
        with app.app_context():
            source = _source(db.engine, hub, config["LIVE_POLL_SECONDS"])
            try:
                _loop(hub, source, config["LIVE_RECHECK_SECONDS"])
            finally:
                source.close()
    except Exception:  # never a traceback in a thread: pytest and gunicorn would both choke
        log.warning("The live watcher stopped on an error; streams end and reconnect.",
                    exc_info=True)
        hub.end()
    finally:
        hub.idle.set()
        running.release()
        # A stream opened just as the loop saw none: it needs a watcher too.
        if len(hub) and not hub.closing:
            hub.on_first_stream()


def _loop(hub: Hub, source: _Source, recheck: float) -> None:
    last_recheck = time.monotonic()
    idle_since = None
    while not hub.closing:
        if not len(hub):
            # Stop once no stream has been open for a moment (a page reloading reconnects).
            idle_since = idle_since or time.monotonic()
            if time.monotonic() - idle_since > 1:
                return
        else:
            idle_since = None
        changed = source.wait()
        ids = hub.unchecked()
        sweep = time.monotonic() - last_recheck >= recheck
        if changed is ALL or sweep:
            ids.update(hub.watched())
        else:
            watched = set(hub.watched())
            ids.update(set(changed) & watched)
            if changed:  # a night moves with any of its tables: read again on any news
                ids.update(key for key in watched if nights.is_night(key))
        if sweep:
            last_recheck = time.monotonic()
        if ids:
            try:
                _check(hub, ids, sweep)
            except Exception:
                log.warning("The live watcher could not read the database; trying again.",
                            exc_info=True)
                time.sleep(1)
            finally:
                db.session.remove()


def _check(hub: Hub, ids: set[str], sweep: bool) -> None:
    """Reads the versions of `ids`; each match that moved has its replaced links' streams
    ended and the rest told the new version and status. Nights (nights.py) likewise."""
    night_keys = {key for key in ids if nights.is_night(key)}
    if night_keys:
        _check_nights(hub, night_keys)
        ids = ids - night_keys
    versions: dict[str, int] = {}
    for part in _chunks(ids):
        versions.update(db.session.execute(
            select(Match.id, Match.version).where(Match.id.in_(part))).all())
    for gone in ids - versions.keys():
        hub.end(gone)
    moved = [i for i, version in versions.items() if version > hub.known(i)]
    if sweep:
        secrets = hub.secrets()
        live = _live_secrets(secrets) | nights.live_secrets(secrets)
        hub.end(unless=live)
    elif moved:
        # A replaced link is a new version of its match: its old secret is gone from the table.
        live = set()
        for part in _chunks(moved):
            live.update(db.session.scalars(select(Token.secret).where(Token.match_id.in_(part))))
        for match_id in moved:
            hub.end(match_id, unless=live)
    for match_id in moved:
        try:
            version, status = status_of(match_id, versions[match_id])
        except NotFound:
            hub.end(match_id)
            continue
        hub.publish(match_id, version, status)


def _check_nights(hub: Hub, keys: set[str]) -> None:
    """Each night's version (its own and its tables'): streams told of a newer one, and ended
    for a night that is gone."""
    found = nights.statuses(keys)
    for key in keys:
        if key not in found:
            hub.end(key)
        elif found[key][0] > hub.known(key):
            hub.publish(key, *found[key])


def _live_secrets(secrets: set[str]) -> set[str]:
    live: set[str] = set()
    for part in _chunks(secrets):
        live.update(db.session.scalars(select(Token.secret).where(Token.secret.in_(part))))
    return live


def status_of(match_id: str, version: int) -> tuple[int, str]:
    """The match's version and status (active, over, banked, abandoned). Over or active takes a
    replay, so it is worked out once per version and process and kept in the app's cache."""

    def make() -> tuple[tuple[int, str], int, bool]:
        sheet = load_sheet(match_id)
        return (sheet.version, sheet.status), 200, sheet.version == version

    return kept(("live-status", match_id, version), make)


def _chunks(ids: Iterable[str]) -> Iterable[list[str]]:
    ids = list(ids)
    for start in range(0, len(ids), CHUNK):
        yield ids[start:start + CHUNK]


# Where news of a change comes from.

class _Source:
    """Any database: every watched match, every tick."""

    def __init__(self, hub: Hub, interval: float):
        self.hub, self.interval = hub, interval

    def wait(self) -> set[str] | None:
        self.hub.poked.wait(self.interval)
        self.hub.poked.clear()
        return ALL

    def close(self) -> None:
        pass


class _SQLite(_Source):
    """PRAGMA data_version moves whenever another connection, in any process, commits."""

    def __init__(self, engine: Engine, hub: Hub, interval: float):
        super().__init__(hub, interval)
        self.connection = engine.raw_connection()
        self.connection.detach()  # its own for as long as the watcher runs, not the pool's
        self.seen: int | None = None

    def wait(self) -> set[str] | None:
        self.hub.poked.wait(self.interval)
        self.hub.poked.clear()
        cursor = self.connection.cursor()
        try:
            version = cursor.execute("PRAGMA data_version").fetchone()[0]
        finally:
            cursor.close()
        moved, self.seen = version != self.seen, version
        return ALL if moved else set()

    def close(self) -> None:
        self.connection.close()


class _Notice(Protocol):
    payload: str  # the id of the match that changed


class _Listening(Protocol):
    """What the watcher uses of psycopg's connection (named, not imported: psycopg takes half a
    second to import, and only PostgreSQL needs it)."""

    autocommit: bool

    def rollback(self) -> None: ...

    def execute(self, query: str) -> object: ...

    def notifies(self, *, timeout: float | None = None) -> Iterable[_Notice]: ...


def _psycopg(raw: PoolProxiedConnection) -> _Listening:
    """psycopg's own connection under the pool's (psycopg's DBAPI connection is the driver's
    own), which SQLAlchemy can type only as PEP 249's: with no LISTEN, no notices."""
    return cast(_Listening, raw.dbapi_connection)


class _Postgres(_Source):
    """LISTEN on a connection of its own; a notice names the match that changed."""

    def __init__(self, engine: Engine, hub: Hub, interval: float):
        super().__init__(hub, interval)
        self.engine = engine
        self.connection: PoolProxiedConnection | None = None
        self.fresh = True

    def _listen(self) -> PoolProxiedConnection:
        raw = self.engine.raw_connection()
        connection = _psycopg(raw)
        raw.detach()  # its own for as long as the watcher runs, not the pool's
        try:
            connection.rollback()
            connection.autocommit = True
            connection.execute(f"LISTEN {CHANNEL}")
        except BaseException:
            raw.close()
            raise
        return raw

    def wait(self) -> set[str] | None:
        if self.connection is None:
            try:
                self.connection = self._listen()
            except Exception:
                log.warning("LISTEN failed; trying again in a second.", exc_info=True)
                time.sleep(1)
                return set()
            # Anything may have changed while nobody listened.
            return ALL
        ids = set()
        try:
            for notice in _psycopg(self.connection).notifies(timeout=self.interval):
                ids.add(notice.payload)
        except Exception:
            log.warning("The LISTEN connection dropped; listening again.", exc_info=True)
            self.close()
        return ids

    def close(self) -> None:
        if self.connection is not None:
            try:
                self.connection.close()
            except Exception:
                pass
            self.connection = None


def _source(engine: Engine, hub: Hub, interval: float) -> _Source:
    if engine.dialect.name == "sqlite":
        return _SQLite(engine, hub, interval)
    if engine.dialect.name == "postgresql":
        return _Postgres(engine, hub, interval)
    return _Source(hub, interval)


# The writing side: every commit that moves a match's version says so.

_CHANGED = "squarescores.live.changed"


def _note_versions(session: Session, flush_context: UOWTransaction) -> None:
    """After a flush: matches whose version moved. On PostgreSQL, NOTIFY in the same
    transaction, delivered when (and only if) it commits."""
    moved = {obj.id for obj in session.dirty
             if isinstance(obj, Match) and inspect(obj).attrs.version.history.added}
    # A night's own changes (a seating, its end) wake its stream, too (nights.py).
    moved.update(nights.key_of(obj.id) for obj in session.dirty
                 if isinstance(obj, Night) and inspect(obj).attrs.version.history.added)
    _announce(session, moved)


def _before_commit(session: Session) -> None:
    """Versions a statement moved outside the flush (VERSIONS_MOVED): told as a flush's are."""
    _announce(session, session.info.pop(VERSIONS_MOVED, set()))


def _announce(session: Session, moved: set[str]) -> None:
    if not moved:
        return
    connection = session.connection()
    if connection.dialect.name == "postgresql":
        for match_id in moved:
            connection.execute(text("SELECT pg_notify(:channel, :id)"),
                               {"channel": CHANNEL, "id": match_id})
    session.info.setdefault(_CHANGED, set()).update(moved)


def _after_commit(session: Session) -> None:
    if session.info.pop(_CHANGED, None):
        for hub in list(_hubs):
            hub.poked.set()


def _after_rollback(session: Session, previous_transaction: SessionTransaction) -> None:
    session.info.pop(_CHANGED, None)
    session.info.pop(VERSIONS_MOVED, None)


def install_hooks() -> None:
    """Once per process: every session reports its version changes (idempotent)."""
    if not event.contains(Session, "after_flush", _note_versions):
        event.listen(Session, "after_flush", _note_versions)
        event.listen(Session, "before_commit", _before_commit)
        event.listen(Session, "after_commit", _after_commit)
        event.listen(Session, "after_soft_rollback", _after_rollback)
