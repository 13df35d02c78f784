"""Banana Bandido through API v1: the character endpoint, its secrecy, and the two victories.

The character is the one secret in SquareScores: the host, the view link and the other seats
must never receive it while it is hidden and the match active, in any answer at all; its own
seat reads it back only with the key its PUT answered (the phone that typed it). The secrecy
tests give the hidden character a symbol no seat ever lays face up (coconuts), so that the word
"coconut" anywhere in an answer's raw text is a leak."""

from __future__ import annotations

import json

import pytest
from api_helpers import changes, error_of, get
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

STONE, WATER, COCONUT = "stone", "water", "coconut"
COCONUTS = [COCONUT, COCONUT, COCONUT]  # Ben's secret in the secrecy tests


def at(vp=0, *symbols):
    return {"vp": vp, "symbols": list(symbols)}


def character(api, match, seat, symbols, revealed=False, token=None, **kwargs):
    """PUT a seat's character, by default from that seat's own link."""
    return api.call("PUT", f"{match.path}/seats/{seat}/character",
                    match.seats[seat] if token is None else token,
                    json={"symbols": list(symbols), "revealed": revealed}, **kwargs)


def set_character(api, match, seat, symbols, revealed=False):
    """The match as the seat's PUT answers it, `character_key` included."""
    response = character(api, match, seat, symbols, revealed)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def keyed(key):
    return {"X-Character-Key": key}


def read(api, match, token, key=None):
    """GET as a phone holding `key` (None: a phone that typed no character)."""
    response = api.call("GET", match.path, token, headers=keyed(key) if key else None)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def post_round(api, match, *lines, expect=201):
    response = api.call("POST", f"{match.path}/rounds", match.host, json={"players": list(lines)})
    assert response.status_code == expect, response.get_json()
    return response.get_json()


def put_part(api, match, number, seat, token, line):
    return api.call("PUT", f"{match.path}/rounds/{number}/seats/{seat}", token, json=line)


def others(match, seat):
    """Every token but `seat`'s own: the host, the view link and the other seats."""
    return {"host": match.host, "view": match.view} | {
        f"seat {i}": token for i, token in enumerate(match.seats) if i != seat}


def assert_no_coconut(response, who):
    text = response.get_data(as_text=True)
    assert COCONUT not in text, f"{who} was sent the hidden character: {text}"
    assert "\\ud83e\\udd65" not in text and "🥥" not in text, who


# The match shows the game's fields ----------------------------------------------------------


def test_a_new_match_has_its_option_no_characters_and_no_win_reason(api, start):
    created = start(game="bandido").created

    assert created["game"] == "bandido"
    assert created["options"] == {"first_seat": 0}
    assert created["characters"] == [None, None, None]
    assert created.get("win_reason") is None
    assert created["missing_characters"] == [0, 1, 2]
    assert created["totals"] == [0, 0, 0] and created["winners"] == []


@pytest.mark.parametrize("first_seat, status", [(2, 201), (3, 422), (-1, 422), (True, 422)])
def test_the_first_seat_is_one_of_the_seats(api, first_seat, status):
    response = api.call("POST", "/matches", json={
        "game": "bandido", "players": ["Ana", "Ben", "Cy"], "options": {"first_seat": first_seat}})

    assert response.status_code == status
    if status == 422:
        assert error_of(response, 422)["field"] == "options.first_seat"


@pytest.mark.parametrize("count, status", [(1, 422), (2, 201), (5, 201), (6, 422)])
def test_two_to_five_players(api, count, status):
    response = api.call("POST", "/matches", json={
        "game": "bandido", "players": [f"P{i}" for i in range(count)]})

    assert response.status_code == status


def test_a_round_shows_victory_points_held_and_each_seats_symbols(api, start):
    match = start(game="bandido")
    post_round(api, match, at(2, STONE), at(1), at(0, WATER, WATER))
    body = post_round(api, match, at(1, STONE, WATER), at(3), at(0))

    assert [r["cells"] for r in body["rounds"]] == [[2, 1, 0], [1, 3, 0]]
    assert body["rounds"][1]["symbols"] == [[STONE, WATER], [], []]
    assert body["rounds"][0]["input"] == {"players": [at(2, STONE), at(1), at(0, WATER, WATER)]}
    assert body["totals"] == [1, 3, 0]  # held now, not summed
    assert body["status"] == "active" and body.get("win_reason") is None


def test_an_open_round_shows_symbols_typed_so_far_and_no_cells(api, start):
    match = start(game="bandido")
    response = put_part(api, match, 1, 1, match.seats[1], at(2, WATER))

    assert response.status_code == 201
    body = response.get_json()
    assert body["rounds"][0]["status"] == "open" and body["rounds"][0]["cells"] is None
    assert body["rounds"][0]["symbols"] == [None, [WATER], None]


@pytest.mark.parametrize("line, field", [
    ({"vp": -1, "symbols": []}, "players[0].vp"),
    ({"vp": 1.5, "symbols": []}, "players[0].vp"),
    ({"vp": True, "symbols": []}, "players[0].vp"),
    ({"vp": 0, "symbols": [STONE] * 5}, "players[0].symbols"),
    ({"vp": 0, "symbols": ["banana"]}, "players[0].symbols"),
])
def test_a_round_a_table_cannot_have_played_is_refused(api, start, refused, line, field):
    match = start(game="bandido")

    error = refused(match, 422, "POST", f"{match.path}/rounds", match.host,
                    json={"players": [line, at(0), at(0)]})

    assert error["field"] == field


def test_more_than_twenty_victory_points_in_play_are_refused(api, start, refused):
    match = start(game="bandido")

    error = refused(match, 422, "POST", f"{match.path}/rounds", match.host,
                    json={"players": [at(4), at(4), at(13)]})

    assert error["field"] == "players"


