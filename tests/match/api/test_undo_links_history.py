"""Undo, replacing a link, and the change history, as a client speaks them through API v1."""

from __future__ import annotations

import pytest
from api_helpers import error_of, get


def undo(api, match, token=None, **kwargs):
    return api.call("POST", f"{match.path}/undo", token or match.host, **kwargs)


def part(api, match, number, seat, score, token=None):
    return api.call("PUT", f"{match.path}/rounds/{number}/seats/{seat}",
                    token or match.seats[seat], json={"score": score})


def sheet_of(body) -> tuple[list, list, list]:
    """What a round-by-round reader sees: each round's status and input, and the totals."""
    return ([r["status"] for r in body["rounds"]],
            [r["input"]["scores"] for r in body["rounds"]],
            body["totals"])


def replace(api, match, body, token=None):
    return api.call("POST", f"{match.path}/tokens/replace", token or match.host, json=body)


def history(api, match, token=None):
    response = api.call("GET", f"{match.path}/history", token or match.host)
    assert response.status_code == 200, response.get_json()
    return response.get_json()["changes"]


# Undo -------------------------------------------------------------------------------------


def test_undo_takes_back_an_added_round(api, match, play):
    play(match, [1, 2, 3], [4, 5, 6])
    version = get(api, match)["version"]

    response = undo(api, match)

    assert response.status_code == 200
    body = response.get_json()
    assert body["rounds"] == [{"number": 1, "status": "complete",
                               "input": {"scores": [1, 2, 3]}, "cells": [1, 2, 3]}]
    assert body["totals"] == [1, 2, 3]
    assert body["version"] == version + 1
    assert response.headers["ETag"] == f'"{version + 1}"'
    assert body == get(api, match)


def test_undo_restores_the_round_an_edit_replaced(api, match, play):
    play(match, [1, 2, 3], [4, 5, 6])
    edited = api.call("PUT", f"{match.path}/rounds/2", match.host, json={"scores": [10, None, 30]})
    assert sheet_of(edited.get_json()) == (["complete", "open"],
                                           [[1, 2, 3], [10, None, 30]], [1, 2, 3])

    body = undo(api, match).get_json()

    assert sheet_of(body) == (["complete", "complete"], [[1, 2, 3], [4, 5, 6]], [5, 7, 9])
    assert [r["cells"] for r in body["rounds"]] == [[1, 2, 3], [4, 5, 6]]


def test_undo_brings_back_a_deleted_round(api, match, play):
    play(match, [1, 2, 3], [4, None, 6])
    assert api.call("DELETE", f"{match.path}/rounds/2", match.host).status_code == 200

    body = undo(api, match).get_json()

    assert body["rounds"][1] == {"number": 2, "status": "open",
                                 "input": {"scores": [4, None, 6]}, "cells": None}
    assert body["totals"] == [1, 2, 3]
    # the round came back as it was: still open, and its missing part can still be typed
    assert part(api, match, 2, 1, 5).status_code == 200
    assert get(api, match)["totals"] == [5, 7, 9]


def test_undo_puts_back_a_seats_part(api, match, play):
    play(match, [1, 2, 3], [4, 5, 6])
    assert part(api, match, 1, 1, 20).get_json()["totals"] == [5, 25, 9]

    body = undo(api, match).get_json()

    assert sheet_of(body) == (["complete", "complete"], [[1, 2, 3], [4, 5, 6]], [5, 7, 9])


def test_undo_of_the_part_that_opened_a_round_takes_the_round_away(api, match, play):
    play(match, [1, 2, 3])
    assert part(api, match, 2, 2, 9).status_code == 201
    assert part(api, match, 2, 0, 4).status_code == 200

    once = undo(api, match).get_json()
    twice = undo(api, match).get_json()

    assert sheet_of(once) == (["complete", "open"], [[1, 2, 3], [None, None, 9]], [1, 2, 3])
    assert sheet_of(twice) == (["complete"], [[1, 2, 3]], [1, 2, 3])


def test_undo_of_a_part_typed_into_an_empty_round_keeps_the_round(api, match, play):
    play(match, [1, 2, 3], [None, None, None])
    assert part(api, match, 2, 0, 4).status_code == 200

    once = undo(api, match)
    twice = undo(api, match)

    # the round was there, empty, before the part was typed: only the part goes
    assert once.status_code == 200, once.get_json()
    assert sheet_of(once.get_json()) == (["complete", "open"],
                                         [[1, 2, 3], [None, None, None]], [1, 2, 3])
    assert twice.status_code == 200, twice.get_json()
    assert sheet_of(twice.get_json()) == (["complete"], [[1, 2, 3]], [1, 2, 3])


