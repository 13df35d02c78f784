"""SPEC: "When several apply, the first of 401, 404, 403, 400, 412, 409, 422 answers"."""

from __future__ import annotations

import pytest

MALFORMED = {"data": b'{"scores": [1, 1', "content_type": "application/json"}
INVALID = {"json": {"scores": ["abc", 1, 1]}}
STALE = {"headers": {"If-Match": '"1"'}}


def both(*kwargs: dict) -> dict:
    """Request arguments combined, headers merged."""
    combined: dict = {}
    for part in kwargs:
        for key, value in part.items():
            if key == "headers":
                combined.setdefault("headers", {}).update(value)
            else:
                combined[key] = value
    return combined


@pytest.fixture
def banked(start, play, api):
    match = start(rounds=1)
    play(match, [1, 2, 3])
    assert api.call("POST", f"{match.path}/bank", match.host).status_code == 200
    return match  # version 3


def test_401_before_404(played, refused):
    refused(played, 401, "POST", "/matches/nope/rounds", "not-a-token", **MALFORMED)


def test_401_before_403_400_and_412(played, refused):
    refused(played, 401, "PUT", f"{played.path}/rounds/1/seats/2", "not-a-token",
            **both(MALFORMED, STALE))


def test_404_before_403_for_another_matchs_view_token(start, played, refused):
    other = start()
    refused(played, 404, "POST", f"{played.path}/rounds", other.view, **both(MALFORMED, STALE))


def test_an_unknown_round_is_404_before_the_view_links_403(played, refused):
    refused(played, 404, "DELETE", f"{played.path}/rounds/9", played.view)
    refused(played, 404, "PUT", f"{played.path}/rounds/9/seats/0", played.view, **MALFORMED)


def test_an_unknown_round_is_404_before_a_malformed_body(played, refused):
    refused(played, 404, "PUT", f"{played.path}/rounds/9", played.host, **MALFORMED)


def test_view_token_with_a_malformed_body_is_403(played, refused):
    for method, path in [("POST", "/rounds"), ("PUT", "/rounds/1"),
                         ("PUT", "/rounds/1/seats/0")]:
        refused(played, 403, method, played.path + path, played.view, **both(MALFORMED, STALE))


def test_another_seat_with_a_malformed_body_is_403(played, refused):
    refused(played, 403, "PUT", f"{played.path}/rounds/1/seats/1", played.seats[0],
            **both(MALFORMED, STALE))


def test_a_seat_on_a_banked_match_writing_for_another_seat_is_403(banked, refused):
    refused(banked, 403, "PUT", f"{banked.path}/rounds/1/seats/1", banked.seats[0],
            json={"score": 1})
    refused(banked, 403, "POST", f"{banked.path}/abandon", banked.seats[0])


def test_host_with_a_malformed_body_and_a_stale_if_match_is_400(played, refused):
    for method, path in [("POST", "/rounds"), ("PUT", "/rounds/1"),
                         ("PUT", "/rounds/1/seats/0"), ("PUT", "/rounds/2/seats/0")]:
        refused(played, 400, method, played.path + path, played.host, **both(MALFORMED, STALE))


def test_a_malformed_body_on_a_banked_match_is_400(banked, refused):
    refused(banked, 400, "POST", f"{banked.path}/rounds", banked.host, **MALFORMED)


@pytest.mark.parametrize("method, path, extra", [
    ("POST", "/rounds", INVALID),
    ("PUT", "/rounds/1", INVALID),
    ("PUT", "/rounds/1/seats/0", {"json": {"score": "abc"}}),
    ("DELETE", "/rounds/1", {}),
    ("POST", "/bank", {}),
    ("POST", "/abandon", {}),
])
def test_a_stale_if_match_on_a_banked_match_is_412(banked, refused, method, path, extra):
    refused(banked, 412, method, banked.path + path, banked.host, **both(extra, STALE))


def test_a_stale_if_match_beats_a_round_that_cannot_open(played, play, refused):
    play(played, [1, None, 3])
    refused(played, 412, "PUT", f"{played.path}/rounds/3/seats/0", played.host,
            json={"score": "abc"}, headers={"If-Match": '"2"'})


def test_a_stale_if_match_beats_deleting_an_earlier_round(played, refused):
    refused(played, 412, "DELETE", f"{played.path}/rounds/1", played.host,
            headers={"If-Match": '"1"'})


@pytest.mark.parametrize("method, path, body", [
    ("POST", "/rounds", {"scores": ["abc", 1, 1]}),
    ("POST", "/rounds", {"scores": [1]}),
    ("PUT", "/rounds/1", {"scores": ["abc", 1, 1]}),
    ("PUT", "/rounds/1/seats/0", {"score": 2.5}),
    ("PUT", "/rounds/2/seats/0", {}),
])
def test_a_banked_match_with_an_invalid_body_is_409(banked, refused, method, path, body):
    refused(banked, 409, method, banked.path + path, banked.host, json=body,
            headers={"If-Match": '"3"'})


def test_an_over_match_refuses_a_new_round_before_reading_it(start, play, refused):
    match = start(("Ana", "Ben"), target=5)
    play(match, [5, 0])

    refused(match, 409, "POST", f"{match.path}/rounds", match.host, json={"scores": "abc"})
    refused(match, 409, "PUT", f"{match.path}/rounds/2/seats/1", match.seats[1],
            json={"score": "abc"})


def test_an_open_round_refuses_the_next_before_reading_it(played, play, refused):
    play(played, [1, None, 3])

    refused(played, 409, "POST", f"{played.path}/rounds", played.host, json={"scores": None})
    refused(played, 409, "PUT", f"{played.path}/rounds/3/seats/0", played.seats[0],
            json={"score": None})
