"""Blue Banana, rule by rule: penalty chips, penalties and the banana, whole matches, the game
mode card, the referee for the task cards, and what a table cannot have typed.

Every number is worked by hand in a comment beside it. Sources: rules/blue-banana.txt ("the
rulebook") and SPEC §1 "Blue Banana" and §2 (the SPEC wins where they differ: the rulebook's
"pink flamingo" task card is a misprint of "green flamingo")."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from app.games import GAMES, detail_json
from app.games.base import RoundInput
from app.games.blue_banana.engine import (
    GAME,
    banana_snatched,
    check_card,
    is_card,
    is_sought,
    mode_of_round,
    sought,
)
from app.games.reading import InvalidInput

# The rulebook's "The 8 Motifs in Their Correct Colors", written out again here so that a slip
# in the engine's own table is caught rather than copied.
TRUE_COLOR = {
    "banana": "yellow", "frog": "green", "whale": "blue", "eggplant": "purple",
    "flamingo": "pink", "strawberry": "red", "basketball": "orange", "top_hat": "black",
}
TRUE_MOTIF = {color: motif for motif, color in TRUE_COLOR.items()}
# 8 motifs × 8 colours = 64 pictures; 8 of them show a motif in its own colour and are no
# task card, leaving 64 − 8 = 56.
PICTURES = [(motif, color) for motif in TRUE_COLOR for color in TRUE_MOTIF]
TASK_CARDS = [(motif, color) for motif, color in PICTURES if TRUE_COLOR[motif] != color]
OWN_COLOUR_CARDS = [(motif, TRUE_COLOR[motif]) for motif in TRUE_COLOR]
DISPLAY = 93  # SPEC: 109 motif cards − 16 task cards = 93


def opts(players=3, **given_options):
    return GAME.parse_options(given_options, players)


def p(correct=0, incorrect=0, banana=None):
    """One player's line, as the phone sends it."""
    return {"correct": correct, "incorrect": incorrect, "banana": banana}


def card(motif, color):
    return {"motif": motif, "color": color}


def body_of(round_):
    """A round written as a list of player lines, or already as a whole body."""
    return round_ if isinstance(round_, dict) else {"players": list(round_)}


def entered(rounds, players, options):
    return [GAME.parse_round(body_of(r), players, options) for r in rounds]


def play(*rounds, players=None, **given_options):
    """Replays a sheet written as rounds of player lines (None: a line not typed yet)."""
    if players is None:
        players = len(body_of(rounds[0])["players"])
    options = opts(players, **given_options)
    return GAME.replay(players, options, entered(rounds, players, options))


def column(result, name):
    """One per-round detail (penalties, chips, mode, ...) down the whole sheet, as the API
    shows it."""
    return [detail_json(r.detail)[name] for r in result.rounds]


def refused(call, *args, field):
    with pytest.raises(InvalidInput) as caught:
        call(*args)
    error = caught.value
    assert error.path == field
    # A sentence a player understands: a capital (or a quoted field name) first, a full stop
    # last, no Python leaking out.
    message = error.message
    assert (message[:1].isupper() or message.startswith("“")) and message.endswith("."), message
    for leak in ("Traceback", "None", "dict", "int(", "float", "' object", "top_hat"):
        assert leak not in message, message
    return message


def refused_round(body, players=3, field="players", **given_options):
    return refused(GAME.parse_round, body, players, opts(players, **given_options), field=field)


GREEN_FLAMINGO, BLUE_BANANA = card("flamingo", "green"), card("banana", "blue")


# --- the table ----------------------------------------------------------------------------------

def test_the_game_is_registered_as_blue_banana():
    assert GAMES["blue_banana"] is GAME
    assert GAME.name == "blue_banana" and GAME.title == "Blue Banana"


def test_two_to_ten_players():
    # SPEC §2: "Player counts: ... blue_banana 2–10".
    assert (GAME.min_players, GAME.max_players) == (2, 10)


def test_everybody_plays_for_themselves():
    sides = GAME.sides(["Ana", "Ben", "Cy", "Dee"], opts(4))
    assert [(s.index, s.name, s.seats) for s in sides] == [
        (0, "Ana", (0,)), (1, "Ben", (1,)), (2, "Cy", (2,)), (3, "Dee", (3,))]


# --- options ------------------------------------------------------------------------------------

def test_default_options_normal_mode_eight_rounds():
    # Rulebook: "Blue Banana is played over 8 rounds", starting with the green check mark.
    assert opts() == {"mode": "normal", "rounds": 8}


@pytest.mark.parametrize("mode", ["normal", "inverted", "alternating"])
def test_the_three_sides_of_the_mode_card(mode):
    assert opts(mode=mode)["mode"] == mode


@pytest.mark.parametrize("rounds", [1, 8, 16, 50, 12.0])
def test_any_whole_number_of_rounds_from_one_to_fifty(rounds):
    chosen = opts(rounds=rounds)["rounds"]
    assert chosen == rounds and type(chosen) is int


@pytest.mark.parametrize(("name", "value"), [
    ("mode", "variant 1"), ("mode", "Normal"), ("mode", "INVERTED"), ("mode", None),
    ("mode", True), ("mode", 1), ("mode", ["normal"]),
    ("rounds", 0), ("rounds", -8), ("rounds", 51), ("rounds", 8.5), ("rounds", "8"),
    ("rounds", True), ("rounds", None), ("rounds", float("nan")), ("rounds", float("inf")),
])
def test_a_bad_option_value_is_refused_at_that_option(name, value):
    refused(GAME.parse_options, {name: value}, 3, field=f"options.{name}")


@pytest.mark.parametrize("name", ["target", "Mode", "variant", "chips", "rounds_count"])
def test_an_unknown_option_is_refused_by_name(name):
    message = refused(GAME.parse_options, {name: 1}, 3, field=f"options.{name}")
    assert name in message


# --- penalty chips ------------------------------------------------------------------------------

def test_everyone_starts_with_one_chip():
    # Rulebook: "Each player receives one small penalty chip." Before any round is scored.
    result = GAME.replay(4, opts(4), [])
    assert result.detail.chips == (1, 1, 1, 1)
    assert result.totals == (0, 0, 0, 0)
    assert result.detail.starts_next is None
    assert (result.over, result.over_after, result.winners, result.leaders) == (
        False, None, (), ())


def test_the_player_with_the_most_cards_gets_one_more_chip():
    # Ana 5, Ben 3, Cy 4: Ana has the most → chips 1+1 = 2, the others keep 1.
    result = play([p(5), p(3), p(4)])
    assert result.totals == (5, 3, 4)
    assert result.rounds[0].detail.chips == (2, 1, 1)
    assert result.detail.chips == (2, 1, 1)


def test_all_players_tied_for_the_most_get_a_chip():
    # Rulebook: "In case of a tie, all tied players receive a small penalty chip."
    # Ana 4, Ben 4, Cy 2, Dee 4: three tied at 4 → [2, 2, 1, 2].
    result = play([p(4), p(4), p(2), p(4)])
    assert result.detail.chips == (2, 2, 1, 2)


def test_the_most_is_counted_on_the_whole_total_not_on_this_rounds_cards():
    # Round 1: Ana 10, Ben 0 → Ana leads, chips [2, 1].
    # Round 2: Ana 1 (total 11), Ben 8 (total 8): Ben won more this round but Ana still holds
    # the most → chips [3, 1].
    result = play([p(10), p(0)], [p(1), p(8)])
    assert result.totals == (11, 8)
    assert column(result, "chips") == [[2, 1], [3, 1]]