def test_repeated_undo_walks_back_one_change_at_a_time(api, match, play):
    seen = [get(api, match)]
    seen.append(play(match, [1, 2, 3]))
    seen.append(play(match, [4, 5, 6]))
    seen.append(api.call("PUT", f"{match.path}/rounds/1", match.host,
                         json={"scores": [7, 2, 3]}).get_json())
    seen.append(part(api, match, 2, 2, 0).get_json())
    seen.append(api.call("DELETE", f"{match.path}/rounds/2", match.host).get_json())
    assert sheet_of(seen[-1]) == (["complete"], [[7, 2, 3]], [7, 2, 3])

    for earlier in reversed(seen[:-1]):
        response = undo(api, match)
        assert response.status_code == 200, response.get_json()
        assert sheet_of(response.get_json()) == sheet_of(earlier)
        assert [r["cells"] for r in response.get_json()["rounds"]] == [
            r["cells"] for r in earlier["rounds"]]

    assert get(api, match)["rounds"] == []


def test_with_nothing_to_undo_it_is_409(match, refused):
    # creating the match is no change to take back
    error = refused(match, 409, "POST", f"{match.path}/undo", match.host)
    assert "nothing to undo" in error["message"].lower()


def test_after_everything_is_undone_one_more_undo_is_409(api, match, play, refused):
    play(match, [1, 2, 3])
    assert undo(api, match).status_code == 200

    refused(match, 409, "POST", f"{match.path}/undo", match.host)


def test_an_undo_is_not_itself_undone(api, match, play):
    play(match, [1, 2, 3])
    part(api, match, 1, 0, 10)
    undo(api, match)  # the part

    body = undo(api, match).get_json()  # the round, not the undo before it

    assert body["rounds"] == []


def test_a_change_after_an_undo_is_the_next_one_undone(api, match, play):
    play(match, [1, 2, 3], [4, 5, 6])
    undo(api, match)  # round 2 goes
    play(match, [7, 8, 9])

    first = undo(api, match).get_json()
    second = undo(api, match).get_json()

    assert sheet_of(first) == (["complete"], [[1, 2, 3]], [1, 2, 3])
    # round 2 as first added is not brought back: that add was undone already
    assert sheet_of(second) == ([], [], [0, 0, 0])


def test_undo_reopens_a_match_that_was_over(api, start, play):
    match = start(("Ana", "Ben"), target=10)
    over = play(match, [3, 4], [8, 1])
    assert over["status"] == "over" and over["winners"] == [0]

    body = undo(api, match).get_json()

    assert body["status"] == "active"
    assert body["winners"] == []
    assert body["totals"] == [3, 4]
    # and the table plays on
    assert play(match, [1, 1])["totals"] == [4, 5]


@pytest.mark.parametrize("ending", ["bank", "abandon"])
def test_an_ended_match_takes_no_undo(api, start, play, refused, ending):
    match = start(("Ana", "Ben"), rounds=1)
    play(match, [3, 4])
    assert api.call("POST", f"{match.path}/{ending}", match.host).status_code == 200

    refused(match, 409, "POST", f"{match.path}/undo", match.host)


def test_only_the_host_may_undo(api, match, play, refused):
    play(match, [1, 2, 3])
    part(api, match, 1, 1, 9)

    for token in (*match.seats, match.view):
        refused(match, 403, "POST", f"{match.path}/undo", token)
    refused(match, 401, "POST", f"{match.path}/undo", None)
    refused(match, 401, "POST", f"{match.path}/undo", "not-a-token")


def test_another_matchs_host_cannot_undo_here(start, play, refused):
    mine, theirs = start(), start()
    play(mine, [1, 2, 3])

    refused(mine, 404, "POST", f"{mine.path}/undo", theirs.host)


def test_undo_honours_if_match(api, match, play, refused):
    body = play(match, [1, 2, 3])

    refused(match, 412, "POST", f"{match.path}/undo", match.host,
            headers={"If-Match": f'"{body["version"] - 1}"'})
    response = undo(api, match, headers={"If-Match": f'"{body["version"]}"'})
    assert response.status_code == 200
    assert response.get_json()["rounds"] == []


