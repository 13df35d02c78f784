"""axe-core over every page, in light and dark, English and Arabic: no serious or critical finding.

axe-playwright-python ships axe-core itself (nothing is fetched); Playwright's evaluate runs it
outside the page's CSP. The matches and groups are made once for the module through the API, every
game active and over; each theme and language gets one phone (a browser context with its colour
scheme and its `theme` and `lang` cookies) and opens every page in it."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from fresh_app import fresh_app, served

pytestmark = [pytest.mark.browser, pytest.mark.look]

PHONE = {"width": 390, "height": 844}
THEMES = ("light", "dark")
LANGUAGES = ("en", "ar")
BLOCKING = ("serious", "critical")


def _api(client, method, path, token=None, json=None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = client.open(f"/api/v1{path}", method=method, json=json, headers=headers)
    assert response.status_code in (200, 201), (path, response.get_json())
    return response.get_json()


def _match(client, game, players, options=None, group=None, token=None):
    body = {"game": game, "players": list(players)}
    if options:
        body["options"] = options
    if group:
        body["group"] = group
    return _api(client, "POST", "/matches", token, body)


def _round(client, match, body):
    return _api(client, "POST", f"/matches/{match['id']}/rounds", match["tokens"]["host"], body)


def make_everything(client) -> dict[str, str]:
    """Every game active and over, a group with a bank; the page paths, by name."""
    paths = {"home": "/", "new group": "/groups/new", "import": "/groups/import",
             "404": "/m/no-such-link"}
    for game in ("generic", "banakil", "blue_banana", "bandido"):
        paths[f"new {game}"] = f"/new/{game}"

    def player(correct=0, incorrect=0, banana=None):
        return {"correct": correct, "incorrect": incorrect, "banana": banana}

    # The free sheet: active (two rounds of three) and over (target reached).
    generic = _match(client, "generic", ("Ana", "Ben", "Cy"), {"target": 100})
    _round(client, generic, {"scores": [10, -20, 30]})
    _round(client, generic, {"scores": [5, 5, 5]})
    host = generic["tokens"]["host"]
    paths.update({
        "sheet generic": f"/m/{host}", "sheet generic seat": f"/m/{generic['tokens']['seats'][1]}",
        "sheet generic view": f"/m/{generic['tokens']['view']}",
        "cell generic": f"/m/{host}/round/2/seat/1",
        "next cell generic": f"/m/{host}/round/3/seat/0",
        "table": f"/m/{host}/table", "links": f"/m/{host}/links", "line": f"/m/{host}/line",
        "details": f"/m/{host}/details", "abandon": f"/m/{host}/abandon"})
    generic_over = _match(client, "generic", ("Ana", "Ben"), {"target": 30})
    _round(client, generic_over, {"scores": [35, 5]})
    paths["sheet generic over"] = f"/m/{generic_over['tokens']['host']}"
    paths["table over"] = f"/m/{generic_over['tokens']['host']}/table"
    twelve = _match(client, "generic", ("Annabelle", "Bartholomew", "Cyrus", "Dana", "Emil",
                                        "Fatima", "Gustav", "Hana", "Ilse", "Jamal", "Karin",
                                        "Leopold"))
    for number in range(3):
        _round(client, twelve, {"scores": [(number * k) % 23 - 4 for k in range(12)]})
    paths["sheet twelve"] = f"/m/{twelve['tokens']['host']}"

    # Banakil: a hand in, and a match over its line.
    banakil = _match(client, "banakil", ("Dana", "Ravi", "Sami", "Lina"))
    _round(client, banakil, {"dead": False, "hands": [
        {"score": 36.5, "went_out": True}, {"score": -20, "went_out": False},
        {"melded": {"3-6": 2, "A": 1}, "in_hand": {"7-K": 1}, "went_out": False},
        {"score": 15, "went_out": False}]})
    host = banakil["tokens"]["host"]
    paths.update({"sheet banakil": f"/m/{host}", "round banakil": f"/m/{host}/round/1",
                  "hand banakil": f"/m/{host}/round/2/hand/0",
                  "hand banakil typed": f"/m/{host}/round/1/hand/0",
                  "line banakil": f"/m/{host}/line"})
    banakil_over = _match(client, "banakil", ("Dana", "Ravi"), {"target": 150})
    _round(client, banakil_over, {"dead": False, "hands": [
        {"score": 160, "went_out": True}, {"score": 10, "went_out": False}]})
    paths["sheet banakil over"] = f"/m/{banakil_over['tokens']['host']}"

    # Blue Banana: a round with task cards, and eight rounds played.
    blue = _match(client, "blue_banana", ("Ana", "Ben", "Cy"))
    _round(client, blue, {"players": [player(3, 1, "correct"), player(2), player(0, 2)],
                          "task": [{"motif": "flamingo", "color": "green"},
                                   {"motif": "banana", "color": "blue"}]})
    host = blue["tokens"]["host"]
    paths.update({"sheet blue_banana": f"/m/{host}", "task blue_banana": f"/m/{host}/task",
                  "round blue_banana": f"/m/{host}/round/1",
                  "check blue_banana": f"/m/{host}/round/1/check?motif=frog&color=pink",
                  "hand blue_banana": f"/m/{host}/round/2/hand/1"})
    # A round whose task cards are up and whose banana nobody has snatched yet.
    waiting = _match(client, "blue_banana", ("Ana", "Ben"))
    _round(client, waiting, {"players": [None, None],
                             "task": [{"motif": "frog", "color": "red"},
                                      {"motif": "whale", "color": "yellow"}]})
    host = waiting["tokens"]["host"]
    paths.update({"round blue_banana waiting": f"/m/{host}/round/1",
                  "check blue_banana waiting": f"/m/{host}/round/1/check?motif=frog&color=pink",
                  "check blue_banana no such card":
                      f"/m/{host}/round/1/check?motif=banana&color=yellow"})
    blue_over = _match(client, "blue_banana", ("Ana", "Ben"))
    for _ in range(8):
        _round(client, blue_over, {"players": [player(1), player(2, 1)]})
    paths["sheet blue_banana over"] = f"/m/{blue_over['tokens']['host']}"

    # Bandido: a turn in, a character page, and a match won.
    bandido = _match(client, "bandido", ("Ana", "Ben", "Cy"))
    _round(client, bandido, {"players": [{"vp": 1, "symbols": ["stone"]},
                                         {"vp": 0, "symbols": []}, {"vp": 2, "symbols": []}]})
    host, seat = bandido["tokens"]["host"], bandido["tokens"]["seats"][1]
    paths.update({"sheet bandido": f"/m/{host}", "character bandido": f"/m/{seat}/character",
                  "hand bandido": f"/m/{host}/round/2/hand/0",
                  "sheet bandido seat": f"/m/{seat}"})
    # Cy's character typed on his phone: his link elsewhere asks before replacing it; the
    # host who plays Ana enters hers on the host's phone.
    cy = bandido["tokens"]["seats"][2]
    _api(client, "PUT", f"/matches/{bandido['id']}/seats/2/character", cy,
         json={"symbols": ["coconut"] * 3})
    paths.update({"character bandido asked": f"/m/{cy}/character",
                  "character bandido host": f"/m/{host}/character?seat=0"})
    bandido_over = _match(client, "bandido", ("Ana", "Ben"))
    _round(client, bandido_over, {"players": [{"vp": 5, "symbols": []},
                                              {"vp": 0, "symbols": []}]})
    paths["sheet bandido over"] = f"/m/{bandido_over['tokens']['host']}"

    # A group with a bank of two matches, a match of it over and waiting to be banked.
    group = _api(client, "POST", "/groups", json={"name": "Thursday table",
                                                   "players": ["Ana", "Ben", "Cy"]})
    owner = group["tokens"]["owner"]
    for scores in ([10, 4, 2], [3, 12, 7]):
        played = _match(client, "generic", ("Ana", "Ben", "Cy"), {"rounds": 1},
                        group=group["id"], token=owner)
        _round(client, played, {"scores": scores})
        _api(client, "POST", f"/matches/{played['id']}/bank", played["tokens"]["host"])
    waiting = _match(client, "generic", ("Ana", "Ben"), {"rounds": 1}, group=group["id"],
                     token=owner)
    _round(client, waiting, {"scores": [8, 9]})
    banked = _match(client, "generic", ("Ana", "Cy"), {"rounds": 1})
    _round(client, banked, {"scores": [1, 2]})
    _api(client, "POST", f"/matches/{banked['id']}/bank", banked["tokens"]["host"])
    # Ratings on: the leaderboard's rating column, each match's changes, a player's chart.
    _api(client, "PATCH", f"/groups/{group['id']}", owner, {"ratings": True})
    ana = next(p["id"] for p in group["players"] if p["name"] == "Ana")
    paths["player"] = f"/g/{group['tokens']['view']}/players/{ana}"
    paths.update({"group": f"/g/{owner}", "group view": f"/g/{group['tokens']['view']}",
                  "roster": f"/g/{owner}/players", "group links": f"/g/{owner}/links",
                  "destinations": f"/g/{owner}/destinations",
                  "group new match": f"/g/{owner}/new/generic",
                  "sheet in group over": f"/m/{waiting['tokens']['host']}",
                  "sheet banked": f"/m/{banked['tokens']['host']}"})
    for game in ("banakil", "blue_banana", "bandido"):
        paths[f"table {game}"] = paths[f"sheet {game}"] + "/table"

    # A game night of the group at Banakil: a hand at one table, another table banked.
    ids = [p["id"] for p in _api(client, "POST", f"/groups/{group['id']}/players", owner,
                                 {"name": "Dee"})["players"]]
    for name in ("Eli", "Fay", "Gus", "Hal"):
        ids = [p["id"] for p in _api(client, "POST", f"/groups/{group['id']}/players", owner,
                                     {"name": name})["players"]]
    night = _api(client, "POST", f"/groups/{group['id']}/nights", owner,
                 {"game": "banakil", "players": ids[:8], "name": "Friday club"})
    first, second = ({"id": t["match"], "tokens": t["tokens"]} for t in night["seatings"][0])
    hands = [{"score": 40, "went_out": True}, {"score": 10}, {"score": -20}, {"score": 5}]
    _round(client, first, {"dead": False, "hands": hands})
    _api(client, "PATCH", f"/matches/{second['id']}/options", second["tokens"]["host"],
         {"target": 20})
    _round(client, second, {"dead": False, "hands": hands})
    _api(client, "POST", f"/matches/{second['id']}/bank", second["tokens"]["host"])
    # A season over the whole bank (SPEC section 11): its page, its form, and its top five on
    # the group page and the big screen.
    season = _api(client, "POST", f"/groups/{group['id']}/seasons", owner,
                  {"name": "Autumn league", "starts": "2000-01-01", "best_of": 3, "at_least": 2})
    paths.update({"season": f"/g/{owner}/seasons/{season['id']}",
                  "season view": f"/g/{group['tokens']['view']}/seasons/{season['id']}",
                  "season new": f"/g/{owner}/seasons/new",
                  "season edit": f"/g/{owner}/seasons/{season['id']}/edit"})
    paths.update({"night start": f"/g/{owner}/nights/new",
                  "night start banakil": f"/g/{owner}/nights/new?game=banakil",
                  "night": f"/g/{owner}/nights/{night['id']}",
                  "night view": f"/g/{group['tokens']['view']}/nights/{night['id']}",
                  "night screen": f"/tv/{night['tokens']['tv']}",
                  "night seat": f"/m/{first['tokens']['seats'][1]}"})
    paths.update(designs(client))
    return paths


SEVEN = {"military": 3, "coins": 6, "wonder": 5, "civilian": 4, "commercial": 0, "guilds": 0,
         "gear": 1, "compass": 1, "tablet": 0}


def designs(client) -> dict[str, str]:
    """A sheet for any game: a tally half filled in and one over on its tie-break, a rounds
    design, and the designs' own pages."""
    tally = _api(client, "POST", "/matches", json={"game": "custom", "design": "7-wonders",
                                                   "players": ["Ana", "Ben", "Cy"]})
    _api(client, "PUT", f"/matches/{tally['id']}/rounds/1/seats/0", tally["tokens"]["host"],
         SEVEN)
    over = _api(client, "POST", "/matches", json={"game": "custom", "design": "7-wonders",
                                                  "players": ["Ana", "Ben"]})
    _round(client, over, {"players": [SEVEN, SEVEN | {"coins": 3, "military": 4}]})
    wizard = _api(client, "POST", "/matches", json={"game": "custom", "design": "wizard",
                                                    "players": ["Ana", "Ben", "Cy"]})
    _round(client, wizard, {"players": [{"bid": 1, "tricks": 1}, {"bid": 0, "tricks": 2},
                                        {"bid": 2, "tricks": 0}]})
    made = _api(client, "POST", "/designs",
                json=_api(client, "GET", "/designs/tichu")["design"])
    host, rounds = tally["tokens"]["host"], wizard["tokens"]["host"]
    return {"new custom": "/new/custom", "custom start": "/new/custom?opt_design=7-wonders",
            "sheet custom": f"/m/{host}", "hand custom": f"/m/{host}/round/1/hand/1",
            "sheet custom over": f"/m/{over['tokens']['host']}",
            "sheet custom rounds": f"/m/{rounds}", "round custom": f"/m/{rounds}/round/1",
            "designer": "/designs/new", "design owner":
                f"/d/{made['id']}/{made['tokens']['owner']}", "design import": "/designs/import"}


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


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """One app for the module, served on loopback, with everything made in it."""
    made = fresh_app(tmp_path_factory.mktemp("a11y"))
    app = next(made)
    app.config["RATELIMIT_ENABLED"] = False
    paths = make_everything(app.test_client())
    with served(app) as address:
        yield address, paths
    next(made, None)


