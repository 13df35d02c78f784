"""A Banakil hand typed as its score: the form's hints say one thing (a hand that melded nothing
is −20, or 0 with no turn under `no_turn_zero`), and the form does as they say."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True}


def phone(browser, base, lang):
    context = browser.new_context(**PHONE)
    context.add_cookies([{"name": "lang", "value": lang, "domain": urlsplit(base).hostname,
                          "path": "/"}])
    return context.new_page()


def hand_score(box, value):
    """The preview's sentence as the page words it, up to the hand's score."""
    said = box.get_attribute("data-said")
    return re.compile("^" + re.escape(said.split("{hand}")[0] + value) + r"\b")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_melded_nothing_is_minus_twenty_and_no_turn_makes_it_nought(
        live_server, browser, api, lang):
    created = api.create(("Dana", "Ravi"), game="banakil", options={"no_turn_zero": True})
    host = created["tokens"]["host"]
    page = phone(browser, live_server, lang)
    page.goto(f"{live_server}/m/{host}/round/1/hand/0")
    page.locator("input[name=mode][value=score]").check()
    box = page.locator(".preview-box")

    # Nothing typed: nothing wrong, nothing said.
    expect(page.locator("#score")).to_be_visible()
    expect(box).to_be_hidden()
    expect(page.locator(".error")).to_have_count(0)

    # The hints agree: −20 for melded nothing, which the tick says on its own.
    hints = page.locator(".score-mode .hint")
    expect(hints.first).to_contain_text("−20")
    expect(hints.last).to_contain_text("−20")
    page.locator("#melded_nothing").check()
    expect(box).to_be_visible()
    expect(box).to_have_text(hand_score(box, "−20"))
    expect(box).not_to_have_class(re.compile(r"\berror\b"))

    # With no turn, under the variant, it is 0: the tick is there for a typed score too.
    page.locator("input[name=no_turn]").check()
    expect(box).to_have_text(hand_score(box, "0"))
    page.locator("form.hand-form button[type=submit]").tap()
    expect(page.locator(".standing .total")).to_have_text(["0", "0"])

    page.goto(f"{live_server}/m/{host}/round/1/hand/0")
    expect(page.locator("#score")).to_have_value("-20")
    expect(page.locator("#melded_nothing")).to_be_checked()
    expect(page.locator("input[name=no_turn]")).to_be_checked()
    page.context.close()
