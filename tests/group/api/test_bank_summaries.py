"""SPEC section 3, "Joining a group" and "Banking": a match started in a group or filed into one
at banking, and the bank summary written from the engine's replay (ranks per SPEC)."""

from __future__ import annotations

from datetime import datetime

import pytest
from api_helpers import error_of, get, group_count, match_count

GOER = {"melded": {"7-K": 6, "A": 2}, "went_out": True}
HAND = {"melded": {"3-6": 3, "7-K": 4}, "in_hand": {"A": 1}}


def roster(api, group) -> dict[str, int]:
    body = api.call("GET", group.path, group.view).get_json()
    return {player["name"]: player["id"] for player in body["players"]}


def summaries(api, group) -> list[dict]:
    return api.call("GET", group.path, group.view).get_json()["matches"]


def finishes(summary) -> list[tuple[str, int, int, bool]]:
    return [(p["name"], p["total"], p["rank"], p["winner"]) for p in summary["players"]]


# --- joining a group -----------------------------------------------------------------------


def test_a_match_started_in_a_group_seats_its_roster(api, group, start_in):
    ids = roster(api, group)

    match = start_in(group, [" ana", "Ben", "Dee"])

    assert match.created["group"] == group.id
    assert get(api, match, match.view)["group"] == group.id
    now = roster(api, group)
    assert now["Ana"] == ids["Ana"] and now["Ben"] == ids["Ben"] and "Dee" in now
    assert len(now) == 4


def test_a_match_of_no_group_says_so(api, match):
    assert get(api, match)["group"] is None


def test_joining_a_group_is_401_404_403_in_order(app, api, group, new_group):
    other = new_group()
    body = {"game": "generic", "players": ["Ana", "Ben"], "group": group.id}
    cases = [(None, body, 401), ("nope", body, 401), (other.owner, body, 404),
             (group.owner, body | {"group": "nope"}, 404), (group.owner, body | {"group": 5}, 404),
             (group.view, body, 403), (api.create()["tokens"]["host"], body, 401),
             (group.view, body | {"players": "x"}, 403)]
    before = match_count(app)
    for token, sent, status in cases:
        error_of(api.call("POST", "/matches", token, json=sent), status)
    assert match_count(app) == before
    assert roster(api, group) == {"Ana": 1, "Ben": 2, "Cy": 3}


def test_two_seats_that_are_one_person_are_409_and_nothing_joins(app, api, group):
    before = match_count(app)
    error = error_of(api.call("POST", "/matches", group.owner, json={
        "game": "generic", "players": ["Dee", "DEE "], "group": group.id}), 409)
    assert error["field"] == "players[1]"
    assert match_count(app) == before and "Dee" not in roster(api, group)
    # an invalid name is 422 first
    error_of(api.call("POST", "/matches", group.owner, json={
        "game": "generic", "players": ["Dee", "DEE", ""], "group": group.id}), 422)


def test_the_same_names_without_a_group_are_fine(api):
    assert api.call("POST", "/matches", json={"game": "generic",
                                              "players": ["Dee", "dee"]}).status_code == 201


# --- banking into the bank -----------------------------------------------------------------


def test_banking_a_groups_match_puts_its_summary_in_the_bank(api, group, start_in, play):
    match = start_in(group, ["Ana", "Ben", "Cy"], rounds=2)
    play(match, [3, 5, 9], [4, 7, 0])
    assert summaries(api, group) == []  # over, but not banked yet
    version = api.call("GET", group.path, group.view).get_json()["version"]

    banked = api.call("POST", f"{match.path}/bank", match.seats[2])

    assert banked.status_code == 200
    assert banked.get_json()["banked_at"].endswith("+00:00")
    body = api.call("GET", group.path, group.view).get_json()
    assert body["version"] > version
    [summary] = body["matches"]
    assert summary["id"] == match.id and summary["game"] == "generic"
    assert summary["name"] == "Ana, Ben, Cy" and summary["rounds"] == 2
    started = datetime.fromisoformat(summary["started_at"])
    ended = datetime.fromisoformat(summary["banked_at"])
    assert started.utcoffset().total_seconds() == 0 and started <= ended
    assert summary["duration"] == int((ended - started).total_seconds())
    ids = roster(api, group)
    assert summary["players"] == [
        {"player": ids["Ana"], "name": "Ana", "seat": 0, "side": 0, "total": 7, "rank": 3,
         "winner": False, "place": 3},
        {"player": ids["Ben"], "name": "Ben", "seat": 1, "side": 1, "total": 12, "rank": 1,
         "winner": True, "place": 1},
        {"player": ids["Cy"], "name": "Cy", "seat": 2, "side": 2, "total": 9, "rank": 2,
         "winner": False, "place": 2},
    ]
    # the view link of the match opens its sheet, read only
    assert get(api, match, summary["view_token"])["status"] == "banked"


