"""Ending a match: bank it once it is over (host or any seat), or abandon it (host only)."""

from __future__ import annotations

import pytest
from api_helpers import get

WRITES = [
    ("POST", "/rounds", {"scores": [1, 1]}),
    ("PUT", "/rounds/1", {"scores": [1, 1]}),
    ("DELETE", "/rounds/1", None),
    ("PUT", "/rounds/1/seats/0", {"score": 1}),
    ("PUT", "/rounds/2/seats/0", {"score": 1}),
    ("POST", "/bank", None),
    ("POST", "/abandon", None),
]


@pytest.fixture
def over(start, play):
    """Two players, over after one round: Ben reached the target."""
    match = start(("Ana", "Ben"), target=10)
    assert play(match, [4, 10])["status"] == "over"
    return match


@pytest.mark.parametrize("who", ["host", "seat 0", "seat 1"])
def test_host_or_any_seat_banks_an_over_match(api, over, who):
    token = over.host if who == "host" else over.seats[int(who[-1])]

    response = api.call("POST", f"{over.path}/bank", token)

    assert response.status_code == 200
    body = response.get_json()
    assert body["status"] == "banked"
    assert body["winners"] == [1]
    assert body["totals"] == [4, 10]
    assert body["version"] == 3
    assert get(api, over, over.view) == body


def test_the_view_link_cannot_bank(over, refused):
    refused(over, 403, "POST", f"{over.path}/bank", over.view)


def test_a_match_that_is_not_over_cannot_be_banked(start, play, refused):
    match = start(("Ana", "Ben"), target=10)
    for token in [match.host, match.seats[0]]:
        refused(match, 409, "POST", f"{match.path}/bank", token)
    play(match, [4, 9])
    refused(match, 409, "POST", f"{match.path}/bank", match.host)


def test_a_round_still_missing_a_score_holds_the_match_open(api, start, play, refused):
    match = start(("Ana", "Ben"), target=10)
    play(match, [0, 0], [10, 0])
    reopened = api.call("PUT", f"{match.path}/rounds/2", match.host, json={"scores": [None, 0]})
    assert reopened.status_code == 200
    assert reopened.get_json()["status"] == "active"
    assert reopened.get_json()["winners"] == []
    refused(match, 409, "POST", f"{match.path}/bank", match.host)


def test_a_match_banks_once(api, over, refused):
    assert api.call("POST", f"{over.path}/bank", over.seats[0]).status_code == 200

    refused(over, 409, "POST", f"{over.path}/bank", over.host)
    refused(over, 409, "POST", f"{over.path}/bank", over.seats[1])


@pytest.mark.parametrize("method, path, body", WRITES)
def test_a_banked_match_takes_no_more_changes(api, over, refused, method, path, body):
    assert api.call("POST", f"{over.path}/bank", over.host).status_code == 200

    refused(over, 409, method, over.path + path, over.host, json=body)


def test_the_host_abandons_a_match_without_a_result(api, start, play):
    match = start(("Ana", "Ben"))
    play(match, [5, 3])

    response = api.call("POST", f"{match.path}/abandon", match.host)

    assert response.status_code == 200
    body = response.get_json()
    assert body["status"] == "abandoned"
    assert body["winners"] == []
    assert body["version"] == 3
    for token in [match.host, match.view, *match.seats]:
        assert get(api, match, token) == body


def test_an_over_match_may_be_abandoned_instead_of_banked(api, over):
    response = api.call("POST", f"{over.path}/abandon", over.host)

    assert response.status_code == 200
    assert response.get_json()["status"] == "abandoned"
    assert response.get_json()["winners"] == []


def test_only_the_host_abandons(match, refused):
    for token in [match.view, *match.seats]:
        refused(match, 403, "POST", f"{match.path}/abandon", token)


@pytest.mark.parametrize("method, path, body", WRITES)
def test_an_abandoned_match_takes_no_more_changes(api, start, play, refused, method, path,
                                                  body):
    match = start(("Ana", "Ben"))
    play(match, [5, 3])
    assert api.call("POST", f"{match.path}/abandon", match.host).status_code == 200

    refused(match, 409, method, match.path + path, match.host, json=body)


def test_a_seat_cannot_write_into_an_ended_match_either(api, over, refused):
    assert api.call("POST", f"{over.path}/bank", over.host).status_code == 200

    refused(over, 409, "PUT", f"{over.path}/rounds/1/seats/0", over.seats[0], json={"score": 0})
    refused(over, 409, "POST", f"{over.path}/bank", over.seats[0])


def test_the_host_reads_the_tokens_again(api, match):
    response = api.call("GET", f"{match.path}/tokens", match.host)

    assert response.status_code == 200
    assert "no-store" in response.headers["Cache-Control"]
    body = response.get_json()
    assert {k: body[k] for k in ("host", "view", "seats")} == {
        "host": match.host, "view": match.view, "seats": list(match.seats)}


def test_the_tokens_stay_readable_after_the_match_ends(api, match):
    assert api.call("POST", f"{match.path}/abandon", match.host).status_code == 200

    assert api.call("GET", f"{match.path}/tokens", match.host).get_json()["view"] == match.view


def test_only_the_host_reads_the_tokens(match, refused):
    for token in [match.view, *match.seats]:
        error = refused(match, 403, "GET", f"{match.path}/tokens", token)
        assert match.host not in error["message"]


def test_another_matchs_host_cannot_read_the_tokens(start, refused):
    mine, other = start(), start()

    refused(mine, 404, "GET", f"{mine.path}/tokens", other.host)
    refused(mine, 401, "GET", f"{mine.path}/tokens", None)
