"""Refusals a client can rely on: 400, 401 and 404 on every endpoint, each in SPEC's error body."""

from __future__ import annotations

import pytest
from api_helpers import error_of

# Every endpoint that takes a match id, with a body it would accept (round 1 exists, 3 seats).
ENDPOINTS = [
    ("GET", "", None),
    ("POST", "/rounds", {"scores": [1, 1, 1]}),
    ("PUT", "/rounds/1", {"scores": [1, 1, 1]}),
    ("DELETE", "/rounds/1", None),
    ("PUT", "/rounds/1/seats/0", {"score": 1}),
    ("POST", "/bank", None),
    ("POST", "/abandon", None),
    ("GET", "/tokens", None),
]
BODY_ENDPOINTS = [(m, p) for m, p, body in ENDPOINTS if body is not None]

MALFORMED = {
    "nan": b'{"scores": [NaN, 1, 1]}',
    "infinity": b'{"scores": [Infinity, 1, 1]}',
    "minus infinity": b'{"scores": [-Infinity, 1, 1], "score": -Infinity}',
    "truncated": b'{"scores": [1, 1, 1]',
    "trailing garbage": b'{"scores": [1, 1, 1]} x',
    "single quotes": b"{'scores': [1, 1, 1]}",
    "empty": b"",
    "not utf-8": b'{"scores": [1, 1, 1], "note": "\xff\xfe\xc3"}',
    "utf-16": '{"scores": [1, 1, 1]}'.encode("utf-16"),
    "lone surrogate": b'{"scores": [1, 1, 1], "note": "\\ud800"}',
    "deeply nested": b"[" * 100_000 + b"]" * 100_000,
}


@pytest.mark.parametrize("method, path", BODY_ENDPOINTS)
@pytest.mark.parametrize("raw", MALFORMED.values(), ids=MALFORMED.keys())
def test_malformed_json_is_400_and_changes_nothing(played, refused, method, path, raw):
    refused(played, 400, method, played.path + path, played.host, data=raw,
            content_type="application/json")


@pytest.mark.parametrize("method, path, body", ENDPOINTS)
@pytest.mark.parametrize("authorization", [
    None, "", "Bearer", "Bearer ", "Bearer not-a-token", "Bearer " + "A" * 43,
    "Bearer " + "x" * 500, "Basic dXNlcjpwYXNz", "Token abc", "bearer\tabc",
    "Bearer \u00e9\u00b2",
])
def test_no_or_unknown_token_is_401(played, refused, method, path, body, authorization):
    headers = {} if authorization is None else {"Authorization": authorization}

    refused(played, 401, method, played.path + path, json=body, headers=headers)


def test_a_401_says_how_to_authenticate(api, played):
    response = api.call("GET", played.path)

    error_of(response, 401)
    assert response.headers["WWW-Authenticate"] == "Bearer"


def test_a_token_that_was_cut_short_or_padded_is_401(played, refused):
    for token in [played.host[:-1], played.host + "x", played.host.upper(), f" {played.host}x"]:
        refused(played, 401, "POST", f"{played.path}/rounds", token,
                json={"scores": [1, 1, 1]})


def test_the_scheme_is_case_insensitive(api, played):
    response = api.call("GET", played.path, headers={"Authorization": f"bearer {played.view}"})
    assert response.status_code == 200


@pytest.mark.parametrize("method, path, body", ENDPOINTS)
def test_an_unknown_match_is_404(api, played, method, path, body):
    for match_id in ["nope", played.id[:-1], played.id.lower() + "x", "0"]:
        error_of(api.call(method, f"/matches/{match_id}{path}", played.host, json=body), 404)


@pytest.mark.parametrize("method, path, body", ENDPOINTS)
def test_a_token_of_another_match_is_404(start, play, played, refused, method, path, body):
    other = start()
    play(other, [1, 1, 1])

    for token in [other.host, other.view, other.seats[0]]:
        refused(played, 404, method, played.path + path, token, json=body)


def test_an_unknown_api_path_or_method_answers_in_the_error_body(api, played):
    for method, path in [("GET", "/nothing"), ("PUT", f"{played.path}/rounds/x"),
                         ("PUT", f"{played.path}/rounds/-1/seats/0")]:
        error = api.call(method, path, played.host).get_json()["error"]
        assert error["code"] and error["message"]
    response = api.call("PUT", played.path, played.host)
    assert response.status_code == 405
    assert response.get_json()["error"]["code"] == "method_not_allowed"


def test_an_oversized_body_is_refused_without_a_5xx(played, refused, api):
    before = api.call("GET", played.path, played.host).get_json()
    response = api.call("POST", f"{played.path}/rounds", played.host,
                        data=b'{"scores": [' + b"1, " * 200_000 + b"1]}",
                        content_type="application/json")

    assert response.status_code == 413
    assert response.get_json()["error"]["code"]
    assert api.call("GET", played.path, played.host).get_json() == before


@pytest.mark.skipif("postgresql" in __import__("config").TestConfig.SQLALCHEMY_DATABASE_URI,
                    reason="SQLite's one write lock")
def test_a_write_that_waited_past_the_lock_is_503_with_retry_after(app, api, client, played,
                                                                    tmp_path, monkeypatch):
    """Another write holding SQLite's lock past BUSY_SECONDS (app/extensions.py) is a busy server,
    not a broken one: 503 with Retry-After, never a 500, on the API and a page; nothing written;
    and the next write, once the lock is free, lands. The lock is a real one, held by another
    connection to the same file."""
    import sqlite3

    from app import extensions
    from app.extensions import db

    monkeypatch.setattr(extensions, "BUSY_SECONDS", 0.2)
    with app.app_context():
        db.engine.dispose()  # new connections, with the short busy_timeout
        database = db.engine.url.database
    held = sqlite3.connect(database, isolation_level=None)
    held.execute("BEGIN IMMEDIATE")
    try:
        reply = api.call("POST", played.path + "/rounds", played.host, json={"scores": [1, 1, 1]})
        assert (reply.status_code, reply.headers["Retry-After"]) == (503, "1")
        assert reply.get_json()["error"]["code"] == "unavailable"
        assert "busy" in reply.get_json()["error"]["message"]
        page = client.post(f"/m/{played.host}/abandon")
        assert (page.status_code, page.headers["Retry-After"]) == (503, "1")
    finally:
        held.execute("ROLLBACK")
        held.close()
    assert len(api.call("GET", played.path, played.host).get_json()["rounds"]) == 1
    assert api.call("POST", played.path + "/rounds", played.host,
                    json={"scores": [1, 1, 1]}).status_code == 201


def test_any_other_database_error_stays_the_servers_own(played, api, app, monkeypatch):
    import sqlite3

    from sqlalchemy.exc import OperationalError

    from app.api import matches

    def broken(*args, **kwargs):
        raise OperationalError("SELECT", {}, sqlite3.OperationalError("disk I/O error"))

    monkeypatch.setattr(matches, "authenticate_to_write", broken)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    assert api.call("POST", played.path + "/rounds", played.host,
                    json={"scores": [1, 1, 1]}).status_code == 500
