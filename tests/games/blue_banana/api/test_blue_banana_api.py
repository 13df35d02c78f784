"""Blue Banana through API v1: lines, chips, penalties, the banana, task cards and the referee."""

from __future__ import annotations

import pytest
from api_helpers import error_of, get, match_count, play_steps
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

MOTIFS = ("banana", "frog", "whale", "eggplant", "flamingo", "strawberry", "basketball", "top_hat")
COLORS = ("yellow", "green", "blue", "purple", "pink", "red", "orange", "black")


def line(correct=0, incorrect=0, banana=None):
    """One player's line of a round, as a phone sends it."""
    return {"correct": correct, "incorrect": incorrect, "banana": banana}


def card(motif, color):
    return {"motif": motif, "color": color}


# rules/blue-banana.txt: "a green flamingo and a blue banana" (the first example's "pink
# flamingo" is a misprint, SPEC says). They seek pink (the flamingo's own colour) and yellow (the
# banana's), and frogs (green's motif) and whales (blue's).
FLAMINGO_BANANA = [card("flamingo", "green"), card("banana", "blue")]
# "The card front shows a strawberry ... blue": seeks red and whales. An orange top hat seeks
# black and basketballs.
STRAWBERRY_HAT = [card("strawberry", "blue"), card("top_hat", "orange")]


def post_round(api, match, *lines, task=None, status=201):
    body = {"players": list(lines)}
    if task is not None:
        body["task"] = task
    response = api.call("POST", f"{match.path}/rounds", match.host, json=body)
    assert response.status_code == status, response.get_json()
    return response.get_json()


def put_line(api, match, number, seat, token, part):
    return api.call("PUT", f"{match.path}/rounds/{number}/seats/{seat}", token, json=part)


# Creating ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 10])
def test_a_new_match_starts_everyone_on_one_small_chip(api, players):
    names = [f"P{i}" for i in range(players)]

    created = api.create(names, game="blue_banana")

    assert created["options"] == {"mode": "normal", "rounds": 8}
    assert created["status"] == "active"
    assert created["chips"] == [1] * players
    assert created["totals"] == [0] * players
    assert created["rounds"] == [] and created["winners"] == []
    assert created["sides"] == [{"index": i, "name": name, "seats": [i]}
                                for i, name in enumerate(names)]
    assert len(created["tokens"]["seats"]) == players


@pytest.mark.parametrize("players", [1, 11])
def test_fewer_than_two_or_more_than_ten_players_are_refused(api, app, players):
    before = match_count(app)

    response = api.call("POST", "/matches", json={
        "game": "blue_banana", "players": [f"P{i}" for i in range(players)]})

    error = error_of(response, 422)
    assert error["field"] == "players"
    assert "2 to 10" in error["message"]
    assert match_count(app) == before


def test_chosen_options_are_kept_and_bad_ones_refused_at_their_field(api, app):
    created = api.create(("Ana", "Ben"), game="blue_banana",
                         options={"mode": "alternating", "rounds": 3})
    assert created["options"] == {"mode": "alternating", "rounds": 3}

    before = match_count(app)
    for options, field in [({"mode": "upside_down"}, "options.mode"),
                           ({"rounds": 0}, "options.rounds"),
                           ({"rounds": 2.5}, "options.rounds"),
                           ({"target": 50}, "options.target")]:
        response = api.call("POST", "/matches", json={
            "game": "blue_banana", "players": ["Ana", "Ben"], "options": options})
        assert error_of(response, 422)["field"] == field, options
    assert match_count(app) == before


# Scoring: a match worked by hand -------------------------------------------------------------

ROUND_1 = [line(5, 1), line(3, 0, "correct"), line(4, 2)]
ROUND_2 = [line(6, 0, "early"), line(2, 2), line(3, 0)]
ROUND_3 = [line(0, 5), line(4, 0, "correct"), line(4, 0)]


