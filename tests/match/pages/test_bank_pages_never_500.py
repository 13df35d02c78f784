"""No input to the bank's pages yields a 500: odd queries, odd forms, other links' paths."""

from __future__ import annotations

import pytest

JUNK = ["", " ", "0", "-1", "99999999999999999999", "x" * 500, "\x00", "ö", "1.5", "[]",
        "{}", "<script>", "%", "../../"]


@pytest.fixture
def places(group, over):
    club = group()
    banked = club.play(("Ana", "Ben"), (1, 2))
    return club, banked, over


def test_odd_queries_on_the_group_page(client, places):
    club, _, _ = places
    for name in ("game", "page", "a", "b"):
        for value in JUNK:
            response = client.get(f"/g/{club.view}", query_string={name: value})
            assert response.status_code == 200, (name, value)


@pytest.mark.parametrize("path", [
    "/g/{owner}/players", "/g/{owner}/players/{pid}", "/g/{owner}/players/0", "/g/{owner}/merge",
    "/g/{owner}/links/replace", "/g/{owner}/matches/{banked}/out",
    "/g/{owner}/matches/{over}/out", "/g/{owner}/matches/nope/back", "/g/{owner}/new/generic",
    "/g/{owner}/new/banakil", "/groups/new", "/groups/import", "/m/{host}/details",
    "/m/{host}/bank", "/m/{host}/rematch", "/m/{banked_host}/rematch"])
def test_odd_forms_on_the_bank_pages(client, places, path):
    club, banked, over = places
    url = path.format(owner=club.owner, pid=club.player_id("Ana"), banked=banked.id,
                      over=over.id, host=over.host, banked_host=banked.host)
    fields = ["name", "roster", "add-name", "player", "into", "role", "group", "place", "note",
              "pasted", "players-0", "players-1", "opt_rounds", f"p{club.player_id('Ana')}-name"]
    for value in JUNK:
        response = client.post(url, data={field: value for field in fields})
        assert response.status_code < 500, (url, value, response.status_code)


def test_other_links_in_group_paths(client, places):
    club, banked, over = places
    for token in (over.host, banked.view, "short", "x" * 43):
        for path in ("", "/players", "/links", "/export.csv", "/export.json", "/qr/view.svg",
                     "/new/generic"):
            assert client.get(f"/g/{token}{path}").status_code == 404, (token, path)
    for token in (club.owner, club.view):
        for path in ("", "/details", "/bgstats.json", "/export.csv", "/table"):
            assert client.get(f"/m/{token}{path}").status_code == 404, (token, path)