def test_a_seats_part_that_takes_the_round_past_twenty_is_refused(api, start, refused):
    match = start(game="bandido")
    put_part(api, match, 1, 0, match.host, at(4))
    put_part(api, match, 1, 1, match.host, at(4))

    refused(match, 422, "PUT", f"{match.path}/rounds/1/seats/2", match.seats[2], json=at(13))


# The character endpoint ------------------------------------------------------------------


def test_a_seat_sets_its_own_character_and_sees_it(api, start):
    match = start(game="bandido")

    body = set_character(api, match, 1, [STONE, STONE, WATER])

    assert body["characters"] == [None, {"symbols": [STONE, STONE, WATER], "revealed": False},
                                  None]
    assert body["missing_characters"] == [0, 2]
    assert body["version"] == match.created["version"] + 1
    key = body["character_key"]
    assert read(api, match, match.seats[1], key)["characters"][1]["symbols"] == [
        STONE, STONE, WATER]


def test_a_character_may_be_changed_while_the_match_is_active(api, start):
    match = start(game="bandido")
    set_character(api, match, 0, [STONE, STONE, WATER])

    body = set_character(api, match, 0, [WATER, COCONUT, COCONUT])

    assert body["characters"][0] == {"symbols": [WATER, COCONUT, COCONUT], "revealed": False}


@pytest.mark.parametrize("who", ["host", "view", "other seat"])
def test_only_that_seat_sets_its_character(api, start, refused, who):
    match = start(game="bandido")
    token = {"host": match.host, "view": match.view, "other seat": match.seats[2]}[who]

    refused(match, 403, "PUT", f"{match.path}/seats/1/character", token,
            json={"symbols": COCONUTS, "revealed": False})


def test_no_token_is_401(api, start, refused):
    match = start(game="bandido")

    refused(match, 401, "PUT", f"{match.path}/seats/1/character",
            json={"symbols": COCONUTS, "revealed": False})


@pytest.mark.parametrize("seat", [3, 7, 99])
@pytest.mark.parametrize("who", ["host", "seat"])
def test_an_unknown_seat_is_404(api, start, refused, seat, who):
    match = start(game="bandido")
    token = match.host if who == "host" else match.seats[0]

    refused(match, 404, "PUT", f"{match.path}/seats/{seat}/character", token,
            json={"symbols": COCONUTS, "revealed": False})


@pytest.mark.parametrize("game", ["generic", "banakil", "blue_banana"])
def test_a_match_of_another_game_has_no_characters(api, game):
    created = api.create(("Ana", "Ben"), game=game)

    response = api.call("PUT", f"/matches/{created['id']}/seats/0/character",
                        created["tokens"]["seats"][0],
                        json={"symbols": COCONUTS, "revealed": False})

    error_of(response, 404)
    assert "characters" not in api.call("GET", f"/matches/{created['id']}",
                                        created["tokens"]["host"]).get_json()


def test_another_matchs_seat_token_is_404(api, start, refused):
    match, other = start(game="bandido"), start(game="bandido")

    refused(match, 404, "PUT", f"{match.path}/seats/1/character", other.seats[1],
            json={"symbols": COCONUTS, "revealed": False})


@pytest.mark.parametrize("body, field", [
    ({"symbols": [STONE, WATER], "revealed": False}, "symbols"),
    ({"symbols": [STONE, WATER, COCONUT, STONE], "revealed": False}, "symbols"),
    ({"symbols": [STONE, WATER, "banana"], "revealed": False}, "symbols"),
    ({"symbols": "stone,water,coconut", "revealed": False}, "symbols"),
    ({"symbols": None, "revealed": False}, "symbols"),
    ({"revealed": False}, "symbols"),
    ({"symbols": [STONE, WATER, COCONUT], "revealed": "yes"}, "revealed"),
    ({"symbols": [STONE, WATER, COCONUT], "revealed": 1}, "revealed"),
    ({"symbols": [STONE, WATER, COCONUT], "revealed": None}, "revealed"),
    ([STONE, WATER, COCONUT], None),
    ("coconut", None),
])
def test_a_character_that_is_not_three_symbols_or_a_revealed_that_is_not_a_bool_is_422(
        api, start, refused, body, field):
    match = start(game="bandido")

    error = refused(match, 422, "PUT", f"{match.path}/seats/1/character", match.seats[1],
                    json=body)

    assert error.get("field") == field


@pytest.mark.parametrize("body, field", [
    ({"symbols": COCONUTS, "reveal": True}, "reveal"),  # a typo must not leave it hidden
    ({"symbols": COCONUTS, "revealed": False, "seat": 2}, "seat"),
])
def test_an_unknown_field_is_422_not_ignored(api, start, refused, body, field):
    match = start(game="bandido")

    error = refused(match, 422, "PUT", f"{match.path}/seats/1/character", match.seats[1],
                    json=body)

    assert error["field"] == field


def test_malformed_json_is_400(api, start, refused):
    match = start(game="bandido")

    refused(match, 400, "PUT", f"{match.path}/seats/1/character", match.seats[1],
            data=b'{"symbols": [', content_type="application/json")


def test_if_match_of_an_older_version_is_412(api, start, refused):
    match = start(game="bandido")
    post_round(api, match, at(1), at(1), at(1))

    refused(match, 412, "PUT", f"{match.path}/seats/1/character", match.seats[1],
            json={"symbols": COCONUTS, "revealed": False}, headers={"If-Match": '"1"'})


def test_if_match_of_the_current_version_is_taken(api, start):
    match = start(game="bandido")

    response = character(api, match, 1, COCONUTS, headers={"If-Match": '"1"'})

    assert response.status_code == 200 and response.headers["ETag"] == '"2"'