def test_the_chip_for_the_lead_is_given_after_the_penalties_of_the_round():
    # Round 1: Ana 6, Ben 5 → Ana leads, chips [2, 1].
    # Round 2: Ana 3 correct, 2 incorrect at 2 chips → 6 + 3 − 2×2 = 5; Ben 1 → 5 + 1 = 6.
    # After the penalties Ben leads (6 > 5) → chips [2, 2]: Ana's round-2 cards before the
    # penalty (9) would have made her the leader.
    result = play([p(6), p(5)], [p(3, 2), p(1)])
    assert result.totals == (5, 6)
    assert column(result, "chips") == [[2, 1], [2, 2]]


def test_four_small_chips_and_a_fifth_become_a_large_chip_worth_five():
    # Ana leads every round: chips 1 → 2 → 3 → 4 → 5 (four small and a fifth: one large).
    # Round 5 she makes one mistake at the chip value before that round's award, 5:
    # 4 + 1 − 1×5 = 0.
    result = play([p(1), p(0)], [p(1), p(0)], [p(1), p(0)], [p(1), p(0)], [p(1, 1), p(0)])
    assert column(result, "chips") == [[2, 1], [3, 1], [4, 1], [5, 1], [5, 2]]
    # Round 5: Ana 0, Ben 0 → both tied for the most: Ana stays at 5, Ben 1 + 1 = 2.
    assert result.rounds[4].detail.penalties == (5, 0)
    assert result.rounds[4].cells == (-4, 0)
    assert result.totals == (0, 0)


def test_a_leader_for_eight_rounds_stays_at_five_chips():
    # Rulebook: "As soon as a player reaches the 5, they receive no more chips."
    # Ana leads rounds 1–8: 2, 3, 4, 5, 5, 5, 5, 5.
    result = play(*([[p(2), p(1)]] * 8))
    assert [chips[0] for chips in column(result, "chips")] == [2, 3, 4, 5, 5, 5, 5, 5]
    assert [chips[1] for chips in column(result, "chips")] == [1] * 8
    assert result.detail.chips == (5, 1)


def test_a_sixth_chip_never_raises_the_penalty_past_five():
    # Nine rounds: Ana leads the first eight (chips 5 after round 4 and no more). In round 9
    # she makes 2 mistakes: 2 × 5 = 10, not 2 × 9 = 18. Her total 8 × 3 = 24 → 24 + 0 − 10 = 14.
    result = play(*([[p(3), p(0)]] * 8), [p(0, 2), p(0)], rounds=9)
    assert result.rounds[8].detail.penalties == (10, 0)
    assert result.rounds[8].cells == (-10, 0)
    assert result.totals == (14, 0)
    assert result.detail.chips == (5, 1)


# --- penalties and the banana -------------------------------------------------------------------

def test_each_incorrect_card_costs_one_card_per_chip():
    # 1 chip each. Ana 7 correct, 3 incorrect → 7 − 3×1 = 4. Ben 2 correct → 2.
    result = play([p(7, 3), p(2)])
    assert result.rounds[0].detail.penalties == (3, 0)
    assert result.rounds[0].cells == (4, 2)


def test_the_penalty_uses_the_chips_held_before_this_rounds_award():
    # Round 1: Ana 6 correct, 2 incorrect at 1 chip → 6 − 2 = 4 (she then leads: chips 2).
    # Round 2: Ana 5 correct, 2 incorrect at 2 chips → 4 + 5 − 4 = 5 (leads again: chips 3).
    # Round 3: Ana 2 incorrect at 3 chips → 5 − 6 = −1 → 0.
    result = play([p(6, 2), p(1)], [p(5, 2), p(1)], [p(0, 2), p(0)])
    assert column(result, "penalties") == [[2, 0], [4, 0], [6, 0]]
    assert [r.cells for r in result.rounds] == [(4, 1), (1, 1), (-5, 0)]
    assert result.totals == (0, 2)


def test_a_correct_snatch_of_the_banana_wins_the_two_task_cards():
    # Rulebook: "They may additionally take the two task cards of this round."
    # Ana 3 correct + 2 task cards = 5; no penalty.
    result = play([p(3, 0, "correct"), p(4)])
    assert result.rounds[0].detail.penalties == (0, 0)
    assert result.rounds[0].cells == (5, 4)


def test_a_correct_snatch_with_nothing_collected_still_wins_two():
    result = play([p(0, 0, "correct"), p(0)])
    assert result.rounds[0].cells == (2, 0)


def test_snatching_the_banana_too_early_is_one_mistake():
    # Ana 5 correct, snatched early: 1 mistake × 1 chip → 5 − 1 = 4; no task cards.
    result = play([p(5, 0, "early"), p(4)])
    assert result.rounds[0].detail.penalties == (1, 0)
    assert result.rounds[0].cells == (4, 4)


def test_too_early_and_incorrect_cards_add_up_as_mistakes_times_chips():
    # Round 1: Ana 10 → leads, chips [2, 1].
    # Round 2: Ana 4 correct, 2 incorrect, early: (2 + 1) × 2 = 6 → 10 + 4 − 6 = 8.
    result = play([p(10), p(1)], [p(4, 2, "early"), p(1)])
    assert result.rounds[1].detail.penalties == (6, 0)
    assert result.rounds[1].cells == (-2, 1)
    assert result.totals == (8, 2)


def test_a_correct_snatch_still_pays_for_incorrect_cards():
    # Ana 1 correct, 2 incorrect, correct snatch: 0 + 1 + 2 − 2×1 = 1.
    result = play([p(1, 2, "correct"), p(0)])
    assert result.rounds[0].detail.penalties == (2, 0)
    assert result.rounds[0].cells == (1, 0)


def test_penalties_are_paid_out_of_earlier_rounds():
    # Rulebook: "If the collected cards of the current round are not enough ... cards that may
    # have already been won in previous rounds must be given up."
    # Round 1: Ana 9 → chips 2. Round 2: Ana 1 correct, 3 incorrect × 2 = 6 → 9 + 1 − 6 = 4.
    result = play([p(9), p(0)], [p(1, 3), p(0)])
    assert result.rounds[1].cells == (-5, 0)
    assert result.totals == (4, 0)


def test_nobody_falls_below_zero():
    # Rulebook: "One may not, however, fall below zero."
    # Round 1: Ana 3, Ben 1. Round 2: Ana 10 incorrect at 2 chips = 20 → 3 − 20 = −17 → 0,
    # so her cell is 0 − 3 = −3, not −20.
    result = play([p(3), p(1)], [p(0, 10), p(1)])
    assert result.rounds[1].detail.penalties == (20, 0)
    assert result.rounds[1].cells == (-3, 1)
    assert result.totals == (0, 2)


def test_the_floor_applies_to_the_whole_total_not_to_the_round():
    # Round 1: Ana 0 correct, 4 incorrect → max(0, 0 − 4) = 0 (cell 0, not −4).
    # Round 2: Ana 3 → 0 + 3 = 3: the missing 4 are forgotten, not owed.
    result = play([p(0, 4), p(2)], [p(3), p(0)])
    assert [r.cells for r in result.rounds] == [(0, 2), (3, 0)]
    assert result.totals == (3, 2)


