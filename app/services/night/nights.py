"""A night's writes: starting one (its links and first seating), the next seating (who is here
now), and its end. Each table is an ordinary match of the group, made as a create makes one."""

from __future__ import annotations

import secrets
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select

from ...errors import Conflict, Invalid, NotFound, VersionMismatch
from ...extensions import db, write_intent
from ...games import GAMES, Game, InvalidInput
from ...games.say import Say
from ...models import Change, Group, Night, NightTable, NightToken, Player
from ..bank.groups import LARGEST_ID, GroupAccess, locked_group
from ..bank.roster import roster_players
from ..matches import MATCH_NAME_LIMIT, build_match
from ..text import clean_text
from ..writes import lock_group, touch_group
from . import seating
from .access import NightAccess
from .reads import night_version

# A room of 40 tables; the seating weighs every pair of players (its work grows as the square).
MOST_PLAYERS = 160


def create_night(access: GroupAccess, group_id: str, body: Any) -> Night:
    """`{"game", "players": [roster ids], "table_size"?, "options"?, "name"?}`: a new night of
    the group, with its links and its first seating (at random)."""
    access.check(group_id, "create_night")
    if not isinstance(body, dict):
        raise Invalid(Say("The body must be a JSON object."))
    game = GAMES.get(body["game"]) if isinstance(body.get("game"), str) else None
    if game is None:
        raise Invalid(Say("Choose a game: %(games)s.", games=", ".join(GAMES)), "game")
    table_size = _table_size(body.get("table_size"), game)
    options = body.get("options")
    _parse_options(game, options, game.max_players if table_size is None else table_size)
    name = body.get("name")
    with locked_group(group_id) as group:
        present = _present(group, body.get("players"))
        if name is None or (isinstance(name, str) and not name.strip()):
            name = Say("%(group)s's night", group=group.name)[:MATCH_NAME_LIMIT]
        else:
            name = clean_text(name, "name", MATCH_NAME_LIMIT, Say("A night's name"))
        night = Night(id=secrets.token_urlsafe(9), group_id=group.id, game=game.name,
                      name=name, options=dict(options or {}), table_size=table_size,
                      present=present)
        # 32 random bytes: 256 bits, far past guessing.
        night.tokens = [NightToken(secret=secrets.token_urlsafe(32), role="tv")]
        db.session.add(night)
        _seat(night, game, group, present)
        touch_group(group)  # the group's page lists its nights
    return night


def next_seating(access: NightAccess, night_id: str, body: Any,
                 if_match: Collection[int] | None = None) -> Night:
    """`{"players"?: [roster ids]}` (who is here now; default: as before): the next seating.
    409 once the night has ended, or while a table of the latest seating still plays."""
    with _writing(access, night_id, "seat", if_match) as (night, group):
        _refuse_playing(night)
        players = body.get("players") if isinstance(body, dict) else None
        if body is not None and not isinstance(body, dict):
            raise Invalid(Say("The body must be a JSON object."))
        if players is None:  # as before, less anyone merged into another since
            players = [p for p in night.present if p in set(db.session.scalars(
                select(Player.id).where(Player.group_id == group.id)))]
        present = _present(group, players)
        night.present = present
        _seat(night, GAMES[night.game], group, present)
    return night


def end_night(access: NightAccess, night_id: str,
              if_match: Collection[int] | None = None) -> Night:
    """The night ends: no further seating. Its tables stay as they are."""
    with _writing(access, night_id, "end", if_match) as (night, _group):
        night.ended = True
    return night


@contextmanager
def _writing(access: NightAccess, night_id: str, action: str,
             if_match: Collection[int] | None) -> Iterator[tuple[Night, Group]]:
    """One write to a night: checked (404, 403), its group then itself locked, 412 where
    `If-Match` names another version, 409 once it has ended; version bumped, committed. The
    group is locked first, as every write to a group's matches does (writes.writing)."""
    night = access.check(night_id, action)
    group_id = night.group_id
    db.session.rollback()
    with write_intent():
        group = lock_group(group_id)
        locked = db.session.scalar(select(Night).where(Night.id == night_id).with_for_update())
    try:
        if group is None or locked is None:
            raise NotFound(Say("No such night."))
        version = night_version(night_id)
        if if_match is not None and version not in if_match:
            raise VersionMismatch(Say(
                "The night changed (now version %(version)s); reload and try again.",
                version=version))
        if locked.ended:
            raise Conflict(Say("The night has ended."))
        yield locked, group
        locked.version += 1
        locked.updated_at = datetime.now(UTC)
        touch_group(group)
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise


