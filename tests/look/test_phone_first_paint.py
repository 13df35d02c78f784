"""What a phone draws before the page's scripts run is where things stay once they have run: on
a slow Wi-Fi or a slow phone a finger comes down on Save in between (a Banakil hand's Save moved
up 104 px when part.js hid the way of typing not chosen and showed the steppers' − and +, and
the tap landed beside it).

The scripts are held back by the browser until the page is drawn and measured, then let through;
the page is measured again once they have run."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from test_accessibility import LANGUAGES

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
SCRIPTS = re.compile(r"/static/.*\.js(\?.*)?$")
# The pages a finger taps at once, and what it taps there.
TAPPED = {
    "hand banakil": "form.hand-form [type=submit]",
    "hand banakil typed": "form.hand-form [type=submit]",
    "hand blue_banana": "form.hand-form [type=submit]",
    "hand bandido": "form.hand-form [type=submit]",
    "hand custom": "form.hand-form [type=submit]",
    "cell generic": "main form [type=submit]",
    "sheet generic": "main form [type=submit]",
    "sheet banakil": "main a[href*='/hand/']",
}
PREVIEWED = """() => !document.querySelector('.hand-form[data-preview-url]')
  || document.querySelector('.preview-box:not(:empty)')"""
# The steppers' − and + and the keys' ± and +, as many as a finger can see: none until their
# script runs (a tap would do nothing), every one shown once it has.
SEEN = """() => [...document.querySelectorAll('button.step, .keys button')].filter(button =>
  button.checkVisibility({visibilityProperty: true})).length"""
DRAWN = """() => [...document.querySelectorAll('link[rel=stylesheet]')].every(link => link.sheet)
  && document.fonts.status === 'loaded'"""


def boxes(page, what):
    return page.evaluate("""selector => [...document.querySelectorAll(selector)].map(element => {
      const box = element.getBoundingClientRect();
      return [Math.round(box.x + scrollX), Math.round(box.y + scrollY), Math.round(box.width),
              Math.round(box.height)];
    })""", what)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", TAPPED)
def test_nothing_tapped_moves_when_the_scripts_run(browser, site, name, lang):
    base, paths = site
    # Far from UTC, as a phone may be: times.js writes the server's times anew in its zone.
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                  timezone_id="America/New_York")
    context.add_cookies([{"name": "lang", "value": lang, "domain": urlsplit(base).hostname,
                          "path": "/"}])
    page = context.new_page()
    held, let_through = [], []

    def hold(route):
        if let_through:
            route.continue_()
        else:
            held.append(route)

    page.route(SCRIPTS, hold)
    page.goto(base + paths[name], wait_until="commit")
    page.wait_for_selector(TAPPED[name], state="attached")
    page.wait_for_function(DRAWN)
    page.wait_for_function("() => document.readyState !== 'loading'")
    assert held, "no script was held back"
    assert page.evaluate("() => !document.documentElement.classList.contains('keypad')")
    before = boxes(page, TAPPED[name])
    seen_before = page.evaluate(SEEN)
    let_through.append(True)
    for route in held:
        route.continue_()
    page.wait_for_load_state("load")  # the deferred scripts have run
    page.wait_for_function(PREVIEWED)  # and the preview they ask for at load has come
    after = boxes(page, TAPPED[name])
    seen_after = page.evaluate(SEEN)
    context.close()
    assert before, f"nothing to tap on {name}"
    assert after == before, f"{name}: {before} drawn, {after} once the scripts ran"
    assert seen_before == 0, f"{name}: {seen_before} steps or keys seen before their script"
    assert seen_after or name.startswith("sheet"), f"{name}: no step or key once it ran"


def test_a_hands_ways_of_typing_follow_the_choice_when_its_script_never_comes(browser, site):
    # Drawn as part.js leaves it, the page needs it no more to switch the ways of typing a hand:
    # the chosen one is shown, the other hidden, by the style alone.
    base, paths = site
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.route(re.compile(r"/static/part\.js"), lambda route: route.abort())
    page.goto(base + paths["hand banakil"])
    cards, score = page.locator(".cards-mode"), page.locator(".score-mode")
    assert cards.is_visible() and not score.is_visible()
    page.locator("input[name=mode][value=score]").check()
    assert score.is_visible() and not cards.is_visible()
    assert not page.locator(".cards-only").is_visible()
    context.close()


def test_without_scripts_a_hand_shows_both_ways_of_typing_it(browser, site):
    base, paths = site
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                  java_script_enabled=False)
    page = context.new_page()
    page.goto(base + paths["hand banakil"])
    for shown in (".cards-mode", ".score-mode", ".cards-only", "#score"):
        assert page.locator(shown).is_visible(), shown
    for unseen in (".preview-box", "button.step", ".keys"):
        assert page.locator(unseen).first.is_hidden(), unseen
    context.close()
