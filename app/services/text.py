"""What people type as names: trimmed, bounded, plain text, and matched ignoring case."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any

from ..errors import Conflict, Invalid
from ..games.say import Say

NAME_LIMIT = 40


def unprintable(text: str) -> bool:
    """Whether the text holds a control character: a name is shown on every phone, and a NUL
    byte cannot even be stored in PostgreSQL."""
    return any(unicodedata.category(ch) == "Cc" for ch in text)


def clean_text(value: Any, field: str, limit: int, what: str) -> str:
    """A required one-line text: trimmed, 1 to `limit` characters, no control characters."""
    if not isinstance(value, str) or not value.strip():
        raise Invalid(Say("%(what)s needs some text.", what=what), field)
    if len(value.strip()) > limit:
        raise Invalid(Say("%(what)s is at most %(limit)s characters.", what=what, limit=limit),
                      field)
    if unprintable(value.strip()):
        raise Invalid(Say("%(what)s is plain text: no control characters.", what=what), field)
    return value.strip()


def fold(name: str) -> str:
    """A name as names are matched: trimmed, composed alike, and case-folded ("ANA " is Ana)."""
    return unicodedata.normalize("NFC", name.strip()).casefold()


def clean_names(values: Any, field: str = "players") -> list[str]:
    """A list of players' names, each 1 to 40 characters of plain text (not yet told apart)."""
    if not isinstance(values, list):
        raise Invalid(Say("Give the players as a list of names."), field)
    return [clean_text(value, f"{field}[{i}]", NAME_LIMIT,
                       Say("Player %(number)s's name", number=i + 1))
            for i, value in enumerate(values)]


def refuse_repeats(names: Sequence[str], field: str = "players") -> None:
    """Two names that are one person's (ignoring case and surrounding spaces): 409."""
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        if fold(name) in seen:
            first = names[seen[fold(name)]]
            raise Conflict(Say("“%(name)s” and “%(first)s” are one name: a group tells its players "
                               "apart ignoring case.", name=name, first=first), f"{field}[{i}]")
        seen[fold(name)] = i
