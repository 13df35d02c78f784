"""A round added at the end is carried on from the replay before it (Game.extend), never replayed
from the first: whatever the rounds, carrying the replay on round by round gives exactly the
replay from scratch, every round's working, totals, carry and ending included."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.games import GAMES, InvalidInput, custom
from app.games.bandido import engine as bandido
from app.games.base import RoundInput
from app.games.blue_banana import engine as blue_banana

CARRIED = sorted(name for name, game in GAMES.items() if game.extend is not None)


def test_the_games_that_fold_over_their_rounds_say_so():
    # Every game's replay is a fold: the free sheet and Banakil carry their totals (and the
    # carry) on, Blue Banana its totals, chips and the last snatcher, Bandido the victory
    # points held and the symbols face up (its characters are the same secrets all along), a
    # sheet for any game its totals and row totals. (A test's own toy game may replay whole.)
    assert {"generic", "banakil", "blue_banana", "bandido", "custom"} <= set(CARRIED)


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


@st.composite
def blue_banana_sheets(draw):
    players = draw(st.integers(2, 5))
    options = GAMES["blue_banana"].parse_options({
        "mode": draw(st.sampled_from(["normal", "inverted", "alternating"])),
        "rounds": draw(st.integers(1, 5))}, players)
    line = st.none() | st.fixed_dictionaries({
        "correct": st.integers(0, 6), "incorrect": st.integers(0, 3),
        "banana": st.sampled_from([None, None, "correct", "early"])})
    motif = st.sampled_from(sorted(blue_banana.OWN_COLOR))
    entered = []
    for _ in range(draw(st.integers(0, 10))):
        body = {"players": draw(st.lists(line, min_size=players, max_size=players))}
        if draw(st.booleans()):
            body["task"] = [{"motif": m, "color": draw(st.sampled_from(
                [c for c in blue_banana.COLORS if c != blue_banana.OWN_COLOR[m]]))}
                for m in draw(st.lists(motif, min_size=2, max_size=2))]
        try:
            entered.append(GAMES["blue_banana"].parse_round(body, players, options))
        except InvalidInput:
            continue  # two bananas, say: the service never stores one
    return players, options, entered


@st.composite
def bandido_sheets(draw):
    players = draw(st.integers(2, 5))
    options = GAMES["bandido"].parse_options(
        {"first_seat": draw(st.integers(0, players - 1))}, players)
    symbols = st.lists(st.sampled_from(bandido.SYMBOLS), max_size=4)
    part = st.none() | st.fixed_dictionaries({"vp": st.integers(0, 5), "symbols": symbols})
    entered = []
    for _ in range(draw(st.integers(0, 10))):
        body = {"players": draw(st.lists(part, min_size=players, max_size=players))}
        try:
            entered.append(GAMES["bandido"].parse_round(body, players, options))
        except InvalidInput:
            continue
    return players, options, entered


@st.composite
def custom_sheets(draw):
    # A gallery design scored round by round, its lines some typed, some half, some not.
    design = dict(custom.gallery())[draw(st.sampled_from(["wizard", "hearts", "skyjo"]))]
    game = GAMES["custom"]
    least, most = design["players"]
    players = draw(st.integers(least, min(most, 5)))
    options = game.parse_options({"design": design, "target": draw(st.none() | st.integers(1, 90))},
                                 players)
    typed = {"number": st.integers(0, 13), "count": st.integers(0, 13), "check": st.booleans()}
    entered = []
    for _ in range(draw(st.integers(0, 8))):
        lines = [None if draw(st.integers(0, 6)) == 0 else
                 {row["key"]: draw(typed[row["kind"]]) for row in design["rows"]
                  if row["kind"] in typed and draw(st.integers(0, 9))} for _ in range(players)]
        try:
            entered.append(game.parse_round({"players": lines}, players, options))
        except InvalidInput:
            continue
    return players, options, entered


def no_secrets(draw, players):
    return [None] * players


def characters(draw, players):
    # Some seats' characters typed in, some not: a symbol win reads them in every round.
    character = st.lists(st.sampled_from(bandido.SYMBOLS), min_size=3, max_size=3)
    return draw(st.lists(st.none() | character, min_size=players, max_size=players))


SHEETS = {"generic": free_sheets(), "banakil": banakil_sheets(),
          "blue_banana": blue_banana_sheets(), "bandido": bandido_sheets(),
          "custom": custom_sheets()}
SECRETS = {"bandido": characters}


@pytest.mark.parametrize("name", CARRIED)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_carrying_the_replay_on_round_by_round_is_the_replay_from_scratch(name, data):
    game = GAMES[name]
    players, options, rounds = data.draw(SHEETS[name])
    secrets = SECRETS.get(name, no_secrets)(data.draw, players)
    carried = game.replay(players, options, [], secrets)
    for count in range(1, len(rounds) + 1):
        carried = game.replay_after(players, options, carried, rounds[:count], secrets)
        assert carried == game.replay(players, options, rounds[:count], secrets)


def test_a_replay_not_one_round_behind_is_replayed_whole():
    game = GAMES["generic"]
    options = game.parse_options({}, 2)
    rounds = [game.parse_round({"scores": [n, 1]}, 2, options) for n in range(3)]
    stale = game.replay(2, options, rounds[:1], [None] * 2)
    assert game.replay_after(2, options, stale, rounds, [None] * 2) == game.replay(
        2, options, rounds, [None] * 2)
    before = game.replay(2, options, [], [None] * 2)
    assert game.replay_after(2, options, before, [], [None] * 2) == before
