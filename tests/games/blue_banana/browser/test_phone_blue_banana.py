"""Blue Banana at the table: the host plays a match on one phone, to its bank."""

from __future__ import annotations

import re

import pytest
from browser_kit.landing import on_the_sheet
from games.blue_banana.worked_match import (
    CHIPS,
    LAST_TURNED_OVER,
    PLAYERS,
    ROUNDS,
    TOTALS,
    chips_label,
    round_body,
)
from playwright.sync_api import expect
from sqlalchemy import select

from app.extensions import db
from app.models import Match

pytestmark = pytest.mark.browser

# The first three rounds by taps: both sides of the mode card, and each of a banana's three
# answers. The rest of the worked match is saved as another phone would, through the API; the
# whole match through the pages is `games/blue_banana/pages/test_blue_banana_pages.py`'s
# `test_the_worked_match_played_on_the_pages_to_its_bank`.
TAPPED = 3
BANANA = {None: "Did not snatch it", "correct": "Snatched it, no sought card left",
          "early": "Snatched it too early"}


def turn_up(page, cards):
    """Tap each task card's motif, then its colour, as the host sees them on the table."""
    for i, (motif, color) in enumerate(cards):
        card = page.locator("fieldset.task-card").nth(i)
        card.locator(f".motifs label.pick:has(input[value='{motif}'])").tap()
        card.locator(f".colors label.pick:has(input[value='{color}'])").tap()
        expect(card.locator(f"input[name=motif{i}][value='{motif}']")).to_be_checked()
        expect(card.locator(f"input[name=color{i}][value='{color}']")).to_be_checked()
    page.get_by_role("button", name="Turn them up").tap()
    on_the_sheet(page)


def type_line(page, name, correct, incorrect, banana):
    page.get_by_role("link", name=f"{name}: count the cards").tap()
    for _ in range(correct):
        page.get_by_role("button", name="One more: correct").tap()
    for _ in range(incorrect):
        page.get_by_role("button", name="One more: incorrect").tap()
    expect(page.locator("#correct")).to_have_value(str(correct))
    expect(page.locator("#incorrect")).to_have_value(str(incorrect))
    page.get_by_label(BANANA[banana]).check()
    page.get_by_role("button", name=f"Save {name}'s cards").tap()
    on_the_sheet(page)


def test_a_match_on_the_hosts_phone(app, live_server, phone, api):
    page = phone
    page.goto(live_server + "/new/blue_banana")
    for seat, name in enumerate(PLAYERS, start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.get_by_label("Game mode card").select_option("alternating")
    page.get_by_role("button", name="Start the match").tap()
    expect(page.locator(".meta").first).to_contain_text("Blue Banana · 8 rounds")
    for seat in range(3):
        expect(page.locator("thead .chips").nth(seat)).to_have_attribute("aria-label",
                                                                          "1 small chip")

    for number, (cards, lines) in enumerate(ROUNDS[:TAPPED], start=1):
        mode = "normal" if number % 2 else "inverted"
        expect(page.locator(".mode-card")).to_contain_text(f"Round {number}: mode card")
        expect(page.locator(".mode-card")).to_have_class(f"mode-card mode-{mode}")
        page.get_by_role("link", name="Turn up the task cards").tap()
        turn_up(page, cards)
        expect(page.locator(".task-cards")).to_contain_text(
            f"{cards[0][1]} {cards[0][0].replace('_', ' ')}")
        for name, (correct, incorrect, banana) in zip(PLAYERS, lines, strict=True):
            type_line(page, name, correct, incorrect, banana)
        expect(page.locator(".standing .total")).to_have_text(
            [str(t) for t in TOTALS[number - 1]])
        expect(page.locator(f"#r{number}")).to_have_class("complete")
        for seat, held in enumerate(CHIPS[number - 1]):
            expect(page.locator("thead .chips").nth(seat)).to_have_attribute(
                "aria-label", chips_label(held))

    # Another phone saves rounds 4 to 8; the sheet, reloaded, has round 6 cell by cell: Ana +2;
    # Ben pays 2 mistakes × 3 chips = 6 (12 → 6); Cy +3.
    host = re.search(r"/m/([^/?#]+)", page.url)[1]
    with app.app_context():
        match_id = db.session.scalar(select(Match.id))
    for number in range(TAPPED + 1, len(ROUNDS) + 1):
        saved = api.call("POST", f"/matches/{match_id}/rounds", host, json=round_body(number))
        assert saved.status_code == 201, saved.get_json()
    page.reload()
    cells = page.locator("#r6 td")
    expect(cells.nth(0)).to_have_text("+2")
    expect(cells.nth(1).locator(".cell-link")).to_contain_text("\u22126")
    expect(cells.nth(1).locator(".penalty")).to_have_text("penalty 6")
    expect(cells.nth(0).locator(".penalty")).to_have_count(0)
    expect(cells.nth(2)).to_have_text("+3")
    for seat, held in enumerate(CHIPS[-1]):
        expect(page.locator("thead .chips").nth(seat)).to_have_attribute(
            "aria-label", chips_label(held))

    # After round 8: over. Ana 13, Ben 10, Cy 9.
    expect(page.locator(".banner.over")).to_contain_text("Match over: Ana wins.")
    expect(page.locator(".mode-card")).to_have_count(0)
    expect(page.locator(".grid tfoot .total")).to_have_text(["13", "10", "9"])
    page.get_by_role("button", name="Match over: bank it").tap()
    page.get_by_role("button", name="Yes, bank it").tap()
    expect(page.locator(".banner.banked")).to_contain_text("Banked. Ana won with 13.")

    # What the last round turned over.
    page.get_by_role("link", name="Round 8: the cards").tap()
    expect(page.locator(".negatives")).to_have_text(LAST_TURNED_OVER)