def test_a_correct_snatch_offsets_penalties_before_the_floor():
    # Ana 1 correct, 3 incorrect, snatched correctly: 0 + 1 + 2 − 3 = 0 (not max(0, 1−3) + 2).
    result = play([p(1, 3, "correct"), p(0)])
    assert result.rounds[0].cells == (0, 0)


def test_the_last_snatcher_starts_the_next_round_whether_correct_or_early():
    # Rulebook: "The player who snatched the Blue Banana starts the next round."
    result = play([p(1), p(2, 0, "correct"), p(3)])
    assert result.detail.starts_next == 1
    result = play([p(1), p(2, 0, "correct"), p(3)], [p(1), p(1), p(1, 0, "early")])
    assert result.detail.starts_next == 2
    assert column(result, "snatcher") == [1, 2]


def test_a_round_without_a_snatch_keeps_the_last_starter():
    result = play([p(1, 0, "early"), p(2), p(3)], [p(1), p(1), p(1)])
    assert column(result, "snatcher") == [0, None]
    assert result.detail.starts_next == 0


# --- whole matches, worked by hand --------------------------------------------------------------

# Ana, Ben and Cy play the standard 8 rounds. Chips start [1, 1, 1], totals [0, 0, 0].
MATCH_A = [
    # R1 Ana 6 + 2 (banana) = 8; Ben 5 − 1×1 = 4; Cy 4.
    #    totals [8, 4, 4] → Ana leads → chips [2, 1, 1].
    [p(6, 0, "correct"), p(5, 1), p(4)],
    # R2 Ana 8 + 3 − 1×2 = 9; Ben early: 4 + 6 − 1×1 = 9; Cy 4 + 5 = 9.
    #    totals [9, 9, 9] → all three tied → chips [3, 2, 2].
    [p(3, 1), p(6, 0, "early"), p(5)],
    # R3 Ana 9 + 2 + 2 (banana) − 2×3 = 7 (cell −2, paid out of earlier rounds); Ben 9 + 4 = 13;
    #    Cy 9 + 1 = 10.  totals [7, 13, 10] → Ben → chips [3, 3, 2].
    [p(2, 2, "correct"), p(4), p(1)],
    # R4 Ana 7 + 5 = 12; Ben 13 + 0 − 5×3 = −2 → 0 (cell −13); Cy early: 10 + 3 − 1×2 = 11.
    #    totals [12, 0, 11] → Ana → chips [4, 3, 2].
    [p(5), p(0, 5), p(3, 0, "early")],
    # R5 Ana 12 + 4 = 16; Ben 0 + 7 + 2 = 9; Cy 11 + 2 = 13.
    #    totals [16, 9, 13] → Ana's fifth chip: a large one → chips [5, 3, 2].
    [p(4), p(7, 0, "correct"), p(2)],
    # R6 Ana 16 + 3 − 1×5 = 14; Ben 9 + 2 = 11; Cy 13 + 1 = 14. Nobody snatched.
    #    totals [14, 11, 14] → Ana and Cy tied: Ana stays at 5, Cy 3 → chips [5, 3, 3].
    [p(3, 1), p(2), p(1)],
    # R7 Ana 14 + 2 = 16; Ben 11 + 3 − 1×3 = 11; Cy 14 + 0 + 2 = 16.
    #    totals [16, 11, 16] → Ana (stays 5) and Cy (4) → chips [5, 3, 4].
    [p(2), p(3, 1), p(0, 0, "correct")],
    # R8 Ana 16 + 1 = 17; Ben 11 + 6 + 2 = 19; Cy 16 + 3 = 19.
    #    totals [17, 19, 19] → Ben 4, Cy 5 → chips [5, 4, 5]. Ben and Cy share the win.
    [p(1), p(6, 0, "correct"), p(3)],
]
# Cards collected: 16 + 15 + 9 + 13 + 13 + 7 + 6 + 10 = 89 ≤ 93.


def test_match_a_cells_round_by_round():
    result = play(*MATCH_A)
    assert [r.status for r in result.rounds] == ["complete"] * 8
    assert [r.cells for r in result.rounds] == [
        (8, 4, 4), (1, 5, 5), (-2, 4, 1), (5, -13, 1),
        (4, 9, 2), (-2, 2, 1), (2, 0, 2), (1, 8, 3),
    ]
    # Ana 8+1−2+5+4−2+2+1 = 17; Ben 4+5+4−13+9+2+0+8 = 19; Cy 4+5+1+1+2+1+2+3 = 19.
    assert result.totals == (17, 19, 19)


def test_match_a_penalties_round_by_round():
    assert column(play(*MATCH_A), "penalties") == [
        [0, 1, 0], [2, 1, 0], [6, 0, 0], [0, 15, 2],
        [0, 0, 0], [5, 0, 0], [0, 3, 0], [0, 0, 0],
    ]


def test_match_a_chips_round_by_round_and_now():
    result = play(*MATCH_A)
    assert column(result, "chips") == [
        [2, 1, 1], [3, 2, 2], [3, 3, 2], [4, 3, 2],
        [5, 3, 2], [5, 3, 3], [5, 3, 4], [5, 4, 5],
    ]
    assert result.detail.chips == (5, 4, 5)


def test_match_a_snatchers_and_who_starts_next():
    result = play(*MATCH_A)
    assert column(result, "snatcher") == [0, 1, 0, 2, 1, None, 2, 1]
    assert result.detail.starts_next == 1


def test_match_a_is_over_after_the_eighth_round_and_the_tie_shares_the_win():
    # Rulebook: "In case of a tie, there are multiple winners."
    result = play(*MATCH_A)
    assert result.over and result.over_after == 7
    assert result.winners == (1, 2) and result.leaders == (1, 2)


def test_match_a_after_seven_rounds_is_still_on():
    # After R7 totals [16, 11, 16]: Ana and Cy lead, nobody has won yet.
    result = play(*MATCH_A[:7])
    assert result.totals == (16, 11, 16)
    assert not result.over and result.over_after is None and result.winners == ()
    assert result.leaders == (0, 2)


def test_match_a_holds_93_cards_at_most():
    players, options = 3, opts(3)
    GAME.check_match(players, options, entered(MATCH_A, players, options))


# Ana, Ben, Cy and Dee play 3 rounds with the mode card flipped every round; round 2 is still
# being typed (Ben's line missing). Chips start [1, 1, 1, 1].
RED_FROG_PURPLE_BASKETBALL = [card("frog", "red"), card("basketball", "purple")]
MATCH_B = [
    # R1 (normal) green flamingo + blue banana.
    #    Ana 4; Ben 2 − 1×1 = 1; Cy 0; Dee early: 3 − 1×1 = 2.
    #    totals [4, 1, 0, 2] → Ana → chips [2, 1, 1, 1].
    {"players": [p(4), p(2, 1), p(0), p(3, 0, "early")], "task": [GREEN_FLAMINGO, BLUE_BANANA]},
    # R2 (inverted) open.
    [p(5), None, p(1), p(2)],
    # R3 (normal) red frog + purple basketball: seeks green, orange, strawberry, eggplant.
    #    Ana 4 + 1 − 1×2 = 3; Ben 1 + 3 + 2 = 6; Cy 0 + 6 = 6; Dee 2 + 0 = 2.
    #    totals [3, 6, 6, 2] → Ben and Cy tied → chips [2, 2, 2, 1].
    {"players": [p(1, 1), p(3, 0, "correct"), p(6), p(0)], "task": RED_FROG_PURPLE_BASKETBALL},
    # R4 (inverted) yellow whale + black flamingo: seeks neither blue, pink, banana nor top hat.
    #    Ana 3 + 2 = 5; Ben 6 − 2×2 = 2; Cy 6 + 1 + 2 = 9; Dee 2 + 4 = 6.
    #    totals [5, 2, 9, 6] → Cy → chips [2, 2, 3, 1].
    {"players": [p(2), p(0, 2), p(1, 0, "correct"), p(4)],
     "task": [card("whale", "yellow"), card("flamingo", "black")]},
]


