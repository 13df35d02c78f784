"""Fixtures: an app on a fresh real SQLite file per test, its client, and helpers to start matches."""

from __future__ import annotations

import pytest

from fresh_app import fresh_app


@pytest.fixture
def app(tmp_path):
    yield from fresh_app(tmp_path)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


class Api:
    """A client that speaks API v1 with a token, like a phone would."""

    def __init__(self, client):
        self.client = client

    def create(self, players=("Ana", "Ben", "Cy"), game="generic", options=None, **extra):
        body = {"game": game, "players": list(players), **extra}
        if options is not None:
            body["options"] = options
        response = self.client.post("/api/v1/matches", json=body)
        assert response.status_code == 201, response.get_json()
        return response.get_json()

    def call(self, method, path, token=None, json=None, headers=None, **kwargs):
        headers = dict(headers or {})
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        return self.client.open(f"/api/v1{path}", method=method, json=json, headers=headers,
                                **kwargs)


@pytest.fixture
def api(client):
    return Api(client)
