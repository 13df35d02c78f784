"""Banakil through API v1: hands from card counts, the carry, partnerships, seats, dead hands."""

from __future__ import annotations

import pytest
from api_helpers import error_of, get, match_count, play_steps
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.games.banakil.hands import CLASSES

# rules/banakil.txt, "A worked hand". Dana: hearts 3–9 (3,4,5,6 | 7,8,9), spades 10–A
# (10,J,Q,K | A), three aces, three threes: 3-6 = 4 + 3 = 7, 7-K = 3 + 4 = 7, A = 1 + 3 = 4;
# 7 × 0.5 + 7 × 1 + 4 × 1.5 = 3.5 + 7 + 6 = 16.5, + 20 for going out = 36.5 → 37.
DANA = {"melded": {"3-6": 7, "7-K": 7, "A": 4}, "went_out": True}
# Ravi: clubs 5–J (5,6 | 7,8,9,10,J) and three aces melded: 2 × 0.5 + 5 + 3 × 1.5 = 10.5;
# in hand K, Q, 9, 7 (4 × 1), 6, 4, 4 (3 × 0.5) and a two (2): 4 + 1.5 + 2 = 7.5;
# 10.5 − 7.5 = 3.
RAVI = {"melded": {"3-6": 2, "7-K": 5, "A": 3}, "in_hand": {"3-6": 3, "7-K": 4, "2": 1}}


def hand(melded=None, in_hand=None, **flags):
    """A hand by card counts: hand({"7-K": 3}, {"A": 1}, went_out=True)."""
    return {"melded": melded or {}, "in_hand": in_hand or {}, **flags}


def typed(score, went_out=False):
    """A hand given by its score, as a table counting on paper types it."""
    return {"score": score, "went_out": went_out}


def stored(part):
    """A hand by card counts as the match shows it back: every count, every flag."""
    full = {"went_out": False, "all_at_once": False, "no_turn": False} | part
    return full | {pile: {name: part.get(pile, {}).get(name, 0) for name in CLASSES}
                   for pile in ("melded", "in_hand")}


def post_round(api, match, *hands, dead=False):
    response = api.call("POST", f"{match.path}/rounds", match.host,
                        json={"dead": dead, "hands": list(hands)})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def put_hand(api, match, number, seat, token, part):
    return api.call("PUT", f"{match.path}/rounds/{number}/seats/{seat}", token, json=part)


# Creating ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "target"), [
    (("Dana", "Ravi"), 150), (("Ana", "Ben", "Cy"), 203), (("Ana", "Ben", "Cy", "Dee"), 303)])
def test_a_new_match_fills_in_every_option_and_the_target_by_player_count(api, players,
                                                                          target):
    created = api.create(players, game="banakil")

    assert created["options"] == {"target": target, "side_scoring": "net",
                                  "no_turn_zero": False, "rules": "table", "first_dealer": 0}
    assert created["target"] == target
    assert created["status"] == "active"
    assert created["rounds"] == [] and created["winners"] == []
    assert len(created["tokens"]["seats"]) == len(players)
    sides = len(created["sides"])
    assert created["totals"] == [0] * sides
    assert created["carry"] == [0] * sides


def test_two_or_three_players_each_score_for_themselves(api):
    created = api.create(("Ana", "Ben", "Cy"), game="banakil")

    assert created["sides"] == [{"index": 0, "name": "Ana", "seats": [0]},
                                {"index": 1, "name": "Ben", "seats": [1]},
                                {"index": 2, "name": "Cy", "seats": [2]}]


def test_four_players_are_two_partnerships_sitting_across(api):
    created = api.create(("Ana", "Ben", "Cy", "Dee"), game="banakil")

    assert created["sides"] == [{"index": 0, "name": "Ana & Cy", "seats": [0, 2]},
                                {"index": 1, "name": "Ben & Dee", "seats": [1, 3]}]
    assert created["carry"] == [0, 0]


@pytest.mark.parametrize("players", [2, 4])
def test_the_online_rules_race_to_222_whatever_the_player_count(api, players):
    created = api.create([f"P{i}" for i in range(players)], game="banakil",
                         options={"rules": "online"})

    assert created["options"]["target"] == 222
    assert created["target"] == 222


def test_a_chosen_target_and_options_are_kept(api):
    created = api.create(("Ana", "Ben", "Cy", "Dee"), game="banakil", options={
        "target": 500, "rules": "online", "side_scoring": "sum", "no_turn_zero": True,
        "first_dealer": 3})

    assert created["options"] == {"target": 500, "side_scoring": "sum", "no_turn_zero": True,
                                  "rules": "online", "first_dealer": 3}


