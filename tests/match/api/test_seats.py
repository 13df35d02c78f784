"""PUT .../rounds/<n>/seats/<seat>: each phone types its own score; n+1 opens the next round."""

from __future__ import annotations

import threading

import pytest
from api_helpers import get


def part(api, match, number, seat, token, score, **kwargs):
    return api.call("PUT", f"{match.path}/rounds/{number}/seats/{seat}", token,
                    json={"score": score}, **kwargs)


def test_a_seat_opens_the_next_round_and_the_others_complete_it(api, match):
    opened = part(api, match, 1, 1, match.seats[1], 7)

    assert opened.status_code == 201
    (round_,) = opened.get_json()["rounds"]
    assert round_ == {"number": 1, "status": "open", "input": {"scores": [None, 7, None]},
                      "cells": None}

    assert part(api, match, 1, 0, match.seats[0], 4).status_code == 200
    done = part(api, match, 1, 2, match.host, -2)

    assert done.status_code == 200
    assert done.get_json()["rounds"][0]["status"] == "complete"
    assert done.get_json()["rounds"][0]["cells"] == [4, 7, -2]
    assert done.get_json()["totals"] == [4, 7, -2]
    assert done.get_json() == get(api, match, match.host)


def test_the_host_may_open_a_round_with_any_seat(api, match, play):
    play(match, [1, 2, 3])

    response = part(api, match, 2, 2, match.host, 9)

    assert response.status_code == 201
    assert response.get_json()["rounds"][1]["input"] == {"scores": [None, None, 9]}


def test_a_seat_may_correct_its_part_of_a_complete_round(api, match, play):
    play(match, [1, 2, 3], [4, 5, 6])

    response = part(api, match, 1, 2, match.seats[2], 30)

    assert response.status_code == 200
    body = response.get_json()
    assert [r["cells"] for r in body["rounds"]] == [[1, 2, 30], [4, 5, 6]]
    assert body["totals"] == [5, 7, 36]


def test_a_seat_may_not_type_another_seats_part(match, play, refused):
    play(match, [1, None, 3])
    for number in (1, 2):
        refused(match, 403, "PUT", f"{match.path}/rounds/{number}/seats/1", match.seats[0],
                json={"score": 5})


def test_the_view_link_types_nothing(match, play, refused):
    play(match, [1, None, 3])
    refused(match, 403, "PUT", f"{match.path}/rounds/1/seats/1", match.view, json={"score": 5})


@pytest.mark.parametrize("number", [0, 3, 40])
def test_a_round_past_the_next_one_is_404(match, play, refused, number):
    play(match, [1, 2, 3])

    refused(match, 404, "PUT", f"{match.path}/rounds/{number}/seats/0", match.host,
            json={"score": 5})


@pytest.mark.parametrize("seat", [3, 12, 1000])
def test_an_unknown_seat_is_404(match, play, refused, seat):
    play(match, [1, 2, 3])

    refused(match, 404, "PUT", f"{match.path}/rounds/1/seats/{seat}", match.host,
            json={"score": 5})


def test_opening_a_round_while_an_earlier_one_is_open_is_409(match, play, refused):
    play(match, [1, None, 3])

    for token in [match.host, match.seats[0]]:
        refused(match, 409, "PUT", f"{match.path}/rounds/2/seats/0", token, json={"score": 5})


def test_opening_a_round_of_an_over_match_is_409(start, play, refused):
    match = start(("Ana", "Ben"), rounds=1)
    assert play(match, [1, 2])["status"] == "over"

    refused(match, 409, "PUT", f"{match.path}/rounds/2/seats/0", match.seats[0],
            json={"score": 5})


def test_a_part_that_would_end_the_match_before_its_last_round_is_409(start, play, refused):
    match = start(("Ana", "Ben"), target=20)
    play(match, [5, 5], [5, 5])

    refused(match, 409, "PUT", f"{match.path}/rounds/1/seats/0", match.seats[0],
            json={"score": 20})


def test_a_part_that_ends_the_match_in_its_last_round_is_accepted(api, start, play):
    match = start(("Ana", "Ben"), target=20)
    play(match, [5, 5], [5, None])

    response = part(api, match, 2, 1, match.seats[1], 15)

    assert response.status_code == 200
    assert response.get_json()["status"] == "over"
    assert response.get_json()["winners"] == [1]


@pytest.mark.parametrize("body, field", [
    ({"score": "abc"}, "score"),
    ({"score": 2.5}, "score"),
    ({"score": 1e30}, "score"),
    ({"score": True}, "score"),
    ({"score": None}, "score"),
    ({"score": 1_000_000_001}, "score"),
    ({}, "score"),
    ({"score": 1, "seat": 0}, "seat"),
    ([5], None),
    (5, None),
])
def test_a_part_that_is_not_a_score_is_422(match, play, refused, body, field):
    play(match, [1, None, 3])

    error = refused(match, 422, "PUT", f"{match.path}/rounds/1/seats/1", match.seats[1],
                    json=body)
    assert error.get("field") == field


@pytest.mark.parametrize("body", [{"score": "abc"}, {"score": 2.5}, {}])
def test_an_invalid_part_does_not_open_a_round(match, play, refused, body):
    play(match, [1, 2, 3])

    refused(match, 422, "PUT", f"{match.path}/rounds/2/seats/1", match.seats[1], json=body)


def test_a_negative_part_is_422_when_the_match_forbids_it(api, start, refused):
    match = start(allow_negative=False)
    assert part(api, match, 1, 0, match.seats[0], 0).status_code == 201

    error = refused(match, 422, "PUT", f"{match.path}/rounds/1/seats/1", match.seats[1],
                    json={"score": -1})
    assert error["field"] == "score"


def test_phones_typing_at_the_same_moment_open_one_round_and_lose_nothing(app, api, start):
    players = [f"P{i}" for i in range(6)]
    match = start(players)
    barrier = threading.Barrier(len(players))
    statuses: list[int] = []

    def type_score(seat: int) -> None:
        client = app.test_client()
        barrier.wait()
        response = client.put(f"/api/v1{match.path}/rounds/1/seats/{seat}",
                              json={"score": seat * 10},
                              headers={"Authorization": f"Bearer {match.seats[seat]}"})
        statuses.append(response.status_code)

    threads = [threading.Thread(target=type_score, args=(seat,)) for seat in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(statuses) == [200] * 5 + [201]
    body = get(api, match)
    assert body["version"] == 1 + len(players)
    assert body["rounds"] == [{"number": 1, "status": "complete",
                               "input": {"scores": [0, 10, 20, 30, 40, 50]},
                               "cells": [0, 10, 20, 30, 40, 50]}]
