"""A game night's pages without a browser: starting one from the group (what was typed kept on
a refusal), the owner's page and the viewer's, the next seating refused while a table plays,
a player's link leading to their seat, and links that are not the page's refused."""

from __future__ import annotations

import re

import pytest

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"]


@pytest.fixture
def club(api):
    return api.call("POST", "/groups", json={"name": "Club", "players": NAMES}).get_json()


def ids_of(club):
    return [p["id"] for p in club["players"]]


def night_of(api, club, players, **extra):
    response = api.call("POST", f"/groups/{club['id']}/nights", club["tokens"]["owner"],
                        json={"game": "generic", "players": players, **extra})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def test_starting_a_night_keeps_what_was_typed_when_refused(client, club):
    owner = club["tokens"]["owner"]
    assert "Banakil" in client.get(f"/g/{owner}/nights/new").get_data(as_text=True)
    response = client.post(f"/g/{owner}/nights/new?game=banakil", data={
        "present": [str(ids_of(club)[0])], "new_names": "", "table_size": "4",
        "name": "Friday"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "1 players cannot be split into tables of Banakil." in page
    assert re.search(rf'value="{ids_of(club)[0]}" checked', page)
    assert 'value="Friday"' in page and '<option value="4" selected>' in page


def test_a_night_starts_with_newcomers_and_shows_its_tables_and_codes(client, api, club):
    owner = club["tokens"]["owner"]
    response = client.post(f"/g/{owner}/nights/new?game=banakil", data={
        "present": [str(i) for i in ids_of(club)[:5]], "new_names": "Zoe\nana\n",
        "table_size": "", "opt_target": "303", "opt_side_scoring": "net", "opt_rules": "table"})
    assert response.status_code == 302
    night_page = client.get(response.headers["Location"]).get_data(as_text=True)
    roster = api.call("GET", f"/groups/{club['id']}", owner).get_json()["players"]
    assert "Zoe" in [p["name"] for p in roster] and len(roster) == 9  # "ana" is Ana
    assert night_page.count('class="night-table status') == 2  # six at Banakil: two tables of three
    assert night_page.count("/qr/player-") == 6 and "/qr/tv.svg" in night_page
    group_page = client.get(f"/g/{owner}").get_data(as_text=True)
    assert "Game nights" in group_page and response.headers["Location"] in group_page


def test_the_viewer_sees_the_night_without_codes_or_buttons_and_may_not_seat(client, api, club):
    night = night_of(api, club, ids_of(club)[:4])
    view = club["tokens"]["view"]
    page = client.get(f"/g/{view}/nights/{night['id']}").get_data(as_text=True)
    assert "Table 1" in page and "/qr/" not in page and "Next seating" not in page
    assert client.post(f"/g/{view}/nights/{night['id']}/seatings").status_code == 403
    assert client.post(f"/g/{view}/nights/{night['id']}/end").status_code == 403
    other = api.call("POST", "/groups", json={"name": "Other"}).get_json()
    assert client.get(f"/g/{other['tokens']['owner']}/nights/{night['id']}").status_code == 404


def test_the_next_seating_waits_for_the_table_still_playing_then_seats_who_is_here(
        client, api, club):
    night = night_of(api, club, ids_of(club), table_size=4, options={"rounds": 1})
    owner = club["tokens"]["owner"]
    path = f"/g/{owner}/nights/{night['id']}"
    first, second = night["seatings"][0]
    api.call("POST", f"/matches/{first['match']}/abandon", first["tokens"]["host"])
    page = client.get(path).get_data(as_text=True)
    assert "The next seating waits for table 2" in page
    client.post(f"{path}/seatings", data={"present": [str(i) for i in ids_of(club)]})
    refused = client.get(path).get_data(as_text=True)
    assert "Table 2 (" in refused and "is still playing" in refused
    api.call("POST", f"/matches/{second['match']}/abandon", second["tokens"]["host"])
    client.post(f"{path}/seatings", data={"present": [str(i) for i in ids_of(club)[:5]],
                                          "new_names": "Zoe"})
    seated = api.call("GET", f"/nights/{night['id']}", owner).get_json()["seatings"]
    assert len(seated) == 2 and sorted(len(t["players"]) for t in seated[1]) == [3, 3]
    assert "Zoe" in [p["name"] for t in seated[1] for p in t["players"]]


def test_a_players_link_leads_to_their_seat_and_other_links_are_not_pages(client, api, club):
    night = night_of(api, club, ids_of(club)[:4])
    player = night["tokens"]["players"][2]
    you = api.call("GET", f"/nights/{night['id']}", player["token"]).get_json()["you"]
    response = client.get(f"/n/{player['token']}")
    assert response.status_code == 302 and response.headers["Location"].endswith(
        f"/m/{you['token']}")
    sheet = client.get(f"/m/{you['token']}").get_data(as_text=True)
    assert 'id="night-follow"' in sheet and f"/n/{player['token']}/events" in sheet
    assert client.get(f"/n/{player['token']}/where").get_json() == {
        "url": f"/m/{you['token']}", "ended": False}
    host = client.get(f"/m/{night['seatings'][0][0]['tokens']['host']}").get_data(as_text=True)
    assert 'id="night-follow"' not in host
    tv = night["tokens"]["tv"]
    assert client.get(f"/tv/{tv}").status_code == 200
    for path in (f"/n/{tv}", f"/tv/{player['token']}", "/n/" + "x" * 43, "/tv/" + "x" * 43,
                 f"/n/{club['tokens']['owner']}"):
        assert client.get(path).status_code == 404, path


def test_the_group_page_lists_its_nights_a_page_at_a_time(page, api, club, monkeypatch):
    """SPEC section 6: no page grows with what a client stored. The group page lists its
    nights newest first, a few at a time."""
    from app.services.night import reads

    monkeypatch.setattr(reads, "NIGHTS_PAGE", 2)
    for i in range(5):
        night_of(api, club, ids_of(club)[:4], name=f"Night {i}")
    seen, number = [], 1
    while True:
        shown = page(f"/g/{club['tokens']['owner']}?nights={number}")
        listed = shown.by_id("nights-title").ancestor("section").find("ol").find_all("a")
        assert len(listed) <= 2
        seen += [a.text for a in listed]
        more = shown.find("nav", **{"aria-label": "More game nights"})
        if more is None or not any(f"nights={number + 1}" in (a.get("href") or "")
                                   for a in more.find_all("a")):
            break
        number += 1
    assert seen == [f"Night {i}" for i in reversed(range(5))]


def test_a_tables_name_is_the_nights_as_typed_said_in_the_pages_language(client, api, club):
    """Night tables were stored as "Freitag: seating 1, table 2" in English and shown so on
    German and Arabic pages. The night's name is what was typed; each page says the seating and
    the table in its own language (German: a seating is a "Serie", not a game's "Runde"); the
    API stays English."""
    night = night_of(api, club, ids_of(club), name="Freitag", table_size=4)
    table = night["seatings"][0][1]
    host = table["tokens"]["host"]
    assert api.call("GET", f"/matches/{table['match']}", host).get_json()["name"] == (
        "Freitag: seating 1, table 2")
    client.set_cookie("lang", "de")
    german = client.get(f"/m/{host}").get_data(as_text=True)
    assert "Freitag: Serie 1, Tisch 2" in german and "seating" not in german
    client.set_cookie("lang", "ar")
    arabic = client.get(f"/m/{host}").get_data(as_text=True)
    assert "Freitag" in arabic and "seating 1" not in arabic
    from app.extensions import db
    from app.models import Match

    with client.application.app_context():
        assert db.session.get(Match, table["match"]).name == "Freitag"


def test_the_big_screen_shows_eight_tables_at_a_time_and_the_standings_that_fit(client, api):
    """A room of 40 at tables of four is ten tables: the screen holds eight, so they come in
    two pages that take turns (night.js), and the standings show the top sixteen with a line
    for the rest."""
    names = [f"P{i:02}" for i in range(40)]
    club = api.call("POST", "/groups", json={"name": "Club", "players": names}).get_json()
    night = night_of(api, club, ids_of(club), table_size=4)
    html = client.get(f"/tv/{night['tokens']['tv']}").get_data(as_text=True)
    pages = re.findall(r'<ol class="screen-tables columns-(\d)" data-page="(\d)" data-pages="(\d)"',
                       html)
    assert pages == [("4", "1", "2"), ("1", "2", "2")]
    assert html.count('class="screen-table ') == 10
    assert html.count("<tr") == 1 + 16
    assert "And 24 more players on the night&#39;s page." in html or (
        "And 24 more players on the night's page." in html)


def test_once_the_night_ends_a_players_sheet_no_longer_says_it_follows_them(client, api, club):
    night = night_of(api, club, ids_of(club)[:4])
    player = night["tokens"]["players"][0]
    you = api.call("GET", f"/nights/{night['id']}", player["token"]).get_json()["you"]
    owner = club["tokens"]["owner"]
    assert client.post(f"/g/{owner}/nights/{night['id']}/end").status_code in (302, 303)

    sheet = client.get(f"/m/{you['token']}").get_data(as_text=True)

    assert 'id="night-follow"' not in sheet and "next table" not in sheet
    assert client.get(f"/n/{player['token']}/where").get_json()["ended"] is True
