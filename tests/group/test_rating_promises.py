"""What ratings promise players (SPEC section 8), over random banks: a player who only ever
finishes first alone never drops, tied players level before a match move alike, and the display
rises with mu − 3·sigma."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.services.bank.banking import Bank, Finish, Summary
from app.services.bank.ratings import rate, shown

START = datetime(2026, 11, 1, 19, tzinfo=UTC)
PLAYERS = 6


def summary(number: int, sides: list[list[int]], ranks: list[int]) -> Summary:
    """A banked match with these sides (roster ids) finishing at these ranks."""
    finishes, seat = [], 0
    for side, (team, rank) in enumerate(zip(sides, ranks, strict=True)):
        for pid in team:
            finishes.append(Finish(pid, f"P{pid}", seat, side, 0, rank, rank == 1))
            seat += 1
    at = START + timedelta(minutes=number)
    return Summary(f"m{number:04}", "generic", "A match", at, at, 1, None, None, False, "v",
                   tuple(finishes))


def bank_of(matches: list[Summary]) -> Bank:
    # The bank lists its matches newest first, as load_bank() reads them.
    return Bank("g", "Thursday", 1, tuple((pid, f"P{pid}") for pid in range(PLAYERS)),
                tuple(reversed(matches)), True)


@st.composite
def won_alone(draw) -> list[Summary]:
    """Matches where player 0 (alone, or with one partner) finishes first and no other side
    shares that place; the others finish anywhere behind, ties among them allowed."""
    matches = []
    for number in range(draw(st.integers(1, 25))):
        others = draw(st.permutations(range(1, PLAYERS)))
        partner = draw(st.booleans())
        count = draw(st.integers(1, 3))
        rest = others[1:] if partner else others
        sides = [[0, others[0]] if partner else [0]]
        if partner:
            pairs = [list(rest[i:i + 2]) for i in range(0, 2 * count, 2)]
            sides += [pair for pair in pairs if len(pair) == 2]
        else:
            sides += [[pid] for pid in rest[:count]]
        ranks = [1] + [draw(st.integers(2, len(sides))) for _ in sides[1:]]
        matches.append(summary(number, sides, ranks))
    return matches


@settings(max_examples=40, deadline=None)
@given(won_alone())
def test_a_player_who_only_ever_wins_never_drops(matches):
    steps = rate(bank_of(matches), "generic").history[0]
    assert len(steps) == len(matches)
    assert all(step.change >= 0 for step in steps)
    assert [step.rating for step in steps] == sorted(step.rating for step in steps)


@st.composite
def twins(draw) -> list[Summary]:
    """Players 0 and 1 play every match on sides of their own and always share a place; the
    others sit in any of them."""
    matches = []
    for number in range(draw(st.integers(1, 20))):
        others = draw(st.lists(st.sampled_from(range(2, PLAYERS)), min_size=0, max_size=3,
                               unique=True))
        shared = draw(st.integers(1, len(others) + 1))
        ranks = [shared, shared] + [draw(st.integers(1, len(others) + 2)) for _ in others]
        matches.append(summary(number, [[0], [1]] + [[pid] for pid in others], ranks))
    return matches


@settings(max_examples=40, deadline=None)
@given(twins())
def test_tied_players_level_before_a_match_get_equal_changes(matches):
    made = rate(bank_of(matches), "generic")
    assert [s.change for s in made.history[0]] == [s.change for s in made.history[1]]
    zero, one = made.of(0), made.of(1)
    assert zero is not None and one is not None
    # Equal but for the order of a float sum (openskill adds the other teams in seat order).
    assert (zero.mu, zero.sigma) == pytest.approx((one.mu, one.sigma), abs=1e-9)


@st.composite
def any_bank(draw) -> list[Summary]:
    matches = []
    for number in range(draw(st.integers(1, 25))):
        seated = draw(st.lists(st.sampled_from(range(PLAYERS)), min_size=2, max_size=4,
                               unique=True))
        ranks = [draw(st.integers(1, len(seated))) for _ in seated]
        matches.append(summary(number, [[pid] for pid in seated], ranks))
    return matches


@settings(max_examples=30, deadline=None)
@given(any_bank())
def test_the_order_rises_with_mu_minus_three_sigma_and_the_changes_add_up(matches):
    made = rate(bank_of(matches), "generic")
    ordinals = [p.mu - 3 * p.sigma for p in made.players]
    assert ordinals == sorted(ordinals, reverse=True)
    for rated in made.players:
        steps = made.history[rated.player]
        assert len(steps) == rated.matches
        assert shown(25, 25 / 3) + sum(s.change for s in steps) == rated.rating == steps[-1].rating
    for match in matches:
        assert set(made.changes[match.id]) == {f.player for f in match.players}


def test_a_one_sided_match_is_not_rated():
    made = rate(bank_of([summary(0, [[0]], [1]), summary(1, [[0], [1]], [1, 2])]), "generic")
    assert made.of(0).matches == 1 and "m0000" not in made.changes