@pytest.mark.parametrize("players", [["Solo"], ["A", "B", "C", "D", "E"], []])
def test_fewer_than_two_or_more_than_four_players_are_refused(api, app, players):
    before = match_count(app)

    error = error_of(api.call("POST", "/matches", json={"game": "banakil", "players": players}),
                     422)

    assert error["field"] == "players"
    assert "2 to 4" in error["message"]
    assert match_count(app) == before


@pytest.mark.parametrize(("options", "field"), [
    ({"first_dealer": 2}, "options.first_dealer"),  # two players: seats 0 and 1 only
    ({"target": 0}, "options.target"),
    ({"target": 12.5}, "options.target"),
    ({"side_scoring": "best"}, "options.side_scoring"),
    ({"rules": "jawaker"}, "options.rules"),
    ({"no_turn_zero": "yes"}, "options.no_turn_zero"),
    ({"dhamoon": 40}, "options.dhamoon"),
])
def test_a_bad_option_is_refused_at_its_field(api, app, options, field):
    before = match_count(app)

    response = api.call("POST", "/matches", json={"game": "banakil", "players": ["A", "B"],
                                                  "options": options})

    assert error_of(response, 422)["field"] == field
    assert match_count(app) == before


# Scoring: the worked hand, rounding, the carry ------------------------------------------


def test_the_rulebooks_worked_hand_from_card_counts(api, start):
    match = start(game="banakil")

    body = post_round(api, match, DANA, RAVI)

    (round_,) = body["rounds"]
    assert round_["status"] == "complete"
    assert round_["hand_scores"] == [36.5, 3]
    assert round_["side_scores"] == [37, 3]  # 36.5 rounds up
    assert round_["cells"] == [37, 3]
    assert round_["carry"] == [0, 0]
    assert round_["input"] == {"dead": False, "hands": [stored(DANA), stored(RAVI)]}
    assert body["totals"] == [37, 3]
    assert body["carry"] == [0, 0]
    assert body["status"] == "active"  # 37 < 150
    assert body == get(api, match)


def test_the_same_hand_by_typed_scores_gives_the_same_cells(api, start):
    match = start(game="banakil")

    body = post_round(api, match, typed(36.5, went_out=True), typed(3))

    assert body["rounds"][0]["hand_scores"] == [36.5, 3]
    assert body["rounds"][0]["cells"] == [37, 3]


def test_minus_20_then_26_goes_on_the_sheet_as_0_then_6(api, start):
    match = start(game="banakil")
    # Dana melds nothing: a flat −20, whatever she holds. Ravi: 5 sevens-to-kings + 20 = 25.
    first = post_round(api, match, hand(in_hand={"7-K": 3, "joker": 1}),
                       hand({"7-K": 5}, went_out=True))

    assert first["rounds"][0]["hand_scores"] == [-20, 25]
    assert first["rounds"][0]["side_scores"] == [-20, 25]
    assert first["rounds"][0]["cells"] == [0, 25]
    assert first["rounds"][0]["carry"] == [20, 0]
    assert get(api, match)["carry"] == [20, 0]  # what Dana owes, between the two hands

    # Dana: 6 sevens-to-kings + 20 = 26. Ravi: 2 melded − 2 in hand = 0.
    second = post_round(api, match, hand({"7-K": 6}, went_out=True),
                        hand({"7-K": 2}, {"7-K": 2}))

    assert second["rounds"][1]["hand_scores"] == [26, 0]
    assert second["rounds"][1]["cells"] == [6, 0]  # 26 − 20 owed
    assert second["rounds"][1]["carry"] == [0, 0]
    assert second["totals"] == [6, 25]
    assert second["carry"] == [0, 0]


def test_the_carry_waits_through_a_zero_and_is_paid_off_over_two_hands(api, start):
    match = start(game="banakil")
    ravi_out = typed(25, went_out=True)

    body = post_round(api, match, hand(in_hand={"A": 2}), ravi_out)  # −20: owes 20
    body = post_round(api, match, hand({"7-K": 2}, {"7-K": 2}), ravi_out)  # 0: owes 20 still
    body = post_round(api, match, typed(15), ravi_out)  # 15 < 20: cell 0, owes 5
    body = post_round(api, match, typed(10), ravi_out)  # 10 − 5: cell 5, owes 0

    assert [r["side_scores"][0] for r in body["rounds"]] == [-20, 0, 15, 10]
    assert [r["cells"][0] for r in body["rounds"]] == [0, 0, 0, 5]
    assert [r["carry"][0] for r in body["rounds"]] == [20, 20, 5, 0]
    assert body["totals"] == [5, 100]  # Ravi: 4 × 25


