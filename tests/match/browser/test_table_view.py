"""The table view on a tablet propped in the middle of the table, portrait and landscape, in
English and Arabic: it fills the screen like a scoreboard (no empty thirds), the leader stands
out, the totals are large, and what the game shows on the sheet is there too: Banakil's dealer,
what each side owes and the line; Blue Banana's chips, mode card and task cards; Bandido's turn
order (whose turn) and victory points; the free sheet's rounds left. It keeps following the
match live."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

TABLETS = {"portrait 768": (768, 1024), "portrait 820": (820, 1180),
           "landscape 1024": (1024, 768), "landscape 1180": (1180, 820)}

# A tablet on the LAN over plain HTTP keeps no screen on: the page says so above the board.
PLAIN_HTTP = "delete Navigator.prototype.wakeLock;"
# How the screen is used: the share of the viewport's height the sheet (and the notes above it)
# covers, the largest total's font size, the leader's tile, a tile below the screen's edge, and
# nothing wider than the screen.
MEASURE = """() => {
  const sheet = document.querySelector('#sheet').getBoundingClientRect();
  const top = document.querySelector('main').getBoundingClientRect().top;  // the notes above
  const covered = Math.min(sheet.bottom, innerHeight) - Math.max(top, 0);
  const totals = [...document.querySelectorAll('.big-totals .total')];
  const tiles = document.querySelector('.big-totals').getBoundingClientRect();
  return {covered: covered / innerHeight,
          tiles: tiles.width * Math.min(tiles.height, innerHeight - tiles.top)
            / (innerWidth * innerHeight),
          font: Math.min(...totals.map(t => parseFloat(getComputedStyle(t).fontSize))),
          cut: Math.max(...[...document.querySelectorAll('.big-totals .standing')].map(
            t => t.getBoundingClientRect().bottom)) > innerHeight + 1,
          wide: document.scrollingElement.scrollWidth > innerWidth};
}"""


def specifics(page, game, sheet):
    """What the game shows on the sheet (`sheet`, what the phone's sheet said), on the table
    view too."""
    board = page.locator(".table-board")
    if game == "banakil":
        expect(board.locator(".deal")).to_contain_text(sheet["dealer"])
        expect(board.locator(".target")).to_contain_text(sheet["target"])
        expect(page.locator(".big-totals .standing .aside")).to_have_count(sheet["owing"])
    elif game == "blue_banana":
        expect(board.locator(".mode-card")).to_be_visible()
        expect(board.locator(".bb-card")).to_have_count(2)
        expect(page.locator(".big-totals .standing .chips")).to_have_count(3)
    elif game == "bandido":
        expect(board.locator(".turn-order li")).to_have_count(3)
        expect(board.locator(".turn-order li[aria-current=step]")).to_have_text(sheet["first"])
        expect(page.locator(".big-totals .standing .face-up")).to_have_count(3)
        expect(board.locator(".target")).to_contain_text("5")  # victory points to win
    else:
        expect(board.locator(".target")).to_contain_text("100")


def read_sheet(page, base, path):
    """What the phone's sheet says of the game (in English, the seeded words' language)."""
    page.goto(base + path)
    said = {}
    deal = page.locator(".deal strong bdi")
    if deal.count() and "begins" in page.locator(".deal").inner_text():
        said["first"] = deal.first.inner_text()  # Bandido: who plays first each round
    elif deal.count():
        said["dealer"] = deal.first.inner_text()
        said["owing"] = page.locator(".standings .note", has_text="owes").count()
        said["target"] = page.evaluate(
            "document.querySelector('.meta').textContent.match(/target (\\d+)/)[1]")
        assert said["owing"] >= 1  # something owed, to be seen on the table view
    return said


def blue_banana_with_task_cards_up(request, base) -> str:
    """A Blue Banana match in its second round, its task cards turned up: its host's path."""
    made = request.post(f"{base}/api/v1/matches", data={
        "game": "blue_banana", "players": ["Ana", "Ben", "Cy"]}).json()
    bearer = {"Authorization": f"Bearer {made['tokens']['host']}"}
    task = [{"motif": "flamingo", "color": "green"}, {"motif": "banana", "color": "blue"}]
    line = {"correct": 2, "incorrect": 1, "banana": None}
    for body in ({"players": [line, line | {"banana": "correct"}, line], "task": task},
                 {"players": [None, None, None], "task": task}):
        assert request.post(f"{base}/api/v1/matches/{made['id']}/rounds", headers=bearer,
                            data=body).ok
    return f"/m/{made['tokens']['host']}"


