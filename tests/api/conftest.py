"""API fixtures: start a match, play rounds, and send requests that must be refused."""

from __future__ import annotations

from typing import Any

import pytest

from api_helpers import Started, error_of, match_count, stored
from fresh_app import fresh_app


@pytest.fixture(scope="module")
def fuzz_client(tmp_path_factory):
    """One app for a module of fuzz tests: hypothesis runs many examples per test."""
    for app in fresh_app(tmp_path_factory.mktemp("fuzz")):
        yield app.test_client()


# Who sits at a new match unless a test says otherwise.
PLAYERS = {"banakil": ("Dana", "Ravi")}
ANA_BEN_CY = ("Ana", "Ben", "Cy")


@pytest.fixture
def start(api):
    """start(players, game="generic", **options): a new match as the phone that created it
    holds it; Ana, Ben and Cy unless told otherwise (Dana and Ravi at Banakil)."""

    def start(players=None, game="generic", **options) -> Started:
        if players is None:
            players = PLAYERS.get(game, ANA_BEN_CY)
        created = api.create(players, game=game, options=options or None)
        tokens = created["tokens"]
        return Started(created["id"], tokens["host"], tokens["view"], tuple(tokens["seats"]),
                       created)

    return start


@pytest.fixture
def match(start) -> Started:
    """Three players, no target, no round limit."""
    return start()


@pytest.fixture
def played(match, play) -> Started:
    """`match` with one round played: version 2."""
    play(match, [1, 2, 3])
    return match


@pytest.fixture
def play(api):
    """Add rounds as the host; answer the match after the last one."""

    def play(match: Started, *rounds: list[int | None]) -> dict[str, Any]:
        body: dict[str, Any] = {}
        for scores in rounds:
            response = api.call("POST", f"{match.path}/rounds", match.host,
                                json={"scores": scores})
            assert response.status_code == 201, response.get_json()
            body = response.get_json()
        return body

    return play


@pytest.fixture
def refused(api, app):
    """Send a request that must be refused with `status`; answer its error once nothing changed."""

    def refused(match: Started, status: int, method: str, path: str, token=None,
                **kwargs) -> dict[str, Any]:
        before = stored(api, app, match)
        matches = match_count(app)
        error = error_of(api.call(method, path, token, **kwargs), status)
        assert stored(api, app, match) == before
        assert match_count(app) == matches
        return error

    return refused
