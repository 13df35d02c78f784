"""SPEC section 7's seating, as properties: every player present seated exactly once, at tables
the game allows that differ by at most one; the search never does worse than its greedy start;
and sixteen players at four Banakil tables meet nobody twice in three seatings. Section 11's
seating by standings: the same, the leaders at the first table wherever that keeps pairs apart,
and a player moved only to part a pair that met."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from app.services.night.seating import (
    by_standings,
    dealt,
    greedy,
    lower_bound,
    partnered,
    penalty,
    repeats,
    seat,
    split,
    together,
)

BANAKIL = {4: [[0, 2], [1, 3]]}  # partners sit across
RANGES = {"banakil": (2, 4), "bandido": (2, 5), "blue_banana": (2, 10), "generic": (1, 12)}


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 60), st.sampled_from(sorted(RANGES)), st.data())
def test_sizes_are_allowed_and_within_one_or_there_is_no_split(players, game, data):
    least, most = RANGES[game]
    allowed = range(least, most + 1)
    table_size = data.draw(st.none() | st.integers(least, most))
    sizes = split(players, allowed, table_size)
    possible = [k for k in range(1, players + 1)
                if all(s in allowed for s in {players // k, -(-players // k)})]
    if sizes is None:
        assert not possible
        return
    assert sum(sizes) == players and max(sizes) - min(sizes) <= 1
    assert all(size in allowed for size in sizes)
    if table_size is not None and players % table_size == 0:
        assert sizes == [table_size] * (players // table_size)
    if table_size is None:
        dividing = [s for s in allowed if players % s == 0]
        assert sizes == [max(dividing)] * (players // max(dividing)) if dividing else (
            len(sizes) == min(possible))


def test_the_spec_examples_split_as_written():
    assert split(16, range(2, 5)) == [4, 4, 4, 4]
    assert split(5, range(2, 5)) == [3, 2]
    assert split(1, range(2, 5)) is None


@st.composite
def nights(draw):
    """Players (some arriving, some leaving), earlier seatings of them, and a seed."""
    least, most = draw(st.sampled_from([(2, 4), (2, 5), (2, 10)]))
    people = list(range(draw(st.integers(least, 22))))
    history = []
    for _ in range(draw(st.integers(0, 4))):
        here = draw(st.lists(st.sampled_from(people), min_size=least, unique=True))
        sizes = split(len(here), range(least, most + 1))
        if sizes:
            history.append(seat(here, sizes, history, seed=draw(st.integers(0, 99)), budget=50))
    here = draw(st.lists(st.sampled_from(people), min_size=least, unique=True))
    return here, split(len(here), range(least, most + 1)), history, draw(st.integers(0, 2**16))


@settings(max_examples=60, deadline=None)
@given(nights(), st.booleans())
def test_everyone_present_sits_once_and_the_search_beats_its_greedy_start(night, partners):
    here, sizes, history, seed = night
    partnerships = BANAKIL if partners else {}
    tables = seat(here, sizes, history, partnerships, seed=seed, budget=600)
    assert sorted(p for table in tables for p in table) == sorted(here)
    assert sorted(len(t) for t in tables) == sorted(sizes)
    start = greedy(here, sizes, history, partnerships, seed=seed)
    assert penalty(tables, history, partnerships) <= penalty(start, history, partnerships)
    # Without partnerships, and while no pair has met twice yet, the penalty is the pairs met
    # again, nothing else (a pair that met twice weighs 2 where it adds 1 repeat).
    if not partners and max(together(history).values(), default=0) <= 1:
        assert repeats([*history, tables]) <= repeats([*history, start])


def test_sixteen_at_four_banakil_tables_meet_nobody_twice_in_three_seatings():
    for night in range(5):
        history = []
        for number in range(3):
            history.append(seat(list(range(16)), [4] * 4, history, BANAKIL,
                                seed=night * 10 + number))
        assert repeats(history) == 0, history
        assert max(partnered(history, BANAKIL).values()) == 1
        assert len(together(history)) == 3 * 4 * 6


def test_partners_are_not_made_twice_where_a_table_allows_it():
    first = [[0, 1, 2, 3], [4, 5, 6, 7]]
    tables = seat(list(range(8)), [4, 4], [first, [[0, 4, 1, 5], [2, 6, 3, 7]]], BANAKIL, seed=1)
    made = partnered([first, tables], BANAKIL)
    assert max(made.values()) == 1, tables


def test_the_lower_bound_counts_pairs_that_cannot_all_be_new():
    assert lower_bound(16, [4] * 4, 5) == 0  # an affine plane of order 4 exists
    assert lower_bound(16, [4] * 4, 6) == 144 - 120  # 6 · 24 pairs seated, 120 pairs in all
    assert lower_bound(8, [4, 4], 3) == max(3 * 12 - 28, 8 * (3 * 3 - 7) // 2, 2 * 4)
    assert lower_bound(12, [4] * 3, 3) == 2 * 3  # a table of 4 from 3 tables: a pair again
    assert all(lower_bound(12, [4] * 3, r) <= repeats(
        [[list(range(i, i + 4)) for i in (0, 4, 8)]] * r) for r in range(1, 5))


def test_looking_one_seating_ahead_finds_sixteen_five_seatings_without_a_repeat():
    # Three seatings without repeats are not all the start of five (the fourth may be forced
    # into repeats); weighing the next seating while choosing finds the five that exist.
    history = []
    for number in range(5):
        history.append(seat(list(range(16)), [4] * 4, history, BANAKIL, seed=number))
    assert repeats(history) == 0


# Seating by standings (SPEC section 11) -------------------------------------------------------


@st.composite
def standings_nights(draw):
    """Players in a known standings order (no equals), earlier seatings, and the sizes."""
    least, most = draw(st.sampled_from([(2, 4), (2, 5), (3, 8)]))
    here = list(range(draw(st.integers(least, 30))))
    sizes = split(len(here), range(least, most + 1))
    history = []
    for _ in range(draw(st.integers(0, 4))):
        came = draw(st.lists(st.sampled_from(here), min_size=least, unique=True))
        came_sizes = split(len(came), range(least, most + 1))
        if came_sizes:
            history.append(seat(came, came_sizes, history, seed=draw(st.integers(0, 99)),
                                budget=0))
    order = draw(st.permutations(here))
    return here, sizes, history, {player: place + 1 for place, player in enumerate(order)}


def meetings(tables, history):
    met = together(history)
    return sum(met[frozenset(pair)] for table in tables for pair in combinations(table, 2))


@settings(max_examples=120, deadline=None)
@given(standings_nights(), st.booleans(), st.integers(0, 2**16))
def test_by_standings_seats_everyone_once_and_keeps_the_leaders_together_where_it_can(
        night, partners, seed):
    here, sizes, history, ranks = night
    if sizes is None:
        return
    partnerships = BANAKIL if partners else {}
    tables = by_standings(here, sizes, history, ranks, partnerships, seed)
    assert sorted(p for table in tables for p in table) == sorted(here)
    assert [len(table) for table in tables] == sizes  # the largest (strongest) first
    assert max(sizes) - min(sizes) <= 1
    order = sorted(here, key=ranks.get)
    deal = [{order[i] for i in table} for table in dealt(len(order), sizes)]
    # A swap only ever parts a pair that met, and makes no meeting of its own.
    assert meetings(tables, history) <= meetings(deal, history)
    if meetings(deal, history) == 0:  # nothing to part: nobody moves
        assert [set(table) for table in tables] == deal
    elif meetings(deal[:1], history) == 0 and len(sizes) > 1 and meetings(
            deal[1:2], history) == 0:
        # The leaders met nobody, nor did the next table (which alone could swap up into
        # the first): the first table is the leaders.
        assert set(tables[0]) == deal[0]


def test_a_pair_that_met_is_parted_by_the_closest_player_of_the_next_table_down():
    history = [[[0, 1]]]  # 0 and 1 met at a table of two
    ranks = {player: player + 1 for player in range(8)}
    tables = by_standings(list(range(8)), [4, 4], history, ranks, seed=3)
    assert [sorted(t) for t in tables] == [[0, 2, 3, 4], [1, 5, 6, 7]]


def test_the_last_table_swaps_up_and_where_no_swap_parts_a_pair_they_meet_again():
    ranks = {player: player + 1 for player in range(8)}
    up = by_standings(list(range(8)), [4, 4], [[[6, 7]]], ranks, seed=3)
    assert [sorted(t) for t in up] == [[0, 1, 2, 7], [3, 4, 5, 6]]
    # Two tables of four after one: every swap brings a table-mate along (the pigeonhole).
    first = [[0, 2, 4, 6], [1, 3, 5, 7]]
    again = by_standings(list(range(8)), [4, 4], [first], ranks, seed=3)
    assert [sorted(t) for t in again] == [[0, 1, 2, 3], [4, 5, 6, 7]]


def test_equals_in_the_standings_are_dealt_in_random_order():
    ranks = dict.fromkeys(range(16), 1)
    tops = {frozenset(by_standings(list(range(16)), [4] * 4, [], ranks, seed=s)[0])
            for s in range(10)}
    assert len(tops) > 1
