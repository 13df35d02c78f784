"""Blue Banana at the table: the host plays a whole 8-round match on one phone."""

from __future__ import annotations

import pytest
from landing import on_the_sheet
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# Each round: the two task cards (motif, colour), then each player's line (correct, incorrect,
# banana). Alternating mode: odd rounds on the green check, even rounds on the red X.
ROUNDS = [
    ([("flamingo", "green"), ("banana", "blue")],
     [(2, 0, None), (1, 1, None), (3, 0, "correct")]),
    ([("strawberry", "blue"), ("top_hat", "orange")],
     [(3, 1, None), (4, 0, "correct"), (1, 1, None)]),
    ([("frog", "red"), ("whale", "yellow")],
     [(2, 0, "early"), (2, 1, None), (3, 0, None)]),
    ([("eggplant", "black"), ("basketball", "pink")],
     [(4, 0, "correct"), (1, 0, None), (2, 1, None)]),
    ([("banana", "purple"), ("frog", "orange")],
     [(1, 2, None), (3, 0, "correct"), (2, 0, None)]),
    ([("whale", "green"), ("strawberry", "black")],
     [(2, 0, None), (0, 1, "early"), (3, 0, None)]),
    ([("top_hat", "yellow"), ("eggplant", "red")],
     [(3, 0, "correct"), (2, 0, None), (0, 2, None)]),
    ([("basketball", "blue"), ("flamingo", "purple")],
     [(1, 1, None), (2, 0, None), (4, 0, "correct")]),
]
PLAYERS = ("Ana", "Ben", "Cy")
BANANA = {None: "Did not snatch it", "correct": "Snatched it, no sought card left",
          "early": "Snatched it too early"}

# Worked by hand (SPEC: penalty = mistakes × chips held before the round; + 2 for a correct
# banana; never below 0; the highest total(s) take a chip). Chips start 1, 1, 1.
# R1: Ana 2; Ben 1 − 1×1 = 0; Cy 3 + 2 = 5.            totals 2, 0, 5   Cy's chip → 1, 1, 2
# R2: Ana 2+3−1×1 = 4; Ben 0+4+2 = 6; Cy 5+1−1×2 = 4.    totals 4, 6, 4   Ben's    → 1, 2, 2
# R3: Ana 4+2−1×1 (too early) = 5; Ben 6+2−1×2 = 6;
#     Cy 4+3 = 7.                                        totals 5, 6, 7   Cy's     → 1, 2, 3
# R4: Ana 5+4+2 = 11; Ben 6+1 = 7; Cy 7+2−1×3 = 6.      totals 11, 7, 6  Ana's    → 2, 2, 3
# R5: Ana 11+1−2×2 = 8; Ben 7+3+2 = 12; Cy 6+2 = 8.     totals 8, 12, 8  Ben's    → 2, 3, 3
# R6: Ana 8+2 = 10; Ben 12+0−(1+1 too early)×3 = 6;
#     Cy 8+3 = 11.                                       totals 10, 6, 11 Cy's     → 2, 3, 4
# R7: Ana 10+3+2 = 15; Ben 6+2 = 8; Cy 11+0−2×4 = 3.    totals 15, 8, 3  Ana's    → 3, 3, 4
# R8: Ana 15+1−1×3 = 13; Ben 8+2 = 10; Cy 3+4+2 = 9.    totals 13, 10, 9 Ana's    → 4, 3, 4
TOTALS = [[2, 0, 5], [4, 6, 4], [5, 6, 7], [11, 7, 6], [8, 12, 8], [10, 6, 11], [15, 8, 3],
          [13, 10, 9]]
CHIPS = [[1, 1, 2], [1, 2, 2], [1, 2, 3], [2, 2, 3], [2, 3, 3], [2, 3, 4], [3, 3, 4],
         [4, 3, 4]]


def chips_label(n):
    return "a large chip (5)" if n >= 5 else f"{n} small chip" + ("" if n == 1 else "s")


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


def test_a_whole_match_on_the_hosts_phone(live_server, phone):
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

    for number, (cards, lines) in enumerate(ROUNDS, start=1):
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

        if number == 6:
            # Round 6 cell by cell: Ana +2; Ben pays 2 mistakes × 3 chips = 6 (12 → 6);
            # Cy +3. Ben snatched it (too early), so he starts round 7.
            cells = page.locator("#r6 td")
            expect(cells.nth(0)).to_have_text("+2")
            expect(cells.nth(1).locator(".cell-link")).to_contain_text("\u22126")
            expect(cells.nth(1).locator(".penalty")).to_have_text("penalty 6")
            expect(cells.nth(0).locator(".penalty")).to_have_count(0)
            expect(cells.nth(2)).to_have_text("+3")
            expect(page.locator(".mode-card")).to_contain_text("Ben starts (snatched the banana)")
            expect(page.locator(".grid tfoot .total")).to_have_text(["10", "6", "11"])

    # After round 8: over. Ana 13, Ben 10, Cy 9.
    expect(page.locator(".banner.over")).to_contain_text("Match over: Ana wins.")
    expect(page.locator(".mode-card")).to_have_count(0)
    expect(page.locator(".grid tfoot .total")).to_have_text(["13", "10", "9"])
    page.get_by_role("button", name="Match over: bank it").tap()
    page.get_by_role("button", name="Yes, bank it").tap()
    expect(page.locator(".banner.banked")).to_contain_text("Banked. Ana won with 13.")

    # What the last round turned over: a blue basketball seeks orange and whales, a purple
    # flamingo pink and eggplants.
    page.get_by_role("link", name="Round 8: the cards").tap()
    expect(page.locator(".negatives")).to_have_text(
        "Turned over: sought were all cards showing none of colours orange, pink and motifs "
        "whale, eggplant.")