def test_three_rounds_worked_by_hand(api, start):
    match = start(game="blue_banana")

    # Round 1, everyone on 1 chip. Ana: 5 − 1 × 1 = 4. Ben: 3 + 2 (the task cards, for a
    # correct banana) = 5. Cy: 4 − 2 × 1 = 2. Ben alone holds the most: a second chip.
    body = post_round(api, match, *ROUND_1, task=FLAMINGO_BANANA)
    first = body["rounds"][0]
    assert first["status"] == "complete"
    assert first["cells"] == [4, 5, 2]
    assert first["penalties"] == [1, 0, 2]
    assert first["chips"] == [1, 2, 1]
    assert first["sought"] == {"colors": ["pink", "yellow"], "motifs": ["frog", "whale"],
                               "mode": "normal"}
    assert first["input"] == {"players": ROUND_1, "task": FLAMINGO_BANANA}
    assert body["totals"] == [4, 5, 2]
    assert body["chips"] == [1, 2, 1]
    assert body["starts_next"] == 1  # Ben snatched the banana

    # Round 2, no task cards typed in. Ana snatched too early: 1 mistake × 1 chip; 4 + 6 − 1 = 9.
    # Ben: 2 mistakes × his 2 chips = 4; 5 + 2 − 4 = 3 (cell −2). Cy: 2 + 3 = 5. Ana leads.
    body = post_round(api, match, *ROUND_2)
    second = body["rounds"][1]
    assert second["cells"] == [5, -2, 3]
    assert second["penalties"] == [1, 4, 0]
    assert second["chips"] == [2, 2, 1]
    assert second["sought"] is None  # complete, but no task cards to turn over
    assert second["input"] == {"players": ROUND_2}
    assert body["totals"] == [9, 3, 5]
    assert body["starts_next"] == 0  # too early, but she snatched it: she starts

    # Round 3. Ana: 5 mistakes × 2 chips = 10 > 9: she falls to 0, no lower (cell −9).
    # Ben: 3 + 4 + 2 = 9. Cy: 5 + 4 = 9. Ben and Cy tie for the most: a chip each.
    body = post_round(api, match, *ROUND_3, task=STRAWBERRY_HAT)
    third = body["rounds"][2]
    assert third["cells"] == [-9, 6, 4]
    assert third["penalties"] == [10, 0, 0]
    assert third["chips"] == [2, 3, 2]
    assert third["sought"] == {"colors": ["red", "black"], "motifs": ["whale", "basketball"],
                               "mode": "normal"}
    assert body["totals"] == [0, 9, 9]
    assert body["chips"] == [2, 3, 2]
    assert body["leaders"] == [1, 2]
    assert body["starts_next"] == 1
    assert body["status"] == "active" and body["winners"] == []  # 5 rounds to go
    assert [sum(r["cells"][seat] for r in body["rounds"]) for seat in range(3)] == \
        body["totals"]
    assert body == get(api, match)
    assert get(api, match, match.view)["rounds"] == body["rounds"]


def test_an_edit_of_an_earlier_round_recomputes_the_chips_and_penalties_after_it(
        api, start):
    match = start(game="blue_banana")
    post_round(api, match, *ROUND_1, task=FLAMINGO_BANANA)
    post_round(api, match, *ROUND_2)
    post_round(api, match, *ROUND_3, task=STRAWBERRY_HAT)

    # Ben did not snatch the banana in round 1 after all: 3, so Ana (4) leads and takes the chip.
    response = api.call("PUT", f"{match.path}/rounds/1", match.host, json={
        "players": [line(5, 1), line(3, 0), line(4, 2)], "task": FLAMINGO_BANANA})

    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert [r["cells"] for r in body["rounds"]] == [
        [4, 3, 2],
        # Round 2: Ana pays 1 × 2 chips: 4 + 6 − 2 = 8; Ben 2 × 1: 3 + 2 − 2 = 3; Cy 5.
        [4, 0, 3],
        # Round 3: Ana (3 chips now) 5 × 3 = 15 > 8: 0. Ben 3 + 6 = 9, Cy 5 + 4 = 9.
        [-8, 6, 4]]
    assert [r["penalties"] for r in body["rounds"]] == [[1, 0, 2], [2, 2, 0], [15, 0, 0]]
    assert [r["chips"] for r in body["rounds"]] == [[2, 1, 1], [3, 1, 1], [3, 2, 2]]
    assert body["totals"] == [0, 9, 9]
    assert body["rounds"][0]["sought"]["colors"] == ["pink", "yellow"]