def _refuse_playing(night: Night) -> None:
    """SPEC: no next seating while a match of the latest one is neither banked nor abandoned;
    the refusal says which table."""
    latest = max((table.seating for table in night.tables), default=0)
    for table in night.tables:
        if table.seating == latest and table.match.ended not in ("banked", "abandoned"):
            names = ", ".join(seat.name for seat in table.match.seats)
            raise Conflict(Say("Table %(table)s (%(names)s) is still playing: bank or abandon "
                               "its match first.", table=table.position + 1, names=names))


def _table_size(value: Any, game: Game) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not (
            game.min_players <= value <= game.max_players):
        raise Invalid(Say("%(game)s takes %(least)s to %(most)s players at a table.",
                          game=game.title, least=game.min_players, most=game.max_players),
                      "table_size")
    return value


def _parse_options(game: Game, options: Any, players: int) -> dict[str, Any]:
    try:
        return game.parse_options(options, players)
    except InvalidInput as error:
        raise Invalid(error.message, error.field) from error


def _present(group: Group, players: Any) -> list[int]:
    """Roster ids, each of this group's roster and named once."""
    if not isinstance(players, list) or not players:
        raise Invalid(Say("Say who is here: a list of the roster's player ids."), "players")
    if len(players) > MOST_PLAYERS:  # SPEC section 6: the seating's work stays bounded
        raise Invalid(Say("A night seats at most %(most)s players.", most=MOST_PLAYERS),
                      "players")
    ids = [p for p in players if not isinstance(p, bool) and isinstance(p, int)
           and 1 <= p <= LARGEST_ID]
    if len(ids) != len(players) or len(set(ids)) != len(ids):
        raise Invalid(Say("Name each player present once, by their roster id."), "players")
    known = set(db.session.scalars(select(Player.id).where(
        Player.group_id == group.id, Player.id.in_(ids))))
    for i, player in enumerate(ids):
        if player not in known:
            raise Invalid(Say("Player %(id)s is not on the group's roster.", id=player),
                          f"players[{i}]")
    return ids


def partnerships(game: Game, options: dict[str, Any], sizes: Sequence[int]
                 ) -> dict[int, list[list[int]]]:
    """The seats that are partners at each table size, as the game's sides say (Banakil's
    seats 0 & 2 against 1 & 3 at four)."""
    found = {}
    for size in set(sizes):
        sides = game.sides([str(seat) for seat in range(size)], options)
        shared = [list(side.seats) for side in sides if len(side.seats) > 1]
        if shared:
            found[size] = shared
    return found


def _seat(night: Night, game: Game, group: Group, present: list[int]) -> None:
    """The next seating of `present`: split, seated (seating.py), and each table a new match of
    the group with its own links, as a create makes one."""
    sizes = seating.split(len(present), range(game.min_players, game.max_players + 1),
                          night.table_size)
    if sizes is None:
        raise Invalid(Say("%(count)s players cannot be split into tables of %(game)s.",
                          count=len(present), game=game.title), "players")
    options = {size: _parse_options(game, night.options, size) for size in set(sizes)}
    history: list[list[list[int]]] = []
    for table in night.tables:
        while len(history) < table.seating:
            history.append([])
        history[-1].append([seat.player_id for seat in table.match.seats
                            if seat.player_id is not None])
    number = len(history) + 1
    some_options = options[sizes[0]]
    tables = seating.seat(present, sizes, history, partnerships(game, some_options, sizes))
    roster = {p.id: p for p in db.session.scalars(select(Player).where(Player.id.in_(present)))}
    have = {t.player_id for t in night.tokens}
    for player in present:
        if player not in have:
            night.tokens.append(NightToken(secret=secrets.token_urlsafe(32), role="player",
                                           player_id=player))
    for position, seated in enumerate(tables):
        players = [roster[p] for p in seated]
        name = Say("%(night)s: seating %(seating)s, table %(table)s", night=night.name,
                   seating=number, table=position + 1)[:MATCH_NAME_LIMIT]
        match = build_match(game, [p.name for p in players], options[len(seated)], name,
                            group.id, players)
        db.session.add(match)
        db.session.flush()
        db.session.add(Change(match_id=match.id, version=1, actor="host", action="create",
                              after={"players": [p.name for p in players],
                                     "options": options[len(seated)], "night": night.id}))
        night.tables.append(NightTable(seating=number, position=position, match_id=match.id,
                                       match=match))



def join_roster(access: GroupAccess, group_id: str, names: Sequence[str]) -> list[int]:
    """The roster ids of these names, typed on the spot when a night starts: a name that is on
    the roster (ignoring case) is that player, any other joins it."""
    access.check(group_id, "create_night")
    with locked_group(group_id) as group:
        players, joined = roster_players(group, names)
        if joined:
            touch_group(group)
    return [player.id for player in players]
