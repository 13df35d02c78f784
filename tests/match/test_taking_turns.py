"""Long work that takes turns (app/turns.py): a match's replay gives way between its rounds, and
an import between the rounds of each match it checks, not only between matches (issue 41: one
read or import of a long designed match held its worker until gunicorn killed it)."""

from __future__ import annotations

import dataclasses

import pytest
from api_helpers import bank_export, free_sheet, imported

from app import turns
from app.extensions import db
from app.services.match.sheet import load_sheet


@pytest.fixture
def turns_taken(monkeypatch):
    """Every time long work offers to give way (whether or not its slice is up)."""
    offered: list[int] = []
    real = turns.turn

    def counted() -> None:
        offered.append(1)
        real()

    monkeypatch.setattr(turns, "turn", counted)
    return offered


def test_a_first_read_of_a_long_match_gives_way_between_its_rounds(app, api, turns_taken):
    match = api.call("POST", "/matches", json={"game": "generic", "players": ["Ana", "Ben"]})
    made = match.get_json()
    for n in range(300):
        assert api.call("POST", f"/matches/{made['id']}/rounds", made["tokens"]["host"],
                        json={"scores": [n, 1]}).status_code == 201
    with app.app_context():
        app.extensions["squarescores.cache"].__init__(app.config["CACHE_BYTES"])  # nothing kept
        turns_taken.clear()
        sheet = load_sheet(made["id"])
        db.session.rollback()
    assert len(sheet.rounds) == 300
    assert len(turns_taken) >= 300


def test_an_import_gives_way_between_the_rounds_of_one_long_match(api, turns_taken):
    roster = {1: "Ana", 2: "Ben"}
    rounds = [[n % 7, 3] for n in range(400)]
    export = bank_export(roster, [free_sheet(roster, [1, 2], rounds)])
    turns_taken.clear()
    imported(api, export)
    # Each round read, then each replayed: twice the rounds at least, where giving way only
    # between matches offered a handful.
    assert len(turns_taken) >= 2 * len(rounds)


# --- long replays made outside the write lock (services/match/outside.py) ----------------------

@pytest.fixture
def replays_seen(monkeypatch):
    """Each replay of the free sheet: how many rounds, and whether the write lock was held."""
    from app.extensions import holds_write_lock
    from app.games import GAMES

    game = GAMES["generic"]
    seen: list[tuple[int, bool]] = []
    real = game.replay

    def replay(players, options, rounds, secrets=()):
        seen.append((len(rounds), holds_write_lock()))
        return real(players, options, rounds, secrets)

    monkeypatch.setitem(GAMES, "generic", dataclasses.replace(game, replay=replay))
    return seen


def long_match(api, rounds: int = 600) -> dict:
    made = api.call("POST", "/matches", json={"game": "generic", "players": ["Ana", "Ben"]})
    match = made.get_json()
    for n in range(rounds):
        assert api.call("POST", f"/matches/{match['id']}/rounds", match["tokens"]["host"],
                        json={"scores": [n, 1]}).status_code == 201
    return match


def test_a_round_changed_before_the_last_is_replayed_with_no_lock_held(app, api, replays_seen):
    """600 rounds of two players: round 1 changed replays them all, and no write waits on it."""
    match = long_match(api)
    replays_seen.clear()
    changed = api.call("PUT", f"/matches/{match['id']}/rounds/1", match["tokens"]["host"],
                       json={"scores": [100, 1]})
    assert changed.status_code == 200
    assert changed.get_json()["totals"][0] == 100 + sum(range(1, 600))
    long_ones = [locked for rounds, locked in replays_seen if rounds == 600]
    assert long_ones and not any(long_ones)


def test_a_worker_that_never_read_the_version_replays_it_before_taking_the_lock(app, api,
                                                                                 replays_seen):
    match = long_match(api)
    with app.app_context():
        app.extensions["squarescores.cache"].__init__(app.config["CACHE_BYTES"])  # nothing kept
    replays_seen.clear()
    added = api.call("POST", f"/matches/{match['id']}/rounds", match["tokens"]["host"],
                     json={"scores": [1, 1]})
    assert added.status_code == 201 and len(added.get_json()["rounds"]) == 601
    assert replays_seen and not any(locked for rounds, locked in replays_seen if rounds >= 600)


def test_a_short_match_is_replayed_where_it_is_asked_for(app, api, replays_seen):
    """Running a request again costs more than a short replay: those stay under the lock."""
    match = long_match(api, rounds=20)
    replays_seen.clear()
    assert api.call("PUT", f"/matches/{match['id']}/rounds/1", match["tokens"]["host"],
                    json={"scores": [100, 1]}).status_code == 200
    assert (20, True) in replays_seen


def test_a_write_waits_for_another_requests_replay_with_no_lock_held(app, api, monkeypatch):
    """A phone's first read of a long match is replaying it when a write comes: the write waits
    for that replay (made once), but outside the write lock, where it had held it meanwhile."""
    import threading

    from flask import has_request_context

    from app import cache as cache_module
    from app.extensions import holds_write_lock
    from app.games import GAMES

    match = long_match(api)
    game, started, release = GAMES["generic"], threading.Event(), threading.Event()

    def slow(players, options, rounds, secrets=()):
        if len(rounds) >= 600:
            started.set()
            release.wait(10)
        return game.replay(players, options, rounds, secrets)

    monkeypatch.setitem(GAMES, "generic", dataclasses.replace(game, replay=slow))
    waits: list[bool] = []

    class Noted(threading.Event):
        def wait(self, timeout=None):
            if has_request_context():  # a request waiting for another's value
                waits.append(holds_write_lock())
            return super().wait(timeout)

    monkeypatch.setattr(cache_module.threading, "Event", Noted)
    with app.app_context():
        app.extensions["squarescores.cache"].__init__(app.config["CACHE_BYTES"])
    answers: dict[str, int] = {}

    def read():
        answers["read"] = app.test_client().get(
            f"/api/v1/matches/{match['id']}",
            headers={"Authorization": f"Bearer {match['tokens']['host']}"}).status_code

    def write():
        answers["write"] = app.test_client().post(
            f"/api/v1/matches/{match['id']}/rounds", json={"scores": [1, 1]},
            headers={"Authorization": f"Bearer {match['tokens']['host']}"}).status_code

    reader = threading.Thread(target=read)
    reader.start()
    assert started.wait(10)
    writer = threading.Thread(target=write)
    writer.start()
    writer.join(0.5)  # it waits for the reader's replay...
    release.set()
    reader.join(10)
    writer.join(10)
    assert answers == {"read": 200, "write": 201}
    assert waits and not any(waits)  # ...never holding the lock meanwhile
