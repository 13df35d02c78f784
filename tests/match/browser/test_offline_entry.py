"""Nothing typed is lost (issue 14): a round saved while the server cannot be reached waits on
the phone, survives a reload and a closed tab, and is sent with the version it was typed at once
the server answers: it lands once, or the server asks, as it asks a stale page. So does a save
answered by anything but the sheet (a Wi-Fi's sign-in page, an empty body, a proxy's error page)."""

from __future__ import annotations

import re

import pytest
from browser_kit.fixtures import OFFLINE_PHONE
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
PHONE = OFFLINE_PHONE  # with the service worker
SAVE = re.compile(r"/m/[^/]+/round$")
CELL_SAVE = re.compile(r"/m/[^/]+/round/\d+/seat/\d+$")


def is_save(environ, path=SAVE) -> bool:
    return environ["REQUEST_METHOD"] == "POST" and bool(path.search(environ.get("PATH_INFO", "")))


def is_cell_save(environ) -> bool:
    return is_save(environ, CELL_SAVE)


def saves_turned_away(stand_in):
    """The network is back but the server cannot take a save: every one is answered 503, as a
    proxy answers while the server behind it is down."""
    return stand_in(is_save, "503 Service Unavailable", "text/plain",
                    b"The server cannot take saves just now.")


def turned_away(response) -> bool:
    return bool(SAVE.search(response.url)) and response.status == 503


def second_stood_in():
    """A response predicate true of the second answer a stand-in gives: a save's, then the
    phone's first try to send it again (at once, once the save is kept)."""
    seen = []

    def second(response):
        if response.headers.get("x-stand-in"):
            seen.append(response.url)
        return len(seen) == 2

    return second


def rounds(api, created):
    match = api.call("GET", f"/matches/{created['id']}", created["tokens"]["host"]).get_json()
    return [r["input"]["scores"] for r in match["rounds"]]


def type_round_offline(page, context, ana, ben):
    context.set_offline(True)
    page.get_by_label("Round 1, Ana").fill(ana)
    page.get_by_label("Round 1, Ben").fill(ben)
    page.get_by_role("button", name="Save round 1").click()
    waiting = page.locator(".waiting-note")
    expect(waiting).to_contain_text("Waiting to be sent")
    expect(waiting.locator("li")).to_have_text([f"Round 1, Ana: {ana}", f"Round 1, Ben: {ben}"])
    return waiting


def test_a_round_saved_offline_survives_a_reload_and_lands_once(
        live_server, stand_in, browser, api):
    created = api.create(("Ana", "Ben"))
    link = f"{live_server}/m/{created['tokens']['host']}"
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(link)
    type_round_offline(page, context, "12", "3+4")
    assert rounds(api, created) == []

    with saves_turned_away(stand_in):
        # The network is back but the server cannot take it: the phone tries, and keeps it.
        with page.expect_response(turned_away):
            context.set_offline(False)
        expect(page.locator(".waiting-note li")).to_have_count(2)

        # A reload, then a closed tab and a new one: still waiting, tried again on each load.
        with page.expect_response(turned_away):
            page.reload()
        expect(page.locator(".waiting-note li")).to_have_text(
            ["Round 1, Ana: 12", "Round 1, Ben: 3+4"])
        expect(page.get_by_label("Round 1, Ana")).to_have_value("")
        page.close()
        page = context.new_page()
        with page.expect_response(turned_away):
            page.goto(link)
        expect(page.locator(".waiting-note li")).to_have_count(2)
        assert rounds(api, created) == []

    # The server answers again: the round lands, once.
    context.set_offline(True)
    context.set_offline(False)  # the phone's "online" event
    expect(page.locator(".standing .total")).to_have_text(["12", "7"])
    expect(page.locator(".waiting-note")).to_have_count(0)
    expect(page.get_by_label("Round 2, Ana")).to_be_visible()
    page.reload()
    expect(page.locator(".standing .total")).to_have_text(["12", "7"])
    expect(page.locator(".waiting-note")).to_have_count(0)
    assert rounds(api, created) == [[12, 7]]
    assert page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('squarescores.'))") == []
    context.close()


# What else than the sheet can answer a save: a café's Wi-Fi asking to sign in first. Which
# answers are not the sheet (one cut to nothing, a proxy's error page, a 5xx, a 429, JSON, …) is
# tests/js/sheet_answers.test.mjs's: the page keeps a save each of them answers as it keeps this.
SIGN_IN = ("200 OK", "text/html; charset=utf-8",
           "<title>Wi-Fi</title><h1>Sign in to the café's Wi-Fi</h1>".encode())


def test_a_save_answered_by_anything_but_the_sheet_waits_and_lands(
        live_server, stand_in, browser, api):
    created = api.create(("Ana", "Ben"))
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server}/m/{created['tokens']['host']}")
    page.evaluate("window.untouched = true")  # gone if the page reloads
    page.get_by_label("Round 1, Ana").fill("12")
    page.get_by_label("Round 1, Ben").fill("3+4")
    with stand_in(is_save, *SIGN_IN):
        with page.expect_response(second_stood_in()):
            page.get_by_role("button", name="Save round 1").click()
        expect(page.locator(".waiting-note li")).to_have_text(
            ["Round 1, Ana: 12", "Round 1, Ben: 3+4"])
    assert rounds(api, created) == []
    assert page.evaluate("window.untouched") is True
    expect(page.get_by_text("Sign in")).to_have_count(0)

    # The server answers again: the round lands, once.
    context.set_offline(True)
    context.set_offline(False)  # the phone's "online" event
    expect(page.locator(".standing .total")).to_have_text(["12", "7"])
    expect(page.locator(".waiting-note")).to_have_count(0)
    assert rounds(api, created) == [[12, 7]]
    assert errors == []
    context.close()