@pytest.fixture(scope="module")
def read(browser, site):
    """Each game's sheet, as its host's phone reads it in English, once for every tablet: the
    sheet's path and what it says."""
    base, paths = site
    english = browser.new_page()
    try:
        paths = dict(paths, **{"sheet blue_banana": blue_banana_with_task_cards_up(
            english.request, base)})
        yield {game: (paths["sheet " + game], read_sheet(english, base, paths["sheet " + game]))
               for game in ("generic", "banakil", "blue_banana", "bandido")}
    finally:
        english.close()


@pytest.mark.parametrize("lang", ("en", "ar"))
@pytest.mark.parametrize("tablet", TABLETS)
def test_the_table_view_fills_a_tablet(browser, site, read, tablet, lang):
    base, _ = site
    width, height = TABLETS[tablet]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  device_scale_factor=1, has_touch=True)
    context.add_cookies([{"name": "lang", "value": lang, "domain": urlsplit(base).hostname,
                          "path": "/"}])
    context.add_init_script(PLAIN_HTTP)
    page = context.new_page()
    try:
        for game, (path, sheet) in read.items():
            page.goto(f"{base}{path}/table")
            expect(page.locator(".big-totals .standing.leads")).to_have_count(1)
            specifics(page, game, sheet)
            seen = page.evaluate(MEASURE)
            assert seen["covered"] >= 0.85, (game, seen)
            assert seen["tiles"] >= 0.3, (game, seen)
            assert seen["font"] >= 64, (game, seen)
            assert not seen["wide"], (game, seen)
            # Every tile on the screen, the awake note above them included: never scrolled.
            expect(page.locator("#awake-note")).to_be_visible()
            assert not seen["cut"], (game, seen)
    finally:
        context.close()


@pytest.mark.parametrize("tablet", TABLETS)
def test_the_winner_is_on_the_screen_after_the_next_match_began(browser, site, tablet):
    base, _ = site
    width, height = TABLETS[tablet]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  device_scale_factor=1, has_touch=True)
    context.add_init_script(PLAIN_HTTP)
    page = context.new_page()
    try:
        made = page.request.post(f"{base}/api/v1/matches", data={
            "game": "generic", "players": ["Ana", "Ben", "Cy", "Dee"],
            "options": {"rounds": 1}}).json()
        bearer = {"Authorization": f"Bearer {made['tokens']['host']}"}
        page.request.post(f"{base}/api/v1/matches/{made['id']}/rounds", headers=bearer,
                          data={"scores": [4, 9, 2, 30]})
        assert page.request.post(f"{base}/api/v1/matches/{made['id']}/rematch",
                                 headers=bearer, data={}).ok
        page.goto(f"{base}/m/{made['tokens']['host']}/table")
        expect(page.locator(".next-match")).to_be_visible()
        expect(page.locator(".big-totals .standing.wins .total")).to_have_text("30")
        # The match is over: nothing asks to keep the screen on, and every tile is on it.
        expect(page.locator("#awake-note")).to_be_hidden()
        seen = page.evaluate(MEASURE)
        assert not seen["cut"] and not seen["wide"], seen
    finally:
        context.close()


def test_the_table_view_follows_the_match_live(browser, site):
    """A round saved on a phone reaches the tablet's board without a reload."""
    base, _paths = site
    context = browser.new_context(viewport={"width": 1180, "height": 820})
    page = context.new_page()
    try:
        made = page.request.post(f"{base}/api/v1/matches", data={
            "game": "generic", "players": ["Ana", "Ben"], "options": {"rounds": 3}}).json()
        page.goto(f"{base}/m/{made['tokens']['host']}/table")
        expect(page.locator(".table-board .left")).to_contain_text("3")
        page.evaluate("window.untouched = true")
        page.request.post(f"{base}/api/v1/matches/{made['id']}/rounds",
                          headers={"Authorization": f"Bearer {made['tokens']['host']}"},
                          data={"scores": [4, 9]})
        expect(page.locator(".table-board .left")).to_contain_text("2", timeout=5000)
        expect(page.locator(".big-totals .standing.leads .total")).to_have_text("9")
        assert page.evaluate("window.untouched") is True
    finally:
        context.close()


LONG_NAMES = ["Konstantin Alexandrowitsch", "Maximiliane Schwarzenberg", "Bartholomäus Oberhuber",
              "Wilhelmine Zimmermann", "Friedrich Wilhelmsburg", "Anneliese Kaltenbrunner"]
