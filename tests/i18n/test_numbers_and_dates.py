"""Numbers, dates and small numbers in words as each language writes them; and a cell typed on an
Arabic phone, in its own digits, saved as the number it stands for (SPEC section 5)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.i18n import num
from app.web.match.details import when
from app.web.words import in_words, whole_percents

MOMENT = datetime(2026, 3, 4, 19, 5, tzinfo=UTC)


@pytest.fixture
def speaking(app):
    """speaking(lang): a request of a phone that speaks `lang`, as a context manager."""

    def speaking_(lang):
        return app.test_request_context("/", headers={"Accept-Language": lang})

    return speaking_


@pytest.mark.parametrize(("lang", "value", "written"), [
    ("en", 21.5, "21.5"), ("de", 21.5, "21,5"), ("ar", 21.5, "21.5"),
    ("en", -20, "\u221220"), ("de", -20, "\u221220"), ("ar", -20, "\u221220"),
    ("de", -7.5, "\u22127,5"), ("ar", -7.5, "\u22127.5"),
    ("en", 36.0, "36"), ("de", 0, "0"), ("ar", 303, "303"),
    # No thousands separator: a cell refuses "1.234", so the sheet never shows it.
    ("en", 1234, "1234"), ("de", 1234, "1234"), ("ar", 12345, "12345"),
    ("de", None, ""), ("de", "—", "—")])
def test_num_writes_a_number_as_the_pages_language_does(speaking, lang, value, written):
    with speaking(lang):
        assert num(value) == written


def test_num_is_a_filter_of_every_template(app, speaking):
    with speaking("de"):
        written = app.jinja_env.from_string("{{ 36.5 | num }} {{ -20 | num }}").render()
        assert written == "36,5 \u221220"


@pytest.mark.parametrize(("lang", "written", "time"), [
    ("en", "Mar 4, 2026, 7:05\u202fPM UTC", "7:05\u202fPM UTC"),
    ("de", "04.03.2026, 19:05 UTC", "19:05 UTC"),
    ("ar", "04\u200f/03\u200f/2026، 7:05 م UTC", "7:05 م UTC")])
def test_a_moment_is_written_in_the_pages_language(speaking, lang, written, time):
    with speaking(lang):
        assert when(MOMENT).replace("\u202f", " ") == written.replace("\u202f", " ")
        assert when(MOMENT, time_only=True).replace("\u202f", " ") == time.replace("\u202f", " ")
        assert when(None) == ""


@pytest.mark.parametrize(("lang", "number", "words"), [
    ("en", 5, "five"), ("de", 5, "fünf"), ("ar", 5, "خمسة"), ("de", 3, "drei"),
    ("ar", 3, "ثلاثة"), ("de", 12, "zwölf"), ("ar", 0, "صفر"), ("de", 13, "13"),
    ("ar", 40, "40")])
def test_a_small_number_is_said_in_the_pages_words(speaking, lang, number, words):
    with speaking(lang):
        assert in_words(number) == words


# --- a cell typed in Arabic-Indic digits ------------------------------------------------------

def test_a_round_typed_in_arabic_indic_digits_is_saved_as_its_numbers(client, api):
    match = api.create(("Ana", "Ben", "Cy"))
    host = match["tokens"]["host"]
    client.set_cookie("lang", "ar")

    response = client.post(f"/m/{host}/round", data={
        "s0": "١٠", "s1": "۵+\u0665", "s2": "\u061c-٣"})

    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    state = api.call("GET", f"/matches/{match['id']}", host).get_json()
    assert state["rounds"][0]["cells"] == [10, 10, -3]


def test_a_cell_with_a_decimal_mark_is_refused_in_the_pages_language(client, api):
    match = api.create(("Ana", "Ben"))
    host = match["tokens"]["host"]
    client.set_cookie("lang", "de")

    response = client.post(f"/m/{host}/round", data={"s0": "2,5", "s1": "3"})

    assert "Nur ganze Zahlen, ohne Komma oder Trennzeichen." in response.get_data(as_text=True)
    assert api.call("GET", f"/matches/{match['id']}", host).get_json()["rounds"] == []


@pytest.mark.parametrize("shares, percents", [
    ([1 / 3, 1 / 3, 1 / 3], [34, 33, 33]),
    ([0.505, 0.495], [51, 49]),
    ([0.125, 0.125, 0.125, 0.625], [13, 13, 12, 62]),
    ([0.0, 1.0], [0, 100]),
    ([0.996, 0.002, 0.002], [100, 0, 0]),
])
def test_chances_are_whole_percents_that_add_to_a_hundred(shares, percents):
    assert whole_percents(shares) == percents


@given(st.lists(st.floats(min_value=0, max_value=1), min_size=1, max_size=12)
       .filter(lambda shares: sum(shares) > 0))
def test_whole_percents_add_to_a_hundred_each_within_one_of_its_share(shares):
    percents = whole_percents(shares)
    assert sum(percents) == 100
    for share, percent in zip(shares, percents, strict=True):
        assert abs(percent - 100 * share / sum(shares)) < 1
