"""Moving the line: `PATCH /matches/<id>/options`, the host's, while a match is active or over.

rules/banakil.txt: "Agree the line before you start, and feel free to move it to suit how long
your table wants to play." The free sheet may move its target and its round count too. A line
the rounds already played would have reached before the last one is refused; one the latest
round reaches ends the match there; one no total reaches any more plays on."""

from __future__ import annotations

import json

import pytest
from api_helpers import changes, error_of, get

MALFORMED = {"data": b'{"target": 2', "content_type": "application/json"}
STALE = {"headers": {"If-Match": '"1"'}}


def move(api, match, body, token=None, **kwargs):
    return api.call("PATCH", f"{match.path}/options", token or match.host, json=body, **kwargs)


def moved(api, match, body, **kwargs):
    """The match as the host's successful PATCH answers it."""
    response = move(api, match, body, **kwargs)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def goes_out(score):
    """A Banakil hand typed as its score by the seat that went out."""
    return {"score": score, "went_out": True}


def banakil_round(api, match, *hands):
    response = api.call("POST", f"{match.path}/rounds", match.host,
                        json={"dead": False, "hands": list(hands)})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


@pytest.fixture
def banakil(start):
    """Dana and Ravi at Banakil: the line is 150."""
    return start(game="banakil")


@pytest.fixture
def banakil_204(api, banakil):
    """Two hands played: Dana 102 and 102 (204), Ravi −20 twice (0, carrying 40). Over."""
    banakil_round(api, banakil, goes_out(101.5), {"score": -20})
    body = banakil_round(api, banakil, goes_out(101.5), {"score": -20})
    assert body["totals"] == [204, 0] and body["status"] == "over"
    return banakil


@pytest.fixture
def thirty(start, play):
    """Ana, Ben and Cy on a free sheet with no line; Ana holds 10, 20, then 30 after 3 rounds."""
    match = start()
    play(match, [10, 0, 0], [10, 1, 0], [10, 2, 3])
    return match  # version 4


# Banakil ---------------------------------------------------------------------------------


def test_the_host_moves_the_line_of_an_active_match(api, app, banakil):
    banakil_round(api, banakil, goes_out(41.5), {"score": 10})

    response = move(api, banakil, {"target": 250})

    assert response.status_code == 200 and response.headers["ETag"] == '"3"'
    body = response.get_json()
    assert body["options"] == {"target": 250, "side_scoring": "net", "no_turn_zero": False,
                               "rules": "table", "first_dealer": 0}
    assert body["target"] == 250 and body["status"] == "active" and body["version"] == 3
    assert get(api, banakil, banakil.view)["options"]["target"] == 250
    last = changes(app, banakil)[-1]
    assert (last.action, last.actor, last.version) == ("move_line", "host", 3)
    assert (last.before["target"], last.after["target"]) == (150, 250)
    history = api.call("GET", f"{banakil.path}/history", banakil.host).get_json()["changes"]
    assert history[-1]["action"] == "move_line" and history[-1]["after"]["target"] == 250


def test_moving_the_line_below_an_earlier_rounds_total_is_409_and_says_which_round(
        api, banakil_204, refused):
    error = refused(banakil_204, 409, "PATCH", f"{banakil_204.path}/options", banakil_204.host,
                    json={"target": 100})

    assert "would already have been reached in round 1" in error["message"]


def test_a_line_the_latest_round_reaches_ends_the_match_there(api, banakil):
    banakil_round(api, banakil, goes_out(101.5), {"score": -20})
    banakil_round(api, banakil, goes_out(101.5), {"score": -20})
    body = moved(api, banakil, {"target": 250})
    assert (body["status"], body["winners"]) == ("active", [])

    body = moved(api, banakil, {"target": 204})

    assert (body["status"], body["winners"]) == ("over", [0])
    response = api.call("POST", f"{banakil.path}/rounds", banakil.host,
                        json={"dead": True})
    error_of(response, 409)


def test_a_line_no_total_reaches_any_more_makes_an_over_match_active_again(
        api, banakil_204):
    body = moved(api, banakil_204, {"target": 303})

    assert (body["status"], body["winners"], body["target"]) == ("active", [], 303)
    body = banakil_round(api, banakil_204, {"score": -20}, goes_out(21.5))  # and play goes on
    assert body["status"] == "active" and len(body["rounds"]) == 3


@pytest.mark.parametrize("players, rules, line", [
    (("Dana", "Ravi"), "table", 150), (("Dana", "Ravi", "Sam"), "table", 203),
    (("Dana", "Ravi", "Sam", "Tee"), "table", 303), (("Dana", "Ravi"), "online", 222)])
def test_an_empty_target_falls_back_to_the_usual_line(api, start, players, rules, line):
    match = start(players, game="banakil", rules=rules, target=500)

    body = moved(api, match, {"target": None})

    assert body["options"]["target"] == line and body["target"] == line


