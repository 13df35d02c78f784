"""The dates the app takes from a client or an import: from 1900 to 2999, far inside what every
sum done with one later can hold (the day after a season's last, an evening's six hours before a
match, a time zone's hours either way), and the one sentence that refuses one."""

from __future__ import annotations

from datetime import date, datetime

from ..games.say import Say

FIRST = date(1900, 1, 1)
LAST = date(2999, 12, 31)
OUT_OF_RANGE = Say("A date from %(first)s to %(last)s.", first=FIRST.isoformat(),
                   last=LAST.isoformat())


def held(day: date) -> bool:
    """Whether a day, or a moment in UTC (by its day), is one the app takes."""
    return FIRST <= (day.date() if isinstance(day, datetime) else day) <= LAST
