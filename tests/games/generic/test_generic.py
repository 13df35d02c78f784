"""The free score sheet, rule by rule: players, cells, options, open rounds, the end and who won."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.games.base import RoundInput, ranked
from app.games.generic import GAME
from app.games.reading import InvalidInput

LIMIT = 1_000_000_000


def opts(players=3, **given_options):
    return GAME.parse_options(given_options, players)


def rounds_of(rows, options):
    players = len(rows[0])
    return [GAME.parse_round({"scores": list(row)}, players, options) for row in rows]


def play(rows, players=None, **given_options):
    """Replays a sheet written as rows of scores (None: not entered yet)."""
    players = players if players is not None else len(rows[0])
    options = opts(players, **given_options)
    return GAME.replay(players, options, rounds_of(rows, options) if rows else [])


def refused(call, *args, field):
    with pytest.raises(InvalidInput) as caught:
        call(*args)
    assert caught.value.path == field
    assert caught.value.message.endswith(".")
    return caught.value.message


# --- the table ----------------------------------------------------------------------------------

def test_one_to_twelve_players():
    assert (GAME.min_players, GAME.max_players) == (1, 12)


def test_every_player_is_a_side_of_their_own():
    sides = GAME.sides(["Ana", "Ben", "Cy"], opts())
    assert [(s.index, s.name, s.seats) for s in sides] == [(0, "Ana", (0,)), (1, "Ben", (1,)),
                                                          (2, "Cy", (2,))]


def test_a_player_alone_keeps_a_sheet_and_leads_it():
    result = play([[5], [-2], [7]])
    assert result.totals == (10,)
    assert result.leaders == (0,)
    assert not result.over and result.winners == ()


def test_twelve_players_each_keep_their_own_column():
    row = list(range(1, 13))
    result = play([row, row])
    assert result.totals == tuple(2 * n for n in row)
    assert result.leaders == (11,)


# --- options ------------------------------------------------------------------------------------

def test_default_options_no_target_no_round_limit_highest_wins_negatives_allowed():
    assert opts() == {"target": None, "rounds": None, "lowest_wins": False,
                      "allow_negative": True}


def test_options_as_given():
    assert opts(target=500, rounds=10, lowest_wins=True, allow_negative=False) == {
        "target": 500, "rounds": 10, "lowest_wins": True, "allow_negative": False}


def test_target_and_rounds_may_be_left_empty_with_null():
    assert opts(target=None, rounds=None)["target"] is None
    assert opts(target=None, rounds=None)["rounds"] is None


def test_whole_floats_are_whole_numbers_for_target_and_rounds():
    options = opts(target=100.0, rounds=8.0)
    assert (options["target"], options["rounds"]) == (100, 8)
    assert type(options["target"]) is int and type(options["rounds"]) is int


def test_a_target_may_be_as_large_as_a_cell():
    assert opts(target=LIMIT)["target"] == LIMIT


@pytest.mark.parametrize("name", ["goal", "Target", "max_rounds", "dead", "side_scoring"])
def test_an_unknown_option_is_refused_by_name(name):
    message = refused(GAME.parse_options, {name: 1}, 3, field=f"options.{name}")
    assert name in message


@pytest.mark.parametrize(("name", "value"), [
    ("target", 0), ("target", -100), ("target", 2.5), ("target", "100"), ("target", True),
    ("target", float("nan")), ("target", float("inf")), ("target", 1e30), ("target", [100]),
    ("rounds", 0), ("rounds", -1), ("rounds", 1.5), ("rounds", "8"), ("rounds", False),
    ("lowest_wins", 1), ("lowest_wins", "yes"), ("lowest_wins", None), ("lowest_wins", "true"),
    ("allow_negative", 0), ("allow_negative", "false"), ("allow_negative", None),
])
def test_a_bad_option_value_is_refused_at_that_option(name, value):
    refused(GAME.parse_options, {name: value}, 3, field=f"options.{name}")


def test_options_must_be_an_object():
    refused(GAME.parse_options, ["target", 100], 3, field="options")


# --- a round, whole -----------------------------------------------------------------------------

def test_a_round_is_one_score_per_player():
    round_ = GAME.parse_round({"scores": [12, 7, 9]}, 3, opts())
    assert round_ == RoundInput(common={}, parts=({"score": 12}, {"score": 7}, {"score": 9}))


def test_a_round_reads_back_as_it_was_entered():
    body = {"scores": [12, None, -9]}
    assert GAME.round_input(GAME.parse_round(body, 3, opts())) == body


def test_a_whole_float_score_is_kept_as_an_int():
    round_ = GAME.parse_round({"scores": [12.0, -3.0]}, 2, opts(2))
    assert round_.parts == ({"score": 12}, {"score": -3})
    assert all(type(part["score"]) is int for part in round_.parts)


def test_a_score_not_entered_yet_is_none():
    round_ = GAME.parse_round({"scores": [None, 4, None]}, 3, opts())
    assert round_.parts == (None, {"score": 4}, None)


@pytest.mark.parametrize("scores", [[12, 7], [12, 7, 9, 1], []])
def test_a_round_needs_exactly_one_score_per_player(scores):
    message = refused(GAME.parse_round, {"scores": scores}, 3, opts(), field="scores")
    assert message == f"Give 3 scores, one per player, not {len(scores)}."


@pytest.mark.parametrize("body", [{}, {"scores": None}, {"scores": "12 7 9"},
                                  {"scores": {"0": 12, "1": 7, "2": 9}}, {"scores": 28}])
def test_a_round_needs_its_scores_as_a_list(body):
    refused(GAME.parse_round, body, 3, opts(), field="scores")


@pytest.mark.parametrize("body", [None, [12, 7, 9], "12,7,9", 28])
def test_a_round_must_be_an_object(body):
    refused(GAME.parse_round, body, 3, opts(), field=None)


@pytest.mark.parametrize("name", ["dead", "hands", "score", "Scores"])
def test_a_round_refuses_fields_it_does_not_know(name):
    message = refused(GAME.parse_round, {"scores": [1, 2, 3], name: 1}, 3, opts(), field=name)
    assert name in message


@pytest.mark.parametrize("value", ["12", "ten", True, False, 2.5, float("nan"), float("inf"),
                                   1e30, [12], {"score": 12}])
def test_a_score_that_is_not_a_whole_number_is_refused_at_its_seat(value):
    refused(GAME.parse_round, {"scores": [1, value, 3]}, 3, opts(), field="scores[1]")


def test_cells_run_from_minus_to_plus_a_thousand_million():
    round_ = GAME.parse_round({"scores": [-LIMIT, LIMIT, 0]}, 3, opts())
    assert round_.parts == ({"score": -LIMIT}, {"score": LIMIT}, {"score": 0})


@pytest.mark.parametrize(("value", "message"), [
    (LIMIT + 1, "A score must be at most 1,000,000,000."),
    (-LIMIT - 1, "A score must be at least -1,000,000,000."),
    (1e10, "A score must be at most 1,000,000,000."),
    (10**30, "A score must be at most 1,000,000,000."),
])
def test_a_cell_past_a_thousand_million_is_refused(value, message):
    assert refused(GAME.parse_round, {"scores": [1, 2, value]}, 3, opts(),
                   field="scores[2]") == message


def test_negative_scores_are_allowed_by_default():
    assert GAME.parse_round({"scores": [-5, 0, 5]}, 3, opts()).parts[0] == {"score": -5}


def test_without_negatives_a_cell_runs_from_zero():
    options = opts(allow_negative=False)
    assert GAME.parse_round({"scores": [0, LIMIT, 3]}, 3, options).parts[0] == {"score": 0}
    message = refused(GAME.parse_round, {"scores": [4, 0, -1]}, 3, options, field="scores[2]")
    assert message == "A score must be at least 0."


def test_without_negatives_a_seat_not_entered_yet_is_still_allowed():
    options = opts(allow_negative=False)
    assert GAME.parse_round({"scores": [None, 0, 1]}, 3, options).parts[0] is None


# --- one seat's part ----------------------------------------------------------------------------

def test_a_part_is_that_seats_score():
    assert GAME.parse_part({"score": 12}, 1, opts()) == {"score": 12}
    assert GAME.parse_part({"score": -4.0}, 0, opts()) == {"score": -4}


def test_a_part_needs_its_score():
    assert refused(GAME.parse_part, {}, 0, opts(), field="score") == "Give the score."


@pytest.mark.parametrize("body", [None, 12, [12], "12"])
def test_a_part_must_be_an_object(body):
    refused(GAME.parse_part, body, 0, opts(), field=None)


@pytest.mark.parametrize("name", ["scores", "seat", "went_out"])
def test_a_part_refuses_fields_it_does_not_know(name):
    message = refused(GAME.parse_part, {"score": 3, name: 1}, 0, opts(), field=name)
    assert name in message


@pytest.mark.parametrize("value", [None, "12", True, 2.5, float("nan"), float("-inf"), 1e30,
                                   LIMIT + 1, -LIMIT - 1])
def test_a_part_with_a_bad_score_is_refused_at_score(value):
    refused(GAME.parse_part, {"score": value}, 0, opts(), field="score")


def test_a_part_without_negatives_runs_from_zero():
    options = opts(allow_negative=False)
    assert GAME.parse_part({"score": 0}, 2, options) == {"score": 0}
    assert refused(GAME.parse_part, {"score": -1}, 2, options,
                   field="score") == "A score must be at least 0."


# --- playing it out -----------------------------------------------------------------------------

def test_an_empty_sheet_has_zero_totals_and_nobody_ahead():
    result = play([], players=3)
    assert result.rounds == ()
    assert result.totals == (0, 0, 0)
    assert (result.over, result.over_after, result.winners, result.leaders) == (False, None, (), ())
    assert result.target is None


def test_a_worked_sheet_cells_are_the_scores_and_totals_their_sums():
    result = play([[12, 7, 9], [3, 10, -2], [0, -4, 20]])
    assert [r.status for r in result.rounds] == ["complete"] * 3
    assert [r.cells for r in result.rounds] == [(12, 7, 9), (3, 10, -2), (0, -4, 20)]
    assert result.totals == (15, 13, 27)
    assert result.leaders == (2,)
    assert not result.over and result.over_after is None and result.winners == ()


def test_totals_may_grow_past_what_one_cell_may_hold():
    result = play([[LIMIT, -LIMIT], [LIMIT, -LIMIT], [LIMIT, -LIMIT]])
    assert result.totals == (3 * LIMIT, -3 * LIMIT)


def test_while_active_the_leaders_tie_and_nobody_has_won():
    result = play([[10, 4, 10], [0, 5, 0]])
    assert result.leaders == (0, 2)
    assert result.winners == ()


def test_leaders_with_lowest_wins_are_the_lowest_totals():
    result = play([[10, 4, 10], [0, 3, 0]], lowest_wins=True)
    assert result.leaders == (1,)
    assert result.winners == ()


def test_the_result_names_the_target():
    assert play([[1, 2]], target=50).target == 50
    assert play([[1, 2]]).target is None


# --- open rounds --------------------------------------------------------------------------------

def test_an_open_round_has_no_cells_and_adds_nothing():
    result = play([[5, 5, 5], [100, None, 3]])
    assert result.rounds[1].status == "open"
    assert result.rounds[1].cells is None
    assert result.totals == (5, 5, 5)
    assert result.leaders == (0, 1, 2)


def test_a_round_with_no_score_yet_is_open():
    result = play([[None, None]])
    assert result.rounds[0].status == "open" and result.rounds[0].cells is None


def test_nobody_leads_before_a_round_is_complete():
    assert play([[9, None, 1]]).leaders == ()


def test_an_open_round_between_complete_ones_is_skipped_not_counted_as_zero():
    result = play([[5, 1], [None, 50], [2, 8]], lowest_wins=True)
    assert [r.status for r in result.rounds] == ["complete", "open", "complete"]
    assert result.totals == (7, 9)
    assert result.leaders == (0,)


def test_a_score_that_would_reach_the_target_counts_only_once_the_round_is_complete():
    result = play([[60, 40], [50, None]], target=100)
    assert not result.over and result.winners == () and result.over_after is None
    result = play([[60, 40], [50, 0]], target=100)
    assert result.over and result.winners == (0,) and result.over_after == 1


def test_open_rounds_do_not_count_toward_the_number_of_rounds():
    assert not play([[1, 2], [None, 3]], rounds=2).over
    result = play([[1, 2], [None, 3], [4, 0]], rounds=2)
    assert result.over_after == 2
    # ...and a round still waiting for a score holds the match open until it is typed.
    assert not result.over and result.winners == ()
    result = play([[1, 2], [9, 3], [4, 0]], rounds=3)
    assert result.over and result.winners == (0,)


# --- a target -----------------------------------------------------------------------------------

def test_one_short_of_the_target_plays_on():
    result = play([[60, 30, 10], [39, 30, 10]], target=100)
    assert result.totals == (99, 60, 20)
    assert not result.over and result.winners == () and result.over_after is None
    assert result.leaders == (0,)


def test_reaching_the_target_exactly_ends_the_match():
    result = play([[60, 30, 10], [40, 30, 10]], target=100)
    assert result.over and result.over_after == 1
    assert result.winners == (0,)


def test_passing_the_target_ends_the_match():
    assert play([[250, 0]], target=100).winners == (0,)


def test_the_highest_total_wins_when_two_pass_the_target_in_one_round():
    result = play([[90, 95], [20, 30]], target=100)
    assert result.totals == (110, 125)
    assert result.winners == (1,)


def test_a_tie_at_the_top_shares_the_win():
    result = play([[100, 100, 99]], target=100)
    assert result.winners == (0, 1)


def test_the_winner_need_not_be_the_one_who_reached_the_target_with_lowest_wins():
    # Hearts: the match stops when anyone reaches 100; the fewest points win.
    result = play([[26, 0, 0, 0], [50, 26, 0, 0], [26, 0, 13, 13]], target=100, lowest_wins=True)
    assert result.totals == (102, 26, 13, 13)
    assert result.over and result.over_after == 2
    assert result.winners == (2, 3)


def test_negative_totals_never_reach_a_target():
    result = play([[-500, -1], [-500, -1]], target=1)
    assert not result.over


def test_over_after_names_the_first_round_that_ended_it_even_with_rounds_after():
    # The service refuses such a sheet (an edit that ends the match early) by reading over_after.
    result = play([[5, 0], [5, 0], [5, 0]], target=10)
    assert result.over and result.over_after == 1
    result = play([[10, 0], [-5, 0]], target=10)
    assert result.over and result.over_after == 0


def test_an_open_round_after_the_end_does_not_undo_it():
    result = play([[10, 0], [None, 3]], target=10)
    assert result.over and result.over_after == 0 and result.winners == (0,)


# --- a number of rounds -------------------------------------------------------------------------

def test_the_match_is_over_after_its_number_of_rounds():
    two = play([[1, 2, 3], [1, 2, 3]], rounds=3)
    assert not two.over and two.winners == () and two.leaders == (2,)
    three = play([[1, 2, 3], [1, 2, 3], [1, 2, 3]], rounds=3)
    assert three.over and three.over_after == 2 and three.winners == (2,)


def test_a_one_round_match_is_over_after_its_first_complete_round():
    assert play([[None, 1]], rounds=1).over is False
    result = play([[4, 1]], rounds=1)
    assert result.over and result.over_after == 0 and result.winners == (0,)


def test_after_the_last_round_a_tie_shares_the_win():
    result = play([[3, 5, 1], [4, 2, 6]], rounds=2)
    assert result.totals == (7, 7, 7)
    assert result.winners == (0, 1, 2)


def test_after_the_last_round_the_lowest_wins_when_asked():
    result = play([[3, 5, 1], [4, 2, 1]], rounds=2, lowest_wins=True)
    assert result.winners == (2,)


def test_with_both_the_target_comes_first_when_reached_first():
    result = play([[100, 0], [0, 0], [0, 0]], target=100, rounds=5)
    assert result.over and result.over_after == 0


def test_with_both_the_rounds_come_first_when_the_target_is_not_reached():
    result = play([[10, 20], [10, 20]], target=100, rounds=2)
    assert result.over and result.over_after == 1
    assert result.winners == (1,)


def test_without_target_or_rounds_the_match_never_ends_by_itself():
    result = play([[LIMIT, 0]] * 30)
    assert not result.over and result.winners == () and result.leaders == (0,)


# --- properties ---------------------------------------------------------------------------------

@st.composite
def sheets(draw, min_rounds=0):
    """Players, options and rows of scores (some seats not entered yet), as a table writes them."""
    players = draw(st.integers(1, 12))
    allow_negative = draw(st.booleans())
    low = -LIMIT if allow_negative else 0
    # Mostly small numbers, so targets are met; now and then the extremes.
    cell = st.one_of(st.integers(max(low, -30), 60), st.integers(low, LIMIT),
                     st.sampled_from([low, LIMIT]))
    options = opts(
        players,
        target=draw(st.none() | st.integers(1, 200)),
        rounds=draw(st.none() | st.integers(1, 8)),
        lowest_wins=draw(st.booleans()),
        allow_negative=allow_negative,
    )
    row = st.tuples(st.lists(cell, min_size=players, max_size=players),
                    st.just(frozenset()) | st.frozensets(st.integers(0, players - 1))).map(
        lambda pair: [None if seat in pair[1] else v for seat, v in enumerate(pair[0])])
    rows = draw(st.lists(row, min_size=min_rounds, max_size=10))
    return players, options, rows, row


def replay_rows(players, options, rows):
    rounds = [GAME.parse_round({"scores": row}, players, options) for row in rows]
    return GAME.replay(players, options, rounds)


def complete(rows):
    return [row for row in rows if None not in row]


@given(sheets())
def test_a_total_is_the_sum_of_its_cells(sheet):
    players, options, rows, _ = sheet
    result = replay_rows(players, options, rows)
    assert len(result.rounds) == len(rows)
    for row, round_ in zip(rows, result.rounds, strict=True):
        if None in row:
            assert (round_.status, round_.cells) == ("open", None)
        else:
            assert (round_.status, round_.cells) == ("complete", tuple(row))
    cells = [r.cells for r in result.rounds if r.cells is not None]
    assert result.totals == tuple(sum(c[seat] for c in cells) for seat in range(players))


@given(sheets())
def test_the_match_ends_after_the_first_complete_round_that_meets_a_rule(sheet):
    players, options, rows, _ = sheet
    result = replay_rows(players, options, rows)
    expected, totals, played = None, [0] * players, 0
    for index, row in enumerate(rows):
        if None in row:
            continue
        totals = [t + v for t, v in zip(totals, row, strict=True)]
        played += 1
        reached = options["target"] is not None and max(totals) >= options["target"]
        enough = options["rounds"] is not None and played >= options["rounds"]
        if reached or enough:
            expected = index
            break
    assert result.over_after == expected
    # A round before the end still waiting for a score holds the match open.
    assert result.over is (expected is not None
                           and all(None not in row for row in rows[:expected]))
    if expected is not None:
        assert result.rounds[expected].status == "complete"


@given(sheets(min_rounds=1), st.data())
def test_an_edit_to_a_round_leaves_every_earlier_round_unchanged(sheet, data):
    players, options, rows, row = sheet
    k = data.draw(st.integers(0, len(rows) - 1), label="edited round")
    edited = rows[:k] + [data.draw(row, label="new scores")] + rows[k + 1:]
    before = replay_rows(players, options, rows)
    after = replay_rows(players, options, edited)
    assert after.rounds[:k] == before.rounds[:k]
    assert after.rounds[k + 1:] == before.rounds[k + 1:]
    if before.over_after is not None and before.over_after < k:
        assert after.over_after == before.over_after
    else:
        assert after.over_after is None or after.over_after >= k


@given(sheets(), st.data())
def test_totals_and_the_outcome_do_not_depend_on_open_rounds(sheet, data):
    players, options, rows, _ = sheet
    open_row = data.draw(st.lists(st.none() | st.integers(0, 9), min_size=players,
                                  max_size=players).filter(lambda r: None in r), label="open")
    at = data.draw(st.integers(0, len(rows)), label="inserted at")
    with_open = replay_rows(players, options, rows[:at] + [open_row] + rows[at:])
    only_complete = replay_rows(players, options, complete(rows))
    for result in (with_open, replay_rows(players, options, rows)):
        assert result.totals == only_complete.totals
        assert result.leaders == only_complete.leaders
    # An open round does not score, but one before the end holds the match open.
    if with_open.over_after is not None and at < with_open.over_after:
        assert not with_open.over and with_open.winners == ()


@given(sheets())
def test_winners_are_sides_and_there_are_some_exactly_when_over(sheet):
    players, options, rows, _ = sheet
    result = replay_rows(players, options, rows)
    assert set(result.winners) <= set(range(players))
    assert set(result.leaders) <= set(range(players))
    assert bool(result.winners) is result.over
    if result.over:
        assert result.winners == result.leaders == ranked(result.totals, options["lowest_wins"])
        best = (min if options["lowest_wins"] else max)(result.totals)
        assert {result.totals[w] for w in result.winners} == {best}
    if complete(rows):
        assert result.leaders == ranked(result.totals, options["lowest_wins"])
    else:
        assert result.leaders == ()


@given(sheets())
def test_a_round_reads_back_as_entered(sheet):
    players, options, rows, _ = sheet
    for row in rows:
        assert GAME.round_input(GAME.parse_round({"scores": row}, players, options)) == {
            "scores": row}


@given(st.integers(1, 12), st.data())
def test_without_negatives_any_negative_cell_is_refused_at_its_seat(players, data):
    options = opts(players, allow_negative=False)
    scores = data.draw(st.lists(st.integers(0, LIMIT), min_size=players, max_size=players))
    seat = data.draw(st.integers(0, players - 1))
    scores[seat] = data.draw(st.integers(-LIMIT, -1))
    refused(GAME.parse_round, {"scores": scores}, players, options, field=f"scores[{seat}]")
    refused(GAME.parse_part, {"score": scores[seat]}, seat, options, field="score")