def test_a_revealed_character_stays_revealed(api, start):
    match = start(game="bandido")
    set_character(api, match, 1, [STONE, WATER, WATER], revealed=True)

    body = set_character(api, match, 1, [STONE, STONE, WATER], revealed=False)

    assert body["characters"][1] == {"symbols": [STONE, STONE, WATER], "revealed": True}
    for who, token in others(match, 1).items():
        assert get(api, match, token)["characters"][1] == {
            "symbols": [STONE, STONE, WATER], "revealed": True}, who


def test_the_character_change_is_logged_without_its_symbols(api, app, start):
    match = start(game="bandido")
    set_character(api, match, 1, COCONUTS)

    last = changes(app, match)[-1]

    assert (last.action, last.actor, last.seat) == ("character", "seat 1", 1)
    assert last.after == {"revealed": False}
    assert last.before is None


def test_a_character_cannot_change_once_the_match_is_over(api, start, refused):
    match = start(game="bandido")
    post_round(api, match, at(5), at(0), at(0))

    error = refused(match, 409, "PUT", f"{match.path}/seats/1/character", match.seats[1],
                    json={"symbols": COCONUTS, "revealed": True})

    assert "over" in error["message"]


@pytest.mark.parametrize("ending", ["bank", "abandon"])
def test_a_character_cannot_change_once_the_match_is_banked_or_abandoned(
        api, start, refused, ending):
    match = start(game="bandido")
    post_round(api, match, at(5), at(0), at(0))
    assert api.call("POST", f"{match.path}/{ending}", match.host).status_code == 200

    refused(match, 409, "PUT", f"{match.path}/seats/1/character", match.seats[1],
            json={"symbols": COCONUTS, "revealed": False})


def test_a_character_cannot_change_once_abandoned_before_any_round(api, start, refused):
    match = start(game="bandido")
    assert api.call("POST", f"{match.path}/abandon", match.host).status_code == 200

    refused(match, 409, "PUT", f"{match.path}/seats/0/character", match.seats[0],
            json={"symbols": COCONUTS, "revealed": False})


def test_409_comes_before_422_once_over(api, start, refused):
    match = start(game="bandido")
    post_round(api, match, at(5), at(0), at(0))

    refused(match, 409, "PUT", f"{match.path}/seats/1/character", match.seats[1],
            json={"symbols": ["banana"], "revealed": "no"})


def test_403_comes_before_422(api, start, refused):
    match = start(game="bandido")

    refused(match, 403, "PUT", f"{match.path}/seats/1/character", match.host,
            json={"symbols": ["banana"]})


# Secrecy ----------------------------------------------------------------------------------


def test_a_hidden_character_is_null_for_the_host_the_view_link_and_the_other_seats(
        api, start):
    match = start(game="bandido")
    set_character(api, match, 1, COCONUTS)
    ana_key = set_character(api, match, 0, [STONE, STONE, WATER])["character_key"]

    for who, token in others(match, 1).items():
        response = api.call("GET", match.path, token)
        body = response.get_json()
        assert body["characters"][1] is None, who
        assert_no_coconut(response, who)
        if who != "seat 0":
            assert body["characters"][0] is None, who
    assert read(api, match, match.seats[0], ana_key)["characters"] == [
        {"symbols": [STONE, STONE, WATER], "revealed": False}, None, None]


def test_a_hidden_character_is_in_no_answer_to_any_write_of_the_others(api, start):
    """Every write the host and the other seats can make, answered or refused: no coconut."""
    match = start(game="bandido")
    ben_key = set_character(api, match, 1, COCONUTS)["character_key"]
    host, ana, cy = match.host, match.seats[0], match.seats[2]
    path = match.path
    calls = [
        ("host", "POST", "/rounds", host, {"players": [at(1, STONE), at(0, WATER), at(0)]}),
        ("host", "PUT", "/rounds/1", host, {"players": [at(2, STONE), at(0, WATER), at(0)]}),
        ("host", "PUT", "/rounds/1/seats/2", host, at(1, STONE, STONE)),
        ("seat 0", "PUT", "/rounds/2/seats/0", ana, at(2, WATER)),
        ("seat 2", "PUT", "/rounds/2/seats/2", cy, at(1, STONE)),
        ("host", "PUT", "/rounds/2/seats/1", host, at(0, STONE, WATER)),
        ("host", "POST", "/undo", host, None),
        ("host", "DELETE", "/rounds/2", host, None),
        ("seat 0", "PUT", "/rounds/2/seats/0", ana, at(3)),
        # Refused ones: 409, 412, 422, 403.
        ("host", "POST", "/rounds", host, {"players": [at(1)] * 3}),
        ("host", "POST", "/bank", host, None),
        ("seat 2", "POST", "/bank", cy, None),
        ("seat 2", "PUT", "/rounds/2/seats/0", cy, at(1)),
        ("seat 0", "PUT", "/rounds/2/seats/0", ana, at(30)),
        ("view", "PUT", "/rounds/2/seats/0", match.view, at(1)),
        ("seat 0", "PUT", "/seats/1/character", ana, {"symbols": COCONUTS, "revealed": True}),
        ("host", "PUT", "/seats/1/character", host, {"symbols": COCONUTS, "revealed": False}),
        # (A write that Ben's hidden coconuts would refuse reveals them to all: SPEC section 1,
        # no silent peeking; tested below.)
        ("host", "DELETE", "/rounds/1", host, None),
    ]
    statuses = []
    for who, method, tail, token, body in calls:
        response = api.call(method, path + tail, token, json=body)
        statuses.append(response.status_code)
        assert response.status_code < 500
        assert_no_coconut(response, f"{who} {method} {tail}")
        if response.status_code < 300:
            assert response.get_json()["characters"][1] is None, (who, method, tail)
    response = api.call("PUT", path + "/rounds/1", host, json={"players": [at(1)] * 3},
                        headers={"If-Match": '"1"'})
    assert response.status_code == 412
    assert_no_coconut(response, "host 412")
    # The calls did what they say: writes were answered, refusals refused.
    assert statuses[:9] == [201, 200, 200, 201, 200, 200, 200, 200, 201]
    assert statuses[9:] == [409, 409, 409, 403, 422, 403, 403, 403, 409]
    for who, token in others(match, 1).items():
        response = api.call("GET", path, token)
        assert_no_coconut(response, who)
    assert COCONUT in api.call("GET", path, match.seats[1],
                               headers=keyed(ben_key)).get_data(as_text=True)


