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


def _app_on(url: str) -> Flask:
    class Config(TestConfig):
        SQLALCHEMY_DATABASE_URI = url

    app = create_app(Config)
    app.jinja_env.bytecode_cache = COMPILED_PAGES
    return app


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
