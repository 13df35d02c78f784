"""SPEC section 3, statistics: the leaderboard, head to head, tonight; each read from the bank's
summaries alone, in a number of SQL statements that does not grow with the bank."""

from __future__ import annotations

import pytest
from api_helpers import bank_export, error_of, free_sheet, imported, sql_seen

ROSTER = {1: "Ana", 2: "Ben", 3: "Cy", 4: "Dee"}
GOER = {"melded": {"7-K": 6, "A": 2}, "went_out": True}
HAND = {"melded": {"3-6": 3, "7-K": 4}, "in_hand": {"A": 1}}


def stats(api, group, query=""):
    response = api.call("GET", f"{group.path}/stats{query}", group.view)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def by_name(body) -> dict[str, dict]:
    return {p["name"]: p for p in body["players"]}


@pytest.fixture
def season(api):
    """Three free-sheet matches and one lowest-wins match; Dee never played."""
    return imported(api, bank_export(ROSTER, [
        free_sheet(ROSTER, [1, 2, 3], [[10, 5, 1]]),  # Ana
        free_sheet(ROSTER, [1, 2], [[3, 9], [4, -2]]),  # Ana and Ben, 7 each: both win
        free_sheet(ROSTER, [2, 3], [[2, 8]]),  # Cy
        free_sheet(ROSTER, [1, 3], [[6, 2]], lowest_wins=True),  # Cy, lowest
    ]))


def test_the_leaderboard_of_a_game(api, season):
    body = stats(api, season, "?game=generic")

    assert body["game"] == "generic" and body["matches"] == 4
    players = by_name(body)
    assert set(players) == {"Ana", "Ben", "Cy"}  # Dee played none
    assert players["Ana"] == {"player": players["Ana"]["player"], "name": "Ana", "played": 3,
                              "won": 2, "win_rate": round(2 / 3, 4),
                              "points": {"total": 10 + 7 + 6, "mean": round(23 / 3, 2),
                                         "best": 10}}
    assert (players["Ben"]["played"], players["Ben"]["won"]) == (3, 1)  # the shared first place
    assert (players["Cy"]["played"], players["Cy"]["won"]) == (3, 2)
    assert players["Cy"]["points"] == {"total": 1 + 8 + 2, "mean": round(11 / 3, 2), "best": 8}
    assert [p["name"] for p in body["players"]][:2] == ["Ana", "Cy"]


def test_without_a_game_every_game_counts_and_no_points(api, season):
    body = stats(api, season)
    assert body["game"] is None and body["matches"] == 4
    assert all(p["points"] is None for p in body["players"])
    assert stats(api, season, "?game=") == body


def test_a_game_nobody_played_has_no_players(api, season):
    assert stats(api, season, "?game=banakil") == {"game": "banakil", "matches": 0,
                                                   "players": []}


def test_an_unknown_game_is_422(api, season):
    error = error_of(api.call("GET", f"{season.path}/stats?game=chess", season.view), 422)
    assert error["field"] == "game"


def test_a_partnerships_win_counts_for_both(api, new_group, start_in):
    group = new_group()
    match = start_in(group, ["Ana", "Ben", "Cy", "Dee"], game="banakil", target=1)
    api.call("POST", f"{match.path}/rounds", match.host, json={"hands": [GOER, HAND, HAND, HAND]})
    assert api.call("POST", f"{match.path}/bank", match.host).status_code == 200

    players = by_name(stats(api, group, "?game=banakil"))
    assert {name: p["won"] for name, p in players.items()} == {"Ana": 1, "Cy": 1, "Ben": 0,
                                                               "Dee": 0}
    assert players["Ana"]["points"]["total"] == players["Cy"]["points"]["total"] == 29


