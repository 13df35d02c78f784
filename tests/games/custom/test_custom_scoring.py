"""A custom sheet played, rule by rule (SPEC section 10): the match's options, a player's line, each
kind's value, ranks and their ties, cells and totals, a tally or rounds to the end, and who wins,
the tie-breaks included."""

from __future__ import annotations

import pytest

from app.games.base import RoundInput
from app.games.custom import GAME, design_json, most_rounds, parse_design, places, rank_points
from app.games.custom import design as reading
from app.games.custom.model import RankRow
from app.games.reading import InvalidInput


def design(*rows, **top):
    return {"name": "Test", "rows": list(rows), **top}


def number(key, **more):
    return {"key": key, "label": key.title(), "kind": "number", **more}


def count(key, points, **more):
    return {"key": key, "label": key.title(), "kind": "count", "points": points, **more}


def check(key, points, **more):
    return {"key": key, "label": key.title(), "kind": "check", "points": points, **more}


def choice(key, *points, **more):
    options = [{"label": f"Option {i}", "points": p} for i, p in enumerate(points)]
    return {"key": key, "label": key.title(), "kind": "choice", "options": options, **more}


def rank(key, of, points, **more):
    return {"key": key, "label": key.title(), "kind": "rank", "of": of, "points": points, **more}


def formula(key, text, **more):
    return {"key": key, "label": key.title(), "kind": "formula", "formula": text, **more}


def opts(raw_design, players=3, **given):
    return GAME.parse_options({"design": raw_design, **given}, players)


def play(raw_design, *rounds, players=None, **given):
    """Replays a sheet written as rounds of player lines (None: not entered yet)."""
    players = players if players is not None else len(rounds[0])
    options = opts(raw_design, players, **given)
    entered = [GAME.parse_round({"players": list(lines)}, players, options) for lines in rounds]
    return GAME.replay(players, options, entered, [None] * players)


def refused(call, *args, field):
    with pytest.raises(InvalidInput) as caught:
        call(*args)
    assert caught.value.path == field, caught.value.message
    assert caught.value.message.endswith(".")
    return caught.value.message


def rows_of(result, round_=0):
    return result.rounds[round_].detail.rows


TALLY = design(number("n", min=-5, max=50), count("c", 3, max=10), check("k", 7),
               choice("o", 0, 4, -2), formula("f", "n + c * 2"), players=[1, 6])
FULL = {"n": 10, "c": 2, "k": True, "o": 1}


# --- the match's options --------------------------------------------------------------------------

def test_the_options_hold_the_designs_canonical_copy():
    options = opts(TALLY)
    assert options == {"design": design_json(parse_design(TALLY)), "target": None,
                       "rounds": None}


def test_a_design_is_needed():
    refused(GAME.parse_options, {}, 3, field="options.design")
    refused(GAME.parse_options, {"design": None}, 3, field="options.design")


def test_a_designs_fault_is_reported_inside_the_option():
    broken = design(number("n"), formula("f", "n +"))
    refused(GAME.parse_options, {"design": broken}, 3, field="options.design.rows[1].formula")
    refused(GAME.parse_options, {"design": "Yahtzee"}, 3, field="options.design")


def test_a_rounds_designs_end_is_copied_into_the_options_and_may_be_moved():
    rounds = design(number("n"), scoring="rounds", rounds=8, target=100)
    assert opts(rounds) | {"design": None} == {"design": None, "target": 100, "rounds": 8}
    assert opts(rounds, target=50, rounds=None) | {"design": None} == {
        "design": None, "target": 50, "rounds": None}  # an explicit null stays null
    assert "target" in GAME.movable and "rounds" in GAME.movable


def test_a_tally_has_no_target_and_no_rounds():
    message = refused(GAME.parse_options, {"design": TALLY, "target": 100}, 3,
                      field="options.target")
    assert message == "Test is scored in one tally at the end: it has no target and no rounds."
    refused(GAME.parse_options, {"design": TALLY, "rounds": 2}, 3, field="options.rounds")


@pytest.mark.parametrize("players", [0, 7, 12])
def test_the_number_of_players_is_the_designs(players):
    message = refused(GAME.parse_options, {"design": TALLY}, players, field="players")
    assert message == f"Test is played by 1 to 6 players, not {players}."


