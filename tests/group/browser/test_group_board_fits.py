"""A group's leaderboard and charts on a 390 px phone, in English, German and Arabic: every name
whole (wrapped between its words, never inside one), every column on the screen with ratings
on, and the charts read in the page's direction (right to left in Arabic: the first match on
the right)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NAMES = ["Bassem", "Amira Al-Khatib", "Chadi", "Dina", "Elif", "Farouk"]
# Each name's words, and whether any of them is drawn on more than one line.
BROKEN_WORDS = """table => [...table.querySelectorAll('tbody th[scope=row] a')].flatMap(link => {
  const text = link.firstChild, broken = [];
  let at = 0;
  for (const word of text.data.split(/[\\s-]+/)) {
    const start = text.data.indexOf(word, at), range = document.createRange();
    range.setStart(text, start); range.setEnd(text, start + word.length);
    const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
    if (tops.size > 1) broken.push(word);
    at = start + word.length;
  }
  return broken;
})"""


@pytest.fixture(scope="module")
def club(site_app):
    """The club's owner link: a group of the session's app (read, never changed, by the tests)."""
    client = site_app.test_client()
    made = client.post("/api/v1/groups", json={"name": "Club", "players": NAMES}).get_json()
    owner = made["tokens"]["owner"]
    bearer = {"Authorization": f"Bearer {owner}"}
    assert client.patch(f"/api/v1/groups/{made['id']}", json={"ratings": True},
                        headers=bearer).status_code == 200
    for m in range(12):
        players = [NAMES[(m + k) % len(NAMES)] for k in range(3 + m % 2)]
        match = client.post("/api/v1/matches", json={
            "game": "generic", "players": players, "options": {"rounds": 1}}).get_json()
        host = {"Authorization": f"Bearer {match['tokens']['host']}"}
        client.post(f"/api/v1/matches/{match['id']}/rounds", headers=host,
                    json={"scores": [(7 * (s + 1) + 5 * m) % 23 for s in range(len(players))]})
        assert client.post(f"/api/v1/matches/{match['id']}/bank", headers=host, json={
            "group": made["id"], "group_token": owner}).status_code == 200
    return owner


@pytest.mark.parametrize("lang", ["en", "de", "ar"])
def test_the_leaderboard_fits_a_phone_with_whole_names(site, browser, club, lang):
    base, _ = site
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    context.add_cookies([{"name": "lang", "value": lang, "url": base}])
    page = context.new_page()
    page.goto(f"{base}/g/{club}")
    board = page.locator(".game-panel table.board").first
    expect(board.locator("tbody tr")).to_have_count(6)
    assert board.evaluate(BROKEN_WORDS) == []
    region = page.locator(".game-panel .scrolls").first
    # Every column, Rating, Mean and Best included, without sideways scrolling.
    assert region.evaluate("r => r.scrollWidth <= r.clientWidth"), lang
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    # The owner's buttons wrap: each whole, its words unclipped, on the screen.
    buttons = page.locator("nav.tools .button")
    expect(buttons).to_have_count(5)  # new match, log a play, players, invite, where results go
    assert buttons.evaluate_all("bs => bs.filter(b => b.scrollWidth > b.clientWidth"
                                " || b.getBoundingClientRect().left < 0"
                                " || b.getBoundingClientRect().right > innerWidth)"
                                ".map(b => b.textContent)") == [], lang
    # Each banked match's moment on one line ("10:56 / PM" parted it).
    times = page.locator("main time")
    expect(times.first).to_be_visible()
    # (one line: every box of it, a right-to-left run included, at the same height)
    assert times.evaluate_all("ts => ts.filter(t => new Set([...t.getClientRects()].map("
                              "r => Math.round(r.bottom))).size > 1).length") == 0
    context.close()


@pytest.mark.parametrize("lang, first_on", [("en", "left"), ("ar", "right")])
def test_a_chart_reads_in_the_pages_direction(site, browser, club, lang, first_on):
    base, _ = site
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_cookies([{"name": "lang", "value": lang, "url": base}])
    page = context.new_page()
    page.goto(f"{base}/g/{club}")
    chart = page.locator(".game-panel figure.chart-line svg").first
    labels = chart.locator(".axis.x text")
    expect(labels.first).to_be_visible()
    # The first match's label and the last's, where the eye meets them on the screen.
    first, last = (labels.nth(i).bounding_box()["x"] for i in (0, labels.count() - 1))
    assert (first < last) == (first_on == "left"), (first, last)
    # Each label still reads the right way round (its own words are not mirrored).
    matrix = labels.first.evaluate("t => getComputedStyle(t.closest('svg')).transform")
    word = labels.first.evaluate("t => getComputedStyle(t).transform")
    assert (matrix, word) == (("none", "none") if lang == "en" else
                              ("matrix(-1, 0, 0, 1, 0, 0)", "matrix(-1, 0, 0, 1, 0, 0)"))
    context.close()
