"""Banana Bandido, rule by rule: victory points, the character's symbols, turn order from
first_seat, open rounds, rounds after the win, and what a table cannot have typed.

Sources: rules/banana-bandido.txt ("the rulebook") and SPEC §1 "Banana Bandido" (the SPEC wins
where they differ)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.games import GAMES
from app.games.bandido.engine import GAME, symbols_matched
from app.games.reading import InvalidInput

STONE, WATER, COCONUT = "stone", "water", "coconut"
ALL_THREE = [STONE, WATER, COCONUT]


def opts(players=3, **given_options):
    return GAME.parse_options(given_options, players)


def at(vp=0, *symbols):
    """A seat's state after its turn: victory points held and its face-up symbols."""
    return {"vp": vp, "symbols": list(symbols)}


def play(rounds, characters=(), first_seat=0, players=None):
    """Replays a sheet written as rounds of seat states (None: not typed yet)."""
    players = players or len(rounds[0])
    options = opts(players, first_seat=first_seat)
    entered = [GAME.parse_round({"players": list(r)}, players, options) for r in rounds]
    secrets = list(characters) + [None] * (players - len(characters))
    return GAME.replay(players, options, entered, secrets)


def refused(body, players=3, **given_options):
    """The InvalidInput a round body is refused with."""
    with pytest.raises(InvalidInput) as caught:
        GAME.parse_round(body, players, opts(players, **given_options))
    return caught.value


# Registration -----------------------------------------------------------------------------


def test_bandido_is_registered_with_secrets_and_its_one_option():
    assert GAMES["bandido"] is GAME
    assert GAME.secrets is True and GAME.parse_character is not None
    assert (GAME.min_players, GAME.max_players) == (2, 5)  # rulebook: "Players: 2–5"
    assert opts(3) == {"first_seat": 0}  # SPEC options: first_seat (0)


# The two victories ----------------------------------------------------------------------


def test_five_victory_points_win():
    result = play([[at(4), at(2), at(0)], [at(5), at(2), at(1)]])

    assert result.over and result.over_after == 1
    assert result.winners == (0,)
    assert result.detail.win_reason == "victory_points"


def test_four_victory_points_do_not_win():
    result = play([[at(4), at(4), at(4)]])

    assert not result.over and result.over_after is None
    assert result.winners == () and result.detail.win_reason is None


def test_more_than_five_victory_points_still_win():
    # A seat may come to its turn holding 4 and leave with 6 (two effects in one turn).
    result = play([[at(0), at(6), at(0)]])

    assert result.winners == (1,) and result.detail.win_reason == "victory_points"


def test_the_characters_three_symbols_face_up_win():
    result = play([[at(0, WATER), at(1, COCONUT, STONE, WATER), at(0)]],
                  characters=[[STONE, STONE, STONE], [WATER, STONE, COCONUT], [WATER] * 3])

    assert result.over and result.winners == (1,)
    assert result.detail.win_reason == "symbols"


def test_two_of_three_symbols_do_not_win():
    result = play([[at(0, STONE, WATER), at(0), at(0)]], characters=[ALL_THREE] * 3)

    assert not result.over and result.winners == ()


def test_four_face_up_symbols_holding_the_three_win():
    # Rulebook, End of the Game: "It is possible that four symbols are lying face up."
    result = play([[at(0, COCONUT, STONE, COCONUT, WATER), at(0), at(0)]],
                  characters=[ALL_THREE, [WATER] * 3, [STONE] * 3])

    assert result.winners == (0,) and result.detail.win_reason == "symbols"


def test_four_face_up_symbols_missing_one_of_the_three_do_not_win():
    result = play([[at(0, STONE, STONE, WATER, WATER), at(0), at(0)]],
                  characters=[ALL_THREE, [WATER] * 3, [STONE] * 3])

    assert not result.over


@pytest.mark.parametrize("face_up, wins", [
    ([STONE, WATER, COCONUT], False),  # one stone where the card wants two
    ([STONE, WATER, WATER], False),
    ([STONE, STONE, COCONUT, COCONUT], False),
    ([STONE, STONE, WATER], True),
    ([WATER, STONE, STONE], True),
    ([STONE, COCONUT, STONE, WATER], True),
    ([STONE, STONE, STONE, WATER], True),
])
def test_a_repeated_symbol_needs_as_many_face_up(face_up, wins):
    two_stones = [STONE, WATER, STONE]
    result = play([[at(0, *face_up), at(0)]], characters=[two_stones, [COCONUT] * 3])

    assert result.over is wins
    assert result.winners == ((0,) if wins else ())