def test_rounding_goes_half_toward_plus_infinity_once_per_side(api, start):
    match = start(("Ana", "Ben", "Cy"), game="banakil")

    # A goer scores at least 21.5 (three cards of 3–6 and 20 for going out).
    body = post_round(api, match, typed(21.5, went_out=True), typed(-0.5), typed(-7.5))

    round_ = body["rounds"][0]
    assert round_["hand_scores"] == [21.5, -0.5, -7.5]
    assert round_["side_scores"] == [22, 0, -7]  # 21.5 → 22, −0.5 → 0, −7.5 → −7
    assert round_["cells"] == [22, 0, 0]
    assert round_["carry"] == [0, 0, 7]  # Ben's 0 leaves his carry alone; Cy owes 7


def test_the_online_rules_count_aces_as_one(api, start):
    match = start(game="banakil", rules="online")

    body = post_round(api, match, DANA, RAVI)

    # Dana: 7 × 0.5 + 7 × 1 + 4 × 1 = 14.5, + 20 = 34.5 → 35.
    # Ravi: 2 × 0.5 + 5 + 3 × 1 = 9, less 7.5 in hand (no aces there) = 1.5 → 2.
    assert body["rounds"][0]["hand_scores"] == [34.5, 1.5]
    assert body["rounds"][0]["cells"] == [35, 2]


# Partnerships ----------------------------------------------------------------------------

# Ana (seat 0) goes out: 10 sevens-to-kings + 20 = 30.
ANA_OUT = hand({"7-K": 10}, went_out=True)
# Ben (1): 4 melded − a joker in hand (4) = 0.
BEN = hand({"7-K": 4}, {"joker": 1})
# Cy (2), Ana's partner: 3 × 0.5 + 5 × 1 = 6.5.
CY = hand({"3-6": 3, "7-K": 5})
# Dee (3): melded nothing: −20 (her two aces in hand do not count).
DEE = hand(in_hand={"A": 2})


def test_a_partnership_nets_the_goers_partner_off_the_other_side(api, start):
    match = start(("Ana", "Ben", "Cy", "Dee"), game="banakil")

    body = post_round(api, match, ANA_OUT, BEN, CY, DEE)

    round_ = body["rounds"][0]
    assert round_["hand_scores"] == [30, 0, 6.5, -20]
    # Ana & Cy went out: Ana's 30 alone. Ben & Dee: 0 + (−20) − 6.5 (Cy's) = −26.5 → −26.
    assert round_["side_scores"] == [30, -26]
    assert round_["cells"] == [30, 0]
    assert round_["carry"] == [0, 26]

    # Ben goes out: 4 × 0.5 + 8 × 1 + 1.5 = 11.5, + 20 = 31.5. Dee: 3 − 0.5 = 2.5.
    # Ana: 6 − (4 + 2) = 0. Cy: 5 − 2 = 3.
    body = post_round(api, match, hand({"7-K": 6}, {"joker": 1, "2": 1}),
                      hand({"3-6": 4, "7-K": 8, "A": 1}, went_out=True),
                      hand({"7-K": 5}, {"7-K": 2}), hand({"7-K": 3}, {"3-6": 1}))

    round_ = body["rounds"][1]
    assert round_["hand_scores"] == [0, 31.5, 3, 2.5]
    # Ben & Dee: 31.5 → 32, less the 26 owed: cell 6. Ana & Cy: 0 + 3 − 2.5 (Dee's) = 0.5 → 1.
    assert round_["side_scores"] == [1, 32]
    assert round_["cells"] == [1, 6]
    assert round_["carry"] == [0, 0]
    assert body["totals"] == [31, 6]
    assert body["carry"] == [0, 0]


def test_the_side_as_a_sum_adds_both_partners_whoever_went_out(api, start):
    match = start(("Ana", "Ben", "Cy", "Dee"), game="banakil", side_scoring="sum")

    body = post_round(api, match, ANA_OUT, BEN, CY, DEE)

    round_ = body["rounds"][0]
    # Ana & Cy: 30 + 6.5 = 36.5 → 37. Ben & Dee: 0 + (−20) = −20.
    assert round_["side_scores"] == [37, -20]
    assert round_["cells"] == [37, 0]
    assert round_["carry"] == [0, 20]


