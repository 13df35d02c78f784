"""What a file of plays logged elsewhere (a BG Stats export or a spreadsheet's CSV) holds, as
plain values: the file's players, games and plays, and the plays that could not be read, each
with why; and the readings both kinds of file share (a score as typed, a name's bounds, a time
without an offset). Nothing here touches the database: what the values become in a group is
decided elsewhere. app/services/plays/files.py reads a file into them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone, tzinfo
from decimal import Context, Decimal, Inexact, InvalidOperation, Overflow
from typing import Any

from ...games.say import Say
from .rules import Ways

# SPEC section 14: a file brings at most this many plays in (413 past it).
MAX_PLAYS = 100_000
# SPEC section 14: a recorded play seats 1 to 30 players.
MAX_PLAYERS = 30
# SPEC section 6: a name is judged on its raw length before it is normalised; then on its length
# trimmed (a played game's name is 1-60 characters, a player's 1-40).
RAW_NAME_LIMIT = 200
GAME_NAME_LIMIT = 60
PLAYER_NAME_LIMIT = 40
NOTE_LIMIT = 500
# A score is kept exactly: at most this many significant digits, and below this in size.
SCORE_DIGITS = 15
SCORE_BOUND = Decimal(10) ** 12


@dataclass(frozen=True)
class FilePlayer:
    """A player as the file names them."""

    key: str  # BG Stats: the player's uuid; CSV: the player's name as typed (trimmed)
    name: str  # trimmed
    guest: bool  # BG Stats isAnonymous; CSV: always False


@dataclass(frozen=True, kw_only=True)
class FileGame(Ways):
    """A game as the file names it, with the file's flags: the ways its plays are placed."""

    key: str  # BG Stats: the game's uuid; CSV: the game's name casefolded and trimmed
    name: str
    bgg_id: int | None


@dataclass(frozen=True)
class FileLine:
    """One player's line of a play."""

    player: str  # a FilePlayer key
    score: Decimal | None  # None: no score
    winner: bool | None  # None: the file did not say
    team: str | None  # None: no team
    first: bool = False  # the start player


@dataclass(frozen=True)
class FilePlay:
    """One play of the file, ready to be recorded."""

    key: str  # BG Stats: the play's uuid; CSV: its `play` value, else "row <n>" of its first row
    game: str  # a FileGame key
    played_at: datetime  # timezone-aware
    minutes: int | None
    note: str | None  # "At <location>" where the play has a location
    ignored: bool  # taken out of the bank
    modified: datetime | None  # when the file last changed it, where the file says
    uses_teams: bool
    lines: tuple[FileLine, ...]


@dataclass(frozen=True)
class Problem:
    """A play of the file that was skipped, and why."""

    play: str  # the play's key, or for a CSV "row <n>"
    message: Say


@dataclass(frozen=True)
class FileContents:
    """Everything a file holds that can be brought in."""

    kind: str  # "bgstats" or "csv"
    players: Mapping[str, FilePlayer]  # only the players of the plays read, by key
    games: Mapping[str, FileGame]  # only the games of the plays read, by key
    plays: tuple[FilePlay, ...]  # in the file's order
    problems: tuple[Problem, ...]  # the plays skipped, each with why


