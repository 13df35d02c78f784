"""A club's standings night on the organiser's phone (SPEC section 11): the owner starts a season
from the group's page, then a night seated by standings; after the first seating's matches are
banked, the next seating puts the winners together at table 1; once that is played too, the
season's page shows every player's counted points, its chart and its rules. The big screen
(1920×1080, dark, in German) shows the season's top five beside the night's standings."""

from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
SCREEN = {"width": 1920, "height": 1080}
NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"]


def api(page, method, path, token, body=None):
    origin = re.match(r"https?://[^/]+", page.url).group(0)
    response = page.request.fetch(f"{origin}/api/v1{path}", method=method, data=body,
                                  headers={"Authorization": f"Bearer {token}"})
    assert response.ok, response.text()
    return response.json()


def play_and_bank(page, seating):
    """Each table's one round, the first seat ahead of the second and so on, then banked."""
    for table in seating:
        host, path = table["tokens"]["host"], f"/matches/{table['match']}"
        api(page, "POST", f"{path}/rounds", host, {"scores": [4, 3, 2, 1]})
        api(page, "POST", f"{path}/bank", host)


def test_an_owner_runs_a_standings_night_and_reads_the_season(app, live_server, browser):
    group = app.test_client().post("/api/v1/groups", json={"name": "Club",
                                                           "players": NAMES}).get_json()
    owner = group["tokens"]["owner"]
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone = context.new_page()
    refused = []
    phone.on("console", lambda m: refused.append(m.text) if m.type == "error" else None)

    phone.goto(f"{live_server}/g/{owner}")
    phone.get_by_role("link", name="New season").click()
    phone.get_by_label("Name of the season").fill("Autumn league")
    phone.get_by_label("First day").fill("2000-01-01")
    phone.get_by_label("Count each player's best").fill("3")
    phone.get_by_role("button", name="Save the season").click()
    expect(phone.locator("h1")).to_have_text("Autumn league")
    expect(phone.locator(".season-rules")).to_contain_text(
        "Each player's best 3 matches count.")
    season_url = phone.url

    phone.goto(f"{live_server}/g/{owner}")
    phone.get_by_role("link", name="New game night").click()
    phone.get_by_role("link", name="Free score sheet").click()
    for name in NAMES:
        phone.get_by_label(name, exact=True).check()
    phone.get_by_label("Players at a table").select_option("4")
    phone.get_by_label("Rounds", exact=True).fill("1")
    phone.get_by_label("By standings").check()
    phone.get_by_role("button", name="Seat them").click()
    expect(phone.locator(".seating-way")).to_contain_text("Later seatings by standings")
    night_id = phone.url.rsplit("/", 1)[1]
    night = api(phone, "GET", f"/nights/{night_id}", owner)
    play_and_bank(phone, night["seatings"][0])
    winners = {t["players"][0]["player"] for t in night["seatings"][0]}
    seconds = {t["players"][1]["player"] for t in night["seatings"][0]}

    # The big screen across the room, dark and in German: the season's top five under the
    # night's standings, in the same column, on the one screen.
    host = re.match(r"https?://([^:/]+)", live_server).group(1)
    room = browser.new_context(viewport=SCREEN, color_scheme="dark")
    room.add_cookies([{"name": "lang", "value": "de", "domain": host, "path": "/"}])
    screen = room.new_page()
    screen.goto(f"{live_server}/tv/{night['tokens']['tv']}")
    season = screen.locator(".screen-season")
    expect(season).to_contain_text("Autumn league")
    expect(season.locator("li")).to_have_count(6)  # the top five, and who shares fifth
    standings = screen.locator(".screen-standings").bounding_box()
    box = season.bounding_box()
    if os.environ.get("SCREENS_DIR"):
        screen.screenshot(path=f"{os.environ['SCREENS_DIR']}/tv-season-tie.png")
    assert abs(box["x"] - standings["x"]) < 2 and box["y"] > standings["y"]
    assert box["y"] + box["height"] <= SCREEN["height"]
    # "Gegn." explained across the room too, in a sentence on the screen.
    note = screen.locator(".opponents-note")
    expect(note).to_be_visible()
    expect(note).to_be_in_viewport(ratio=1)
    room.close()

    phone.reload()
    expect(phone.locator(".opponents-note")).to_be_visible()
    phone.get_by_role("button", name="Next seating").click()
    expect(phone.locator(".flash")).to_contain_text("The next seating has begun")
    night = api(phone, "GET", f"/nights/{night_id}", owner)
    top = {p["player"] for p in night["seatings"][1][0]["players"]}
    assert top == winners | seconds  # the leaders together, though two pairs met before
    play_and_bank(phone, night["seatings"][1])

    phone.goto(f"{live_server}/g/{owner}")
    phone.locator(".season-list").get_by_role("link", name="Autumn league").click()
    expect(phone).to_have_url(season_url)
    rows = phone.locator(".season-table tbody tr")
    expect(rows).to_have_count(8)
    expect(phone.locator("figure.chart svg")).to_be_visible()
    # No page scrolls sideways on a phone, right to left included.
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.context.add_cookies([{"name": "lang", "value": "ar", "domain": host, "path": "/"}])
    phone.reload()
    expect(phone.locator("html")).to_have_attribute("dir", "rtl")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not refused, refused
    context.close()