def test_sought_stays_null_until_the_round_is_complete(api, start):
    match = start(game="blue_banana")

    body = post_round(api, match, line(5, 1), None, line(4, 2), task=FLAMINGO_BANANA)

    open_ = body["rounds"][0]
    assert open_["status"] == "open"
    assert open_["cells"] is None
    assert open_["sought"] is None and open_["penalties"] is None and open_["chips"] is None
    assert open_["input"]["task"] == FLAMINGO_BANANA
    assert body["totals"] == [0, 0, 0] and body["chips"] == [1, 1, 1]
    for token in (match.view, match.seats[0]):
        assert get(api, match, token)["rounds"][0]["sought"] is None

    done = put_line(api, match, 1, 1, match.seats[1], line(3, 0, "correct"))

    assert done.status_code == 200
    round_ = done.get_json()["rounds"][0]
    assert round_["status"] == "complete"
    assert round_["sought"] == {"colors": ["pink", "yellow"], "motifs": ["frog", "whale"],
                                "mode": "normal"}
    assert round_["input"]["task"] == FLAMINGO_BANANA  # a seat's line leaves the task alone
    assert round_["cells"] == [4, 5, 2]


def test_a_chip_value_stops_at_the_large_chip_worth_5(api, start):
    match = start(("Ana", "Ben"), game="blue_banana")

    for _ in range(5):
        body = post_round(api, match, line(1), line(0))
    # Ana leads after every round: 2, 3, 4, 5 (four small and a fifth: the large chip), 5.
    # Ben, on 0 behind her, never holds the most.
    assert [r["chips"][0] for r in body["rounds"]] == [2, 3, 4, 5, 5]
    assert body["chips"] == [5, 1]

    # A mistake now costs 5 cards: 5 + 3 − 1 × 5 = 3.
    body = post_round(api, match, line(3, 1), line(0, 1))
    assert body["rounds"][5]["penalties"] == [5, 1]
    assert body["rounds"][5]["cells"] == [-2, 0]  # Ben has nothing to give up: stays at 0
    assert body["totals"] == [3, 0]
    assert body["chips"] == [5, 1]


def test_everyone_level_at_the_top_takes_a_chip(api, start):
    match = start(game="blue_banana")

    body = post_round(api, match, line(2), line(2), line(2))

    assert body["rounds"][0]["chips"] == [2, 2, 2]
    assert body["leaders"] == [0, 1, 2]


# Modes -------------------------------------------------------------------------------------


def test_alternating_mode_flips_the_card_every_round_starting_normal(api, start):
    match = start(("Ana", "Ben"), game="blue_banana", mode="alternating")
    tasks = [FLAMINGO_BANANA, STRAWBERRY_HAT, FLAMINGO_BANANA, None, STRAWBERRY_HAT]

    for task in tasks:
        body = post_round(api, match, line(1), line(0), task=task)

    assert [r["sought"] and r["sought"]["mode"] for r in body["rounds"]] == [
        "normal", "inverted", "normal", None, "normal"]
    assert [r["mode"] for r in body["rounds"]] == [
        "normal", "inverted", "normal", "inverted", "normal"]
    # The sought colours and motifs are the same whichever side the mode card shows.
    assert body["rounds"][1]["sought"] == {"colors": ["red", "black"],
                                           "motifs": ["whale", "basketball"],
                                           "mode": "inverted"}
    assert body["next_mode"] == "inverted"  # round 6


def test_inverted_mode_applies_to_every_round(api, start):
    match = start(("Ana", "Ben"), game="blue_banana", mode="inverted")

    post_round(api, match, line(1), line(0), task=FLAMINGO_BANANA)
    body = post_round(api, match, line(1), line(0), task=STRAWBERRY_HAT)

    assert [r["sought"]["mode"] for r in body["rounds"]] == ["inverted", "inverted"]
    assert body["next_mode"] == "inverted"


