"""The shared engine interface: options with defaults, whole numbers, objects, and who is ahead."""

from __future__ import annotations

import dataclasses
import math

import pytest

from app.games import GAMES, register
from app.games.base import (
    Game,
    OptionSpec,
    Result,
    RoundInput,
    RoundResult,
    concluded,
    detail_json,
    ended,
    ranked,
    seat_sides,
)
from app.games.generic import GAME as GENERIC
from app.games.reading import InvalidInput, expect_object, reject_unknown, whole_number


def _game(options, check_options=None):
    """A made-up game holding one of each kind of option, for parse_options alone."""
    extra = {} if check_options is None else {"check_options": check_options}
    return Game(
        name="test", title="Test game", summary="", min_players=1, max_players=4,
        options=tuple(options), sides=lambda players, options: (),
        parse_round=lambda body, players, options: RoundInput({}, ()),
        parse_part=lambda body, seat, options: body,
        round_input=lambda round_: {},
        replay=lambda players, options, rounds, secrets: Result((), (), False, None, (), (),
                                                                   None),
        **extra,
    )


TARGET = OptionSpec("target", "int", 100, "Target", "", minimum=1, maximum=1000)
LIMIT = OptionSpec("limit", "int", None, "Limit", "", minimum=1, maximum=10, optional=True)
SHORT = OptionSpec("short", "bool", False, "Short game", "")
MODE = OptionSpec("mode", "choice", "normal", "Mode", "",
                  choices=(("normal", "Normal"), ("inverted", "Inverted")))
GAME = _game([TARGET, LIMIT, SHORT, MODE])


def _refused(call, *args, field):
    with pytest.raises(InvalidInput) as caught:
        call(*args)
    assert caught.value.path == field
    assert caught.value.message and caught.value.message.endswith(".")
    assert str(caught.value) == caught.value.message
    return caught.value.message


# --- parse_options ------------------------------------------------------------------------------

@pytest.mark.parametrize("raw", [None, {}])
def test_no_options_means_every_default(raw):
    assert GAME.parse_options(raw, 2) == {"target": 100, "limit": None, "short": False,
                                          "mode": "normal"}


def test_given_options_replace_defaults_and_the_rest_are_filled_in():
    assert GAME.parse_options({"target": 250, "mode": "inverted"}, 2) == {
        "target": 250, "limit": None, "short": False, "mode": "inverted"}


def test_parse_options_does_not_change_what_it_was_given():
    raw = {"target": 250.0}
    assert GAME.parse_options(raw, 2)["target"] == 250
    assert raw == {"target": 250.0}


@pytest.mark.parametrize("raw", [[], "target=5", 5, ["target"]])
def test_options_must_be_an_object(raw):
    _refused(GAME.parse_options, raw, 2, field="options")


def test_an_unknown_option_is_named_in_the_message_and_the_field():
    message = _refused(GAME.parse_options, {"target": 50, "colour": "red"}, 2,
                       field="options.colour")
    assert "colour" in message
    assert "Test game" in message


def test_an_unknown_option_is_refused_even_when_its_value_is_null():
    _refused(GAME.parse_options, {"targt": None}, 2, field="options.targt")


def test_an_int_option_takes_a_whole_float():
    options = GAME.parse_options({"target": 120.0}, 2)
    assert options["target"] == 120
    assert type(options["target"]) is int


@pytest.mark.parametrize("value", [True, False, "100", 2.5, None, [100], {"value": 1},
                                   math.nan, math.inf])
def test_an_int_option_refuses_what_is_not_a_whole_number(value):
    message = _refused(GAME.parse_options, {"target": value}, 2, field="options.target")
    assert message == "Target must be a whole number."


@pytest.mark.parametrize(("value", "message"), [
    (0, "Target must be at least 1."),
    (-5, "Target must be at least 1."),
    (1001, "Target must be at most 1,000."),
])
def test_an_int_option_stays_within_its_bounds(value, message):
    assert _refused(GAME.parse_options, {"target": value}, 2, field="options.target") == message