def test_a_whole_float_is_taken_as_a_whole_number(api, banakil):
    response = move(api, banakil, {"target": 250.0})

    assert response.status_code == 200
    assert '"target": 250.0' not in response.get_data(as_text=True)
    assert response.get_json()["options"]["target"] == 250
    assert isinstance(get(api, banakil)["options"]["target"], int)


@pytest.mark.parametrize("target", ["250", "", 0, -1, -150, 2.5, 1e300, 10**10, 2**63, True,
                                    False, [250], {"value": 250}])
def test_a_target_that_is_no_whole_number_from_1_is_422(api, banakil, refused, target):
    error = refused(banakil, 422, "PATCH", f"{banakil.path}/options", banakil.host,
                    json={"target": target})

    assert error["field"] == "options.target"


@pytest.mark.parametrize("name, value", [("side_scoring", "sum"), ("no_turn_zero", True),
                                         ("rules", "online"), ("first_dealer", 1),
                                         ("rounds", 5), ("colour", "red")])
def test_an_option_the_table_cannot_move_is_422(api, banakil, refused, name, value):
    error = refused(banakil, 422, "PATCH", f"{banakil.path}/options", banakil.host,
                    json={name: value})

    assert error["field"] == f"options.{name}"


def test_a_movable_option_beside_a_fixed_one_moves_nothing(api, banakil, refused):
    error = refused(banakil, 422, "PATCH", f"{banakil.path}/options", banakil.host,
                    json={"target": 250, "rules": "online"})

    assert error["field"] == "options.rules"


@pytest.mark.parametrize("body", [[], ["target", 250], "target", 250, None, True, {}])
def test_a_body_that_is_no_object_naming_a_line_is_422(api, banakil, refused, body):
    refused(banakil, 422, "PATCH", f"{banakil.path}/options", banakil.host,
            data=json.dumps(body), content_type="application/json")


def test_an_empty_body_is_400(banakil, refused):
    refused(banakil, 400, "PATCH", f"{banakil.path}/options", banakil.host)


def test_malformed_json_is_400(banakil, refused):
    refused(banakil, 400, "PATCH", f"{banakil.path}/options", banakil.host, **MALFORMED)


def test_a_json_constant_that_is_not_json_is_400(banakil, refused):
    refused(banakil, 400, "PATCH", f"{banakil.path}/options", banakil.host,
            data=b'{"target": NaN}', content_type="application/json")


# The free sheet --------------------------------------------------------------------------


def test_the_free_sheet_moves_its_target(api, thirty, refused):
    body = moved(api, thirty, {"target": 31})
    assert (body["status"], body["target"]) == ("active", 31)

    error = refused(thirty, 409, "PATCH", f"{thirty.path}/options", thirty.host,
                    json={"target": 15})
    assert "would already have been reached in round 2" in error["message"]

    body = moved(api, thirty, {"target": 30})
    assert (body["status"], body["winners"]) == ("over", [0])


def test_the_free_sheet_moves_its_round_count(api, thirty, refused):
    error = refused(thirty, 409, "PATCH", f"{thirty.path}/options", thirty.host,
                    json={"rounds": 2})
    assert "would already have been reached in round 2" in error["message"]

    body = moved(api, thirty, {"rounds": 3})
    assert (body["status"], body["winners"], body["options"]["rounds"]) == ("over", [0], 3)

    body = moved(api, thirty, {"rounds": 5})
    assert (body["status"], body["winners"]) == ("active", [])

    body = moved(api, thirty, {"rounds": None})
    assert body["options"]["rounds"] is None and body["status"] == "active"


def test_the_free_sheets_empty_target_means_no_target(api, thirty):
    assert moved(api, thirty, {"target": 30})["status"] == "over"

    body = moved(api, thirty, {"target": None})

    assert (body["status"], body["target"], body["options"]["target"]) == ("active", None, None)


def test_the_free_sheet_moves_both_at_once(api, thirty):
    body = moved(api, thirty, {"target": 100, "rounds": 3})

    assert body["options"] | {"lowest_wins": False, "allow_negative": True} == {
        "target": 100, "rounds": 3, "lowest_wins": False, "allow_negative": True}
    assert body["status"] == "over"


@pytest.mark.parametrize("body, field", [
    ({"lowest_wins": True}, "options.lowest_wins"),
    ({"allow_negative": False}, "options.allow_negative"),
    ({"rounds": 0}, "options.rounds"), ({"rounds": 1001}, "options.rounds"),
    ({"rounds": "3"}, "options.rounds"), ({"target": 1_000_000_001}, "options.target"),
])
def test_the_free_sheets_fixed_options_and_bad_values_are_422(api, thirty, refused, body,
                                                               field):
    error = refused(thirty, 422, "PATCH", f"{thirty.path}/options", thirty.host, json=body)

    assert error["field"] == field


