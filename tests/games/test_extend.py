"""A round added at the end is carried on from the replay before it (Game.extend), never replayed
from the first: whatever the rounds, carrying the replay on round by round gives exactly the
replay from scratch, every round's working, totals, carry and ending included."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.games import GAMES, InvalidInput
from app.games.base import RoundInput

CARRIED = sorted(name for name, game in GAMES.items() if game.extend is not None)


def test_the_games_that_fold_over_their_rounds_say_so():
    # Bandido's and Blue Banana's replays read the whole match (cards collected, characters):
    # they replay; the free sheet and Banakil carry their totals (and the carry) on.
    assert {"generic", "banakil"} <= set(CARRIED)


@st.composite
def free_sheets(draw):
    players = draw(st.integers(1, 5))
    options = GAMES["generic"].parse_options({
        "target": draw(st.none() | st.integers(1, 60)),
        "rounds": draw(st.none() | st.integers(1, 6)),
        "lowest_wins": draw(st.booleans())}, players)
    score = st.none() | st.integers(-30, 40)
    rounds = draw(st.lists(st.lists(score, min_size=players, max_size=players), max_size=12))
    entered = [RoundInput({}, tuple(None if s is None else {"score": s} for s in row))
               for row in rounds]
    return players, options, entered


@st.composite
def banakil_sheets(draw):
    players = draw(st.integers(2, 4))
    options = GAMES["banakil"].parse_options({
        "target": draw(st.none() | st.integers(1, 120)),
        "first_dealer": draw(st.integers(0, players - 1))}, players)
    entered = []
    for _ in range(draw(st.integers(0, 12))):
        if draw(st.booleans()) and draw(st.booleans()):
            body = {"dead": True}
        else:
            goer = draw(st.integers(0, players - 1))
            hands = [None if draw(st.integers(0, 5)) == 0
                     else {"score": draw(st.integers(-60, 120)), "went_out": seat == goer}
                     for seat in range(players)]
            body = {"dead": False, "hands": hands}
        try:
            entered.append(GAMES["banakil"].parse_round(body, players, options))
        except InvalidInput:
            continue  # a hand the rules refuse: the service never stores one
    return players, options, entered


SHEETS = {"generic": free_sheets(), "banakil": banakil_sheets()}


@pytest.mark.parametrize("name", CARRIED)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_carrying_the_replay_on_round_by_round_is_the_replay_from_scratch(name, data):
    game = GAMES[name]
    players, options, rounds = data.draw(SHEETS[name])
    carried = game.replay(players, options, [], [None] * players)
    for count in range(1, len(rounds) + 1):
        carried = game.replay_after(players, options, carried, rounds[:count], [None] * players)
        assert carried == game.replay(players, options, rounds[:count], [None] * players)


def test_a_game_without_extend_replays_whatever_it_is_given():
    game = GAMES["bandido"]
    assert game.extend is None
    before = game.replay(3, game.parse_options({}, 3), [], [None] * 3)
    assert game.replay_after(3, game.parse_options({}, 3), before, [], [None] * 3) == before
