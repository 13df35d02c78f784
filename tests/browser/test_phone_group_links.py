"""From a match to its group and back, at a phone's size, in English and Arabic: the host's
sheet leads to the group's owner link, a seat's or a viewer's to its view link (an owner link
never reaches a link that may not know it), and the group's bank leads to each match."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def phone_in(browser, base, lang):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True,
                                  has_touch=True)
    context.add_cookies([{"name": "lang", "value": lang, "domain": urlsplit(base).hostname,
                          "path": "/"}])
    return context.new_page()


def group_link(page):
    return page.locator("a.group-link")


@pytest.mark.parametrize("lang", ("en", "ar"))
def test_a_match_links_to_its_group_and_back(live_server, browser, api, lang, artifacts):
    made = api.call("POST", "/groups", json={"name": "Thursday table",
                                             "players": ["Ana", "Ben"]}).get_json()
    owner, view = made["tokens"]["owner"], made["tokens"]["view"]
    response = api.call("POST", "/matches", owner, json={
        "game": "generic", "players": ["Ana", "Ben"], "options": {"rounds": 1},
        "group": made["id"]})
    assert response.status_code == 201
    match = response.get_json()
    host, seat, watcher = (match["tokens"]["host"], match["tokens"]["seats"][1],
                           match["tokens"]["view"])

    # The host's sheet, on a phone that never opened the group: its owner link.
    page = phone_in(browser, live_server, lang)
    page.goto(f"{live_server}/m/{host}")
    expect(group_link(page)).to_have_attribute("href", f"/g/{owner}")
    expect(group_link(page)).to_contain_text("Thursday table")
    page.screenshot(path=str(artifacts / f"sheet-group-link-{lang}.png"), full_page=True)
    group_link(page).click()
    expect(page.locator("h1")).to_have_text("Thursday table")
    assert page.url.endswith(f"/g/{owner}")
    page.context.close()

    # A seat's and a viewer's sheets: the view link, and no owner link anywhere on the page.
    for token in (seat, watcher):
        page = phone_in(browser, live_server, lang)
        page.goto(f"{live_server}/m/{token}")
        expect(group_link(page)).to_have_attribute("href", f"/g/{view}")
        assert owner not in page.content()
        group_link(page).click()
        expect(page.locator("h1")).to_have_text("Thursday table")
        page.context.close()

    # Banked, the match is in the group's bank, which leads to it, and it leads back.
    assert api.call("POST", f"/matches/{match['id']}/rounds", host,
                    json={"scores": [3, 5]}).status_code == 201
    assert api.call("POST", f"/matches/{match['id']}/bank", host).status_code == 200
    page = phone_in(browser, live_server, lang)
    page.goto(f"{live_server}/g/{view}")
    page.locator("#bank a.banked-name").first.click()
    expect(page.locator(".banner.banked")).to_be_visible()
    expect(group_link(page)).to_have_attribute("href", f"/g/{view}")
    group_link(page).click()
    expect(page.locator("h1")).to_have_text("Thursday table")
    page.context.close()


@pytest.mark.parametrize("lang", ("en", "ar"))
def test_a_match_filed_at_banking_never_shows_its_host_the_owner_link(live_server, browser,
                                                                     api, lang):
    """A seat who holds the group's owner link banks a match of no group into it: the host never
    typed that link, so the host's sheet leads to the view link."""
    made = api.call("POST", "/groups", json={"name": "Thursday table"}).get_json()
    owner, view = made["tokens"]["owner"], made["tokens"]["view"]
    match = api.create(("Ana", "Ben"), options={"rounds": 1})
    host, seat = match["tokens"]["host"], match["tokens"]["seats"][0]
    assert api.call("POST", f"/matches/{match['id']}/rounds", host,
                    json={"scores": [3, 5]}).status_code == 201
    assert api.call("POST", f"/matches/{match['id']}/bank", seat,
                    json={"group": made["id"], "group_token": owner}).status_code == 200
    page = phone_in(browser, live_server, lang)
    page.goto(f"{live_server}/m/{host}")
    expect(group_link(page)).to_have_attribute("href", f"/g/{view}")
    assert owner not in page.content()
    page.context.close()
