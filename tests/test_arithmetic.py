"""What a person may type into a cell: a whole number or a quick sum, and a plain answer otherwise."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.web.arithmetic import NotANumber, evaluate

TWELVE_NINES = 999_999_999_999


def refused(text):
    with pytest.raises(NotANumber) as caught:
        evaluate(text)
    message = str(caught.value)
    # A sentence for a person at a card table: capital first, full stop last, no code in it.
    assert message[:1].isupper() and message.endswith("."), message
    assert not any(word in message for word in ("regex", "int(", "invalid literal", "None"))
    return message


# --- numbers ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("42", 42), ("0", 0), ("-7", -7), ("+7", 7), ("007", 7), ("-0", 0),
    ("999999999999", TWELVE_NINES), ("-999999999999", -TWELVE_NINES),
])
def test_a_whole_number_is_itself(text, value):
    assert evaluate(text) == value


def test_the_answer_is_an_int():
    assert type(evaluate("10+15-5")) is int


# --- sums ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("10+15-5", 20),
    ("10 + 15 - 5", 20),
    ("-10-15", -25),
    ("5-10", -5),
    ("+3+4", 7),
    ("1+1+1+1+1+1+1+1+1+1", 10),
    ("999999999999+999999999999", 2 * TWELVE_NINES),
])
def test_a_sum_adds_up(text, value):
    assert evaluate(text) == value


@pytest.mark.parametrize(("text", "value"), [
    ("  12  ", 12),
    ("\t12\n", 12),
    ("- 5", -5),
    ("10 +15", 25),
    ("10+ 15", 25),
    ("1\u00a0+\u00a02", 3),  # phones put no-break spaces into what they paste
])
def test_spaces_around_numbers_and_signs_do_not_matter(text, value):
    assert evaluate(text) == value


@pytest.mark.parametrize(("text", "value"), [
    ("\u22125", -5),          # − minus sign
    ("10\u22123", 7),
    ("10 \u2212 3", 7),
    ("10\u20133", 7),         # – en dash, as phone keyboards turn a hyphen
    ("10\u20143", 7),         # — em dash
    ("10\uff0b5", 15),        # ＋ full-width plus
])
def test_the_minus_signs_and_pluses_a_phone_types_count(text, value):
    assert evaluate(text) == value


def test_a_full_width_minus_counts_like_the_full_width_plus():
    # A CJK keyboard in full-width mode types ＋ and － as a pair; the first is understood.
    assert evaluate("10\uff0d5") == 5
    assert evaluate("\uff0d5") == -5


# --- refusals -----------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["", " ", "   \t\n", "\u00a0"])
def test_nothing_typed_asks_for_a_number(text):
    assert refused(text) == "Type a number."


@pytest.mark.parametrize("text", ["2.5", "-2.5", "2,5", "10+2.5", "2 . 5", "0.0"])
def test_a_fraction_asks_for_whole_numbers(text):
    assert refused(text) == "Whole numbers only, without decimal points or separators."


@pytest.mark.parametrize("text", [
    "abc", "ten", "1e30", "1E3", "1+", "5-", "+", "-", "--5", "5 5", "1 000", "10+15-5=",
    "(5)", "5*2", "10/2", "0x10", "12abc", "abc12", "2.", ".5", "\u00bd", "\u00b2", "5+-3",
    "1234567890123", "-1234567890123", "1+1234567890123", "0000000000000",
])
def test_anything_else_is_refused_with_a_sentence(text):
    refused(text)


@pytest.mark.parametrize("text", ["abc", "1+", "5 5", "1e30"])
def test_the_refusal_shows_how_a_sum_is_written(text):
    assert "10+15-5" in refused(text)


@pytest.mark.parametrize("text", ["1234567890123", "5+99999999999999"])
def test_a_number_too_long_for_a_score_is_called_that(text):
    assert refused(text) == "That number is too long for a score."


def test_the_refusal_is_a_value_error_for_callers_that_catch_those():
    assert issubclass(NotANumber, ValueError)


# --- properties ---------------------------------------------------------------------------------

TERM = st.integers(0, TWELVE_NINES)
SPACE = st.sampled_from(["", " ", "  ", "\t"])
MINUS = st.sampled_from(["-", "\u2212", "\u2013", "\u2014"])
PLUS = st.sampled_from(["+", "\uff0b"])


@st.composite
def sums(draw):
    """A sum as a person types it, with the value it stands for."""
    first = draw(TERM)
    sign = draw(st.sampled_from(["", "+", "-"]))
    text = draw(SPACE) + (draw(MINUS) if sign == "-" else sign) + draw(SPACE) + str(first)
    value = -first if sign == "-" else first
    for term in draw(st.lists(st.tuples(st.booleans(), TERM), max_size=8)):
        negative, number = term
        text += draw(SPACE) + draw(MINUS if negative else PLUS) + draw(SPACE) + str(number)
        value += -number if negative else number
    return text + draw(SPACE), value


@given(sums())
def test_a_sum_stands_for_the_sum_of_its_terms(case):
    text, value = case
    assert evaluate(text) == value


@given(st.lists(st.integers(-TWELVE_NINES, TWELVE_NINES), min_size=1, max_size=10))
def test_the_sum_of_numbers_joined_by_plus_is_their_sum(numbers):
    text = str(numbers[0]) + "".join(f"{n:+d}" for n in numbers[1:])
    assert evaluate(text) == sum(numbers)


@given(st.integers(-TWELVE_NINES, TWELVE_NINES))
def test_any_number_of_up_to_twelve_digits_reads_as_itself(number):
    assert evaluate(str(number)) == number


@given(st.integers(10**12, 10**30))
def test_a_term_of_thirteen_digits_or_more_is_refused(number):
    refused(str(number))
    refused(f"1+{number}")


@given(st.text(max_size=30))
def test_any_text_is_either_a_whole_number_or_a_sentence(text):
    try:
        value = evaluate(text)
    except NotANumber:
        refused(text)
    else:
        assert type(value) is int
        assert not any(character.isalpha() for character in text)
