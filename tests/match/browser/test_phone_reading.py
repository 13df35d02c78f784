"""Reading the sheet on a phone (390×844), in English and in Arabic: names listed each in its own
direction, one minus sign left of its number, no stray "·", and what can be tapped looking like a
link.

What the server's words alone say is read from its HTML in tests/match/pages/test_reading.py: a
sentence naming two agreeing with them (each name in its <bdi>), Banakil's hands called hands on
the sheet and the table (never "round"), and "lowest wins" said as what is left before the end,
never "to go" (these were tests here, in English and Arabic; there in German too)."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from browser_kit.everything import match, play
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LANGUAGES = ("en", "ar")


def _reading_matches(client) -> dict[str, str]:
    """This module's matches, beside the session's pages: their paths, by name."""
    paths = {}
    # Three tied at the top of a free sheet, a fourth behind; a negative total.
    tied = match(client, "generic", ("Ana", "Ben", "Carla", "Dan"), {"target": 100})
    play(client, tied, {"scores": [10, 10, 10, -20]})
    paths["tied"] = f"/m/{tied['tokens']['host']}"
    paths["tied table"] = f"/m/{tied['tokens']['host']}/table"
    # Lowest wins, ending at 100.
    lowest = match(client, "generic", ("Ana", "Ben"), {"target": 100, "lowest_wins": True})
    play(client, lowest, {"scores": [5, 20]})
    paths["lowest"] = f"/m/{lowest['tokens']['host']}"
    # Banakil's table view, a hand in.
    banakil = match(client, "banakil", ("Dana", "Ravi"))
    play(client, banakil, {"dead": False, "hands": [{"score": 40, "went_out": True},
                                                     {"score": -20, "went_out": False}]})
    paths["banakil"] = f"/m/{banakil['tokens']['host']}"
    paths["banakil table"] = f"/m/{banakil['tokens']['host']}/table"
    # Banakil over, the loser owing what he carries; a table view before any round.
    owing = match(client, "banakil", ("Dana", "Ravi"), {"target": 150})
    play(client, owing, {"dead": False, "hands": [{"score": 160, "went_out": True},
                                                   {"score": -20, "went_out": False}]})
    paths["banakil owing"] = f"/m/{owing['tokens']['host']}"
    fresh = match(client, "generic", ("Ana", "Ben"), {"target": 50})
    paths["fresh table"] = f"/m/{fresh['tokens']['host']}/table"
    # Blue Banana: Ana and Ben tie for the highest total in round 1.
    blue = match(client, "blue_banana", ("Ana", "Ben", "Cy"))
    play(client, blue, {"players": [{"correct": 3, "incorrect": 0, "banana": None},
                                    {"correct": 3, "incorrect": 0, "banana": None},
                                    {"correct": 1, "incorrect": 0, "banana": None}]})
    paths["blue"] = f"/m/{blue['tokens']['host']}"
    paths["blue round"] = f"/m/{blue['tokens']['host']}/round/1"
    return paths


@pytest.fixture(scope="module")
def site(site, site_app):
    """The session's pages, and this module's matches made beside them."""
    base, paths = site
    return base, {**paths, **_reading_matches(site_app.test_client())}


@pytest.fixture(scope="module")
def phones(browser, site):
    base, _ = site
    host = urlsplit(base).hostname
    made = {}

    def phone(lang, theme="light"):
        if (lang, theme) not in made:
            context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                          color_scheme=theme)
            context.add_cookies([{"name": "lang", "value": lang, "domain": host, "path": "/"},
                                 {"name": "theme", "value": theme, "domain": host, "path": "/"}])
            made[lang, theme] = context.new_page()
        return made[lang, theme]

    yield phone
    for page in made.values():
        page.context.close()


def _open(phones, site, lang, name, theme="light"):
    base, paths = site
    page = phones(lang, theme)
    page.goto(base + paths[name])
    return page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_leader_is_isolated_and_the_list_reads_in_the_page_direction(phones, site, lang):
    page = _open(phones, site, lang, "tied")
    line = page.locator(".sheet-state > p.meta").last
    names = line.locator("bdi")
    expect(names).to_have_text(["Ana", "Ben", "Carla"])
    # The separators are outside the names, in the page's words: nothing but a name in a <bdi>.
    lefts = [names.nth(i).bounding_box()["x"] for i in range(3)]
    if lang == "ar":
        assert lefts[0] > lefts[1] > lefts[2], f"Arabic reads Ana first, from the right: {lefts}"
        expect(line).to_contain_text("،")
    else:
        assert lefts[0] < lefts[1] < lefts[2], lefts
    # The table view says it the same way.
    page = _open(phones, site, lang, "tied table")
    expect(page.locator(".big-meta bdi").first).to_have_text("Ana")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_negative_numbers_are_shown_with_the_minus_sign(phones, site, lang):
    page = _open(phones, site, lang, "tied")
    minus = "\u2212"
    expect(page.locator(".standing .total").nth(3)).to_have_text(minus + "20")
    expect(page.locator(".grid tfoot .total").nth(3)).to_have_text(minus + "20")
    cell = page.locator("#r1 td").nth(3)
    expect(cell).to_have_text(minus + "20")
    # In a sentence too, and read left to right: the sign stands left of the number.
    page = _open(phones, site, lang, "tied table")
    note = page.locator(".big-totals .note").nth(3).locator("bdi").nth(1)
    expect(note).to_have_text(minus + "20")
    assert note.evaluate("""bdi => {
      const range = document.createRange(), text = bdi.firstChild;
      const at = i => { range.setStart(text, i); range.setEnd(text, i + 1);
                        return range.getBoundingClientRect().x; };
      const sign = text.data.indexOf("\u2212");
      return at(sign) < at(sign + 1);
    }"""), "the minus sign stands right of the number"
    page = _open(phones, site, lang, "tied")
    # Tapped to be changed, the cell holds what a keypad types.
    cell.locator("a.cell").click()
    expect(cell.locator("input")).to_have_value("-20")
    # A hand that melded nothing, on the page that shows how the hand was scored.
    page = _open(phones, site, lang, "round banakil")
    expect(page.locator(".working tbody tr").nth(1).locator("td").last).to_have_text(
        "\u221220")


SHEETS = ("sheet generic", "sheet generic over", "sheet banakil", "sheet banakil over",
          "sheet blue_banana", "sheet blue_banana over", "sheet bandido", "sheet bandido over",
          "sheet bandido seat", "sheet generic view", "table", "table over", "tied", "lowest",
          "banakil", "banakil table", "banakil owing", "fresh table", "blue", "blue round",
          "round banakil", "sheet banked")

STRAY = """() => {
  const found = [];
  for (const el of document.querySelectorAll("main p, main li, main td, main th, main .note")) {
    if (el.closest("[hidden], .visually-hidden")) continue;
    const text = el.innerText.trim();
    if (text.startsWith("·") || text.endsWith("·")) found.push("stray ·: " + text);
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode.data;
    if (/\\S {2,}\\S/.test(text)) found.push("double space: " + JSON.stringify(text));
  }
  for (const el of document.querySelectorAll("[aria-label], [title]")) {
    for (const name of ["aria-label", "title"]) {
      const text = el.getAttribute(name);
      if (text && (/ {2,}/.test(text) || /^\\s*·|·\\s*$/.test(text)))
        found.push(name + ": " + JSON.stringify(text));
    }
  }
  return found;
}"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_sheet_has_a_stray_separator_or_a_double_space(phones, site, lang):
    found = []
    for name in SHEETS:
        page = _open(phones, site, lang, name)
        found += [f"{name}: {line}" for line in page.evaluate(STRAY)]
    assert not found, "\n".join(found)