def test_match_b_an_open_round_scores_nothing_and_the_others_go_on_without_it():
    result = play(*MATCH_B, mode="alternating", rounds=3)
    assert [r.status for r in result.rounds] == ["complete", "open", "complete", "complete"]
    assert [r.cells for r in result.rounds] == [(4, 1, 0, 2), None, (-1, 5, 6, 0), (2, -4, 3, 4)]
    assert column(result, "penalties") == [[0, 1, 0, 1], None, [2, 0, 0, 0], [0, 4, 0, 0]]
    assert column(result, "chips") == [[2, 1, 1, 1], None, [2, 2, 2, 1], [2, 2, 3, 1]]
    # Ana 4−1+2 = 5; Ben 1+5−4 = 2; Cy 0+6+3 = 9; Dee 2+0+4 = 6.
    assert result.totals == (5, 2, 9, 6)
    assert result.detail.chips == (2, 2, 3, 1)
    assert result.detail.starts_next == 2
    assert result.leaders == (2,)


def test_match_b_the_open_round_holds_the_match_open_after_three_complete_rounds():
    # Three complete rounds (R1, R3, R4) reach rounds=3 at R4 (index 3), but R2 still waits for
    # Ben's line: not over yet, nobody has won.
    result = play(*MATCH_B, mode="alternating", rounds=3)
    assert result.over_after == 3
    assert not result.over and result.winners == ()


def test_match_b_the_open_round_still_follows_the_mode_card():
    result = play(*MATCH_B, mode="alternating", rounds=3)
    assert column(result, "mode") == ["normal", "inverted", "normal", "inverted"]
    assert column(result, "sought") == [
        {"colors": ["pink", "yellow"], "motifs": ["frog", "whale"], "mode": "normal"},
        None,
        {"colors": ["green", "orange"], "motifs": ["strawberry", "eggplant"], "mode": "normal"},
        {"colors": ["blue", "pink"], "motifs": ["banana", "top_hat"], "mode": "inverted"},
    ]


def test_match_b_once_typed_the_third_complete_round_ends_it():
    # R2 typed: Ana 5, Ben 0, Cy 1, Dee 2 (no task cards).
    #    Ana 4 + 5 = 9; Ben 1; Cy 0 + 1 = 1; Dee 2 + 2 = 4 → Ana → chips [3, 1, 1, 1].
    # R3 Ana 9 + 1 − 1×3 = 7; Ben 1 + 3 + 2 = 6; Cy 1 + 6 = 7; Dee 4.
    #    totals [7, 6, 7, 4] → Ana and Cy tied → chips [4, 1, 2, 1]. Third complete round: over.
    typed = [MATCH_B[0], [p(5), p(0), p(1), p(2)], MATCH_B[2]]
    result = play(*typed, mode="alternating", rounds=3)
    assert [r.cells for r in result.rounds] == [(4, 1, 0, 2), (5, 0, 1, 2), (-2, 5, 6, 0)]
    assert column(result, "penalties") == [[0, 1, 0, 1], [0, 0, 0, 0], [3, 0, 0, 0]]
    assert column(result, "chips") == [[2, 1, 1, 1], [3, 1, 1, 1], [4, 1, 2, 1]]
    assert result.rounds[1].detail.sought is None  # no task cards typed
    assert result.totals == (7, 6, 7, 4)
    assert result.over and result.over_after == 2
    assert result.winners == (0, 2)
    assert result.detail.starts_next == 1
    # A fourth round past the end does not move the end (the service refuses it by this).
    assert play(*typed, MATCH_B[3], mode="alternating", rounds=3).over_after == 2


def test_the_match_is_over_after_eight_complete_rounds_by_default():
    seven = play(*([[p(1), p(0)]] * 7))
    assert not seven.over and seven.over_after is None and seven.winners == ()
    eight = play(*([[p(1), p(0)]] * 8))
    assert eight.over and eight.over_after == 7 and eight.winners == (0,)


def test_a_one_round_match():
    assert not play([p(2), None], rounds=1).over
    result = play([p(2), p(3)], rounds=1)
    assert result.over and result.over_after == 0 and result.winners == (1,)


def test_open_rounds_do_not_count_toward_the_rounds():
    # rounds=2: complete, open, complete → the second complete round is index 2.
    result = play([p(1), p(0)], [None, p(4)], [p(1), p(0)], rounds=2)
    assert result.over_after == 2
    assert not result.over and result.winners == ()
    assert result.totals == (2, 0)


def test_an_open_round_changes_no_chips():
    # Ana leads R1 → chips [2, 1]. R2 open with Ben's 9 typed: nothing changes.
    result = play([p(3), p(1)], [None, p(9)])
    assert result.rounds[1].status == "open" and result.rounds[1].cells is None
    assert result.rounds[1].detail.penalties is None
    assert result.rounds[1].detail.chips is None
    assert result.detail.chips == (2, 1)
    assert result.totals == (3, 1)


def test_nobody_leads_before_a_round_is_complete():
    result = play([p(5), None])
    assert result.leaders == () and result.totals == (0, 0)
    assert result.detail.chips == (1, 1)


def test_a_tie_at_zero_gives_everybody_a_chip():
    # SPEC: "every player whose total equals the highest total (ties all)": 0, 0, 0 all tie.
    result = play([p(0, 1), p(0), p(0, 0, "early")])
    assert result.totals == (0, 0, 0)
    assert result.detail.chips == (2, 2, 2)


# --- the game mode card -------------------------------------------------------------------------

def test_alternating_starts_normal_and_flips_every_round():
    # Rulebook, variant 2: "Play begins with the standard variant ... For the second round ...
    # the red X ... for the third round ... the green check mark again".
    options = opts(mode="alternating")
    assert [mode_of_round(options, n) for n in range(1, 9)] == [
        "normal", "inverted", "normal", "inverted", "normal", "inverted", "normal", "inverted"]


@pytest.mark.parametrize("mode", ["normal", "inverted"])
def test_a_fixed_mode_applies_to_every_round(mode):
    options = opts(mode=mode)
    assert {mode_of_round(options, n) for n in range(1, 9)} == {mode}


@pytest.mark.parametrize(("mode", "expected"), [
    ("normal", ["normal"] * 4),
    ("inverted", ["inverted"] * 4),
    ("alternating", ["normal", "inverted", "normal", "inverted"]),
])
def test_each_round_and_its_sought_name_the_mode_that_applied(mode, expected):
    task = [GREEN_FLAMINGO, BLUE_BANANA]
    rounds = [{"players": [p(1), p(0)], "task": task}] * 4
    result = play(*rounds, mode=mode)
    assert column(result, "mode") == expected
    assert [s["mode"] for s in column(result, "sought")] == expected
    assert result.detail.next_mode == expected[0]  # round 5 is odd: as round 1


