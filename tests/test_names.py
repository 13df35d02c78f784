"""Every name's one normal form (SPEC section 6), as properties over any text."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.services.text import fold, normal_text

pytestmark = pytest.mark.no_database

# Any text, with the characters that hide in names weighted in.
HIDDEN = st.sampled_from(["\u200b", "\u200d", "\u202e", "\u2066", "\u2069", "\ufeff", "\u00ad",
                          "\u3164", "\u2800", "\x00", "\x7f", "\ufe0f", "\u3000", "\t", "\n",
                          "\u00a0", "\U000e0041", "\u061c"])
TEXT = st.lists(st.one_of(st.characters(), HIDDEN, st.sampled_from(["A", "a", "Ａ", " "])),
                max_size=30).map("".join)
INVISIBLE = {"\u200b", "\u200d", "\u202e", "\u2066", "\u2069", "\ufeff", "\u00ad", "\u3164",
             "\u2800", "\ufe0f", "\u061c", "\U000e0041"}


@given(TEXT)
def test_the_normal_form_is_its_own_normal_form(text):
    once = normal_text(text)
    assert normal_text(once) == once
    assert fold(fold(text)) == fold(text)


@given(TEXT)
def test_nothing_invisible_and_no_runs_of_spaces_are_left(text):
    name = normal_text(text)
    assert name == name.strip() and "  " not in name
    assert not any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co") for ch in name)
    assert not INVISIBLE & set(name)
    assert unicodedata.normalize("NFKC", name) == name


@given(TEXT, st.lists(HIDDEN, max_size=4), st.booleans())
def test_names_that_differ_by_what_cannot_be_seen_or_by_case_are_one(text, hidden, upper):
    """What hides in a name, anywhere in it, and its case, make no second player."""
    name = normal_text(text)
    twin = "".join(h for h in hidden if h not in "\t\n\u3000\u00a0") + (
        name.upper() if upper else name)
    assert fold(twin) == fold(name.upper() if upper else name)
    if upper:
        assert fold(name.upper()) == fold(name) or name.upper().casefold() != name.casefold()


@given(st.lists(TEXT, max_size=5))
def test_a_note_keeps_its_lines_each_made_normal(rows):
    note = normal_text("\n".join(rows), lines=True)
    assert note == normal_text(note, lines=True)
    assert all(row == normal_text(row) for row in note.split("\n"))


def test_the_names_spec_section_6_names():
    assert fold("ＡＮＡ") == fold("Ana\u200b") == fold("ana") == fold("Ana\u202e") == "ana"
    assert normal_text("\u3164") == normal_text("\u2800") == normal_text("\u200b\u202e") == ""
    assert normal_text(" Ana \u3000  Lee ") == "Ana Lee"
