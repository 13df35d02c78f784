"""The one bridge between stored rows and the game engines: pages and the API both come through here."""

from __future__ import annotations

import secrets
from collections.abc import Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import event, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import selectinload

from . import ratelimit
from .errors import Conflict, Forbidden, Invalid, NotFound, TooManyRequests, Unauthorized
from .errors import VersionMismatch
from .extensions import db
from .games import GAMES, Game, InvalidInput, Result, RoundInput, Side
from .models import Change, Entry, Match, Round, Seat, Token

NAME_LIMIT = 40
MATCH_NAME_LIMIT = 80

_write_intent: ContextVar[bool] = ContextVar("write_intent", default=False)


@event.listens_for(Engine, "connect")
def _sqlite_manual_begin(dbapi_connection, connection_record):
    """Let SQLAlchemy, not the sqlite3 module, say BEGIN, so a write can say BEGIN IMMEDIATE."""
    if type(dbapi_connection).__module__.startswith("sqlite3"):
        dbapi_connection.isolation_level = None


@event.listens_for(Engine, "begin")
def _sqlite_begin(conn):
    if conn.dialect.name == "sqlite":
        # A write takes SQLite's write lock up front, so it waits its turn (busy_timeout)
        # instead of failing with "database is locked" when it upgrades a read lock.
        conn.exec_driver_sql("BEGIN IMMEDIATE" if _write_intent.get() else "BEGIN")


@dataclass(frozen=True)
class Access:
    """What a token lets its holder do: the whole match (host), one seat, or only look (view)."""

    match_id: str
    role: str  # "host", "seat" or "view"
    seat: int | None = None

    @property
    def actor(self) -> str:
        return f"seat {self.seat}" if self.role == "seat" else self.role


@dataclass(frozen=True)
class Sheet:
    """A match as every client sees it: stored rows replayed through the game's engine."""

    match: Match
    game: Game
    players: tuple[str, ...]
    sides: tuple[Side, ...]
    rounds: tuple[RoundInput, ...]
    result: Result

    @property
    def status(self) -> str:
        if self.match.ended:
            return self.match.ended
        return "over" if self.result.over else "active"

    @property
    def version(self) -> int:
        return self.match.version

    def side_of(self, seat: int) -> Side:
        return next(side for side in self.sides if seat in side.seats)

    def writable_seats(self, access: Access) -> frozenset[int]:
        """The seats whose parts this token may type: all for the host, its side's for a seat."""
        if access.role == "host":
            return frozenset(range(len(self.players)))
        if access.role == "seat":
            return frozenset(self.side_of(access.seat).seats)
        return frozenset()

    def next_round_can_open(self) -> bool:
        return self.status == "active" and all(
            r.status != "open" for r in self.result.rounds
        )


# Reading ---------------------------------------------------------------------------------


def authenticate(secret: str | None, address: str | None = None) -> Access:
    """The access a token grants. Unknown tokens are 401, and too many of them from one address 429."""
    token = None
    if secret and len(secret) <= 64:
        token = db.session.scalar(select(Token).where(Token.secret == secret))
    if token is None:
        if not ratelimit.allow("unknown_token", address):
            raise TooManyRequests("Too many unknown links from this address; wait a minute.")
        raise Unauthorized("This link is not (or no longer) valid.")
    return Access(token.match_id, token.role, token.seat)


def version(access: Access, match_id: str) -> int:
    """The match's version, for a reader that already holds the previous one."""
    found = None
    if access.match_id == match_id:
        found = db.session.scalar(select(Match.version).where(Match.id == match_id))
    if found is None:
        raise NotFound("No such match.")
    return found


def load_sheet(match_id: str) -> Sheet:
    match = db.session.scalar(_match_query(match_id))
    if match is None:
        raise NotFound("No such match.")
    return _sheet(match)


def _match_query(match_id: str):
    return (
        select(Match)
        .where(Match.id == match_id)
        .options(
            selectinload(Match.seats),
            selectinload(Match.rounds).selectinload(Round.entries),
        )
    )


def _sheet(match: Match, rounds: Sequence[RoundInput] | None = None) -> Sheet:
    game = GAMES[match.game]
    players = tuple(seat.name for seat in match.seats)
    if rounds is None:
        rounds = tuple(_round_input(row, len(players)) for row in match.rounds)
    result = game.replay(len(players), match.options, rounds)
    return Sheet(match, game, players, game.sides(players, match.options), tuple(rounds), result)


def _round_input(row: Round, players: int) -> RoundInput:
    parts: list[Any] = [None] * players
    for entry in row.entries:
        parts[entry.seat] = entry.data
    return RoundInput(common=dict(row.common or {}), parts=tuple(parts))


