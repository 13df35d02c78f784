"""The designs the app ships, each valid, translated, and scored by hand: Yahtzee's bonus at 63,
7 Wonders' science and coins, Wingspan's split goals, and the rest of the gallery."""

from __future__ import annotations

import pytest

from app.games.custom import GAME, design_json, gallery, parse_design, places
from app.games.custom.model import KINDS, LANGUAGES, ChoiceRow

DESIGNS = dict(gallery())


def play(name, *rounds, **given):
    players = len(rounds[0])
    options = GAME.parse_options({"design": DESIGNS[name], **given}, players)
    entered = [GAME.parse_round({"players": list(lines)}, players, options) for lines in rounds]
    return GAME.replay(players, options, entered, [None] * players)


def values(result, round_=0):
    return result.rounds[round_].detail.rows


# --- the gallery as a whole -----------------------------------------------------------------------

def test_at_least_eight_designs_each_named_by_its_file():
    assert len(DESIGNS) >= 8
    assert {"yahtzee", "7-wonders", "wingspan", "ticket-to-ride", "hearts", "skyjo",
            "rummy-500", "qwixx", "wizard", "tichu", "catan"} <= set(DESIGNS)
    assert [name for name, _ in gallery()] == sorted(DESIGNS)


@pytest.mark.parametrize("name", sorted(DESIGNS))
def test_each_design_is_valid_and_canonical(name):
    assert design_json(parse_design(DESIGNS[name])) == DESIGNS[name]


def test_the_gallery_covers_every_kind_and_both_scorings_and_winners():
    designs = [parse_design(raw) for raw in DESIGNS.values()]
    assert {row.kind for design in designs for row in design.rows} == set(KINDS)
    assert {design.scoring for design in designs} == {"game", "rounds"}
    assert {design.winner for design in designs} == {"highest", "lowest"}
    ties = {row.ties for design in designs for row in design.rows if row.kind == "rank"}
    assert ties == {"share", "split"}


@pytest.mark.parametrize("name", sorted(DESIGNS))
def test_each_design_speaks_german_and_arabic_every_row_and_option(name):
    design = parse_design(DESIGNS[name])
    for language in LANGUAGES:
        labels = design.labels_in(language)
        assert labels is not None and labels.name
        assert [key for key, _ in labels.rows] == [row.key for row in design.rows]
        for row in design.rows:
            if isinstance(row, ChoiceRow):
                assert len(labels.choices(row.key)) == len(row.options)


def test_the_gallery_hands_out_copies():
    first = dict(gallery())
    first["yahtzee"]["name"] = "Changed"
    assert dict(gallery())["yahtzee"]["name"] == "Yahtzee"


# --- Yahtzee --------------------------------------------------------------------------------------

YAHTZEE = {"three_kind": 17, "four_kind": 0, "full_house": True, "small_straight": True,
           "large_straight": False, "yahtzee": False, "chance": 22, "yahtzee_bonus": 0}


def upper(*counts):
    return dict(zip(["ones", "twos", "threes", "fours", "fives", "sixes"], counts, strict=True))


def test_yahtzee_the_upper_section_at_63_earns_the_35_point_bonus():
    # Three of each face: 3 + 6 + 9 + 12 + 15 + 18 = 63, the bonus exactly.
    at_63 = upper(3, 3, 3, 3, 3, 3) | YAHTZEE
    # One six short: 57, no bonus.
    at_57 = upper(3, 3, 3, 3, 3, 2) | YAHTZEE
    result = play("yahtzee", [at_63, at_57])
    assert values(result)[0]["bonus"] == 35 and values(result)[1]["bonus"] == 0
    lower = 17 + 0 + 25 + 30 + 0 + 0 + 22 + 0
    assert result.totals == (63 + 35 + lower, 57 + lower)
    assert result.over and result.winners == (0,)


def test_yahtzee_a_high_upper_section_with_few_faces_and_bonus_yahtzees():
    line = upper(0, 0, 2, 4, 5, 5) | YAHTZEE | {"yahtzee": True, "yahtzee_bonus": 2}
    result = play("yahtzee", [line])
    assert values(result)[0]["bonus"] == 35  # 6 + 16 + 25 + 30 = 77
    assert result.totals == (77 + 35 + 17 + 25 + 30 + 50 + 22 + 200,)


def test_yahtzee_is_not_over_until_every_box_is_filled():
    result = play("yahtzee", [upper(3, 3, 3, 3, 3, 3)])
    assert not result.over and values(result)[0]["bonus"] == 35 and result.totals == (0,)


# --- 7 Wonders ------------------------------------------------------------------------------------

