"""Two phones save one cell in place (SPEC section 4: never a silent overwrite): the later
phone is shown both values and chooses, one tap each, and its totals follow what it chose. It
was only told a sentence, its totals stayed stale, and Enter again silently kept its own."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def phone(browser, live_server, token):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    page.goto(f"{live_server}/m/{token}")
    return page


@pytest.mark.parametrize("choice", ["saved", "mine"])
def test_a_cell_saved_in_place_by_two_phones_offers_the_choice(live_server, browser, api,
                                                               choice):
    created = api.create(("Ana", "Ben"))
    host, ben = created["tokens"]["host"], created["tokens"]["seats"][1]
    path = f"/matches/{created['id']}"
    api.call("POST", f"{path}/rounds", host, json={"scores": [4, 10]})
    page = phone(browser, live_server, ben)
    page.tap("#r1 td:nth-child(3) a.cell")
    field = page.locator("#r1 td:nth-child(3) input.score")
    field.fill("7")
    # The host saves 5 in Ben's cell meanwhile.
    assert api.call("PUT", f"{path}/rounds/1/seats/1", host,
                    json={"score": 5}).status_code == 200
    field.press("Enter")

    conflict = page.locator("#r1 .cell-conflict")
    expect(conflict).to_be_visible()
    expect(conflict.locator(".keep-saved")).to_contain_text("5")
    expect(conflict.locator(".keep-mine")).to_contain_text("7")
    # Behind the choice, the totals are the server's (they stayed stale).
    expect(page.locator("tfoot .total")).to_have_text(["4", "5"])
    expect(page.locator(".standing .total")).to_have_text(["4", "5"])
    # Enter again keeps nothing silently: the choice waits for a tap.
    field.press("Enter")
    expect(conflict).to_be_visible()
    scores = api.call("GET", path, host).get_json()["rounds"][0]["input"]["scores"]
    assert scores == [4, 5]

    if choice == "saved":
        conflict.locator(".keep-saved").tap()
        expect(page.locator("tfoot .total")).to_have_text(["4", "5"])
        expect(page.locator("#r1 td:nth-child(3) a.cell")).to_have_text("5")
        assert api.call("GET", path, host).get_json()["rounds"][0]["input"]["scores"] == [4, 5]
    else:
        conflict.locator(".keep-mine").tap()
        expect(page.locator("tfoot .total")).to_have_text(["4", "7"])
        assert api.call("GET", path, host).get_json()["rounds"][0]["input"]["scores"] == [4, 7]
    expect(page.locator(".cell-conflict")).to_have_count(0)
    page.context.close()


def test_a_row_that_lost_a_race_keeps_its_other_cells_in_the_row(live_server, browser, api):
    """In a row conflict the other cells typed on this phone vanished from the row while still
    kept: the row shows them."""
    created = api.create(("Ana", "Ben", "Cy"))
    host = created["tokens"]["host"]
    path = f"/matches/{created['id']}"
    page = phone(browser, live_server, host)
    page.locator("#s0").fill("3")
    page.locator("#s1").fill("7")
    api.call("PUT", f"{path}/rounds/1/seats/1", host, json={"score": 5})
    page.locator("#entry button[type=submit]").tap()
    expect(page.locator(".conflict")).to_be_visible()
    expect(page.locator("#s0")).to_have_value("3")  # not in the clash: still in the row
    page.context.close()