def check(access: Access, match_id: str, action: str, number: int | None = None,
          seat: int | None = None) -> Sheet:
    """The checks that come before a request's body is read, in SPEC order: 404, then 403."""
    if access.match_id != match_id:
        raise NotFound("No such match.")
    sheet = load_sheet(match_id)
    _check(sheet, access, action, number, seat)
    return sheet


def _check(sheet: Sheet, access: Access, action: str, number: int | None, seat: int | None):
    count = len(sheet.rounds)
    if action in ("edit_round", "delete_round") and not 1 <= number <= count:
        raise NotFound(f"There is no round {number}.")
    if action == "set_part":
        if not 1 <= number <= count + 1:
            raise NotFound(f"There is no round {number}.")
        if not 0 <= seat < len(sheet.players):
            raise NotFound(f"There is no seat {seat}.")
        if seat not in sheet.writable_seats(access):
            raise Forbidden("This link can only enter its own seat's scores.")
    elif action == "bank":
        if access.role not in ("host", "seat"):
            raise Forbidden("Only the host or a player can bank the match.")
    elif action != "read" and access.role != "host":
        raise Forbidden("Only the host's link can do that.")


def match_json(sheet: Sheet, access: Access) -> dict[str, Any]:
    """The match as SPEC.md's GET shows it."""
    match, result = sheet.match, sheet.result
    rounds = []
    for number, (entered, outcome) in enumerate(zip(sheet.rounds, result.rounds), start=1):
        rounds.append({
            "number": number,
            "status": outcome.status,
            "input": sheet.game.round_input(entered),
            "cells": list(outcome.cells) if outcome.cells is not None else None,
            **outcome.extra,
        })
    return {
        "id": match.id,
        "game": match.game,
        "name": match.name,
        "status": sheet.status,
        "options": dict(match.options),
        "players": [{"seat": i, "name": name} for i, name in enumerate(sheet.players)],
        "sides": [
            {"index": side.index, "name": side.name, "seats": list(side.seats)}
            for side in sheet.sides
        ],
        "rounds": rounds,
        "totals": list(result.totals),
        "winners": list(result.winners) if sheet.status in ("over", "banked") else [],
        "leaders": list(result.leaders),
        "target": result.target,
        "version": match.version,
        "created_at": _utc(match.created_at).isoformat(),
        **result.extra,
    }