# Seats -------------------------------------------------------------------------------------


def test_each_seat_puts_its_own_line_and_the_next_round_opens(api, start, refused):
    match = start(game="blue_banana")
    ana, ben, cy = match.seats
    path = f"{match.path}/rounds/1/seats"

    opened = put_line(api, match, 1, 0, ana, line(5, 1))

    assert opened.status_code == 201
    round_ = opened.get_json()["rounds"][0]
    assert round_["status"] == "open" and round_["cells"] is None
    assert round_["input"] == {"players": [line(5, 1), None, None]}

    refused(match, 403, "PUT", f"{path}/1", ana, json=line(3))  # another seat: never
    refused(match, 403, "PUT", f"{path}/0", ben, json=line(9))
    refused(match, 403, "PUT", f"{path}/2", match.view, json=line(4))

    # Missing counts are 0 and no banana.
    assert put_line(api, match, 1, 1, ben, {"correct": 3, "banana": "correct"}).status_code \
        == 200
    still_open = get(api, match)["rounds"][0]
    assert still_open["status"] == "open"
    assert still_open["input"]["players"][1] == line(3, 0, "correct")

    done = put_line(api, match, 1, 2, cy, line(4, 2))

    assert done.status_code == 200
    body = done.get_json()
    assert body["rounds"][0]["cells"] == [4, 5, 2]
    assert body["rounds"][0]["sought"] is None  # no task cards were typed in
    assert body["chips"] == [1, 2, 1]

    # Cy opens round 2 from his own phone; round 3 must wait for it, round 4 does not exist.
    second = put_line(api, match, 2, 2, cy, line(1))
    assert second.status_code == 201
    assert [r["status"] for r in second.get_json()["rounds"]] == ["complete", "open"]
    refused(match, 409, "PUT", f"{match.path}/rounds/3/seats/2", cy, json=line(1))
    refused(match, 409, "POST", f"{match.path}/rounds", match.host,
            json={"players": [line(), line(), line()]})
    refused(match, 404, "PUT", f"{match.path}/rounds/4/seats/2", cy, json=line(1))
    refused(match, 404, "PUT", f"{match.path}/rounds/2/seats/3", match.host, json=line(1))


def test_the_task_cards_are_the_hosts_through_the_whole_round(api, start, refused):
    match = start(game="blue_banana")
    ana = match.seats[0]
    assert put_line(api, match, 1, 0, ana, line(5, 1)).status_code == 201
    with_task = {"players": [line(5, 1), None, None], "task": FLAMINGO_BANANA}

    # A seat cannot send the task: not in its line, not as the whole round.
    error = refused(match, 422, "PUT", f"{match.path}/rounds/1/seats/0", ana,
                    json=line(5, 1) | {"task": FLAMINGO_BANANA})
    assert error["field"] == "task"
    refused(match, 403, "PUT", f"{match.path}/rounds/1", ana, json=with_task)
    refused(match, 403, "POST", f"{match.path}/rounds", ana,
            json={"players": [line(), line(), line()], "task": FLAMINGO_BANANA})
    refused(match, 403, "PUT", f"{match.path}/rounds/1", match.view, json=with_task)

    # The host turns the cards up on the open round; Ana's line stays.
    response = api.call("PUT", f"{match.path}/rounds/1", match.host, json=with_task)

    assert response.status_code == 200
    round_ = response.get_json()["rounds"][0]
    assert round_["input"] == {"players": [line(5, 1), None, None], "task": FLAMINGO_BANANA}
    assert round_["sought"] is None  # still open: nothing revealed

    put_line(api, match, 1, 1, match.host, line(3, 0, "correct"))
    body = put_line(api, match, 1, 2, match.seats[2], line(4, 2)).get_json()
    assert body["rounds"][0]["sought"]["motifs"] == ["frog", "whale"]
    assert body["rounds"][0]["input"]["task"] == FLAMINGO_BANANA