def test_going_out_all_at_once_is_a_dhamoon_only_while_nobody_else_melded(api, start):
    match = start(("Ana", "Ben", "Cy", "Dee"), game="banakil")
    dhamoon = hand({"7-K": 10}, went_out=True, all_at_once=True)
    nothing = hand(in_hand={"7-K": 2})  # −20

    # Until the other hands are in, Ana's score cannot be known.
    opened = put_hand(api, match, 1, 0, match.seats[0], dhamoon)
    assert opened.get_json()["rounds"][0]["hand_scores"] == [None, None, None, None]
    for seat in (1, 2, 3):
        body = put_hand(api, match, 1, seat, match.host, nothing).get_json()

    # Nobody else melded: a flat 40. Ben & Dee: −20 + (−20) − (−20) (Cy's) = −20.
    assert body["rounds"][0]["hand_scores"] == [40, -20, -20, -20]
    assert body["rounds"][0]["cells"] == [40, 0]
    assert body["rounds"][0]["carry"] == [0, 20]

    # Ben melded 3 after all: Ana's hand is scored the ordinary way, 10 + 20 = 30;
    # Ben & Dee: 3 + (−20) − (−20) = 3, less the 0 owed before this hand: 3.
    body = put_hand(api, match, 1, 1, match.host, hand({"7-K": 3})).get_json()
    assert body["rounds"][0]["hand_scores"] == [30, 3, -20, -20]
    assert body["rounds"][0]["cells"] == [30, 3]


# Seats -----------------------------------------------------------------------------------


def test_each_seat_types_its_own_hand_and_a_partner_may_type_the_partners(api, start, refused):
    match = start(("Ana", "Ben", "Cy", "Dee"), game="banakil")
    ana, ben, cy, dee = match.seats
    path = f"{match.path}/rounds/1/seats"

    opened = put_hand(api, match, 1, 0, ana, ANA_OUT)
    assert opened.status_code == 201
    round_ = opened.get_json()["rounds"][0]
    assert round_["status"] == "open"
    assert round_["cells"] is None and round_["side_scores"] is None
    assert round_["hand_scores"] == [30, None, None, None]

    refused(match, 403, "PUT", f"{path}/0", ben, json=ANA_OUT)  # an opponent: never
    refused(match, 403, "PUT", f"{path}/2", dee, json=CY)
    refused(match, 403, "PUT", f"{path}/1", match.view, json=BEN)

    assert put_hand(api, match, 1, 2, ana, CY).status_code == 200  # Ana types Cy's hand
    assert put_hand(api, match, 1, 3, ben, DEE).status_code == 200  # Ben types Dee's
    still_open = get(api, match)["rounds"][0]
    assert still_open["status"] == "open" and still_open["cells"] is None

    done = put_hand(api, match, 1, 1, dee, BEN)  # Dee types Ben's: the round is complete

    assert done.status_code == 200
    round_ = done.get_json()["rounds"][0]
    assert round_["status"] == "complete"
    assert round_["cells"] == [30, 0]
    assert round_["input"]["hands"] == [stored(ANA_OUT), stored(BEN), stored(CY), stored(DEE)]


def test_a_seat_of_two_players_types_only_its_own_hand(api, start, refused):
    match = start(game="banakil")

    refused(match, 403, "PUT", f"{match.path}/rounds/1/seats/1", match.seats[0], json=RAVI)
    assert put_hand(api, match, 1, 0, match.seats[0], DANA).status_code == 201
    refused(match, 403, "PUT", f"{match.path}/rounds/1/seats/1", match.seats[0], json=RAVI)


def test_the_next_round_opens_only_once_the_one_before_is_complete_or_dead(api, start, refused):
    match = start(game="banakil")
    dana, ravi = match.seats

    assert put_hand(api, match, 1, 0, dana, DANA).status_code == 201
    refused(match, 409, "PUT", f"{match.path}/rounds/2/seats/0", dana, json=DANA)
    refused(match, 409, "PUT", f"{match.path}/rounds/2/seats/1", match.host, json=RAVI)
    refused(match, 409, "POST", f"{match.path}/rounds", match.host,
            json={"dead": False, "hands": [DANA, RAVI]})
    refused(match, 404, "PUT", f"{match.path}/rounds/3/seats/0", dana, json=DANA)
    refused(match, 404, "PUT", f"{match.path}/rounds/1/seats/2", match.host, json=DANA)

    assert put_hand(api, match, 1, 1, ravi, RAVI).status_code == 200
    second = put_hand(api, match, 2, 1, ravi, typed(-20))
    assert second.status_code == 201
    assert [r["status"] for r in second.get_json()["rounds"]] == ["complete", "open"]

    # The host records hand 2 as dead; hand 3 may then open.
    response = api.call("PUT", f"{match.path}/rounds/2", match.host, json={"dead": True})
    assert response.status_code == 200
    assert response.get_json()["rounds"][1]["status"] == "dead"
    third = put_hand(api, match, 3, 0, dana, typed(26, went_out=True))
    assert third.status_code == 201
    assert [r["status"] for r in third.get_json()["rounds"]] == ["complete", "dead", "open"]