def test_an_unknown_option_is_refused():
    refused(GAME.parse_options, {"design": TALLY, "lowest_wins": True}, 3,
            field="options.lowest_wins")


def test_the_engine_plays_1_to_12_and_a_tally_holds_one_round():
    assert (GAME.name, GAME.min_players, GAME.max_players) == ("custom", 1, 12)
    assert most_rounds(opts(TALLY)) == 1
    assert most_rounds(opts(design(number("n"), scoring="rounds"))) is None


def test_lowest_wins_where_the_design_says():
    assert GAME.lowest_wins(opts(TALLY)) is False
    assert GAME.lowest_wins(opts(design(number("n"), winner="lowest"))) is True


# --- a player's line ------------------------------------------------------------------------------

def test_a_line_holds_the_typed_rows_in_the_designs_order():
    line = GAME.parse_part({"o": 2, "k": False, "n": -5.0, "c": 0}, 0, opts(TALLY))
    assert line == {"n": -5, "c": 0, "k": False, "o": 2}
    assert list(line) == ["n", "c", "k", "o"]
    assert type(line["n"]) is int


def test_a_line_may_hold_only_some_rows_and_a_null_is_a_row_not_typed_yet():
    assert GAME.parse_part({"c": 3}, 1, opts(TALLY)) == {"c": 3}
    assert GAME.parse_part({"c": 3, "n": None}, 1, opts(TALLY)) == {"c": 3}
    assert GAME.parse_part({}, 1, opts(TALLY)) == {}


@pytest.mark.parametrize(("line", "field", "message"), [
    ({"n": 51}, "n", "N must be at most 50."),
    ({"n": -6}, "n", "N must be at least -5."),
    ({"n": 2.5}, "n", "N must be a whole number."),
    ({"n": "3"}, "n", "N must be a whole number."),
    ({"n": True}, "n", "N must be a whole number."),
    ({"c": -1}, "c", "C must be at least 0."),
    ({"c": 11}, "c", "C must be at most 10."),
    ({"k": 1}, "k", "K is ticked or not: true or false."),
    ({"k": "true"}, "k", "K is ticked or not: true or false."),
    ({"o": 3}, "o", "O is one of its options, by its number: 0 to 2."),
    ({"o": -1}, "o", "O is one of its options, by its number: 0 to 2."),
    ({"o": 1.5}, "o", "O is one of its options, by its number: 0 to 2."),
    ({"o": True}, "o", "O is one of its options, by its number: 0 to 2."),
    ({"o": "Option 1"}, "o", "O is one of its options, by its number: 0 to 2."),
    ({"f": 3}, "f", "F is worked out, not typed."),
    ({"f": None}, "f", "F is worked out, not typed."),
    ({"total": 3}, "total", "There is no row “total”."),
])
def test_a_value_out_of_bounds_or_a_row_not_typed_is_refused_at_its_key(line, field, message):
    assert refused(GAME.parse_part, line, 0, opts(TALLY), field=field) == message


def test_a_rank_row_is_not_typed():
    ranked = design(number("n"), rank("r", "n", [3]))
    refused(GAME.parse_part, {"r": 3}, 0, opts(ranked), field="r")


@pytest.mark.parametrize("body", [None, 7, [1, 2], "n=3"])
def test_a_line_is_an_object(body):
    refused(GAME.parse_part, body, 0, opts(TALLY), field=None)


def test_a_round_is_a_line_per_player_and_a_fault_names_the_seat():
    options = opts(TALLY)
    round_ = GAME.parse_round({"players": [FULL, None, {"c": 1}]}, 3, options)
    assert round_ == RoundInput(common={}, parts=({"n": 10, "c": 2, "k": True, "o": 1}, None,
                                                 {"c": 1}))
    refused(GAME.parse_round, {"players": [FULL, {"c": 11}, None]}, 3, options,
            field="players[1].c")
    refused(GAME.parse_round, {"players": [FULL, None]}, 3, options, field="players")
    refused(GAME.parse_round, {"players": {"0": FULL}}, 3, options, field="players")
    refused(GAME.parse_round, {"players": [None] * 3, "dead": True}, 3, options, field="dead")
    refused(GAME.parse_round, [FULL] * 3, 3, options, field=None)


