"""A phone polling a real server: 304 with nothing while nothing changed, the news right after."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.live

POLLS = 6  # enough for both workers to answer some


def test_a_poll_is_304_until_a_write_then_200_with_the_new_etag(live):
    match = live.create(3)
    match_id, tokens = match["id"], match["tokens"]
    path = f"/matches/{match_id}"
    first = live.api("GET", path, tokens["view"])
    assert first.status == 200 and first.etag == '"1"' and first.json()["version"] == 1

    for token in (tokens["view"], tokens["seats"][2], tokens["host"]):
        for _ in range(POLLS):
            poll = live.api("GET", path, token, headers={"If-None-Match": first.etag})
            assert (poll.status, poll.body, poll.etag) == (304, b"", '"1"')

    wrote = live.api("PUT", f"{path}/rounds/1/seats/2", tokens["seats"][2], {"score": 11})
    assert wrote.status == 201 and wrote.etag == '"2"'
    for _ in range(POLLS):
        poll = live.api("GET", path, tokens["view"], headers={"If-None-Match": first.etag})
        assert poll.status == 200 and poll.etag == '"2"'
        assert poll.json()["version"] == 2
        assert poll.json()["rounds"][0]["input"]["scores"] == [None, None, 11]
        again = live.api("GET", path, tokens["view"], headers={"If-None-Match": poll.etag})
        assert (again.status, again.body) == (304, b"")
    # A tag a proxy weakened still matches; a tag for another version does not.
    assert live.api("GET", path, tokens["view"], headers={"If-None-Match": 'W/"2"'}).status == 304
    stale = live.api("GET", path, tokens["view"], headers={"If-None-Match": '"1", "3"'})
    assert stale.status == 200


def test_a_poll_with_a_dead_or_foreign_link_is_not_a_304(live):
    mine, other = live.create(2), live.create(2)
    path = f"/matches/{mine['id']}"
    tag = {"If-None-Match": '"1"'}
    # Both matches are at version 1: the tag alone must not let another match's link in.
    assert live.api("GET", path, other["tokens"]["view"], headers=tag).status == 404
    assert live.api("GET", path, None, headers=tag).status == 401
    assert live.api("GET", path, "x" * 43, headers=tag).status == 401