def test_a_dead_hand_scores_nothing_and_leaves_the_carries_alone(api, start):
    match = start(game="banakil")
    post_round(api, match, hand(in_hand={"A": 1}), typed(25, went_out=True))  # Dana owes 20

    body = post_round(api, match, dead=True)

    dead = body["rounds"][1]
    assert dead["status"] == "dead"
    assert dead["input"] == {"dead": True}
    assert dead["cells"] is None and dead["side_scores"] is None
    assert dead["carry"] == [20, 0]
    assert body["carry"] == [20, 0]
    assert body["totals"] == [0, 25]
    # The deal passes on all the same: Dana dealt hand 1, Ravi hand 2, Dana hand 3.
    assert [r["dealer"] for r in body["rounds"]] == [0, 1]

    # Dana's 26 next still pays off her 20.
    body = post_round(api, match, typed(26, went_out=True), typed(0))
    assert body["rounds"][2]["cells"] == [6, 0]
    assert body["rounds"][2]["dealer"] == 0
    assert body["totals"] == [6, 25]


def test_a_dead_hand_with_hands_in_it_is_refused(api, start, refused):
    match = start(game="banakil")

    error = refused(match, 422, "POST", f"{match.path}/rounds", match.host,
                    json={"dead": True, "hands": [DANA, RAVI]})

    assert error["field"] == "hands"


def test_a_hand_typed_into_a_dead_round_is_refused(api, start, refused):
    match = start(game="banakil")
    post_round(api, match, dead=True)

    for token in (match.seats[0], match.host):
        response = put_hand(api, match, 1, 0, token, DANA)
        # SPEC: 409 is "not allowed in the match's state"; the hand itself is fine.
        assert "dead hand" in error_of(response, 409)["message"]

    round_ = get(api, match)["rounds"][0]
    assert round_["status"] == "dead" and round_["input"] == {"dead": True}


# The target ------------------------------------------------------------------------------


def test_reaching_the_target_ends_the_match_and_any_seat_may_bank_it(api, start, refused):
    match = start(game="banakil", target=30)
    refused(match, 409, "POST", f"{match.path}/bank", match.host)  # not over yet

    body = post_round(api, match, DANA, RAVI)  # 37 ≥ 30

    assert body["status"] == "over"
    assert body["winners"] == [0]
    refused(match, 409, "POST", f"{match.path}/rounds", match.host,
            json={"dead": False, "hands": [DANA, RAVI]})
    refused(match, 409, "POST", f"{match.path}/rounds", match.host, json={"dead": True})
    refused(match, 409, "PUT", f"{match.path}/rounds/2/seats/0", match.seats[0], json=DANA)
    refused(match, 403, "POST", f"{match.path}/bank", match.view)

    banked = api.call("POST", f"{match.path}/bank", match.seats[1])  # Ravi, who lost

    assert banked.status_code == 200
    assert banked.get_json()["status"] == "banked"
    assert banked.get_json()["winners"] == [0]
    assert banked.get_json()["totals"] == [37, 3]


def test_a_partnership_reaches_the_target_on_its_side_total(api, start):
    match = start(("Ana", "Ben", "Cy", "Dee"), game="banakil", target=60)

    post_round(api, match, ANA_OUT, BEN, CY, DEE)  # Ana & Cy 30
    body = post_round(api, match, ANA_OUT, BEN, CY, DEE)  # Ana & Cy 60; Ben & Dee owe 52

    assert body["totals"] == [60, 0]
    assert body["carry"] == [0, 52]  # 26 + 26
    assert body["status"] == "over"
    assert body["winners"] == [0]


def test_an_edit_that_would_end_the_match_early_is_refused(api, start, refused):
    match = start(game="banakil", target=40)
    post_round(api, match, DANA, RAVI)  # 37, 3
    post_round(api, match, typed(-20), typed(25, went_out=True))  # 0, 25: still active

    # Dana at 45 in hand 1 would reach 40 before hand 2.
    refused(match, 409, "PUT", f"{match.path}/rounds/1", match.host,
            json={"dead": False, "hands": [typed(45, went_out=True), RAVI]})
    refused(match, 409, "PUT", f"{match.path}/rounds/1/seats/0", match.seats[0],
            json=typed(45, went_out=True))


# Validation ------------------------------------------------------------------------------

