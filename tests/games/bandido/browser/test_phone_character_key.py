"""Banana Bandido with the host holding every link: Ben types his character on his phone; the
host opens Ben's link on their own phone and sees only that it is set and hidden there; whoever
types it again holds the key from then on, and the other phone no longer shows it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}


def new_phone(browser):
    return browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                               has_touch=True, color_scheme="light").new_page()


def pick(page, symbols, save="Save my character"):
    for i, symbol in enumerate(symbols, start=1):
        page.get_by_role("radiogroup", name=f"Symbol {i}").get_by_label(symbol).check()
    page.get_by_role("button", name=save).click()


def shows_character(page, count_symbols):
    expect(page.locator(".my-character .symbol")).to_have_count(count_symbols, timeout=3000)


def hidden_here(page):
    expect(page.locator(".my-character")).to_contain_text(
        "Your character is set, and hidden on this phone.", timeout=3000)
    expect(page.locator(".my-character .symbol")).to_have_count(0)
    assert "icon-coconut" not in page.locator(".sheet-state").inner_html()


def test_the_host_opening_a_seat_link_sees_no_character(live_server, browser, artifacts):
    host = new_phone(browser)
    host.goto(live_server + "/new/bandido")
    for seat, name in enumerate(["Ana", "Ben", "Cy"], start=1):
        host.get_by_label(f"Player {seat}", exact=True).fill(name)
    # The first player is asked by name: the choices follow the names typed.
    expect(host.locator("#opt_first_seat option")).to_have_text(
        ["Ana", "Ben", "Cy", "the fourth name", "the fifth name"])
    host.get_by_label("First player").select_option(label="Ben")
    host.screenshot(path=str(artifacts / "bandido-new-match.png"), full_page=True)
    host.get_by_role("button", name="Start the match").click()
    expect(host.locator(".deal")).to_have_text("Every round Ben begins: Ben, then Cy, then Ana.")
    host.get_by_role("link", name="Invite the table").click()
    ben_link = host.get_by_label("Ben link").input_value()

    # Ben types his character on his own phone: three coconuts, secret.
    ben = new_phone(browser)
    ben.goto(ben_link)
    ben.get_by_role("link", name="Enter your character (secret)").click()
    pick(ben, ["coconut"] * 3)
    expect(ben.locator(".flash")).to_have_text("Your character is saved. Only this phone shows it.")
    shows_character(ben, 3)
    ben.screenshot(path=str(artifacts / "bandido-seat-page.png"), full_page=True)

    # The host opens Ben's link on the host's phone: set, hidden here. Ben's phone still shows it.
    host.goto(ben_link)
    hidden_here(host)
    expect(host.get_by_role("link", name="Type it again on this phone")).to_be_visible()
    host.screenshot(path=str(artifacts / "bandido-seat-page-hidden.png"), full_page=True)
    host.get_by_role("link", name="Type it again on this phone").click()
    expect(host.locator(".banner.hidden-here")).to_contain_text(
        "already entered for this seat on another phone")
    expect(host.locator("input[type=radio]:checked")).to_have_count(0)
    host.screenshot(path=str(artifacts / "bandido-character-hidden.png"), full_page=True)
    ben.reload()
    shows_character(ben, 3)

    # The host's phone types it again: it holds the key now, and Ben's phone, left alone, hides it.
    ben.evaluate("window.__stillThisPage = true")
    pick(host, ["stone", "stone", "water"], save="Replace it")
    shows_character(host, 3)
    hidden_here(ben)
    assert ben.evaluate("window.__stillThisPage === true")  # followed live, no reload

    # Ben types it again on his phone: the key is his again, and the host's phone hides it.
    ben.get_by_role("link", name="Type it again on this phone").click()
    pick(ben, ["coconut"] * 3, save="Replace it")
    shows_character(ben, 3)
    host.reload()
    hidden_here(host)
    for page in (host, ben):
        page.context.close()
