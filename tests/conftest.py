"""Fixtures: an app on a fresh real SQLite file per test, its client, and helpers to start matches.

Also the `no_database` mark, given by folder, and the check that keeps it true."""

from __future__ import annotations

import gc
import threading
from pathlib import Path

import pytest
from fresh_app import fresh_app
from hypothesis import settings
from sqlalchemy import event
from sqlalchemy.pool import Pool

from app.hosting import lan
from app.web.games import add_game

# The browser tests' fixtures (tests/browser_kit/fixtures.py), for every folder: the browser
# tests live with their features (tests/<feature>/browser/), and share one session's Chromium
# and loopback server, which a fixture defined once (not imported into each folder) keeps.
pytest_plugins = ["browser_kit.fixtures"]

# Speed is the benchmark's to measure, never a test's: an example that takes long on a busy
# machine fails nothing (hypothesis's deadline, 200 ms an example, failed a Banakil property
# under two test suites' load).
settings.register_profile("squarescores", deadline=None)
settings.load_profile("squarescores")

# A game that lives only in the tests joins the registry before any app is made: every app of
# the suite plays it, and every check written over the registry checks it too.
add_game("toy_game")

TESTS = Path(__file__).resolve().parent
# The engines, the arithmetic and the checks of the code itself touch no database: the PostgreSQL
# pass leaves them out (see the Makefile).
NO_DATABASE = ("games", "code", "test_arithmetic.py", "test_names.py",
               "night/test_night_seating.py", "plays/test_rules.py",
               "plays/test_bgstats_reading.py", "plays/test_csv_reading.py",
               "plays/test_file_properties.py")
# ... but a game's own API, page and browser tests (tests/games/<game>/api/, pages/, browser/) do
# use one.
WITH_DATABASE = ("api", "pages", "browser")
_running: list[pytest.Item] = []  # the test being set up or run, for the check below


# `make test` runs on two workers (pytest-xdist, `--dist loadgroup`). The tests that drive a
# browser or start servers of their own run one at a time, each kind on one worker, beside the
# rest: two Chromiums or two sets of gunicorns at once would only crowd two cores. The fuzzing
# of API v1's document (tests/contract) shares one live server among its tests.
SERIAL = ("look", "browser", "live", "fuzz", "image")


# First of all the plugins: a worker's xdist names each test's group in its id as it collects,
# and must find the group already marked.
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    for item in items:
        if (any(item.path.is_relative_to(TESTS / name) for name in NO_DATABASE)
                and not set(WITH_DATABASE) & set(item.path.relative_to(TESTS).parts)):
            item.add_marker(pytest.mark.no_database)
        kind = next((kind for kind in SERIAL if item.get_closest_marker(kind)), None)
        if kind:
            item.add_marker(pytest.mark.xdist_group(kind))


# Python's collector, left as it is, took 26 of the 56 seconds the match API's tests spent in
# one process: every test makes an app (a cycle of thousands of objects), and each full
# collection walked everything the run keeps for good (the modules, the compiled pages,
# hypothesis's and SQLAlchemy's caches) again. What has lived through the collection and a run
# of tests is set aside (gc.freeze: never walked again), and the young are collected less often;
# the apps the tests let go are still collected, every GC_EVERY tests at the latest.
GC_EVERY = 50
_finished = [0]


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session):
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


@pytest.hookimpl(trylast=True)
def pytest_runtest_logfinish(nodeid, location):
    _finished[0] += 1
    if _finished[0] % GC_EVERY == 0:
        gc.collect()
        gc.freeze()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    _running[:] = [item]


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item):
    _running.clear()


@event.listens_for(Pool, "checkout")
def _no_database_means_none(*_):
    # A database test among the pure ones would silently miss the PostgreSQL pass: refuse it
    # on every pass, SQLite included, so that `make test` catches it. Only the test's own
    # thread counts: an earlier test's app may still have its change watcher polling its
    # database in a thread of its own (the live push's), which is no use of this test's.
    if (_running and _running[0].get_closest_marker("no_database")
            and threading.current_thread() is threading.main_thread()):
        pytest.fail(f"{_running[0].nodeid} uses a database, yet it sits among the tests that "
                    f"touch none ({', '.join(NO_DATABASE)} in tests/), which the PostgreSQL pass "
                    "leaves out: move it", pytrace=False)


@pytest.fixture(autouse=True)
def _no_lan(monkeypatch):
    """The machine's own network never shows in a test: a links page opened on loopback (the
    test client's localhost, the browser's 127.0.0.1) finds no LAN address to hand out instead,
    unless the test gives one (tests/hosting/test_loopback.py)."""
    monkeypatch.setattr(lan, "lan_address", lambda toward=lan.TOWARD: None)


@pytest.fixture
def app(tmp_path):
    yield from fresh_app(tmp_path)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


class Api:
    """A client that speaks API v1 with a token, like a phone would."""

    def __init__(self, client):
        self.client = client

    def create(self, players=("Ana", "Ben", "Cy"), game="generic", options=None, **extra):
        body = {"game": game, "players": list(players), **extra}
        if options is not None:
            body["options"] = options
        response = self.client.post("/api/v1/matches", json=body)
        assert response.status_code == 201, response.get_json()
        return response.get_json()

    def call(self, method, path, token=None, json=None, headers=None, **kwargs):
        headers = dict(headers or {})
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        return self.client.open(f"/api/v1{path}", method=method, json=json, headers=headers,
                                **kwargs)


@pytest.fixture
def api(client):
    return Api(client)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """The structure's questions at the end of the run: files past 400 lines and folders past 12
    modules, each a place to look at ("two meanings here?"), never a failure
    (tests/code/test_structure.py fails only a giant, past 800 lines)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "structure_report", Path(__file__).parent / "code" / "test_structure.py")
    structure = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(structure)
    files, folders = structure.files_past(), structure.folders_past()
    if files or folders:
        terminalreporter.section("the structure's questions (two meanings here?)")
        for path, lines in files.items():
            terminalreporter.line(f"{path}: {lines} lines (past {structure.LINES_PER_FILE})")
        for path, count in folders.items():
            terminalreporter.line(f"{path}/: {count} modules (past {structure.MODULES_PER_FOLDER})")
