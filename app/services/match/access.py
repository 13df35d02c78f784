"""Who a match's link is: the access a token grants (the host, one seat, or only a look), found in
one query with the match's version, and what it may do at a table. A leaf: it imports no other
service, so every service can import it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, select

from ...errors import Forbidden, NotFound
from ...extensions import db, mark_begun_to_write, write_intent
from ...games import Game, Side
from ...games.say import Say
from ...models import Match, Token
from ..limits import link_row


@dataclass(frozen=True)
class Table:
    """What the checks before a write need of a match: its game, its players and their sides,
    how many rounds it holds, and its options (what a round's input is read with)."""

    game: Game
    players: tuple[str, ...]
    sides: tuple[Side, ...]
    rounds: int
    options: Mapping[str, Any]


@dataclass(frozen=True)
class Access:
    """What a token lets its holder do: the whole match (host), one seat, or only look (view)."""

    match_id: str
    role: str  # "host", "seat" or "view"
    seat: int | None = None

    @property
    def actor(self) -> str:
        return f"seat {self.seat}" if self.role == "seat" else self.role

    def writable_seats(self, sides: tuple[Side, ...], players: int) -> frozenset[int]:
        """The seats whose parts this token may type: all for the host, its side's for a seat."""
        if self.role == "host":
            return frozenset(range(players))
        if self.role == "seat":
            return frozenset(next(side.seats for side in sides if self.seat in side.seats))
        return frozenset()

    def check(self, table: Table, action: str, number: int | None = None,
              seat: int | None = None) -> None:
        """Refuses what this token may not do at this table: 404, then 403, in SPEC order."""
        count, players = table.rounds, len(table.players)
        if action in ("edit_round", "delete_round") and not _among(number, 1, count):
            raise NotFound(Say("There is no round %(number)s.", number=number))
        if action == "set_part":
            if not _among(number, 1, count + 1):
                raise NotFound(Say("There is no round %(number)s.", number=number))
            if not _among(seat, 0, players - 1):
                raise NotFound(Say("There is no seat %(seat)s.", seat=seat))
            if seat not in self.writable_seats(table.sides, players):
                raise Forbidden(Say("This link can only enter its own seat's scores."))
        elif action == "character":
            if not table.game.secrets:
                raise NotFound(Say("%(game)s has no characters.", game=table.game.title))
            if not _among(seat, 0, players - 1):
                raise NotFound(Say("There is no seat %(seat)s.", seat=seat))
            if self.role != "seat" or self.seat != seat:
                raise Forbidden(Say("Only that seat's own link can set its character."))
        elif action == "bank":
            if self.role not in ("host", "seat"):
                raise Forbidden(Say("Only the host or a player can bank the match."))
        elif action == "read_cell":
            if not _among(number, 1, count) or not _among(seat, 0, players - 1):
                raise NotFound(Say("There is no such cell."))
        elif action != "read" and self.role != "host":
            raise Forbidden(Say("Only the host's link can do that."))


def _among(value: int | None, first: int, last: int) -> bool:
    """Whether the round or seat named is one of first to last (none named is none of them)."""
    return value is not None and first <= value <= last


def authenticate(secret: str | None, address: str | None = None) -> Access:
    """The access a token grants. Unknown tokens are 401, and too many of them from one address
    429."""
    return authenticate_at(secret, address)[0]


# Every request with a link asks this, a poll nothing else: the statement is built once, and run
# on the session's connection as it is (no ORM loading), at a quarter of the CPU.
_TOKEN_AND_VERSION = (select(Token.match_id, Token.role, Token.seat, Match.version)
                      .join(Match, Token.match_id == Match.id)
                      .where(Token.secret == bindparam("secret")))


def authenticate_at(secret: str | None, address: str | None = None) -> tuple[Access, int]:
    """The access a token grants and its match's version, in one query: what a poll needs."""
    row = link_row(_TOKEN_AND_VERSION, secret, address,
                   Say("This link is not (or no longer) valid."))
    return Access(row.match_id, row.role, row.seat), row.version


def authenticate_to_write(secret: str | None, address: str | None = None) -> tuple[Access, int]:
    """authenticate_at(), for a request that writes: its transaction is begun as a write's
    (SQLite's BEGIN IMMEDIATE), and writes.writing() carries on in it instead of ending it and
    beginning another: one transaction a write, not a read's and then a write's."""
    db.session.rollback()
    with write_intent():
        found = authenticate_at(secret, address)
    mark_begun_to_write()
    return found


def match_version(match_id: str) -> int | None:
    """A match's version now (None for no such match), read without any link: for a caller
    with no request (the delivery worker drawing a result card)."""
    return db.session.scalar(select(Match.version).where(Match.id == match_id))
