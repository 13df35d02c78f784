"""SPEC section 11 at a night: `"seating": "standings"` (checked, shown in the night's GET, its
later seatings dealt by the standings), and the standings' tie-break, `opponents` (Buchholz)."""

from __future__ import annotations

import itertools

from api_helpers import error_of

NAMES = [f"P{i:02}" for i in range(16)]


def roster(api, group) -> list[int]:
    return [p["id"] for p in api.call("GET", group.path, group.view).get_json()["players"]]


def start_night(api, group, players, **extra):
    response = api.call("POST", f"{group.path}/nights", group.owner, json={
        "game": "generic", "players": players, "options": {"rounds": 1}, "table_size": 4,
        **extra})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def finish(api, table, scores):
    host, path = table["tokens"]["host"], f"/matches/{table['match']}"
    assert api.call("POST", f"{path}/rounds", host, json={"scores": scores}).status_code == 201
    assert api.call("POST", f"{path}/bank", host).status_code == 200


def next_seating(api, group, night):
    response = api.call("POST", f"/nights/{night['id']}/seatings", group.owner)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def test_the_seating_method_is_checked_and_shown(api, new_group):
    group = new_group(players=NAMES[:4])
    ids = roster(api, group)
    assert start_night(api, group, ids)["seating"] == "mixed"
    night = start_night(api, group, ids, seating="standings")
    assert night["seating"] == "standings"
    assert api.call("GET", f"/nights/{night['id']}", night["tokens"]["tv"]).get_json()[
        "seating"] == "standings"
    for wrong in ("swiss", 1, None):
        response = api.call("POST", f"{group.path}/nights", group.owner, json={
            "game": "generic", "players": ids, "seating": wrong})
        assert error_of(response, 422)["field"] == "seating"


def test_sixteen_are_seated_again_by_their_places_the_winners_together(api, new_group):
    group = new_group(players=NAMES)
    night = start_night(api, group, roster(api, group), seating="standings")
    places = {}
    for table in night["seatings"][0]:
        finish(api, table, [4, 3, 2, 1])  # one winner, one second, ... at each table
        for place, seated in enumerate(table["players"]):
            places[seated["player"]] = place
    night = next_seating(api, group, night)
    second = night["seatings"][1]
    # Nobody at the first table met another there before: the winners sit together, then the
    # seconds, and so on, the strongest table first.
    for number, table in enumerate(second):
        assert {places[p["player"]] for p in table["players"]} == {number}
    pairs = [frozenset(pair) for seating in night["seatings"] for table in seating
             for pair in itertools.combinations([p["player"] for p in table["players"]], 2)]
    assert len(set(pairs)) == len(pairs)


def test_eight_at_two_tables_keep_the_leaders_together_though_they_met(api, new_group):
    group = new_group(players=NAMES[:8])
    night = start_night(api, group, roster(api, group), seating="standings")
    first_places = {}
    for table in night["seatings"][0]:
        finish(api, table, [4, 3, 2, 1])
        for place, seated in enumerate(table["players"]):
            first_places[seated["player"]] = place
    night = next_seating(api, group, night)
    top = {p["player"] for p in night["seatings"][1][0]["players"]}
    # The winners and the seconds: every swap to part a winner from their second would bring
    # a table-mate of the first seating along, so none is made and they meet again.
    assert {first_places[p] for p in top} == {0, 1}
    standings = night["standings"]
    assert {s["player"] for s in standings[:4]} == top


def test_opponents_sum_the_points_of_those_played_against_and_break_ties(api, new_group):
    group = new_group(players=NAMES[:8])
    ids = roster(api, group)
    night = start_night(api, group, ids, table_size=4)
    one, two = night["seatings"][0]
    finish(api, one, [4, 3, 2, 1])  # points 3, 2, 1, 0
    finish(api, two, [4, 4, 1, 1])  # two share first (2 points each), two share third (0)
    read = api.call("GET", f"/nights/{night['id']}", group.view).get_json()
    by = {s["player"]: s for s in read["standings"]}
    a = [p["player"] for p in one["players"]]
    b = [p["player"] for p in two["players"]]
    assert [by[p]["opponents"] for p in a] == [3, 4, 5, 6]
    assert [by[p]["opponents"] for p in b] == [2, 2, 4, 4]
    # a[0] (won, 3 points) leads; the two who shared first at the other table (won, 2 points,
    # opponents 2: equal in all three) share 2nd; a[1], a[2]; then three without a point,
    # a[3]'s opponents scoring most, b's last two equal in all three.
    ranks = [(s["player"], s["rank"]) for s in read["standings"]]
    assert ranks[0] == (a[0], 1) and set(ranks[1:3]) == {(b[0], 2), (b[1], 2)}
    assert ranks[3:6] == [(a[1], 4), (a[2], 5), (a[3], 6)]
    assert set(ranks[6:]) == {(b[2], 7), (b[3], 7)}


def test_opponents_break_a_tie_of_won_and_points(api, new_group):
    group = new_group(players=NAMES[:8])
    night = start_night(api, group, roster(api, group), table_size=4)
    one, two = night["seatings"][0]
    finish(api, one, [4, 3, 2, 1])
    finish(api, two, [4, 3, 2, 2])  # the two last share: the first two gain 3 and 2
    read = api.call("GET", f"/nights/{night['id']}", group.view).get_json()
    winners = [s for s in read["standings"] if s["won"]]
    # Both winners have 3 points; the one whose opponents scored more (2+1+0 over 2+0+0)
    # ranks first: without the tie-break they would share first.
    assert [s["player"] for s in winners] == [one["players"][0]["player"],
                                              two["players"][0]["player"]]
    assert [(s["points"], s["opponents"], s["rank"]) for s in winners] == [(3, 3, 1), (3, 2, 2)]


def test_partners_are_not_opponents(api, new_group):
    group = new_group(players=NAMES[:4])
    night = start_night(api, group, roster(api, group), game="banakil", options={})
    [table] = night["seatings"][0]
    host, path = table["tokens"]["host"], f"/matches/{table['match']}"
    api.call("PATCH", f"{path}/options", host, json={"target": 20})
    hands = [{"score": 40, "went_out": True}, {"score": 10}, {"score": -20}, {"score": 5}]
    assert api.call("POST", f"{path}/rounds", host,
                    json={"dead": False, "hands": hands}).status_code == 201
    assert api.call("POST", f"{path}/bank", host).status_code == 200
    read = api.call("GET", f"/nights/{night['id']}", group.view).get_json()
    by = {s["player"]: s for s in read["standings"]}
    seats = [p["player"] for p in table["players"]]
    # Seats 0 and 2 won (a point each: one side behind them); their opponents scored 0.
    assert [(by[p]["points"], by[p]["opponents"]) for p in seats] == [(1, 0), (0, 2), (1, 0),
                                                                      (0, 2)]