# An underline is the same in either theme (a theme is colours alone: app.css's custom
# properties), so it is read in the light one.
@pytest.mark.parametrize("lang", LANGUAGES)
def test_what_opens_how_it_was_scored_looks_like_a_link(phones, site, lang):
    theme = "light"
    for name, selector in (("banakil", ".grid a.round-link"), ("banakil", ".grid a.cell-link"),
                           ("blue", ".grid a.round-link"), ("blue", ".grid a.cell-link"),
                           ("tied", ".grid a.cell")):
        page = _open(phones, site, lang, name, theme)
        link = page.locator(selector).first
        decoration = link.evaluate("a => getComputedStyle(a).textDecorationLine")
        assert "underline" in decoration, f"{name} {selector}: {decoration}"
    page = _open(phones, site, lang, "blue", theme)
    legend = page.locator(".chip-legend")
    expect(legend).to_be_visible()
    expect(legend.locator(".chip.large")).to_have_text("5")
    page = _open(phones, site, lang, "blue round", theme)
    took = page.locator(".chips-taken")
    expect(took.locator("bdi")).to_have_text(["Ana", "Ben", "3"])
    expect(took).to_contain_text("most cards overall" if lang == "en"
                                 else "أكبر عدد من البطاقات")
    expect(took).to_contain_text("each" if lang == "en" else "لكلٍّ منهما")