def test_an_open_last_round_still_counts_as_played(api, thirty, refused):
    assert api.call("PUT", f"{thirty.path}/rounds/4/seats/0", thirty.host,
                    json={"score": 1}).status_code == 201

    error = refused(thirty, 409, "PATCH", f"{thirty.path}/options", thirty.host,
                    json={"target": 30})

    assert "round 3" in error["message"]


def test_an_undo_after_a_move_keeps_the_moved_line(api, thirty):
    moved(api, thirty, {"target": 40})
    response = api.call("POST", f"{thirty.path}/rounds", thirty.host, json={"scores": [10, 0, 0]})
    assert response.get_json()["status"] == "over"

    body = api.call("POST", f"{thirty.path}/undo", thirty.host).get_json()

    assert (body["status"], body["options"]["target"], len(body["rounds"])) == ("active", 40, 3)


# Games whose line does not move ----------------------------------------------------------


@pytest.mark.parametrize("game, body", [("bandido", {"first_seat": 1}),
                                        ("blue_banana", {"rounds": 10}),
                                        ("blue_banana", {"mode": "inverted"})])
def test_a_game_without_a_movable_line_moves_nothing(api, start, refused, game, body):
    match = start(game=game)

    error = refused(match, 422, "PATCH", f"{match.path}/options", match.host, json=body)

    assert error["field"] == f"options.{next(iter(body))}"


# Who, and when ---------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["view", "seat"])
def test_only_the_host_moves_the_line(banakil, refused, who):
    token = banakil.view if who == "view" else banakil.seats[0]

    refused(banakil, 403, "PATCH", f"{banakil.path}/options", token, json={"target": 250})


@pytest.mark.parametrize("ending", ["bank", "abandon"])
def test_a_banked_or_abandoned_match_keeps_its_line(api, banakil_204, refused, ending):
    assert api.call("POST", f"{banakil_204.path}/{ending}", banakil_204.host).status_code == 200

    refused(banakil_204, 409, "PATCH", f"{banakil_204.path}/options", banakil_204.host,
            json={"target": 303})


def test_an_abandoned_active_match_keeps_its_line(api, banakil, refused):
    assert api.call("POST", f"{banakil.path}/abandon", banakil.host).status_code == 200

    refused(banakil, 409, "PATCH", f"{banakil.path}/options", banakil.host,
            json={"target": 303})


def test_if_match_of_the_current_version_is_taken(api, banakil):
    response = move(api, banakil, {"target": 250}, headers={"If-Match": '"1"'})

    assert response.status_code == 200 and response.headers["ETag"] == '"2"'


def test_if_match_of_an_older_version_is_412(api, banakil, refused):
    assert moved(api, banakil, {"target": 250})["version"] == 2

    refused(banakil, 412, "PATCH", f"{banakil.path}/options", banakil.host,
            json={"target": 300}, **STALE)


# SPEC precedence: 401, 404, 403, 400, 412, 409, 422, then the 409 the input itself causes ------


def test_401_before_404(banakil, refused):
    refused(banakil, 401, "PATCH", "/matches/nope/options", "not-a-token", **MALFORMED)


def test_404_for_an_unknown_match_or_another_matchs_token(start, banakil, refused):
    other = start(game="banakil")
    refused(banakil, 404, "PATCH", "/matches/nope/options", banakil.host, json={"target": 1})
    refused(banakil, 404, "PATCH", f"{banakil.path}/options", other.host, **MALFORMED)
    refused(banakil, 404, "PATCH", f"{banakil.path}/options", other.view,
            **MALFORMED, **STALE)


def test_403_before_400_and_412(banakil, refused):
    refused(banakil, 403, "PATCH", f"{banakil.path}/options", banakil.view,
            **MALFORMED, **STALE)


def test_400_before_412(api, banakil, refused):
    moved(api, banakil, {"target": 250})

    refused(banakil, 400, "PATCH", f"{banakil.path}/options", banakil.host,
            **MALFORMED, **STALE)


def test_412_before_409_and_422(api, banakil_204, refused):
    assert api.call("POST", f"{banakil_204.path}/bank", banakil_204.host).status_code == 200

    refused(banakil_204, 412, "PATCH", f"{banakil_204.path}/options", banakil_204.host,
            json={"target": "x"}, **STALE)


def test_409_of_the_state_before_422(api, banakil, refused):
    assert api.call("POST", f"{banakil.path}/abandon", banakil.host).status_code == 200

    refused(banakil, 409, "PATCH", f"{banakil.path}/options", banakil.host,
            json={"target": -1, "colour": "red"})


def test_422_before_the_409_the_input_itself_causes(thirty, refused):
    error = refused(thirty, 422, "PATCH", f"{thirty.path}/options", thirty.host,
                    json={"target": 15, "lowest_wins": True})

    assert error["field"] == "options.lowest_wins"
    refused(thirty, 422, "PATCH", f"{thirty.path}/options", thirty.host,
            json={"target": 15, "rounds": 0})