def test_the_next_round_of_an_alternating_match_shows_its_mode():
    assert GAME.replay(2, opts(2, mode="alternating"), []).detail.next_mode == "normal"
    assert play([p(1), p(0)], mode="alternating").detail.next_mode == "inverted"


def test_the_mode_does_not_change_the_scoring():
    # The table typed how many cards were correct; the mode only changes which were.
    rounds = [[p(5, 1, "correct"), p(3)], [p(2, 2), p(4, 0, "early")]]
    normal = play(*rounds, mode="normal")
    for mode in ("inverted", "alternating"):
        other = play(*rounds, mode=mode)
        assert other.totals == normal.totals
        assert [r.cells for r in other.rounds] == [r.cells for r in normal.rounds]


def test_a_round_without_task_cards_has_no_sought():
    result = play([p(1), p(0)])
    assert result.rounds[0].detail.sought is None


# --- the referee --------------------------------------------------------------------------------

def test_the_rulebook_example_seeks_pink_yellow_frog_and_whale():
    # Rulebook (with the SPEC's correction): "a [green] flamingo and a blue banana ... a motif in
    # pink ... a frog in any color ... a motif in yellow ... a whale in any color".
    assert sought([GREEN_FLAMINGO, BLUE_BANANA]) == (["pink", "yellow"], ["frog", "whale"])


@pytest.mark.parametrize(("motif", "color"), [
    ("whale", "orange"), ("frog", "pink"), ("frog", "red"), ("flamingo", "yellow")])
def test_normal_mode_the_rulebooks_cards_to_snatch(motif, color):
    # Rulebook: "players may snatch the orange whale, the pink frog, the red frog, and the
    # yellow flamingo."
    assert is_sought([GREEN_FLAMINGO, BLUE_BANANA], "normal", motif, color)


def test_normal_mode_the_green_strawberry_is_a_mistake():
    # Rulebook: "This card is neither pink nor yellow, nor does it show a frog or a whale."
    assert not is_sought([GREEN_FLAMINGO, BLUE_BANANA], "normal", "strawberry", "green")


@pytest.mark.parametrize(("motif", "color"), [
    ("strawberry", "red"), ("flamingo", "purple"), ("banana", "blue"), ("basketball", "blue")])
def test_inverted_mode_the_rulebooks_cards_to_snatch(motif, color):
    # Rulebook, variant 1: "collect the red strawberry, the purple flamingo, the blue banana,
    # and the blue basketball".
    assert is_sought([GREEN_FLAMINGO, BLUE_BANANA], "inverted", motif, color)
    assert not is_sought([GREEN_FLAMINGO, BLUE_BANANA], "normal", motif, color)


def test_inverted_mode_no_pink_or_yellow_card_and_no_frog_or_whale():
    # Rulebook, variant 1: "NEITHER pink ... NOR yellow ... and NEITHER frog ... NOR whale".
    task = [GREEN_FLAMINGO, BLUE_BANANA]
    for motif, color in PICTURES:
        if color in ("pink", "yellow") or motif in ("frog", "whale"):
            assert not is_sought(task, "inverted", motif, color), (motif, color)
            assert is_sought(task, "normal", motif, color), (motif, color)
        else:
            assert is_sought(task, "inverted", motif, color), (motif, color)
            assert not is_sought(task, "normal", motif, color), (motif, color)


def negative(motif, color):
    """The picture on a card's back: the motif that is `color`'s own, in `motif`'s own colour."""
    return TRUE_MOTIF[color], TRUE_COLOR[motif]


@pytest.mark.parametrize(("front", "back"), [
    (("strawberry", "blue"), ("whale", "red")),   # rulebook: "the blue strawberry ... a red whale"
    (("flamingo", "green"), ("frog", "pink")),    # rulebook: "green flamingo -> pink frog"
    (("banana", "blue"), ("whale", "yellow")),    # rulebook: "blue banana -> yellow whale"
])
def test_the_rulebooks_negatives_are_what_a_card_seeks(front, back):
    # "The back of each card is at the same time the solution to the posed task."
    assert negative(*front) == back
    colors, motifs = sought([card(*front)])
    assert (motifs, colors) == ([back[0]], [back[1]])


def test_there_are_56_task_cards_and_each_seeks_its_negative():
    assert len(TASK_CARDS) == 56 and len(set(TASK_CARDS)) == 56
    for motif, color in TASK_CARDS:
        back_motif, back_color = negative(motif, color)
        assert sought([card(motif, color)]) == ([back_color], [back_motif])
        # The back is itself a task card, and its back is the front again.
        assert (back_motif, back_color) in TASK_CARDS
        assert negative(back_motif, back_color) == (motif, color)


@pytest.mark.parametrize(("motif", "color"), TASK_CARDS)
def test_every_one_of_the_56_task_cards_is_accepted(motif, color):
    # Paired with a card that differs from it (the green flamingo, or else the blue banana).
    other = GREEN_FLAMINGO if card(motif, color) != GREEN_FLAMINGO else BLUE_BANANA
    round_ = GAME.parse_round({"players": [p(), p()], "task": [card(motif, color), other]},
                              2, opts(2))
    assert round_.common["task"] == [card(motif, color), other]


@pytest.mark.parametrize(("motif", "color"), OWN_COLOUR_CARDS)
def test_the_8_motifs_in_their_own_colour_are_no_task_card(motif, color):
    # SPEC: "one showing a motif in its own colour does not exist".
    for seat, task in ((0, [card(motif, color), BLUE_BANANA]),
                       (1, [GREEN_FLAMINGO, card(motif, color)])):
        message = refused_round({"players": [p(), p()], "task": task}, 2, field=f"task[{seat}]")
        assert f"{color} {motif.replace('_', ' ')}" in message


def test_the_rulebooks_pink_flamingo_is_refused_by_name():
    message = refused_round({"players": [p(), p()], "task": [card("flamingo", "pink"),
                                                             BLUE_BANANA]}, 2, field="task[0]")
    assert "pink flamingo" in message


def test_every_pair_of_task_cards_seeks_both_negatives_in_every_mode():
    # 56 × 55 / 2 = 1540 pairs, each judged against all 64 pictures in both modes.
    for first, second in itertools.combinations(TASK_CARDS, 2):
        task = [card(*first), card(*second)]
        colors = {TRUE_COLOR[first[0]], TRUE_COLOR[second[0]]}
        motifs = {TRUE_MOTIF[first[1]], TRUE_MOTIF[second[1]]}
        got_colors, got_motifs = sought(task)
        assert (set(got_colors), set(got_motifs)) == (colors, motifs), task
        for motif, color in PICTURES:
            match = color in colors or motif in motifs
            assert is_sought(task, "normal", motif, color) is match, (task, motif, color)
            assert is_sought(task, "inverted", motif, color) is (not match), (task, motif, color)


