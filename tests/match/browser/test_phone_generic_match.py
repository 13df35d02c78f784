"""A host plays a whole free-sheet match from a phone: create, three rounds, totals, bank."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_host_plays_a_generic_match_to_banking(live_server, phone, artifacts):
    page = phone
    page.goto(live_server + "/")
    page.get_by_role("link", name="Free score sheet").click()

    page.get_by_label("Player 1", exact=True).fill("Ana")
    page.get_by_label("Player 2", exact=True).fill("Ben")
    page.get_by_label("Player 3", exact=True).fill("Cy")
    page.get_by_label("Target").fill("50")
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator("h1.match-name")).to_have_text("Ana, Ben, Cy")

    # Round 1, typed cell by cell; a sum is accepted and previewed.
    page.get_by_label("Round 1, Ana").fill("10+5")
    expect(page.locator("#s0 + .preview")).to_have_text("= 15")
    page.get_by_label("Round 1, Ben").fill("20")
    page.get_by_label("Round 1, Cy").fill("7")
    page.get_by_label("Round 1, Cy").press("Enter")
    # Saved without leaving the page; the next empty cell has the keyboard.
    expect(page.get_by_label("Round 2, Ana")).to_be_focused()
    expect(totals(page)).to_have_text(["15", "20", "7"])

    # A bad cell gets a message beside it and loses nothing that was typed.
    page.get_by_label("Round 2, Ana").fill("2.5")
    page.get_by_label("Round 2, Ben").fill("12")
    page.get_by_role("button", name="Save round 2").click()
    expect(page.locator("#s0-error")).to_contain_text("Whole numbers")
    expect(page.get_by_label("Round 2, Ben")).to_have_value("12")
    expect(totals(page)).to_have_text(["15", "20", "7"])

    page.get_by_label("Round 2, Ana").fill("10")
    page.get_by_label("Round 2, Cy").fill("3")
    page.get_by_role("button", name="Save round 2").click()
    expect(totals(page)).to_have_text(["25", "32", "10"])
    expect(page.locator(".standing.leads .side-name")).to_have_text("Ben")
    expect(page.locator(".standing").nth(1)).to_contain_text("18 to go")

    # Tap an earlier cell to correct it: later totals follow.
    page.get_by_role("link", name=re.compile(r"Round 1, Cy: 7")).click()
    page.get_by_role("textbox", name=re.compile(r"Round 1, Cy")).fill("17")
    page.get_by_role("textbox", name=re.compile(r"Round 1, Cy")).press("Enter")
    expect(totals(page)).to_have_text(["25", "32", "20"])

    page.get_by_label("Round 3, Ana").fill("1")
    page.get_by_label("Round 3, Ben").fill("19")
    page.get_by_label("Round 3, Cy").fill("0")
    page.get_by_role("button", name="Save round 3").click()
    expect(totals(page)).to_have_text(["26", "51", "20"])
    expect(page.locator(".banner.over")).to_contain_text("Ben wins")

    page.get_by_role("button", name="Match over: bank it").click()
    page.get_by_role("button", name="Yes, bank it").click()
    expect(page.locator(".banner.banked")).to_contain_text("Ben")
    expect(page.locator("input.score")).to_have_count(0)
    page.screenshot(path=str(artifacts / "generic-banked.png"), full_page=True)

    # No request ever left the app's own host.
    assert page.evaluate("performance.getEntriesByType('resource').every("
                         "e => e.name.startsWith(location.origin))")


def totals(page):
    return page.locator(".standing .total")
