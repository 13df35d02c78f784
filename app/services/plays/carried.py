"""A group's played games and recorded plays carried by its export.json and read back by its
import (SPEC sections 3 and 14): exactly as entered, placed again on arrival by the same rules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select

from ...errors import Invalid
from ...extensions import db
from ...games.say import Say
from ...models import Group, Match, PlayedGame, Player, utc
from ...turns import in_turns
from .games import FLAGS, GameFields, new_game, read_game
from .plays import PlayFields, Seated, insert_plays, play_rows, read_play, refuse_unplaceable

MOST_GAMES = 1_000
MOST_PLAYS = 100_000


def played_export(group_id: str) -> dict[str, Any]:
    """The group's played games and every recorded play (taken-out ones marked), as entered."""
    games = db.session.scalars(select(PlayedGame).where(PlayedGame.group_id == group_id)
                               .order_by(PlayedGame.id)).all()
    plays = db.session.execute(
        select(Match.played_game_id, Match.options, Match.created_at, Match.banked_at,
               Match.note, Match.taken_out, Match.import_key, Match.modified_at)
        .where(Match.group_id == group_id, Match.game == "played", Match.ended == "banked")
        .order_by(Match.banked_at, Match.id)).all()
    return {
        "played_games": [{"id": game.id, "name": game.name, "bgg_id": game.bgg_id,
                          **{flag: getattr(game, flag) for flag in FLAGS}, "uuid": game.uuid}
                         for game in games],
        "plays": [{
            "game": play.played_game_id, "played_at": utc(play.banked_at).isoformat(),
            "minutes": play.options["play"].get("minutes"), "note": play.note,
            "players": play.options["play"]["players"], "taken_out": bool(play.taken_out),
            # A play's own use of teams, where it differs from its game's (a BG Stats play's).
            "uses_teams": play.options["play"].get("uses_teams"),
            "import_key": play.import_key,
            "modified_at": utc(play.modified_at).isoformat() if play.modified_at else None}
            for play in in_turns(plays)],
    }


@dataclass(frozen=True)
class CarriedPlay:
    """A recorded play of an import, read: as entered, its roster ids the export's."""

    fields: PlayFields
    taken_out: bool
    import_key: str | None
    modified_at: datetime | None
    uses_teams: bool | None = None  # the play's own, over its game's


@dataclass(frozen=True)
class Carried:
    """An import's played games (the export's id of each) and plays, read and checked."""

    games: tuple[tuple[Any, GameFields, str | None], ...] = ()
    plays: tuple[CarriedPlay, ...] = ()


def _where(error: Invalid, prefix: str) -> Invalid:
    """A refusal of a part of the import, said where in the import it is."""
    return Invalid(error.message, f"{prefix}.{error.field}" if error.field else prefix)


def read_carried(games: Any, plays: Any, roster: Mapping[Any, str]) -> Carried:
    """The export's `played_games` and `plays` (either may be absent), checked whole."""
    if games is None and plays is None:
        return Carried()
    games = [] if games is None else games
    plays = [] if plays is None else plays
    if not isinstance(games, list) or len(games) > MOST_GAMES:
        raise Invalid(Say("Give the played games as a list of at most %(most)s.",
                          most=f"{MOST_GAMES:,}"), "played_games")
    if not isinstance(plays, list) or len(plays) > MOST_PLAYS:
        raise Invalid(Say("Give the plays as a list of at most %(most)s.",
                          most=f"{MOST_PLAYS:,}"), "plays")
    read_games: list[tuple[Any, GameFields, str | None]] = []
    names: set[str] = set()
    for i, raw in enumerate(games):
        if not isinstance(raw, Mapping):
            raise Invalid(Say("A played game is an object."), f"played_games[{i}]")
        uuid = raw.get("uuid")
        if uuid is not None and (not isinstance(uuid, str) or len(uuid) > 64):
            raise Invalid(Say("A game's uuid is text of at most 64 characters."),
                          f"played_games[{i}].uuid")
        gid = raw.get("id")
        if isinstance(gid, bool) or not isinstance(gid, int) or gid in {g[0] for g in read_games}:
            raise Invalid(Say("Each played game needs an id of its own."), f"played_games[{i}].id")
        try:
            made = read_game({k: v for k, v in raw.items() if k not in ("id", "uuid")})
        except Invalid as error:
            raise _where(error, f"played_games[{i}]") from None
        if made.name.casefold() in names:
            raise Invalid(Say("“%(name)s” is a played game twice.", name=made.name),
                          f"played_games[{i}].name")
        names.add(made.name.casefold())
        read_games.append((gid, made, uuid))
    known = {gid: made for gid, made, _ in read_games}
    read_plays = [_play(raw, i, known, roster) for i, raw in enumerate(in_turns(plays))]
    return Carried(tuple(read_games), tuple(read_plays))