def test_three_of_a_kind_needs_three_face_up():
    result = play([[at(0, COCONUT, COCONUT, STONE, WATER), at(0)],
                   [at(0, COCONUT, COCONUT, COCONUT), at(0)]],
                  characters=[[COCONUT] * 3, [STONE] * 3])

    assert result.over_after == 1 and result.winners == (0,)


def test_symbols_matched_counts_the_character_as_a_multiset():
    assert symbols_matched([STONE, STONE, WATER], [STONE, WATER, COCONUT]) == 2
    assert symbols_matched([STONE, STONE, WATER], [STONE, STONE, STONE, STONE]) == 2
    assert symbols_matched([COCONUT] * 3, [COCONUT, COCONUT]) == 2
    assert symbols_matched(ALL_THREE, [WATER, COCONUT, STONE]) == 3
    assert symbols_matched(None, [STONE, WATER, COCONUT]) == 0
    assert symbols_matched(ALL_THREE, []) == 0


def test_a_seat_meeting_both_wins_by_victory_points():
    result = play([[at(0), at(5, STONE, WATER, COCONUT)]], characters=[[STONE] * 3, ALL_THREE])

    assert result.winners == (1,)
    assert result.detail.win_reason == "victory_points"


def test_once_over_the_winner_alone_leads_whoever_holds_most_victory_points():
    # Ben wins by symbols holding no victory point; Ana, before him in turn order, holds four.
    result = play([[at(4), at(0, WATER, WATER, WATER), at(1)]],
                  characters=[None, [WATER] * 3, None])

    assert result.winners == (1,) and result.leaders == (1,)
    assert result.totals == (4, 0, 0)  # Cy, after Ben, never took his turn


def test_while_active_the_most_victory_points_lead():
    result = play([[at(1), at(3), at(3)]])

    assert result.leaders == (1, 2)


# Turn order -------------------------------------------------------------------------------


def _turn_order(players, first):
    return [(first + step) % players for step in range(players)]


CASES = [(players, first, a, b) for players in range(2, 6) for first in range(players)
         for a, b in itertools.permutations(range(players), 2)]


@pytest.mark.parametrize("players, first, vp_seat, symbol_seat", CASES)
def test_two_seats_meeting_a_condition_in_one_round_the_first_in_turn_order_wins(
        players, first, vp_seat, symbol_seat):
    characters = [[STONE] * 3] * players
    line = [at(1, WATER) for _ in range(players)]
    line[vp_seat] = at(5)
    line[symbol_seat] = at(2, STONE, STONE, STONE)

    result = play([line], characters, first_seat=first)

    order = _turn_order(players, first)
    expected = min(vp_seat, symbol_seat, key=order.index)
    assert result.over and result.winners == (expected,)
    assert result.detail.win_reason == ("victory_points" if expected == vp_seat else "symbols")
    assert result.rounds[0].detail.first == first


@pytest.mark.parametrize("first", range(4))
def test_every_seat_meeting_a_condition_the_first_seat_wins(first):
    result = play([[at(5)] * 4], first_seat=first)

    assert result.winners == (first,)


def test_an_earlier_round_beats_a_seat_earlier_in_turn_order():
    # Round 1: only Cy (seat 2, last in turn) meets a condition; round 2 Ana (seat 0) would too.
    result = play([[at(0), at(0), at(5)], [at(5), at(0), at(5)]])

    assert result.over_after == 0 and result.winners == (2,)


def test_a_seat_after_the_winner_in_turn_order_is_ignored():
    # first_seat 2: order 2, 0, 1. Seat 0 holds five VP, seat 1 its symbols: seat 0 wins.
    result = play([[at(5), at(0, WATER, WATER, WATER), at(1)]],
                  characters=[[STONE] * 3, [WATER] * 3, [STONE] * 3], first_seat=2)

    assert result.winners == (0,) and result.detail.win_reason == "victory_points"


# The game ends at the winner's turn ------------------------------------------------------


def test_the_match_ends_at_the_winners_turn_without_the_later_seats_parts():
    # SPEC: "the game ends at the winner's turn": Ben's turn puts five in his hand; Cy, after
    # him in turn order, never plays round 2, and nobody waits for a turn he never took.
    result = play([[at(1), at(2), at(1)], [at(2), at(5), None]])

    assert result.rounds[1].status == "complete"
    assert result.over and result.over_after == 1 and result.winners == (1,)
    assert result.rounds[1].cells == (2, 5, 1)  # Cy holds what he held after round 1
    assert result.totals == (2, 5, 1)


