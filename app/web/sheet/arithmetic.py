"""What a person types into a cell: a whole number or a quick sum like 10+15-5 (with a half, like
36.5, where a half is allowed), in any script's digits: ٣٦٫٥ is 36.5 (SPEC section 5)."""

from __future__ import annotations

import re
from typing import Literal, overload

from ...games.say import Say

_SIGNS = str.maketrans({"−": "-", "–": "-", "—": "-", "－": "-", "＋": "+",
                        # The marks an Arabic phone writes before a sign (CLDR's "؜-" and "‏-"),
                        # which a person copying a number copies too: invisible, so dropped.
                        "\u061c": None, "\u200e": None, "\u200f": None})
# A decimal mark: "." or "," (German), "٫" (Arabic); "٬" is the Arabic thousands separator.
_MARKS = ".,\u066b\u066c"
_TERM = re.compile(r"\s*([+-]?)\s*(\d{1,12})\s*")
_HALF_TERM = re.compile(r"\s*([+-]?)\s*(\d{1,12})(?:[.,\u066b](\d))?\s*")
_FRACTION = re.compile(rf"\d(\s*)([{_MARKS}])(\s*)(\d+)")

# The refusals: English, as the API says them; a page says them in its language (`say`).
TYPE_A_NUMBER = Say("Type a number.")
WHOLE_ONLY = Say("Whole numbers only, without decimal points or separators.")
HALVES_ONLY = Say("Whole or half points only, like 36.5, without separators.")
TOO_LONG = Say("That number is too long for a score.")
LIKE_A_SUM = Say("Type a whole number, or a sum like 10+15-5.")


class NotANumber(ValueError):
    pass


@overload
def evaluate(text: str, halves: Literal[False] = False) -> int: ...


@overload
def evaluate(text: str, halves: bool) -> int | float: ...


def evaluate(text: str, halves: bool = False) -> int | float:
    """The number a cell's text stands for: a whole number, or with `halves` one that may end in
    .5 (as an int where it is whole); NotANumber with a sentence when it stands for none."""
    text = text.translate(_SIGNS).strip()
    if not text:
        raise NotANumber(TYPE_A_NUMBER)
    for fraction in _FRACTION.finditer(text):
        spaced, mark, digits = fraction[1] or fraction[3], fraction[2], fraction[4]
        if not halves:
            raise NotANumber(WHOLE_ONLY)
        # A half is one digit after the mark: "1,000" or "1.000" is a thousand somewhere.
        if spaced or mark == "\u066c" or len(digits) != 1 or int(digits) not in (0, 5):
            raise NotANumber(HALVES_ONLY)
    if re.search(r"\d{13}", text):
        raise NotANumber(TOO_LONG)
    term = _HALF_TERM if halves else _TERM
    halves_total, position, first = 0, 0, True
    while position < len(text):
        match = term.match(text, position)
        if match is None or (not first and not match.group(1)):
            raise NotANumber(LIKE_A_SUM)
        half = halves and match.group(3) is not None and int(match.group(3)) == 5
        value = int(match.group(2)) * 2 + half
        halves_total += -value if match.group(1) == "-" else value
        position, first = match.end(), False
    return halves_total // 2 if halves_total % 2 == 0 else halves_total / 2