def test_the_bank_is_newest_first(api, group, banked_in):
    first = banked_in(group, ["Ana", "Ben"], [1, 2])
    second = banked_in(group, ["Ana", "Ben"], [2, 1])
    assert [m["id"] for m in summaries(api, group)] == [second.id, first.id]


@pytest.mark.parametrize("scores, ranks", [
    ([9, 5, 9], [1, 3, 1]),  # a shared first place: the next is skipped
    ([9, 5, 5], [1, 2, 2]),
    ([4, 4, 4], [1, 1, 1]),
])
def test_ties_share_a_rank_and_the_next_is_skipped(api, group, banked_in, scores, ranks):
    banked_in(group, ["Ana", "Ben", "Cy"], scores)
    [summary] = summaries(api, group)
    assert [p["rank"] for p in summary["players"]] == ranks
    assert [p["winner"] for p in summary["players"]] == [r == 1 for r in ranks]


def test_lowest_first_where_lowest_wins(api, group, banked_in):
    banked_in(group, ["Ana", "Ben", "Cy"], [5, 3, 9], lowest_wins=True)
    [summary] = summaries(api, group)
    assert finishes(summary) == [("Ana", 5, 2, False), ("Ben", 3, 1, True), ("Cy", 9, 3, False)]


def test_partners_share_their_sides_rank(api, new_group, start_in):
    group = new_group()
    match = start_in(group, ["Ana", "Ben", "Cy", "Dee"], game="banakil", target=1)
    response = api.call("POST", f"{match.path}/rounds", match.host,
                        json={"hands": [GOER, HAND, HAND, HAND]})
    assert response.json["status"] == "over"
    assert api.call("POST", f"{match.path}/bank", match.seats[3]).status_code == 200

    [summary] = summaries(api, group)
    assert [(p["name"], p["side"], p["rank"], p["winner"]) for p in summary["players"]] == [
        ("Ana", 0, 1, True), ("Ben", 1, 3, False), ("Cy", 0, 1, True), ("Dee", 1, 3, False)]
    # SPEC section 3: a side's place among the sides; the partnership that came second is 2.
    assert [p["place"] for p in summary["players"]] == [1, 2, 1, 2]
    assert [p["total"] for p in summary["players"]] == [29, 4, 29, 4]


def test_a_bandido_winner_ranks_first_whatever_its_points(api, new_group, start_in):
    group = new_group()
    # Turns go Cy, Ana, Ben: Ben's wins on the round's last turn, after both the others played.
    match = start_in(group, ["Ana", "Ben", "Cy"], game="bandido", first_seat=2)
    assert api.call("PUT", f"{match.path}/seats/1/character", match.seats[1],
                    json={"symbols": ["stone", "stone", "water"]}).status_code == 200
    response = api.call("POST", f"{match.path}/rounds", match.host, json={"players": [
        {"vp": 4, "symbols": []}, {"vp": 1, "symbols": ["stone", "water", "stone"]},
        {"vp": 4, "symbols": ["coconut"]}]})
    assert response.json["status"] == "over" and response.json["winners"] == [1]
    assert api.call("POST", f"{match.path}/bank", match.host).status_code == 200

    [summary] = summaries(api, group)
    assert finishes(summary) == [("Ana", 4, 2, False), ("Ben", 1, 1, True),
                                 ("Cy", 4, 2, False)]