def test_a_complete_rounds_sought_is_the_task_cards_negatives():
    task = [card("strawberry", "blue"), card("top_hat", "green")]
    # blue strawberry → red, whale; green top hat → black, frog.
    result = play({"players": [p(2), p(1)], "task": task}, mode="inverted")
    assert detail_json(result.rounds[0].detail)["sought"] == {
        "colors": ["red", "black"], "motifs": ["whale", "frog"], "mode": "inverted"}


# --- reading a round ----------------------------------------------------------------------------

def test_a_round_is_one_line_per_player_and_the_task_cards():
    body = {"players": [p(6, 1), p(0, 0, "correct"), None],
            "task": [GREEN_FLAMINGO, BLUE_BANANA]}
    round_ = GAME.parse_round(body, 3, opts())
    assert round_ == RoundInput(common={"task": [GREEN_FLAMINGO, BLUE_BANANA]},
                                parts=(p(6, 1), p(0, 0, "correct"), None))
    assert GAME.round_input(round_) == body


def test_missing_counts_are_zero_and_no_banana():
    round_ = GAME.parse_round({"players": [{}, {"correct": 3}]}, 2, opts(2))
    assert round_.parts == (p(0, 0, None), p(3, 0, None))


def test_whole_floats_are_whole_counts():
    part = GAME.parse_part({"correct": 4.0, "incorrect": 1.0}, 0, opts())
    assert part == p(4, 1) and type(part["correct"]) is int and type(part["incorrect"]) is int


def test_the_task_is_optional():
    for body in ({"players": [p(), p()]}, {"players": [p(), p()], "task": None}):
        round_ = GAME.parse_round(body, 2, opts(2))
        assert round_.common == {}
        assert GAME.round_input(round_) == {"players": [p(), p()]}


def test_a_players_line_alone():
    assert GAME.parse_part(p(5, 2, "early"), 1, opts()) == p(5, 2, "early")


@pytest.mark.parametrize("banana", [None, "correct", "early"])
def test_the_banana_is_none_correct_or_early(banana):
    assert GAME.parse_part({"banana": banana}, 0, opts())["banana"] == banana


@pytest.mark.parametrize("banana", ["Correct", "late", "yes", True, False, 0, 1, "", ["early"],
                                    {"early": True}])
def test_any_other_banana_is_refused(banana):
    refused(GAME.parse_part, {"banana": banana}, 0, opts(), field="banana")
    refused_round({"players": [p(), {"banana": banana}, p()]}, field="players[1].banana")


@pytest.mark.parametrize("name", ["correct", "incorrect"])
@pytest.mark.parametrize("value", [-1, 2.5, True, False, "3", None, [3], float("nan"),
                                   float("inf"), 94])
def test_a_count_must_be_a_whole_number_from_0_to_93(name, value):
    refused(GAME.parse_part, {name: value}, 0, opts(), field=name)
    refused_round({"players": [p(), p(), {name: value}]}, field=f"players[2].{name}")


def test_one_players_line_holds_at_most_the_display():
    assert GAME.parse_part(p(90, 3), 0, opts()) == p(90, 3)
    message = refused(GAME.parse_part, p(50, 44), 0, opts(), field="correct")
    assert "93" in message


@pytest.mark.parametrize("name", ["score", "Correct", "seat", "task"])
def test_a_line_refuses_fields_it_does_not_know(name):
    message = refused(GAME.parse_part, {"correct": 1, name: 1}, 0, opts(), field=name)
    assert name in message
    refused_round({"players": [p(), {"correct": 1, name: 1}, p()]}, field=f"players[1].{name}")


@pytest.mark.parametrize("line", [5, "5", [5, 0], True])
def test_a_line_must_be_an_object(line):
    refused(GAME.parse_part, line, 0, opts(), field=None)
    refused_round({"players": [p(), line, p()]}, field="players[1]")


@pytest.mark.parametrize("name", ["dead", "hands", "Players", "banana"])
def test_a_round_refuses_fields_it_does_not_know(name):
    message = refused_round({"players": [p(), p(), p()], name: 1}, field=name)
    assert name in message


@pytest.mark.parametrize("body", [None, [p(), p(), p()], "players", 3])
def test_a_round_must_be_an_object(body):
    refused_round(body, field=None)


@pytest.mark.parametrize("lines", [[p(), p()], [p(), p(), p(), p()], []])
def test_a_round_needs_one_line_per_player(lines):
    message = refused_round({"players": lines}, field="players")
    assert "3" in message and str(len(lines)) in message


@pytest.mark.parametrize("body", [{}, {"players": None}, {"players": {"0": p()}},
                                  {"players": "Ana 5"}])
def test_a_round_needs_its_lines_as_a_list(body):
    refused_round(body, field="players")


@pytest.mark.parametrize("bananas", [("correct", "correct"), ("correct", "early"),
                                     ("early", "early")])
def test_only_one_player_can_snatch_the_banana(bananas):
    lines = [p(1, 0, bananas[0]), p(2), p(3, 0, bananas[1])]
    message = refused_round({"players": lines}, field="players")
    assert "one" in message.lower()


def test_one_banana_and_a_line_not_typed_yet_is_fine():
    round_ = GAME.parse_round({"players": [p(1, 0, "early"), None, p()]}, 3, opts())
    assert round_.parts[1] is None


def test_two_identical_task_cards_are_refused():
    # Rulebook: "If two identical cards happen to be revealed, one of the cards goes back".
    refused_round({"players": [p(), p()], "task": [BLUE_BANANA, dict(BLUE_BANANA)]}, 2,
                  field="task")


def test_two_different_cards_sharing_a_colour_or_a_motif_are_fine():
    for task in ([card("banana", "blue"), card("frog", "blue")],
                 [card("banana", "blue"), card("banana", "red")]):
        assert GAME.parse_round({"players": [p(), p()], "task": task}, 2,
                                opts(2)).common["task"] == task


@pytest.mark.parametrize("task", [[], [BLUE_BANANA], [BLUE_BANANA, GREEN_FLAMINGO,
                                                     card("frog", "red")],
                                  BLUE_BANANA, "green flamingo, blue banana", 2])
def test_the_task_is_exactly_two_cards(task):
    refused_round({"players": [p(), p()], "task": task}, 2, field="task")


@pytest.mark.parametrize(("bad", "field"), [
    ({"motif": "pear", "color": "blue"}, "task[1].motif"),
    ({"motif": "top hat", "color": "blue"}, "task[1].motif"),
    ({"motif": "Banana", "color": "blue"}, "task[1].motif"),
    ({"color": "blue"}, "task[1].motif"),
    ({"motif": None, "color": "blue"}, "task[1].motif"),
    ({"motif": 3, "color": "blue"}, "task[1].motif"),
    ({"motif": "banana", "color": "white"}, "task[1].color"),
    ({"motif": "banana", "color": "Blue"}, "task[1].color"),
    ({"motif": "banana"}, "task[1].color"),
    ({"motif": "banana", "color": True}, "task[1].color"),
    ({"motif": "banana", "colour": "blue"}, "task[1].colour"),
    ("blue banana", "task[1]"),
    (None, "task[1]"),
])
def test_an_unknown_motif_or_colour_is_refused_at_that_card(bad, field):
    refused_round({"players": [p(), p()], "task": [GREEN_FLAMINGO, bad]}, 2, field=field)


