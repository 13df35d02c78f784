"""Reading matches: tokens, stored rows replayed through the game's engine, and the API's view."""

from __future__ import annotations

import secrets
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from flask import current_app
from sqlalchemy import func, select
from sqlalchemy.orm import selectinload

from .. import ratelimit
from ..errors import Forbidden, Invalid, NotFound, TooManyRequests, Unauthorized
from ..extensions import db
from ..games import GAMES, Game, InvalidInput, Result, RoundInput, Side
from ..models import Change, Match, Round, Seat, Token

NAME_LIMIT = 40
MATCH_NAME_LIMIT = 80


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
    secrets: tuple[Any, ...] = ()  # what each seat keeps to itself (Bandido's characters)

    @property
    def status(self) -> str:
        if self.match.ended:
            return self.match.ended
        return "over" if self.result.over else "active"

    @property
    def version(self) -> int:
        return self.match.version

    def replay(self, rounds: Sequence[RoundInput], secrets: Sequence[Any] | None = None) -> Result:
        """The outcome if the rounds (or the secrets) were these."""
        return self.game.outcome(len(self.players), self.match.options, rounds,
                                 self.secrets if secrets is None else secrets)

    def character_visible(self, access: Access, seat: int) -> bool:
        """A character shows to its own seat, once revealed, and to all once the match is over
        (an abandoned match was never over: its characters stay secret)."""
        return ((access.role == "seat" and access.seat == seat)
                or self.match.seats[seat].revealed or self.status in ("over", "banked"))

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
    return authenticate_at(secret, address)[0]


def authenticate_at(secret: str | None, address: str | None = None) -> tuple[Access, int]:
    """The access a token grants and its match's version, in one query: what a poll needs."""
    row = None
    if secret and len(secret) <= 64:
        row = db.session.execute(
            select(Token.match_id, Token.role, Token.seat, Match.version)
            .join(Match, Token.match_id == Match.id).where(Token.secret == secret)).first()
    if row is None:
        if not ratelimit.allow("unknown_token", address):
            raise TooManyRequests("Too many unknown links from this address; wait a minute.")
        raise Unauthorized("This link is not (or no longer) valid.")
    return Access(row.match_id, row.role, row.seat), row.version


_VIEWS: OrderedDict[tuple, tuple[str, int]] = OrderedDict()
_VIEWS_KEPT = 512
_views_lock = threading.Lock()


def match_view(access: Access, match_id: str, version: int) -> tuple[str, int]:
    """The match as GET shows it to this token, as JSON text. Every change bumps the version, so
    the view of a version never changes: it is kept (per process), not replayed nor encoded again.
    Answers the JSON and the version it shows (newer, if a write came in between)."""
    if access.match_id != match_id:
        raise NotFound("No such match.")
    key = (str(db.engine.url), match_id, version, access.role, access.seat)
    with _views_lock:
        if key in _VIEWS:
            _VIEWS.move_to_end(key)
            return _VIEWS[key]
    sheet = load_sheet(match_id)
    view = current_app.json.dumps(match_json(sheet, access)), sheet.version
    if sheet.version == version:
        with _views_lock:
            _VIEWS[key] = view
            while len(_VIEWS) > _VIEWS_KEPT:
                _VIEWS.popitem(last=False)
    return view


def health() -> None:
    db.session.execute(select(Match.id).limit(1)).first()


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
    secrets = tuple({"symbols": seat.character, "from": seat.character_from}
                    if seat.character else None for seat in match.seats)
    result = game.outcome(len(players), match.options, rounds, secrets)
    return Sheet(match, game, players, game.sides(players, match.options), tuple(rounds), result,
                 secrets)


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


class _Outline:
    """What the checks before a write need of a match, read without replaying it."""

    side_of = Sheet.side_of
    writable_seats = Sheet.writable_seats

    def __init__(self, match: Match, players: tuple[str, ...], rounds: int):
        self.game = GAMES[match.game]
        self.players = players
        self.sides = self.game.sides(players, match.options)
        self.rounds = (None,) * rounds


def precheck(access: Access, match_id: str, action: str, number: int | None = None,
             seat: int | None = None) -> None:
    """check(), for a write that will check again under its lock: three small queries."""
    if access.match_id != match_id:
        raise NotFound("No such match.")
    match = db.session.get(Match, match_id)
    if match is None:
        raise NotFound("No such match.")
    players = tuple(db.session.scalars(
        select(Seat.name).where(Seat.match_id == match_id).order_by(Seat.position)))
    rounds = db.session.scalar(select(func.count(Round.id)).where(Round.match_id == match_id))
    _check(_Outline(match, players, rounds), access, action, number, seat)


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
    elif action == "character":
        if not sheet.game.secrets:
            raise NotFound(f"{sheet.game.title} has no characters.")
        if not 0 <= seat < len(sheet.players):
            raise NotFound(f"There is no seat {seat}.")
        if access.role != "seat" or access.seat != seat:
            raise Forbidden("Only that seat's own link can set its character.")
    elif action == "bank":
        if access.role not in ("host", "seat"):
            raise Forbidden("Only the host or a player can bank the match.")
    elif action == "read_cell":
        if not 1 <= number <= count or not 0 <= seat < len(sheet.players):
            raise NotFound("There is no such cell.")
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
        "created_at": utc(match.created_at).isoformat(),
        **result.extra,
    } | (_characters(sheet, access) if sheet.game.secrets else {})


def _characters(sheet: Sheet, access: Access) -> dict[str, Any]:
    return {"characters": [
        {"symbols": list(seat.character), "revealed": seat.revealed}
        if seat.character and sheet.character_visible(access, seat.position) else None
        for seat in sheet.match.seats
    ]}


def utc(moment: datetime) -> datetime:
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
    elif _unprintable(name.strip()):
        raise Invalid("A match name is plain text: no control characters.", "name")
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


def _unprintable(text: str) -> bool:
    # A name is shown on every phone; a NUL byte cannot even be stored in PostgreSQL.
    return any(unicodedata.category(ch) == "Cc" for ch in text)


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
        if _unprintable(player.strip()):
            raise Invalid(f"Player {seat + 1}'s name is plain text: no control characters.",
                          f"players[{seat}]")
        names.append(player.strip())
    if not game.min_players <= len(names) <= game.max_players:
        raise Invalid(f"{game.title} takes {game.min_players} to {game.max_players} players, "
                      f"not {len(names)}.", "players")
    return names


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


def preview_part(access: Access, match_id: str, number: int, seat: int,
                 body: Any) -> tuple[Sheet, RoundInput]:
    """The sheet as it would be with this part typed in, stored nowhere: for a live preview."""
    sheet = check(access, match_id, "set_part", number, seat)
    try:
        part = sheet.game.parse_part(body, seat, sheet.match.options)
    except InvalidInput as error:
        raise Invalid(error.message, error.field, seat=seat) from error
    rounds = list(sheet.rounds)
    if number == len(rounds) + 1:
        rounds.append(RoundInput(common={}, parts=(None,) * len(sheet.players)))
    parts = list(rounds[number - 1].parts)
    parts[seat] = part
    rounds[number - 1] = RoundInput(rounds[number - 1].common, tuple(parts))
    try:
        sheet.game.parse_round(sheet.game.round_input(rounds[number - 1]), len(sheet.players),
                               sheet.match.options)
    except InvalidInput as error:
        raise Invalid(error.message, error.field, seat=seat) from error
    return _sheet(sheet.match, rounds), rounds[number - 1]
