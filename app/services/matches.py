"""Matches: creating one (in a group or not), listing a device's recent ones, and the match as
the API shows it."""

from __future__ import annotations

import secrets
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from flask import current_app
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from .. import ratelimit
from ..cache import app_cache, kept
from ..errors import Invalid, NotFound, TooManyRequests
from ..extensions import db, write_intent
from ..games import GAMES, Game, InvalidInput, RoundInput, RoundResult, detail_json
from ..games.say import Say
from ..models import Change, Match, Player, Seat, Token
from .access import check, tokens
from .bank.groups import GroupAccess
from .bank.roster import roster_players
from .rights import Access
from .sheet import Sheet, current_sheet, key_matches, load_sheet, sheet_of
from .text import NAME_LIMIT, clean_text, refuse_repeats
from .writes import lock_group, touch_group

MATCH_NAME_LIMIT = 80


def create_match(game_name: Any, players: Any, options: Any = None, name: Any = None,
                 address: str | None = None, group: GroupAccess | None = None
                 ) -> tuple[Sheet, dict[str, Any]]:
    """A new match with its tokens: one for the host, one to view, one per seat.

    In a `group` (its owner's access): each name that is a roster name (ignoring case and
    surrounding spaces) is that player, and the others join the roster."""
    if group is not None:
        group.check(group.group_id, "create_match")
    # Counted before any work: a refused create counts as an accepted one (SPEC section 6).
    if not ratelimit.allow("create", address):
        raise TooManyRequests(Say("Too many new matches from this address; wait a minute."))
    game = GAMES.get(game_name) if isinstance(game_name, str) else None
    if game is None:
        raise Invalid(Say("Choose a game: %(games)s.", games=", ".join(GAMES)), "game")
    names = clean_players(players, game)
    try:
        options = game.parse_options(options, len(names))
    except InvalidInput as error:
        raise Invalid(error.message, error.field) from error
    if name is None or (isinstance(name, str) and not name.strip()):
        name = ", ".join(names)[:MATCH_NAME_LIMIT]
    else:
        name = clean_text(name, "name", MATCH_NAME_LIMIT, Say("A match name"))
    if group is not None:
        refuse_repeats(names)
    if group is None:
        match = build_match(game, names, options, name)
    else:
        db.session.rollback()
        with write_intent():
            locked = lock_group(group.group_id)
        if locked is None:
            raise NotFound(Say("No such group."))
        roster, joined = roster_players(locked, names)
        match = build_match(game, names, options, name, locked.id, roster)
        if joined:
            touch_group(locked)
    db.session.add(match)
    db.session.flush()
    db.session.add(Change(match_id=match.id, version=1, actor="host", action="create",
                          after={"players": names, "options": options}))
    db.session.commit()
    return load_sheet(match.id), tokens(Access(match.id, "host"), match.id)


def new_id() -> str:
    """A match's id: 72 random bits, not guessable from another (no counters)."""
    return secrets.token_urlsafe(9)


def build_match(game: Game, names: Sequence[str], options: dict[str, Any], name: str,
                group_id: str | None = None, roster: Sequence[Player] = ()) -> Match:
    """A new match with its seats (each on the roster player given, if any) and its links:
    host, view, and one per seat. Not yet added to the session."""
    players: list[Player | None] = list(roster) or [None] * len(names)
    match = Match(id=new_id(), game=game.name, name=name, options=options, group_id=group_id)
    match.seats = [Seat(position=i, name=player,
                        player_id=on_roster.id if on_roster is not None else None)
                   for i, (player, on_roster) in enumerate(zip(names, players, strict=True))]
    # 32 random bytes: 256 bits, far past guessing.
    match.tokens = [Token(secret=secrets.token_urlsafe(32), role="host"),
                    Token(secret=secrets.token_urlsafe(32), role="view")]
    match.tokens += [Token(secret=secrets.token_urlsafe(32), role="seat", seat=i)
                     for i in range(len(names))]
    return match


