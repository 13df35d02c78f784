"""Phones at one table: what one types shows on the others within two seconds, without a reload."""

from __future__ import annotations

import pytest
from browser_kit.landing import on_the_sheet
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def start_match(page, live_server, players=("Ana", "Ben")):
    page.goto(live_server + "/new/generic")
    for seat, name in enumerate(players, start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.get_by_role("button", name="Start the match").click()
    on_the_sheet(page)  # its scripts run before the next tap
    page.get_by_role("link", name="Invite the table").click()
    links = [page.locator(".invite input.link").nth(i).input_value()
             for i in range(len(players) + 1)]
    page.get_by_role("link", name="Back to the sheet").click()
    on_the_sheet(page)  # its scripts run before the next tap
    return links[:-1], links[-1]


def test_the_viewer_sees_the_hosts_entry_within_two_seconds(live_server, browser):
    host_context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    viewer_context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    host, viewer = host_context.new_page(), viewer_context.new_page()
    seats, view_link = start_match(host, live_server)

    viewer.goto(view_link)
    expect(viewer.locator(".standing .total")).to_have_text(["0", "0"])
    viewer.evaluate("window.untouched = true")  # gone if the page reloads

    host.get_by_label("Round 1, Ana").fill("12")
    host.get_by_label("Round 1, Ben").fill("30")
    host.get_by_role("button", name="Save round 1").click()
    expect(host.locator(".standing .total")).to_have_text(["12", "30"])

    expect(viewer.locator(".standing .total")).to_have_text(["12", "30"], timeout=2000)
    expect(viewer.locator(".standing.leads .side-name")).to_have_text("Ben")
    assert viewer.evaluate("window.untouched") is True

    # A seat's phone, typing its own cell, is not disturbed by another phone's save.
    ana = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    ana.goto(seats[0])
    ana.get_by_label("Round 2, Ana").fill("7")
    host.get_by_role("link", name="Round 1, Ben: 30. Change").click()
    host.get_by_role("textbox", name="Round 1, Ben: 30. Change").fill("31")
    host.get_by_role("textbox", name="Round 1, Ben: 30. Change").press("Enter")
    expect(ana.locator(".standing .total")).to_have_text(["12", "31"], timeout=2000)
    expect(ana.get_by_label("Round 2, Ana")).to_have_value("7")
    ana.get_by_label("Round 2, Ana").press("Enter")
    expect(viewer.locator("#r2 td").first).to_have_text("7", timeout=2000)

    for context in (host_context, viewer_context, ana.context):
        context.close()


def test_a_phone_that_loses_the_server_says_so_and_recovers(live_server, browser, app):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    start_match(page, live_server)
    # The scripts are deferred: until they ran, there is no SquareScores to ask.
    page.wait_for_function(
        "() => window.SquareScores && window.SquareScores.liveState === 'streaming'")
    # The Wi-Fi goes: the open event stream drops, and every try to open it again fails.
    context.set_offline(True)
    app.extensions["squarescores.live"].end()
    expect(page.locator(".offline")).to_contain_text("Can't reach", timeout=6000)
    context.set_offline(False)
    expect(page.locator(".offline")).to_have_count(0, timeout=6000)
    context.close()


def test_a_cell_saved_on_another_phone_while_this_one_types_is_never_overwritten(
        live_server, browser, api):
    created = api.create(("Ana", "Ben", "Cy"))
    host_link = f"{live_server}/m/{created['tokens']['host']}"
    host = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    host.goto(host_link)
    host.get_by_label("Round 1, Ana").fill("10")
    host.get_by_label("Round 1, Ben").fill("20")
    host.get_by_label("Round 1, Cy").fill("30")

    # Ben saves his own cell from his phone while the host is still typing.
    saved = api.call("PUT", f"/matches/{created['id']}/rounds/1/seats/1",
                     created["tokens"]["seats"][1], json={"score": 25})
    assert saved.status_code == 201
    expect(host.locator(".sheet-state")).to_have_attribute("data-version", "2", timeout=3000)
    expect(host.get_by_label("Round 1, Ben")).to_have_value("20")  # what the host typed stays

    host.get_by_role("button", name="Save round 1").click()
    # A conflict is a choice in its own round, never a move (issue: the first real evening).
    conflict = host.locator(".banner.conflict")
    expect(conflict).to_contain_text("saved this cell while you were typing")
    expect(conflict).to_contain_text("Round 1, Ben: yours 20, saved 25")
    expect(conflict.get_by_role("button", name="Keep mine")).to_be_visible()
    expect(conflict.get_by_role("button", name="Keep saved")).to_be_visible()
    state = api.call("GET", f"/matches/{created['id']}", created["tokens"]["host"]).get_json()
    assert state["rounds"][0]["input"]["scores"][1] == 25
    host.context.close()