# --- filing a match of no group at banking -------------------------------------------------


@pytest.fixture
def over(start, play):
    """A match of no group, over: Ben won."""
    match = start(("ana", "Ben", "Eve"), rounds=1)
    play(match, [1, 5, 2])
    return match


def test_a_match_of_no_group_is_filed_into_one_when_banked(api, group, over):
    response = api.call("POST", f"{over.path}/bank", over.seats[0],
                        json={"group": group.id, "group_token": group.owner})

    assert response.status_code == 200
    assert response.get_json()["group"] == group.id
    assert get(api, over, over.view)["group"] == group.id
    [summary] = summaries(api, group)
    ids = roster(api, group)
    assert "Eve" in ids
    assert [(p["player"], p["rank"]) for p in summary["players"]] == [
        (ids["Ana"], 3), (ids["Ben"], 1), (ids["Eve"], 2)]


@pytest.mark.parametrize("token", ["view", "other", "missing", "match"])
def test_filing_needs_that_groups_owner_link(api, group, new_group, over, refused, token):
    other = new_group()
    body = {"group": group.id, "group_token": {
        "view": group.view, "other": other.owner, "missing": None, "match": over.host}[token]}
    refused(over, 403, "POST", f"{over.path}/bank", over.host, json=body)
    assert summaries(api, group) == []


def test_filing_into_an_unknown_group_is_404(api, group, over, refused):
    refused(over, 404, "POST", f"{over.path}/bank", over.host,
            json={"group": "nope", "group_token": group.owner})


def test_filing_is_judged_before_the_match_is_found_not_over(api, group, start, refused):
    match = start(("Ana", "Ben"), rounds=2)
    refused(match, 403, "POST", f"{match.path}/bank", match.host,
            json={"group": group.id, "group_token": group.view})
    refused(match, 409, "POST", f"{match.path}/bank", match.host,
            json={"group": group.id, "group_token": group.owner})
    refused(match, 412, "POST", f"{match.path}/bank", match.host,
            json={"group": group.id, "group_token": group.owner}, headers={"If-Match": '"0"'})


@pytest.mark.parametrize("body", [[1], "x", {"group": 5}, {"group": "g", "extra": 1}])
def test_a_bank_body_that_makes_no_sense_is_422_once_over(api, start, over, refused, body):
    refused(over, 422, "POST", f"{over.path}/bank", over.host, json=body)
    active = start(("Ana", "Ben"))
    refused(active, 409, "POST", f"{active.path}/bank", active.host, json=body)
    refused(over, 400, "POST", f"{over.path}/bank", over.host, data=b"{",
            content_type="application/json")


def test_a_groups_match_is_not_filed_into_another(api, group, new_group, start_in, play,
                                                  refused):
    other = new_group()
    match = start_in(group, ["Ana", "Ben"], rounds=1)
    play(match, [1, 2])
    refused(match, 409, "POST", f"{match.path}/bank", match.host,
            json={"group": other.id, "group_token": other.owner})
    # naming its own group is fine
    assert api.call("POST", f"{match.path}/bank", match.host,
                    json={"group": group.id, "group_token": group.owner}).status_code == 200


def test_a_match_with_one_person_at_two_seats_is_not_filed(app, api, group, start, play,
                                                           refused):
    match = start(("Ana", "ANA"), rounds=1)
    play(match, [1, 2])
    refused(match, 409, "POST", f"{match.path}/bank", match.host,
            json={"group": group.id, "group_token": group.owner})
    assert group_count(app) == 1 and set(roster(api, group)) == {"Ana", "Ben", "Cy"}


def test_a_match_banked_without_a_group_is_in_no_bank(api, group, over):
    assert api.call("POST", f"{over.path}/bank", over.host).status_code == 200
    assert get(api, over)["group"] is None and summaries(api, group) == []
