"""A match's links: what a token grants, the checks a request passes before its body is read
(in SPEC order), and the links read and replaced."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import bindparam, func, select

from .. import ratelimit
from ..errors import Invalid, NotFound, TooManyRequests, Unauthorized
from ..extensions import db, mark_begun_to_write, write_intent
from ..games import GAMES
from ..games.say import Say
from ..models import Change, Group, Match, Round, Seat, Token
from .rights import Access, Table
from .sheet import Sheet, load_sheet, version_table
from .writes import group_of, log_change, touch_group, writing


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
    row = None
    if secret and len(secret) <= 64:
        row = db.session.connection().execute(_TOKEN_AND_VERSION, {"secret": secret}).first()
    if row is None:
        if not ratelimit.allow("unknown_token", address):
            raise TooManyRequests(Say("Too many unknown links from this address; wait a minute."))
        raise Unauthorized(Say("This link is not (or no longer) valid."))
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


def check(access: Access, match_id: str, action: str, number: int | None = None,
          seat: int | None = None) -> Sheet:
    """The checks that come before a request's body is read, in SPEC order: 404, then 403."""
    if access.match_id != match_id:
        raise NotFound(Say("No such match."))
    sheet = load_sheet(match_id)
    access.check(sheet.table, action, number, seat)
    return sheet


# precheck's statements, built once and run as they are (no ORM loading): every write asks them.
_GAME_OPTIONS_ROUNDS = (
    select(Match.game, Match.options,
           select(func.count(Round.id)).where(Round.match_id == Match.id).scalar_subquery())
    .where(Match.id == bindparam("match_id")))
_SEAT_NAMES = (select(Seat.name).where(Seat.match_id == bindparam("match_id"))
               .order_by(Seat.position))


def precheck(access: Access, match_id: str, action: str, number: int | None = None,
             seat: int | None = None, version: int | None = None) -> None:
    """check(), for a write that will check again under its lock: no replay, and with the
    `version` that authenticate_at() read, no query either where that version's table is kept
    (the write or read that made or saw it keeps it: services/sheet.py); else two small
    queries."""
    if access.match_id != match_id:
        raise NotFound(Say("No such match."))
    table = (_table(match_id) if version is None
             else version_table(match_id, version, lambda: _table(match_id)))
    access.check(table, action, number, seat)


def _table(match_id: str) -> Table:
    connection = db.session.connection()
    found = connection.execute(_GAME_OPTIONS_ROUNDS, {"match_id": match_id}).first()
    if found is None:
        raise NotFound(Say("No such match."))
    name, options, rounds = found
    game = GAMES[name]
    players = tuple(connection.execute(_SEAT_NAMES, {"match_id": match_id}).scalars())
    return Table(game, players, game.sides(players, options), rounds)


def tokens(access: Access, match_id: str) -> dict[str, Any]:
    check(access, match_id, "tokens")
    rows = db.session.scalars(
        select(Token).where(Token.match_id == match_id).order_by(Token.seat)).all()
    by_role = {t.role: t.secret for t in rows if t.role != "seat"}
    return {"host": by_role["host"], "view": by_role["view"],
            "seats": [t.secret for t in rows if t.role == "seat"]}


def replace_link(access: Access, match_id: str, role: Any, seat: Any = None) -> dict[str, Any]:
    """A new secret for one link; the old one stops working at once. Host only."""
    if role not in ("host", "view", "seat"):
        raise Invalid(Say("Say which link: host, view or seat."), "role")
    group_id = group_of(match_id)
    with writing(access, match_id, None, "replace_link", ended_too=True, group_id=group_id,
                 touches_group=True) as sheet:
        if role == "seat":
            if isinstance(seat, bool) or not isinstance(seat, int) or not (
                    0 <= seat < len(sheet.players)):
                raise Invalid(Say("Say which seat's link to replace."), "seat")
        else:
            seat = None
        token = db.session.scalars(select(Token).where(
            Token.match_id == match_id, Token.role == role, Token.seat.is_(seat)
            if seat is None else Token.seat == seat)).one()
        # 32 random bytes: 256 bits, far past guessing.
        token.secret = secrets.token_urlsafe(32)
        token.created_at = datetime.now(UTC)
        log_change(sheet, access, "replace_link", seat=seat, after={"role": role})
        if role == "view" and group_id is not None and sheet.match.ended == "banked":
            touch_group(db.session.get_one(Group, group_id))  # the bank links the sheet by it
        for previous in db.session.scalars(
                select(Match).where(Match.next_id == match_id).with_for_update()):
            # The match this one is the rematch of offers this link to its phones.
            previous.version += 1
            previous.updated_at = token.created_at
            db.session.add(Change(match_id=previous.id, version=previous.version,
                                  actor="host", action="next_link", after={"role": role}))
    return tokens(Access(match_id, "host"), match_id)