def test_the_history_never_holds_a_character(api, start):
    match = start(game="bandido")
    set_character(api, match, 1, COCONUTS)
    set_character(api, match, 1, [COCONUT, COCONUT, WATER])
    post_round(api, match, at(1, STONE), at(0, WATER), at(0))
    put_part(api, match, 2, 1, match.seats[1], at(1, WATER, STONE))

    response = api.call("GET", f"{match.path}/history", match.host)

    assert response.status_code == 200
    assert_no_coconut(response, "host history")
    logged = [c for c in response.get_json()["changes"] if c["action"] == "character"]
    assert [(c["by"], c["seat"], c["before"], c["after"]) for c in logged] == [
        ("seat 1", 1, None, {"revealed": False})] * 2


@pytest.mark.parametrize("who", ["view", "seat"])
def test_only_the_host_reads_the_history(api, start, who):
    match = start(game="bandido")
    token = match.view if who == "view" else match.seats[0]

    error_of(api.call("GET", f"{match.path}/history", token), 403)


def test_a_hidden_character_stays_out_of_the_others_polls_as_it_changes(api, start):
    match = start(game="bandido")
    etags = {who: api.call("GET", match.path, token).headers["ETag"]
             for who, token in others(match, 1).items()}
    set_character(api, match, 1, COCONUTS)

    for who, token in others(match, 1).items():
        response = api.call("GET", match.path, token, headers={"If-None-Match": etags[who]})
        assert response.status_code == 200  # the version moved: they fetch it again...
        assert_no_coconut(response, who)  # ...and find nothing of the character


def test_a_revealed_character_shows_to_everyone(api, start):
    match = start(game="bandido")
    set_character(api, match, 1, COCONUTS)
    set_character(api, match, 0, [STONE, STONE, WATER])

    body = set_character(api, match, 1, COCONUTS, revealed=True)

    assert body["characters"][1] == {"symbols": COCONUTS, "revealed": True}
    for who, token in others(match, 1).items():
        shown = get(api, match, token)["characters"]
        assert shown[1] == {"symbols": COCONUTS, "revealed": True}, who
        if who != "seat 0":
            assert shown[0] is None, who  # Ana's is still hidden


def test_an_abandoned_match_keeps_its_characters_secret(api, start):
    # SPEC: hidden "until the match is over or the player reveals it"; abandoned is not over.
    match = start(game="bandido")
    key = set_character(api, match, 1, COCONUTS)["character_key"]
    assert api.call("POST", f"{match.path}/abandon", match.host).status_code == 200

    for who, token in others(match, 1).items():
        assert get(api, match, token)["characters"][1] is None, who
        assert read(api, match, token, key)["characters"][1] is None, f"{who} with Ben's key"
    assert get(api, match, match.seats[1])["characters"][1] is None  # on another phone
    # Ben's own phone still reads it: abandoning ends the evening, not the secret.
    assert read(api, match, match.seats[1], key)["characters"][1] == {"symbols": COCONUTS,
                                                                      "revealed": False}


@pytest.mark.parametrize("ending", ["over", "bank"])
def test_every_character_shows_to_everyone_once_the_match_is_over(api, start, ending):
    match = start(game="bandido")
    set_character(api, match, 1, COCONUTS)
    set_character(api, match, 0, [STONE, STONE, WATER])
    post_round(api, match, at(0), at(1), at(5))  # Cy wins with five victory points
    if ending == "bank":
        assert api.call("POST", f"{match.path}/bank", match.seats[2]).status_code == 200

    for who, token in others(match, 1).items() | {("seat 1", match.seats[1])}:
        assert get(api, match, token)["characters"] == [
            {"symbols": [STONE, STONE, WATER], "revealed": False},
            {"symbols": COCONUTS, "revealed": False}, None], who


def test_the_write_that_ends_the_match_answers_with_every_character(api, start):
    match = start(game="bandido")
    set_character(api, match, 1, COCONUTS)
    post_round(api, match, at(1), at(1), at(1))

    response = put_part(api, match, 1, 2, match.seats[2], at(5))

    assert response.status_code == 200
    assert response.get_json()["status"] == "over"
    assert response.get_json()["characters"][1] == {"symbols": COCONUTS, "revealed": False}


# Winning through the API -----------------------------------------------------------------


def test_a_win_by_victory_points(api, start):
    match = start(game="bandido")
    post_round(api, match, at(3), at(4), at(1))

    body = post_round(api, match, at(3), at(5), at(1))

    assert body["status"] == "over"
    assert body["winners"] == [1] and body["win_reason"] == "victory_points"
    assert body["totals"] == [3, 5, 1]


def test_a_win_by_symbols(api, start):
    match = start(game="bandido")
    set_character(api, match, 2, [COCONUT, WATER, COCONUT])
    post_round(api, match, at(1), at(1), at(0, COCONUT, WATER))

    body = post_round(api, match, at(1), at(1), at(0, WATER, COCONUT, COCONUT))

    assert body["status"] == "over"
    assert body["winners"] == [2] and body["win_reason"] == "symbols"
    assert body["characters"][2] == {"symbols": [COCONUT, WATER, COCONUT], "revealed": False}


