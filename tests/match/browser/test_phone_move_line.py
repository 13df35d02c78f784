"""Banakil: the table moves its line mid-evening from the host's phone, and the sheet follows;
hands typed as scores (counted on paper) with the "melded nothing" tick."""

from __future__ import annotations

import pytest
from browser_kit.landing import on_the_sheet
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def type_score(page, name, score, went_out=False, melded_nothing=False, screenshot=None):
    page.get_by_role("link", name=f"{name}: count the hand").click()
    page.get_by_label("Type the score (counted on paper)").check()
    page.locator("#score").fill(score)
    if went_out:
        page.get_by_label(f"{name} went out").check()
    if melded_nothing:
        page.get_by_label(f"{name} melded nothing").check()
    if screenshot:
        page.screenshot(path=str(screenshot), full_page=True)
    page.get_by_role("button", name=f"Save {name}'s hand").click()
    on_the_sheet(page)


def test_moving_the_line_to_the_latest_round_ends_the_match(live_server, phone, artifacts):
    page = phone
    page.goto(live_server + "/new/banakil")
    page.get_by_label("Player 1", exact=True).fill("Dana")
    page.get_by_label("Player 2", exact=True).fill("Ravi")
    expect(page.locator("#opt_first_dealer option")).to_have_text(
        ["Dana", "Ravi", "the third name", "the fourth name"])
    page.get_by_label("First dealer").select_option(label="Ravi")
    page.screenshot(path=str(artifacts / "banakil-new-match.png"), full_page=True)
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".deal")).to_contain_text("Ravi deals, Dana plays first")

    # Two hands, counted on paper. A goer under 21.5 is refused beside the score, kept.
    page.get_by_role("link", name="Dana: count the hand").click()
    page.get_by_label("Type the score (counted on paper)").check()
    page.locator("#score").fill("21")
    page.get_by_label("Dana went out").check()
    page.get_by_role("button", name="Save Dana's hand").click()
    expect(page.locator("#score-error")).to_contain_text("scores at least 21.5")
    expect(page.locator("#score")).to_have_value("21")
    page.locator("#score").fill("60")
    page.get_by_role("button", name="Save Dana's hand").click()
    on_the_sheet(page)
    type_score(page, "Ravi", "0", melded_nothing=True,
               screenshot=artifacts / "banakil-typed-hand.png")
    type_score(page, "Dana", "40", went_out=True)
    type_score(page, "Ravi", "10")
    expect(page.locator(".standing .total")).to_have_text(["100", "10"])
    page.get_by_role("link", name="Hand 1: how it was scored").click()
    expect(page.locator(".working")).to_contain_text("score as typed; melded nothing")
    page.get_by_role("link", name="Back to the sheet").click()
    on_the_sheet(page)  # its scripts run before the next tap

    # The line moves below a total reached in hand 1: refused beside the field, kept as typed.
    page.get_by_role("link", name="Move the line…").click()
    expect(page.get_by_label("Target")).to_have_value("150")
    page.get_by_label("Target").fill("50")
    page.get_by_role("button", name="Move the line").click()
    expect(page.locator("#opt_target-error")).to_contain_text(
        "would already have been reached in hand 1")
    expect(page.get_by_label("Target")).to_have_value("50")
    page.screenshot(path=str(artifacts / "banakil-move-line-refused.png"), full_page=True)

    # To 100: the latest hand reaches it, so the match is over there.
    page.get_by_label("Target").fill("100")
    page.get_by_role("button", name="Move the line").click()
    expect(page.locator(".flash")).to_contain_text("the match is over")
    expect(page.locator(".banner.over")).to_contain_text("Dana wins")
    expect(page.locator(".meta").first).to_contain_text("target 100")

    # Playing on after all: a line no total reaches makes the match active again.
    page.locator(".banner.over").get_by_role("link", name="Move the line").click()
    page.get_by_label("Target").fill("200")
    page.get_by_role("button", name="Move the line").click()
    expect(page.locator(".banner.over")).to_have_count(0)
    expect(page.locator(".standing").first).to_contain_text("100 to go")
    expect(page.get_by_role("link", name="Dana: count the hand")).to_be_visible()
