"""Installed on the home screen (SPEC section 9): on a secure origin (here the phone's own
loopback, which browsers count as one) the service worker keeps a sheet this phone opened; with
the network gone the sheet opens again from it, says it is offline, and its save waits in the
outbox until the network is back, then lands once."""

from __future__ import annotations

import pytest
from browser_kit.fixtures import OFFLINE_PHONE
from playwright.sync_api import expect

from app.hosting.install import EXTENSION

pytestmark = pytest.mark.browser
PHONE = OFFLINE_PHONE  # with the service worker


def rounds(api, created):
    match = api.call("GET", f"/matches/{created['id']}", created["tokens"]["host"]).get_json()
    return [r["input"]["scores"] for r in match["rounds"]]


def test_a_sheet_opened_before_opens_offline_and_its_save_lands_once_back(
        app, live_server, browser, api, kept_offline):
    created = api.create(("Ana", "Ben"))
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{live_server}/m/{created['tokens']['host']}")
    # The worker keeps the page that was open as it started: nothing more was asked of it.
    kept_offline(page)
    note = page.locator("#offline-note")
    expect(note).to_be_hidden()

    context.set_offline(True)
    page.reload()
    expect(note).to_be_visible()
    expect(note).to_contain_text("Offline")
    expect(page.locator("html[data-served-offline]")).to_have_count(1)
    page.get_by_label("Round 1, Ana").fill("12")
    page.get_by_label("Round 1, Ben").fill("3+4")
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator(".waiting-note")).to_contain_text("Waiting to be sent")
    assert rounds(api, created) == []

    context.set_offline(False)
    expect(page.locator(".waiting-note")).to_have_count(0)
    assert rounds(api, created) == [[12, 7]]
    expect(note).to_be_hidden()

    # A new version of the app (its assets changed): its worker takes over at the next page,
    # and nothing of the old one's caches is left to serve from.
    version, assets = app.extensions[EXTENSION]
    app.extensions[EXTENSION] = (f"next{version}", assets)
    page.goto(f"{live_server}/")  # any page: the home page holds no event stream open
    page.wait_for_function("""next => caches.keys().then(names =>
        names.length === 2 && names.every(name => name.endsWith('-' + next)))""",
                           arg=f"next{version}")
    context.close()