# Replacing a link -------------------------------------------------------------------------


def test_a_replaced_seat_link_stops_working_at_once(api, match, play):
    play(match, [1, 2, 3])
    old = match.seats[1]

    response = replace(api, match, {"role": "seat", "seat": 1})

    assert response.status_code == 200
    tokens = response.get_json()
    new = tokens["seats"][1]
    assert new != old and len(new) >= 40
    # nothing else moved
    assert tokens["host"] == match.host and tokens["view"] == match.view
    assert [tokens["seats"][0], tokens["seats"][2]] == [match.seats[0], match.seats[2]]
    assert tokens["links"]["seats"][1].endswith(f"/m/{new}")
    assert {k: v for k, v in tokens.items() if k != "links"} == {
        k: v for k, v in api.call("GET", f"{match.path}/tokens", match.host).get_json().items()
        if k != "links"}

    error_of(api.call("GET", match.path, old), 401)
    error_of(part(api, match, 1, 1, 9, token=old), 401)
    # the new link is Ben's seat: his part, and only his
    assert part(api, match, 1, 1, 9, token=new).status_code == 200
    error_of(part(api, match, 1, 0, 9, token=new), 403)
    assert get(api, match)["rounds"][0]["input"]["scores"] == [1, 9, 3]


def test_a_replaced_view_link_stops_working(api, match):
    response = replace(api, match, {"role": "view"})

    new = response.get_json()["view"]
    assert response.status_code == 200 and new != match.view
    error_of(api.call("GET", match.path, match.view), 401)
    assert api.call("GET", match.path, new).status_code == 200
    error_of(api.call("POST", f"{match.path}/rounds", new, json={"scores": [1, 2, 3]}), 403)


def test_a_replaced_host_link_hands_everything_to_the_new_one(api, match):
    response = replace(api, match, {"role": "host"})

    new = response.get_json()["host"]
    assert response.status_code == 200 and new != match.host
    assert response.get_json()["seats"] == list(match.seats)
    error_of(api.call("GET", f"{match.path}/tokens", match.host), 401)
    error_of(api.call("POST", f"{match.path}/rounds", match.host, json={"scores": [1, 2, 3]}),
             401)
    assert api.call("POST", f"{match.path}/rounds", new, json={"scores": [1, 2, 3]}
                    ).status_code == 201


def test_a_link_is_replaced_even_after_the_match_is_banked(api, start, play):
    match = start(("Ana", "Ben"), rounds=1)
    play(match, [1, 2])
    api.call("POST", f"{match.path}/bank", match.host)

    response = replace(api, match, {"role": "seat", "seat": 0})

    assert response.status_code == 200
    error_of(api.call("GET", match.path, match.seats[0]), 401)
    assert get(api, match, response.get_json()["seats"][0])["status"] == "banked"


@pytest.mark.parametrize("body, field", [
    ({}, "role"),
    ({"role": "owner"}, "role"),
    ({"role": None}, "role"),
    ({"role": ["seat"]}, "role"),
    ({"role": "seat"}, "seat"),
    ({"role": "seat", "seat": 3}, "seat"),
    ({"role": "seat", "seat": -1}, "seat"),
    ({"role": "seat", "seat": "1"}, "seat"),
    ({"role": "seat", "seat": 1.0}, "seat"),
    ({"role": "seat", "seat": True}, "seat"),
    ({"role": "seat", "seat": None}, "seat"),
])
def test_a_bad_replace_body_is_422_on_its_field(match, refused, body, field):
    error = refused(match, 422, "POST", f"{match.path}/tokens/replace", match.host, json=body)
    assert error["field"] == field


@pytest.mark.parametrize("raw", ['["role", "view"]', '"view"', "1", "null"])
def test_a_replace_body_that_is_no_object_is_422(match, refused, raw):
    refused(match, 422, "POST", f"{match.path}/tokens/replace", match.host, data=raw,
            headers={"Content-Type": "application/json"})


def test_a_malformed_replace_body_is_400(match, refused):
    refused(match, 400, "POST", f"{match.path}/tokens/replace", match.host,
            data="{role", headers={"Content-Type": "application/json"})