@pytest.mark.parametrize(("bad", "field"), [
    ({"motif": ["frog"], "color": "green"}, "task[1].motif"),
    ({"motif": {"name": "frog"}, "color": "blue"}, "task[1].motif"),
    ({"motif": "frog", "color": ["red"]}, "task[1].color"),
    ({"motif": "frog", "color": {"name": "red"}}, "task[1].color"),
])
def test_a_motif_or_colour_given_as_a_list_or_object_is_refused_not_a_crash(bad, field):
    # SPEC §2: "No input ever yields a 5xx." A JSON list or object where a name belongs must be
    # InvalidInput (422), not a TypeError from a dictionary lookup.
    refused_round({"players": [p(), p()], "task": [GREEN_FLAMINGO, bad]}, 2, field=field)


def test_the_motif_names_are_offered_readably():
    message = refused_round({"players": [p(), p()], "task": [card("pear", "blue"),
                                                             BLUE_BANANA]}, 2,
                            field="task[0].motif")
    for motif in ("banana", "frog", "whale", "eggplant", "flamingo", "strawberry", "basketball",
                  "top hat"):
        assert motif in message


# --- 93 cards over the match --------------------------------------------------------------------

def test_exactly_93_cards_over_the_match_are_accepted():
    # 3 rounds × (20 + 11) = 93, counting incorrect cards too.
    players, options = 2, opts(2)
    rounds = entered([[p(20, 1), p(10)]] * 3, players, options)
    GAME.check_match(players, options, rounds)


def test_94_cards_over_the_match_are_refused():
    # 93 + 1 more incorrect card in an open round: 94 (a line typed counts, open round or not).
    players, options = 2, opts(2)
    rounds = entered([[p(20, 1), p(10)]] * 3 + [[None, p(0, 1)]], players, options)
    message = refused(GAME.check_match, players, options, rounds, field="players")
    assert "94" in message and "93" in message


def test_the_task_cards_won_with_the_banana_do_not_count_toward_93():
    # They come from the task deck, not the display: 93 collected + 2 task cards is fine.
    players, options = 2, opts(2)
    rounds = entered([[p(93, 0, "correct"), p(0)]], players, options)
    GAME.check_match(players, options, rounds)
    assert GAME.replay(players, options, rounds).totals == (95, 0)


# --- properties ---------------------------------------------------------------------------------

PER_ROUND = 9  # cards per round at most, so 10 rounds stay within the 93 of the display


@st.composite
def round_lines(draw, players):
    """One round's lines as a table types them: few cards, mistakes, at most one banana."""
    left, lines = PER_ROUND, []
    for _ in range(players):
        correct = draw(st.integers(0, min(6, left)))
        left -= correct
        incorrect = draw(st.integers(0, min(3, left)))
        left -= incorrect
        lines.append(p(correct, incorrect))
    snatcher = draw(st.none() | st.integers(0, players - 1))
    if snatcher is not None:
        lines[snatcher]["banana"] = draw(st.sampled_from(["correct", "early"]))
    if draw(st.integers(0, 5)) == 0:  # now and then a round still being typed
        for seat in draw(st.sets(st.integers(0, players - 1), min_size=1)):
            lines[seat] = None
    return lines


@st.composite
def matches(draw, min_rounds=0):
    players = draw(st.integers(2, 6))
    options = opts(players, mode=draw(st.sampled_from(["normal", "inverted", "alternating"])),
                   rounds=draw(st.integers(1, 10)))
    round_ = round_lines(players)
    rounds = draw(st.lists(round_, min_size=min_rounds, max_size=10))
    return players, options, rounds, round_


def replay_lines(players, options, rounds, checked=True):
    ins = entered(rounds, players, options)
    if checked:  # every generated match is one a table can have: at most 93 cards
        GAME.check_match(players, options, ins)
    return GAME.replay(players, options, ins)


def complete_rounds(result):
    return [r for r in result.rounds if r.status == "complete"]


@settings(max_examples=150)
@given(matches())
def test_every_total_is_at_least_zero_and_the_sum_of_its_cells(match):
    players, options, rounds, _ = match
    result = replay_lines(players, options, rounds)
    assert len(result.rounds) == len(rounds)
    running = [0] * players
    for lines, round_ in zip(rounds, result.rounds, strict=True):
        if None in lines:
            assert round_.status == "open" and round_.cells is None
            continue
        assert round_.status == "complete" and len(round_.cells) == players
        for seat, cell in enumerate(round_.cells):
            assert type(cell) is int
            assert cell >= -running[seat]  # a cell takes back at most what was won before
            running[seat] += cell
            assert running[seat] >= 0
    assert result.totals == tuple(running)


@settings(max_examples=150)
@given(matches())
def test_every_cell_follows_the_specs_rule_from_the_chips_before_it(match):
    players, options, rounds, _ = match
    result = replay_lines(players, options, rounds)
    totals, chips = [0] * players, [1] * players
    for lines, round_ in zip(rounds, result.rounds, strict=True):
        if None in lines:
            continue
        for seat, line in enumerate(lines):
            mistakes = line["incorrect"] + (line["banana"] == "early")
            penalty = mistakes * min(5, chips[seat])
            bonus = 2 if line["banana"] == "correct" else 0
            new = max(0, totals[seat] + line["correct"] + bonus - penalty)
            assert round_.detail.penalties[seat] == penalty
            assert round_.cells[seat] == new - totals[seat]
            totals[seat] = new
        chips = list(round_.detail.chips)
    assert list(result.detail.chips) == chips


@settings(max_examples=150)
@given(matches())
def test_chips_run_from_one_to_five_never_fall_and_go_to_all_tied_for_the_most(match):
    players, options, rounds, _ = match
    result = replay_lines(players, options, rounds)
    totals, chips = [0] * players, [1] * players
    for round_ in complete_rounds(result):
        totals = [t + c for t, c in zip(totals, round_.cells, strict=True)]
        after = round_.detail.chips
        assert all(1 <= c <= 5 for c in after)
        assert all(a >= b for a, b in zip(after, chips, strict=True))
        most = max(totals)
        for seat in range(players):
            if totals[seat] == most:
                assert after[seat] == min(5, chips[seat] + 1)
            else:
                assert after[seat] == chips[seat]
        chips = after
    assert result.detail.chips == tuple(chips)


@settings(max_examples=150)
@given(matches(min_rounds=1), st.data())
def test_an_edit_to_a_round_leaves_every_earlier_round_unchanged(match, data):
    players, options, rounds, round_ = match
    k = data.draw(st.integers(0, len(rounds) - 1), label="edited round")
    edited = rounds[:k] + [data.draw(round_, label="new lines")] + rounds[k + 1:]
    before = replay_lines(players, options, rounds)
    after = replay_lines(players, options, edited)
    assert after.rounds[:k] == before.rounds[:k]
    if before.over_after is not None and before.over_after < k:
        assert after.over_after == before.over_after
    else:
        assert after.over_after is None or after.over_after >= k


@settings(max_examples=150)
@given(matches())
def test_the_end_the_winners_and_who_starts_next(match):
    players, options, rounds, _ = match
    result = replay_lines(players, options, rounds)
    complete_at = [i for i, lines in enumerate(rounds) if None not in lines]
    expected = (complete_at[options["rounds"] - 1]
                if len(complete_at) >= options["rounds"] else None)
    assert result.over_after == expected
    assert result.over is (expected is not None
                           and all(None not in lines for lines in rounds[:expected]))
    assert bool(result.winners) is result.over
    if complete_at:
        best = max(result.totals)
        assert result.leaders == tuple(i for i, t in enumerate(result.totals) if t == best)
    else:
        assert result.leaders == ()
    if result.over:
        assert result.winners == result.leaders
    snatchers = [next((s for s, line in enumerate(rounds[i]) if line["banana"]), None)
                 for i in complete_at]
    assert result.detail.starts_next == next(
        (s for s in reversed(snatchers) if s is not None), None)