def test_a_round_reads_back_as_it_was_entered():
    body = {"players": [{"n": 10, "c": 2, "k": True, "o": 1}, None, {"c": 1}]}
    assert GAME.round_input(GAME.parse_round(body, 3, opts(TALLY))) == body


# --- what each row is worth -----------------------------------------------------------------------

def test_each_kind_adds_its_value():
    result = play(TALLY, [FULL, {"n": -5, "c": 0, "k": False, "o": 2}])
    assert rows_of(result) == ({"n": 10, "c": 6, "k": 7, "o": 4, "f": 22},
                               {"n": -5, "c": 0, "k": 0, "o": -2, "f": -5})
    # a formula reads a count's value, count × points: n + (2 × 3) × 2
    assert result.rounds[0].cells == (10 + 6 + 7 + 4 + 22, -5 + 0 + 0 - 2 - 5)
    assert result.totals == result.rounds[0].cells


def test_a_row_that_does_not_count_is_worked_out_but_not_added():
    uncounted = design(number("coins", counts=False), formula("treasury", "coins / 3"))
    result = play(uncounted, [{"coins": 10}, {"coins": 2}])
    assert rows_of(result) == ({"coins": 10, "treasury": 3}, {"coins": 2, "treasury": 0})
    assert result.totals == (3, 0)


def test_a_value_is_unknown_until_it_can_be_worked_out_and_the_round_stays_open():
    result = play(TALLY, [{"n": 4}, FULL])
    assert result.rounds[0].status == "open" and result.rounds[0].cells is None
    assert rows_of(result)[0] == {"n": 4, "c": None, "k": None, "o": None, "f": None}
    assert rows_of(result)[1]["f"] == 22  # the other player's line is known already
    assert result.totals == (0, 0)


def test_a_seat_not_entered_has_every_row_unknown():
    result = play(TALLY, [FULL, None])
    assert rows_of(result)[1] == dict.fromkeys(["n", "c", "k", "o", "f"])


def test_players_in_a_formula_is_the_number_at_the_table():
    per_head = design(number("pot", counts=False), formula("share", "pot / players"))
    assert play(per_head, [{"pot": 12}] * 4).totals == (3, 3, 3, 3)
    assert play(per_head, [{"pot": 12}] * 3).totals == (4, 4, 4)


def test_a_formula_may_use_formulas_and_ranks_worked_out_before_it():
    chained = design(formula("total", "double + best"), formula("double", "x * 2"),
                     rank("best", "double", [10, 5]), number("x", counts=False))
    result = play(chained, [{"x": 3}, {"x": 1}])
    assert rows_of(result) == ({"total": 16, "double": 6, "best": 10, "x": 3},
                               {"total": 7, "double": 2, "best": 5, "x": 1})


# --- a value past ±10^12 --------------------------------------------------------------------------

HUGE = design(number("x", min=-1_000_000_000, max=1_000_000_000),
              formula("square", "x * x", counts=False), players=[1, 12])


def test_a_worked_out_value_past_10_to_the_12_refuses_the_entry_at_the_formulas_key():
    options = opts(HUGE)
    assert GAME.parse_part({"x": 1_000_000}, 0, options) == {"x": 1_000_000}
    message = refused(GAME.parse_part, {"x": 1_000_001}, 0, options, field="square")
    assert message == ("Square would come to more than 1,000,000,000,000 either way: check what "
                       "it is worked out from.")
    refused(GAME.parse_round, {"players": [{"x": 1}, {"x": -1_000_001}, None]}, 3, options,
            field="players[1].square")


def test_a_value_that_needs_the_table_is_checked_with_the_whole_round():
    by_players = design(number("x", max=1_000_000_000), formula("f", "x * players * 500"))
    options = opts(by_players, 3)
    assert GAME.parse_part({"x": 1_000_000_000}, 0, options)  # alone, `players` is unknown
    refused(GAME.parse_round, {"players": [None, {"x": 1_000_000_000}, None]}, 3, options,
            field="players[1].f")
    by_rank = design(number("x"), rank("r", "x", [1_000_000]),
                     formula("f", "r * r * 2"))
    refused(GAME.parse_round, {"players": [{"x": 1}, {"x": 2}]}, 2, opts(by_rank, 2),
            field="players[1].f")


