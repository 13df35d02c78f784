"""What people type as names: one normal form (SPEC section 6), bounded, and matched ignoring
case. Players', matches', groups' names, places and notes all pass through `normal_text`."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Any

from ..errors import Conflict, Invalid, Where
from ..games.say import Say

NAME_LIMIT = 40
# SPEC section 6: a text is judged on its raw length before it is normalised, so that nothing
# expands in the server (NFKC turns U+FDFA into 18 characters; a name of 2 MB of them held a
# worker 17 s and 2.5 GB). Four raw characters a kept one leave room for what normalising drops.
RAW_PER_CHARACTER = 4


# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): drawn as nothing, so a
# name made of them looks empty and "Ana\u200b" looks like "Ana". With them, the blanks that are
# letters or symbols to Unicode but draw nothing: U+2800 (braille blank) and the Hangul fillers.
_INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0000-\U000e0fff]")
# Control, format, surrogate and private-use characters: no name is made of them, a NUL cannot
# even be stored in PostgreSQL, and bidi controls turn what the table reads around.
_UNWRITTEN = {"Cc", "Cf", "Cs", "Co"}


def normal_text(text: str, lines: bool = False) -> str:
    """The one form every name is kept in: NFKC ("ＡＮＡ" is "ANA"), with nothing invisible
    (control, format and default-ignorable characters), each run of spaces one space, trimmed.
    With `lines` (a note), its line breaks stay, each line so made."""
    text = unicodedata.normalize("NFKC", _INVISIBLE.sub("", text.replace("\r\n", "\n")))
    rows = text.split("\n") if lines else [text]
    kept = ["".join(ch for ch in row if unicodedata.category(ch) not in _UNWRITTEN
                    and not _INVISIBLE.match(ch)) for row in rows]
    # str.split() splits at every kind of space Unicode has (U+3000, U+00A0, tabs).
    return "\n".join(" ".join(row.split()) for row in kept).strip()


# What draws nothing on its own: unassigned code points, combining marks with nothing to
# combine with, and the fillers that are letters to Unicode (Khitan's is a mark already).
_SHOW_NOTHING = {"Cn", "Mn", "Mc", "Me", "Zs", "Cc"}  # Cc: a note's line breaks
_FILLERS = {"\u115f", "\u1160", "\u3164", "\uffa0"}


def shows_something(text: str) -> bool:
    """Whether a text in its normal form draws anything: not only unassigned code points,
    fillers or marks with nothing to combine with (SPEC section 6, names that show nothing)."""
    return any(unicodedata.category(ch) not in _SHOW_NOTHING and ch not in _FILLERS
               for ch in text)


def too_long(value: str, limit: int) -> bool:
    """Whether a raw text is longer than any text of `limit` characters may be typed: judged
    before it is normalised, so that no text grows in the server."""
    return len(value) > RAW_PER_CHARACTER * limit


def clean_text(value: Any, field: str | Where, limit: int, what: str) -> str:
    """A required one-line text in its normal form, 1 to `limit` characters."""
    too_many = Invalid(Say("%(what)s is at most %(limit)s characters.", what=what, limit=limit),
                       field)
    if isinstance(value, str) and too_long(value, limit):
        raise too_many
    name = normal_text(value) if isinstance(value, str) else ""
    if not shows_something(name):
        raise Invalid(Say("%(what)s needs some text.", what=what), field)
    if len(name) > limit:
        raise too_many
    return name


def clean_optional_name(value: Any, limit: int, what: str) -> str | None:
    """A name that may be left out (None, or only blanks: None), else clean_text's at `name`."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    return clean_text(value, ("name",), limit, what)


def fold(name: str) -> str:
    """A name as names are matched: in its normal form, case-folded ("ＡＮＡ", "Ana\u200b" and
    "ana" are one player)."""
    return normal_text(name).casefold()


def clean_names(values: Any, field: str = "players", most: int | None = None) -> list[str]:
    """A list of players' names, each 1 to 40 characters of plain text (not yet told apart);
    at most `most` of them, counted before any is read."""
    if not isinstance(values, list):
        raise Invalid(Say("Give the players as a list of names."), (field,))
    if most is not None and len(values) > most:
        raise Invalid(Say("A roster holds at most %(most)s players.", most=f"{most:,}"), (field,))
    return [clean_text(value, (field, i), NAME_LIMIT,
                       Say("Player %(number)s's name", number=i + 1))
            for i, value in enumerate(values)]


def refuse_repeats(names: Sequence[str], field: str = "players") -> None:
    """Two names that are one person's (ignoring case and surrounding spaces): 409."""
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        if fold(name) in seen:
            first = names[seen[fold(name)]]
            raise Conflict(Say("“%(name)s” and “%(first)s” are one name: a group tells its players "
                               "apart ignoring case.", name=name, first=first), (field, i))
        seen[fold(name)] = i


def match_name(name: str, seating: int | None = None, position: int | None = None) -> str:
    """A match's name as it is said: as typed, or for a table of a game night the night's name
    with its seating and table (a `Say`: the API says it in English, a page in its own
    language; only the night's name is stored, as it was typed)."""
    if seating is None or position is None:
        return name
    return Say("%(night)s: seating %(seating)s, table %(table)s", night=name, seating=seating,
               table=position + 1)
