"""A seat's secret (a Banana Bandido character): typing it, the key its phone reads it back
with, and who may see it."""

from __future__ import annotations

import secrets
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from ...errors import (
    Conflict,
    Forbidden,
    Invalid,
    NotFound,
    Refusal,
    TypedElsewhere,
    unless_refused,
)
from ...games import Game
from ...games.say import Say
from .access import Access
from .sheet import Sheet, key_hash, key_matches, sheet_of
from .writes import log_change, parse_input, writing


@dataclass(frozen=True)
class Character:
    """A seat's secret character as a client typed it, read by its game's engine (its symbols)
    and whether it is shown to the table."""

    symbols: Any
    revealed: bool = False


def read_character_body(game: Game, body: Any) -> Character:
    """`{"symbols": [three symbols], "revealed": false}` (the API's body) read by `game`'s
    engine."""
    if not isinstance(body, Mapping):
        raise Invalid(Say("Give the character as {\"symbols\": [three symbols], "
                          "\"revealed\": false}."))
    for name in body:  # a typo ("reveal") must not leave the character hidden unnoticed
        if name not in ("symbols", "revealed"):
            raise Invalid(Say("Unknown field “%(name)s”.", name=name), (name,))
    return read_character(game, body.get("symbols"), body.get("revealed", False))


def read_character(game: Game, symbols: Any, revealed: Any = False) -> Character:
    """A character's symbols, as typed, read by `game`'s engine; whether it is revealed."""
    parse = game.parse_character
    if parse is None:  # a game with no secrets, which Access.check refused already
        raise NotFound(Say("%(game)s has no characters.", game=game.title))
    read = parse_input(parse, symbols)
    if not isinstance(revealed, bool):
        raise Invalid(Say("“revealed” must be true or false."), ("revealed",))
    return Character(read, revealed)


def set_character(access: Access, match_id: str, seat: int, typed: Character | Refusal,
                  if_match: Collection[int] | None = None, *, key: str | None = None,
                  replace: bool = True) -> tuple[Sheet, str]:
    """A seat's secret character (`typed`, or the refusal of what was sent), typed by that
    seat alone; revealing is for good.

    Answers the sheet and the character's new key: only a phone that holds it reads the
    character back while it is hidden. Each call gives a new key, and the old one stops
    working (the phone that typed it last is the one that knows). Without `replace`, a
    character typed on another phone (one whose key this phone, holding `key`, lacks) is kept
    and TypedElsewhere says so: a phone asks its player before replacing it."""
    with writing(access, match_id, if_match, "character", seat=seat) as sheet:
        if sheet.result.over:
            raise Conflict(Say("The match is over: characters can no longer change."))
        stored = sheet.match.seats[seat]
        if not replace and stored.character and not key_matches(stored.character_key, key):
            raise TypedElsewhere(Say("A character was already entered for this seat on "
                                     "another phone. Replace it?"))
        typed = unless_refused(typed)
        symbols, revealed = typed.symbols, typed.revealed
        row = sheet.match.seats[seat]
        revealed = revealed or row.revealed  # a revealed character stays revealed
        # Dealt at setup, the character counts in every round already played (SPEC): one that
        # wins an earlier round while later rounds exist is refused, and only this seat hears
        # so; one that wins the latest round ends the match there.
        secrets_ = list(sheet.secrets)
        secrets_[seat] = symbols
        result = sheet.replay(sheet.rounds, secrets_)
        if result.over_after is not None and result.over_after < len(sheet.rounds) - 1:
            won = result.over_after + 1
            raise Conflict(Say("With that character you would already have won in round %(won)s, "
                               "yet later rounds were played since. Check its symbols; if they "
                               "are right, ask the host to delete the rounds after round "
                               "%(won)s, then type it again.", won=won))
        # 24 random bytes: 192 bits, far past guessing (and 32 characters, which the logs
        # mask as they mask a link's token).
        key = secrets.token_urlsafe(24)
        row.character, row.revealed, row.character_key = symbols, revealed, key_hash(key)
        # The symbols and the key stay out of the log: the host reads it, and both are secret.
        log_change(sheet, access, "character", seat=seat, after={"revealed": revealed})
    return sheet_of(sheet.match), key


def as_seat(access: Access, seat: int) -> Access:
    """The host who plays, at their own seat: on the host's phone the host's link types that
    seat's character as the seat's own link would. The host holds every seat's link anyway, so
    this grants nothing new; reading a character back still takes the key of the phone that
    typed it."""
    if access.role != "host":
        raise Forbidden(Say("Only that seat's own link can set its character."))
    return Access(access.match_id, "seat", seat)


def phone_seat(sheet: Sheet, access: Access, key: str | None) -> int | None:
    """The seat whose hidden character this phone typed with this link, which it alone reads
    back: a seat's own, or the one a host who plays typed on the host's phone (None: none)."""
    if not key:
        return None
    if access.role == "seat" and access.seat is not None:
        return access.seat if sheet.key_opens(access, access.seat, key) else None
    if access.role == "host":
        return next((row.position for row in sheet.match.seats
                     if key_matches(row.character_key, key)), None)
    return None


def character_visible(sheet: Sheet, access: Access, seat: int, key: str | None) -> bool:
    """May this link, on a phone that holds `key` (None: no key), read `seat`'s character?

    The phone that typed it: yes, with the seat's own link, or the host's link where the host
    plays that seat and typed it on that phone. Once revealed, or the match over or banked:
    everyone. Otherwise nobody else: not the host (who holds every seat's link), nor the seat's
    own link on another phone (an abandoned match was never over: its characters stay hidden).
    The API reads the sheet's own rule: there only a seat's token holds a key."""
    return sheet.character_visible(access, seat, key) or (
        access.role == "host" and phone_seat(sheet, access, key) == seat)