@pytest.mark.parametrize("value", [1, 1000])
def test_an_int_option_takes_its_bounds_themselves(value):
    assert GAME.parse_options({"target": value}, 2)["target"] == value


def test_an_optional_int_option_may_be_left_empty():
    assert GAME.parse_options({"limit": None}, 2)["limit"] is None
    assert GAME.parse_options({"limit": 10}, 2)["limit"] == 10


def test_an_optional_int_option_still_checks_its_bounds_when_given():
    _refused(GAME.parse_options, {"limit": 11}, 2, field="options.limit")
    _refused(GAME.parse_options, {"limit": 0}, 2, field="options.limit")


def test_a_required_int_option_may_not_be_left_empty():
    _refused(GAME.parse_options, {"target": None}, 2, field="options.target")


@pytest.mark.parametrize("value", [True, False])
def test_a_bool_option_takes_true_or_false(value):
    assert GAME.parse_options({"short": value}, 2)["short"] is value


@pytest.mark.parametrize("value", [0, 1, "true", "false", None, 1.0])
def test_a_bool_option_refuses_anything_but_true_or_false(value):
    message = _refused(GAME.parse_options, {"short": value}, 2, field="options.short")
    assert message == "Short game must be true or false."


def test_a_choice_option_takes_one_of_its_keys():
    assert GAME.parse_options({"mode": "inverted"}, 2)["mode"] == "inverted"


@pytest.mark.parametrize("value", ["Inverted", "Normal", "", None, 1, True, ["normal"]])
def test_a_choice_option_refuses_labels_and_anything_else(value):
    message = _refused(GAME.parse_options, {"mode": value}, 2, field="options.mode")
    assert message == "Mode must be one of: normal, inverted."


def test_check_options_sees_the_filled_in_options_and_the_player_count():
    seen = []
    game = _game([TARGET, SHORT], check_options=lambda options, players: seen.append(
        (dict(options), players)))
    game.parse_options({"short": True}, 3)
    assert seen == [({"target": 100, "short": True}, 3)]


def test_check_options_can_refuse_a_combination():
    def check(options, players):
        if options["short"] and players > 2:
            raise InvalidInput("A short game is for two players.", "options.short")

    game = _game([TARGET, SHORT], check_options=check)
    assert game.parse_options({"short": True}, 2)["short"] is True
    _refused(game.parse_options, {"short": True}, 3, field="options.short")


def test_each_value_is_checked_before_check_options_runs():
    called = []
    game = _game([TARGET], check_options=lambda options, players: called.append(options))
    _refused(game.parse_options, {"target": "lots"}, 2, field="options.target")
    assert called == []


# --- whole_number -------------------------------------------------------------------------------

@pytest.mark.parametrize("value", [0, 7, -7, 10**12])
def test_whole_number_takes_ints_as_they_are(value):
    assert whole_number(value, "A score", "score", None, None) == value


@pytest.mark.parametrize(("value", "expected"), [(12.0, 12), (-3.0, -3), (0.0, 0), (-0.0, 0),
                                                 (1e18, 10**18)])
def test_whole_number_takes_a_whole_float_as_an_int(value, expected):
    number = whole_number(value, "A score", "score", None, None)
    assert number == expected
    assert type(number) is int


@pytest.mark.parametrize("value", [True, False])
def test_whole_number_refuses_bools_although_python_counts_them_as_ints(value):
    message = _refused(whole_number, value, "A score", "scores[1]", None, None, field="scores[1]")
    assert message == "A score must be a whole number."


@pytest.mark.parametrize("value", [2.5, -0.5, 1e-9, 12.000001, math.nan, math.inf, -math.inf])
def test_whole_number_refuses_fractions_nan_and_infinity(value):
    message = _refused(whole_number, value, "A score", "score", None, None, field="score")
    assert message == "A score must be a whole number."


