"""A minus and a plus on every phone: iOS's numeric keypads have neither, so every field that takes
a negative number or a sum has its own ± and + keys beside it. The digits here come from the
keyboard, the signs only from a tap on those keys."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True}
NUMERIC_KEYPADS = ("numeric", "decimal", "tel")
# The digits a phone in each language types.
DIGITS = {"en": str.maketrans("", ""), "ar": str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")}
SIGN = {"en": "Change the sign", "ar": "غيّر الإشارة"}
PLUS = {"en": "Plus", "ar": "زائد"}


def phone(browser, base, lang):
    context = browser.new_context(**PHONE)
    context.add_cookies([{"name": "lang", "value": lang, "domain": urlsplit(base).hostname,
                          "path": "/"}])
    return context.new_page()


def keys(page, field, spelled, lang):
    """Types `spelled` into the field as a phone would: digits from the keypad, "±" and "+"
    tapped on the page's own keys (whose names are said in the page's language)."""
    page.tap(field)
    for character in spelled:
        if character == "±":
            page.tap(f".keys:visible button[aria-label='{SIGN[lang]}']")
        elif character == "+":
            page.tap(f".keys:visible button[aria-label='{PLUS[lang]}']")
        else:
            page.keyboard.type(character.translate(DIGITS[lang]))


def shown(*totals):
    """The totals as the sheet shows them, with either minus sign."""
    return [re.compile(rf"^[-\u2212]?{abs(total)}$" if total < 0 else rf"^{total}$")
            for total in totals]


def opens_a_numeric_keypad(page, field):
    assert page.locator(field).get_attribute("inputmode") in NUMERIC_KEYPADS


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_free_sheet_takes_a_minus_and_a_sum_from_the_keys(live_server, browser, api, lang):
    created = api.create(("Ana", "Ben", "Cy"), options={"allow_negative": True})
    page = phone(browser, live_server, lang)
    page.goto(f"{live_server}/m/{created['tokens']['host']}")
    for seat in range(3):
        opens_a_numeric_keypad(page, f"#s{seat}")
    # The keys are right under the round's row, above Save: where the thumb is while typing.
    row = page.locator("#s0").bounding_box()
    pad = page.locator("#entry .keys").bounding_box()
    save = page.locator("#entry button[type=submit]").bounding_box()
    assert pad["y"] + pad["height"] <= save["y"], (pad, save)
    assert pad["y"] - (row["y"] + row["height"]) < 120, (row, pad)

    keys(page, "#s0", "±20", lang)
    keys(page, "#s1", "10+15+±5", lang)
    keys(page, "#s2", "7±", lang)  # ± after the digits turns the number at the caret
    expect(page.locator("#s0")).to_have_value("-" + "20".translate(DIGITS[lang]))
    page.locator("#entry button[type=submit]").tap()

    expect(page.locator("tfoot .total")).to_have_text(shown(-20, 20, -7))
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_cell_changed_in_place_or_on_its_page_takes_a_minus(live_server, browser, api, lang):
    created = api.create(("Ana", "Ben"), options={"allow_negative": True})
    host = created["tokens"]["host"]
    api.call("POST", f"/matches/{created['id']}/rounds", host, json={"scores": [4, 10]})
    page = phone(browser, live_server, lang)
    page.goto(f"{live_server}/m/{host}")

    # In place on the sheet.
    page.tap("#r1 td:nth-child(2) a.cell")
    field = "#r1 td:nth-child(2) input.score"
    opens_a_numeric_keypad(page, field)
    # The cell opens with its 4 selected: ± turns it, whatever the selection.
    page.tap(f".keys:visible button[aria-label='{SIGN[lang]}']")
    expect(page.locator(field)).to_have_value("-4")
    keys(page, field, "±±", lang)  # and back, and again
    page.locator(field).press("Enter")
    expect(page.locator("tfoot .total")).to_have_text(shown(-4, 10))

    # On the cell's own page (where a phone without the sheet's script lands).
    page.goto(f"{live_server}/m/{host}/round/1/seat/1")
    opens_a_numeric_keypad(page, "#value")
    page.locator("#value").fill("")
    keys(page, "#value", "10+15+±5", lang)
    page.locator("form.stack button[type=submit]").first.tap()
    expect(page.locator("tfoot .total")).to_have_text(shown(-4, 20))
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_typed_banakil_score_takes_a_minus_and_a_sum(live_server, browser, api, lang):
    created = api.create(("Dana", "Ravi"), game="banakil")
    host = created["tokens"]["host"]
    page = phone(browser, live_server, lang)

    page.goto(f"{live_server}/m/{host}/round/1/hand/0")
    page.locator("input[name=mode][value=score]").check()
    opens_a_numeric_keypad(page, "#score")
    keys(page, "#score", "±20", lang)
    expect(page.locator(".preview-box")).to_contain_text("−20")
    page.locator("form.hand-form button[type=submit]").tap()
    expect(page.locator(".standing .total")).to_have_text(["0", "0"])

    page.goto(f"{live_server}/m/{host}/round/1/hand/1")
    page.locator("input[name=mode][value=score]").check()
    keys(page, "#score", "30+15+±5", lang)
    page.locator("input[name=went_out]").check()
    page.locator("form.hand-form button[type=submit]").tap()

    # Ravi's 40 is his cell; Dana's −20 is a debt.
    expect(page.locator(".standing .total")).to_have_text(["0", "40"])
    page.goto(f"{live_server}/m/{host}/round/1/hand/0")
    expect(page.locator("#score")).to_have_value("-20")
    page.context.close()


def test_without_a_script_the_keys_are_not_shown_and_a_minus_is_typed(live_server, browser, api):
    created = api.create(("Ana", "Ben"), options={"allow_negative": True})
    context = browser.new_context(**PHONE, java_script_enabled=False)
    host = created["tokens"]["host"]
    api.call("POST", f"/matches/{created['id']}/rounds", host, json={"scores": [1, 2]})
    page = context.new_page()
    page.goto(f"{live_server}/m/{host}/round/1/seat/0")
    expect(page.locator(".keys button")).to_have_count(2)
    expect(page.locator(".keys")).to_be_hidden()
    page.locator("#value").fill("-3")
    page.locator("form.stack button[type=submit]").first.click()
    expect(page.locator("tfoot .total")).to_have_text(shown(-3, 2))
    context.close()
