"""The toy game of the tests (tests/toy_game), played to the end on a phone: its pages are the
shared ones, its grid and part page its own."""

from __future__ import annotations

import re

import pytest
from browser_kit.landing import on_the_sheet
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_a_host_plays_a_tally_to_the_end_on_a_phone(live_server, phone):
    phone.goto(live_server + "/")
    phone.get_by_role("link", name="Tally").click()
    phone.get_by_label("Player 1", exact=True).fill("Ana")
    phone.get_by_label("Player 2", exact=True).fill("Ben")
    phone.get_by_label("Rounds").fill("1")
    phone.get_by_role("button", name="Start the match").click()
    for name, tricks in (("Ana", "4"), ("Ben", "3")):
        phone.get_by_role("link", name=re.compile(f"{name}: count the tricks")).click()
        phone.get_by_label(re.compile("Tricks")).fill(tricks)
        phone.get_by_role("button", name=re.compile("Save")).click()
        on_the_sheet(phone)
    expect(phone.locator(".standing .total")).to_have_text(["9", "3"])
    expect(phone.locator(".banner.over")).to_contain_text("Ana wins")
