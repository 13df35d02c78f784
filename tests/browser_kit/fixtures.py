"""A real server on loopback and headless Chromium (Debian's build) driven by Playwright.

A plugin of the whole suite (tests/conftest.py's `pytest_plugins`), not a folder's conftest: the
browser tests live in their features' folders (tests/<feature>/browser/), and they all share
one Chromium and one loopback server for the run (session-scoped fixtures defined once)."""

from __future__ import annotations

import os
import shutil
import threading
from contextlib import contextmanager

import pytest
from fresh_app import InFlight, fresh_app, served
from werkzeug.serving import make_server

from config import TestConfig

from .everything import make_everything

# Debian's Chromium as its headless shell (`apt-get install chromium-headless-shell`): the same
# Blink, V8 and network stack as /usr/bin/chromium, without the desktop browser around them, and
# what Playwright itself launches for a headless Chromium. Over the same browser tests it took
# 41% less CPU than the whole browser run headless (docs/testing.md). CHROMIUM_PATH names
# another; where the shell is missing, the whole browser.
CHROMIUM = (os.environ.get("CHROMIUM_PATH") or shutil.which("chromium-headless-shell")
            or shutil.which("chromium") or "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic",
]
PHONE = {"width": 390, "height": 844}
# A phone that goes offline, with the app's service worker (sw.js), as a real one has: the
# other phones go without it (`_without_service_worker`).
OFFLINE_PHONE = {"viewport": PHONE, "is_mobile": True, "has_touch": True,
                 "service_workers": "allow"}


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail(f"Chromium is missing at {CHROMIUM}: CI must install it "
                        "(apt-get install chromium-headless-shell).")
        pytest.skip(f"Chromium is not installed at {CHROMIUM} (apt-get install "
                    "chromium-headless-shell); "
                    "browser tests skipped outside CI.")
    from playwright.sync_api import expect, sync_playwright

    # A state the page reaches is waited for up to 10 s, not Playwright's 5: on two busy cores
    # a page can be that slow to get there, and a passing test waits no longer for it.
    expect.set_options(timeout=10_000)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        browser.new_context = _without_service_worker(browser.new_context)
        yield browser
        browser.close()


def _without_service_worker(new_context):
    """Each phone without the app's service worker, unless its test asks for it
    (`service_workers="allow"`: the phones that go offline, tests/match/browser/test_offline_*.py,
    tests/hosting/browser/test_installed.py).

    The worker fetches every asset as it is installed and keeps a copy of each page and asset a
    phone then asks for: a quarter of the browser tests' CPU, in Chromium and in the server,
    for phones whose test is not about going offline. What it does is those tests', and
    tests/hosting/test_install.py's."""

    def made(**options):
        options.setdefault("service_workers", "block")
        return new_context(**options)

    return made


class Answering:
    """The app of the test now running, as the loopback server's one WSGI app: a request that
    comes between two tests (a page closing late) is 503, never another test's."""

    def __init__(self) -> None:
        self.app = None

    def __call__(self, environ, start_response):
        app = self.app
        if app is None:
            start_response("503 Service Unavailable", [("Content-Type", "text/plain")])
            return [b"Between tests."]
        return app(environ, start_response)


@pytest.fixture(scope="session")
def _loopback():
    """One server on a loopback port for the whole run: starting and stopping one per test cost
    up to half a second each (its serving loop looks for the stop every 0.5 s)."""
    answering, flight = Answering(), InFlight()
    server = make_server("127.0.0.1", 0, answering, threaded=True,
                         request_handler=flight.handler())
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield answering, flight, f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)
    server.server_close()


@pytest.fixture
def live_server(app, browser, _loopback):
    """The test's own app (a fresh database) served over real HTTP on loopback, for the browser.

    The server is the run's one (`_loopback`); only the app it answers with is the test's. At
    the end every browser context the test opened and left open is closed, its event streams
    end, and the requests still on their way are answered, before the next test's app is put
    in its place: nothing of one test reaches the next."""
    answering, flight, address = _loopback
    before = set(browser.contexts)
    answering.app = app
    try:
        yield address
    finally:
        for context in set(browser.contexts) - before:
            context.close()
        hub = app.extensions["squarescores.live"]
        hub.close()
        hub.idle.wait(timeout=5)
        flight.wait(timeout=10)
        answering.app = None


