"""The page reads a cell's text as the server does: its own evaluator, run in Chromium, answers
the shared table of cases (tests/arithmetic_cases.json: whole numbers, and halves where a half is
allowed; Western and Arabic-Indic digits) and any other text like the server."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from playwright.sync_api import expect

from app.web.sheet.arithmetic import NotANumber, evaluate

pytestmark = pytest.mark.browser

TABLE = json.loads((Path(__file__).parents[1] / "arithmetic_cases.json").read_text())
CASES, HALVES = TABLE["cases"], TABLE["halves"]
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


def server(text: str, halves: bool = False) -> int | float | str:
    try:
        return evaluate(text, halves=halves)
    except NotANumber as error:
        return str(error)


def on_the_page(phone, live_server, api, texts: list[str],
                halves: bool = False) -> list[int | float | str]:
    """What the sheet page's own script makes of each text: a number or the sentence."""
    match = api.create(("Ana", "Ben"))
    phone.goto(f"{live_server}/m/{match['tokens']['host']}")
    answers = phone.evaluate("""([texts, halves]) => texts.map(text => {
        const reading = window.SquareScores.evaluate(text, halves);
        return "error" in reading ? reading.error : reading.value;
    })""", [texts, halves])
    return answers


def test_the_page_answers_every_case_of_the_shared_table(phone, live_server, api):
    cases = [(name, text, answer) for name in CASES for text, answer in CASES[name].items()]

    answers = on_the_page(phone, live_server, api, [text for _, text, _ in cases])

    wrong = [(name, text, answer, got)
             for (name, text, answer), got in zip(cases, answers, strict=True) if got != answer]
    assert not wrong, wrong


def test_where_a_half_is_allowed_the_page_answers_every_case_of_the_shared_table(
        phone, live_server, api):
    cases = [(name, text, answer) for name in HALVES for text, answer in HALVES[name].items()]

    answers = on_the_page(phone, live_server, api, [text for _, text, _ in cases], halves=True)

    wrong = [(name, text, answer, got)
             for (name, text, answer), got in zip(cases, answers, strict=True) if got != answer]
    assert not wrong, wrong


def test_where_a_half_is_allowed_the_page_reads_any_text_as_the_server_does(
        phone, live_server, api):
    draw = random.Random(13)
    texts = [typed(draw) for _ in range(2000)]

    answers = on_the_page(phone, live_server, api, texts, halves=True)

    wrong = [(text, server(text, True), got) for text, got in zip(texts, answers, strict=True)
             if got != server(text, True)]
    assert not wrong, wrong[:20]


def test_the_page_reads_any_text_as_the_server_does(phone, live_server, api):
    draw = random.Random(10)
    texts = [typed(draw) for _ in range(2000)]

    answers = on_the_page(phone, live_server, api, texts)

    wrong = [(text, server(text), got) for text, got in zip(texts, answers, strict=True)
             if got != server(text)]
    assert not wrong, wrong[:20]


def test_a_sum_typed_with_a_full_width_minus_is_previewed(phone, live_server, api):
    match = api.create(("Ana", "Ben"))
    phone.goto(f"{live_server}/m/{match['tokens']['host']}")

    phone.get_by_label("Round 1, Ana").fill("10\uff0d5")

    expect(phone.locator("#s0 + .preview")).to_have_text("= 5")