def test_stats_carry_the_groups_etag(api, season):
    response = api.call("GET", f"{season.path}/stats", season.view)
    again = api.call("GET", f"{season.path}/stats", season.view,
                     headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304


def test_a_read_that_would_be_refused_is_refused_whatever_if_none_match_names(api, season):
    """A 304 stands for the 200 the read would answer (RFC 9110 13.2.1): an invalid query is
    422, ratings of a group without them 409, even with the current version named
    (Schemathesis found the 304 answered instead)."""
    held = {"If-None-Match": api.call("GET", season.path, season.view).headers["ETag"]}
    for query, status in (("stats?game=chess", 422), ("ratings?game=generic", 409),
                          ("head-to-head?a=x&b=1", 422), ("?page=0", 422),
                          ("seasons?page=x", 422)):
        refused = api.call("GET", f"{season.path}/{query}".replace("/?", "?"), season.view,
                           headers=held)
        error_of(refused, status)
    assert api.call("GET", f"{season.path}/stats", season.view, headers=held).status_code == 304


# --- head to head --------------------------------------------------------------------------


def test_head_to_head_counts_the_matches_both_played(api, season):
    ids = {p["name"]: p["id"] for p in season.created["players"]}
    a, c = ids["Ana"], ids["Cy"]
    body = api.call("GET", f"{season.path}/head-to-head?a={a}&b={c}", season.view).get_json()

    assert body["matches"] == 2 and body["game"] is None
    assert body["players"] == [{"player": a, "name": "Ana", "won": 1, "ahead": 1},
                               {"player": c, "name": "Cy", "won": 1, "ahead": 1}]
    assert body["level"] == 0
    b = ids["Ben"]
    tie = api.call("GET", f"{season.path}/head-to-head?a={a}&b={b}&game=generic",
                   season.view).get_json()
    assert tie["matches"] == 2 and tie["level"] == 1
    assert [p["won"] for p in tie["players"]] == [2, 1]


@pytest.mark.parametrize("query", ["", "?a=1", "?a=1&b=1", "?a=x&b=2", "?a=1&b=99",
                                   "?a=²&b=1", "?a=1&b=2&game=chess"])
def test_head_to_head_names_two_players_of_the_roster(api, season, query):
    error_of(api.call("GET", f"{season.path}/head-to-head{query}", season.view), 422)


# --- tonight -------------------------------------------------------------------------------


def test_tonight_is_the_six_hours_before_the_latest_banked_match(api):
    group = imported(api, bank_export(ROSTER, [
        free_sheet(ROSTER, [1, 2], [[9, 1]], "2026-11-19T22:00:00+00:00"),  # last week
        free_sheet(ROSTER, [1, 2], [[1, 9]], "2026-11-20T17:05:00+00:00"),
        free_sheet(ROSTER, [2, 3], [[9, 1]], "2026-11-20T20:00:00+00:00"),
        free_sheet(ROSTER, [1, 3], [[9, 1]], "2026-11-20T23:00:00+00:00"),
    ]))

    body = api.call("GET", f"{group.path}/tonight", group.view).get_json()

    assert body["until"] == "2026-11-20T23:00:00+00:00"
    assert body["since"] == "2026-11-20T17:00:00+00:00"
    assert [m["banked_at"] for m in body["matches"]] == [
        "2026-11-20T23:00:00+00:00", "2026-11-20T20:00:00+00:00", "2026-11-20T17:05:00+00:00"]
    ids = {p["name"]: p["id"] for p in group.created["players"]}
    assert [(p["name"], p["played"], p["won"]) for p in body["players"]] == [
        ("Ben", 2, 2), ("Ana", 2, 1), ("Cy", 2, 0)]
    assert body["leaders"] == [ids["Ben"]]


def test_tonight_of_an_empty_bank(api, group):
    assert api.call("GET", f"{group.path}/tonight", group.view).get_json() == {
        "since": None, "until": None, "matches": [], "players": [], "leaders": []}


def test_a_shared_lead_names_every_leader(api):
    group = imported(api, bank_export(ROSTER, [
        free_sheet(ROSTER, [1, 2], [[9, 1]]), free_sheet(ROSTER, [1, 2], [[1, 9]])]))
    body = api.call("GET", f"{group.path}/tonight", group.view).get_json()
    assert len(body["leaders"]) == 2


# --- a constant number of SQL statements ---------------------------------------------------


def statements(app, api, method, path, token) -> int:
    with sql_seen(app) as seen:
        response = api.call(method, path, token)
        assert response.status_code == 200, response.get_data(as_text=True)[:300]
    return len(seen)


def bank_of(api, matches: int):
    roster = {i: f"P{i}" for i in range(1, 9)}
    return imported(api, bank_export(roster, [
        free_sheet(roster, [1 + n % 8, 1 + (n + 3) % 8, 1 + (n + 5) % 8],
                   [[n % 7, 3, n % 5], [1, n % 4, 2]],
                   f"2026-11-{1 + n % 28:02}T{n % 24:02}:00:00+00:00")
        for n in range(matches)]))


READS = ["", "/stats", "/stats?game=generic", "/tonight", "/head-to-head?a={a}&b={b}",
         "/export.csv", "/export.json"]


def test_the_group_and_its_statistics_cost_the_same_statements_at_5_and_200_matches(app, api):
    groups = [bank_of(api, size) for size in (5, 200)]
    for tail in READS:
        counts = []
        for group in groups:
            ids = [p["id"] for p in group.created["players"]]
            path = group.path + tail.format(a=ids[0], b=ids[1])
            counts.append(statements(app, api, "GET", path, group.view))
        assert counts[0] == counts[1], (tail, counts)
        # the link, then the group, its roster, its matches and their seats, its played games
        # and its designs' copies (kept after); the JSON export reads the matches again, with
        # their seats, rounds and entries, and the played games and plays
        assert counts[0] <= (12 if tail == "/export.json" else 7), (tail, counts)


def test_a_kept_group_read_costs_what_its_304_does(app, api):
    """The link's query alone (and SQLite's BEGIN): the group's version names what is kept."""
    group = bank_of(api, 20)
    first = api.call("GET", group.path, group.view)
    with sql_seen(app) as seen:
        assert api.call("GET", group.path, group.view,
                        headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
        poll = len(seen)
        seen.clear()
        assert api.call("GET", group.path, group.view).get_json() == first.get_json()
        assert len(seen) == poll
        api.call("GET", f"{group.path}/stats", group.view)
        seen.clear()
        api.call("GET", f"{group.path}/stats", group.view)
        assert len(seen) == poll