def test_a_round_saved_offline_asks_when_another_phone_saved_the_same_cell(
        live_server, browser, api):
    created = api.create(("Ana", "Ben"))
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{live_server}/m/{created['tokens']['host']}")
    type_round_offline(page, context, "10", "20")

    # Ben saves his own cell from his phone meanwhile.
    saved = api.call("PUT", f"/matches/{created['id']}/rounds/1/seats/1",
                     created["tokens"]["seats"][1], json={"score": 25})
    assert saved.status_code == 201

    context.set_offline(False)
    # Asked, not overwritten: both values of the cell, in its own round, and a choice.
    conflict = page.locator(".conflict")
    expect(conflict).to_contain_text("saved this cell while you were typing")
    expect(conflict.locator("li")).to_have_text(["Round 1, Ben: yours 20, saved 25"])
    expect(page.locator(".waiting-note")).to_have_count(0)
    assert rounds(api, created) == [[None, 25]]

    # Keep mine: Ben's cell takes the 20 typed, and Ana's 10 goes with it.
    conflict.get_by_role("button", name="Keep mine").click()
    expect(page.locator(".standing .total")).to_have_text(["10", "20"])
    expect(page.locator(".conflict")).to_have_count(0)
    assert rounds(api, created) == [[10, 20]]
    context.close()


def test_keeping_the_saved_value_still_saves_the_rest_of_the_round(live_server, browser, api):
    created = api.create(("Ana", "Ben"))
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{live_server}/m/{created['tokens']['host']}")
    type_round_offline(page, context, "10", "20")
    api.call("PUT", f"/matches/{created['id']}/rounds/1/seats/1",
             created["tokens"]["seats"][1], json={"score": 25})
    context.set_offline(False)
    page.locator(".conflict").get_by_role("button", name="Keep saved").click()
    expect(page.locator(".standing .total")).to_have_text(["10", "25"])
    expect(page.locator(".conflict")).to_have_count(0)
    assert rounds(api, created) == [[10, 25]]
    context.close()


def test_a_round_finished_elsewhere_while_offline_is_never_saved_twice(live_server, browser, api):
    created = api.create(("Ana", "Ben"))
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{live_server}/m/{created['tokens']['host']}")
    type_round_offline(page, context, "10", "20")
    saved = api.call("POST", f"/matches/{created['id']}/rounds", created["tokens"]["host"],
                     json={"scores": [10, 20]})
    assert saved.status_code == 201

    context.set_offline(False)
    # What was typed is what round 1 holds: nothing to ask, nothing put into round 2.
    expect(page.locator(".waiting-note")).to_have_count(0)
    expect(page.get_by_label("Round 2, Ana")).to_have_value("")
    expect(page.locator(".conflict, #entry .error")).to_have_count(0)
    assert rounds(api, created) == [[10, 20]]
    context.close()


def test_a_cell_changed_in_place_offline_waits_and_lands(live_server, browser, api):
    created = api.create(("Ana", "Ben"))
    api.call("POST", f"/matches/{created['id']}/rounds", created["tokens"]["host"],
             json={"scores": [5, 30]})
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{live_server}/m/{created['tokens']['host']}")
    page.get_by_role("link", name="Round 1, Ben: 30. Change").click()
    context.set_offline(True)
    page.get_by_role("textbox", name="Round 1, Ben: 30. Change").fill("31")
    page.get_by_role("textbox", name="Round 1, Ben: 30. Change").press("Enter")
    expect(page.locator(".waiting-note li")).to_have_text(["Round 1, Ben: 31"])
    expect(page.get_by_role("link", name="Round 1, Ben: 30. Change")).to_be_visible()
    context.set_offline(False)
    expect(page.locator(".waiting-note")).to_have_count(0)
    expect(page.locator(".standing .total")).to_have_text(["5", "31"])
    assert rounds(api, created) == [[5, 31]]
    context.close()


def test_a_cell_changed_in_place_answered_by_a_sign_in_page_waits_and_lands(
        live_server, stand_in, browser, api):
    created = api.create(("Ana", "Ben"))
    api.call("POST", f"/matches/{created['id']}/rounds", created["tokens"]["host"],
             json={"scores": [5, 30]})
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server}/m/{created['tokens']['host']}")
    page.get_by_role("link", name="Round 1, Ben: 30. Change").click()
    page.get_by_role("textbox", name="Round 1, Ben: 30. Change").fill("31")
    with stand_in(is_cell_save, *SIGN_IN):
        with page.expect_response(second_stood_in()):
            page.get_by_role("textbox", name="Round 1, Ben: 30. Change").press("Enter")
        expect(page.locator(".waiting-note li")).to_have_text(["Round 1, Ben: 31"])
    expect(page.get_by_role("link", name="Round 1, Ben: 30. Change")).to_be_visible()
    expect(page.get_by_text("Sign in")).to_have_count(0)
    assert rounds(api, created) == [[5, 30]]

    context.set_offline(True)
    context.set_offline(False)  # the phone's "online" event
    expect(page.locator(".waiting-note")).to_have_count(0)
    expect(page.locator(".standing .total")).to_have_text(["5", "31"])
    assert rounds(api, created) == [[5, 31]]
    assert errors == []
    context.close()