def test_a_symbol_win_ends_the_match_at_that_turn_too():
    result = play([[at(0), at(0, STONE, WATER, COCONUT), None]],
                  characters=[[STONE] * 3, ALL_THREE, [WATER] * 3])

    assert result.over and result.winners == (1,) and result.detail.win_reason == "symbols"
    assert result.detail.face_up == ((), (STONE, WATER, COCONUT), ())


def test_a_part_typed_for_a_seat_after_the_winner_is_kept_and_ignored():
    result = play([[at(1), at(1), at(1)], [at(0), at(5, COCONUT), at(4, WATER)]],
                  characters=[None, None, [WATER] * 3])

    assert result.winners == (1,)
    assert result.rounds[1].cells == (0, 5, 1)  # Cy's typed 4 is not what he holds
    assert result.detail.face_up == ((), (COCONUT,), ())
    assert result.rounds[1].detail.symbols == ((), (COCONUT,), (WATER,))  # kept as typed


def test_the_winners_turn_counts_in_turn_order_not_seat_order():
    # first_seat 2: Cy plays first, then Ana, then Ben. Ana wins on her turn; Ben never plays.
    result = play([[at(5), None, at(1)]], first_seat=2)

    assert result.over and result.winners == (0,)
    assert result.rounds[0].cells == (5, 0, 1)


def test_a_seat_before_the_winner_in_turn_order_not_typed_holds_the_round_open():
    result = play([[None, at(5), at(0)]])

    assert result.rounds[0].status == "open" and not result.over and result.winners == ()


# Characters missing -----------------------------------------------------------------------


def test_no_symbol_win_without_a_character():
    # Ben's face-up symbols would match any character made of them; he has not entered one.
    result = play([[at(0), at(0, STONE, STONE, STONE, WATER), at(0)]],
                  characters=[[COCONUT] * 3, None, [WATER] * 3])

    assert not result.over and result.winners == ()
    assert result.detail.missing_characters == (1,)


def test_missing_characters_lists_every_seat_without_one_in_seat_order():
    assert play([[at(0), at(0), at(0)]]).detail.missing_characters == (0, 1, 2)
    assert play([[at(0), at(0), at(0)]],
                characters=[None, ALL_THREE, None]).detail.missing_characters == (0, 2)
    assert play([[at(0)] * 3], characters=[ALL_THREE] * 3).detail.missing_characters == ()


def test_without_characters_victory_points_still_win():
    result = play([[at(0, STONE, STONE, STONE), at(5)]])

    assert result.winners == (1,) and result.detail.win_reason == "victory_points"


def test_characters_decide_the_same_rounds_differently():
    rounds = [[at(0, STONE, WATER, COCONUT), at(0, COCONUT, COCONUT, COCONUT)]]

    assert play(rounds, characters=[ALL_THREE, [COCONUT] * 3]).winners == (0,)
    assert play(rounds, characters=[[STONE] * 3, [COCONUT] * 3]).winners == (1,)
    assert play(rounds, characters=[[STONE] * 3, [WATER] * 3]).winners == ()


# Open rounds ------------------------------------------------------------------------------


def test_an_open_round_does_not_decide_even_when_a_typed_seat_meets_a_condition():
    # Cy (last in turn order) holds five, but Ben's turn before his is not in yet.
    result = play([[at(2), at(1), at(0)], [at(0), None, at(5)]])

    assert result.rounds[1].status == "open" and result.rounds[1].cells is None
    assert not result.over and result.over_after is None and result.winners == ()
    assert result.detail.win_reason is None
    assert result.totals == (2, 1, 0)  # still what the last complete round left


def test_an_open_round_holds_the_match_open_though_a_later_round_is_won():
    result = play([[at(1), None, at(0)], [at(5), at(1), at(0)]])

    assert [r.status for r in result.rounds] == ["open", "complete"]
    assert not result.over and result.winners == ()
    assert result.detail.win_reason is None


def test_an_open_round_completed_then_ends_the_match_at_the_later_round():
    result = play([[at(1), at(0), at(0)], [at(5), at(1), at(0)]])

    assert result.over and result.over_after == 1 and result.winners == (0,)