def test_a_win_by_symbols_typed_by_the_winners_own_phone(api, start):
    match = start(game="bandido")
    set_character(api, match, 0, [STONE, STONE, WATER])
    put_part(api, match, 1, 1, match.seats[1], at(1))
    put_part(api, match, 1, 2, match.seats[2], at(0))

    response = put_part(api, match, 1, 0, match.seats[0], at(0, STONE, WATER, STONE))

    body = response.get_json()
    assert (body["status"], body["winners"], body["win_reason"]) == ("over", [0], "symbols")
    assert get(api, match, match.view)["winners"] == [0]


def test_the_match_is_over_at_the_winners_turn_without_waiting_for_the_later_seats(api, start):
    # SPEC section 1: "the game ends at the winner's turn". Ana then Ben take their turns in
    # round 2; Ben's puts five in his hand, and Cy, after him, never plays round 2.
    match = start(game="bandido")
    post_round(api, match, at(1), at(2), at(1))
    assert put_part(api, match, 2, 0, match.seats[0], at(2)).status_code == 201

    response = put_part(api, match, 2, 1, match.seats[1], at(5))

    body = response.get_json()
    assert (body["status"], body["winners"], body["win_reason"]) == ("over", [1],
                                                                      "victory_points")
    assert body["rounds"][1]["status"] == "complete" and body["totals"] == [2, 5, 1]
    assert post_round(api, match, at(0), at(0), at(0), expect=409)["error"]["code"] == "conflict"
    # A part typed afterwards for Cy's turn that never was is kept as typed, and changes nothing.
    late = put_part(api, match, 2, 2, match.seats[2], at(4)).get_json()
    assert late["rounds"][1]["input"]["players"][2] == at(4)
    assert (late["status"], late["winners"], late["totals"]) == ("over", [1], [2, 5, 1])


def test_a_whole_round_with_no_line_after_the_winner_is_taken_and_ends_the_match(api, start):
    match = start(game="bandido")

    body = post_round(api, match, at(5), None, None)

    assert body["status"] == "over" and body["winners"] == [0]


def test_both_in_one_round_the_first_in_turn_order_wins(api, start):
    # first_seat 2: turns go Cy, Ana, Ben. Ana holds five; Cy has her symbols: Cy wins.
    match = start(game="bandido", first_seat=2)
    set_character(api, match, 2, [WATER, WATER, STONE])

    body = post_round(api, match, at(5), at(0), at(0, WATER, STONE, WATER))

    assert body["winners"] == [2] and body["win_reason"] == "symbols"
    assert body["rounds"][0]["first"] == 2


def test_a_seat_meeting_both_wins_by_victory_points(api, start):
    match = start(game="bandido")
    set_character(api, match, 1, [STONE, WATER, COCONUT])

    body = post_round(api, match, at(0), at(5, COCONUT, STONE, WATER), at(0))

    assert body["winners"] == [1] and body["win_reason"] == "victory_points"


def test_winners_and_win_reason_survive_banking(api, start):
    match = start(game="bandido")
    set_character(api, match, 0, COCONUTS)
    post_round(api, match, at(0, COCONUT, COCONUT, COCONUT), at(0), at(0))

    response = api.call("POST", f"{match.path}/bank", match.seats[1])

    body = response.get_json()
    assert (body["status"], body["winners"], body["win_reason"]) == ("banked", [0], "symbols")


def test_no_round_after_the_win(api, start, refused):
    match = start(game="bandido")
    post_round(api, match, at(5), at(0), at(0))

    refused(match, 409, "POST", f"{match.path}/rounds", match.host,
            json={"players": [at(5), at(0), at(0)]})
    refused(match, 409, "PUT", f"{match.path}/rounds/2/seats/1", match.seats[1], json=at(1))


def test_a_late_character_that_would_have_won_an_earlier_round_is_409_for_its_seat_alone(
        api, app, start, refused):
    # SPEC: a character is dealt at setup and counts in every round already played. Ben's
    # stone, stone, water lay face up in round 1, yet round 2 was played: the match would end
    # before its last round, so the character is refused, as any such edit is.
    match = start(game="bandido")
    post_round(api, match, at(1), at(0, STONE, STONE, WATER), at(0))
    post_round(api, match, at(1), at(0, WATER), at(0))

    error = refused(match, 409, "PUT", f"{match.path}/seats/1/character", match.seats[1],
                    json={"symbols": [WATER, STONE, STONE], "revealed": False})

    assert "round 1" in error["message"]
    # Only Ben heard of it: nothing was logged, and nobody's view moved.
    assert [c.action for c in changes(app, match)] == ["create", "add_round", "add_round"]
    for who, token in others(match, 1).items():
        body = get(api, match, token)
        assert (body["status"], body["version"], body["characters"][1]) == (
            "active", 3, None), who
    assert get(api, match, match.seats[1])["missing_characters"] == [0, 1, 2]

    # Once the host deletes round 2, the same character ends the match in round 1.
    assert api.call("DELETE", f"{match.path}/rounds/2", match.host).status_code == 200
    body = set_character(api, match, 1, [WATER, STONE, STONE])
    assert (body["status"], body["winners"], body["win_reason"]) == ("over", [1], "symbols")


def test_a_corrected_typo_that_would_have_won_an_earlier_round_is_409_and_keeps_the_old_one(
        api, start, refused):
    match = start(game="bandido")
    key = set_character(api, match, 1, COCONUTS)["character_key"]
    post_round(api, match, at(1), at(0, STONE, STONE, WATER), at(0))
    post_round(api, match, at(1), at(0, WATER), at(0))

    refused(match, 409, "PUT", f"{match.path}/seats/1/character", match.seats[1],
            json={"symbols": [STONE, WATER, STONE], "revealed": False})

    assert read(api, match, match.seats[1], key)["characters"][1] == {
        "symbols": COCONUTS, "revealed": False}  # the old character, and its key, still hold


