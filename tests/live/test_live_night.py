"""SPEC section 7: one event stream for a whole night, on a real gunicorn: a save at any of its
tables and its next seating reach it, whichever worker wrote them; its links stay out of the
logs (the session's check)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.live


def test_a_save_at_any_table_and_a_new_seating_wake_the_nights_one_stream(live):
    group = live.api("POST", "/groups", json_body={
        "name": "Club", "players": [f"P{i}" for i in range(8)]}).json()
    owner = group["tokens"]["owner"]
    live.secrets.update(group["tokens"].values())
    reply = live.api("POST", f"/groups/{group['id']}/nights", owner, {
        "game": "generic", "players": [p["id"] for p in group["players"]], "table_size": 4,
        "options": {"rounds": 1}})
    assert reply.status == 201, reply.body
    night = reply.json()
    tokens = night["tokens"]
    live.secrets.update([tokens["tv"], *(p["token"] for p in tokens["players"])])
    for table in night["seatings"][0]:
        live.remember(table["tokens"])
    with live.stream(f"/n/{tokens['tv']}/events") as screen, \
            live.stream(f"/api/v1/nights/{night['id']}/events", owner) as organiser:
        for stream in (screen, organiser):
            assert stream.status == 200
            assert stream.next()["data"] == {"version": night["version"], "status": "active"}
        version = night["version"]
        for table in night["seatings"][0]:  # a save at each table, then its banking
            host = table["tokens"]["host"]
            path = f"/matches/{table['match']}"
            for write in (("POST", f"{path}/rounds", {"scores": [4, 3, 2, 1]}),
                          ("POST", f"{path}/bank", None)):
                assert live.api(write[0], write[1], host, write[2]).status in (200, 201)
                seen = [stream.next()["data"]["version"] for stream in (screen, organiser)]
                assert seen[0] == seen[1] > version
                version = seen[0]
        reply = live.api("POST", f"/nights/{night['id']}/seatings", owner)
        assert reply.status == 201
        for table in reply.json()["seatings"][1]:
            live.remember(table["tokens"])
        for stream in (screen, organiser):
            assert stream.next()["data"] == {"version": reply.json()["version"],
                                             "status": "active"}
    live.settle()
