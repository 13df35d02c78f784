"""API fixtures: start a match, play rounds, and send requests that must be refused."""

from __future__ import annotations

from typing import Any

import pytest
from api_helpers import Started, StartedGroup, error_of, group_stored, match_count, stored
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


@pytest.fixture
def new_group(api):
    """new_group(name="Thursday", players=None): a new group as its owner holds it."""

    def new_group(name="Thursday", players=None) -> StartedGroup:
        body = {"name": name} | ({} if players is None else {"players": list(players)})
        response = api.call("POST", "/groups", json=body)
        assert response.status_code == 201, response.get_json()
        created = response.get_json()
        return StartedGroup(created["id"], created["tokens"]["owner"], created["tokens"]["view"],
                            created)

    return new_group


@pytest.fixture
def group(new_group) -> StartedGroup:
    """The Thursday table: Ana, Ben and Cy on the roster."""
    return new_group(players=["Ana", "Ben", "Cy"])


@pytest.fixture
def start_in(api):
    """start_in(group, players, game="generic", **options): a match started in the group."""

    def start_in(group: StartedGroup, players=ANA_BEN_CY, game="generic", **options) -> Started:
        response = api.call("POST", "/matches", group.owner, json={
            "game": game, "players": list(players), "options": options, "group": group.id})
        assert response.status_code == 201, response.get_json()
        created = response.get_json()
        tokens = created["tokens"]
        return Started(created["id"], tokens["host"], tokens["view"], tuple(tokens["seats"]),
                       created)

    return start_in


@pytest.fixture
def banked_in(api, start_in, play):
    """banked_in(group, players, *rounds, **options): a free-sheet match of the group, played
    round by round (its round count is theirs) and banked."""

    def banked_in(group: StartedGroup, players, *rounds, **options) -> Started:
        match = start_in(group, players, rounds=len(rounds), **options)
        play(match, *rounds)
        response = api.call("POST", f"{match.path}/bank", match.host)
        assert response.status_code == 200, response.get_json()
        return match

    return banked_in


@pytest.fixture
def group_refused(api, app):
    """Send a request that must be refused with `status`; answer its error once nothing changed
    (the group as its owner sees it, and how many groups and matches there are)."""

    def group_refused(group: StartedGroup, status: int, method: str, path: str, token=None,
                      **kwargs) -> dict[str, Any]:
        before = group_stored(api, app, group)
        error = error_of(api.call(method, path, token, **kwargs), status)
        assert group_stored(api, app, group) == before
        return error

    return group_refused
