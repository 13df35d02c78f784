"""429 with Retry-After: too many new matches, or too many unknown tokens, from one address."""

from __future__ import annotations

import pytest
from api_helpers import error_of, match_count

from app import create_app, ratelimit
from app.extensions import db
from config import TestConfig

CREATES, UNKNOWN = 3, 4
OTHER_ADDRESS = {"REMOTE_ADDR": "192.0.2.7"}
NEW_MATCH = {"game": "generic", "players": ["Ana", "Ben"]}


@pytest.fixture
def app(tmp_path):
    """The usual test app, with the limits on and small."""

    class Limited(TestConfig):
        SQLALCHEMY_DATABASE_URI = f"sqlite:///{tmp_path / 'test.db'}"
        RATELIMIT_ENABLED = True
        RATELIMIT_CREATE_PER_MINUTE = CREATES
        RATELIMIT_UNKNOWN_TOKEN_PER_MINUTE = UNKNOWN

    app = create_app(Limited)
    with app.app_context():
        db.create_all()
    ratelimit.reset()
    yield app
    ratelimit.reset()
    with app.app_context():
        db.session.remove()
        db.drop_all()
        db.engine.dispose()


def assert_too_many(response) -> None:
    error_of(response, 429)
    assert 1 <= int(response.headers["Retry-After"]) <= 60


def test_one_address_creates_a_few_matches_a_minute_then_429(app, client):
    for _ in range(CREATES):
        assert client.post("/api/v1/matches", json=NEW_MATCH).status_code == 201

    assert_too_many(client.post("/api/v1/matches", json=NEW_MATCH))
    assert match_count(app) == CREATES


def test_the_create_limit_is_per_address(client):
    for _ in range(CREATES):
        assert client.post("/api/v1/matches", json=NEW_MATCH).status_code == 201
    assert_too_many(client.post("/api/v1/matches", json=NEW_MATCH))

    response = client.post("/api/v1/matches", json=NEW_MATCH, environ_base=OTHER_ADDRESS)
    assert response.status_code == 201


def test_too_many_unknown_tokens_is_429(api):
    match = api.create()
    for _ in range(UNKNOWN):
        error_of(api.call("GET", f"/matches/{match['id']}", "guess"), 401)

    for method, path in [("GET", ""), ("POST", "/rounds"), ("GET", "/tokens")]:
        assert_too_many(api.call(method, f"/matches/{match['id']}{path}", "guess"))


def test_a_phone_with_a_real_token_is_not_locked_out_by_guessers(api):
    match = api.create()
    path = f"/matches/{match['id']}"
    for _ in range(UNKNOWN + 1):
        api.call("GET", path, "guess")
    assert_too_many(api.call("GET", path, "guess"))

    assert api.call("GET", path, match["tokens"]["view"]).status_code == 200
    response = api.call("POST", f"{path}/rounds", match["tokens"]["host"],
                        json={"scores": [1, 2, 3]})
    assert response.status_code == 201


def test_the_unknown_token_limit_is_per_address(api, client):
    match = api.create()
    path = f"/api/v1/matches/{match['id']}"
    for _ in range(UNKNOWN):
        api.call("GET", f"/matches/{match['id']}", "guess")
    assert_too_many(api.call("GET", f"/matches/{match['id']}", "guess"))

    elsewhere = client.get(path, headers={"Authorization": "Bearer guess"},
                           environ_base=OTHER_ADDRESS)
    error_of(elsewhere, 401)


def test_known_tokens_do_not_count_towards_the_limit(api):
    match = api.create()
    path = f"/matches/{match['id']}"
    for _ in range(UNKNOWN * 3):
        assert api.call("GET", path, match["tokens"]["view"]).status_code == 200

    error_of(api.call("GET", path, "guess"), 401)
