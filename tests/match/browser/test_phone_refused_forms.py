"""A refused form on a phone: the summary at the top takes the focus (with the page's scripts
and without them), its link to a field puts the focus in that field; the new-match page refused
for too many players keeps the names typed and offers no free line past them; Log a play says,
before it is saved, that a play with no score and no winner is recorded so."""

from __future__ import annotations

import pytest
from design_fixtures import TALLY, design
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay")


def a_design_of_two_to_five(api) -> str:
    made = api.call("POST", "/designs", json=design(TALLY, players=[2, 5]))
    assert made.status_code == 201, made.get_json()
    return made.get_json()["id"]


def test_too_many_players_for_a_design_land_on_the_summary_with_the_names_kept(
        live_server, phone, api):
    made = api.call("POST", "/groups", json={"name": "Thursday", "players": list(NAMES)})
    owner = made.get_json()["tokens"]["owner"]
    phone.goto(f"{live_server}/g/{owner}/new/custom?opt_design={a_design_of_two_to_five(api)}")
    add = phone.get_by_role("button", name="Add a player")
    add.tap()
    expect(add).to_have_count(0)  # five lines offered, the design's most
    for name in NAMES:  # the roster's six, tapped into seat order
        phone.locator(".roster-picks").get_by_role("button", name=name, exact=True).tap()
    phone.get_by_role("button", name="Start the match").tap()

    summary = phone.locator("#error-summary")
    expect(summary).to_be_focused()
    expect(summary).to_contain_text("not 6")
    lines = phone.locator("ol.players > li:not([hidden]) input")
    expect(lines).to_have_count(6)  # what was typed, and no empty line after it
    for i, name in enumerate(NAMES):
        expect(lines.nth(i)).to_have_value(name)
    expect(phone.get_by_role("button", name="Add a player")).to_have_count(0)
    summary.get_by_role("link", name="Players").tap()
    expect(phone.locator("#players-0")).to_be_focused()


def test_without_a_script_a_refused_start_lands_on_its_summary(live_server, browser, api):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(f"{live_server}/new/custom?opt_design={a_design_of_two_to_five(api)}")
        for i, name in enumerate(NAMES):
            page.locator(f"#players-{i}").fill(name)
        page.get_by_role("button", name="Start the match").click()
        expect(page.locator("#error-summary")).to_be_focused()
    finally:
        context.close()


def test_log_a_play_says_a_play_without_a_result_and_refuses_one_without_a_game(
        live_server, phone, api):
    made = api.call("POST", "/groups", json={"name": "Thursday", "players": ["Ana", "Ben"]})
    owner = made.get_json()["tokens"]["owner"]
    phone.goto(f"{live_server}/g/{owner}/plays/new")
    said = phone.locator("#no-result")
    expect(said).to_be_hidden()  # nobody playing yet
    phone.locator("label.player-chip", has_text="Ana").tap()
    expect(said).to_be_visible()
    expect(said).to_have_text("No scores and no winner: recorded as played, nobody won.")
    phone.get_by_label("Score of Ana").fill("12")
    expect(said).to_be_hidden()
    phone.get_by_label("Score of Ana").fill("")
    expect(said).to_be_visible()
    phone.get_by_label("Ana won").check()
    expect(said).to_be_hidden()

    phone.get_by_role("button", name="Log the play").tap()  # no game chosen
    summary = phone.locator("#error-summary")
    expect(summary).to_be_focused()
    summary.get_by_role("link", name="Game").tap()
    expect(phone.locator("#game")).to_be_focused()
    expect(phone.locator("#game-error")).to_contain_text("Choose the game")