def _once(fixture_name, config) -> str:
    """Once a session on SQLite, where each app has a file of its own; once a module on
    PostgreSQL (`make test-postgres`), where every app shares one database, whose tables each
    test's app makes anew and drops: there the pages are made again for each module."""
    return "session" if TestConfig.SQLALCHEMY_DATABASE_URI == "sqlite://" else "module"


@pytest.fixture(scope=_once)
def site_app(tmp_path_factory):
    """The app of the look and layout checks (`site`), on a database of its own."""
    made = fresh_app(tmp_path_factory.mktemp("site"))
    app = next(made)
    app.config["RATELIMIT_ENABLED"] = False
    yield app
    next(made, None)


@pytest.fixture(scope=_once)
def site(site_app):
    """`site_app` served on loopback, with every game active and over, a group, a night, a
    season and designs made in it (everything.py): its address and its pages' paths, by name.
    Made once for every module that reads it (on PostgreSQL once for each: `_once`); a test
    that adds to it adds matches of its own."""
    paths = make_everything(site_app.test_client())
    with served(site_app) as address:
        yield address, paths


@pytest.fixture
def stand_in(app):
    """Something between the phone and the server answering in the server's place (a proxy, a
    café's Wi-Fi sign-in): within `with stand_in(asks, status, content_type, body):` every request
    whose WSGI environ `asks` is true of is answered so, with an X-Stand-In header to tell it by.
    Done in the server itself, so that no request can slip past (a browser's own request routing
    can let through one sent as a tab closes)."""

    @contextmanager
    def standing_in(asks, status, content_type, body):
        inner = app.wsgi_app

        def answering(environ, start_response):
            if asks(environ):
                start_response(status, [("Content-Type", content_type), ("X-Stand-In", "1")])
                return [body]
            return inner(environ, start_response)

        app.wsgi_app = answering
        try:
            yield
        finally:
            app.wsgi_app = inner

    return standing_in


@pytest.fixture
def phone(browser):
    """A fresh phone-sized page (390×844, touch) with its own cookies."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def artifacts():
    """The folder screenshots go to (test-artifacts/, kept out of git), to look at by eye."""
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "test-artifacts"
    path.mkdir(exist_ok=True)
    return path


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A browser test that fails leaves each page it had open on its server in
    test-artifacts/failed/ (a screenshot and the HTML), and says in its report where each page
    was and what its banners and notes said: under load a failure is seldom seen twice."""
    outcome = yield
    report = outcome.get_result()
    funcargs = getattr(item, "funcargs", {})
    address = funcargs.get("live_server") or (funcargs.get("site") or (None,))[0]
    browser = funcargs.get("browser")
    if not (report.failed and call.when == "call" and address and browser):
        return
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "test-artifacts" / "failed"
    folder.mkdir(parents=True, exist_ok=True)
    said = []
    pages = [page for context in browser.contexts for page in context.pages
             if page.url.startswith(address)]
    for number, page in enumerate(pages, start=1):
        stem = folder / f"{item.name[:80]}-{number}"
        try:
            page.screenshot(path=f"{stem}.png", full_page=True, timeout=5_000)
            stem.with_suffix(".html").write_text(page.content())
            state = page.evaluate("""() => [...document.querySelectorAll(
                '.banner, .flash, #sheet-notes p, .offline, .sheet-state')].map(e =>
                [e.className + ':', e.getAttribute('data-version'), e.getAttribute('data-status'),
                 e.innerText.slice(0, 160)].filter(Boolean).join(' '))""")
        except Exception as error:  # noqa: BLE001 - a page gone or stuck still names itself
            state = [f"unreadable: {error}"]
        said.append(f"page {number}: {page.url}\n  " + "\n  ".join(state))
    report.sections.append(("open pages", "\n".join(said) or "none open on the server"))


def pytest_collection_modifyitems(items):
    # Werkzeug's test server leaves a static file unclosed when the browser drops a connection
    # mid-response (a page navigating away, say); that ResourceWarning is the server's, not ours.
    # A browser test is told by its mark, wherever its feature's folder is.
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.filterwarnings("ignore::ResourceWarning"))
            item.add_marker(pytest.mark.filterwarnings(
                "ignore::pytest.PytestUnraisableExceptionWarning"))


@pytest.fixture
def kept_offline():
    """kept_offline(page): until the page's service worker controls it and keeps a copy of it
    for offline use."""
    return _kept_offline


def _kept_offline(page):
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_function("""() => caches.keys().then(async names => {
        for (const name of names.filter(n => n.startsWith('squarescores-pages-'))) {
          if (await (await caches.open(name)).match(location.href)) return true;
        }
        return false;
      })""")
