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


@pytest.fixture
def start(api):
    def start(players=("Ana", "Ben", "Cy"), **options) -> Started:
        created = api.create(players, options=options or None)
        tokens = created["tokens"]
        return Started(created["id"], tokens["host"], tokens["view"], tuple(tokens["seats"]),
                       created)

    return start


@pytest.fixture
def match(start) -> Started:
    """Three players, no target, no round limit."""
    return start()


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


@pytest.fixture
def start_banakil(api):
    """start_banakil(players, **options): a Banakil match (two players, Dana and Ravi, unless
    told otherwise) as the phone that created it holds it."""

    def start(players=("Dana", "Ravi"), **options) -> Started:
        created = api.create(players, game="banakil", options=options or None)
        tokens = created["tokens"]
        return Started(created["id"], tokens["host"], tokens["view"], tuple(tokens["seats"]),
                       created)

    return start


@pytest.fixture
def start_blue_banana(api):
    """start_blue_banana(players, **options): a Blue Banana match (Ana, Ben and Cy unless told
    otherwise) as the phone that created it holds it."""

    def start(players=("Ana", "Ben", "Cy"), **options) -> Started:
        created = api.create(players, game="blue_banana", options=options or None)
        tokens = created["tokens"]
        return Started(created["id"], tokens["host"], tokens["view"], tuple(tokens["seats"]),
                       created)

    return start