@pytest.fixture(scope="module")
def phones(browser, site):
    """One phone per theme and language, made when first asked for."""
    base, _ = site
    host = urlsplit(base).hostname
    made = {}

    def phone(theme, lang):
        if (theme, lang) not in made:
            context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True,
                                          has_touch=True, color_scheme=theme)
            context.add_cookies([{"name": "theme", "value": theme, "domain": host, "path": "/"},
                                 {"name": "lang", "value": lang, "domain": host, "path": "/"}])
            made[theme, lang] = context.new_page()
        return made[theme, lang]

    yield phone
    for page in made.values():
        page.context.close()


@pytest.fixture(scope="module")
def axe():
    from axe_playwright_python.sync_playwright import Axe

    return Axe()


def blocking(results) -> list[str]:
    """The serious and critical findings, a line each, with where they are."""
    found = []
    for violation in results.response["violations"]:
        if violation["impact"] in BLOCKING:
            for node in violation["nodes"]:
                found.append(f"{violation['id']} ({violation['impact']}): {node['target']} "
                             f"{node.get('failureSummary', '').splitlines()[-1:]}")
    return found


# Every page is checked light in English and dark in Arabic, so each meets both themes and both
# directions; the four sheets of each game in all four pairings. (The palettes' contrast, which
# is what a theme changes, is checked pair by pair for both themes below.)
EACH_ONCE = (("light", "en"), ("dark", "ar"))  # each theme and each direction, once
CHECKS = [(name, theme, lang) for name in PAGES
          for theme, lang in ((*EACH_ONCE, ("dark", "en"), ("light", "ar"))
                              if name.startswith("sheet ") and name.count(" ") == 1
                              else EACH_ONCE)]


@pytest.mark.parametrize("name, theme, lang", CHECKS)
def test_no_serious_or_critical_finding(site, phones, axe, name, theme, lang):
    base, paths = site
    page = phones(theme, lang)
    page.goto(base + paths[name])
    assert page.evaluate("document.documentElement.lang") == lang
    page.evaluate("document.getAnimations().forEach(a => a.finish())")
    found = blocking(axe.run(page))
    assert not found, f"{name} ({theme}, {lang}):\n" + "\n".join(found)


# ---- The palettes themselves: every pair app.css draws together, in both themes -------------

CSS = Path(__file__).resolve().parents[2] / "app" / "static" / "app.css"
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
    css = CSS.read_text()
    light = palette(":root", css)
    dark = {**light, **palette(':root[data-theme="dark"]', css)}
    following = {**light,
                 **palette(':root:not([data-theme="light"]):not([data-theme="dark"])', css)}
    assert following == dark, "the two dark blocks of app.css differ"
    return {"light": light, "dark": dark}


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