def test_a_late_character_that_wins_the_latest_round_ends_the_match_there(api, start, refused):
    match = start(game="bandido")
    post_round(api, match, at(1), at(0, WATER), at(0))
    post_round(api, match, at(2), at(0, STONE, STONE, WATER), at(0))

    body = set_character(api, match, 1, [WATER, STONE, STONE])

    assert (body["status"], body["winners"], body["win_reason"]) == ("over", [1], "symbols")
    assert body["totals"] == [2, 0, 0]  # a symbol win beats any count of victory points
    for who, token in others(match, 1).items():
        shown = get(api, match, token)
        assert (shown["status"], shown["winners"]) == ("over", [1]), who
        assert shown["characters"][1] == {"symbols": [WATER, STONE, STONE],
                                          "revealed": False}, who
    refused(match, 409, "POST", f"{match.path}/rounds", match.host,
            json={"players": [at(1), at(0), at(0)]})


def test_a_late_character_that_wins_nothing_changes_no_result(api, start):
    match = start(game="bandido")
    post_round(api, match, at(1, STONE), at(0, WATER), at(2))
    before = post_round(api, match, at(1), at(0, STONE, WATER), at(3))

    body = set_character(api, match, 1, [WATER, STONE, STONE])

    assert (body["status"], body["winners"], body["win_reason"]) == ("active", [], None)
    for field in ("rounds", "totals", "leaders"):
        assert body[field] == before[field], field
    assert read(api, match, match.seats[1], body["character_key"])["characters"][1][
        "symbols"] == [WATER, STONE, STONE]

    body = post_round(api, match, at(1), at(0, STONE, WATER, STONE), at(0))
    assert (body["status"], body["winners"], body["win_reason"]) == ("over", [1], "symbols")


def test_a_character_entered_during_a_round_counts_for_that_round(api, start):
    match = start(game="bandido")
    post_round(api, match, at(1), at(0), at(0))
    assert put_part(api, match, 2, 0, match.seats[0], at(1)).status_code == 201  # round 2 opens

    set_character(api, match, 1, COCONUTS)
    put_part(api, match, 2, 1, match.seats[1], at(0, COCONUT, COCONUT, COCONUT))
    body = put_part(api, match, 2, 2, match.seats[2], at(0)).get_json()

    assert (body["status"], body["winners"], body["win_reason"]) == ("over", [1], "symbols")


def test_an_edit_of_an_earlier_round_that_a_hidden_character_wins_is_409_and_reveals_it(
        api, start):
    """SPEC section 1, no silent peeking: the refusal tells the whole table, not the host alone
    (the symbols are in the match, not in the refusal's words)."""
    match = start(game="bandido")
    set_character(api, match, 1, COCONUTS)
    post_round(api, match, at(1), at(0), at(0))
    post_round(api, match, at(1), at(0), at(0))

    error = error_of(api.call("PUT", f"{match.path}/rounds/1", match.host,
                              json={"players": [at(1), at(0, COCONUT, COCONUT, COCONUT), at(0)]}),
                     409)

    assert COCONUT not in json.dumps(error) and "revealed" in error["message"]
    assert get(api, match, match.view)["characters"][1] == {"symbols": COCONUTS,
                                                            "revealed": True}


def test_a_symbol_win_waits_for_the_character(api, start):
    match = start(game="bandido")

    body = post_round(api, match, at(0), at(0, COCONUT, COCONUT, COCONUT), at(0))

    assert body["status"] == "active" and body["missing_characters"] == [0, 1, 2]


# Fuzz ------------------------------------------------------------------------------------

FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def usually(usual, odd, times=4):
    return st.sampled_from([True] * times + [False]).flatmap(lambda u: usual if u else odd)


ODD = (st.none() | st.booleans() | st.text(max_size=6)
       | st.floats(allow_nan=False, allow_infinity=False)
       | st.sampled_from([-1, 0.5, 10**30, 2**63, 1e300, [], {}, "3", ["stone"], [[]], [{}]]))
SYMBOL = usually(st.sampled_from([STONE, WATER, COCONUT]), ODD, times=12)
SYMBOLS = usually(st.lists(SYMBOL, max_size=4), st.lists(SYMBOL, max_size=6) | ODD)
# Mostly what a table could have played, so that sequences reach a win and the end.
# Characters from a few, and face-up sets that often hold one: symbol wins happen too.
LIKELY_CHARACTERS = st.sampled_from([[STONE] * 3, [STONE, STONE, WATER], [WATER, STONE, STONE]])
LIKELY_LINE = st.fixed_dictionaries({
    "vp": st.sampled_from([0, 0, 0, 1, 1, 2, 3, 5]),
    "symbols": st.lists(st.sampled_from([STONE, WATER, COCONUT]), max_size=4)
    | st.sampled_from([[STONE, WATER, STONE], [STONE, STONE, STONE, WATER]])})
LINE = usually(LIKELY_LINE, st.fixed_dictionaries({}, optional={
    "vp": usually(st.integers(0, 6), st.integers(-3, 25) | ODD), "symbols": SYMBOLS})
    | ODD | st.dictionaries(st.text(max_size=5), ODD, max_size=2), times=5)
CHARACTER = usually(st.fixed_dictionaries(
    {"symbols": usually(LIKELY_CHARACTERS | st.lists(st.sampled_from([STONE, WATER, COCONUT]),
                                                     min_size=3, max_size=3), SYMBOLS)},
    optional={"revealed": usually(st.booleans(), ODD)}), ODD)


def round_body(players):
    lines = usually(st.lists(usually(LINE, st.none(), times=8), min_size=players,
                             max_size=players), st.lists(LINE, max_size=6))
    return usually(st.fixed_dictionaries({"players": lines}), ODD | st.dictionaries(
        st.sampled_from(["players", "task", "dead"]), ODD, max_size=2))