def test_an_open_round_reports_each_seats_symbols_where_typed():
    result = play([[at(0, STONE), None, at(0)]])

    assert result.rounds[0].detail.symbols == ((STONE,), None, ())


# Rounds after the win ---------------------------------------------------------------------


def test_over_after_names_the_round_that_ended_it_with_rounds_after_it():
    result = play([[at(1), at(1)], [at(1), at(5)], [at(5), at(0)], [at(0), at(0)]])

    assert result.over_after == 1
    assert result.winners == (1,) and result.detail.win_reason == "victory_points"


def test_over_after_is_the_first_win_even_when_later_rounds_are_open():
    result = play([[at(5), at(1)], [at(1), None]])

    assert result.over_after == 0 and result.over and result.winners == (0,)


# Cells: victory points held ---------------------------------------------------------------


def test_cells_are_the_victory_points_held_after_the_round_not_a_sum():
    # Victory points can be lost (a Sheriff destroys one): cells are what is held, not gained.
    result = play([[at(2), at(1), at(0)], [at(1), at(3), at(0)], [at(4), at(3), at(2)]])

    assert [r.cells for r in result.rounds] == [(2, 1, 0), (1, 3, 0), (4, 3, 2)]
    assert result.totals == (4, 3, 2)
    assert result.detail.face_up == ((), (), ())


def test_face_up_is_what_the_last_complete_round_shows():
    result = play([[at(0, STONE), at(0, WATER)], [at(0, COCONUT), None]])

    assert result.detail.face_up == ((STONE,), (WATER,))
    assert result.rounds[0].detail.symbols == ((STONE,), (WATER,))


def test_no_rounds_no_winner():
    result = GAME.replay(3, opts(3), [], [ALL_THREE] * 3)

    assert result.rounds == () and result.totals == (0, 0, 0)
    assert not result.over and result.winners == () and result.leaders == ()


# What a table cannot have typed -----------------------------------------------------------


@pytest.mark.parametrize("vp", [-1, 2.5, True, False, "3", None, [], float("nan"), 21])
def test_victory_points_must_be_a_whole_number_from_0_to_20(vp):
    error = refused({"players": [{"vp": vp, "symbols": []}, at(0), at(0)]})

    assert error.path == "players[0].vp"


def test_victory_points_given_as_a_whole_float_are_taken():
    entered = GAME.parse_round({"players": [{"vp": 3.0, "symbols": []}, at(0)]}, 2, opts(2))

    assert entered.parts[0] == {"vp": 3, "symbols": []}
    assert type(entered.parts[0]["vp"]) is int


def test_more_than_twenty_victory_points_in_play_are_refused():
    error = refused({"players": [at(15), at(4), at(2)]})  # 21: the box holds 20

    assert error.path == "players" and "21" in error.message


def test_exactly_twenty_victory_points_in_play_are_taken():
    entered = GAME.parse_round({"players": [at(4)] * 5}, 5, opts(5))

    assert [p["vp"] for p in entered.parts] == [4] * 5


def test_victory_points_of_an_open_round_count_toward_the_twenty():
    error = refused({"players": [at(12), None, at(9)]})

    assert error.path == "players"


def test_more_than_four_face_up_symbols_are_refused():
    error = refused({"players": [at(0), at(0, STONE, STONE, WATER, WATER, COCONUT), at(0)]})

    assert error.path == "players[1].symbols"


@pytest.mark.parametrize("symbols", [["banana"], [STONE, "Stone"], ["stones"], [""], [None],
                                     [1], [[STONE]], "stone", {"stone": 1}, None])
def test_unknown_symbols_are_refused(symbols):
    error = refused({"players": [at(0), {"vp": 0, "symbols": symbols}, at(0)]})

    assert error.path == "players[1].symbols"


@pytest.mark.parametrize("body", [
    {"players": [at(0), at(0)]},  # two lines for three seats
    {"players": [at(0)] * 4},
    {"players": "all"},
    {},
    {"players": [at(0)] * 3, "task": []},
    {"players": [{"vp": 0, "symbols": [], "coconuts": 1}, at(0), at(0)]},
    {"players": [[0, []], at(0), at(0)]},
    [at(0)] * 3,
])
def test_a_round_of_the_wrong_shape_is_refused(body):
    refused(body)


def test_a_seats_part_missing_fields_means_none_held():
    part = GAME.parse_part({}, 0, opts(2))

    assert part == {"vp": 0, "symbols": []}