# A name cut off (wider or taller than its box shows: an ellipsis hides the rest), or broken
# inside a word (more lines than two).
NAMES_CUT = """() => [...document.querySelectorAll('.big-totals .side-name')].filter(
  n => n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1
    || n.getBoundingClientRect().height > 2.5 * parseFloat(getComputedStyle(n).lineHeight))
  .map(n => n.textContent)"""


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_six_long_names_wrap_whole_on_the_table_view(browser, site, size, lang, scheme):
    """Six long names each read whole on the table view, a tablet's and a TV's: wrapped onto
    two lines where they are long, never "Konstanti…"; the match's name keeps each name whole."""
    base, _paths = site
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  locale=lang, color_scheme=scheme)
    context.add_cookies([{"name": "lang", "value": lang, "url": base}])
    page = context.new_page()
    try:
        made = page.request.post(f"{base}/api/v1/matches", data={
            "game": "generic", "players": LONG_NAMES, "options": {"rounds": 3}}).json()
        page.request.post(f"{base}/api/v1/matches/{made['id']}/rounds",
                          headers={"Authorization": f"Bearer {made['tokens']['host']}"},
                          data={"scores": [12, 40, 7, 33, 25, 18]})
        page.goto(f"{base}/m/{made['tokens']['host']}/table")
        expect(page.locator(".big-totals .side-name")).to_have_count(6)
        page.screenshot(path=f"/tmp/shots45/table-{size[0]}x{size[1]}-{lang}-{scheme}.png")
        assert page.evaluate(NAMES_CUT) == []
        assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    finally:
        context.close()


# Each chart's name cut short ("عبد الرحمن بن…"): where its ellipsis is drawn, against the rest
# of its letters ("left" or "right"), and the direction its first letter reads in.
ELLIPSIS_SIDES = """() => [...document.querySelectorAll('.chart svg text')]
  .filter(t => t.textContent.includes('…'))
  .map(t => {
    const text = t.textContent, at = text.indexOf('…');
    const xs = [...text].map((_, i) => t.getExtentOfChar(i).x).filter((_, i) => i !== at
      && /\\p{L}/u.test(text[i]));
    const mark = t.getExtentOfChar(at).x;
    const rtl = /[\\u0600-\\u06FF]/.test(text.replace(/[^\\p{L}]/gu, '')[0]);
    return [rtl ? 'rtl' : 'ltr', mark < Math.min(...xs) ? 'left' : mark > Math.max(...xs)
      ? 'right' : 'inside'];
  })"""


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_name_cut_short_on_the_table_views_chart_ends_in_its_ellipsis(browser, site, lang):
    """A long name the chart's legend cuts short ends in its ellipsis where the name ends: an
    Arabic name at its left, a Latin one at its right, in either language's page."""
    base, _paths = site
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    context.add_cookies([{"name": "lang", "value": lang, "url": base}])
    page = context.new_page()
    try:
        made = page.request.post(f"{base}/api/v1/matches", data={
            "game": "generic", "players": ["عبد الرحمن بن عبد العزيز", "Maximiliane Schwarzenberg"],
            "options": {"rounds": 3}}).json()
        for scores in ([12, 40], [7, 33]):
            page.request.post(f"{base}/api/v1/matches/{made['id']}/rounds",
                              headers={"Authorization": f"Bearer {made['tokens']['host']}"},
                              data={"scores": scores})
        page.goto(f"{base}/m/{made['tokens']['host']}/table")
        expect(page.locator(".chart svg .legends text")).to_have_count(2)
        assert sorted(page.evaluate(ELLIPSIS_SIDES)) == [["ltr", "right"], ["rtl", "left"]]
    finally:
        context.close()


# Each name a tile cuts short: whether its first letter is still seen inside the tile (the
# ellipsis then ends the name, on its own side), or cut away (the ellipsis at the name's start).
FIRST_LETTERS_SEEN = """() => [...document.querySelectorAll('.standing .side-name')]
  .filter(n => n.scrollWidth > n.clientWidth + 1)
  .map(n => {
    const range = document.createRange(), text = n.firstChild;
    range.setStart(text, 0); range.setEnd(text, 1);
    const letter = range.getBoundingClientRect(), box = n.getBoundingClientRect();
    return [n.textContent, letter.left >= box.left - 1 && letter.right <= box.right + 1];
  })"""


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_name_a_phones_tile_cuts_short_keeps_its_start_and_ends_in_the_ellipsis(
        browser, site, lang):
    """On a phone's sheet a long name is cut at its own end: a Latin name on an Arabic page at
    its right, an Arabic name on an English page at its left, never its first letters."""
    base, _paths = site
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    context.add_cookies([{"name": "lang", "value": lang, "url": base}])
    page = context.new_page()
    try:
        made = page.request.post(f"{base}/api/v1/matches", data={
            "game": "generic", "players": ["عبد الرحمن بن عبد العزيز", "Maximiliane Schwarzenberg",
                                           "Ana", "Ben"]}).json()
        page.goto(f"{base}/m/{made['tokens']['host']}")
        expect(page.locator(".standing .side-name")).to_have_count(4)
        seen = page.evaluate(FIRST_LETTERS_SEEN)
        assert len(seen) == 2 and all(whole for _name, whole in seen), seen
    finally:
        context.close()
