"""axe-core over every page: no serious or critical finding, in either theme, in English and
(where the page's layout is its own) in Arabic.

What a theme changes is colours alone (app.css's custom properties, and the footer's current
theme), and what a language changes is words (every one translated, none empty:
tests/i18n/test_catalogs.py; every page says its lang and dir: test_pages_in_every_language.py)
and the layout they take (right to left, other widths). So:

- every page is checked in English, light, with every rule that can find something serious or
  critical; then, drawn dark where it stands, with axe's colour rules (contrast, links told from
  text by colour), the only rules a theme can change;
- in Arabic, the same two checks once for each page's own layout: each template, each game's
  sheet, part, round and table view, a sheet with what only some states add (the group's link,
  a design's bank). A page left out shares its template and its CSS with one checked, and
  differs from it in data, whose words and direction are checked above and in tests/i18n.

axe-playwright-python ships axe-core itself (nothing is fetched); it comes into each page as
Playwright's init script, outside the page's CSP. The pages are the session's `site`
(conftest.py, everything.py); each language gets one phone and opens every page in it."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.look]

PHONE = {"width": 390, "height": 844}
THEMES = ("light", "dark")
LANGUAGES = ("en", "ar")

PAGES = ("home", "new generic", "new banakil", "new blue_banana", "new bandido",
         "sheet generic", "sheet generic seat", "sheet generic view", "sheet generic over",
         "cell generic", "next cell generic", "table", "table over", "table banakil",
         "table blue_banana", "table bandido", "sheet twelve", "links", "line",
         "details", "abandon",
         "sheet banakil", "sheet banakil over", "round banakil", "hand banakil",
         "hand banakil typed", "line banakil",
         "sheet blue_banana", "sheet blue_banana over", "task blue_banana", "round blue_banana",
         "check blue_banana", "hand blue_banana", "round blue_banana waiting",
         "check blue_banana waiting", "check blue_banana no such card",
         "sheet bandido", "sheet bandido seat", "sheet bandido over", "character bandido",
         "character bandido asked", "character bandido host", "hand bandido",
         "group", "group view", "roster", "group links", "destinations", "group new match",
         "new group",
         "import", "sheet in group over", "sheet banked", "player", "404",
         "night start", "night start banakil", "night", "night view", "night screen",
         "night seat", "season", "season view", "season new", "season edit", "new custom",
         "custom start", "sheet custom", "hand custom", "sheet custom over", "sheet custom rounds",
         "round custom", "designer", "design owner", "design import")



# In Arabic, a page for each layout of its own (see the docstring): each template once, in its
# fullest state; each game's sheet, part, round and table view (its own grid and board); the
# sheet too wide for the phone (it scrolls); the sheet's states that add a part of their own.
ARABIC = ("home", "new bandido", "custom start", "new custom", "designer", "design owner",
          "design import", "404", "cell generic", "links", "line", "details", "abandon",
          "sheet generic", "sheet twelve", "sheet in group over", "sheet custom over",
          "sheet banakil", "sheet blue_banana", "sheet bandido", "sheet custom",
          "sheet custom rounds",
          "table", "table banakil", "table blue_banana", "table bandido",
          "hand banakil", "hand blue_banana", "hand bandido", "hand custom",
          "round banakil", "round blue_banana", "round custom",
          "task blue_banana", "check blue_banana", "character bandido asked",
          "group", "roster", "group links", "destinations", "new group", "import", "player",
          "season", "season new", "night start", "night", "night screen")

# Of the rules axe runs by default (neither off nor experimental nor deprecated), those that can
# find something serious or critical, by axe's own metadata (a rule's impact and its checks'):
# one whose findings are at most moderate (region, landmarks, heading order) can never fail this
# test. `tag` keeps those of one of axe's categories.
RUN = """async (tag) => {
  const serious = impact => impact === 'serious' || impact === 'critical';
  const checks = axe._audit.data.checks, left = axe._audit.tagExclude;
  const rules = axe._audit.rules.filter(rule => rule.enabled !== false
      && !rule.tags.some(t => left.includes(t)) && (!tag || rule.tags.includes(tag))
      && (serious(rule.impact) || [...rule.any, ...rule.all, ...rule.none].some(
          check => serious((checks[check.id || check] || {}).impact))));
  const results = await axe.run(document, {runOnly: {type: 'rule', values: rules.map(r => r.id)},
                                           resultTypes: ['violations']});
  return results.violations.filter(v => serious(v.impact)).flatMap(v => v.nodes.map(node =>
    `${v.id} (${v.impact}): ${JSON.stringify(node.target)} `
    + (node.failureSummary || '').split('\\n').slice(-1)[0]));
}"""
# What base.html draws otherwise for the dark theme, drawn so on the page where it stands:
# <html data-theme>, dark.css linked after app.css (loaded before the page is read), the
# colour-scheme and theme-colour metas, the footer's current theme.
# test_the_dark_theme_drawn_in_place_is_the_dark_theme holds it to what the server draws.
DARK = """async () => {
  document.documentElement.dataset.theme = 'dark';
  const app = document.querySelector('link[rel=stylesheet][href$="/app.css"]');
  const dark = document.createElement('link');
  dark.rel = 'stylesheet';
  dark.href = app.getAttribute('href').replace(/app\\.css$/, 'dark.css');
  dark.media = 'all';
  const loaded = new Promise((resolve, reject) => {
    dark.onload = resolve;
    dark.onerror = reject;
  });
  app.after(dark);
  await loaded;
  document.querySelector('meta[name=color-scheme]').content = 'dark';
  document.querySelectorAll('meta[name=theme-color]').forEach(meta => meta.content = '#163a2a');
  document.querySelectorAll('.site-foot a[href*="/theme/"]').forEach(link =>
    link.pathname.endsWith('/theme/dark') ? link.setAttribute('aria-current', 'true')
                                          : link.removeAttribute('aria-current'));
  document.getAnimations().forEach(animation => animation.finish());
}"""


def axe_script() -> str:
    from axe_playwright_python.sync_playwright import Axe

    return Axe().axe_script


@pytest.fixture(scope="module")
def phones(browser, site):
    """One phone per language, light, axe in every page it opens; made when first asked for."""
    base, _ = site
    host = urlsplit(base).hostname
    made = {}

    def phone(lang):
        if lang not in made:
            context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True,
                                          has_touch=True, color_scheme="light")
            context.add_cookies([{"name": "theme", "value": "light", "domain": host, "path": "/"},
                                 {"name": "lang", "value": lang, "domain": host, "path": "/"}])
            context.add_init_script(axe_script())
            made[lang] = context.new_page()
        return made[lang]

    yield phone
    for page in made.values():
        page.context.close()


def findings(page, url, lang) -> list[str]:
    """The serious and critical findings on the page at `url`, light, then drawn dark."""
    page.goto(url)
    assert page.evaluate("document.documentElement.lang") == lang
    page.evaluate("document.getAnimations().forEach(animation => animation.finish())")
    light = page.evaluate(RUN, None)
    page.evaluate(DARK)
    dark = page.evaluate(RUN, "cat.color")
    return [f"light: {line}" for line in light] + [f"dark: {line}" for line in dark]


@pytest.mark.parametrize("name", PAGES)
def test_no_serious_or_critical_finding_in_english(site, phones, name):
    base, paths = site
    found = findings(phones("en"), base + paths[name], "en")
    assert not found, f"{name} (en):\n" + "\n".join(found)


@pytest.mark.parametrize("name", ARABIC)
def test_no_serious_or_critical_finding_in_arabic(site, phones, name):
    base, paths = site
    found = findings(phones("ar"), base + paths[name], "ar")
    assert not found, f"{name} (ar):\n" + "\n".join(found)


def test_every_arabic_page_is_one_of_the_pages():
    assert set(ARABIC) <= set(PAGES) and len(set(ARABIC)) == len(ARABIC)


# Every element's colours, as the page draws them.
DRAWN = """() => [...document.querySelectorAll('*')].map(e => {
  const s = getComputedStyle(e);
  return [e.tagName, s.colorScheme, s.color, s.backgroundColor, s.borderTopColor,
          s.borderBottomColor, s.borderInlineStartColor, s.outlineColor, s.textDecorationColor,
          s.fill, s.stroke, s.boxShadow, s.backgroundImage].join(' | ');
})"""


@pytest.mark.parametrize("name", ("sheet banakil", "group"))
def test_the_dark_theme_drawn_in_place_is_the_dark_theme(browser, site, name):
    """What the checks above read as dark (DARK, on a light page) is every colour the dark
    theme's own page draws, as a phone in dark mode with the theme chosen dark gets it."""
    base, paths = site
    drawn = {}
    for theme in THEMES:
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                      color_scheme=theme)
        context.add_cookies([{"name": "theme", "value": theme,
                              "domain": urlsplit(base).hostname, "path": "/"}])
        try:
            page = context.new_page()
            page.goto(base + paths[name])
            # The sheet's stream up: whatever its first news draws is drawn in both.
            page.wait_for_function("() => !(window.SquareScores && SquareScores.liveState)"
                                   " || SquareScores.liveState === 'streaming'")
            if theme == "light":
                page.evaluate(DARK)
            drawn[theme] = page.evaluate(DRAWN)
        finally:
            context.close()
    assert len(drawn["light"]) == len(drawn["dark"])
    differ = [(one, other) for one, other in zip(drawn["light"], drawn["dark"], strict=True)
              if one != other]
    assert not differ, "\n".join(f"in place: {one}\nserved:   {other}"
                                  for one, other in differ[:5])