@st.composite
def steps(draw, players):
    kind = draw(st.sampled_from(["post", "post", "put_round", "part", "part", "character",
                                 "character"]))
    seat = draw(usually(st.integers(0, players - 1), st.just(players)))  # or an unknown one
    if kind == "character":
        who = draw(st.sampled_from(["own"] * 4 + ["host", "view", "seat"]))
        return "PUT", f"/seats/{seat}/character", draw(CHARACTER), who, seat
    who = draw(st.sampled_from(["host", "host", "own", "own", "seat", "view"]))
    if kind == "part":
        number = draw(st.sampled_from([1, 1, 2, 2, 3, 4]))
        return "PUT", f"/rounds/{number}/seats/{seat}", draw(LINE), who, seat
    if kind == "put_round":
        return ("PUT", f"/rounds/{draw(st.integers(1, 3))}", draw(round_body(players)), "host",
                seat)
    return "POST", "/rounds", draw(round_body(players)), "host", seat


@FUZZ
@given(players=st.integers(2, 5), data=st.data())
def test_no_character_or_round_is_answered_with_a_5xx_and_secrets_hold(fuzz_client, players,
                                                                       data):
    first = data.draw(st.integers(0, players - 1))
    created = fuzz_client.post("/api/v1/matches", json={
        "game": "bandido", "players": [f"P{i}" for i in range(players)],
        "options": {"first_seat": first}})
    assert created.status_code == 201
    created = created.get_json()
    tokens = created["tokens"]
    path = f"/api/v1/matches/{created['id']}"

    def read(token, key=None):
        headers = {"Authorization": f"Bearer {token}"} | (keyed(key) if key else {})
        response = fuzz_client.get(path, headers=headers)
        assert response.status_code == 200
        return response.get_json()

    keys = {}  # each seat's latest character key, as its phone holds it
    before = read(tokens["host"])
    for method, tail, body, who, seat in data.draw(st.lists(steps(players), min_size=1,
                                                            max_size=12)):
        if who == "own":
            token = tokens["seats"][min(seat, players - 1)]
        elif who == "seat":
            token = tokens["seats"][data.draw(st.integers(0, players - 1))]
        else:
            token = tokens[who]
        response = fuzz_client.open(path + tail, method=method, data=json.dumps(body),
                                    content_type="application/json",
                                    headers={"Authorization": f"Bearer {token}"})

        assert response.status_code < 500, response.get_data(as_text=True)
        assert response.status_code in (200, 201, 403, 404, 409, 422), response.get_json()
        kind = ("character" if tail.endswith("character") else "part" if "/seats/" in tail
                else "round" if method == "PUT" else "rounds")
        event(f"{method} {kind} {response.status_code}")
        after = read(tokens["host"])
        if response.status_code >= 400:
            assert set(response.get_json()) == {"error"}
            revealed = [s for s in range(players)
                        if after["characters"][s] != before["characters"][s]]
            if revealed:
                # No silent peeking (SPEC section 1): a write refused because a seat's
                # unrevealed character would already have won an earlier round reveals that
                # character to the whole table, for good (shown before only if the match is
                # over), and changes nothing else (its symbols, as the seat's own phone holds
                # them, are checked below).
                assert response.status_code == 409 and len(revealed) == 1, revealed
                shown_before = before["characters"][revealed[0]]
                assert shown_before is None or (shown_before["revealed"] is False
                                                and before["status"] == "over")
                assert after["characters"][revealed[0]]["revealed"] is True
                assert after["version"] == before["version"] + 1
                assert {**after, "characters": before["characters"],
                        "version": before["version"]} == before
                event("refused, and a hidden character revealed")
            else:
                assert after == before
        else:
            assert after["version"] == before["version"] + 1
            if kind == "character":
                keys[seat] = response.get_json()["character_key"]
        before = after

        # The truth is what each seat's own phone (holding its key) sees of its character; the
        # others, and the seat's link without the key, see it only once it is revealed or the
        # match over (an abandoned one keeps it hidden).
        seen = {"host": after, "view": read(tokens["view"])} | {
            s: read(token, keys.get(s)) for s, token in enumerate(tokens["seats"])}
        own = [seen[s]["characters"][s] for s in range(players)]
        for s, truth in enumerate(own):
            if truth is not None:
                assert set(truth) == {"symbols", "revealed"} and len(truth["symbols"]) == 3
            shown = truth if truth and (truth["revealed"]
                                        or after["status"] in ("over", "banked")) else None
            for reader, body in seen.items():
                if reader != s:
                    assert body["characters"][s] == shown, (reader, s)
            assert read(tokens["seats"][s])["characters"][s] == shown, ("no key", s)
        assert after["missing_characters"] == [s for s, c in enumerate(own) if c is None]
        if after["status"] == "active":
            assert after["winners"] == [] and after.get("win_reason") is None
        else:
            assert after["win_reason"] in ("victory_points", "symbols")
            assert len(after["winners"]) == 1
            event(f"ended: {after['status']} {after['win_reason']}")


# No silent peeking (SPEC section 1) ------------------------------------------------------------

@pytest.mark.parametrize("taken_back", ["delete", "undo", "replace"])
def test_characters_shown_by_a_match_that_was_over_stay_revealed(api, start, taken_back):
    """The host ends the match with a round of 5 victory points, sees every character, and
    takes the round back: the match is active again, and the table sees what the host saw."""
    match = start(game="bandido")
    set_character(api, match, 1, COCONUTS)
    post_round(api, match, at(0), at(0), at(0))
    post_round(api, match, at(5), at(0), at(0))
    if taken_back == "delete":
        response = api.call("DELETE", f"{match.path}/rounds/2", match.host)
    elif taken_back == "undo":
        response = api.call("POST", f"{match.path}/undo", match.host)
    else:
        response = api.call("PUT", f"{match.path}/rounds/2", match.host,
                            json={"players": [at(1), at(0), at(0)]})
    assert response.status_code == 200, response.get_json()
    for who, token in others(match, 1).items():
        body = get(api, match, token)
        assert body["status"] == "active", who
        assert body["characters"][1] == {"symbols": COCONUTS, "revealed": True}, who