def test_the_hosts_mark_that_the_banana_is_snatched_is_kept_in_the_round_input(api, start,
                                                                               refused):
    match = start(game="blue_banana")
    marked = {"players": [None, None, None], "task": FLAMINGO_BANANA, "snatched": True}
    assert post_round(api, match, None, None, None, task=FLAMINGO_BANANA)["rounds"][0][
        "input"] == {"players": [None, None, None], "task": FLAMINGO_BANANA}
    # The mark is round-wide, so the host's: never a seat's, nor part of its line.
    refused(match, 403, "PUT", f"{match.path}/rounds/1", match.seats[0], json=marked)
    error = refused(match, 422, "PUT", f"{match.path}/rounds/1/seats/0", match.seats[0],
                    json=line(1) | {"snatched": True})
    assert error["field"] == "snatched"
    response = api.call("PUT", f"{match.path}/rounds/1", match.host, json=marked)
    assert response.status_code == 200
    assert response.get_json()["rounds"][0]["input"] == marked
    # A line typed afterwards keeps it, and the round scores as it would without it.
    body = put_line(api, match, 1, 0, match.seats[0], line(2, 0, "correct")).get_json()
    assert body["rounds"][0]["input"]["snatched"] is True
    put_line(api, match, 1, 1, match.host, line(1))
    done = put_line(api, match, 1, 2, match.host, line(0, 1)).get_json()["rounds"][0]
    assert done["cells"] == [4, 1, 0] and done["status"] == "complete"
    error = refused(match, 422, "PUT", f"{match.path}/rounds/1", match.host,
                    json=done["input"] | {"snatched": "yes"})
    assert error["field"] == "snatched"


# Validation --------------------------------------------------------------------------------

THREE = [line(1), line(2), line(3)]
INVALID_ROUNDS = [
    # (round body, field, a word of the message)
    pytest.param({"players": THREE, "task": [card("flamingo", "pink"), card("banana", "blue")]},
                 "task[0]", "pink flamingo", id="pink-flamingo"),
    pytest.param({"players": THREE, "task": [card("banana", "blue"), card("top_hat", "black")]},
                 "task[1]", "black top hat", id="black-top-hat"),
    pytest.param({"players": THREE, "task": [card("banana", "blue"), card("banana", "blue")]},
                 "task", "same card", id="identical-task-cards"),
    pytest.param({"players": THREE, "task": [card("banana", "blue")]}, "task", "two",
                 id="one-task-card"),
    pytest.param({"players": THREE, "task": FLAMINGO_BANANA + [card("frog", "red")]}, "task",
                 "two", id="three-task-cards"),
    pytest.param({"players": THREE, "task": [card("unicorn", "blue"), card("banana", "red")]},
                 "task[0].motif", "motif", id="unknown-motif"),
    pytest.param({"players": THREE, "task": [card("frog", "red"), card("banana", "white")]},
                 "task[1].color", "colour", id="unknown-colour"),
    pytest.param({"players": [line(1, 0, "correct"), line(2, 0, "early"), line(3)]}, "players",
                 "one player", id="two-bananas"),
    pytest.param({"players": [line(1, 0, "correct"), line(2), line(3, 0, "correct")]},
                 "players", "one player", id="two-correct-bananas"),
    pytest.param({"players": [line(-1), line(2), line(3)]}, "players[0].correct", "0",
                 id="negative-correct"),
    pytest.param({"players": [line(1), line(2, -3), line(3)]}, "players[1].incorrect", "0",
                 id="negative-incorrect"),
    pytest.param({"players": [line(1), line(2.5), line(3)]}, "players[1].correct", "whole",
                 id="fractional-count"),
    pytest.param({"players": [line(1), line("2"), line(3)]}, "players[1].correct", "whole",
                 id="count-as-text"),
    pytest.param({"players": [line(1), line(2), line(3, 0, "yes")]}, "players[2].banana",
                 "banana", id="banana-neither-correct-nor-early"),
    pytest.param({"players": [line(50, 44), line(0), line(0)]}, "players[0].correct", "93",
                 id="one-line-past-the-display"),
    pytest.param({"players": [line(1), line(2)]}, "players", "3", id="two-lines-for-three"),
    pytest.param({"players": THREE, "dead": True}, "dead", "dead", id="banakil-field"),
]


