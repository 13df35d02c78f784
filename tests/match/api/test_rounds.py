"""The host's rounds: POST the next one, PUT any one (later totals follow), DELETE the last."""

from __future__ import annotations

import json

import pytest
from api_helpers import get


def test_posting_a_round_answers_201_with_it_scored(api, match):
    response = api.call("POST", f"{match.path}/rounds", match.host, json={"scores": [12, -3, 0]})

    assert response.status_code == 201
    assert response.headers["ETag"] == '"2"'
    body = response.get_json()
    assert body["rounds"] == [{"number": 1, "status": "complete", "input": {"scores": [12, -3, 0]},
                               "cells": [12, -3, 0]}]
    assert body["totals"] == [12, -3, 0]
    assert body["status"] == "active"
    assert body["winners"] == []


def test_rounds_add_up_in_order(api, match, play):
    body = play(match, [1, 2, 3], [10, 20, 30], [-5, 0, 5])

    assert [r["number"] for r in body["rounds"]] == [1, 2, 3]
    assert [r["cells"] for r in body["rounds"]] == [[1, 2, 3], [10, 20, 30], [-5, 0, 5]]
    assert body["totals"] == [6, 22, 38]


def test_a_round_with_parts_missing_is_open_without_cells(api, match):
    response = api.call("POST", f"{match.path}/rounds", match.host,
                        json={"scores": [4, None, 6]})

    assert response.status_code == 201
    (round_,) = response.get_json()["rounds"]
    assert round_["status"] == "open"
    assert round_["cells"] is None
    assert round_["input"] == {"scores": [4, None, 6]}
    assert response.get_json()["totals"] == [0, 0, 0]


def test_replacing_a_round_recomputes_the_totals_after_it(api, match, play):
    play(match, [1, 2, 3], [10, 20, 30], [100, 200, 300])

    response = api.call("PUT", f"{match.path}/rounds/1", match.host, json={"scores": [5, 0, -7]})

    assert response.status_code == 200
    body = response.get_json()
    assert [r["cells"] for r in body["rounds"]] == [[5, 0, -7], [10, 20, 30], [100, 200, 300]]
    assert body["rounds"][0]["input"] == {"scores": [5, 0, -7]}
    assert body["totals"] == [115, 220, 323]
    assert body["leaders"] == [2]
    assert get(api, match) == body


def test_a_round_before_the_last_replaced_with_a_part_left_empty_is_422(api, match, play):
    # SPEC section 2: "a round before the last must stay complete or dead (a part left null
    # there is 422)": an open round in the middle of the sheet would have the next one wait.
    play(match, [1, 2, 3], [10, 20, 30])

    response = api.call("PUT", f"{match.path}/rounds/1", match.host, json={"scores": [5, None, 7]})

    assert response.status_code == 422
    assert response.get_json()["error"]["field"] == "scores[1]"
    assert [r["status"] for r in get(api, match)["rounds"]] == ["complete", "complete"]


def test_the_last_round_may_be_replaced_with_a_part_left_empty(api, match, play):
    play(match, [1, 2, 3], [10, 20, 30])

    response = api.call("PUT", f"{match.path}/rounds/2", match.host, json={"scores": [5, None, 7]})

    assert response.status_code == 200
    assert [r["status"] for r in response.get_json()["rounds"]] == ["complete", "open"]


def test_an_edit_may_end_the_match_at_its_last_round_and_another_may_reopen_it(api, start, play):
    match = start(("Ana", "Ben"), target=50)
    play(match, [10, 10], [20, 10])

    ended = api.call("PUT", f"{match.path}/rounds/1", match.host, json={"scores": [30, 10]})
    assert ended.status_code == 200
    assert ended.get_json()["status"] == "over"
    assert ended.get_json()["winners"] == [0]

    reopened = api.call("PUT", f"{match.path}/rounds/2", match.host, json={"scores": [0, 10]})
    assert reopened.status_code == 200
    assert reopened.get_json()["status"] == "active"
    assert reopened.get_json()["winners"] == []
    assert reopened.get_json()["totals"] == [30, 20]


def test_an_edit_that_would_end_the_match_before_its_last_round_is_409(start, play, refused):
    match = start(("Ana", "Ben"), target=50)
    play(match, [10, 10], [20, 10], [5, 5])

    error = refused(match, 409, "PUT", f"{match.path}/rounds/2", match.host,
                    json={"scores": [40, 10]})
    assert "round 2" in error["message"]


