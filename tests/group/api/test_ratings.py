"""SPEC section 8, ratings: off until the owner switches them on; then openskill's own
Plackett-Luce over the bank, in bank order, read in a constant number of SQL statements."""

from __future__ import annotations

import pytest
from api_helpers import bank_export, error_of, free_sheet, imported, sql_seen
from openskill.models import PlackettLuce

ROSTER = {1: "Ana", 2: "Ben", 3: "Cy", 4: "Dee"}
GOER = {"melded": {"7-K": 6, "A": 2}, "went_out": True}
HAND = {"melded": {"3-6": 3, "7-K": 4}, "in_hand": {"A": 1}}


def banakil(seats: list[int], banked_at: str) -> dict:
    """A four-seat Banakil match (partners 0 and 2 against 1 and 3): seat 0 goes out at once."""
    match = free_sheet(ROSTER, seats, [], banked_at)
    return match | {"game": "banakil", "options": {"target": 1},
                    "rounds": [{"dead": False, "hands": [GOER, HAND, HAND, HAND]}]}


# In the order they were banked (the export lists them otherwise, to show the order is the
# bank's): teams by side, ranks from the bank summaries.
BANK = [
    free_sheet(ROSTER, [1, 2, 3], [[10, 5, 1]], "2026-11-20T21:00:00+00:00"),  # Ana, Ben, Cy
    free_sheet(ROSTER, [1, 2], [[3, 9], [4, -2]], "2026-11-20T20:00:00+00:00"),  # a tie
    free_sheet(ROSTER, [2, 3, 4], [[2, 8, 8]], "2026-11-20T22:00:00+00:00"),  # Cy=Dee, Ben
    free_sheet(ROSTER, [1, 3], [[6, 2]], "2026-11-20T19:00:00+00:00", lowest_wins=True),
]
# (teams as roster ids, ranks), oldest first.
EXPECTED = [([[1], [3]], [2, 1]), ([[1], [2]], [1, 1]), ([[1], [2], [3]], [1, 2, 3]),
            ([[2], [3], [4]], [3, 1, 1])]


def switch(api, group, on: bool, token=None):
    response = api.call("PATCH", group.path, token or group.owner, json={"ratings": on})
    assert response.status_code == 200, response.get_json()
    return response


def ratings(api, group, game="generic") -> dict:
    response = api.call("GET", f"{group.path}/ratings?game={game}", group.view)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


@pytest.fixture
def season(api):
    group = imported(api, bank_export(ROSTER, BANK))
    switch(api, group, True)
    return group


def test_off_by_default_409_before_422_and_on_through_patch(api):
    group = imported(api, bank_export(ROSTER, BANK))
    assert api.call("GET", group.path, group.view).get_json()["ratings"] is False
    for query in ("?game=generic", "", "?game=chess"):
        error_of(api.call("GET", f"{group.path}/ratings{query}", group.view), 409)
    body = switch(api, group, True).get_json()
    assert body["ratings"] is True and body["version"] == group.created["version"] + 1
    assert error_of(api.call("GET", f"{group.path}/ratings", group.view), 422)["field"] == "game"
    error_of(api.call("GET", f"{group.path}/ratings?game=chess", group.view), 422)
    switch(api, group, False)
    error_of(api.call("GET", f"{group.path}/ratings?game=generic", group.view), 409)


def test_ratings_equal_openskills_own_over_the_bank_in_bank_order(api, season):
    model = PlackettLuce()
    now = {pid: model.rating() for pid in ROSTER}
    for teams, ranks in EXPECTED:
        rated = model.rate([[now[pid] for pid in team] for team in teams], ranks=ranks)
        for team, new in zip(teams, rated, strict=True):
            for pid, rating in zip(team, new, strict=True):
                now[pid] = rating
    body = ratings(api, season)
    assert body["game"] == "generic"
    ids = {p["name"]: p["id"] for p in season.created["players"]}
    got = {p["player"]: p for p in body["players"]}
    for pid, name in ROSTER.items():
        assert got[ids[name]]["mu"] == pytest.approx(now[pid].mu, abs=1e-9)
        assert got[ids[name]]["sigma"] == pytest.approx(now[pid].sigma, abs=1e-9)
        assert got[ids[name]]["rating"] == round(1000 + 20 * now[pid].ordinal())
    shown = [p["rating"] for p in body["players"]]
    assert shown == sorted(shown, reverse=True)
    assert {p["name"]: (p["matches"], p["provisional"]) for p in body["players"]} == {
        "Ana": (3, True), "Ben": (3, True), "Cy": (3, True), "Dee": (1, True)}
    assert ratings(api, season, "banakil") == {"game": "banakil", "players": []}


def test_partners_are_one_team_and_five_matches_end_provisional(api):
    group = imported(api, bank_export(ROSTER, [
        banakil([1, 2, 3, 4], f"2026-11-2{day}T20:00:00+00:00") for day in range(5)]))
    switch(api, group, True)
    body = {p["name"]: p for p in ratings(api, group, "banakil")["players"]}
    model = PlackettLuce()
    ac, bd = [model.rating(), model.rating()], [model.rating(), model.rating()]
    for _ in range(5):
        ac, bd = model.rate([ac, bd], ranks=[1, 3])
    assert body["Ana"]["mu"] == pytest.approx(ac[0].mu, abs=1e-9)
    assert body["Dee"]["sigma"] == pytest.approx(bd[1].sigma, abs=1e-9)
    assert body["Ana"]["rating"] == body["Cy"]["rating"] > body["Ben"]["rating"]
    assert not body["Ana"]["provisional"] and body["Ana"]["matches"] == 5


