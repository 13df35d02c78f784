"""A group at a phone's size: start it, play two matches from it, bank them, read the leaderboard
and the charts, tap rematch and watch a second phone (a seat link) follow to its new seat. The
charts are drawn in colour under the page's CSP, and a banked sheet prints on one A4 page."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from browser_kit.landing import on_the_sheet
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def phone_of(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    page.refused = []  # what the console said the CSP (or anything else) refused
    page.on("console", lambda message: page.refused.append(message.text)
            if message.type == "error" or "Content Security Policy" in message.text else None)
    return page


def play_a_match(host, owner_url, scores):
    """From the group's page: a free sheet of Ana and Ben, one round per pair of scores."""
    host.goto(owner_url)
    host.locator("#start").get_by_role("link", name="Free score sheet").click()
    host.get_by_role("button", name="Ana", exact=True).click()
    host.get_by_role("button", name="Ben", exact=True).click()
    expect(host.get_by_label("Player 1", exact=True)).to_have_value("Ana")
    expect(host.get_by_label("Player 2", exact=True)).to_have_value("Ben")
    host.get_by_label("Rounds", exact=True).fill(str(len(scores)))
    host.get_by_role("button", name="Start the match").click()
    expect(host.locator(".bar .role")).to_have_text("Host")
    for number, (ana, ben) in enumerate(scores, start=1):
        host.get_by_label(f"Round {number}, Ana").fill(str(ana))
        host.get_by_label(f"Round {number}, Ben").fill(str(ben))
        host.get_by_role("button", name=f"Save round {number}").click()
        expect(host.locator(f"#r{number}")).to_be_visible()
    host.get_by_role("button", name="Match over: bank it").click()
    host.get_by_role("button", name="Yes, bank it").click()
    expect(host.locator(".banner.banked")).to_contain_text("Banked")
    return host.url


def test_a_group_plays_banks_reads_its_charts_and_follows_a_rematch(live_server, browser,
                                                                    artifacts):
    host = phone_of(browser)
    host.goto(live_server + "/")
    host.locator("summary", has_text="Start a group").click()
    host.get_by_label("Group name").fill("Thursday table")
    host.get_by_label("Players", exact=True).fill("Ana\nBen")
    host.get_by_role("button", name="Start the group").click()
    expect(host.locator("h1")).to_have_text("Thursday table")
    owner_url = host.url

    play_a_match(host, owner_url, [(10, 4), (3, 12)])
    last = play_a_match(host, owner_url, [(20, 5), (7, 1)])

    host.goto(owner_url)
    board = host.locator("#board-generic").locator("xpath=..").locator("table")
    expect(board.locator("tbody tr").first.locator("th")).to_have_text("Ana")
    expect(board.locator("tbody tr").first.locator("td")).to_have_text(
        ["2", "1", "50%", "20.0", "27"])
    for chart in ("#wins-chart", "#over-time-generic"):
        expect(host.locator(f"{chart} svg")).to_be_visible()
    # Drawn in app.css's colours (pygal's own style never reaches the page).
    line = host.locator("#over-time-generic .series .line").first
    assert line.evaluate("e => getComputedStyle(e).stroke") == "rgb(31, 95, 191)"
    bar = host.locator("#wins-chart .series.color-0 rect").first
    assert bar.evaluate("e => getComputedStyle(e).fill") == "rgb(31, 111, 74)"
    host.screenshot(path=str(artifacts / "group-page.png"), full_page=True)

    host.goto(last)
    expect(host.locator("#running-small svg")).to_be_visible()
    host.locator("#running-small").scroll_into_view_if_needed()
    host.screenshot(path=str(artifacts / "group-match-sheet.png"), full_page=True)
    host.goto(last + "/table")
    expect(host.locator("#running-large svg")).to_be_visible()
    host.screenshot(path=str(artifacts / "group-match-table.png"), full_page=True)

    # A second phone holds Ben's seat link of the match just banked.
    host.goto(last)
    host.get_by_role("link", name="Invite the table").click()
    ben_link = host.locator("#link-seat1 input.link").input_value()
    host.get_by_role("link", name="Back to the sheet").click()
    on_the_sheet(host)  # its scripts run before the next tap
    ben = phone_of(browser)
    ben.goto(ben_link)
    expect(ben.locator(".bar .role")).to_have_text("Ben's seat")

    host.get_by_role("button", name="Rematch").click()
    expect(host.locator(".flash")).to_contain_text("rematch has begun")
    expect(host.locator(".standing .total")).to_have_text(["0", "0"])

    # Within the live delay, with no reload and no QR code: Ben's phone is offered his seat.
    ben.evaluate("window.untouched = true")
    expect(ben.get_by_role("link", name="Next match")).to_be_visible(timeout=5000)
    assert ben.evaluate("window.untouched") is True
    ben.get_by_role("link", name="Next match").click()
    expect(ben.locator(".bar .role")).to_have_text("Ben's seat")
    assert ben.url != ben_link
    expect(ben.get_by_label("Round 1, Ben")).to_be_visible()
    expect(ben.locator(".standing .total")).to_have_text(["0", "0"])

    for phone in (host, ben):
        assert phone.refused == [], phone.refused
        phone.context.close()


def test_a_banked_twenty_round_match_prints_on_one_a4_page(live_server, browser, api,
                                                         artifacts):
    created = api.create(("Ana", "Ben", "Cy", "Dana"), options={"rounds": 20})
    host = created["tokens"]["host"]
    for number in range(20):
        response = api.call("POST", f"/matches/{created['id']}/rounds", host,
                            json={"scores": [(number * k) % 37 - 3 for k in (1, 3, 5, 7)]})
        assert response.status_code == 201
    assert api.call("POST", f"/matches/{created['id']}/bank", host).status_code == 200

    page = phone_of(browser)
    page.goto(f"{live_server}/m/{host}")
    expect(page.locator(".banner.banked")).to_be_visible()
    pdf = page.pdf(format="A4", print_background=True)
    counts = [int(n) for n in re.findall(rb"/Count (\d+)", pdf)]
    assert counts and max(counts) == 1, counts
    path = artifacts / "printed-sheet.pdf"
    path.write_bytes(pdf)
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-png", "-r", "70", "-f", "1", "-l", "1", str(path),
                        str(artifacts / "printed-sheet")], check=True, timeout=60)
    assert page.refused == [], page.refused
    page.context.close()