@pytest.mark.parametrize("value", [None, "12", "", [12], {"score": 12}, b"12"])
def test_whole_number_refuses_what_is_not_a_number(value):
    _refused(whole_number, value, "A score", "score", None, None, field="score")


@pytest.mark.parametrize("value", [1e30, -1e30, 1e19, 2.0**64, 1.7976931348623157e308])
def test_whole_number_refuses_floats_far_too_large_even_without_bounds(value):
    message = _refused(whole_number, value, "A score", "scores[0]", None, None, field="scores[0]")
    assert message == "A score is far too large."


def test_whole_number_refuses_1e30_within_bounds_too():
    _refused(whole_number, 1e30, "A score", "scores[2]", -10**9, 10**9, field="scores[2]")


def test_whole_number_bounds_are_inclusive_and_named_with_thousands_separators():
    assert whole_number(-10**9, "A score", "score", -10**9, 10**9) == -10**9
    assert whole_number(10**9, "A score", "score", -10**9, 10**9) == 10**9
    assert whole_number(1e9, "A score", "score", -10**9, 10**9) == 10**9
    assert _refused(whole_number, 10**9 + 1, "A score", "score", -10**9, 10**9,
                    field="score") == "A score must be at most 1,000,000,000."
    assert _refused(whole_number, -10**9 - 1, "A score", "score", -10**9, 10**9,
                    field="score") == "A score must be at least -1,000,000,000."
    assert _refused(whole_number, 1e10, "A score", "score", -10**9, 10**9,
                    field="score") == "A score must be at most 1,000,000,000."


def test_whole_number_may_have_no_field():
    _refused(whole_number, 2.5, "A score", None, None, None, field=None)


# --- objects and fields -------------------------------------------------------------------------

def test_expect_object_passes_a_mapping_through():
    body = {"score": 1}
    assert expect_object(body, "A round", None) is body


@pytest.mark.parametrize("value", [None, [], "{}", 3])
def test_expect_object_refuses_anything_else(value):
    message = _refused(expect_object, value, "A round", "rounds", field="rounds")
    assert message == "A round must be an object."


def test_reject_unknown_names_the_field_with_its_prefix():
    reject_unknown({"score": 1}, {"score"}, "hands[0].")
    message = _refused(reject_unknown, {"score": 1, "scroe": 2}, {"score"}, "hands[0].",
                       field="hands[0].scroe")
    assert "scroe" in message


# --- ranked -------------------------------------------------------------------------------------

def test_ranked_gives_the_side_with_the_highest_total():
    assert ranked([10, 30, 20]) == (1,)


def test_ranked_lowest_first_gives_the_side_with_the_lowest_total():
    assert ranked([10, 30, 20], lowest_first=True) == (0,)


def test_ranked_ties_share_in_seat_order():
    assert ranked([30, 10, 30, 5]) == (0, 2)
    assert ranked([5, 10, 30, 5], lowest_first=True) == (0, 3)
    assert ranked([0, 0, 0]) == (0, 1, 2)


def test_ranked_with_negative_totals():
    assert ranked([-5, -2, -9]) == (1,)
    assert ranked([-5, -2, -9], lowest_first=True) == (2,)


def test_ranked_of_no_sides_is_nobody():
    assert ranked([]) == ()
    assert ranked([], lowest_first=True) == ()


# --- the shapes ---------------------------------------------------------------------------------

def test_results_are_frozen_so_a_replay_cannot_be_changed_afterwards():
    result = RoundResult("complete", (1, 2))
    assert result.detail is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.cells = (3, 4)  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        RoundInput({}, (None,)).parts = ()  # type: ignore[misc]


def test_invalid_input_is_a_value_error_carrying_message_and_field():
    error = InvalidInput("Give the score.", "score")
    assert isinstance(error, ValueError)
    assert (error.message, error.path, str(error)) == ("Give the score.", "score",
                                                         "Give the score.")
    assert InvalidInput("Options must be an object.").field is None