def test_taken_out_matches_are_left_out_and_a_replay_gives_the_same(api, season):
    before = ratings(api, season)
    bank = api.call("GET", season.path, season.owner).get_json()["matches"]
    oldest = min(bank, key=lambda m: m["banked_at"])
    assert api.call("DELETE", f"{season.path}/matches/{oldest['id']}",
                    season.owner).status_code == 200
    without = {p["name"]: p for p in ratings(api, season)["players"]}
    assert without["Ana"]["matches"] == 2 and without["Ana"]["mu"] != before["players"][0]["mu"]
    assert api.call("POST", f"{season.path}/matches/{oldest['id']}",
                    season.owner).status_code == 200
    assert ratings(api, season) == before


def test_an_export_carries_the_switch_and_its_import_rates_the_same(api, season):
    export = api.call("GET", f"{season.path}/export.json", season.view).get_json()
    assert export["ratings"] is True
    again = imported(api, export)
    assert again.created["ratings"] is True
    rated = [{k: v for k, v in p.items() if k != "player"}
             for p in ratings(api, again)["players"]]
    assert rated == [{k: v for k, v in p.items() if k != "player"}
                       for p in ratings(api, season)["players"]]
    off = imported(api, {**export, "ratings": False})
    error_of(api.call("GET", f"{off.path}/ratings?game=generic", off.view), 409)
    assert error_of(api.call("POST", "/groups/import", json={**export, "ratings": "yes"}),
                    422)["field"] == "ratings"


def test_patch_names_the_group_in_its_normal_form(api, season):
    body = api.call("PATCH", season.path, season.owner,
                    json={"name": "  Ｔｈｕｒｓｄａｙ\u200b   table "}).get_json()
    assert body["name"] == "Thursday table" and body["ratings"] is True


@pytest.mark.parametrize(("token", "body", "status"), [
    ("view", {"ratings": True}, 403), ("owner", {"ratings": "yes"}, 422),
    ("owner", {"ratings": True, "colour": "red"}, 422), ("owner", {"name": " \u200b "}, 422),
    ("owner", {"name": "x" * 81}, 422), ("owner", [], 422), (None, {"ratings": True}, 401),
])
def test_patch_refusals_change_nothing(api, season, token, body, status):
    before = api.call("GET", season.path, season.owner).get_json()
    secret = {"view": season.view, "owner": season.owner, None: "nobody"}[token]
    error_of(api.call("PATCH", season.path, secret, json=body), status)
    assert api.call("GET", season.path, season.owner).get_json() == before


def test_patch_takes_if_match(api, season):
    version = api.call("GET", season.path, season.owner).get_json()["version"]
    error_of(api.call("PATCH", season.path, season.owner, json={"ratings": False},
                      headers={"If-Match": f'"{version - 1}"'}), 412)
    assert api.call("PATCH", season.path, season.owner, json={"ratings": False},
                    headers={"If-Match": f'"{version}"'}).status_code == 200


def test_reading_ratings_costs_a_constant_number_of_statements(app, api):
    roster = {i: f"P{i}" for i in range(1, 9)}
    groups = []
    for size in (5, 150):
        group = imported(api, bank_export(roster, [
            free_sheet(roster, [1 + n % 8, 1 + (n + 3) % 8, 1 + (n + 5) % 8],
                       [[n % 7, 3, n % 5]], f"2026-11-{1 + n % 28:02}T{n % 24:02}:00:00+00:00")
            for n in range(size)]))
        switch(api, group, True)
        groups.append(group)
    with sql_seen(app) as seen:
        first = []
        for group in groups:
            seen.clear()
            ratings(api, group)
            first.append(len(seen))
        assert first[0] == first[1] <= 7, first  # the link, then the bank's six reads
        group = groups[1]
        version = api.call("GET", group.path, group.view).headers["ETag"]
        seen.clear()
        assert api.call("GET", f"{group.path}/ratings?game=generic", group.view,
                        headers={"If-None-Match": version}).status_code == 304
        poll = len(seen)
        seen.clear()
        ratings(api, group)
        assert len(seen) == poll  # kept: what a 304 costs, the link's one read


def test_a_players_page_over_the_api(api, season):
    ids = {p["name"]: p["id"] for p in season.created["players"]}
    response = api.call("GET", f"{season.path}/players/{ids['Cy']}", season.view)
    body = response.get_json()
    assert response.status_code == 200 and response.headers["ETag"]
    assert body["name"] == "Cy" and body["games"] == [
        {"game": "generic", "played": 3, "won": 2, "win_rate": round(2 / 3, 4),
         "mean": round((2 + 1 + 8) / 3, 2), "best": 8}]
    assert body["runs"] == {"current": 1, "longest": 1}  # won, lost, won
    assert body["nemesis"] is None  # nobody played three matches with Cy
    [rated] = body["ratings"]
    assert [step["change"] for step in rated["history"]][0] > 0
    assert rated["rating"] == rated["history"][-1]["rating"]
    assert [p for p in ratings(api, season)["players"] if p["name"] == "Cy"][0]["mu"] == \
        rated["mu"]
    error_of(api.call("GET", f"{season.path}/players/999999", season.view), 404)
    error_of(api.call("GET", f"{season.path}/players/{ids['Cy']}", "nobody"), 401)
    switch(api, season, False)
    assert api.call("GET", f"{season.path}/players/{ids['Cy']}",
                    season.view).get_json()["ratings"] is None