OUT = hand({"7-K": 3}, went_out=True)
INVALID_ROUNDS = [
    # (hands, field, a word of the message)
    pytest.param([hand({"joker": 2}, went_out=True), hand(in_hand={"joker": 1})], "hands",
                 "only 2", id="three-jokers-across-hands"),
    pytest.param([hand({"7-K": 3}, {"A": 1}, went_out=True), RAVI], "hands[0].in_hand",
                 "holds no cards", id="goer-holding-cards"),
    pytest.param([OUT, hand({"3-6": 3}, went_out=True)], "hands", "one player",
                 id="two-goers"),
    pytest.param([hand({"7-K": 3}), RAVI], "hands", "went out", id="nobody-went-out"),
    pytest.param([hand(went_out=True), RAVI], "hands[0].melded", "melding something",
                 id="going-out-melding-nothing"),
    pytest.param([OUT, hand({"7-K": 3}, all_at_once=True)], "hands[1].all_at_once",
                 "went out", id="all-at-once-without-going-out"),
    pytest.param([typed(36.25, went_out=True), RAVI], "hands[0].score", "36.25",
                 id="score-in-quarter-points"),
    pytest.param([typed(1000.5, went_out=True), RAVI], "hands[0].score", "1000",
                 id="score-out-of-range"),
    pytest.param([hand({"3-6": -1, "7-K": 5}, went_out=True), RAVI], "hands[0].melded.3-6",
                 "0", id="negative-count"),
    pytest.param([OUT, hand({"7-K": 3}, {"A": 1.5})], "hands[1].in_hand.A", "whole",
                 id="fractional-count"),
    pytest.param([OUT, hand({"7-K": 3}, {"A": "2"})], "hands[1].in_hand.A", "whole",
                 id="count-as-text"),
    pytest.param([hand({"joker": 3}, went_out=True), RAVI], "hands[0].melded.joker", "2",
                 id="three-jokers-in-one-pile"),
    pytest.param([OUT, hand({"K": 3})], "hands[1].melded.K", "K", id="unknown-card-class"),
    pytest.param([OUT, hand({"7-K": 3}, went_out="no")], "hands[1].went_out", "true",
                 id="flag-not-a-bool"),
    pytest.param([OUT], "hands", "2 hands", id="one-hand-for-two-seats"),
]


@pytest.mark.parametrize(("hands", "field", "says"), INVALID_ROUNDS)
def test_an_impossible_round_is_refused_at_its_field(start, refused, hands, field, says):
    match = start(game="banakil")

    error = refused(match, 422, "POST", f"{match.path}/rounds", match.host,
                    json={"dead": False, "hands": hands})

    assert error["field"] == field
    assert says in error["message"]


@pytest.mark.parametrize(("hands", "field", "says"), INVALID_ROUNDS[:4] + INVALID_ROUNDS[5:])
def test_the_host_cannot_edit_a_round_into_an_impossible_one(api, start, refused,
                                                             hands, field, says):
    match = start(game="banakil")
    post_round(api, match, DANA, RAVI)

    error = refused(match, 422, "PUT", f"{match.path}/rounds/1", match.host,
                    json={"dead": False, "hands": hands})

    assert error["field"] == field


@pytest.mark.parametrize(("part", "field", "says"), [
    (hand({"7-K": 3}, {"A": 1}, went_out=True), "in_hand", "holds no cards"),
    (hand(went_out=True), "melded", "melding something"),
    (hand({"7-K": 3}, all_at_once=True), "all_at_once", "went out"),
    (typed(36.25), "score", "36.25"),
    (hand({"3-6": -1}), "melded.3-6", "0"),
    (hand({"7-K": 2.5}), "melded.7-K", "whole"),
    (hand(in_hand={"joker": 3}), "in_hand.joker", "2"),
    ([DANA], None, "object"),
])
def test_a_seat_cannot_type_an_impossible_hand(start, refused, part, field, says):
    match = start(game="banakil")

    error = refused(match, 422, "PUT", f"{match.path}/rounds/1/seats/0", match.seats[0],
                    json=part)

    assert error.get("field") == field
    assert says in error["message"]


def test_hands_typed_on_two_phones_still_make_one_possible_hand(api, start, refused):
    match = start(game="banakil")
    dana, ravi = match.seats
    assert put_hand(api, match, 1, 0, dana, hand({"joker": 2, "7-K": 3}, went_out=True)
                    ).status_code == 201

    # A third joker in Ravi's hand: the packs hold only two.
    error = refused(match, 422, "PUT", f"{match.path}/rounds/1/seats/1", ravi,
                    json=hand({"7-K": 3}, {"joker": 1}))
    assert error["field"] == "hands"
    assert "only 2" in error["message"]

    # Ravi cannot go out too.
    error = refused(match, 422, "PUT", f"{match.path}/rounds/1/seats/1", ravi,
                    json=hand({"7-K": 3}, went_out=True))
    assert error["field"] == "hands"

    # Nor leave the hand complete with nobody out, once Dana takes her going out back.
    assert put_hand(api, match, 1, 1, ravi, hand({"7-K": 3})).status_code == 200
    error = refused(match, 422, "PUT", f"{match.path}/rounds/1/seats/0", dana,
                    json=hand({"joker": 2, "7-K": 3}))
    assert error["field"] == "hands"