def test_a_replay_never_fails_even_on_a_value_no_round_could_have_kept():
    options = opts(HUGE, 1)
    result = GAME.replay(1, options, [RoundInput({}, ({"x": 10**9},))], [None])
    assert result.rounds[0].status == "open" and rows_of(result)[0]["square"] is None


# --- ranks ----------------------------------------------------------------------------------------

def ranked(values, points, **more):
    row = RankRow("r", "R", True, "x", tuple(points), more.get("order", "most"),
                  more.get("at_least"), more.get("ties", "share"))
    return list(rank_points(row, values))


@pytest.mark.parametrize(("values", "points", "more", "expected"), [
    # the most takes points[0], the next points[1], and so on; places past the list take 0
    ([5, 9, 7], [10, 5], {}, [0, 10, 5]),
    ([5, 9, 7, 1], [10, 5, 2], {}, [2, 10, 5, 0]),
    # fewest first
    ([5, 9, 7], [10, 5], {"order": "fewest"}, [10, 0, 5]),
    # share: tied players each take the best place's points; the next place is skipped
    ([9, 9, 7], [10, 5, 2], {}, [10, 10, 2]),
    ([9, 7, 7, 1], [10, 5, 2, 1], {}, [10, 5, 5, 1]),
    ([4, 4, 4], [10, 5], {}, [10, 10, 10]),
    # split: the places' points added and shared equally, rounded down
    ([9, 9, 7], [10, 5, 2], {"ties": "split"}, [7, 7, 2]),
    ([9, 7, 7, 1], [10, 5, 2, 1], {"ties": "split"}, [10, 3, 3, 1]),
    ([4, 4, 4], [10, 5], {"ties": "split"}, [5, 5, 5]),
    ([4, 4, 4], [10], {"ties": "split"}, [3, 3, 3]),
    ([4, 4], [-5, 0], {"ties": "split"}, [-3, -3]),  # rounded down: -5 / 2 is -3
    # below at_least: 0 and no place, so the next player moves up
    ([0, 3, 5], [5, 2], {"at_least": 1}, [0, 2, 5]),
    ([0, 0, 5], [5, 2, 1], {"at_least": 1}, [0, 0, 5]),
    ([0, 0, 0], [5, 2], {"at_least": 1, "ties": "split"}, [0, 0, 0]),
    ([2, 2, 1], [5, 2], {"at_least": 2, "ties": "split"}, [3, 3, 0]),
    ([-3, -1], [5, 2], {"order": "fewest", "at_least": -2}, [0, 5]),
    # one player alone takes the first place
    ([3], [5, 2], {}, [5]),
])
def test_rank_points_as_spec_says(values, points, more, expected):
    assert ranked(values, points, **more) == expected


def test_a_split_tie_worked_by_hand_wingspans_round_goal():
    # Wingspan's goal of round 4 (7, 4, 3): Ana 5 birds, Ben 5, Cy 3, Dee 0 (at least 1 to score).
    # Ana and Ben fill the first two places: (7 + 4) / 2 = 5.5, rounded down to 5 each; Cy is
    # third (3); Dee takes no place.
    assert ranked([5, 5, 3, 0], [7, 4, 3], ties="split", at_least=1) == [5, 5, 3, 0]


def test_a_rank_is_known_once_every_players_of_value_is():
    ranked_design = design(number("x", counts=False), rank("r", "x", [5, 2]))
    result = play(ranked_design, [{"x": 3}, None, {"x": 1}])
    assert [values["r"] for values in rows_of(result)] == [None, None, None]
    result = play(ranked_design, [{"x": 3}, {"x": 4}, {"x": 1}])
    assert [values["r"] for values in rows_of(result)] == [2, 5, 0]


def test_in_rounds_the_players_are_compared_within_each_round():
    per_round = design(number("x", counts=False), rank("r", "x", [5]), scoring="rounds")
    result = play(per_round, [{"x": 3}, {"x": 1}], [{"x": 0}, {"x": 9}])
    assert [r.cells for r in result.rounds] == [(5, 0), (0, 5)]
    assert result.totals == (5, 5)
    assert result.detail.row_totals == ({"x": 3, "r": 5}, {"x": 10, "r": 5})


