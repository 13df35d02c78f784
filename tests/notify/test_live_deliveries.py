"""Deliveries on the real server (tests/launcher.py's gunicorn, two gevent workers): one worker
sends, off the request; a server killed (-9) while a delivery's try waits on its receiver sends
it again after its restart, with the same delivery id, and the receiver gets it once more, not
twice more."""

from __future__ import annotations

import json

import pytest
from launcher import Server, request
from receivers import until

pytestmark = pytest.mark.live


def test_a_delivery_pending_when_the_server_is_killed_is_delivered_after_its_restart(
        tmp_path, receiver):
    server = Server(tmp_path / "server", access_log=False, env={
        "NOTIFY_NETWORKS": "any", "NOTIFY_POLL_SECONDS": "0.1",
        "NOTIFY_TIMEOUT_SECONDS": "60"})
    server.start()
    try:
        group = server_api(server, "POST", "/groups", json_body={
            "name": "Thursday", "players": ["Ana", "Ben"]})
        owner = group["tokens"]["owner"]
        hook = server_api(server, "POST", f"/groups/{group['id']}/destinations", owner,
                          {"kind": "webhook", "url": receiver.url, "events": ["match_banked"]})
        match = server_api(server, "POST", "/matches", owner, {
            "game": "generic", "players": ["Ana", "Ben"], "group": group["id"],
            "options": {"rounds": 1}})
        host = match["tokens"]["host"]
        server_api(server, "POST", f"/matches/{match['id']}/rounds", host, {"scores": [3, 1]})
        receiver.answers = ["silent"]  # the first try waits on its answer…
        server_api(server, "POST", f"/matches/{match['id']}/bank", host)
        (first,) = receiver.wait_for(1)
        server.kill()  # …when the whole server dies

        server.start()  # the receiver answers 200 from now on
        second = receiver.wait_for(2)[1]
        assert second.headers["X-SquareScores-Delivery"] == \
            first.headers["X-SquareScores-Delivery"] == json.loads(first.body)["id"]
        assert second.body == first.body

        def delivered():
            listed = server_api(server, "GET", f"/groups/{group['id']}/destinations", owner)
            (delivery,) = listed["destinations"][0]["deliveries"]
            return delivery if delivery["status"] == "delivered" else None

        delivery = until(delivered)
        # The killed try was never written down: the one after the restart is its first.
        assert (delivery["attempts"], delivery["code"]) == (1, 200)
        assert len(receiver.received) == 2  # one worker of the two sends
        assert hook["id"] and "Traceback" not in server.log_text()
    finally:
        server.stop()


def server_api(server, method, path, token=None, json_body=None):
    reply = request(server.port, method, f"/api/v1{path}", token, json_body)
    assert reply.status in (200, 201, 202), reply.body[:300]
    return reply.json()


@pytest.mark.parametrize("kind", ["webhook", "notify"])
def test_a_destination_named_by_its_host_is_added_and_delivered_with_no_worker_killed(
        tmp_path, receiver, kind):
    """Every real destination is named by its host (a chat's, a home's): `localhost` here, the one
    name this machine resolves. gunicorn's master once imported the app before gevent patched the
    workers, and the name's resolution then blocked the worker holding it on a thread-made queue
    until gunicorn killed it, again and again while a delivery was pending (issue 41)."""
    server = Server(tmp_path / "server", access_log=False, env={
        "NOTIFY_NETWORKS": "any", "NOTIFY_POLL_SECONDS": "0.1"})
    server.start()
    try:
        server.all_workers_ready()
        workers = sorted(server.worker_pids())
        group = server_api(server, "POST", "/groups", json_body={
            "name": "Thursday", "players": ["Ana", "Ben"]})
        owner = group["tokens"]["owner"]
        port = receiver.server.server_port
        url = (f"http://localhost:{port}/hook/secret-path-0123456789abcdef" if kind == "webhook"
               else f"json://localhost:{port}/hook/secret-path-0123456789abcdef")
        server_api(server, "POST", f"/groups/{group['id']}/destinations", owner,
                   {"kind": kind, "url": url, "events": ["match_banked"]})
        match = server_api(server, "POST", "/matches", owner, {
            "game": "generic", "players": ["Ana", "Ben"], "group": group["id"],
            "options": {"rounds": 1}})
        host = match["tokens"]["host"]
        server_api(server, "POST", f"/matches/{match['id']}/rounds", host, {"scores": [3, 1]})
        server_api(server, "POST", f"/matches/{match['id']}/bank", host)
        (delivered,) = receiver.wait_for(1)
        assert delivered.path == "/hook/secret-path-0123456789abcdef"
        assert b"Ana" in delivered.body

        def settled():
            listed = server_api(server, "GET", f"/groups/{group['id']}/destinations", owner)
            (delivery,) = listed["destinations"][0]["deliveries"]
            return delivery if delivery["status"] == "delivered" else None

        assert until(settled)["attempts"] == 1
        assert "WORKER TIMEOUT" not in server.log_text()
        assert sorted(server.worker_pids()) == workers  # none killed, none replaced
    finally:
        server.stop()