def test_a_character_typed_after_the_match_was_over_and_back_is_secret_again(api, start):
    match = start(game="bandido")
    post_round(api, match, at(5), at(0), at(0))
    assert api.call("DELETE", f"{match.path}/rounds/1", match.host).status_code == 200
    set_character(api, match, 1, COCONUTS)
    for who, token in others(match, 1).items():
        assert_no_coconut(api.call("GET", match.path, token), who)


def test_a_guess_refused_for_a_hidden_character_reveals_it_to_every_link(api, app, start):
    """The host replaces round 1 with guessed symbols for Ben: a 409 exactly when the guess
    holds Ben's character would tell the host alone. It tells the whole table: Ben's character
    shows to every link, the refusal says so, and the sheet's log names it."""
    match = start(game="bandido")
    set_character(api, match, 1, [STONE, WATER, WATER])
    post_round(api, match, at(0), at(0), at(0))
    post_round(api, match, at(0), at(0), at(0))
    version = get(api, match, match.host)["version"]

    wrong = api.call("PUT", f"{match.path}/rounds/1", match.host,
                     json={"players": [at(0), at(0, STONE, STONE, WATER), at(0)]})
    assert wrong.status_code == 200  # no win: nothing revealed
    assert get(api, match, match.view)["characters"][1] is None

    right = api.call("PUT", f"{match.path}/rounds/1", match.host,
                     json={"players": [at(0), at(0, WATER, STONE, WATER), at(0)]})
    error = error_of(right, 409)
    assert "revealed" in error["message"] and "Ben" in error["message"]
    for who, token in others(match, 1).items():
        body = get(api, match, token)
        assert body["characters"][1] == {"symbols": [STONE, WATER, WATER], "revealed": True}, who
        assert body["version"] == version + 2  # the wrong guess's write, then the reveal
        assert body["rounds"][0]["input"]["players"][1] == at(0, STONE, STONE, WATER)  # unchanged
    assert changes(app, match)[-1].action == "reveal"


def test_a_seats_own_refused_write_keeps_its_character_to_itself(api, app, start):
    """Only that seat's own writes keep the 409 to itself: its own part of an early round,
    sent from the phone that typed the character (its key)."""
    match = start(game="bandido")
    key = set_character(api, match, 1, [STONE, WATER, WATER])["character_key"]
    post_round(api, match, at(0), at(0), at(0))
    post_round(api, match, at(0), at(0), at(0))
    response = api.call("PUT", f"{match.path}/rounds/1/seats/1", match.seats[1],
                        json=at(0, WATER, STONE, WATER), headers=keyed(key))
    error = error_of(response, 409)
    assert "revealed" not in error["message"]
    for who, token in others(match, 1).items():
        assert get(api, match, token)["characters"][1] is None, who
    assert "reveal" not in [change.action for change in changes(app, match)]


def test_the_host_guessing_through_a_seats_link_reveals_the_character(api, app, start):
    """The attack: the host reads Ben's link from the tokens, then PUTs Ben's round-1 part with
    each possible character's symbols while later rounds exist. A seat's link alone is anyone's
    (the host holds them all): without the key of the phone that typed it, the right guess's
    409 tells the whole table, not the host alone."""
    match = start(game="bandido")
    set_character(api, match, 1, [STONE, WATER, WATER])
    post_round(api, match, at(0), at(0), at(0))
    post_round(api, match, at(0), at(0), at(0))
    bens_link = api.call("GET", f"{match.path}/tokens", match.host).get_json()["seats"][1]
    guesses = [[a, b, c] for a in (STONE, WATER, COCONUT) for b in (STONE, WATER, COCONUT)
               for c in (STONE, WATER, COCONUT) if a <= b <= c]
    answers = []
    for guess in guesses:
        response = put_part(api, match, 1, 1, bens_link, at(0, *guess))
        answers.append(response.status_code)
        if response.status_code == 409:
            error = error_of(response, 409)
            assert "revealed" in error["message"] and "Ben" in error["message"]
            break
        assert response.status_code == 200, response.get_json()
        put_part(api, match, 1, 1, match.host, at(0))  # the host puts the old value back
    assert answers[-1] == 409
    for who, token in others(match, 1).items():
        assert get(api, match, token)["characters"][1] == {
            "symbols": [STONE, WATER, WATER], "revealed": True}, who
    assert changes(app, match)[-1].action == "reveal"
    # A stale or another phone's key is no key: a second guesser learns nothing new either.
    assert get(api, match, match.view)["characters"][1]["revealed"] is True


def test_a_wrong_key_makes_a_write_no_seats_own(api, app, start):
    match = start(game="bandido")
    key = set_character(api, match, 1, [STONE, WATER, WATER])["character_key"]
    post_round(api, match, at(0), at(0), at(0))
    post_round(api, match, at(0), at(0), at(0))
    wrong = key[:-1] + ("A" if key[-1] != "A" else "B")
    response = api.call("PUT", f"{match.path}/rounds/1/seats/1", match.seats[1],
                        json=at(0, WATER, STONE, WATER), headers=keyed(wrong))
    assert "revealed" in error_of(response, 409)["message"]
    assert get(api, match, match.view)["characters"][1]["revealed"] is True


def test_another_seats_refused_write_reveals_the_character(api, start):
    """Cy, typing Ben's line? No seat types another's part; the host does, through a part."""
    match = start(game="bandido")
    set_character(api, match, 1, [STONE, WATER, WATER])
    post_round(api, match, at(0), at(0), at(0))
    post_round(api, match, at(0), at(0), at(0))
    error_of(put_part(api, match, 1, 1, match.host, at(0, WATER, STONE, WATER)), 409)
    assert get(api, match, match.view)["characters"][1]["revealed"] is True