@pytest.mark.parametrize(("body", "field", "says"), INVALID_ROUNDS)
def test_an_impossible_round_is_refused_at_its_field(start, refused, body, field, says):
    match = start(game="blue_banana")

    error = refused(match, 422, "POST", f"{match.path}/rounds", match.host, json=body)

    assert error["field"] == field
    assert says in error["message"]


@pytest.mark.parametrize(("body", "field", "says"), INVALID_ROUNDS)
def test_the_host_cannot_edit_a_round_into_an_impossible_one(api, start, refused,
                                                             body, field, says):
    match = start(game="blue_banana")
    post_round(api, match, *THREE, task=FLAMINGO_BANANA)

    error = refused(match, 422, "PUT", f"{match.path}/rounds/1", match.host, json=body)

    assert error["field"] == field


@pytest.mark.parametrize(("part", "field", "says"), [
    (line(-1), "correct", "0"),
    (line(2, -1), "incorrect", "0"),
    (line(94), "correct", "93"),
    (line(3, 1, "snatched"), "banana", "banana"),
    ({"correct": 1, "score": 3}, "score", "score"),
    ([line(1)], None, "object"),
])
def test_a_seat_cannot_put_an_impossible_line(start, refused, part, field, says):
    match = start(game="blue_banana")

    error = refused(match, 422, "PUT", f"{match.path}/rounds/1/seats/0", match.seats[0],
                    json=part)

    assert error.get("field") == field
    assert says in error["message"]


def test_a_second_banana_from_another_phone_is_refused(api, start, refused):
    match = start(game="blue_banana")
    assert put_line(api, match, 1, 0, match.seats[0], line(4, 0, "correct")).status_code == 201

    error = refused(match, 422, "PUT", f"{match.path}/rounds/1/seats/1", match.seats[1],
                    json=line(2, 0, "early"))

    assert error["field"] == "players"
    assert "one player" in error["message"]
    # Without the banana Ben's line is fine; then Ana may give hers up and Ben snatch it.
    assert put_line(api, match, 1, 1, match.seats[1], line(2)).status_code == 200
    assert put_line(api, match, 1, 0, match.seats[0], line(4)).status_code == 200
    assert put_line(api, match, 1, 1, match.seats[1], line(2, 0, "early")).status_code == 200


def test_the_display_holds_93_cards_over_the_whole_match(api, start, refused):
    match = start(("Ana", "Ben"), game="blue_banana")
    post_round(api, match, line(40), line(30))  # 70 collected
    post_round(api, match, line(10, 2), line(10))  # 92: incorrect cards were collected too
    third = f"{match.path}/rounds"

    # The 94th card, in a round that holds only 2.
    error = refused(match, 422, "POST", third, match.host,
                    json={"players": [line(1, 1), line(0)]})
    assert error["field"] == "players"
    assert "94" in error["message"] and "93" in error["message"]

    body = post_round(api, match, line(1), line(0))  # the 93rd: fine
    assert [r["status"] for r in body["rounds"]] == ["complete"] * 3
    # Ana led round 1, so her 2 mistakes in round 2 cost 2 chips each: 40 + 10 − 4 + 1 = 47.
    assert body["totals"] == [47, 40]

    # Not one more: not from a seat opening round 4, nor by editing an earlier round.
    error = refused(match, 422, "PUT", f"{match.path}/rounds/4/seats/1", match.seats[1],
                    json=line(0, 1))
    assert error["field"] == "players"
    refused(match, 422, "PUT", f"{match.path}/rounds/1", match.host,
            json={"players": [line(41), line(30)]})
    refused(match, 422, "PUT", f"{match.path}/rounds/3/seats/1", match.seats[1], json=line(1))
    # A round of nothing collected still fits.
    assert put_line(api, match, 4, 1, match.seats[1], line(0)).status_code == 201


# The end -----------------------------------------------------------------------------------


