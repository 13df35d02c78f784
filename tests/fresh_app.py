"""A fresh app per test or per module: the one way the tests build the app on a database."""

from __future__ import annotations

import atexit
import functools
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from flask import Flask
from jinja2 import BytecodeCache
from sqlalchemy.engine import Engine
from sqlalchemy.util import LRUCache
from werkzeug.routing import Rule
from werkzeug.serving import WSGIRequestHandler, make_server

from app import create_app
from app.extensions import db
from config import TestConfig


class CompiledPages(BytecodeCache):
    """The pages' templates compiled once for the whole run, not once per test's app: every app
    the tests build has the same template environment, and a template whose source changed is
    compiled again (Jinja keys each by name and checks its source)."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


COMPILED_PAGES = CompiledPages()


def _builders_made_once() -> None:
    """Each route's URL builder compiled once for the whole run, not once per test's app.

    Werkzeug writes every route's builder as Python source and compiles it when the route is
    added: most of making an app (70 of its 80 ms), and every test makes one. The builder is
    a function of the rule's text, its parts and its defaults alone, and takes the route it
    builds for as its first argument: made once per such rule, each app's route is bound to
    the same function, and builds exactly what it would have built."""
    made: dict[tuple, Callable] = {}
    compile_builder = Rule._compile_builder

    def kept(self: Rule, append_unknown: bool = True) -> Callable:
        key = (self.rule, tuple(self._trace), repr(self.defaults), append_unknown)
        if key not in made:
            made[key] = compile_builder(self, append_unknown)
        return made[key]

    Rule._compile_builder = kept  # type: ignore[method-assign]


_builders_made_once()


def _rules_parsed_once() -> None:
    """Each route's rule parsed once for the whole run, not once per test's app.

    Werkzeug parses a rule's text into the parts its matcher compares and the trace its builder
    walks when the rule is bound to an app's URL map: 8 of the 85 ms of a test that makes an
    app and asks it three things. What the parse makes is a function of the rule's text, its
    host and subdomain, whether slashes merge, and the map's converters alone (every test's app
    has the same): kept once per such rule, each app's rule takes a copy of its lists, and the
    arguments, converters and builders the parse would have given it."""
    parsed: dict[tuple, tuple] = {}
    compile_rule = Rule.compile

    def kept(self: Rule) -> None:
        routes = self.map
        assert routes is not None, "rule not bound"
        key = (self.rule, self.host, self.subdomain, self.merge_slashes, routes.host_matching,
               tuple(routes.converters.items()))
        if key not in parsed:
            compile_rule(self)
            parsed[key] = (tuple(self._parts), tuple(self._trace), dict(self._converters))
            return
        parts, trace, converters = parsed[key]
        self._parts, self._trace, self._converters = list(parts), list(trace), dict(converters)
        self.arguments.update(name for variable, name in trace if variable)
        self._build = self._compile_builder(False).__get__(self, None)
        self._build_unknown = self._compile_builder(True).__get__(self, None)

    Rule.compile = kept  # type: ignore[method-assign]


_rules_parsed_once()

# The SQL of every test's app on SQLite compiled once for the whole run (see _app_on).
_SQLITE: dict[str, Engine] = {}


def _app_on(url: str) -> Flask:
    class Config(TestConfig):
        SQLALCHEMY_DATABASE_URI = url

    app = create_app(Config)
    app.jinja_env.bytecode_cache = COMPILED_PAGES
    if url.startswith("sqlite:"):
        with app.app_context():
            _statements_compiled_once(db.engine)
    return app


def _statements_compiled_once(engine: Engine) -> None:
    """Each SQL statement compiled once for the whole run, not once per test's engine.

    SQLAlchemy keeps a statement's compiled SQL in its engine, keyed by the engine's dialect
    (the object, not its kind): every test's engine, new, compiled every statement it ran again,
    a third of the time of a test that makes an app and asks it three things. Every test's app
    on SQLite has the same dialect in all but identity (the same driver, options and SQLite):
    its engine takes the first one's dialect and cache. Each test keeps its own engine, pool,
    connections and file."""
    first = _SQLITE.setdefault("sqlite", engine)
    if first is engine:
        engine._compiled_cache = LRUCache(5000)  # every statement of the suite, and room
        return
    engine.dialect = first.dialect
    engine.pool._dialect = first.dialect
    engine._compiled_cache = first._compiled_cache


@functools.cache
def _empty_sqlite() -> Path:
    """A SQLite file whose tables were made once for this process, for each test to copy:
    copying it takes a fifth of a millisecond where making the tables took 12 ms, and dropping
    them 6 ms more, at every test."""
    folder = tempfile.mkdtemp(prefix="squarescores-empty-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    path = Path(folder) / "empty.db"
    app = _app_on(f"sqlite:///{path}")
    with app.app_context():
        db.create_all()
        db.engine.dispose()  # its write-ahead log checkpointed into the file, and gone
    return path


def fresh_app(folder: Path) -> Iterator[Flask]:
    """An app on a fresh database: a new SQLite file in `folder` (a copy of one with every table
    and no row), or TEST_DATABASE_URL's tables made anew. A generator: the app, then its
    database let go (PostgreSQL's tables dropped)."""
    url = TestConfig.SQLALCHEMY_DATABASE_URI
    on_sqlite = url == "sqlite://"
    if on_sqlite:
        shutil.copyfile(_empty_sqlite(), folder / "test.db")
        url = f"sqlite:///{folder / 'test.db'}"
    app = _app_on(url)
    if not on_sqlite:
        with app.app_context():
            db.create_all()
    yield app
    with app.app_context():
        db.session.remove()
        if not on_sqlite:
            db.drop_all()
        db.engine.dispose()


class InFlight:
    """The requests a served app is still answering, so that the teardown waits for them: a
    request still reading the tables when they are dropped deadlocks on PostgreSQL (a page left
    open by the test may ask once more as the server stops).

    Counted around the server's own handling of each request (Werkzeug's `run_wsgi`), which
    ends however the request ends: a body's `close()` is not called when the client has gone
    by the time the server reads what it left unsent, and a count kept by the body waited its
    whole timeout then."""

    def __init__(self) -> None:
        self.count = 0
        self.changed = threading.Condition()

    def handler(self) -> type[WSGIRequestHandler]:
        flight = self

        class Counted(WSGIRequestHandler):
            def run_wsgi(self) -> None:
                with flight.changed:
                    flight.count += 1
                try:
                    super().run_wsgi()
                finally:
                    with flight.changed:
                        flight.count -= 1
                        flight.changed.notify_all()

        return Counted

    def wait(self, timeout: float) -> bool:
        with self.changed:
            return self.changed.wait_for(lambda: self.count == 0, timeout)


@contextmanager
def served(app) -> Iterator[str]:
    """The app served over real HTTP on a free loopback port, for a browser: its address."""
    answering = InFlight()
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=answering.handler())
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        # The pages' event streams end first: each holds a server thread until it does, and
        # the change watcher must stop before the app's tables go.
        hub = app.extensions["squarescores.live"]
        hub.close()
        hub.idle.wait(timeout=5)
        server.shutdown()
        answering.wait(timeout=10)  # then no request reads the tables the teardown drops
        thread.join(timeout=5)
        server.server_close()