@pytest.mark.parametrize("character", [
    [STONE, WATER], [STONE] * 4, [], [STONE, WATER, "banana"], "stone water coconut",
    None, {"symbols": ALL_THREE}, [STONE, WATER, None],
])
def test_a_character_is_exactly_three_known_symbols(character):
    with pytest.raises(InvalidInput) as caught:
        GAME.parse_character(character)

    assert caught.value.path == "symbols"


@pytest.mark.parametrize("character", [[STONE, STONE, WATER], [COCONUT] * 3, ALL_THREE])
def test_a_character_with_repeats_is_taken(character):
    assert GAME.parse_character(character) == character


def test_two_to_five_players():
    # SPEC: "2 to 5 players"; the services refuse any other count for every registered game.
    assert (GAME.min_players, GAME.max_players) == (2, 5)


@pytest.mark.parametrize("players, first", [(2, 2), (2, 3), (3, 3), (4, 4), (2, 4)])
def test_the_first_seat_must_be_one_of_the_seats(players, first):
    with pytest.raises(InvalidInput) as caught:
        opts(players, first_seat=first)

    assert caught.value.path == "options.first_seat"


@pytest.mark.parametrize("first", [-1, 5, 1.5, True, "1", None])
def test_the_first_seat_must_be_a_whole_number_from_0_to_4(first):
    with pytest.raises(InvalidInput) as caught:
        opts(5, first_seat=first)

    assert caught.value.path == "options.first_seat"


def test_an_unknown_option_is_refused():
    with pytest.raises(InvalidInput) as caught:
        opts(3, target=5)

    assert caught.value.path == "options.target"


# Properties -------------------------------------------------------------------------------


def _meets(part, character):
    """The independent model: a seat's condition, if any, with victory points first."""
    if part["vp"] >= 5:
        return "victory_points"
    if character is not None:
        remaining = list(part["symbols"])
        for symbol in character:
            if symbol not in remaining:
                return None
            remaining.remove(symbol)
        return "symbols"
    return None


def model(players, first, rounds, characters):
    """(round index, seat, reason, decided) of the first turn, in round and turn order, that
    meets a condition with every turn before it in its round typed; decided when every round
    before it was typed whole. None where no such turn is."""
    order = _turn_order(players, first)
    for index, parts in enumerate(rounds):
        for position, seat in enumerate(order):
            if any(parts[s] is None for s in order[:position + 1]):
                break
            reason = _meets(parts[seat], characters[seat])
            if reason:
                decided = all(None not in earlier for earlier in rounds[:index])
                return index, seat, reason, decided
    return None


def played(players, first, parts, seat_won):
    """The seats that took their turn in a round the winner `seat_won` ended (all, if none)."""
    order = _turn_order(players, first)
    return order if seat_won is None else order[:order.index(seat_won) + 1]


SYMBOL = st.sampled_from(ALL_THREE)
CHARACTER = st.none() | st.lists(SYMBOL, min_size=3, max_size=3)