def test_the_match_is_over_after_8_rounds_and_a_seat_banks_it(api, start, refused):
    match = start(("Ana", "Ben"), game="blue_banana")
    for number in range(1, 8):
        body = post_round(api, match, line(2), line(1, 0, "correct" if number == 7 else None))
        assert body["status"] == "active"
    refused(match, 409, "POST", f"{match.path}/bank", match.seats[0])  # not over yet

    # Round 8 is open until both lines are in: not over yet.
    opened = put_line(api, match, 8, 0, match.seats[0], line(2))
    assert opened.status_code == 201
    assert opened.get_json()["status"] == "active"
    body = put_line(api, match, 8, 1, match.seats[1], line(1)).get_json()

    # Ana: 8 × 2 = 16. Ben: 8 × 1 + 2 (the banana in round 7) = 10.
    assert body["status"] == "over"
    assert body["totals"] == [16, 10]
    assert body["winners"] == [0]
    # Ana led after every round: 2, 3, 4, 5 and no further.
    assert [r["chips"][0] for r in body["rounds"]] == [2, 3, 4, 5, 5, 5, 5, 5]
    assert body["chips"] == [5, 1]

    refused(match, 409, "POST", f"{match.path}/rounds", match.host,
            json={"players": [line(1), line(1)]})
    refused(match, 409, "PUT", f"{match.path}/rounds/9/seats/1", match.seats[1], json=line(1))
    refused(match, 403, "POST", f"{match.path}/bank", match.view)

    banked = api.call("POST", f"{match.path}/bank", match.seats[1])  # Ben, who lost

    assert banked.status_code == 200
    assert banked.get_json()["status"] == "banked"
    assert banked.get_json()["winners"] == [0]
    assert banked.get_json()["totals"] == [16, 10]
    refused(match, 409, "PUT", f"{match.path}/rounds/8/seats/1", match.seats[1], json=line(5))


def test_a_shorter_match_ends_after_its_rounds_and_a_tie_shares_the_win(api, start):
    match = start(game="blue_banana", rounds=2)

    post_round(api, match, line(3), line(1, 0, "correct"), line(2))
    body = post_round(api, match, line(0), line(0), line(1))

    assert body["totals"] == [3, 3, 3]
    assert body["status"] == "over"
    assert body["winners"] == [0, 1, 2]


def test_deleting_the_last_round_of_an_over_match_makes_it_active_again(api, start):
    match = start(("Ana", "Ben"), game="blue_banana", rounds=2)
    post_round(api, match, line(3), line(1))
    post_round(api, match, line(1), line(1))
    assert get(api, match)["status"] == "over"

    response = api.call("DELETE", f"{match.path}/rounds/2", match.host)

    assert response.status_code == 200
    assert response.get_json()["status"] == "active"
    assert response.get_json()["winners"] == []


# Fuzz --------------------------------------------------------------------------------------

FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def usually(usual, odd, times=3):
    """`usual` about `times` times as often as `odd`, so that a sequence gets somewhere."""
    return st.sampled_from([True] * times + [False]).flatmap(lambda u: usual if u else odd)


ODD = (st.none() | st.booleans() | st.text(max_size=4)
       | st.floats(allow_nan=False, allow_infinity=False)
       | st.sampled_from([-1, 0.5, 10**30, 2**63, 1e300, -0.0, [], {}, "3", "correct"]))
COUNT = usually(st.integers(0, 8), st.integers(-2, 120) | ODD, times=6)
BANANA = usually(st.sampled_from([None, None, None, "correct", "early"]), ODD)
LINE = st.fixed_dictionaries({}, optional={"correct": COUNT, "incorrect": COUNT,
                                           "banana": BANANA})
ODD_LINE = LINE | st.none() | ODD | st.dictionaries(st.sampled_from(["task", "score", ""]), COUNT,
                                                    min_size=1, max_size=2)
CARD = usually(st.fixed_dictionaries({"motif": st.sampled_from(MOTIFS),
                                      "color": st.sampled_from(COLORS)}),
               st.fixed_dictionaries({}, optional={"motif": st.sampled_from(MOTIFS) | ODD,
                                                   "color": st.sampled_from(COLORS) | ODD})
               | ODD)
TASK = usually(st.lists(CARD, min_size=2, max_size=2), st.lists(CARD, max_size=3) | ODD)


