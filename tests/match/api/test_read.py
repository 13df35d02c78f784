"""GET /api/v1/matches/<id>: the match for any token, its version as a strong ETag, and 304."""

from __future__ import annotations

import pytest
from api_helpers import error_of, get


def test_every_token_of_the_match_reads_the_same_match(api, match, play):
    play(match, [1, 2, 3])
    bodies = []
    for token in [match.host, match.view, *match.seats]:
        response = api.call("GET", match.path, token)
        assert response.status_code == 200
        assert response.headers["ETag"] == '"2"'
        assert "no-store" in response.headers["Cache-Control"]
        bodies.append(response.get_json())

    assert all(body == bodies[0] for body in bodies)
    assert bodies[0]["totals"] == [1, 2, 3]


@pytest.mark.parametrize("tag", ['"1"', "1", 'W/"1"', '"0", "1"', "*"])
def test_if_none_match_with_the_current_version_is_304(api, match, tag):
    response = api.call("GET", match.path, match.view, headers={"If-None-Match": tag})

    assert response.status_code == 304
    assert response.headers["ETag"] == '"1"'
    assert response.data == b""


def test_if_none_match_with_an_old_version_answers_the_match(api, match, play):
    play(match, [1, 2, 3])

    response = api.call("GET", match.path, match.view, headers={"If-None-Match": '"1"'})

    assert response.status_code == 200
    assert response.headers["ETag"] == '"2"'
    assert response.get_json()["rounds"][0]["cells"] == [1, 2, 3]


def test_if_none_match_does_not_let_a_stranger_learn_the_version(api, match):
    for token in [None, "not-a-token"]:
        response = api.call("GET", match.path, token, headers={"If-None-Match": '"1"'})
        error_of(response, 401)


def test_the_version_grows_with_every_change_and_the_write_answers_what_get_shows(api, start):
    match = start(("Ana", "Ben"), target=30)
    writes = [
        ("POST", f"{match.path}/rounds", match.host, {"scores": [5, 6]}, 201),
        ("PUT", f"{match.path}/rounds/1", match.host, {"scores": [7, 6]}, 200),
        ("PUT", f"{match.path}/rounds/1/seats/1", match.seats[1], {"score": 8}, 200),
        ("PUT", f"{match.path}/rounds/2/seats/0", match.seats[0], {"score": 1}, 201),
        ("PUT", f"{match.path}/rounds/2/seats/1", match.host, {"score": 2}, 200),
        ("DELETE", f"{match.path}/rounds/2", match.host, None, 200),
        ("POST", f"{match.path}/rounds", match.host, {"scores": [30, 0]}, 201),
        ("POST", f"{match.path}/bank", match.seats[0], None, 200),
    ]
    version = 1
    for method, path, token, body, status in writes:
        response = api.call(method, path, token, json=body)
        assert response.status_code == status, (method, path, response.get_json())
        version += 1
        written = response.get_json()
        assert written["version"] == version
        assert response.headers["ETag"] == f'"{version}"'
        assert written == get(api, match, token)

    assert written["status"] == "banked"
    assert written["totals"] == [37, 8]


def test_unknown_match_is_404_and_other_matches_tokens_do_not_open_it(api, start):
    mine, other = start(), start()

    error_of(api.call("GET", "/matches/nope", mine.host), 404)
    for token in [other.host, other.view, other.seats[0]]:
        error_of(api.call("GET", mine.path, token), 404)


def test_an_address_under_the_api_that_no_route_takes_is_kept_by_no_cache(client):
    """SPEC section 6: every answer of the API is no-store, a 404 of no route and a 405 of a
    method no route takes too (the document says so of every answer; Schemathesis found them
    without it)."""
    for method, path, status in (("GET", "/api/v1/matches/x/nowhere", 404),
                                 ("GET", "/api/v1/no-such-thing", 404),
                                 ("TRACE", "/api/v1/designs", 405),
                                 ("DELETE", "/api/v1/groups", 405)):
        answer = client.open(path, method=method)
        assert answer.status_code == status, (method, path)
        assert answer.headers["Cache-Control"] == "no-store", (method, path)
    assert "no-store" not in client.get("/").headers.get("Cache-Control", "")

