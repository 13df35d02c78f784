"""Ratings and a player's page on the group's pages (SPEC section 8): off, no page shows a
rating; on, the leaderboard shows it beside the win rate, each banked match what it did, a new
match each side's chance; every name leads to its player's page."""

from __future__ import annotations

import re

import pytest

RATED_MARKS = re.compile(r'class="[^"]*\b(rating|rating-change|rating-changes|provisional)\b'
                         r'|rating by match|id="rating-')


@pytest.fixture
def club(group):
    """Ana, Ben, Cy, Dee: four banked free-sheet matches and one of Banakil's partnerships."""
    club = group(players=("Ana", "Ben", "Cy", "Dee"))
    club.play(("Ana", "Ben"), (5, 9))
    club.play(("Ana", "Ben", "Cy"), (12, 3, 4))
    club.play(("Ben", "Cy"), (8, 1), name="Late one")
    club.play(("Ben", "Ana", "Dee"), (9, 2, 2))
    return club


def pages_of(client, club) -> list[str]:
    """Every page of the group, for both links: the page (each game, a head to head), the
    roster, the links, starting a match, every player's page and every banked match's sheet."""
    ids = [p["id"] for p in club.state()["players"]]
    paths = []
    for token in (club.owner, club.data["tokens"]["view"]):
        paths += [f"/g/{token}", f"/g/{token}?game=generic",
                  f"/g/{token}?a={ids[0]}&b={ids[1]}#h2h", f"/g/{token}/players"]
        paths += [f"/g/{token}/players/{pid}" for pid in ids]
    paths += [f"/g/{club.owner}/links", f"/g/{club.owner}/new/generic",
              f"/g/{club.owner}/new/banakil"]
    paths += [f"/m/{m['view_token']}" for m in club.state()["matches"]]
    return paths


def switch(client, club, on: bool):
    response = client.post(f"/g/{club.owner}/ratings/{'on' if on else 'off'}")
    assert response.status_code == 302


def test_with_ratings_off_no_page_shows_a_rating(client, club):
    paths = pages_of(client, club)
    for path in paths:
        response = client.get(path)
        assert response.status_code == 200, path
        assert not RATED_MARKS.search(response.get_data(as_text=True)), path
    # The same pages with ratings on do show them (the marks above are the ones drawn).
    switch(client, club, True)
    shown = {path: bool(RATED_MARKS.search(client.get(path).get_data(as_text=True)))
             for path in paths}
    assert shown[f"/g/{club.owner}"] and shown[paths[4]]
    switch(client, club, False)
    for path in paths:
        assert not RATED_MARKS.search(client.get(path).get_data(as_text=True)), path


def test_the_owner_switches_ratings_and_the_board_shows_them_beside_the_win_rate(
        client, page, club):
    shown = page(f"/g/{club.owner}")
    form = next(f for f in shown.forms() if f.get("action").endswith("/ratings/on"))
    assert form is not None and club.state()["ratings"] is False
    client.post(form.get("action"))
    assert club.state()["ratings"] is True
    shown = page(f"/g/{club.owner}?game=generic")
    table = shown.by_id("board-generic").ancestor("section").find("table")
    heads = [th.text for th in table.find("thead").find_all("th")]
    assert heads.index("Rating") == heads.index("Win rate") + 1
    rows = {tr.find("th").text: [td.text for td in tr.find_all("td")]
            for tr in table.find("tbody").find_all("tr")}
    ratings = {p["name"]: p for p in client.get(
        f"/api/v1/groups/{club.id}/ratings?game=generic",
        headers={"Authorization": f"Bearer {club.owner}"}).get_json()["players"]}
    assert rows["Ben"][3] == f"{ratings['Ben']['rating']} provisional"
    # Each banked match says what it did: the newest (Ben 9, Ana 2, Dee 2) moves Ben up.
    newest = shown.find_all("li", class_="banked")[0]
    changes = [span.text for span in newest.find_all("span", class_="rating-change")]
    assert changes[0].startswith("Ben +") and len(changes) == 3
    assert client.post(f"/g/{club.data['tokens']['view']}/ratings/off").status_code == 403


def test_a_service_workers_kept_copy_takes_no_flash_from_the_next_page(client, page, club):
    """sw.js fetches each open page again as it starts, to keep it; that fetch took the flash of
    a save or a rematch meant for the page the person was being sent to."""
    client.post(f"/g/{club.owner}/ratings/on")
    kept = client.get(f"/g/{club.owner}", headers={"X-Kept-Copy": "1"}).get_data(as_text=True)
    assert 'class="flash' not in kept
    assert "Ratings are on" in page(f"/g/{club.owner}").find(class_="flash").text


def test_a_new_match_in_a_rated_group_says_each_sides_chance(client, page, club):
    switch(client, club, True)
    response = client.post(f"/g/{club.owner}/new/generic",
                           data={"players-0": "Ben", "players-1": "Cy"}, follow_redirects=True)
    flash = next(p.text for p in page(response).find_all(class_="flash-info")
                 if "Chances" in p.text)
    chances = dict(re.findall(r"(\w+) (\d+)%", re.sub("[\u2068\u2069]", "", flash)))
    assert set(chances) == {"Ben", "Cy"} and int(chances["Ben"]) > int(chances["Cy"])
    assert int(chances["Ben"]) + int(chances["Cy"]) == 100


def test_three_sides_chances_add_to_a_hundred(client, page, club):
    switch(client, club, True)
    response = client.post(f"/g/{club.owner}/new/generic", follow_redirects=True,
                           data={"players-0": "Ana", "players-1": "Ben", "players-2": "Cy"})
    flash = next(p.text for p in page(response).find_all(class_="flash-info")
                 if "Chances" in p.text)
    chances = dict(re.findall(r"(\w+) (\d+)%", re.sub("[\u2068\u2069]", "", flash)))
    assert set(chances) == {"Ana", "Ben", "Cy"}
    assert sum(int(percent) for percent in chances.values()) == 100


def test_every_name_on_the_group_page_leads_to_its_players_page(client, page, club):
    switch(client, club, True)
    shown = page(f"/g/{club.owner}?a={club.player_id('Ana')}&b={club.player_id('Ben')}")
    ids = {p["name"]: p["id"] for p in club.state()["players"]}
    named = [a for a in shown.find_all("a") if a.text in ids]
    assert {a.text for a in named} == {"Ana", "Ben", "Cy", "Dee"}
    for a in named:
        assert a.get("href") == f"/g/{club.owner}/players/{ids[a.text]}"
    # Where a name sits in a sentence of names: tonight's winners, the bank's winners.
    for li in shown.find_all("li", class_="banked"):
        assert all(a.get("href", "").startswith(f"/g/{club.owner}/players/")
                   for a in li.find(class_="won").find_all("a"))
        assert li.find(class_="won").find_all("a")


def test_a_players_page(client, page, club):
    ben = page(f"/g/{club.data['tokens']['view']}/players/{club.player_id('Ben')}")
    assert ben.find("h1").text == "Ben"
    row = ben.find("table").find("tbody").find("tr")
    assert [td.text for td in row.find_all("td")] == ["4", "3", "75%", "7.2", "9"]
    facts = dict(zip([dt.text for dt in ben.find_all("dt")],
                     [dd.text for dd in ben.find_all("dd")], strict=True))
    assert facts["Wins in a row now"] == "2" and facts["Longest run of wins"] == "2"
    assert facts["Nemesis"].startswith("Ana")  # ahead of Ben once in three
    assert len(ben.find_all("li", class_="banked")) == 4
    assert client.get(f"/g/{club.owner}/players/999999").status_code == 404