# Edits -----------------------------------------------------------------------------------


def test_an_edit_of_an_earlier_round_recomputes_the_later_cells_and_carries(api, start):
    match = start(game="banakil")
    dana_nothing = hand(in_hand={"7-K": 4})  # −20
    post_round(api, match, dana_nothing, typed(26, went_out=True))
    body = post_round(api, match, typed(26, went_out=True), typed(-20))
    # Hand 1: Dana −20 → 0, owes 20. Hand 2: Dana 26 − 20 → 6; Ravi −20 → 0, owes 20.
    assert [r["cells"] for r in body["rounds"]] == [[0, 26], [6, 0]]
    assert [r["carry"] for r in body["rounds"]] == [[20, 0], [0, 20]]
    assert body["totals"] == [6, 26]

    # Dana melded 10 sevens-to-kings in hand 1 after all: 10, nothing owed; hand 2 is 26 whole.
    response = api.call("PUT", f"{match.path}/rounds/1", match.host,
                        json={"dead": False, "hands": [hand({"7-K": 10}),
                                                       typed(26, went_out=True)]})

    assert response.status_code == 200
    body = response.get_json()
    assert [r["cells"] for r in body["rounds"]] == [[10, 26], [26, 0]]
    assert [r["carry"] for r in body["rounds"]] == [[0, 0], [0, 20]]
    assert body["totals"] == [36, 26]
    assert body["carry"] == [0, 20]

    # Dana's own phone puts hand 1 back as it was: hand 2 owes again.
    response = put_hand(api, match, 1, 0, match.seats[0], dana_nothing)

    assert response.status_code == 200
    body = response.get_json()
    assert [r["cells"] for r in body["rounds"]] == [[0, 26], [6, 0]]
    assert body["totals"] == [6, 26]


def test_a_round_edited_dead_gives_back_what_it_scored(api, start):
    match = start(game="banakil")
    post_round(api, match, hand(in_hand={"A": 1}), typed(25, went_out=True))  # owes 20
    post_round(api, match, typed(26, went_out=True), typed(3))  # pays: 6

    response = api.call("PUT", f"{match.path}/rounds/1", match.host, json={"dead": True})

    assert response.status_code == 200
    body = response.get_json()
    assert body["rounds"][0]["status"] == "dead"
    assert body["rounds"][1]["cells"] == [26, 3]  # nothing owed any more
    assert body["totals"] == [26, 3]
    assert body["carry"] == [0, 0]


# Fuzz ------------------------------------------------------------------------------------

FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def usually(usual, odd, times=3):
    """`usual` about `times` times as often as `odd`, so that a sequence gets somewhere."""
    return st.sampled_from([True] * times + [False]).flatmap(lambda u: usual if u else odd)


ODD = (st.none() | st.booleans() | st.text(max_size=4)
       | st.floats(allow_nan=False, allow_infinity=False)
       | st.sampled_from([-1, 0.5, 10**30, 2**63, 1e300, -0.0, [], {}, "3"]))
COUNT = usually(st.integers(0, 6), st.integers(-2, 120) | ODD, times=6)
PILE = (st.fixed_dictionaries({}, optional={name: COUNT for name in CLASSES}) | ODD
        | st.dictionaries(st.sampled_from(["3-6", "K", "", "joker "]), COUNT, max_size=2))
FLAG = st.booleans() | ODD
CARDS = st.fixed_dictionaries({}, optional={
    "melded": PILE, "in_hand": PILE, "went_out": FLAG, "all_at_once": FLAG, "no_turn": FLAG})
SCORE = st.fixed_dictionaries(
    {"score": st.integers(-60, 120).map(lambda half: half / 2) | st.integers(-30, 60) | ODD},
    optional={"went_out": FLAG})
HAND = CARDS | SCORE | st.none() | ODD
SMALL = st.integers(0, 3)