@st.composite
def likely_round(draw, players):
    snatcher = draw(st.integers(-1, players - 1))
    lines = [line(draw(st.integers(0, 6)), draw(st.integers(0, 2)),
                  draw(st.sampled_from(["correct", "early"])) if seat == snatcher else None)
             for seat in range(players)]
    if draw(st.integers(0, 4)) == 0:
        lines[draw(st.integers(0, players - 1))] = None  # left open
    body = {"players": lines}
    if draw(st.booleans()):
        body["task"] = draw(TASK)
    return body


def round_body(players):
    lines = (st.lists(ODD_LINE, min_size=players, max_size=players)
             | st.lists(ODD_LINE, max_size=4) | ODD)
    odd = st.fixed_dictionaries({"players": lines}, optional={"task": TASK, "dead": ODD}) | ODD
    return usually(likely_round(players), odd)


@st.composite
def steps(draw, players):
    kind = draw(st.sampled_from(["post", "post", "put_round", "seat", "seat", "seat"]))
    number = draw(st.sampled_from([1, 1, 2, 2, 3]))
    if kind == "seat":
        seat = draw(st.integers(0, players - 1))
        part = draw(usually(st.builds(line, st.integers(0, 6), st.integers(0, 2),
                                      st.sampled_from([None, None, "correct", "early"])),
                            ODD_LINE))
        return ("PUT", f"/rounds/{number}/seats/{seat}", part,
                draw(st.sampled_from(["host", "seat"])))
    if kind == "put_round":
        return ("PUT", f"/rounds/{number}", draw(round_body(players)), "host")
    return ("POST", "/rounds", draw(round_body(players)), "host")


def check_blue_banana(body):
    """What must hold of any Blue Banana match a client is shown: SPEC's rulings, replayed."""
    players = len(body["players"])
    totals, chips = [0] * players, [1] * players
    mode, complete, collected = body["options"]["mode"], 0, 0
    for number, round_ in enumerate(body["rounds"], start=1):
        lines, task = round_["input"]["players"], round_["input"].get("task")
        assert len(lines) == players
        assert sum(1 for part in lines if part and part["banana"]) <= 1
        collected += sum(part["correct"] + part["incorrect"] for part in lines if part)
        if task is not None:
            assert len(task) == 2 and task[0] != task[1]
        if round_["status"] == "open":
            assert None in lines
            assert round_["cells"] is None and round_["sought"] is None
            continue
        assert round_["status"] == "complete"
        penalties, cells = [], []
        for seat, part in enumerate(lines):
            mistakes = part["incorrect"] + (part["banana"] == "early")
            penalty = mistakes * min(5, chips[seat])
            new = max(0, totals[seat] + part["correct"] + 2 * (part["banana"] == "correct")
                      - penalty)
            penalties.append(penalty)
            cells.append(new - totals[seat])
            totals[seat] = new
        chips = [min(5, c + 1) if t == max(totals) else c
                 for c, t in zip(chips, totals, strict=True)]
        assert round_["penalties"] == penalties
        assert round_["cells"] == cells
        assert round_["chips"] == chips
        applied = mode if mode != "alternating" else ("normal", "inverted")[(number - 1) % 2]
        if task is None:
            assert round_["sought"] is None
        else:
            assert round_["sought"]["mode"] == applied
        complete += 1
    assert collected <= 93
    assert body["totals"] == totals
    assert body["chips"] == chips
    if body["status"] == "over":
        assert complete == body["options"]["rounds"]
        assert body["winners"] == [i for i, t in enumerate(totals) if t == max(totals)]
    else:
        assert body["status"] == "active" and body["winners"] == []


@FUZZ
@given(players=st.integers(2, 4), data=st.data(),
       options=st.fixed_dictionaries({}, optional={
           "mode": st.sampled_from(["normal", "inverted", "alternating"]),
           "rounds": st.integers(1, 3)}))
def test_no_round_body_or_line_is_answered_with_a_5xx(fuzz_client, players, options, data):
    play_steps(fuzz_client, "blue_banana", players, options,
               data.draw(st.lists(steps(players), min_size=1, max_size=8)), check_blue_banana)