# ---- The palettes themselves: every pair app.css draws together, in both themes -------------

CSS = Path(__file__).resolve().parents[2] / "app" / "static" / "app.css"
# The dark theme's colours, written once: base.html links them for a dark theme chosen, and for
# one that follows a dark phone (media="(prefers-color-scheme: dark)").
DARK_CSS = CSS.with_name("dark.css")
TEXT, LARGE, UI = 4.5, 3.0, 3.0  # WCAG 2.x AA: text, large text, controls and graphics
SURFACES = ("paper", "card", "head", "open", "entry", "soft", "lead", "good-bg", "bad-bg")
PAIRS = [
    *((ink, surface, TEXT) for ink in ("ink", "muted") for surface in SURFACES),
    *(("accent", surface, TEXT) for surface in ("paper", "card", "head", "soft", "lead")),
    # The underline of what can be tapped on the grid: on its cards and on an open round's.
    ("accent", "open", UI),
    *(("warn", surface, TEXT) for surface in SURFACES),
    ("accent-ink", "accent", TEXT), ("primary-ink", "primary", TEXT), ("bar-ink", "bar", TEXT),
    ("danger-ink", "danger", TEXT),
    ("chip-ink", "chip", TEXT), ("note-bar-ink", "note-bar", TEXT),
    ("good-mark", "good-bg", LARGE), ("bad-mark", "bad-bg", LARGE),
    *((edge, surface, UI) for edge in ("control", "focus", "chip", "axis", "accent")
      for surface in ("paper", "card")),
    *((f"series-{n}", "card", UI) for n in range(12)),
    ("series-won", "card", UI), ("series-played", "card", UI),
]
# Blue Banana's colours, named in their colour on a card drawn light in both themes.
CARD_COLOURS = ("yellow", "green", "blue", "purple", "pink", "red", "orange", "black")