def wonders(coins, gear, compass, tablet, **more):
    line = {"military": 3, "coins": coins, "wonder": 10, "civilian": 12, "commercial": 4,
            "guilds": 5, "gear": gear, "compass": compass, "tablet": tablet}
    return line | more


def test_7_wonders_science_each_symbol_squared_plus_7_a_set():
    # 3 gears, 2 compasses, 1 tablet: 9 + 4 + 1 + 7 (one set) = 21.
    result = play("7-wonders", [wonders(10, 3, 2, 1), wonders(0, 0, 4, 0)])
    assert values(result)[0]["science"] == 21
    assert values(result)[1]["science"] == 16  # 4 compasses, no set
    assert values(result)[0]["treasury"] == 3  # 10 coins: 3 points, rounded down
    assert result.totals == (3 + 3 + 10 + 12 + 4 + 5 + 21, 3 + 0 + 10 + 12 + 4 + 5 + 16)


def test_7_wonders_coins_break_a_tie():
    # Equal totals: 11 coins against 9 (both worth 3 points); the most coins wins.
    ana = wonders(11, 1, 1, 1)
    ben = wonders(9, 1, 1, 1)
    result = play("7-wonders", [ana, ben, wonders(0, 0, 0, 0, military=-6)])
    assert result.totals[0] == result.totals[1]
    assert result.winners == (0,) and places(result, {}) == (1, 2, 3)
    assert result.detail.decided_by[0] == "coins"  # "won on the tie-break: more coins"


# --- Wingspan: a rank whose ties split ------------------------------------------------------------

def wingspan(goals, **more):
    line = {"birds": 40, "bonus_cards": 7, "eggs": 10, "food": 3, "tucked": 4, "food_left": 0}
    line |= {f"goal_{i}": count for i, count in enumerate(goals, start=1)}
    return line | more


def test_wingspan_round_goals_split_ties_as_worked_by_hand():
    # Round 4's goal (7, 4, 3): Ana 5 and Ben 5 fill first and second, (7 + 4) / 2 = 5 each
    # (rounded down); Cy third, 3; Dee has none and takes no place.
    # Round 1's goal (4, 1, 0): Ana 2, Ben 1, Cy 1, Dee 0: Ana 4; Ben and Cy split second and
    # third, (1 + 0) / 2 = 0 each.
    result = play("wingspan", [wingspan([2, 0, 0, 5]), wingspan([1, 0, 0, 5]),
                               wingspan([1, 0, 0, 3]), wingspan([0, 0, 0, 0])])
    assert [v["goal_4_points"] for v in values(result)] == [5, 5, 3, 0]
    assert [v["goal_1_points"] for v in values(result)] == [4, 0, 0, 0]
    assert [v["goal_2_points"] for v in values(result)] == [0, 0, 0, 0]  # nobody has one
    base = 40 + 7 + 10 + 3 + 4
    assert result.totals == (base + 9, base + 5, base + 3, base)


def test_wingspan_unused_food_breaks_a_tie():
    result = play("wingspan", [wingspan([1, 1, 1, 1], food_left=2),
                               wingspan([1, 1, 1, 1], food_left=5)])
    assert result.totals[0] == result.totals[1] and result.winners == (1,)


# --- Ticket to Ride: a rank whose ties share ------------------------------------------------------

def ticket(longest, completed, **routes):
    line = {f"route_{n}": 0 for n in range(1, 7)} | {"tickets": 20, "completed": completed,
                                                        "longest": longest}
    return line | routes


def test_ticket_to_ride_routes_by_length_and_a_shared_longest_route():
    result = play("ticket-to-ride", [ticket(12, 3, route_6=1, route_4=2),
                                     ticket(12, 2, route_5=2, route_3=1),
                                     ticket(8, 4, route_1=3, route_2=2)])
    assert [v["longest_route"] for v in values(result)] == [10, 10, 0]
    assert result.totals == (15 + 14 + 20 + 10, 20 + 4 + 20 + 10, 3 + 4 + 20)
    assert result.winners == (0,)


def test_ticket_to_ride_ties_go_to_the_most_tickets_completed():
    result = play("ticket-to-ride", [ticket(5, 3, route_4=1), ticket(5, 4, route_4=1)])
    assert result.winners == (1,) and result.detail.decided_by == ("completed", "completed")


# --- Hearts and Skyjo: rounds, lowest wins, to 100 ------------------------------------------------