def _play(raw: Any, i: int, games: Mapping[Any, GameFields],
          roster: Mapping[Any, str]) -> CarriedPlay:
    where = f"plays[{i}]"
    if not isinstance(raw, Mapping):
        raise Invalid(Say("A play is an object."), where)
    extra = {key: raw.get(key)
             for key in ("taken_out", "import_key", "modified_at", "uses_teams")}
    try:
        fields = read_play({k: v for k, v in raw.items() if k not in extra})
    except Invalid as error:
        raise _where(error, where) from None
    if fields.game not in games:
        raise Invalid(Say("A play is of one of the played games."), f"{where}.game")
    for index, seated in enumerate(fields.players):
        if seated.name is not None or (seated.player is not None and seated.player not in roster):
            raise Invalid(Say("Each player of a play is on the roster, or a guest."),
                          f"{where}.players[{index}]")
    if len({s.player for s in fields.players if s.player is not None}) != sum(
            s.player is not None for s in fields.players):
        raise Invalid(Say("One player plays once in a play."), f"{where}.players")
    own_teams = extra["uses_teams"]
    if own_teams is not None and not isinstance(own_teams, bool):
        raise Invalid(Say("“uses_teams” is true or false, or null."), f"{where}.uses_teams")
    try:  # checked with the rest before anything is written
        refuse_unplaceable(fields.players, games[fields.game].ways)
    except Invalid as error:
        raise _where(error, where) from None
    taken_out = extra["taken_out"] if extra["taken_out"] is not None else False
    if not isinstance(taken_out, bool):
        raise Invalid(Say("“taken_out” is true or false."), f"{where}.taken_out")
    key = extra["import_key"]
    if key is not None and (not isinstance(key, str) or len(key) > 64):
        raise Invalid(Say("A play's key is text of at most 64 characters."),
                      f"{where}.import_key")
    modified = None
    if extra["modified_at"] is not None:
        try:
            modified = datetime.fromisoformat(str(extra["modified_at"])).astimezone(UTC)
        except ValueError:
            raise Invalid(Say("“modified_at” is a moment with its offset."),
                          f"{where}.modified_at") from None
    return CarriedPlay(fields, taken_out, key, modified, own_teams)


def write_carried(group: Group, carried: Carried, players: Mapping[Any, Player],
                  batch: int = 1000) -> list[str]:
    """The import's played games and plays written into the new group (its roster written,
    `players` the export's id of each); committed a batch of plays at a time. Answers the
    plays' ids (for a failure to take out again)."""
    made: dict[Any, PlayedGame] = {}
    for gid, game_fields, uuid in carried.games:
        made[gid] = new_game(group.id, game_fields, uuid)
    db.session.commit()
    written: list[str] = []
    for start in in_turns(range(0, len(carried.plays), batch)):
        matches, seats = [], []
        for play in carried.plays[start:start + batch]:
            fields = play.fields
            mapped = PlayFields(fields.game, fields.played_at, tuple(
                Seated(None if s.player is None else players[s.player].id, None, s.guest,
                       s.score, s.winner, s.team, s.first) for s in fields.players),
                fields.minutes, fields.note)
            roster: Sequence[Player | None] = [None if s.player is None else players[s.player]
                                               for s in fields.players]
            row, rows = play_rows(group.id, made[fields.game], mapped, roster, play.import_key,
                                  play.modified_at, play.uses_teams, play.taken_out)
            matches.append(row)
            seats += rows
        # A batch of plays in two statements, as an import of plays writes them.
        insert_plays(matches, seats)
        db.session.commit()
        written += [row["id"] for row in matches]
    return written
