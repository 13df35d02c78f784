"""A match as it is answered: the JSON of API v1's GET (kept per version, each round's text kept),
and a phone's recent matches for the home page."""

from __future__ import annotations

import secrets
import sys
from collections.abc import Sequence
from typing import Any

from flask import current_app
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from ...cache import app_cache, kept
from ...errors import NotFound
from ...extensions import db
from ...games import GAMES, Game, RoundInput, RoundResult, detail_json
from ...games.say import Say
from ...models import Match, Seat, Token, utc
from ..design.copies import design_shown
from ..text import match_name
from .access import Access
from .sheet import Sheet, current_sheet, key_matches, load_sheet


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
            listed.append({"token": secret, "name": named(match), "game": GAMES[match.game].title,
                           "role": role, "sheet": sheet,
                           "ended": match.ended, "updated_at": match.updated_at,
                           "started_at": utc(match.created_at), "status": sheet.status,
                           "rounds": len(sheet.rounds),
                           "totals": list(zip(names, result.totals, strict=True)),
                           "winners": [names[i] for i in result.winners],
                           "leaders": [names[i] for i in result.leaders]
                           if len(result.leaders) < len(names) else [],
                           # how many people those names are (a partnership is two)
                           "winner_players": sum(len(sheet.sides[i].seats)
                                                 for i in result.winners),
                           "leader_players": sum(len(sheet.sides[i].seats)
                                                 for i in result.leaders)})
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
               rounds: str | list[dict[str, Any]] | None = None) -> dict[str, Any]:
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
        "name": named(match),
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
    } | (_characters(sheet, access, character_key) if sheet.game.secrets else {}) | (
        # A sheet for any game: the copy of its design, and where it came from (SPEC 10).
        {"design": design_shown(match.design_id, match.design_version, match.options)}
        if "design" in match.options else {})


def named(match: Match) -> str:
    """The match's name as it is said (text.match_name): a night's table says its seating."""
    table = match.night_table
    return match_name(match.name, table.seating if table else None,
                      table.position if table else None)


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
