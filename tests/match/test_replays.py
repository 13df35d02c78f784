"""A write replays its match at most once: it finds the replay of the version it changes kept (by
the reads of it, or by the write that made it), carries it on where a round is added or the last
one changed, and keeps what it made as its own version's, for its answer and what comes next.
And what is kept is exactly what a replay from the stored rows gives."""

from __future__ import annotations

import dataclasses

import pytest

from app.cache import EXTENSION, Cache
from app.games import GAMES
from app.services.match.sheet import load_sheet


@pytest.fixture
def counted(monkeypatch):
    """Every full replay and every carried-on one of the free sheet and Banakil, counted."""
    calls = {"replay": 0, "extend": 0}
    for name in ("generic", "banakil"):
        game = GAMES[name]

        def replay(*args, _replay=game.replay):
            calls["replay"] += 1
            return _replay(*args)

        def extend(*args, _extend=game.extend):
            calls["extend"] += 1
            return _extend(*args)

        monkeypatch.setitem(GAMES, name, dataclasses.replace(game, replay=replay, extend=extend))
    return calls


def forget(app) -> None:
    """This process keeps nothing any more (a worker that never saw the match)."""
    app.extensions[EXTENSION] = Cache(app.config["CACHE_BYTES"])


def counts_of(counted, write) -> dict:
    counted.update(replay=0, extend=0)
    reply = write()
    assert reply.status_code in (200, 201), reply.get_json()
    return dict(counted)


def test_a_round_added_replays_nothing_before_it(app, api, counted):
    match = api.create(["Ana", "Ben", "Cy", "Dee"])
    path, host = f"/matches/{match['id']}", match["tokens"]["host"]
    for n in range(3):
        api.call("POST", f"{path}/rounds", host, {"scores": [n, 1, 2, 3]})
    forget(app)

    def add():
        return api.call("POST", f"{path}/rounds", host, {"scores": [1, 2, 3, 4]})

    # A worker that kept nothing replays the match once, then carries it one round on.
    assert counts_of(counted, add) == {"replay": 1, "extend": 1}
    # The next write finds the version its answer kept: nothing is replayed.
    assert counts_of(counted, add) == {"replay": 0, "extend": 1}
    assert counts_of(counted, lambda: api.call("GET", path, host)) == {"replay": 0, "extend": 0}
    # A seat's part typed into a new round, then into that round again; the round deleted.
    assert counts_of(counted, lambda: api.call("PUT", f"{path}/rounds/6/seats/0", host,
                                               {"score": 5})) == {"replay": 0, "extend": 1}
    assert counts_of(counted, lambda: api.call("PUT", f"{path}/rounds/6/seats/2", host,
                                               {"score": 7})) == {"replay": 0, "extend": 1}
    assert counts_of(counted, lambda: api.call("DELETE", f"{path}/rounds/6", host)
                     ) == {"replay": 0, "extend": 0}
    # A round in the middle replaced: one replay, no more.
    assert counts_of(counted, lambda: api.call("PUT", f"{path}/rounds/2", host,
                                               {"scores": [9, 9, 9, 9]}))["replay"] == 1
    # Changes to no round (a note) replay nothing.
    assert counts_of(counted, lambda: api.call("PATCH", path, host, {"note": "Ben's birthday"})
                     ) == {"replay": 0, "extend": 0}


HANDS = [{"score": 22, "went_out": True}, {"score": -3}, {"score": 14}]


@pytest.mark.parametrize(("game", "options", "body", "part"), [
    ("generic", {"target": 40}, lambda n: {"scores": [n % 5, 3, -2]}, {"score": 4}),
    ("banakil", {"target": 300},
     lambda n: {"dead": True} if n == 2 else {"dead": False,
                                             "hands": HANDS[n % 3:] + HANDS[:n % 3]},
     {"score": -7}),
    ("blue_banana", {"rounds": 8},
     lambda n: {"players": [{"correct": n % 4, "incorrect": 1, "banana": None},
                            {"correct": 2, "incorrect": n % 2, "banana": "correct"},
                            {"correct": 1, "incorrect": 0, "banana": None}]},
     {"correct": 3, "incorrect": 0, "banana": None}),
])
def test_what_a_write_keeps_is_what_a_replay_of_the_stored_rows_gives(app, api, game, options,
                                                                     body, part):
    match = api.create(["Ana", "Ben", "Cy"], game=game, options=options)
    path, host = f"/matches/{match['id']}", match["tokens"]["host"]
    writes = [("POST", f"{path}/rounds", body(n)) for n in range(6)]
    writes += [("PUT", f"{path}/rounds/7/seats/1", part), ("DELETE", f"{path}/rounds/7", None),
               ("PUT", f"{path}/rounds/3", body(4)), ("POST", f"{path}/rounds", body(1)),
               ("POST", f"{path}/undo", None), ("POST", f"{path}/undo", None)]
    for method, where, sent in writes:
        reply = api.call(method, where, host, sent)
        assert reply.status_code in (200, 201), (method, where, reply.get_json())
        kept = api.call("GET", path, host).get_json()
        with app.app_context():
            carried = load_sheet(match["id"])
            forget(app)
            replayed = load_sheet(match["id"])
        assert (carried.rounds, carried.result) == (replayed.rounds, replayed.result)
        assert reply.get_json() == kept == api.call("GET", path, host).get_json()


def test_the_live_preview_of_the_next_hand_carries_the_kept_replay_on(app, api, client, counted):
    match = api.create(["Ana", "Ben", "Cy"], game="banakil", options={"target": 100_000})
    path, host = f"/matches/{match['id']}", match["tokens"]["host"]
    for n in range(8):
        assert api.call("POST", f"{path}/rounds", host,
                        {"dead": False, "hands": HANDS[n % 3:] + HANDS[:n % 3]}).status_code == 201
    preview = f"/m/{host}/round/9/hand/1/preview?mode=score&score=15"

    def shown():
        reply = client.get(preview)
        assert reply.status_code == 200 and reply.get_json()["ok"], reply.get_json()
        return reply

    # Each keystroke's preview carries the version's kept replay one hand on: nothing replayed.
    assert counts_of(counted, shown) == {"replay": 0, "extend": 1}
    assert counts_of(counted, shown) == {"replay": 0, "extend": 1}
    # And it says what a worker that kept nothing says, having replayed the match.
    carried = shown().get_json()
    forget(app)
    assert counts_of(counted, shown)["replay"] == 1
    assert shown().get_json() == carried