@st.composite
def sheets(draw):
    players = draw(st.integers(2, 5))
    first = draw(st.integers(0, players - 1))
    characters = draw(st.lists(CHARACTER, min_size=players, max_size=players))
    rounds = []
    for _ in range(draw(st.integers(0, 6))):
        parts = []
        for _ in range(players):
            if draw(st.integers(0, 9)) == 0:
                parts.append(None)
            else:
                vp = draw(st.integers(0, 20 // players))  # never more than 20 in play
                parts.append(at(vp, *draw(st.lists(SYMBOL, max_size=4))))
        rounds.append(parts)
    return players, first, characters, rounds


@settings(max_examples=400, deadline=None)
@given(sheets())
def test_the_winner_is_the_first_in_round_and_turn_order_to_meet_a_condition(sheet):
    players, first, characters, rounds = sheet
    options = opts(players, first_seat=first)
    entered = [GAME.parse_round({"players": r}, players, options) for r in rounds]

    result = GAME.replay(players, options, entered, characters)

    expected = model(players, first, rounds, characters)
    if expected is None:
        assert result.over_after is None and not result.over
        assert result.winners == () and result.detail.win_reason is None
    else:
        index, seat, reason, decided = expected
        assert result.over_after == index
        assert result.over is decided
        assert result.winners == ((seat,) if decided else ())
        assert result.detail.win_reason == (reason if decided else None)
        if decided:
            assert result.leaders == (seat,)
    held = [0] * players
    for index, (parts, outcome) in enumerate(zip(rounds, result.rounds, strict=True)):
        winning = expected is not None and expected[0] == index
        turns = played(players, first, parts, expected[1] if winning else None)
        complete = all(parts[seat] is not None for seat in turns)
        assert outcome.status == ("complete" if complete else "open")
        if complete:
            for seat in turns:
                held[seat] = parts[seat]["vp"]
        assert outcome.cells == (tuple(held) if complete else None)
        assert outcome.detail.symbols == tuple(None if p is None else tuple(p["symbols"])
                                               for p in parts)
    assert result.totals == tuple(held)
    assert list(result.detail.missing_characters) == [
        s for s in range(players) if characters[s] is None]


@settings(max_examples=200, deadline=None)
@given(sheets(), st.randoms(use_true_random=False))
def test_the_order_of_face_up_symbols_and_of_a_characters_symbols_does_not_matter(sheet, rnd):
    players, first, characters, rounds = sheet
    options = opts(players, first_seat=first)
    shuffled_rounds = [[None if p is None else at(p["vp"], *rnd.sample(p["symbols"],
                                                                        len(p["symbols"])))
                        for p in parts] for parts in rounds]
    shuffled_characters = [None if c is None else rnd.sample(c, 3) for c in characters]

    def outcome(rs, cs):
        entered = [GAME.parse_round({"players": r}, players, options) for r in rs]
        result = GAME.replay(players, options, entered, cs)
        return result.over_after, result.over, result.winners, result.detail.win_reason

    assert outcome(rounds, characters) == outcome(shuffled_rounds, shuffled_characters)


@settings(max_examples=200, deadline=None)
@given(st.lists(SYMBOL, min_size=3, max_size=3), st.lists(SYMBOL, max_size=4))
def test_progress_is_the_multiset_overlap(character, face_up):
    overlap = sum(min(character.count(s), face_up.count(s)) for s in set(character))

    assert symbols_matched(character, face_up) == overlap
    won = play([[at(0, *face_up), at(0)]], characters=[character, None]).over
    assert won is (Counter(character) <= Counter(face_up))


def test_a_character_counts_from_the_deal_even_in_rounds_played_before_it_was_typed():
    # "Each player receives the character card at setup": Ben's three coconuts lie face up in
    # round 1, so round 1 is his, whenever his phone got round to typing the card in.
    rounds = [[at(0), at(0, COCONUT, COCONUT, COCONUT)]]
    result = play(rounds, characters=[None, [COCONUT] * 3])
    assert result.over_after == 0 and result.winners == (1,)
    assert result.detail.win_reason == "symbols"


def test_a_late_character_that_wins_an_earlier_round_says_so_through_over_after():
    # Round 1 would have been Ben's: the sheet's rule (refuse what ends a match before its last
    # round) is the service's, the engine reports where the match ended.
    rounds = [[at(0), at(0, COCONUT, COCONUT, COCONUT)], [at(1), at(0)]]
    result = play(rounds, characters=[None, [COCONUT] * 3])
    assert result.over_after == 0 and result.over and result.winners == (1,)


def test_a_late_character_whose_symbols_never_lay_face_up_wins_nothing():
    rounds = [[at(0), at(0, COCONUT, COCONUT)], [at(1), at(0, COCONUT, STONE)]]
    result = play(rounds, characters=[None, [COCONUT] * 3])
    assert result.over_after is None and not result.over and result.winners == ()


def test_a_symbols_win_is_won_by_that_seats_secret_and_nothing_else_is():
    """What the no-silent-peeking rule asks of the engine (SPEC section 1): which seat's
    secret decided the result. A victory-points win is no secret's."""
    options = GAME.parse_options(None, 3)
    rounds = [GAME.parse_round({"players": [at(0, STONE, WATER, WATER), at(0), at(0)]}, 3,
                               options)]
    by_symbols = GAME.replay(3, options, rounds, [[STONE, WATER, WATER], None, None])
    assert by_symbols.detail.win_reason == "symbols"
    assert GAME.won_by_secret(by_symbols) == 0
    points = [GAME.parse_round({"players": [at(5), at(0), at(0)]}, 3, options)]
    assert GAME.won_by_secret(GAME.replay(3, options, points, [None] * 3)) is None
    assert GAME.won_by_secret(GAME.replay(3, options, [], [None] * 3)) is None