def test_the_registry_finds_the_free_sheet_by_its_name():
    assert GAMES["generic"] is GENERIC
    assert all(name == game.name for name, game in GAMES.items())


# --- what every engine shares -------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Inner:
    colors: tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class Detail:
    carry: tuple[int, ...]
    seen: tuple[tuple[str, ...] | None, ...]
    inner: Inner | None
    name: str = "x"


def test_a_detail_reads_as_json_with_every_field_and_lists_for_tuples():
    detail = Detail((3, 0), (("stone",), None), Inner(("red",)))

    assert detail_json(detail) == {"carry": [3, 0], "seen": [["stone"], None],
                                   "inner": {"colors": ["red"]}, "name": "x"}
    assert detail_json(Detail((), (), None)) == {"carry": [], "seen": [], "inner": None,
                                                 "name": "x"}


def test_a_game_without_details_adds_no_fields():
    assert detail_json(None) == {}


def open_(cells=None):
    return RoundResult("open", None)


def done(*cells):
    return RoundResult("complete", cells)


def test_a_match_is_over_once_the_deciding_round_is_in_and_no_round_before_it_is_open():
    assert ended([done(1), done(2)], 1)
    assert not ended([done(1), done(2)], None)
    assert not ended([open_(), done(2)], 1)  # round 1 still waits for a part
    assert ended([done(1), done(2), open_()], 1)  # rounds after the end do not hold it


def test_the_usual_ending_leads_with_the_best_total_and_wins_once_over():
    going = concluded([done(5, 7)], [5, 7], None, 10)
    assert (going.over, going.leaders, going.winners, going.target) == (False, (1,), (), 10)

    over = concluded([done(5, 7), done(6, 3)], [11, 10], 1, 10)
    assert (over.over, over.leaders, over.winners) == (True, (0,), (0,))

    lowest = concluded([done(5, 7)], [5, 7], 0, None, lowest_first=True)
    assert lowest.winners == (0,)


def test_nobody_leads_before_a_round_is_complete():
    assert concluded([open_()], [0, 0], None, None).leaders == ()
    assert concluded([], [0, 0], None, None).leaders == ()


def test_a_detail_travels_with_the_result():
    assert concluded([], [0], None, None, detail="d").detail == "d"


def test_every_player_is_a_side_of_their_own():
    sides = seat_sides(["Ana", "Ben"])
    assert [(s.index, s.name, s.seats) for s in sides] == [(0, "Ana", (0,)), (1, "Ben", (1,))]


def test_a_second_game_under_a_taken_name_is_refused():
    with pytest.raises(ValueError):
        register(dataclasses.replace(GENERIC, title="Another"))
    assert register(GENERIC) is GENERIC  # registering the same game again changes nothing


@pytest.mark.parametrize("game, body, seat, field, path", [
    ("generic", {"scores": [1, "x"]}, 1, None, "scores[1]"),
    ("banakil", {"hands": [{"score": 36.5, "went_out": True}, {"melded": {"Q": 1}}]}, 1,
     "melded.Q", "hands[1].melded.Q"),
    ("blue_banana", {"players": [None, {"correct": -1}]}, 1, "correct", "players[1].correct"),
    ("bandido", {"players": [{"vp": 1, "symbols": ["fire"]}, None]}, 0, "symbols",
     "players[0].symbols"),
])
def test_an_engines_fault_in_one_seats_part_carries_the_seat_and_the_field_as_values(
        game, body, seat, field, path):
    """A page puts the message beside the seat's own field from these values; only the API
    says them as one path (SPEC section 2's `field`)."""
    engine = GAMES[game]
    with pytest.raises(InvalidInput) as caught:
        engine.parse_round(body, 2, engine.parse_options(None, 2))
    assert (caught.value.seat, caught.value.field, caught.value.path) == (seat, field, path)