def test_only_the_host_replaces_links(api, match, refused):
    for token in (*match.seats, match.view):
        refused(match, 403, "POST", f"{match.path}/tokens/replace", token,
                json={"role": "seat", "seat": 0})
    refused(match, 401, "POST", f"{match.path}/tokens/replace", None, json={"role": "view"})
    # the seat asking for its own new link is refused just the same
    refused(match, 403, "POST", f"{match.path}/tokens/replace", match.seats[2],
            json={"role": "seat", "seat": 2})
    assert api.call("GET", match.path, match.seats[0]).status_code == 200


def test_another_matchs_host_cannot_replace_links_here(start, refused):
    mine, theirs = start(), start()

    refused(mine, 404, "POST", f"{mine.path}/tokens/replace", theirs.host, json={"role": "view"})


# History ----------------------------------------------------------------------------------


def test_the_history_lists_every_change_oldest_first(api, match, play):
    play(match, [1, 2, 3])
    part(api, match, 1, 1, 9)
    undo(api, match)
    replace(api, match, {"role": "seat", "seat": 2})

    changes = history(api, match)

    assert [(c["version"], c["by"], c["action"], c["round"], c["seat"], c["before"], c["after"])
            for c in changes] == [
        (1, "host", "create", None, None, None,
         {"players": ["Ana", "Ben", "Cy"],
          "options": {"target": None, "rounds": None, "lowest_wins": False,
                      "allow_negative": True}}),
        (2, "host", "add_round", 1, None, None, {"scores": [1, 2, 3]}),
        (3, "seat 1", "set_part", 1, 1, {"score": 2}, {"score": 9}),
        (4, "host", "undo", 1, 1, {"score": 9}, {"score": 2}),
        (5, "host", "replace_link", None, 2, None, {"role": "seat"}),
    ]
    ids = [c["id"] for c in changes]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    assert [c["undoes"] for c in changes] == [None, None, None, ids[2], None]
    assert all(c["at"].endswith("+00:00") for c in changes)
    # a link's secret is never written into the log
    tokens = api.call("GET", f"{match.path}/tokens", match.host).get_json()
    text = str(changes)
    assert all(secret not in text
               for secret in (tokens["host"], tokens["view"], *tokens["seats"], *match.seats))


def test_each_undo_names_the_change_it_took_back(api, match, play):
    play(match, [1, 2, 3], [4, 5, 6])
    undo(api, match)
    undo(api, match)

    changes = history(api, match)

    by_id = {c["id"]: c for c in changes}
    undos = [c for c in changes if c["action"] == "undo"]
    assert [(by_id[c["undoes"]]["action"], by_id[c["undoes"]]["round"]) for c in undos] == [
        ("add_round", 2), ("add_round", 1)]
    assert [(c["before"], c["after"]) for c in undos] == [
        ({"scores": [4, 5, 6]}, None), ({"scores": [1, 2, 3]}, None)]


def test_only_the_host_reads_the_history(match, play, refused):
    play(match, [1, 2, 3])

    for token in (*match.seats, match.view):
        refused(match, 403, "GET", f"{match.path}/history", token)
    refused(match, 401, "GET", f"{match.path}/history", None)


def test_another_matchs_host_cannot_read_this_history(start, refused):
    mine, theirs = start(), start()

    refused(mine, 404, "GET", f"{mine.path}/history", theirs.host)


def test_the_history_is_read_a_page_at_a_time(api, match, play, monkeypatch):
    """The change log has no bound a table meets, so it is answered a page at a time: `next`
    names the page after, and following it gives every change once, in order."""
    from app.services.match import history as match_history

    play(match, *[[n, n, n] for n in range(7)])
    whole = history(api, match)
    assert len(whole) == 8  # the match made, then seven rounds
    monkeypatch.setattr(match_history, "HISTORY_PAGE", 3)
    seen, url, pages = [], f"/api/v1{match.path}/history", 0
    while url:
        response = api.client.get(url, headers={"Authorization": f"Bearer {match.host}"})
        assert response.status_code == 200, response.get_json()
        body = response.get_json()
        assert len(body["changes"]) <= 3
        seen += body["changes"]
        url, pages = body["next"], pages + 1
    assert seen == whole and pages == 3
    for bad in ("-1", "x", "1.5", "9" * 40, ""):
        response = api.call("GET", f"{match.path}/history?after={bad}", match.host)
        assert response.status_code == 422, bad
        assert response.get_json()["error"]["field"] == "after"