@settings(max_examples=100)
@given(matches(), st.data())
def test_an_open_round_changes_no_score_and_no_chip(match, data):
    players, options, rounds, _ = match
    open_lines = data.draw(round_lines(players).filter(lambda lines: None in lines),
                           label="open")
    at = data.draw(st.integers(0, len(rounds)), label="inserted at")
    plain = replay_lines(players, options, rounds)
    # (One round more may pass the 93 cards; replay does not read that, check_match does.)
    with_open = replay_lines(players, options, rounds[:at] + [open_lines] + rounds[at:],
                             checked=False)
    assert with_open.totals == plain.totals
    assert with_open.detail.chips == plain.detail.chips
    assert [r.cells for r in complete_rounds(with_open)] == [
        r.cells for r in complete_rounds(plain)]


@settings(max_examples=150)
@given(matches())
def test_every_round_reads_back_as_entered(match):
    players, options, rounds, _ = match
    for round_ in entered(rounds, players, options):
        assert GAME.parse_round(GAME.round_input(round_), players, options) == round_


@given(st.sampled_from(TASK_CARDS), st.sampled_from(TASK_CARDS),
       st.sampled_from(["normal", "inverted", "alternating"]), st.integers(1, 8))
def test_a_rounds_sought_are_the_negatives_under_the_mode_of_that_round(first, second, mode,
                                                                        number):
    assume(first != second)
    task = [card(*first), card(*second)]
    options = opts(2, mode=mode)
    rounds = [[p(0), p(0)]] * (number - 1) + [{"players": [p(1), p(0)], "task": task}]
    result = play(*rounds, mode=mode)
    expected_mode = mode if mode != "alternating" else ("normal" if number % 2 else "inverted")
    assert mode_of_round(options, number) == expected_mode
    # Each sought colour and motif once, in the order of the cards.
    assert detail_json(result.rounds[-1].detail)["sought"] == {
        "colors": list(dict.fromkeys([TRUE_COLOR[first[0]], TRUE_COLOR[second[0]]])),
        "motifs": list(dict.fromkeys([TRUE_MOTIF[first[1]], TRUE_MOTIF[second[1]]])),
        "mode": expected_mode,
    }


def test_the_messages_that_list_the_motifs_and_colours_list_them_all_in_order():
    from app.games.blue_banana.engine import COLORS, MOTIFS, motif_name, parse_task_card
    with pytest.raises(InvalidInput) as motif:
        parse_task_card({"motif": "pear", "color": "red"}, "task[0]")
    with pytest.raises(InvalidInput) as color:
        parse_task_card({"motif": "frog", "color": "grey"}, "task[0]")
    assert motif.value.message == f"Pick the card's motif: {', '.join(map(motif_name, MOTIFS))}."
    assert color.value.message == f"Pick the card's colour: {', '.join(COLORS)}."


# --- the solution waits for the banana ------------------------------------------------------
# rules/blue-banana.txt: "the solution is only given at the end of a round, in the course of
# scoring"; SPEC: once any player's line of the round is typed, or the host marked it snatched.


def task_round(*lines, snatched=None, players=3):
    body = {"players": list(lines) or [None] * players, "task": [GREEN_FLAMINGO, BLUE_BANANA]}
    if snatched is not None:
        body["snatched"] = snatched
    return GAME.parse_round(body, players, opts(players))


def test_the_banana_is_not_snatched_while_no_line_is_typed_and_nobody_marked_it():
    assert not banana_snatched(task_round())
    assert not banana_snatched(task_round(snatched=False))


@pytest.mark.parametrize("typed", [p(), p(3, 0, "correct"), p(0, 2, None)])
def test_any_line_typed_is_the_banana_snatched(typed):
    assert banana_snatched(task_round(None, typed, None))


def test_the_hosts_mark_is_the_banana_snatched_with_no_line_typed():
    assert banana_snatched(task_round(snatched=True))


def test_the_checker_says_to_wait_before_the_banana_for_every_card_of_the_deck():
    waiting = task_round()
    for motif, color in TASK_CARDS:
        for mode in ("normal", "inverted"):
            assert check_card(waiting, mode, motif, color) == "wait", (motif, color)


@pytest.mark.parametrize("snatched", [True, False])
def test_the_checker_answers_as_the_referee_once_the_banana_is_snatched(snatched):
    round_ = task_round(snatched=True) if snatched else task_round(p(1), None, None)
    task = [GREEN_FLAMINGO, BLUE_BANANA]
    for motif, color in TASK_CARDS:
        for mode in ("normal", "inverted"):
            expected = "sought" if is_sought(task, mode, motif, color) else "not_sought"
            assert check_card(round_, mode, motif, color) == expected
    assert check_card(round_, "normal", "frog", "pink") == "sought"
    assert check_card(round_, "normal", "strawberry", "green") == "not_sought"


@pytest.mark.parametrize(("motif", "color"), OWN_COLOUR_CARDS)
def test_a_motif_in_its_own_colour_is_no_card_before_or_after_the_banana(motif, color):
    assert not is_card(motif, color)
    for round_ in (task_round(), task_round(snatched=True), task_round(p(2), p(), p())):
        for mode in ("normal", "inverted"):
            assert check_card(round_, mode, motif, color) == "no_such_card"


def test_every_other_picture_is_a_card():
    assert [picture for picture in PICTURES if is_card(*picture)] == TASK_CARDS


def test_a_round_without_task_cards_has_nothing_to_check():
    bare = GAME.parse_round({"players": [p(1), p(), p()]}, 3, opts())
    assert check_card(bare, "normal", "frog", "pink") == "no_task"
    assert check_card(bare, "normal", "banana", "yellow") == "no_task"


def test_the_mark_is_kept_as_entered_and_read_back_the_same():
    marked = task_round(snatched=True)
    assert marked.common["snatched"] is True
    body = GAME.round_input(marked)
    assert body["snatched"] is True
    assert GAME.parse_round(body, 3, opts()) == marked
    unmarked = GAME.round_input(task_round(snatched=False))
    assert "snatched" not in unmarked  # a round without the mark reads as it always did


def test_the_mark_changes_no_score():
    lines = [p(2, 1, "correct"), p(1), p()]
    task = [GREEN_FLAMINGO, BLUE_BANANA]
    marked = {"players": lines, "task": task, "snatched": True}
    assert play(marked).rounds == play({"players": lines, "task": task}).rounds


def test_a_null_mark_is_no_mark_as_for_the_task_cards():
    assert not banana_snatched(task_round(snatched=None))
    assert "snatched" not in GAME.parse_round({"players": [None] * 3, "snatched": None}, 3,
                                               opts()).common


@pytest.mark.parametrize("value", ["yes", 1, 0, [True]])
def test_the_mark_is_true_or_false(value):
    message = refused_round({"players": [None] * 3, "snatched": value}, field="snatched")
    assert "snatched" in message
