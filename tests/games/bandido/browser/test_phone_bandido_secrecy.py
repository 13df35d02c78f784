"""Banana Bandido's characters kept secret at a real table: on its own phone a character hides
behind a tap and hides again by itself; a seat link opened on another phone asks before it
replaces one; and a host who plays enters their own character on the host's phone, without
being able to read anyone else's."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
WORDS = {
    "en": {"see": "Tap to see your character", "replace": "Replace it",
           "asked": "A character was already entered for this seat on another phone. "
                    "Replace it?",
           "howto": "seat link"},
    "ar": {"see": "المس لترى شخصيتك", "replace": "استبدلها",
           "asked": "أُدخلت شخصية لهذا المقعد على هاتف آخر. هل تستبدلها؟",
           "howto": "رابط مقعده"},
}


def phone(browser, base, lang):
    context = browser.new_context(**PHONE)
    context.add_cookies([{"name": "lang", "value": lang, "domain": urlsplit(base).hostname,
                          "path": "/"}])
    return context.new_page()


def pick(page, symbols):
    """Tap each of the character's three symbols and save it (the form's main button)."""
    for i, symbol in enumerate(symbols):
        page.locator(f"label.pick:has(input[name=symbol{i}][value={symbol}])").tap()
    page.locator("main form[method=post] button.primary").tap()


def put_down(page):
    """The phone is put down or another app comes up: the page is hidden."""
    page.evaluate("""() => {
        Object.defineProperty(document, "visibilityState", {value: "hidden", configurable: true});
        Object.defineProperty(document, "hidden", {value: true, configurable: true});
        document.dispatchEvent(new Event("visibilitychange"));
    }""")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_character_hides_behind_a_tap_and_another_phone_asks_before_replacing_it(
        live_server, browser, api, artifacts, lang):
    words = WORDS[lang]
    created = api.create(("Ana", "Ben"), game="bandido")
    match, tokens = created["id"], created["tokens"]
    ana_link = f"{live_server}/m/{tokens['seats'][0]}"
    ana = phone(browser, live_server, lang)
    ana.clock.install()  # the page's own clock, to move on a few seconds without waiting them
    ana.goto(ana_link + "/character")
    pick(ana, ["coconut", "coconut", "water"])

    # Back on the sheet the character is not on show: one tap shows it, and it hides again.
    mine = ana.locator(".my-character")
    symbols = mine.locator(".symbol")
    expect(symbols).to_have_count(3)
    expect(symbols.first).to_be_hidden()
    expect(mine.locator("summary")).to_contain_text(words["see"])
    ana.screenshot(path=str(artifacts / f"bandido-character-tap-{lang}.png"), full_page=True)
    mine.locator("summary").tap()
    expect(symbols.first).to_be_visible()
    ana.screenshot(path=str(artifacts / f"bandido-character-shown-{lang}.png"), full_page=True)
    ana.clock.fast_forward(3_000)
    expect(symbols.first).to_be_visible()  # still, a moment on
    ana.clock.fast_forward(10_000)
    expect(symbols.first).to_be_hidden()  # by itself, a few seconds on
    mine.locator("summary").tap()
    expect(symbols.first).to_be_visible()
    put_down(ana)
    expect(symbols.first).to_be_hidden()

    # Ana's link opened on another phone cannot silently replace it: it asks first, and its
    # only way to save is to answer "Replace it".
    other = phone(browser, live_server, lang)
    other.goto(ana_link + "/character")
    expect(other.locator(".replace-asked")).to_contain_text(words["asked"])
    expect(other.locator("input[type=radio]:checked")).to_have_count(0)
    expect(other.locator("main form[method=post] button.primary")).to_have_text(words["replace"])
    other.screenshot(path=str(artifacts / f"bandido-character-asked-{lang}.png"), full_page=True)
    ana.reload()
    expect(ana.locator(".my-character .symbol[data-symbol=coconut]")).to_have_count(2)
    # Asked, the other phone replaces it: it holds the character now, and Ana's phone does not.
    pick(other, ["stone", "stone", "stone"])
    expect(other.locator(".my-character .symbol[data-symbol=stone]")).to_have_count(3)
    ana.reload()
    expect(ana.locator(".my-character .symbol")).to_have_count(0)
    character = api.call("GET", f"/matches/{match}", tokens["host"]).get_json()["characters"]
    assert character == [None, None]
    for page in (ana, other):
        page.context.close()


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_host_who_plays_enters_their_own_character_on_the_hosts_phone(
        live_server, browser, api, artifacts, lang):
    words = WORDS[lang]
    created = api.create(("Ana", "Ben", "Cy"), game="bandido")
    match, tokens = created["id"], created["tokens"]
    # Ben types his own character on his own phone first.
    ben_put = api.call("PUT", f"/matches/{match}/seats/1/character", tokens["seats"][1],
                       json={"symbols": ["coconut", "coconut", "coconut"]})
    assert ben_put.status_code == 200

    host = phone(browser, live_server, lang)
    host.goto(f"{live_server}/m/{tokens['host']}")
    # The host's sheet says how each player enters their character: from their own seat link.
    howto = host.locator(".characters-howto")
    expect(howto).to_contain_text(words["howto"])
    host.screenshot(path=str(artifacts / f"bandido-host-howto-{lang}.png"), full_page=True)

    # Saying "Ben's seat is mine" shows nothing of Ben's character, typed on his phone: the
    # form is empty, and it asks before replacing it.
    howto.locator("a.my-seat[data-seat='1']").tap()
    expect(host.locator("input[type=radio]:checked")).to_have_count(0)
    expect(host.locator(".banner.hidden-here")).to_be_visible()
    expect(host.locator("main form[method=post] button.primary")).to_have_text(words["replace"])
    host.goto(f"{live_server}/m/{tokens['host']}")
    expect(host.locator(".my-character")).to_have_count(0)
    assert "icon-coconut" not in host.content()

    # The host plays Ana: the host's phone enters Ana's character, and shows it (behind a tap).
    host.locator(".characters-howto a.my-seat[data-seat='0']").tap()
    pick(host, ["stone", "water", "water"])
    mine = host.locator(".my-character")
    expect(mine.locator(".symbol")).to_have_count(3)
    mine.locator("summary").tap()
    expect(mine.locator(".symbol[data-symbol=water]").first).to_be_visible()
    assert "icon-coconut" not in host.content()  # still nothing of Ben's
    host.screenshot(path=str(artifacts / f"bandido-host-plays-{lang}.png"), full_page=True)
    # Saved as Ana's own secret: hidden from every token, the host's included.
    got = api.call("GET", f"/matches/{match}", tokens["host"]).get_json()
    assert got["characters"] == [None, None, None]
    seats = api.call("GET", f"/matches/{match}", tokens["seats"][0]).get_json()
    assert seats["characters"][0] is None
    host.context.close()
