"""Blue Banana's card checker on a phone: it gives no solution before the round's banana is
snatched (SPEC: "only given at the end of a round, in the course of scoring"), the host can mark
the banana snatched on the round's page, and a card no deck holds is "no such card".

A line typed opening the checker (it was a test here) is the page's HTML alone:
tests/games/blue_banana/pages/test_blue_banana_pages.py, test_a_line_typed_opens_the_checker, with
test_the_checker_gives_nothing_away_before_the_banana before it; the verdict's Arabic words are
read here, in the test above."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
# A green flamingo and a blue banana: they seek pink, yellow, frogs and whales.
TASK = [{"motif": "flamingo", "color": "green"}, {"motif": "banana", "color": "blue"}]
WORDS = {
    "en": {"wait": "Wait for the banana", "mark": "The banana is snatched",
           "sought": "Sought: it counts.", "no_such": "There is no yellow banana"},
    "ar": {"wait": "انتظروا الموزة", "mark": "خُطفت الموزة",
           "sought": "مطلوبة: تُحسب.", "no_such": "لا توجد بطاقة موزة باللون الأصفر"},
}


def phone(browser, base, lang):
    context = browser.new_context(**PHONE)
    context.add_cookies([{"name": "lang", "value": lang, "domain": urlsplit(base).hostname,
                          "path": "/"}])
    return context.new_page()


def tap_card(page, motif, color):
    """Tap a collected card's motif and colour: the checker answers on the second tap. Where a
    colour is still chosen from the last card, the motif's tap already asks (for that colour):
    the colour is tapped on the page that answer brings, once its script is in."""
    asked_already = page.locator(".colors input:checked").count() > 0
    page.locator(f".motifs label.pick:has(input[value='{motif}'])").tap()
    if asked_already:
        expect(page).to_have_url(re.compile(rf"motif={motif}"))
        page.wait_for_load_state("load")
    page.locator(f".colors label.pick:has(input[value='{color}'])").tap()
    expect(page).to_have_url(re.compile(rf"motif={motif}&color={color}"))
    page.wait_for_load_state("load")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_checker_waits_for_the_banana_and_knows_no_such_card(
        live_server, browser, api, artifacts, lang):
    words = WORDS[lang]
    created = api.create(("Ana", "Ben", "Cy"), game="blue_banana")
    match, tokens = created["id"], created["tokens"]
    api.call("POST", f"/matches/{match}/rounds", tokens["host"],
             json={"players": [None, None, None], "task": TASK})
    ben = phone(browser, live_server, lang)
    host = phone(browser, live_server, lang)

    # Ben opens the checker as the task cards go up: a pink frog would count, but nobody has
    # snatched the banana, so the checker gives nothing away.
    ben.goto(f"{live_server}/m/{tokens['seats'][1]}")
    ben.locator("a[href$='/round/1/check']").tap()
    expect(ben.locator(".wait-banana")).to_contain_text(words["wait"])
    expect(ben.locator(".verdict")).to_have_count(0)
    ben.goto(f"{live_server}/m/{tokens['seats'][1]}/round/1/check?motif=frog&color=pink")
    expect(ben.locator(".wait-banana")).to_contain_text(words["wait"])
    expect(ben.locator(".verdict")).to_have_count(0)
    ben.screenshot(path=str(artifacts / f"bb-check-wait-{lang}.png"), full_page=True)

    # The host marks the banana snatched on round 1's page (no line typed yet).
    host.goto(f"{live_server}/m/{tokens['host']}/round/1")
    host.get_by_role("button", name=words["mark"]).tap()
    expect(host.locator(".flash")).to_be_visible()
    round_ = api.call("GET", f"/matches/{match}", tokens["view"]).get_json()["rounds"][0]
    assert round_["input"]["snatched"] is True
    assert round_["input"]["players"] == [None, None, None]

    # Now the checker answers: a pink frog counts; a yellow banana is no card of the deck.
    ben.goto(f"{live_server}/m/{tokens['seats'][1]}/round/1/check")
    expect(ben.locator(".wait-banana")).to_have_count(0)
    tap_card(ben, "frog", "pink")
    expect(ben.locator(".verdict.yes")).to_contain_text(words["sought"])
    tap_card(ben, "banana", "yellow")
    expect(ben.locator(".verdict.none")).to_contain_text(words["no_such"])
    expect(ben.locator(".verdict.yes, .verdict.no")).to_have_count(0)
    ben.screenshot(path=str(artifacts / f"bb-check-no-such-{lang}.png"), full_page=True)
    for page in (ben, host):
        page.context.close()
