"""How a recorded play is placed (SPEC section 14), the rules alone: ranks, places, winners and
exact decimals for every kind of play; then what holds for any play (hypothesis)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.services.plays.rules import (
    Line,
    Placed,
    Ways,
    cooperative_mixed,
    exact,
    number,
    place,
    text_of,
)

D = Decimal


def placed(lines, **ways):
    return [(p.side, p.rank, p.winner) for p in place(lines, Ways(**ways))]


def test_the_best_score_wins_and_equal_scores_share_a_rank():
    assert placed([Line(D(10)), Line(D("12.5")), Line(D("12.50")), Line(D(3))]) == [
        (0, 3, False), (1, 1, True), (2, 1, True), (3, 4, False)]


def test_lowest_wins_orders_the_other_way():
    assert placed([Line(D(-2)), Line(D(5)), Line(D("-2.0"))], highest_wins=False) == [
        (0, 1, True), (1, 3, False), (2, 1, True)]


def test_players_without_a_score_come_last_and_share():
    assert placed([Line(None), Line(D(1)), Line(None)]) == [
        (0, 2, False), (1, 1, True), (2, 2, False)]


def test_nobody_scored_nobody_won():
    assert placed([Line(), Line()]) == [(0, 1, False), (1, 1, False)]


def test_winners_as_given_come_first_whatever_their_score():
    assert placed([Line(D(1), winner=True), Line(D(99), winner=False), Line(D(50))]) == [
        (0, 1, True), (1, 2, False), (2, 3, False)]


def test_a_game_without_points_the_winners_share_1_the_rest_the_next():
    assert placed([Line(winner=True), Line(), Line(winner=True), Line()], no_points=True) == [
        (0, 1, True), (1, 3, False), (2, 1, True), (3, 3, False)]
    # Without a winner said, no points finds none.
    assert placed([Line(D(5)), Line(D(9))], no_points=True) == [(0, 1, False), (1, 1, False)]


@pytest.mark.parametrize("won", [True, False])
def test_a_cooperative_play_is_one_side_everyone_first(won):
    lines = [Line(D(3), winner=won), Line(D(30), winner=won), Line(winner=won)]
    assert placed(lines, cooperative=True) == [(0, 1, won)] * 3
    assert not cooperative_mixed(lines)
    assert cooperative_mixed([Line(winner=True), Line(winner=False)])
    assert not cooperative_mixed([Line(), Line(winner=False)])  # not said: lost


def test_teams_are_sides_sharing_their_result_in_the_order_first_seen():
    lines = [Line(D(3), team="B"), Line(D(8), team="A", winner=True), Line(D(3), team="B"),
             Line(D(8), team="A"), Line(D(1))]
    assert placed(lines, uses_teams=True) == [
        (0, 3, False), (1, 1, True), (0, 3, False), (1, 1, True), (2, 5, False)]
    # A game without teams: each line its own side, teams ignored.
    assert [p[0] for p in placed(lines)] == [0, 1, 2, 3, 4]


def test_a_team_found_from_scores_wins_by_its_best():
    lines = [Line(D(10), team="A"), Line(D(2), team="A"), Line(D(9), team="B")]
    assert placed(lines, uses_teams=True) == [(0, 1, True), (0, 1, True), (1, 3, False)]


def test_one_player_alone():
    assert placed([Line(D(7))]) == [(0, 1, True)]
    assert place([Line()], Ways()) == (Placed(0, 1, False),)


@pytest.mark.parametrize(("typed", "kept", "json"), [
    ("12.5", "12.5", 12.5), ("12.50", "12.5", 12.5), ("-3", "-3", -3), ("1E+2", "100", 100),
    ("-0", "0", 0), ("0.1", "0.1", 0.1), ("999999999999.5", "999999999999.5", 999999999999.5),
])
def test_a_score_is_kept_exactly_and_said_exactly(typed, kept, json):
    score = D(typed)
    assert exact(score) and text_of(score) == kept and number(score) == json
    assert D(repr(number(score))) == score or D(str(number(score))) == score


@pytest.mark.parametrize("typed", ["1e12", "-1000000000000", "0.1234567890123456", "NaN",
                                   "Infinity"])
def test_a_score_past_what_is_kept_exactly_is_not(typed):
    assert not exact(D(typed))


LINES = st.lists(st.builds(
    Line, st.one_of(st.none(), st.decimals(-1000, 1000, places=2, allow_nan=False)),
    st.one_of(st.none(), st.booleans()), st.one_of(st.none(), st.sampled_from("ABC"))),
    min_size=1, max_size=8)
WAYS = st.builds(Ways, st.booleans(), st.booleans(), st.booleans(), st.booleans())


@given(LINES, WAYS)
def test_any_play_placed(lines, ways):
    spots = place(lines, ways)
    assert len(spots) == len(lines)
    # A rank is 1 plus the players on sides strictly ahead: partners share theirs.
    for spot in spots:
        ahead = sum(1 for other in spots if other.rank < spot.rank)
        assert spot.rank == ahead + 1
    by_side: dict[int, set[tuple[int, bool]]] = {}
    for spot in spots:
        by_side.setdefault(spot.side, set()).add((spot.rank, spot.winner))
    assert all(len(shared) == 1 for shared in by_side.values())
    if ways.cooperative:
        assert {spot.rank for spot in spots} == {1} and {spot.side for spot in spots} == {0}
    else:
        # Every winner is first; nobody who lost is placed above a winner.
        assert all(spot.rank == 1 for spot in spots if spot.winner)
    said = any(line.winner is not None for line in lines)
    if not ways.cooperative and not said and not ways.no_points:
        scores = [line.score for line in lines if line.score is not None]
        if scores:
            best = max(scores) if ways.highest_wins else min(scores)
            for line, spot in zip(lines, spots, strict=True):
                if not ways.uses_teams or line.team is None:
                    assert spot.winner == (line.score == best)
