"""Phones holding event streams on a real gunicorn (gevent workers): every change reaches every
stream, whichever worker wrote it and whichever holds the stream; replaced links end theirs; a
stopping server lets its streams go at once."""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path

import pytest
from event_streams import HTTPEvents
from launcher import Server, request

pytestmark = pytest.mark.live

PHONES = 10  # enough that both workers hold some streams


def _write(live, match: dict, scores: list[int]) -> int:
    reply = live.api("POST", f"/matches/{match['id']}/rounds", match["tokens"]["host"],
                     {"scores": scores})
    assert reply.status == 201, reply.body
    return reply.json()["version"]


def test_every_phone_gets_every_change_whichever_worker_wrote_it(live):
    match = live.create(4, rounds=3)
    tokens = match["tokens"]
    links = [tokens["view"], *tokens["seats"], tokens["host"]]
    streams = []
    try:
        for n in range(PHONES):
            token = links[n % len(links)]
            if n % 2:
                streams.append(live.stream(f"/m/{token}/events"))
            else:
                streams.append(live.stream(f"/api/v1/matches/{match['id']}/events", token))
        for stream in streams:
            assert stream.status == 200
            assert stream.headers["Content-Type"].startswith("text/event-stream")
            assert stream.headers["Cache-Control"] == "no-store"
            assert stream.headers["X-Accel-Buffering"] == "no"
            assert stream.next() == {"id": "1", "event": "version",
                                     "data": {"version": 1, "status": "active"}}

        # Each write goes to whichever worker accepts it; each phone sees each version once,
        # in order (each write waits for every phone, so none is skipped).
        for number, status in ((1, "active"), (2, "active"), (3, "over")):
            version = _write(live, match, [number] * 4)
            for stream in streams:
                assert stream.next() == {"id": str(version), "event": "version",
                                         "data": {"version": version, "status": status}}
        banked = live.api("POST", f"/matches/{match['id']}/bank", tokens["seats"][2])
        assert banked.status == 200
        for stream in streams:
            assert stream.next()["data"] == {"version": 5, "status": "banked"}
    finally:
        for stream in streams:
            stream.close()


def test_a_phone_that_reconnects_says_what_it_has(live):
    match = live.create(2)
    path = f"/api/v1/matches/{match['id']}/events"
    view = match["tokens"]["view"]
    _write(live, match, [1, 2])
    # Behind: the current version at once.
    with live.stream(path, view, {"Last-Event-ID": "1"}) as behind:
        assert behind.next_item() == ("event", {"id": "2", "event": "version",
                                                "data": {"version": 2, "status": "active"}})
    # Up to date: a comment to open, then nothing until the next change, which comes as one.
    with live.stream(f"/m/{view}/events", headers={"Last-Event-ID": "2"}) as current:
        assert current.next_item()[0] == "comment"
        version = _write(live, match, [3, 4])
        assert current.next() == {"id": str(version), "event": "version",
                                  "data": {"version": version, "status": "active"}}


def test_an_idle_stream_keeps_speaking(live):
    match = live.create(2)
    with live.stream(f"/m/{match['tokens']['seats'][0]}/events") as stream:
        assert stream.next()["id"] == "1"
        # The live server's streams speak every half second (SPEC: at least every 25 s).
        assert stream.next_item()[0] == "comment"
        assert stream.next_item()[0] == "comment"


def test_a_replaced_link_ends_its_streams_and_opens_none_again(live):
    match = live.create(3)
    match_id, tokens = match["id"], match["tokens"]
    path = f"/api/v1/matches/{match_id}/events"
    old_seat = tokens["seats"][1]
    gone = [live.stream(path, old_seat), live.stream(f"/m/{old_seat}/events")]
    stays = [live.stream(path, tokens["seats"][0]), live.stream(f"/m/{tokens['view']}/events")]
    try:
        for stream in gone + stays:
            assert stream.next()["id"] == "1"
        reply = live.api("POST", f"/matches/{match_id}/tokens/replace", tokens["host"],
                         {"role": "seat", "seat": 1})
        assert reply.status == 200
        new_seat = live.remember(reply.json())["seats"][1]
        for stream in gone:
            assert stream.next() is None and stream.ended
        for stream in stays:
            assert stream.next()["id"] == "2"
    finally:
        for stream in gone + stays:
            stream.close()
    assert live.request("GET", f"/m/{old_seat}/events").status == 404
    assert live.api("GET", f"/matches/{match_id}/events", old_seat).status == 401
    with live.stream(f"/m/{new_seat}/events") as stream:
        assert stream.next()["id"] == "2"


def test_bad_links_on_the_streams(live):
    mine, other = live.create(2), live.create(2)
    path = f"/matches/{mine['id']}/events"
    assert live.api("GET", path).status == 401
    assert live.api("GET", path, "x" * 43).status == 401
    assert live.api("GET", path, other["tokens"]["view"]).status == 404
    assert live.request("GET", "/m/" + "x" * 43 + "/events").status == 404


def test_a_stopping_server_ends_its_streams_and_stops_at_once():
    folder = Path(tempfile.mkdtemp(prefix="squarescores-live-stop-"))
    # Streams that held the workers would hold them for the whole graceful timeout, and a
    # stream's connection kept alive once it ended, for the keepalive: both long here, so that
    # a stop slowed only by a loaded machine is told apart from one they held.
    server = Server(folder, env={"GUNICORN_CMD_ARGS": f"--graceful-timeout {HELD_FOR}",
                                 "KEEPALIVE": str(HELD_FOR)})
    server.start()
    streams = []
    try:
        _, _, body = request(server.port, "POST", "/api/v1/matches",
                             json_body={"game": "generic", "players": ["A", "B"]})
        view = json.loads(body)["tokens"]["view"]
        streams = [HTTPEvents(server.port, f"/m/{view}/events") for _ in range(4)]
        for stream in streams:
            assert stream.next()["id"] == "1"
        # A worker told to stop while it still loads can miss the signal (gunicorn's own
        # race): stopped once every worker is up.
        server.all_workers_ready()
        server.process.terminate()
        try:
            code = server.process.wait(timeout=HELD_FOR / 4)
        except subprocess.TimeoutExpired:
            pytest.fail("the server was still stopping:\n"
                        + server.logs["error"].read_text(errors="replace")[-4000:])
        assert code == 0
        for stream in streams:
            assert stream.next() is None
    finally:
        for stream in streams:
            stream.close()
        server.stop()


HELD_FOR = 120


def test_the_threaded_server_ends_each_stream_after_its_first_message(tmp_path):
    """WORKER_CLASS=gthread: a few threads serve every request, so no stream may keep one; the
    browser's EventSource comes back after its retry, like a poll."""
    with Server(tmp_path, worker_class="gthread", threads=2) as server:
        _, _, body = request(server.port, "POST", "/api/v1/matches",
                             json_body={"game": "generic", "players": ["A", "B"]})
        view = json.loads(body)["tokens"]["view"]
        # More streams than threads, one after another: each answers and ends.
        for _ in range(4):
            with HTTPEvents(server.port, f"/m/{view}/events") as stream:
                assert stream.next()["data"] == {"version": 1, "status": "active"}
                assert stream.next() is None and stream.retry
        with HTTPEvents(server.port, f"/m/{view}/events", headers={"Last-Event-ID": "1"}) as up:
            assert up.next_item()[0] == "comment"
            assert up.next_item() == ("end", None)
        assert request(server.port, "GET", "/health")[0] == 200
