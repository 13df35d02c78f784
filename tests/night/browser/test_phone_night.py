"""A game night in a room: the owner starts it on a phone from the group's page, two players'
phones open their own codes' links, and a 1920×1080 screen shows the tables. A save at a table
changes the screen's total by itself; once every table is banked the owner starts the next
seating and the players' phones move to their new tables without a tap."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
SCREEN = {"width": 1920, "height": 1080}
NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"]


def device(browser, viewport, mobile=True):
    context = browser.new_context(viewport=viewport, is_mobile=mobile, has_touch=mobile)
    page = context.new_page()
    page.refused = []
    page.on("console", lambda message: page.refused.append(message.text)
            if message.type == "error" else None)
    return page


def api(page, method, path, token, body=None):
    """A request as the page's own device sends it (its origin is the server's)."""
    origin = re.match(r"https?://[^/]+", page.url).group(0)
    response = page.request.fetch(f"{origin}/api/v1{path}", method=method, data=body,
                                  headers={"Authorization": f"Bearer {token}"})
    assert response.ok, response.text()
    return response.json()


def test_a_night_moves_its_players_phones_and_its_big_screen_follows_every_save(
        app, live_server, browser):
    client = app.test_client()
    group = client.post("/api/v1/groups", json={"name": "Club", "players": NAMES}).get_json()
    owner = group["tokens"]["owner"]

    organiser = device(browser, PHONE)
    organiser.goto(f"{live_server}/g/{owner}")
    organiser.get_by_role("link", name="New game night").click()
    organiser.get_by_role("link", name="Free score sheet").click()
    for name in NAMES:
        organiser.get_by_label(name, exact=True).check()
    organiser.get_by_label("Players at a table").select_option("4")
    organiser.get_by_label("Rounds", exact=True).fill("1")
    organiser.get_by_label("Name of the night").fill("Friday club")
    organiser.get_by_role("button", name="Seat them").click()
    expect(organiser.locator("h1")).to_have_text("Friday club")
    expect(organiser.locator(".night-table")).to_have_count(2)
    night_id = organiser.url.rsplit("/", 1)[1]
    night = api(organiser, "GET", f"/nights/{night_id}", owner)
    players = {p["player"]: p["token"] for p in night["tokens"]["players"]}
    first, second = night["seatings"][0]

    screen = device(browser, SCREEN, mobile=False)
    screen.goto(f"{live_server}/tv/{night['tokens']['tv']}")
    expect(screen.locator(".screen-table")).to_have_count(2)
    total = screen.locator(".screen-table").nth(0).locator(".screen-total").nth(2)
    expect(total).to_have_text("0")
    assert float(total.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 48

    # Two players, one from each table, open the links of their codes.
    ana, ben = (first["players"][0], second["players"][0])
    phones = {}
    for seated in (ana, ben):
        phones[seated["player"]] = page = device(browser, PHONE)
        page.goto(f"{live_server}/n/{players[seated['player']]}")
        expect(page.locator("#night-follow")).to_be_visible()
        assert "/m/" in page.url

    # Each seat at the first table saves its score from its own phone: once the round is
    # complete, the screen shows its totals by itself.
    for seat, score in ((0, 1), (1, 0), (3, 3), (2, 7)):
        api(screen, "PUT", f"/matches/{first['match']}/rounds/1/seats/{seat}",
            first["tokens"]["seats"][seat], {"score": score})
    expect(total).to_have_text("7", timeout=2000)
    expect(screen.locator(".screen-table").nth(0).locator(".screen-left")).to_have_text(
        f"Won by {first['players'][2]['name']}")

    # Every table played and banked; the owner starts the next seating.
    api(screen, "POST", f"/matches/{second['match']}/rounds", second["tokens"]["host"],
        {"scores": [4, 3, 2, 1]})
    for table in (first, second):
        api(screen, "POST", f"/matches/{table['match']}/bank", table["tokens"]["host"])
    expect(screen.locator(".screen-standings tbody tr").first).to_contain_text("1")
    organiser.reload()
    organiser.get_by_role("button", name="Next seating").click()
    expect(organiser.locator(".flash")).to_contain_text("The next seating has begun")

    for seated in (ana, ben):
        you = api(screen, "GET", f"/nights/{night_id}", players[seated["player"]])["you"]
        expect(phones[seated["player"]]).to_have_url(re.compile(re.escape(f"/m/{you['token']}")))
        expect(phones[seated["player"]].locator("#night-follow")).to_be_visible()
    newer = api(screen, "GET", f"/nights/{night_id}", owner)["seatings"][1]
    shown = screen.locator(".screen-table").nth(0).locator(".side-name")
    expect(shown.first).to_have_text(newer[0]["players"][0]["name"])
    # The screen says which seating it shows, without a reload (it stayed on "Seating 1").
    expect(screen.locator(".screen-seating")).to_have_text("Free score sheet · Seating 2")
    _fits_and_reads_across_a_room(screen)

    # The night ends: the screen says so by itself, shows no seating's tables any more, and
    # lets the screen sleep again (no keep-awake note).
    api(screen, "POST", f"/nights/{night_id}/end", owner)
    expect(screen.locator(".screen-seating")).to_have_text(
        "Free score sheet · the night has ended")
    expect(screen.locator(".screen-over h2")).to_have_text("The night has ended.")
    expect(screen.locator(".screen-table")).to_have_count(0)
    expect(screen.locator("#wake")).to_be_hidden()
    _fits_and_reads_across_a_room(screen)
    for page in (organiser, screen, *phones.values()):
        assert not page.refused, page.refused
        page.context.close()


def _fits_and_reads_across_a_room(screen) -> None:
    """SPEC section 7: the big screen at 1920×1080 needs no scrolling, its totals are at least
    48 px, and its standings (their column headings too) no smaller than half that."""
    assert screen.evaluate("document.documentElement.scrollHeight") <= 1080
    assert screen.evaluate("document.documentElement.scrollWidth") <= 1920
    sizes = screen.evaluate("""() => ({
        totals: [...document.querySelectorAll('.screen-total')].map(
            e => parseFloat(getComputedStyle(e).fontSize)),
        standings: [...document.querySelectorAll('.screen-standings th, .screen-standings td')]
            .map(e => parseFloat(getComputedStyle(e).fontSize)),
        heading: getComputedStyle(document.querySelector('.screen-standings thead th.name'))
            .textAlign,
    })""")
    assert all(size >= 48 for size in sizes["totals"]), sizes["totals"]
    assert sizes["standings"] and all(size >= 24 for size in sizes["standings"]), sizes
    assert sizes["heading"] in ("start", "left")  # over the names it heads
