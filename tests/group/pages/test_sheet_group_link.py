"""From a match to its group and back, as each phone's page draws it, in English and Arabic: the
host's sheet leads to the group's owner link, a seat's or a viewer's to its view link (an owner
link is never on a page whose link may not know it), and the group's bank leads to each match,
which leads back. Each phone is a client of its own, that never opened the group.

(These were Playwright's, tests/browser/test_phone_group_links.py: every step of them is the
server's HTML, an href followed and the page it leads to, which the test client reads the same.
Which link each role is led to is services' (tests/group/test_group_link.py).)"""

from __future__ import annotations

import pytest
from page_fixtures import Page

LANGS = ("en", "ar")


def phone(app, lang):
    client = app.test_client()
    client.set_cookie("lang", lang)
    return client


def opened(client, path) -> Page:
    page = Page(client.get(path))
    assert page.status == 200, (path, page.status)
    return page


def group_link(page):
    link = page.find("a", class_="group-link")
    assert link is not None, "no link to the group"
    return link


def leads_to_the_group(client, page, href):
    """The page's group link is `href`, and it opens the group's page."""
    assert group_link(page).get("href") == href
    assert opened(client, href).find("h1").text == "Thursday table"


@pytest.mark.parametrize("lang", LANGS)
def test_a_match_links_to_its_group_and_back(app, api, lang):
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
    client = phone(app, lang)
    page = opened(client, f"/m/{host}")
    assert "Thursday table" in group_link(page).text
    leads_to_the_group(client, page, f"/g/{owner}")

    # A seat's and a viewer's sheets: the view link, and no owner link anywhere on the page.
    for token in (seat, watcher):
        client = phone(app, lang)
        page = opened(client, f"/m/{token}")
        assert owner not in page.html
        leads_to_the_group(client, page, f"/g/{view}")

    # Banked, the match is in the group's bank, which leads to it, and it leads back.
    assert api.call("POST", f"/matches/{match['id']}/rounds", host,
                    json={"scores": [3, 5]}).status_code == 201
    assert api.call("POST", f"/matches/{match['id']}/bank", host).status_code == 200
    client = phone(app, lang)
    bank = opened(client, f"/g/{view}").by_id("bank")
    page = opened(client, bank.find("a", class_="banked-name").get("href"))
    assert page.find("div", class_="banked") is not None  # the sheet's "Banked." banner
    leads_to_the_group(client, page, f"/g/{view}")


@pytest.mark.parametrize("lang", LANGS)
def test_a_match_filed_at_banking_never_shows_its_host_the_owner_link(app, api, lang):
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
    client = phone(app, lang)
    page = opened(client, f"/m/{host}")
    assert group_link(page).get("href") == f"/g/{view}"
    assert owner not in page.html