def clean_players(players: Any, game: Game) -> list[str]:
    """The players' names in seat order, as many as the game seats: counted before any name
    is read (SPEC section 6: work bounded before it is done)."""
    if not isinstance(players, list):
        raise Invalid(Say("Give the players as a list of names, in seat order."), "players")
    if not game.min_players <= len(players) <= game.max_players:
        raise Invalid(Say("%(game)s takes %(least)s to %(most)s players, not %(count)s.",
                          game=game.title, least=game.min_players, most=game.max_players,
                          count=len(players)), "players")
    return [clean_text(player, f"players[{seat}]", NAME_LIMIT,
                       Say("Player %(number)s's name", number=seat + 1))
            for seat, player in enumerate(players)]


def recent(secrets_: Sequence[str]) -> list[dict[str, Any]]:
    """This device's recent matches for the home page, newest first; dead links are left out."""
    if not secrets_:
        return []
    rows = db.session.execute(
        select(Token, Match).join(Match, Token.match_id == Match.id)
        .where(Token.secret.in_(list(secrets_)))
        .options(selectinload(Match.seats))
    ).all()
    found = {token.secret: (token, match) for token, match in rows}
    listed = []
    for secret in secrets_:
        if secret in found:
            token, match = found[secret]
            if token.seat is None:  # the host's link or the view link
                role = Say("host") if token.role == "host" else Say("viewer")
            else:
                role = Say("%(name)s's seat", name=match.seats[token.seat].name)
            sheet = current_sheet(match)  # each version replayed once, as every read is
            result = sheet.result
            names = [side.name for side in sheet.sides]
            listed.append({"token": secret, "name": match.name, "game": GAMES[match.game].title,
                           "role": role,
                           "ended": match.ended, "updated_at": match.updated_at,
                           "started_at": utc(match.created_at), "status": sheet.status,
                           "rounds": len(sheet.rounds),
                           "totals": list(zip(names, result.totals, strict=True)),
                           "winners": [names[i] for i in result.winners],
                           "leaders": [names[i] for i in result.leaders]
                           if len(result.leaders) < len(names) else []})
    return listed


def version(access: Access, match_id: str) -> int:
    """The match's version, for a reader that already holds the previous one."""
    found = None
    if access.match_id == match_id:
        found = db.session.scalar(select(Match.version).where(Match.id == match_id))
    if found is None:
        raise NotFound(Say("No such match."))
    return found


def match_view(access: Access, match_id: str, version: int,
               character_key: str | None = None) -> tuple[str, int]:
    """The match as GET shows it to this token (on a phone holding `character_key`, if any),
    as JSON text. Every change bumps the version, so the view of a version never changes: it is
    kept, not replayed nor encoded again. Whether the key opens the seat's hidden character is
    part of what names the view: a phone without the key never gets the one with it.
    Answers the JSON and the version it shows (newer, if a write came in between)."""
    if access.match_id != match_id:
        raise NotFound(Say("No such match."))
    keyed = bool(character_key) and access.role == "seat" and key_matches(db.session.scalar(
        select(Seat.character_key).where(Seat.match_id == match_id,
                                         Seat.position == access.seat)), character_key)

    def make() -> tuple[tuple[str, int], int, bool]:
        sheet = load_sheet(match_id)
        text = match_text(sheet, access, character_key)
        # Kept only as what it is named: this version, and the key opening the character or not.
        opens = access.seat is not None and sheet.key_opens(access, access.seat, character_key)
        same = sheet.version == version and opens == keyed
        return (text, sheet.version), sys.getsizeof(text), same

    return kept(("api", match_id, version, access.role, access.seat, keyed), make)


# Where a match's JSON text holds its rounds while the rest is encoded (match_text): a string no
# name, note or input can hold, since none knows it.
_ROUNDS = "\u0000rounds " + secrets.token_hex(16)