def test_hearts_is_played_to_100_and_the_fewest_points_win():
    def hand(hearts, queen=False, moon=False):
        return {"hearts": hearts, "queen": queen, "moon": moon}

    result = play("hearts", [hand(13, True, moon=True), hand(0), hand(0), hand(0)],
                  [hand(5, True), hand(4), hand(4), hand(0)],
                  [hand(0), hand(13, True), hand(0), hand(0)],
                  [hand(13, True), hand(0), hand(0), hand(0)],
                  [hand(13, True), hand(0), hand(0), hand(0)],
                  [hand(13, True), hand(0), hand(0), hand(0)])
    assert values(result)[0]["points"] == -26  # shot the moon: 26 off instead
    assert result.totals == (-26 + 18 + 26 * 3, 4 + 26, 4, 0)
    assert not result.over
    result = play("hearts", *[[hand(13, True), hand(0), hand(0), hand(0)]] * 4)
    assert result.totals == (104, 0, 0, 0)
    assert result.over and result.over_after == 3 and result.winners == (1, 2, 3)


def test_skyjo_doubles_the_player_who_ended_without_the_lowest_score():
    result = play("skyjo", [{"cards": 20, "doubled": True}, {"cards": 12, "doubled": False}],
                  [{"cards": -3, "doubled": True}, {"cards": 30, "doubled": False}])
    assert [v["points"] for v in values(result)] == [40, 12]
    assert [v["points"] for v in values(result, 1)] == [-3, 30]  # only a positive score doubles
    assert result.totals == (37, 42) and result.leaders == (0,)


# --- rummy, Wizard, Tichu: rounds -----------------------------------------------------------------

def test_rummy_500_melded_less_what_is_left_in_hand_to_500():
    result = play("rummy-500", [{"melded": 300, "in_hand": 0}, {"melded": 150, "in_hand": 45}],
                  [{"melded": 200, "in_hand": 15}, {"melded": 90, "in_hand": 0}])
    assert values(result)[1] == {"melded": 150, "in_hand": -45}
    assert result.totals == (485, 195) and not result.over
    result = play("rummy-500", [{"melded": 300, "in_hand": 0}, {"melded": 0, "in_hand": 0}],
                  [{"melded": 200, "in_hand": 0}, {"melded": 0, "in_hand": 0}])
    assert result.over and result.winners == (0,)


def test_wizard_a_bid_made_is_20_plus_10_a_trick_a_bid_missed_10_off_a_trick():
    result = play("wizard", [{"bid": 2, "tricks": 2}, {"bid": 1, "tricks": 3},
                             {"bid": 0, "tricks": 0}])
    assert [v["points"] for v in values(result)] == [40, -20, 20]


def test_tichu_a_double_victory_and_the_calls():
    # Four play it, in two teams: each of its two columns is a team's, as its name says.
    tichu = DESIGNS["tichu"]
    assert tichu["players"] == [2, 2] and "two teams" in tichu["name"]
    assert "Teams" in tichu["labels"]["de"]["name"] and "فريقان" in tichu["labels"]["ar"]["name"]
    made, failed, grand_failed = 1, 2, 4
    result = play("tichu", [{"cards": 0, "double": True, "call_1": made, "call_2": 0},
                            {"cards": 0, "double": False, "call_1": 0, "call_2": grand_failed}],
                  [{"cards": 35, "double": False, "call_1": failed, "call_2": 0},
                   {"cards": 65, "double": False, "call_1": 0, "call_2": 0}])
    assert values(result)[0] == {"cards": 0, "double": 1, "points": 200, "call_1": 100,
                                 "call_2": 0}
    assert result.totals == (300 + 35 - 100, -200 + 65)


# --- Qwixx and Catan: one tally -------------------------------------------------------------------

def test_qwixx_each_colour_scores_its_triangle_number_less_5_a_penalty():
    ana = {"red": 5, "yellow": 12, "green": 0, "blue": 1, "penalties": 2}
    ben = {"red": 7, "yellow": 7, "green": 7, "blue": 7, "penalties": 0}
    result = play("qwixx", [ana, ben])
    assert values(result)[0]["red_points"] == 15 and values(result)[0]["yellow_points"] == 78
    assert result.totals == (15 + 78 + 0 + 1 - 10, 4 * 28)
    assert result.winners == (1,)


def test_catan_settlements_cities_and_the_two_cards():
    line = {"settlements": 2, "cities": 3, "vp_cards": 1, "longest_road": True,
            "largest_army": False}
    other = line | {"largest_army": True}
    result = play("catan", [line, other, line | {"longest_road": False}])
    assert result.totals == (2 + 6 + 1 + 2, 2 + 6 + 1 + 2 + 2, 9)
    assert result.winners == (1,)
