"""Replacing a link on a real server: the old secret dies at once, on every worker."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.live

# Both workers must agree, whichever one answers: ask each question several times.
TRIES = 4


def _statuses(live, method, path, token=None, json_body=None):
    return {live.api(method, path, token, json_body).status for _ in range(TRIES)}


def _page(live, token):
    return {live.request("GET", f"/m/{token}").status for _ in range(TRIES)}


def test_a_replaced_seat_or_view_link_stops_working_and_the_new_one_works(live):
    match = live.create(3)
    match_id, old = match["id"], match["tokens"]
    host = old["host"]
    path = f"/matches/{match_id}"
    # The old seat link works until it is replaced.
    assert live.api("PUT", f"{path}/rounds/1/seats/1", old["seats"][1], {"score": 4}).status == 201

    reply = live.api("POST", f"{path}/tokens/replace", host, {"role": "seat", "seat": 1})
    assert reply.status == 200
    seat_swap = live.remember(reply.json())
    new_seat = seat_swap["seats"][1]
    assert new_seat != old["seats"][1]
    assert seat_swap["host"] == host and seat_swap["view"] == old["view"]
    assert seat_swap["seats"][0] == old["seats"][0] and seat_swap["seats"][2] == old["seats"][2]

    reply = live.api("POST", f"{path}/tokens/replace", host, {"role": "view"})
    assert reply.status == 200
    new = live.remember(reply.json())
    assert new["view"] != old["view"] and new["seats"][1] == new_seat and new["host"] == host

    for dead in (old["seats"][1], old["view"]):
        assert _statuses(live, "GET", path, dead) == {401}
        assert _page(live, dead) == {404}
    assert _statuses(live, "PUT", f"{path}/rounds/1/seats/1", old["seats"][1],
                     {"score": 99}) == {401}
    assert _statuses(live, "POST", f"{path}/bank", old["seats"][1]) == {401}

    assert _statuses(live, "GET", path, new["view"]) == {200}
    assert _page(live, new["view"]) == {200}
    assert _page(live, new_seat) == {200}
    assert live.api("PUT", f"{path}/rounds/1/seats/1", new_seat, {"score": 7}).status == 200
    assert _statuses(live, "GET", path, host) == {200}
    assert _page(live, host) == {200}
    assert _statuses(live, "GET", f"{path}/tokens", host) == {200}
    # The other seats keep their links.
    assert live.api("PUT", f"{path}/rounds/1/seats/0", old["seats"][0], {"score": 2}).status == 200

    # What the dead seat link tried to write never landed.
    sheet = live.api("GET", path, host).json()
    assert sheet["rounds"][0]["input"]["scores"] == [2, 7, None]
    replaced = [c for c in live.api("GET", f"{path}/history", host).json()["changes"]
                if c["action"] == "replace_link"]
    assert [(c["seat"], c["after"]) for c in replaced] == [
        (1, {"role": "seat"}), (None, {"role": "view"})]


def test_only_the_host_replaces_links_and_a_replaced_host_link_dies(live):
    match = live.create(2)
    match_id, tokens = match["id"], match["tokens"]
    path = f"/matches/{match_id}/tokens/replace"
    for token in (tokens["seats"][0], tokens["seats"][1], tokens["view"]):
        for body in ({"role": "seat", "seat": 0}, {"role": "view"}, {"role": "host"}):
            assert live.api("POST", path, token, body).status == 403
    now = live.api("GET", f"/matches/{match_id}/tokens", tokens["host"]).json()
    assert {role: now[role] for role in tokens} == tokens, "a refused replacement changed a link"

    reply = live.api("POST", path, tokens["host"], {"role": "host"})
    assert reply.status == 200
    new = live.remember(reply.json())
    assert new["host"] != tokens["host"]
    assert new["view"] == tokens["view"] and new["seats"] == tokens["seats"]
    assert _statuses(live, "GET", f"/matches/{match_id}", tokens["host"]) == {401}
    assert _statuses(live, "POST", path, tokens["host"], {"role": "view"}) == {401}
    assert _page(live, tokens["host"]) == {404}
    assert _statuses(live, "GET", f"/matches/{match_id}/tokens", new["host"]) == {200}
    assert _page(live, new["host"]) == {200}