def test_a_rank_of_a_formula():
    of_formula = design(number("a", counts=False), number("b", counts=False),
                        formula("sum", "a + b", counts=False), rank("r", "sum", [3, 1]))
    result = play(of_formula, [{"a": 1, "b": 5}, {"a": 4, "b": 1}])
    assert result.totals == (3, 1)


# --- a tally: one round, over when complete -------------------------------------------------------

def test_a_tally_is_over_when_every_line_holds_every_typed_row():
    open_ = play(TALLY, [FULL, {"n": 1, "c": 1, "k": False}])
    assert not open_.over and open_.winners == () and open_.leaders == ()
    done = play(TALLY, [FULL, {"n": 1, "c": 1, "k": False, "o": 0}])
    assert done.over and done.over_after == 0 and done.winners == (0,)
    assert done.target is None


def test_the_match_detail_holds_each_rows_total_every_row_included():
    result = play(TALLY, [FULL, {"n": 1, "c": 1, "k": False, "o": 0}])
    assert result.detail.row_totals == ({"n": 10, "c": 6, "k": 7, "o": 4, "f": 22},
                                        {"n": 1, "c": 3, "k": 0, "o": 0, "f": 7})


def test_before_a_round_is_complete_row_totals_are_zero():
    result = play(TALLY, [FULL, None])
    assert result.detail.row_totals == (dict.fromkeys("nckof", 0),) * 2


# --- rounds: to a target, a number of rounds, or on and on ----------------------------------------

SCORE = design(number("s"), scoring="rounds")


def lines(*scores):
    return [None if s is None else {"s": s} for s in scores]


def test_rounds_add_up_and_the_match_plays_on_without_an_end():
    result = play(SCORE, lines(5, 3), lines(1, 4), lines(2, None))
    assert result.totals == (6, 7)
    assert [r.status for r in result.rounds] == ["complete", "complete", "open"]
    assert not result.over and result.leaders == (1,)


def test_a_total_reaching_the_target_after_a_complete_round_ends_it():
    assert not play(SCORE, lines(60, 40), lines(39, 0), target=100).over
    result = play(SCORE, lines(60, 40), lines(40, 0), target=100)
    assert result.over and result.over_after == 1 and result.winners == (0,)
    assert result.target == 100


def test_lowest_wins_ends_when_a_total_reaches_the_target_too():
    hearts = design(number("s"), scoring="rounds", winner="lowest", target=100)
    result = play(hearts, lines(26, 0, 0, 0), lines(50, 26, 0, 0), lines(26, 0, 13, 13))
    assert result.totals == (102, 26, 13, 13)
    assert result.over and result.over_after == 2 and result.winners == (2, 3)
    assert places(result, {}) == (4, 3, 1, 1)


def test_a_number_of_rounds_ends_it_and_open_rounds_do_not_count():
    assert not play(SCORE, lines(1, 2), lines(None, 3), rounds=2).over
    result = play(SCORE, lines(1, 2), lines(None, 3), lines(4, 0), rounds=2)
    assert result.over_after == 2 and not result.over  # round 2 still waits for a line
    result = play(SCORE, lines(1, 2), lines(9, 3), rounds=2)
    assert result.over and result.winners == (0,)


def test_the_designs_own_end_plays_unless_the_table_moved_it():
    ends = design(number("s"), scoring="rounds", rounds=2)
    assert play(ends, lines(1, 2), lines(1, 2)).over
    assert not play(ends, lines(1, 2), lines(1, 2), rounds=3).over


# --- who wins: totals, then the tie-breaks --------------------------------------------------------

BROKEN = design(number("vp"), number("coins", counts=False), number("wonders", counts=False),
                tiebreak=[{"row": "coins", "order": "most"},
                          {"row": "wonders", "order": "fewest"}])


def tally(*players):
    return [{"vp": vp, "coins": coins, "wonders": wonders} for vp, coins, wonders in players]


def test_sides_tied_on_total_are_ordered_by_the_first_tiebreak():
    result = play(BROKEN, tally((40, 3, 1), (40, 5, 1), (38, 9, 0)))
    assert result.winners == (1,)
    assert places(result, {}) == (2, 1, 3)
    assert result.detail.decided_by == ("coins", "coins", None)