@pytest.mark.parametrize("if_match", ['"3"', "3", '"2", "3"', "*"])
def test_if_match_with_the_current_version_is_accepted(api, match, play, if_match):
    play(match, [1, 2, 3], [4, 5, 6])

    response = api.call("PUT", f"{match.path}/rounds/1", match.host, json={"scores": [0, 0, 0]},
                        headers={"If-Match": if_match})

    assert response.status_code == 200
    assert response.get_json()["version"] == 4


@pytest.mark.parametrize("if_match", ['"2"', "2", '"4"', 'W/"3"', "three", "", "\u00b2"])
def test_if_match_with_any_other_version_is_412(match, play, refused, if_match):
    play(match, [1, 2, 3], [4, 5, 6])

    error = refused(match, 412, "PUT", f"{match.path}/rounds/1", match.host,
                    json={"scores": [0, 0, 0]}, headers={"If-Match": if_match})
    assert "3" in error["message"]


@pytest.mark.parametrize("method, path, body", [
    ("POST", "/rounds", {"scores": [1, 1, 1]}),
    ("PUT", "/rounds/1", {"scores": [1, 1, 1]}),
    ("DELETE", "/rounds/1", None),
    ("POST", "/bank", None),
    ("POST", "/abandon", None),
])
def test_every_write_refuses_a_stale_if_match(match, play, refused, method, path, body):
    play(match, [1, 2, 3])

    refused(match, 412, method, match.path + path, match.host, json=body,
            headers={"If-Match": '"1"'})


@pytest.mark.parametrize("number", [0, 3, 99])
def test_replacing_an_unknown_round_is_404(match, play, refused, number):
    play(match, [1, 2, 3], [4, 5, 6])

    refused(match, 404, "PUT", f"{match.path}/rounds/{number}", match.host,
            json={"scores": [1, 1, 1]})


def test_deleting_the_last_round_takes_its_scores_away(api, match, play):
    play(match, [1, 2, 3], [4, 5, 6])

    response = api.call("DELETE", f"{match.path}/rounds/2", match.host)

    assert response.status_code == 200
    body = response.get_json()
    assert [r["number"] for r in body["rounds"]] == [1]
    assert body["totals"] == [1, 2, 3]
    assert body["version"] == 4
    again = api.call("POST", f"{match.path}/rounds", match.host, json={"scores": [7, 8, 9]})
    assert again.status_code == 201
    assert again.get_json()["rounds"][1] == {"number": 2, "status": "complete",
                                             "input": {"scores": [7, 8, 9]}, "cells": [7, 8, 9]}


def test_deleting_the_last_round_of_an_over_match_makes_it_active_again(api, start, play):
    match = start(("Ana", "Ben"), rounds=2)
    assert play(match, [1, 2], [3, 4])["status"] == "over"

    response = api.call("DELETE", f"{match.path}/rounds/2", match.host)

    assert response.status_code == 200
    assert response.get_json()["status"] == "active"


def test_deleting_an_earlier_round_is_409(match, play, refused):
    play(match, [1, 2, 3], [4, 5, 6])

    refused(match, 409, "DELETE", f"{match.path}/rounds/1", match.host)


@pytest.mark.parametrize("number", [0, 3, 99])
def test_deleting_an_unknown_round_is_404(match, play, refused, number):
    play(match, [1, 2, 3], [4, 5, 6])

    refused(match, 404, "DELETE", f"{match.path}/rounds/{number}", match.host)


def test_only_the_host_posts_replaces_or_deletes_rounds(match, play, refused):
    play(match, [1, 2, 3])
    for token in [match.view, *match.seats]:
        refused(match, 403, "POST", f"{match.path}/rounds", token, json={"scores": [1, 1, 1]})
        refused(match, 403, "PUT", f"{match.path}/rounds/1", token, json={"scores": [1, 1, 1]})
        refused(match, 403, "DELETE", f"{match.path}/rounds/1", token)


def test_a_round_cannot_be_added_to_an_over_match(start, play, refused):
    match = start(("Ana", "Ben"), target=10)
    assert play(match, [10, 3])["status"] == "over"

    refused(match, 409, "POST", f"{match.path}/rounds", match.host, json={"scores": [1, 1]})


