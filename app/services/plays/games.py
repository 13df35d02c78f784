"""A group's played games (SPEC section 14): the games it scores elsewhere and records plays of,
read once at the edge, added and deleted (none while they have plays); a change places
their plays again, so it is in plays.py."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, fields
from typing import Any

from sqlalchemy import func, select

from ...errors import Conflict, Invalid, NotFound, Refusal, unless_refused
from ...extensions import db
from ...games.say import Say
from ...models import Match, PlayedGame
from ..group.groups import GroupAccess, writing_group
from ..text import clean_text, fold
from .rules import Ways

GAME_NAME_LIMIT = 60
# A group's played games are bounded like its roster (SPEC section 6).
GAMES_LIMIT = 1_000
FLAGS = ("highest_wins", "no_points", "cooperative", "uses_teams")
LARGEST_BGG_ID = 2**31 - 1


@dataclass(frozen=True)
class GameFields:
    """A played game as a client sent it, read once: its name, BoardGameGeek id and ways."""

    name: str
    bgg_id: int | None = None
    highest_wins: bool = True
    no_points: bool = False
    cooperative: bool = False
    uses_teams: bool = False

    @property
    def ways(self) -> Ways:
        return Ways(self.highest_wins, self.no_points, self.cooperative, self.uses_teams)


def read_game(body: Any) -> GameFields:
    """`{"name", "bgg_id"?, "highest_wins"?, "no_points"?, "cooperative"?, "uses_teams"?}`."""
    if not isinstance(body, Mapping):
        raise Invalid(Say("The body must be a JSON object."))
    known = {field.name for field in fields(GameFields)}
    for key in body:
        if key not in known:
            raise Invalid(Say("Unknown field “%(name)s”.", name=key), (str(key),))
    name = clean_text(body.get("name"), ("name",), GAME_NAME_LIMIT, Say("A game's name"))
    bgg_id = body.get("bgg_id")
    if bgg_id is not None and (isinstance(bgg_id, bool) or not isinstance(bgg_id, int)
                               or not 0 <= bgg_id <= LARGEST_BGG_ID):
        raise Invalid(Say("“bgg_id” is BoardGameGeek's number of the game, or null."),
                      ("bgg_id",))
    flags: dict[str, bool] = {}
    for flag in FLAGS:
        value = body.get(flag, GameFields.__dataclass_fields__[flag].default)
        if not isinstance(value, bool):
            raise Invalid(Say("“%(name)s” is true or false.", name=flag), (flag,))
        flags[flag] = value
    if flags["cooperative"] and flags["uses_teams"]:
        raise Invalid(Say("A cooperative game is played as one team: it uses no teams."),
                      ("uses_teams",))
    return GameFields(name, bgg_id, **flags)


def ways_of(game: PlayedGame) -> Ways:
    return Ways(game.highest_wins, game.no_points, game.cooperative, game.uses_teams)


def game_json(game: PlayedGame, plays: int | None = None) -> dict[str, Any]:
    """A played game as the API answers it (with its number of plays, where counted)."""
    answer: dict[str, Any] = {"id": game.id, "name": game.name, "bgg_id": game.bgg_id,
                              **{flag: getattr(game, flag) for flag in FLAGS}}
    return answer if plays is None else answer | {"plays": plays}


def list_games(access: GroupAccess, group_id: str) -> list[dict[str, Any]]:
    """The group's played games by name, each with its number of plays (in one query)."""
    access.check(group_id)
    counts = (select(Match.played_game_id, func.count().label("plays"))
              .where(Match.group_id == group_id, Match.played_game_id.is_not(None))
              .group_by(Match.played_game_id).subquery())
    rows = db.session.execute(
        select(PlayedGame, func.coalesce(counts.c.plays, 0))
        .outerjoin(counts, counts.c.played_game_id == PlayedGame.id)
        .where(PlayedGame.group_id == group_id).order_by(PlayedGame.folded, PlayedGame.id)).all()
    return [game_json(game, plays) for game, plays in rows]


def played_game(group_id: str, game_id: int) -> PlayedGame:
    """The group's played game of that id (404 otherwise)."""
    game = None
    if isinstance(game_id, int) and not isinstance(game_id, bool) and 1 <= game_id <= 2**31 - 1:
        game = db.session.get(PlayedGame, game_id)
    if game is None or game.group_id != group_id:
        raise NotFound(Say("No such game in the group."))
    return game


def check_game(group_id: str, game_id: int) -> None:
    """404 for a played game that is not this group's (checked before the body is read)."""
    played_game(group_id, game_id)


def refuse_taken(group_id: str, name: str, game_id: int | None = None) -> None:
    """409 where another of the group's played games has this name (ignoring case)."""
    other = db.session.scalar(select(PlayedGame.name).where(
        PlayedGame.group_id == group_id, PlayedGame.folded == fold(name),
        PlayedGame.id != game_id))
    if other is not None:
        raise Conflict(Say("The group has a game named “%(name)s” already.", name=other), "name")


def refuse_full(group_id: str, adding: int) -> None:
    if adding and (db.session.scalar(select(func.count()).select_from(PlayedGame).where(
            PlayedGame.group_id == group_id)) or 0) + adding > GAMES_LIMIT:
        raise Invalid(Say("A group keeps at most %(most)s played games.",
                          most=f"{GAMES_LIMIT:,}"), "name")


def new_game(group_id: str, made: GameFields, uuid: str | None = None) -> PlayedGame:
    """A played game added to the session (the group locked by the caller)."""
    game = PlayedGame(group_id=group_id, name=made.name, folded=fold(made.name),
                      bgg_id=made.bgg_id, uuid=uuid,
                      **{flag: getattr(made, flag) for flag in FLAGS})
    db.session.add(game)
    db.session.flush()
    return game


def add_game(access: GroupAccess, group_id: str, made: GameFields | Refusal,
             if_match: Collection[int] | None = None) -> PlayedGame:
    """A new played game of the group; a second of one name is 409."""
    with writing_group(access, group_id, if_match, "add_game"):
        made = unless_refused(made)
        refuse_taken(group_id, made.name)
        refuse_full(group_id, 1)
        return new_game(group_id, made)


def delete_game(access: GroupAccess, group_id: str, game_id: int,
                if_match: Collection[int] | None = None) -> None:
    """A played game deleted: 409 while it has plays."""
    with writing_group(access, group_id, if_match, "delete_game"):
        game = played_game(group_id, game_id)
        if db.session.scalar(select(Match.id).where(Match.played_game_id == game.id).limit(1)):
            raise Conflict(Say("The game has recorded plays: delete them first."))
        db.session.delete(game)