def test_then_by_the_next_tiebreak_fewest_first():
    result = play(BROKEN, tally((40, 5, 2), (40, 5, 1), (40, 4, 0)))
    assert result.winners == (1,)
    assert places(result, {}) == (2, 1, 3)
    # Ben beat Ana only on wonders, Cy only on coins: each side's last tie-break needed
    assert result.detail.decided_by == ("wonders", "wonders", "coins")


def test_still_tied_they_share_the_place_and_the_next_is_skipped():
    result = play(BROKEN, tally((40, 5, 1), (40, 5, 1), (39, 0, 0)))
    assert result.winners == (0, 1)
    assert places(result, {}) == (1, 1, 3)
    assert result.detail.decided_by == (None, None, None)


def test_without_tiebreaks_equal_totals_share():
    result = play(design(number("vp")), [{"vp": 4}, {"vp": 4}, {"vp": 1}])
    assert result.winners == (0, 1) and places(result, {}) == (1, 1, 3)


def test_lowest_wins_with_a_tiebreak():
    low = design(number("s"), number("coins", counts=False), winner="lowest",
                 tiebreak=[{"row": "coins", "order": "fewest"}])
    result = play(low, [{"s": 5, "coins": 2}, {"s": 5, "coins": 1}, {"s": 3, "coins": 9}])
    assert result.winners == (2,) and places(result, {}) == (3, 2, 1)


def test_a_tiebreak_reads_the_rows_total_over_the_match():
    over_rounds = design(number("s"), number("coins", counts=False), scoring="rounds",
                         rounds=2, tiebreak=[{"row": "coins"}])
    result = play(over_rounds, [{"s": 5, "coins": 1}, {"s": 5, "coins": 3}],
                  [{"s": 5, "coins": 4}, {"s": 5, "coins": 1}])
    assert result.detail.row_totals[0]["coins"] == 5 and result.winners == (0,)


def test_leaders_while_active_follow_the_tiebreaks_too():
    over_rounds = design(number("s"), number("coins", counts=False), scoring="rounds",
                         tiebreak=[{"row": "coins"}])
    result = play(over_rounds, [{"s": 5, "coins": 1}, {"s": 5, "coins": 3}])
    assert not result.over and result.leaders == (1,) and result.winners == ()


# --- a round added carries the replay on ----------------------------------------------------------

def test_a_round_added_carries_the_replay_on_to_what_a_replay_gives():
    per_round = design(number("s"), number("x", counts=False), rank("r", "x", [3, 1]),
                       formula("f", "s * 2 + r"), scoring="rounds", target=60)
    options = opts(per_round, 2)
    bodies = [[{"s": 5, "x": 1}, {"s": 2, "x": 3}], [{"s": 1}, None], [{"s": 9, "x": 0},
                                                                          {"s": 3, "x": 0}],
              [{"s": 20, "x": 5}, {"s": 1, "x": 1}]]
    rounds = [GAME.parse_round({"players": body}, 2, options) for body in bodies]
    carried = GAME.replay(2, options, [], [None, None])
    for count_ in range(1, len(rounds) + 1):
        carried = GAME.replay_after(2, options, carried, rounds[:count_], [None, None])
        assert carried == GAME.replay(2, options, rounds[:count_], [None, None])
    # the target is reached after round 4, but round 2 still waits for a line
    assert carried.over_after == 3 and not carried.over
    assert carried.totals == (17 + 33 + 66, 12 + 15 + 5)


def test_a_replay_of_a_thousand_rounds_reads_the_design_once(monkeypatch):
    per_round = design(number("s"), formula("double", "s * 2"), scoring="rounds")
    options = opts(per_round, 2)
    rounds = [GAME.parse_round({"players": [{"s": n % 7}, {"s": 3}]}, 2, options)
              for n in range(1000)]
    read = []
    monkeypatch.setattr(reading, "parse_design", lambda raw, **how: read.append(raw) or
                        parse_design(raw, **how))
    reading._kept_design.cache_clear()
    reading._LATEST.clear()
    result = GAME.replay(2, options, rounds, [None, None])
    assert len(read) == 1
    assert result.totals == (3 * sum(n % 7 for n in range(1000)), 9000)