class FileRefused(Exception):
    """The whole file cannot be read: not JSON nor CSV, not an export, or too many plays."""

    def __init__(self, message: Say, too_large: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.too_large = too_large


def too_many_plays() -> FileRefused:
    return FileRefused(Say("A file brings at most %(most)s plays in.", most=f"{MAX_PLAYS:,}"),
                       too_large=True)


_NUMBER = r"(?:\d+(?:\.\d*)?|\.\d+)"
# A number, or a sum as BG Stats keeps what was typed: "10+10+15", "-10+7+22", "12.5 - 3".
_SUM = re.compile(rf"\s*[+-]?\s*{_NUMBER}(?:\s*[+-]\s*{_NUMBER})*\s*", re.ASCII)
_TERM = re.compile(rf"([+-]?)\s*({_NUMBER})", re.ASCII)
_PLAIN = re.compile(r"-?\d{1,12}(?:\.\d{1,3})?", re.ASCII)  # most scores: read at once


class ScoreOutOfBounds(ValueError):
    """A score that is a number, but one that cannot be kept exactly."""


def bounded(value: Decimal) -> Decimal:
    """A score that can be kept exactly (finite, at most 15 digits and 15 decimal places, below
    10**12 in size; written without an exponent), else ScoreOutOfBounds."""
    if not value.is_finite() or abs(value) >= SCORE_BOUND:
        raise ScoreOutOfBounds(f"out of bounds: {value}")
    sign, digits, exponent = value.as_tuple()
    assert isinstance(exponent, int)  # a finite number's
    if exponent > 0:  # 1E+3, as JSON may write a thousand
        value = value.quantize(_WHOLE)
    elif len(digits) > SCORE_DIGITS or exponent < -SCORE_DIGITS:
        raise ScoreOutOfBounds(f"too many digits: {value}")
    return value


_WHOLE = Decimal(1)
# Where a sum's terms are added: exactly, or not at all.
_EXACT = Context(prec=100, traps=[InvalidOperation, Inexact, Overflow])


def score_problem(typed: object, name: str, error: ValueError) -> Say:
    """Why a score of the file cannot be brought in."""
    if isinstance(error, ScoreOutOfBounds):
        return Say("The score “%(score)s” of %(name)s has more than 15 digits or is not below "
                   "a million million.", score=str(typed)[:40], name=shown(name))
    return Say("The score “%(score)s” of %(name)s is neither a number nor a sum of numbers.",
               score=str(typed)[:40], name=shown(name))


def score_of(text: str) -> Decimal | None:
    """A score as typed: "" (or blanks) is no score; "12.5", "-3"; a sum "10+10+15" is 35.
    ValueError for anything else, and for a score (or a term of its sum) out of bounds."""
    if _PLAIN.fullmatch(text):  # at most 15 digits, below 10**12
        return Decimal(text)
    if not text.strip():
        return None
    if len(text) > 1000 or not _SUM.fullmatch(text):
        raise ValueError(f"not a number nor a sum: {text[:50]!r}")
    total = Decimal(0)
    try:
        for sign, number in _TERM.findall(text):
            term = bounded(Decimal(number))
            total = _EXACT.subtract(total, term) if sign == "-" else _EXACT.add(total, term)
    except Inexact as error:
        raise ScoreOutOfBounds(f"too many digits: {text[:50]!r}") from error
    except (InvalidOperation, Overflow) as error:
        raise ValueError(f"not a number: {text[:50]!r}") from error
    return bounded(total)


def shown(name: str) -> str:
    """A name of the file as a message may quote it: trimmed, and cut short past 40 characters."""
    name = name.strip()
    return name if len(name) <= PLAYER_NAME_LIMIT else name[:PLAYER_NAME_LIMIT] + "…"


def player_name_problem(value: object) -> Say | None:
    """Why a player's name of the file cannot be brought in (None: it can), judged on its raw
    length first (SPEC section 6), then trimmed."""
    if not isinstance(value, str) or not value.strip():
        return Say("One of its players has no name.")
    if len(value) > RAW_NAME_LIMIT or len(value.strip()) > PLAYER_NAME_LIMIT:
        return Say("The player “%(name)s” has a name longer than %(limit)s characters.",
                   name=shown(value), limit=PLAYER_NAME_LIMIT)
    return None


def game_name_problem(value: object) -> Say | None:
    """Why a game's name of the file cannot be brought in (None: it can), as for a player."""
    if not isinstance(value, str) or not value.strip():
        return Say("Its game has no name.")
    if len(value) > RAW_NAME_LIMIT or len(value.strip()) > GAME_NAME_LIMIT:
        return Say("The game “%(name)s” has a name longer than %(limit)s characters.",
                   name=shown(value), limit=GAME_NAME_LIMIT)
    return None


_OFFSETS: dict[timedelta | None, timezone] = {}


def placed(when: datetime, zone: tzinfo) -> datetime:
    """A time of the file: one with an offset as it is; one without read as local time in
    `zone`, and given that moment's offset (so that two times of the file compare and subtract as
    moments, across a change of summer time too)."""
    if when.tzinfo is not None:
        return when
    offset = when.replace(tzinfo=zone).utcoffset()
    fixed = _OFFSETS.get(offset)
    if fixed is None:
        fixed = _OFFSETS[offset] = timezone(offset or timedelta(0))
    return when.replace(tzinfo=fixed)


def decoded(data: bytes) -> str:
    """The file's text (UTF-8, a byte order mark allowed), else FileRefused."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise FileRefused(Say("This file is not text in UTF-8: it is neither a BG Stats export "
                              "nor a CSV.")) from error


def parsed_json(text: str) -> Any:
    """A JSON document with its fractions read as exact decimals, else FileRefused."""
    try:
        return json.loads(text, parse_float=Decimal)
    except (ValueError, RecursionError) as error:
        raise FileRefused(Say("This is not a BG Stats export: its JSON cannot be read.")) \
            from error
