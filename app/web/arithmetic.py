"""What a person types into a cell: a whole number or a quick sum like 10+15-5."""

from __future__ import annotations

import re

_SIGNS = str.maketrans({"−": "-", "–": "-", "—": "-", "－": "-", "＋": "+"})
_TERM = re.compile(r"\s*([+-]?)\s*(\d{1,12})\s*")


class NotANumber(ValueError):
    pass


def evaluate(text: str) -> int:
    """The whole number a cell's text stands for; NotANumber with a sentence when it stands for none."""
    text = text.translate(_SIGNS).strip()
    if not text:
        raise NotANumber("Type a number.")
    if re.search(r"\d\s*[.,]\s*\d", text):
        raise NotANumber("Whole numbers only, without decimal points or separators.")
    if re.search(r"\d{13}", text):
        raise NotANumber("That number is too long for a score.")
    total, position, first = 0, 0, True
    while position < len(text):
        match = _TERM.match(text, position)
        if match is None or (not first and not match.group(1)):
            raise NotANumber("Type a whole number, or a sum like 10+15-5.")
        value = int(match.group(2))
        total += -value if match.group(1) == "-" else value
        position, first = match.end(), False
    return total