# Each standings name the big screen cuts short: whether its first letter is still inside its
# cell (the ellipsis then ends the name, on its own side) or cut away (the ellipsis at its start).
FIRST_LETTERS_SEEN = """() => [...document.querySelectorAll('.screen-standings th[scope=row]')]
  .filter(cell => [cell, cell.querySelector('bdi')].some(
    box => box.scrollWidth > box.clientWidth + 1))
  .map(cell => {
    const name = cell.querySelector('bdi'), range = document.createRange();
    range.setStart(name.firstChild, 0); range.setEnd(name.firstChild, 1);
    const letter = range.getBoundingClientRect(), box = cell.getBoundingClientRect();
    return [name.textContent, letter.left >= box.left - 1 && letter.right <= box.right + 1];
  })"""


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_name_the_big_screens_standings_cut_short_keeps_its_start(app, live_server, browser,
                                                                     lang):
    """Across the room a long name is cut at its own end: a Latin name on an Arabic screen at
    its right, an Arabic name on an English one at its left, never its first letters."""
    names = ["Maximiliane Schwarzenberg-Wittgenstein", "عبد الرحمن بن عبد العزيز آل سعود",
             "Ana", "Ben"]
    client = app.test_client()
    group = client.post("/api/v1/groups", json={"name": "Club", "players": names}).get_json()
    owner = {"Authorization": f"Bearer {group['tokens']['owner']}"}
    ids = [player["id"] for player in client.get(f"/api/v1/groups/{group['id']}",
                                                 headers=owner).get_json()["players"]]
    night = client.post(f"/api/v1/groups/{group['id']}/nights", headers=owner,
                        json={"game": "generic", "players": ids}).get_json()
    host = re.match(r"https?://([^:/]+)", live_server).group(1)
    room = browser.new_context(viewport=SCREEN)
    room.add_cookies([{"name": "lang", "value": lang, "domain": host, "path": "/"}])
    screen = room.new_page()
    try:
        screen.goto(f"{live_server}/tv/{night['tokens']['tv']}")
        expect(screen.locator(".screen-standings th[scope=row]")).to_have_count(4)
        seen = screen.evaluate(FIRST_LETTERS_SEEN)
        if os.environ.get("SCREENS_DIR"):
            screen.screenshot(path=f"{os.environ['SCREENS_DIR']}/tv-long-names-{lang}.png")
        assert len(seen) == 2 and all(whole for _name, whole in seen), seen
        # ... and the standings stay on the screen, every column of them.
        assert screen.evaluate("document.documentElement.scrollWidth") <= SCREEN["width"]
        box = screen.locator(".screen-standings table").bounding_box()
        assert 0 <= box["x"] and box["x"] + box["width"] <= SCREEN["width"], box
    finally:
        room.close()


# Where a negative total's minus sign stands beside its first digit, and whether each seated
# name starts at the page's own start (an Arabic page's right).
MINUS_BEFORE_DIGIT = """selector => [...document.querySelectorAll(selector)]
  .filter(n => n.textContent.trim().startsWith('\u2212'))
  .map(n => {
    const text = n.firstChild, range = document.createRange();
    range.setStart(text, 0); range.setEnd(text, 1); const minus = range.getBoundingClientRect();
    range.setStart(text, 1); range.setEnd(text, 2); const digit = range.getBoundingClientRect();
    return minus.right <= digit.left + 1;
  })"""
NAMES_AT_THE_START = """() => [...document.querySelectorAll('.seated-name')].map(n => {
  const own = n.getBoundingClientRect(), row = n.parentElement.getBoundingClientRect();
  return Math.abs(own.right - row.right) <= 2;
})"""


def test_an_arabic_night_reads_a_negative_total_and_its_names_as_the_page_does(
        app, live_server, browser):
    """On an Arabic night's page and its big screen, −3 reads −3 (not 3−), and each table's
    names stand at the right, as the rest of the page."""
    client = app.test_client()
    group = client.post("/api/v1/groups", json={"name": "Club", "players": NAMES[:4]}).get_json()
    owner = {"Authorization": f"Bearer {group['tokens']['owner']}"}
    ids = [player["id"] for player in client.get(f"/api/v1/groups/{group['id']}",
                                                 headers=owner).get_json()["players"]]
    night = client.post(f"/api/v1/groups/{group['id']}/nights", headers=owner,
                        json={"game": "generic", "players": ids}).get_json()
    table = night["seatings"][0][0]
    assert client.post(f"/api/v1/matches/{table['match']}/rounds", json={"scores": [-3, 1, 2, 4]},
                       headers={"Authorization": f"Bearer {table['tokens']['host']}"}
                       ).status_code == 201
    host = re.match(r"https?://([^:/]+)", live_server).group(1)
    context = browser.new_context(viewport=SCREEN)
    context.add_cookies([{"name": "lang", "value": "ar", "domain": host, "path": "/"}])
    page = context.new_page()
    try:
        page.goto(f"{live_server}/tv/{night['tokens']['tv']}")
        expect(page.locator(".screen-total").first).to_be_visible()
        assert page.evaluate(MINUS_BEFORE_DIGIT, ".screen-total") == [True]
        page.set_viewport_size(PHONE)
        page.goto(f"{live_server}/g/{group['tokens']['owner']}/nights/{night['id']}")
        expect(page.locator(".seated-name")).to_have_count(4)
        assert page.evaluate(MINUS_BEFORE_DIGIT, ".night-table .totals strong") == [True]
        assert page.evaluate(NAMES_AT_THE_START) == [True] * 4
    finally:
        context.close()