def match_text(sheet: Sheet, access: Access, character_key: str | None = None,
               extra: dict[str, Any] | None = None) -> str:
    """match_json as JSON text (with `extra` fields added), each round's text kept: a write to a
    long match encodes the round it made, not every round again."""
    dumps = current_app.json.dumps
    text = dumps(match_json(sheet, access, character_key, _ROUNDS) | (extra or {}))
    return text.replace(dumps(_ROUNDS), "[" + ", ".join(_rounds_text(sheet)) + "]", 1)


def _rounds_text(sheet: Sheet) -> list[str]:
    """Each round's JSON text. The texts are kept per match beside the very rounds entered and
    replayed that they show: those a write carried on from its replay before (a round added, or
    the last one changed) are the same objects, and their texts are used again."""
    cache, key = app_cache(), ("round-texts", sheet.match.id)
    entered, outcomes = sheet.rounds, sheet.result.rounds
    texts: list[str] = []
    was = cache.peek(key)
    if isinstance(was, tuple):
        for old_entered, old_outcome, text, new_entered, new_outcome in zip(
                *was, entered, outcomes, strict=False):
            if old_entered is not new_entered or old_outcome is not new_outcome:
                break
            texts.append(text)
    dumps = current_app.json.dumps
    for number in range(len(texts) + 1, len(entered) + 1):
        texts.append(dumps(_round_json(sheet.game, number, entered[number - 1],
                                       outcomes[number - 1])))
    cache.put(key, (entered, outcomes, texts), 200 + sum(map(len, texts)) + 400 * len(texts))
    return texts


def _round_json(game: Game, number: int, entered: RoundInput, outcome: RoundResult
                ) -> dict[str, Any]:
    return {
        "number": number,
        "status": outcome.status,
        "input": game.round_input(entered),
        "cells": list(outcome.cells) if outcome.cells is not None else None,
        **detail_json(outcome.detail),
    }


def match_json(sheet: Sheet, access: Access, character_key: str | None = None,
               rounds: Any = None) -> dict[str, Any]:
    """The match as SPEC.md's GET shows it (to a phone holding `character_key`, if any); with
    `rounds`, that in place of its rounds."""
    match, result = sheet.match, sheet.result
    if rounds is None:
        # The replay gives one per round.
        rounds = [_round_json(sheet.game, number, entered, outcome) for number, (entered, outcome)
                  in enumerate(zip(sheet.rounds, result.rounds, strict=True), start=1)]
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
        "banked_at": utc(match.banked_at).isoformat() if match.banked_at else None,
        "group": match.group_id,
        "place": match.place,
        "note": match.note,
        # After a rematch: this link's own link to the next match (a seat's to its seat's).
        "next": next_link(match.next_id, access) if match.next_id else None,
        **detail_json(result.detail),
    } | (_characters(sheet, access, character_key) if sheet.game.secrets else {})


def next_link(next_id: str, access: Access) -> dict[str, str] | None:
    """The rematch's id and its link of the same role as `access` (None once it is gone)."""
    secret = db.session.scalar(select(Token.secret).where(
        Token.match_id == next_id, Token.role == access.role,
        Token.seat.is_(None) if access.seat is None else Token.seat == access.seat))
    return {"id": next_id, "token": secret} if secret else None


def _characters(sheet: Sheet, access: Access, key: str | None) -> dict[str, Any]:
    return {"characters": [
        {"symbols": list(seat.character), "revealed": seat.revealed}
        if seat.character and sheet.character_visible(access, seat.position, key) else None
        for seat in sheet.match.seats
    ]}


def utc(moment: datetime) -> datetime:
    """SQLite hands times back without their zone; they were stored in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


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
    # The hand typed into the next round (or the last) carries the kept replay on by one round,
    # as its save will, rather than replaying the match at each keystroke.
    result, _ = sheet.replayed(rounds)
    return sheet_of(sheet.match, rounds, result), rounds[number - 1]