def luminance(colour: str) -> float:
    colour = colour.lstrip("#")
    if len(colour) == 3:
        colour = "".join(c * 2 for c in colour)
    channels = [int(colour[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def palette(selector: str, css: str) -> dict[str, str]:
    start = css.index(selector + " {") + len(selector) + 2
    block = css[start:css.index("}", start)]
    return dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{3,6})", block))


def palettes() -> dict[str, dict[str, str]]:
    light = palette(":root", CSS.read_text())
    return {"light": light, "dark": {**light, **palette(":root", DARK_CSS.read_text())}}


@pytest.mark.parametrize("theme", THEMES)
def test_every_colour_pair_meets_aa(theme):
    colours = palettes()[theme]
    failing = [f"{fg} on {bg}: {contrast(colours[fg], colours[bg]):.2f} < {needed}"
               for fg, bg, needed in PAIRS if contrast(colours[fg], colours[bg]) < needed]
    assert not failing, "\n".join(failing)


@pytest.mark.parametrize("theme", THEMES)
def test_the_card_colours_are_legible_on_the_card(theme):
    css = CSS.read_text()
    paper = palettes()[theme]["card-paper"]
    for name in CARD_COLOURS:
        colour = re.search(rf"\.color-{name} \{{ color: (#[0-9a-fA-F]+); \}}", css).group(1)
        assert contrast(colour, paper) >= TEXT, f"{name} {colour} on {paper}"


@pytest.mark.parametrize("cookie, scheme, drawn", [
    (None, "light", "light"), (None, "dark", "dark"),
    ("auto", "light", "light"), ("auto", "dark", "dark"),
    ("light", "dark", "light"), ("dark", "light", "dark"),
])
def test_the_theme_follows_the_phone_unless_chosen(browser, site, cookie, scheme, drawn):
    base, paths = site
    context = browser.new_context(viewport=PHONE, color_scheme=scheme)
    if cookie:
        context.add_cookies([{"name": "theme", "value": cookie,
                              "domain": urlsplit(base).hostname, "path": "/"}])
    page = context.new_page()
    try:
        page.goto(base + paths["sheet generic"])
        paper = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
        scheme_used = page.evaluate("getComputedStyle(document.documentElement).colorScheme")
    finally:
        context.close()
    expected = palettes()[drawn]["paper"].lstrip("#")
    assert paper == "rgb({}, {}, {})".format(*(int(expected[i:i + 2], 16) for i in (0, 2, 4)))
    assert drawn in scheme_used  # form controls and scrollbars follow