def test_a_round_cannot_be_added_while_one_is_open(match, play, refused):
    play(match, [1, None, 3])

    refused(match, 409, "POST", f"{match.path}/rounds", match.host, json={"scores": [1, 1, 1]})


@pytest.mark.parametrize("cell", ["abc", "12", 2.5, 1e30, True, False, [], {}, 1_000_000_001,
                                  -1_000_000_001])
def test_a_cell_that_is_not_a_whole_number_in_range_is_422_on_it(match, play, refused, cell):
    play(match, [1, 2, 3])
    for method, path in [("POST", "/rounds"), ("PUT", "/rounds/1")]:
        error = refused(match, 422, method, match.path + path, match.host,
                        json={"scores": [1, cell, 3]})
        assert error["field"] == "scores[1]"


def test_cells_at_a_billion_either_way_are_accepted(api, match):
    body = {"scores": [1_000_000_000, -1_000_000_000, 0]}
    response = api.call("POST", f"{match.path}/rounds", match.host, json=body)

    assert response.status_code == 201
    assert response.get_json()["totals"] == [1_000_000_000, -1_000_000_000, 0]


def test_a_whole_float_counts_as_its_whole_number(api, match):
    response = api.call("POST", f"{match.path}/rounds", match.host,
                        data='{"scores": [3.0, 1e2, -0.0]}', content_type="application/json")

    assert response.status_code == 201
    assert response.get_json()["rounds"][0]["cells"] == [3, 100, 0]


@pytest.mark.parametrize("body, field", [
    ({"scores": [1, 2]}, "scores"),
    ({"scores": [1, 2, 3, 4]}, "scores"),
    ({"scores": []}, "scores"),
    ({"scores": "1 2 3"}, "scores"),
    ({}, "scores"),
    ({"scores": [1, 2, 3], "dead": True}, "dead"),
    ([1, 2, 3], None),
    ("scores", None),
    (None, None),
])
def test_a_round_of_the_wrong_shape_is_422(match, play, refused, body, field):
    play(match, [1, 2, 3])
    for method, path in [("POST", "/rounds"), ("PUT", "/rounds/1")]:
        error = refused(match, 422, method, match.path + path, match.host,
                        data=json.dumps(body), content_type="application/json")
        assert error.get("field") == field


def test_negative_cells_are_422_when_the_match_forbids_them(api, start, refused):
    match = start(allow_negative=False)
    assert api.call("POST", f"{match.path}/rounds", match.host,
                    json={"scores": [0, 5, 7]}).status_code == 201

    for method, path in [("POST", "/rounds"), ("PUT", "/rounds/1")]:
        error = refused(match, 422, method, match.path + path, match.host,
                        json={"scores": [0, -1, 7]})
        assert error["field"] == "scores[1]"


def _stored_rounds(app, match_id: str, count: int) -> None:
    """`count` complete rounds put in the database as a long evening would have left them."""
    from app.extensions import db
    from app.models import Entry, Match, Round

    with app.app_context():
        row = db.session.get(Match, match_id)
        start = len(row.rounds)
        for number in range(start + 1, start + count + 1):
            row.rounds.append(Round(number=number, common={}, entries=[
                Entry(seat=seat, data={"score": 1}) for seat in range(3)]))
        # As every write does: what was kept of the version before (its replay) is not this.
        row.version += 1
        db.session.commit()


def test_a_match_holds_at_most_1000_rounds(api, app, match):
    """SPEC section 6: the thousand-and-first round is 409, by POST and by opening one with a
    seat's part alike; the thousandth still lands."""
    _stored_rounds(app, match.id, 999)
    response = api.call("POST", f"{match.path}/rounds", match.host, json={"scores": [1, 2, 3]})
    assert response.status_code == 201
    assert len(response.get_json()["rounds"]) == 1000

    response = api.call("POST", f"{match.path}/rounds", match.host, json={"scores": [1, 2, 3]})
    assert response.status_code == 409
    assert "1000 rounds" in response.get_json()["error"]["message"]
    response = api.call("PUT", f"{match.path}/rounds/1001/seats/0", match.host,
                        json={"score": 4})
    assert response.status_code == 409
    # The rounds it holds can still be changed.
    response = api.call("PUT", f"{match.path}/rounds/1000/seats/0", match.host,
                        json={"score": 4})
    assert response.status_code == 200
    assert response.get_json()["totals"][0] == 999 + 4
