"""What a phone shows on the way: the home page's matches with their date and score, and the
host's "add a place or note" link as big as a finger."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True, "timezone_id": "Pacific/Kiritimati"}  # UTC+14: the date moves
WORDS = {"en": {"leads": "Ben leads.", "won": "Ana won."},
         "ar": {"leads": "في الصدارة: Ben.", "won": "فاز Ana."}}


def phone(browser, base, lang):
    context = browser.new_context(**PHONE)
    context.add_cookies([{"name": "lang", "value": lang, "domain": urlsplit(base).hostname,
                          "path": "/"}])
    return context.new_page()


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_home_page_says_each_matchs_date_and_score(live_server, browser, api, lang):
    going = api.create(("Ana", "Ben"), options={"target": 2000})
    api.call("POST", f"/matches/{going['id']}/rounds", going["tokens"]["host"],
             json={"scores": [4, 1000 + 10]})
    over = api.create(("Ana", "Cy"), options={"target": 10})
    api.call("POST", f"/matches/{over['id']}/rounds", over["tokens"]["host"],
             json={"scores": [12, 3]})
    page = phone(browser, live_server, lang)
    page.goto(f"{live_server}/m/{over['tokens']['host']}")
    page.goto(f"{live_server}/m/{going['tokens']['seats'][1]}")
    page.goto(f"{live_server}/")

    rows = page.locator("ul.recent li")
    expect(rows).to_have_count(2)
    # The date in the phone's own zone and language, as the browser writes it.
    today = page.evaluate("new Date().toLocaleDateString(document.documentElement.lang,"
                          " {dateStyle: 'medium', numberingSystem: 'latn'})")
    expect(rows.nth(0).locator("time")).to_have_text(today)
    expect(rows.nth(0)).to_contain_text(WORDS[lang]["leads"])
    expect(rows.nth(0).locator(".totals")).to_have_text(re.compile(r"Ana\s+4\s+·\s+Ben\s+1010"))
    expect(rows.nth(1)).to_contain_text(WORDS[lang]["won"])
    expect(rows.nth(1).locator(".totals")).to_have_text(re.compile(r"Ana\s+12\s+·\s+Cy\s+3"))
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_place_or_note_link_is_big_enough_to_tap(live_server, browser, api, lang):
    created = api.create(("Ana", "Ben"))
    page = phone(browser, live_server, lang)
    page.goto(f"{live_server}/m/{created['tokens']['host']}")
    link = page.locator(".details a[href$='/details']")
    expect(link).to_be_visible()
    box = link.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44, box
    link.tap()
    expect(page).to_have_url(re.compile(r"/details$"))
    page.context.close()