def _utc(moment: datetime) -> datetime:
    """SQLite hands times back without their zone; they were stored in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def tokens(access: Access, match_id: str) -> dict[str, Any]:
    check(access, match_id, "tokens")
    rows = db.session.scalars(select(Token).where(Token.match_id == match_id)).all()
    seats = sorted((t for t in rows if t.role == "seat"), key=lambda t: t.seat)
    by_role = {t.role: t.secret for t in rows if t.role != "seat"}
    return {"host": by_role["host"], "view": by_role["view"], "seats": [t.secret for t in seats]}


# Creating --------------------------------------------------------------------------------


def create_match(game_name: Any, players: Any, options: Any = None, name: Any = None,
                 address: str | None = None) -> tuple[Sheet, dict[str, Any]]:
    """A new match with its tokens: one for the host, one to view, one per seat."""
    game = GAMES.get(game_name) if isinstance(game_name, str) else None
    if game is None:
        raise Invalid(f"Choose a game: {', '.join(GAMES)}.", "game")
    names = clean_players(players, game)
    try:
        options = game.parse_options(options, len(names))
    except InvalidInput as error:
        raise Invalid(error.message, error.field) from error
    if name is None or (isinstance(name, str) and not name.strip()):
        name = ", ".join(names)[:MATCH_NAME_LIMIT]
    elif not isinstance(name, str) or len(name.strip()) > MATCH_NAME_LIMIT:
        raise Invalid(f"A match name is at most {MATCH_NAME_LIMIT} characters.", "name")
    if not ratelimit.allow("create", address):
        raise TooManyRequests("Too many new matches from this address; wait a minute.")

    match = Match(id=secrets.token_urlsafe(9), game=game.name, name=name.strip(), options=options)
    match.seats = [Seat(position=i, name=player) for i, player in enumerate(names)]
    # 32 random bytes: 256 bits, far past guessing.
    match.tokens = [Token(secret=secrets.token_urlsafe(32), role="host"),
                    Token(secret=secrets.token_urlsafe(32), role="view")]
    match.tokens += [Token(secret=secrets.token_urlsafe(32), role="seat", seat=i)
                     for i in range(len(names))]
    db.session.add(match)
    db.session.flush()
    db.session.add(Change(match_id=match.id, version=1, actor="host", action="create",
                          after={"players": names, "options": options}))
    db.session.commit()
    return load_sheet(match.id), tokens(Access(match.id, "host"), match.id)


def clean_players(players: Any, game: Game) -> list[str]:
    if not isinstance(players, list):
        raise Invalid("Give the players as a list of names, in seat order.", "players")
    names = []
    for seat, player in enumerate(players):
        if not isinstance(player, str) or not player.strip():
            raise Invalid(f"Player {seat + 1} needs a name.", f"players[{seat}]")
        if len(player.strip()) > NAME_LIMIT:
            raise Invalid(f"Player {seat + 1}'s name is over {NAME_LIMIT} characters.",
                          f"players[{seat}]")
        names.append(player.strip())
    if not game.min_players <= len(names) <= game.max_players:
        raise Invalid(f"{game.title} takes {game.min_players} to {game.max_players} players, "
                      f"not {len(names)}.", "players")
    return names


# Writing ---------------------------------------------------------------------------------


@contextmanager
def _writing(access: Access, match_id: str, if_match: Collection[int] | None, action: str,
             number: int | None = None, seat: int | None = None) -> Iterator[Sheet]:
    """One write: the match locked, checked in SPEC order, version bumped and committed."""
    if access.match_id != match_id:
        raise NotFound("No such match.")
    db.session.rollback()
    intent = _write_intent.set(True)
    try:
        match = db.session.scalar(_match_query(match_id).with_for_update(of=Match))
    finally:
        _write_intent.reset(intent)
    try:
        if match is None:
            raise NotFound("No such match.")
        sheet = _sheet(match)
        _check(sheet, access, action, number, seat)
        if if_match is not None and match.version not in if_match:
            raise VersionMismatch(
                f"The match changed (now version {match.version}); reload and try again.")
        if match.ended:
            raise Conflict(f"The match is {match.ended}: nothing more can change.")
        yield sheet
        match.version += 1
        match.updated_at = datetime.now(UTC)
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise


def _log(sheet: Sheet, access: Access, action: str, number: int | None = None,
         seat: int | None = None, before: Any = None, after: Any = None) -> None:
    db.session.add(Change(match_id=sheet.match.id, version=sheet.match.version + 1,
                          actor=access.actor, action=action, round_number=number, seat=seat,
                          before=before, after=after))


def _parse(parse, *args):
    try:
        return parse(*args)
    except InvalidInput as error:
        raise Invalid(error.message, error.field) from error


def _refuse_early_end(sheet: Sheet, rounds: Sequence[RoundInput]) -> None:
    result = sheet.game.replay(len(sheet.players), sheet.match.options, rounds)
    if result.over_after is not None and result.over_after < len(rounds) - 1:
        raise Conflict(f"That would end the match after round {result.over_after + 1}, "
                       "before its last round. Delete the later rounds first.")


def _refuse_new_round(sheet: Sheet) -> None:
    if sheet.result.over:
        raise Conflict("The match is over: bank it, or change a round instead.")
    if not sheet.next_round_can_open():
        raise Conflict("Finish the open round before starting the next one.")


def _set_entries(row: Round, parts: Sequence[Any]) -> None:
    existing = {entry.seat: entry for entry in row.entries}
    for seat, part in enumerate(parts):
        entry = existing.get(seat)
        if part is None and entry is not None:
            row.entries.remove(entry)
        elif part is not None and entry is None:
            row.entries.append(Entry(seat=seat, data=part))
        elif part is not None and entry.data != part:
            entry.data = part
            entry.updated_at = datetime.now(UTC)


def add_round(access: Access, match_id: str, body: Any, if_match: Collection[int] | None = None) -> Sheet:
    with _writing(access, match_id, if_match, "add_round") as sheet:
        _refuse_new_round(sheet)
        entered = _parse(sheet.game.parse_round, body, len(sheet.players), sheet.match.options)
        _refuse_early_end(sheet, sheet.rounds + (entered,))
        number = len(sheet.rounds) + 1
        row = Round(number=number, common=dict(entered.common))
        _set_entries(row, entered.parts)
        sheet.match.rounds.append(row)
        _log(sheet, access, "add_round", number, after=sheet.game.round_input(entered))
    return load_sheet(match_id)


def replace_round(access: Access, match_id: str, number: int, body: Any,
                  if_match: Collection[int] | None = None) -> Sheet:
    with _writing(access, match_id, if_match, "edit_round", number) as sheet:
        entered = _parse(sheet.game.parse_round, body, len(sheet.players), sheet.match.options)
        rounds = list(sheet.rounds)
        before = rounds[number - 1]
        rounds[number - 1] = entered
        _refuse_early_end(sheet, rounds)
        row = sheet.match.rounds[number - 1]
        row.common = dict(entered.common)
        _set_entries(row, entered.parts)
        _log(sheet, access, "edit_round", number, before=sheet.game.round_input(before),
             after=sheet.game.round_input(entered))
    return load_sheet(match_id)


def delete_round(access: Access, match_id: str, number: int,
                 if_match: Collection[int] | None = None) -> Sheet:
    with _writing(access, match_id, if_match, "delete_round", number) as sheet:
        if number != len(sheet.rounds):
            raise Conflict(f"Only the last round (round {len(sheet.rounds)}) can be deleted.")
        row = sheet.match.rounds[number - 1]
        sheet.match.rounds.remove(row)
        _log(sheet, access, "delete_round", number,
             before=sheet.game.round_input(sheet.rounds[number - 1]))
    return load_sheet(match_id)


def set_parts(access: Access, match_id: str, number: int, parts: Mapping[int, Any],
              if_match: Collection[int] | None = None) -> tuple[Sheet, bool]:
    """Seats' parts of round `number`, in one write; the next round's number opens that round.

    Answers the sheet and whether a round was opened."""
    first = min(parts) if parts else 0
    with _writing(access, match_id, if_match, "set_part", number, first) as sheet:
        for seat in parts:
            _check(sheet, access, "set_part", number, seat)
        opening = number == len(sheet.rounds) + 1
        if opening:
            _refuse_new_round(sheet)
        if not parts:
            raise Invalid("Type at least one score.")
        rounds = list(sheet.rounds)
        if opening:
            rounds.append(RoundInput(common={}, parts=(None,) * len(sheet.players)))
        entered = list(rounds[number - 1].parts)
        for seat, body in parts.items():
            try:
                entered[seat] = sheet.game.parse_part(body, seat, sheet.match.options)
            except InvalidInput as error:
                raise Invalid(error.message, error.field, seat=seat) from error
        before = rounds[number - 1].parts
        rounds[number - 1] = RoundInput(rounds[number - 1].common, tuple(entered))
        _parse(_check_round, sheet, rounds[number - 1])
        _refuse_early_end(sheet, rounds)
        if opening:
            row = Round(number=number, common={})
            sheet.match.rounds.append(row)
        else:
            row = sheet.match.rounds[number - 1]
        _set_entries(row, entered)
        for seat in parts:
            if before[seat] != entered[seat]:
                _log(sheet, access, "set_part", number, seat, before=before[seat],
                     after=entered[seat])
    return load_sheet(match_id), opening


def _check_round(sheet: Sheet, entered: RoundInput) -> None:
    """A whole round must still be valid once one part changes (e.g. two seats cannot both go out)."""
    sheet.game.parse_round(sheet.game.round_input(entered), len(sheet.players),
                           sheet.match.options)


def bank(access: Access, match_id: str, if_match: Collection[int] | None = None) -> Sheet:
    with _writing(access, match_id, if_match, "bank") as sheet:
        if not sheet.result.over:
            raise Conflict("The match is not over yet: only a finished match can be banked.")
        sheet.match.ended = "banked"
        _log(sheet, access, "bank")
    return load_sheet(match_id)


def abandon(access: Access, match_id: str, if_match: Collection[int] | None = None) -> Sheet:
    with _writing(access, match_id, if_match, "abandon") as sheet:
        sheet.match.ended = "abandoned"
        _log(sheet, access, "abandon")
    return load_sheet(match_id)


def history(match_id: str) -> list[Change]:
    return list(db.session.scalars(
        select(Change).where(Change.match_id == match_id).order_by(Change.id)))


def recent(secrets_: Sequence[str]) -> list[dict[str, Any]]:
    """This device's recent matches for the home page, newest first; dead links are left out."""
    if not secrets_:
        return []
    rows = db.session.execute(
        select(Token, Match).join(Match, Token.match_id == Match.id)
        .where(Token.secret.in_(list(secrets_)))
    ).all()
    found = {token.secret: (token, match) for token, match in rows}
    listed = []
    for secret in secrets_:
        if secret in found:
            token, match = found[secret]
            role = {"host": "host", "view": "viewer"}.get(token.role)
            if role is None:
                role = f"{match.seats[token.seat].name}'s seat"
            listed.append({"token": secret, "name": match.name, "game": GAMES[match.game].title,
                           "role": role,
                           "ended": match.ended, "updated_at": match.updated_at})
    return listed