def likely_hand(went_out):
    """A hand that could have happened: the goer melded something and holds nothing."""
    if went_out:
        return (st.fixed_dictionaries(
            {"melded": st.fixed_dictionaries({"7-K": st.integers(1, 6)},
                                             optional={"3-6": SMALL, "A": SMALL, "2": SMALL}),
             "went_out": st.just(True)}, optional={"all_at_once": st.booleans()})
            | st.integers(20, 80).map(lambda half: {"score": half / 2, "went_out": True}))
    return (st.fixed_dictionaries({}, optional={
        "melded": st.fixed_dictionaries({}, optional={name: SMALL for name in CLASSES[:3]}),
        "in_hand": st.fixed_dictionaries({}, optional={name: SMALL for name in CLASSES[:4]}),
        "no_turn": st.booleans()})
        | st.integers(-60, 40).map(lambda half: {"score": half / 2}))


@st.composite
def likely_round(draw, players):
    goer = draw(st.integers(0, players - 1))
    hands = [draw(likely_hand(seat == goer)) for seat in range(players)]
    if draw(st.integers(0, 4)) == 0:
        hands[draw(st.integers(0, players - 1))] = None  # left open
    return {"dead": False, "hands": hands}


def round_body(players):
    hands = st.lists(HAND, min_size=players, max_size=players) | st.lists(HAND, max_size=5) | ODD
    odd = (st.fixed_dictionaries({"hands": hands}, optional={"dead": FLAG})
           | st.just({"dead": True}) | ODD)
    return usually(likely_round(players) | st.just({"dead": True}), odd)


@st.composite
def steps(draw, players):
    kind = draw(st.sampled_from(["post", "post", "put_round", "seat", "seat", "seat"]))
    number = draw(st.sampled_from([1, 1, 2, 2, 3]))
    if kind == "seat":
        seat = draw(st.integers(0, players - 1))
        part = draw(usually(likely_hand(draw(st.booleans())), HAND))
        return ("PUT", f"/rounds/{number}/seats/{seat}", part,
                draw(st.sampled_from(["host", "seat"])))
    if kind == "put_round":
        return ("PUT", f"/rounds/{number}", draw(round_body(players)), "host")
    return ("POST", "/rounds", draw(round_body(players)), "host")


def check_banakil(body):
    """What must hold of any Banakil match a client is shown."""
    sides = len(body["sides"])
    totals, carry = [0] * sides, [0] * sides
    for round_ in body["rounds"]:
        if round_["status"] == "complete":
            assert all(isinstance(c, int) and c >= 0 for c in round_["cells"])
            # SPEC "Cells and carry", side by side from the carry before this round.
            for side, (s, c) in enumerate(zip(round_["side_scores"], carry, strict=True)):
                expected = ((0, c - s) if s < 0 else (max(0, s - c), max(0, c - s)) if s > 0
                            else (0, c))
                assert (round_["cells"][side], round_["carry"][side]) == expected
            totals = [t + c for t, c in zip(totals, round_["cells"], strict=True)]
            carry = round_["carry"]
        else:
            assert round_["cells"] is None
        if round_["status"] == "dead":
            assert round_["carry"] == carry
    assert all(isinstance(c, int) and c >= 0 for c in carry)
    assert body["totals"] == totals
    assert body["carry"] == carry
    reached = max(totals) >= body["target"]
    if body["status"] == "active":
        assert not reached
        assert body["winners"] == []
    elif body["status"] == "over":
        assert reached
        assert body["winners"] == [i for i, t in enumerate(totals) if t == max(totals)]


@FUZZ
@given(players=st.integers(2, 4), data=st.data(),
       options=st.fixed_dictionaries({}, optional={
           "target": st.integers(1, 80), "side_scoring": st.sampled_from(["net", "sum"]),
           "no_turn_zero": st.booleans(), "rules": st.sampled_from(["table", "online"])}))
def test_no_round_body_or_hand_is_answered_with_a_5xx(fuzz_client, players, options, data):
    play_steps(fuzz_client, "banakil", players, options,
               data.draw(st.lists(steps(players), min_size=1, max_size=8)), check_banakil)


def test_a_hand_before_the_last_keeps_every_seats_part_but_may_become_dead(api, start):
    # SPEC section 2: a round before the last "must stay complete or dead".
    match = start(game="banakil")
    post_round(api, match, DANA, RAVI)
    post_round(api, match, DANA, RAVI)

    emptied = api.call("PUT", f"{match.path}/rounds/1", match.host,
                       json={"dead": False, "hands": [DANA, None]})
    assert emptied.status_code == 422 and emptied.get_json()["error"]["field"] == "hands[1]"

    dead = api.call("PUT", f"{match.path}/rounds/1", match.host, json={"dead": True})
    assert dead.status_code == 200
    assert [r["status"] for r in dead.get_json()["rounds"]] == ["dead", "complete"]
