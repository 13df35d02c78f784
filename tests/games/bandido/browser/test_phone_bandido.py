"""Banana Bandido at the table: Ben's secret character on his own phone, the host's phone never
showing it, and the host's sheet naming the winner live once Ben's symbols lie face up."""

from __future__ import annotations

import re

import pytest
from browser_kit.landing import on_the_sheet
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}


def host_shows_no_coconut(host):
    """The host's page, as it stands, holds nothing of Ben's three coconuts (while no coconut
    lies face up anywhere)."""
    html = host.content()
    assert "icon-coconut" not in html and "coconut" not in html.lower()


def host_shows_no_character(host):
    """Once coconuts lie face up: every coconut on the host's page is a face-up one of the
    grid, and no character is listed."""
    face_up = host.locator('.grid .symbol[data-symbol="coconut"]').count()
    assert face_up > 0
    # ... and the key under the grid, which names the symbols the grid shows.
    expect(host.locator('.symbol-key .symbol[data-symbol="coconut"]')).to_have_count(1)
    assert host.content().count("icon-coconut") == face_up + 1
    assert host.locator("section.characters, .my-character").count() == 0


def turn(page, number, name, vp=0, **symbols):
    """Type a seat's state after its turn in round `number`, from the sheet. The phone waits
    until its sheet (refreshed live) offers that round: a stale link would edit the last one."""
    expect(page.locator("section.hands h2")).to_have_text(f"Round {number}: after each turn",
                                                          timeout=3000)
    page.get_by_role("link", name=f"{name}: after the turn").click()
    expect(page.locator("h1")).to_have_text(f"Round {number}: {name} after the turn")
    page.locator("#vp").fill(str(vp))
    for symbol, count in symbols.items():
        page.locator(f"#{symbol}").fill(str(count))
    page.get_by_role("button", name=f"Save {name}'s turn").click()
    expect(page.locator("#sheet")).to_be_attached()  # the save took the phone to the sheet


def test_a_secret_character_wins_by_symbols_and_the_host_sees_it_live(live_server, browser):
    host = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    host.goto(live_server + "/new/bandido")
    for seat, name in enumerate(["Ana", "Ben", "Cy"], start=1):
        host.get_by_label(f"Player {seat}", exact=True).fill(name)
    host.get_by_role("button", name="Start the match").click()
    expect(host.locator(".deal")).to_contain_text("Ana begins")
    host.get_by_role("link", name="Invite the table").click()
    ben_link = host.get_by_label("Ben link").input_value()
    host.get_by_role("link", name="Back to the sheet").click()
    on_the_sheet(host)  # its scripts run before the next tap
    expect(host.locator(".hint").first).to_contain_text("waiting for Ana, Ben and Cy")

    # Ben enters his character on his own phone: three coconuts, secret.
    ben = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    ben.goto(ben_link)
    ben.get_by_role("link", name="Enter your character (secret)").click()
    for i in (1, 2, 3):
        ben.get_by_role("radiogroup", name=f"Symbol {i}").get_by_label("coconut").check()
    ben.get_by_role("button", name="Save my character").click()
    expect(ben.locator(".my-character")).to_contain_text("0 of 3 symbols")
    expect(ben.locator(".my-character .symbol")).to_have_count(3)

    # The host's phone picks the change up (Ben is no longer awaited), and shows nothing of it.
    expect(host.locator("main")).to_contain_text("waiting for Ana and Cy.", timeout=3000)
    host_shows_no_coconut(host)

    # Round 1, typed on the host's phone: nobody lays a coconut.
    turn(host, 1, "Ana", vp=1, stone=1)
    turn(host, 1, "Ben", water=1)
    turn(host, 1, "Cy", vp=2, stone=1, water=1)
    expect(host.locator("#r1")).to_have_class("complete")
    expect(host.locator(".standing .total")).to_have_text(["1", "0", "2"])
    host_shows_no_coconut(host)

    # Round 2: Ana and Cy on the host's phone; Ben lays two coconuts on his own.
    turn(host, 2, "Ana", vp=2, stone=1)
    turn(host, 2, "Cy", vp=3, stone=1, water=1)
    turn(ben, 2, "Ben", coconut=2, water=1)
    expect(ben.locator(".my-character")).to_contain_text("2 of 3 symbols")
    expect(host.locator("#r2")).to_have_class("complete", timeout=3000)
    expect(host.locator(".banner.over")).to_have_count(0)
    host_shows_no_character(host)

    # Round 3: Ben's third coconut on his phone. The host's page, left alone (no reload),
    # names the winner and how within a couple of seconds, then every character.
    turn(host, 3, "Ana", vp=2, stone=1)
    turn(host, 3, "Cy", vp=4, stone=1, water=1)
    host_shows_no_character(host)
    host.evaluate("window.__stillThisPage = true")
    turn(ben, 3, "Ben", coconut=3, water=1)
    expect(host.locator(".banner.over")).to_contain_text(
        "\u2068Ben\u2069 wins: the three symbols of their character lie face up.", timeout=3000)
    assert host.evaluate("window.__stillThisPage === true")
    expect(host.locator(".standing.wins .side-name")).to_have_text("Ben")
    # Each symbol of the character named beside its picture.
    expect(host.locator("section.characters li").nth(1)).to_have_text(
        re.compile(r"^Ben:\s+coconut\s+coconut\s+coconut\s*$"))
    expect(host.locator("section.characters li").nth(1).locator(".icon-coconut")
           ).to_have_count(3)
    expect(host.get_by_role("button", name="Match over: bank it")).to_be_visible()
    expect(ben.locator(".banner.over")).to_contain_text("\u2068Ben\u2069 wins")
    for page in (host, ben):
        page.context.close()
