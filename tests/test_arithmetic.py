"""What a person may type into a cell: a whole number or a quick sum (a half where one is allowed),
in Western or Arabic-Indic digits, and a plain answer otherwise.

The cases live in tests/arithmetic_cases.json: the page's own evaluator (app/static/arithmetic.js)
must answer them alike (tests/js/arithmetic.test.mjs, under node), and any other text as the
server does (the end of this file, which asks node)."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.web.sheet.arithmetic import NotANumber, evaluate

TWELVE_NINES = 999_999_999_999
TABLE = json.loads((Path(__file__).parent / "arithmetic_cases.json").read_text())
CASES = TABLE["cases"]
HALVES = TABLE["halves"]  # where a half is allowed: evaluate(text, halves=True)
ARABIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
EXTENDED = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


def section(name):
    """One section of the shared table: (text, number or the refusal's sentence) pairs."""
    return list(CASES[name].items())


def texts(name):
    return list(CASES[name])


def refused(text, halves=False):
    with pytest.raises(NotANumber) as caught:
        evaluate(text, halves=halves)
    message = str(caught.value)
    # A sentence for a person at a card table: capital first, full stop last, no code in it.
    assert message[:1].isupper() and message.endswith("."), message
    assert not any(word in message for word in ("regex", "int(", "invalid literal", "None"))
    return message


# --- numbers ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "value"), section("whole numbers"))
def test_a_whole_number_is_itself(text, value):
    assert evaluate(text) == value


def test_the_answer_is_an_int():
    assert type(evaluate("10+15-5")) is int


# --- sums ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "value"), section("sums"))
def test_a_sum_adds_up(text, value):
    assert evaluate(text) == value


# Phones put no-break spaces into what they paste.
@pytest.mark.parametrize(("text", "value"), section("spaces around numbers and signs"))
def test_spaces_around_numbers_and_signs_do_not_matter(text, value):
    assert evaluate(text) == value


# − minus sign, – en dash (as phone keyboards turn a hyphen), — em dash, full-width ＋ and －.
@pytest.mark.parametrize(("text", "value"), section("the minus signs and pluses a phone types"))
def test_the_minus_signs_and_pluses_a_phone_types_count(text, value):
    assert evaluate(text) == value


@pytest.mark.parametrize(("text", "value"), section("digits of other scripts"))
def test_the_digits_of_any_script_count(text, value):
    # A phone in full-width mode, or set to Arabic or Hindi, types its own digits.
    assert evaluate(text) == value


# SPEC section 5: "Number cells accept Western (0–9) and Arabic-Indic (٠–٩, ۰–۹) digits".
@pytest.mark.parametrize(("text", "value"), section("Arabic-Indic digits")
                         + section("Extended Arabic-Indic digits (Persian and Urdu keyboards)")
                         + section("digits of several scripts in one cell"))
def test_arabic_indic_digits_count_as_digits(text, value):
    assert evaluate(text) == value


# An Arabic phone writes a sign after an invisible mark (CLDR's "؜-"): a copied −20 is −20.
@pytest.mark.parametrize(("text", "value"), section("the signs and marks an Arabic phone writes"))
def test_the_signs_and_marks_an_arabic_phone_writes_count(text, value):
    assert evaluate(text) == value


def test_a_full_width_minus_counts_like_the_full_width_plus():
    # A CJK keyboard in full-width mode types ＋ and － as a pair; the first is understood.
    assert evaluate("10\uff0d5") == 5
    assert evaluate("\uff0d5") == -5


# --- refusals -----------------------------------------------------------------------------------

@pytest.mark.parametrize("text", texts("nothing typed"))
def test_nothing_typed_asks_for_a_number(text):
    assert refused(text) == "Type a number."


@pytest.mark.parametrize("text", texts("fractions"))
def test_a_fraction_asks_for_whole_numbers(text):
    assert refused(text) == "Whole numbers only, without decimal points or separators."


@pytest.mark.parametrize("text", texts("anything else") + texts("too long"))
def test_anything_else_is_refused_with_a_sentence(text):
    refused(text)


@pytest.mark.parametrize("text", ["abc", "1+", "5 5", "1e30"])
def test_the_refusal_shows_how_a_sum_is_written(text):
    assert "10+15-5" in refused(text)


@pytest.mark.parametrize("text", texts("too long"))
def test_a_number_too_long_for_a_score_is_called_that(text):
    assert refused(text) == "That number is too long for a score."


@pytest.mark.parametrize(("text", "answer"), [
    case for name in CASES for case in section(name)])
def test_every_case_of_the_shared_table_holds(text, answer):
    if isinstance(answer, int):
        assert evaluate(text) == answer
    else:
        assert refused(text) == answer


def test_the_table_holds_every_kind_of_case():
    assert {name for name in CASES} >= {"whole numbers", "sums", "nothing typed", "fractions",
                                        "too long", "anything else", "Arabic-Indic digits"}
    assert {name for name in HALVES} >= {"halves", "sums with halves", "not a half"}
    assert all(len(HALVES[name]) >= 5 for name in HALVES)
    assert CASES["the minus signs and pluses a phone types"]["10\uff0d5"] == 5
    assert all(len(CASES[name]) >= 5 for name in CASES)


# --- halves, where a half is allowed (a Banakil hand's score) -----------------------------------

@pytest.mark.parametrize(("text", "answer"), [
    case for name in HALVES for case in HALVES[name].items()])
def test_where_a_half_is_allowed_every_case_of_the_shared_table_holds(text, answer):
    if isinstance(answer, str):
        assert refused(text, halves=True) == answer
    else:
        value = evaluate(text, halves=True)
        assert value == answer and type(value) is type(answer)  # whole: an int, as before


@pytest.mark.parametrize("text", ["36.5", "36,5", "٣٦٫٥", "۳۶٫۵"])
def test_a_decimal_mark_is_refused_where_only_whole_numbers_go(text):
    assert refused(text) == "Whole numbers only, without decimal points or separators."


# A comma is a decimal mark in German and a thousands separator in English: a half is one digit
# after it, so "1,000" (or the German "1.000", the Arabic "١٬٠٠٠") is never read as 1.
@pytest.mark.parametrize("text", ["1,000", "1.000", "١٬٠٠٠", "1٬5", "12,50"])
def test_a_thousands_separator_is_never_a_decimal_mark(text):
    assert refused(text, halves=True) == "Whole or half points only, like 36.5, without separators."
    assert refused(text) == "Whole numbers only, without decimal points or separators."


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


@given(st.integers(-2 * TWELVE_NINES, 2 * TWELVE_NINES), st.sampled_from([ARABIC, EXTENDED, None]),
       st.sampled_from([".", ",", "٫"]))
def test_any_half_written_in_any_of_the_digits_reads_as_itself(half_points, digits, mark):
    whole = str(abs(half_points) // 2) + (f"{mark}5" if half_points % 2 else "")
    text = ("-" if half_points < 0 else "") + (whole.translate(digits) if digits else whole)
    value = evaluate(text, halves=True)
    assert value == half_points / 2
    assert type(value) is (float if half_points % 2 else int)


@given(st.text(max_size=30))
def test_any_text_is_either_a_number_with_at_most_a_half_or_a_sentence(text):
    try:
        value = evaluate(text, halves=True)
    except NotANumber:
        refused(text, halves=True)
    else:
        assert (value * 2) == int(value * 2)
        assert not any(character.isalpha() for character in text)


# --- the page reads any text as the server does -------------------------------------------------
# app/static/arithmetic.js, imported by node as the sheet imports it, asked the same texts.

ARITHMETIC_JS = Path(__file__).parents[1] / "app" / "static" / "arithmetic.js"
ON_THE_PAGE = f"""
import {{ evaluate }} from {json.dumps(ARITHMETIC_JS.as_uri())};
let asked = "";
for await (const chunk of process.stdin) asked += chunk;
const {{ texts, halves }} = JSON.parse(asked);
process.stdout.write(JSON.stringify(texts.map((text) => {{
  const reading = evaluate(text, halves);
  return "error" in reading ? reading.error : reading.value;
}})));
"""
# What people type, and what they type by mistake: digits of several scripts, signs, spaces.
DIGITS = ["1", "2", "0", "9", "5", "\uff15", "\u0663", "\u0665", "\u06f5", "\u096d"]
SIGNS = ["+", "-", "\u2212", "\u2013", "\uff0d", "\uff0b", "\u061c-", "\u200f-"]
SPACES = ["", "", " ", "\u00a0", "\u3000", "\t", "\x1c"]
NOISE = [".", ",", "\u066b", "\u066c", "e", "x", "\u00b2", "\ufeff", "=", "++", "\u200e"]
MARKS = [".", ",", "\u066b"]


def typed(draw: random.Random) -> str:
    """A sum as a thumb types it: terms, signs and spaces, now and then a slip."""
    text = draw.choice(SPACES) + draw.choice(["", "", *SIGNS])
    for term in range(draw.randint(1, 4)):
        if term:
            text += draw.choice(SPACES) + draw.choice(SIGNS) + draw.choice(SPACES)
        text += "".join(draw.choice(DIGITS) for _ in range(draw.choice([1, 2, 3, 12, 13])))
        if draw.random() < 0.2:
            text += draw.choice(MARKS) + "".join(draw.choice(DIGITS)
                                                 for _ in range(draw.choice([1, 1, 2, 3])))
    if draw.random() < 0.3:
        at = draw.randint(0, len(text))
        text = text[:at] + draw.choice(NOISE + SIGNS + SPACES) + text[at:]
    return text + draw.choice(SPACES)


def server(text: str, halves: bool) -> int | float | str:
    try:
        return evaluate(text, halves=halves)
    except NotANumber as error:
        return str(error)


def on_the_page(texts: list[str], halves: bool) -> list[int | float | str]:
    """What the page's script makes of each text: a number or the sentence."""
    node = shutil.which("node")
    if not node:
        if os.environ.get("CI"):
            pytest.fail("node is needed to run the page's arithmetic.js")
        pytest.skip("node is not installed")
    answered = subprocess.run([node, "--input-type=module", "-e", ON_THE_PAGE],
                              input=json.dumps({"texts": texts, "halves": halves}),
                              capture_output=True, text=True, encoding="utf-8", check=True,
                              timeout=60)
    answers: list[int | float | str] = json.loads(answered.stdout)
    return answers


@pytest.mark.parametrize(("halves", "seed"), [(False, 10), (True, 13)])
def test_the_page_reads_any_text_as_the_server_does(halves, seed):
    draw = random.Random(seed)
    texts = [typed(draw) for _ in range(4000)]

    answers = on_the_page(texts, halves)

    wrong = [(text, server(text, halves), got) for text, got in zip(texts, answers, strict=True)
             if got != server(text, halves)]
    assert not wrong, wrong[:20]
