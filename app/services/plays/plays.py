"""Recorded plays (SPEC section 14): a result entered after the fact, read once at the edge,
banked as it is made (a match of the game "played", its seats placed by rules.py), corrected,
deleted, and placed again when its game's ways change. The bank, above, reads them as it reads
every banked match (bank/recorded.py summarises one)."""

from __future__ import annotations

import secrets
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal, InvalidOperation
from typing import Any, cast

from flask import has_request_context, request
from sqlalchemy import Table as Rows
from sqlalchemy import bindparam, insert, select, update

from ...errors import Conflict, Invalid, NotFound, Refusal, unless_refused
from ...extensions import db
from ...games.say import Say
from ...hosting.lan import sent_out
from ...models import Group, Match, PlayedGame, Player, Seat, utc
from ..dates import OUT_OF_RANGE, held
from ..group.groups import GroupAccess, refuse_full_roster, writing_group
from ..happened import tell
from ..text import NAME_LIMIT, clean_text, fold, normal_text, too_long
from .games import FLAGS, GameFields, played_game, refuse_taken, ways_of
from .rules import Line, Ways, cooperative_mixed, exact, place, text_of

PLAYERS_MOST = 30
NOTE_LIMIT = 500
TEAM_LIMIT = 40
MINUTES_MOST = 100_000  # some 70 days: no play is longer


@dataclass(frozen=True)
class Seated:
    """One player's line of a play as entered: who (a roster id, a name that is or becomes
    the roster's, or a guest's name), their score, and what was said of them."""

    player: int | None = None
    name: str | None = None
    guest: str | None = None
    score: Decimal | None = None
    winner: bool | None = None
    team: str | None = None
    first: bool = False

    def line(self) -> Line:
        return Line(self.score, self.winner, self.team)


@dataclass(frozen=True)
class PlayFields:
    """A recorded play as a client sent it, read once (read_play)."""

    game: int
    played_at: datetime
    players: tuple[Seated, ...]
    minutes: int | None = None
    note: str | None = None


def read_score(value: Any, where: tuple[str | int, ...]) -> Decimal | None:
    """A score: a decimal as a string ("12.5", "-3"), a JSON number, or null."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int, float)) or (
            isinstance(value, str) and len(value) > 40):
        raise Invalid(Say("A score is a number as text, like \"12.5\" or \"-3\", or null."),
                      where)
    try:
        score = Decimal(value.strip() if isinstance(value, str) else repr(value))
    except InvalidOperation:
        score = None
    if score is None or not exact(score):
        raise Invalid(Say("A score is a number of at most 15 digits, like \"12.5\" or \"-3\"."),
                      where)
    return score


def _flag(line: Mapping[str, Any], key: str, at: tuple[str | int, ...]) -> bool | None:
    value = line.get(key)
    if value is not None and not isinstance(value, bool):
        raise Invalid(Say("“%(name)s” is true or false.", name=key), (*at, key))
    return value


def read_seated(line: Any, i: int) -> Seated:
    at: tuple[str | int, ...] = ("players", i)
    if not isinstance(line, Mapping):
        raise Invalid(Say("Each player's line is an object: {\"player\": <id>, \"score\": "
                          "\"12\"}."), at)
    for key in line:
        if key not in ("player", "name", "guest", "score", "winner", "team", "first"):
            raise Invalid(Say("Unknown field “%(name)s”.", name=key), (*at, str(key)))
    who = [key for key in ("player", "name", "guest") if line.get(key) is not None]
    if len(who) != 1:
        raise Invalid(Say("Say who played: a roster \"player\" by id, a \"name\", or a "
                          "\"guest\"."), at)
    player = line.get("player")
    if player is not None and (isinstance(player, bool) or not isinstance(player, int)):
        raise Invalid(Say("Name a roster player by their id."), (*at, "player"))
    name = guest = None
    if "name" in who:
        name = clean_text(line["name"], (*at, "name"), NAME_LIMIT, Say("A player's name"))
    if "guest" in who:
        guest = clean_text(line["guest"], (*at, "guest"), NAME_LIMIT, Say("A guest's name"))
    team = line.get("team")
    if team is not None:
        team = clean_text(team, (*at, "team"), TEAM_LIMIT, Say("A team's name"))
    return Seated(player, name, guest, read_score(line.get("score"), (*at, "score")),
                  _flag(line, "winner", at), team, bool(_flag(line, "first", at)))


def read_played_at(value: Any) -> datetime:
    if isinstance(value, str) and len(value) <= 40:
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            moment = None
        if moment is not None and moment.tzinfo is not None:
            moment = moment.astimezone(UTC)
            if held(moment):
                return moment
            raise Invalid(OUT_OF_RANGE, ("played_at",))
    raise Invalid(Say("“played_at” is a moment with its offset, like "
                      "2026-03-14T20:30:00+01:00."), ("played_at",))


def read_play(body: Any) -> PlayFields:
    """`{"game", "played_at", "minutes"?, "note"?, "players": [...]}` (SPEC section 14)."""
    if not isinstance(body, Mapping):
        raise Invalid(Say("The body must be a JSON object."))
    for key in body:
        if key not in ("game", "played_at", "minutes", "note", "players"):
            raise Invalid(Say("Unknown field “%(name)s”.", name=key), (str(key),))
    game = body.get("game")
    if isinstance(game, bool) or not isinstance(game, int):
        raise Invalid(Say("Name the played game by its id."), ("game",))
    played_at = read_played_at(body.get("played_at"))
    minutes = body.get("minutes")
    if minutes is not None and (isinstance(minutes, bool) or not isinstance(minutes, int)
                                or not 0 <= minutes <= MINUTES_MOST):
        raise Invalid(Say("“minutes” is a whole number of minutes, 0 or more."), ("minutes",))
    note = body.get("note")
    if note is not None:
        if not isinstance(note, str) or too_long(note, NOTE_LIMIT):
            raise Invalid(Say("A note is text of at most %(limit)s characters.",
                              limit=NOTE_LIMIT), ("note",))
        note = normal_text(note, lines=True) or None
        if note is not None and len(note) > NOTE_LIMIT:
            raise Invalid(Say("A note is text of at most %(limit)s characters.",
                              limit=NOTE_LIMIT), ("note",))
    lines = body.get("players")
    if not isinstance(lines, list) or not 1 <= len(lines) <= PLAYERS_MOST:
        raise Invalid(Say("A play has 1 to %(most)s players.", most=PLAYERS_MOST), ("players",))
    players = tuple(read_seated(line, i) for i, line in enumerate(lines))
    return PlayFields(game, played_at, players, minutes, note)


# Writing a play ------------------------------------------------------------------------------


def refuse_unplaceable(players: Sequence[Seated], ways: Ways) -> None:
    """422 for what the game's ways cannot place: a cooperative play won by some, lost by
    others."""
    if ways.cooperative and cooperative_mixed([seated.line() for seated in players]):
        raise Invalid(Say("A cooperative game is won or lost by everyone together: tick every "
                          "player or none."), ("players",))


# The roster players a play names, by id or by name: built once (every logged play asks).
_BY_ID = select(Player).where(Player.group_id == bindparam("group_id"),
                              Player.id.in_(bindparam("ids", expanding=True)))
_BY_NAME = select(Player).where(Player.group_id == bindparam("group_id"),
                                Player.folded.in_(bindparam("names", expanding=True)))


def resolve(group: Group, players: Sequence[Seated]) -> list[Player | None]:
    """The roster player of each line (None: a guest): ids checked, names found or added, in
    one query each. No roster player twice: 409. The group is locked by the caller."""
    named = {fold(seated.name) for seated in players if seated.name is not None}
    ids = {seated.player for seated in players if seated.player is not None}
    found_ids = {player.id: player for player in db.session.scalars(
        _BY_ID, {"group_id": group.id, "ids": list(ids)})} if ids else {}
    known = {player.folded: player for player in db.session.scalars(
        _BY_NAME, {"group_id": group.id, "names": list(named)})} if named else {}
    if named - set(known):
        refuse_full_roster(group.id, len(named - set(known)))
    found: list[Player | None] = []
    for i, seated in enumerate(players):
        if seated.player is not None:
            if seated.player not in found_ids:
                raise Invalid(Say("There is no such player on the roster."),
                              ("players", i, "player"))
            found.append(found_ids[seated.player])
        elif seated.name is not None:
            key = fold(seated.name)
            if key not in known:
                known[key] = Player(group_id=group.id, name=seated.name, folded=key)
                db.session.add(known[key])
            found.append(known[key])
        else:
            found.append(None)
    if any(player is not None and player.id is None for player in found):
        db.session.flush()  # the new players' ids
    seen: dict[int, int] = {}
    for i, player in enumerate(found):
        if player is not None:
            if player.id in seen:
                raise Conflict(Say("%(name)s is in the play twice.", name=player.name),
                               ("players", i))
            seen[player.id] = i
    return found


def entered(players: Sequence[Seated], roster: Sequence[Player | None],
            minutes: int | None, uses_teams: bool | None = None) -> dict[str, Any]:
    """What was entered, as the play's options keep it: each line's player by roster id (a
    name typed is the roster's player it became), its score as text, what was said of it."""
    lines = []
    for seated, player in zip(players, roster, strict=True):
        line: dict[str, Any] = ({"player": player.id} if player is not None
                                else {"guest": seated.guest})
        line["score"] = None if seated.score is None else text_of(seated.score)
        if seated.winner is not None:
            line["winner"] = seated.winner
        if seated.team is not None:
            line["team"] = seated.team
        if seated.first:
            line["first"] = True
        lines.append(line)
    play: dict[str, Any] = {"players": lines, "minutes": minutes}
    if uses_teams is not None:  # a play's own, over its game's (a BG Stats play may say)
        play["uses_teams"] = uses_teams
    return {"play": play}


def play_ways(match: Match, game: PlayedGame) -> Ways:
    """The ways a play is placed by: its game's, with the play's own use of teams if it says."""
    ways = ways_of(game)
    own = match.options["play"].get("uses_teams")
    return ways if own is None else replace(ways, uses_teams=own)


def lines_of(match: Match) -> list[Line]:
    """A stored play's lines as placing reads them."""
    return [Line(None if line.get("score") is None else Decimal(line["score"]),
                 line.get("winner"), line.get("team"))
            for line in match.options["play"]["players"]]


def place_again(game: PlayedGame) -> None:
    """Every play of a game placed again by its ways now (its game changed)."""
    for match in db.session.scalars(select(Match).where(Match.played_game_id == game.id)):
        placed = place(lines_of(match), play_ways(match, game))
        for seat, spot in zip(match.seats, placed, strict=True):
            seat.side, seat.rank, seat.winner = spot.side, spot.rank, spot.winner


def new_play_id() -> str:
    """A play's id, as a match's: 72 random bits."""
    return secrets.token_urlsafe(9)


def write_play(group: Group, game: PlayedGame, fields: PlayFields,
               match: Match | None = None, roster: Sequence[Player | None] | None = None,
               import_key: str | None = None, modified_at: datetime | None = None,
               uses_teams: bool | None = None) -> Match:
    """A play stored and banked (a new one, or `match` corrected): what was entered, and its
    seats placed. The group is locked by the caller."""
    ways = ways_of(game) if uses_teams is None else replace(ways_of(game), uses_teams=uses_teams)
    refuse_unplaceable(fields.players, ways)
    roster = resolve(group, fields.players) if roster is None else roster
    row, seats = play_rows(group.id, game, fields, roster, import_key, modified_at, uses_teams)
    if match is None:
        match = Match(**row)
        db.session.add(match)
    else:  # corrected: its id, key and being taken out stay; its card is made again
        for name in ("name", "played_game_id", "note", "options", "created_at", "banked_at",
                     "updated_at", "modified_at"):
            setattr(match, name, row[name])
        match.version += 1
    match.seats = [Seat(**{name: value for name, value in seat.items() if name != "match_id"})
                   for seat in seats]
    return match


def play_rows(group_id: str, game: PlayedGame, fields: PlayFields,
              roster: Sequence[Player | None], import_key: str | None = None,
              modified_at: datetime | None = None, uses_teams: bool | None = None,
              taken_out: bool = False) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A new play as its rows (its match's and its seats'): what was entered, banked when it
    was played and begun its minutes before, and its seats placed by the game's ways. An
    import and a logged play insert them as they are; write_play makes its objects of them."""
    ways = ways_of(game) if uses_teams is None else replace(ways_of(game), uses_teams=uses_teams)
    played_at = fields.played_at.astimezone(UTC)
    options = entered(fields.players, roster, fields.minutes, uses_teams)
    now = datetime.now(UTC)
    match = {"id": new_play_id(), "game": "played", "name": game.name, "options": options,
             "ended": "banked", "version": 1, "group_id": group_id,
             "created_at": played_at - timedelta(minutes=fields.minutes or 0),
             "updated_at": now, "banked_at": played_at, "note": fields.note,
             "taken_out": taken_out, "round_count": 1, "played_game_id": game.id,
             "import_key": import_key,
             "modified_at": None if modified_at is None else modified_at.astimezone(UTC)}
    stored = options["play"]["players"]
    placed = place([seated.line() for seated in fields.players], ways)
    seats = [{"match_id": match["id"], "position": i,
              "name": player.name if player is not None else line["guest"],
              "player_id": player.id if player is not None else None,
              "guest": player is None, "side": spot.side, "rank": spot.rank,
              "winner": spot.winner, "score": line.get("score"), "revealed": False}
             for i, (line, player, spot) in enumerate(zip(stored, roster, placed, strict=True))]
    return match, seats


def told_play(match: Match, game: PlayedGame) -> dict[str, Any]:
    """A play as the outbox keeps it (banking.told_match's shape, with its played game)."""
    return {"match": {
        "id": match.id, "game": "played", "name": game.name,
        "played_game": {"id": game.id, "name": game.name},
        "started_at": utc(match.created_at).isoformat(),
        "banked_at": utc(match.banked_at or match.created_at).isoformat(), "rounds": 1,
        "place": None,
        "note": match.note, "taken_out": bool(match.taken_out),
        "seats": [[seat.player_id, seat.name, seat.position, seat.side or 0, seat.score,
                   seat.rank or 1, bool(seat.winner)] for seat in match.seats]},
        "root": sent_out(request.url_root) if has_request_context() else None}


def the_play(group_id: str, match_id: str) -> Match:
    """A recorded play of the group's bank, locked (after the group); 404 otherwise."""
    match = db.session.scalar(select(Match).where(
        Match.id == match_id, Match.group_id == group_id, Match.game == "played"
    ).with_for_update(of=Match))
    if match is None:
        raise NotFound(Say("No such play in the group's bank."))
    return match


def check_play(group_id: str, match_id: str) -> None:
    """404 for a play that is not in the group's bank (checked before the body is read)."""
    if db.session.scalar(select(Match.id).where(
            Match.id == match_id, Match.group_id == group_id, Match.game == "played")) is None:
        raise NotFound(Say("No such play in the group's bank."))


def as_entered(access: GroupAccess, group_id: str, match_id: str) -> PlayFields:
    """A recorded play as it was entered (each line's roster player by id, a guest by name),
    for the form that corrects it; 404 for a play not in the group's bank."""
    access.check(group_id)
    match = db.session.scalar(select(Match).where(
        Match.id == match_id, Match.group_id == group_id, Match.game == "played"))
    if match is None or match.played_game_id is None:
        raise NotFound(Say("No such play in the group's bank."))
    play = match.options["play"]
    return PlayFields(
        match.played_game_id, utc(match.banked_at or match.created_at),
        tuple(Seated(player=line.get("player"), guest=line.get("guest"),
                     score=None if line.get("score") is None else Decimal(line["score"]),
                     winner=line.get("winner"), team=line.get("team"),
                     first=bool(line.get("first")))
              for line in play["players"]),
        play.get("minutes"), match.note)


# Plays' rows, by the tables' own inserts: the ORM's bulk insert cost a logged play a third more.
_INSERT_MATCH = insert(cast(Rows, Match.__table__))
_INSERT_SEATS = insert(cast(Rows, Seat.__table__))


def insert_plays(matches: Sequence[dict[str, Any]], seats: Sequence[dict[str, Any]]) -> None:
    """New plays written as their rows (play_rows's), in two statements whatever their number:
    a logged play, an import's batch, an export's plays read back. What the session holds is
    written first (a roster player or a played game they name)."""
    if not matches:
        return
    db.session.flush()
    connection = db.session.connection()
    connection.execute(_INSERT_MATCH, matches)
    connection.execute(_INSERT_SEATS, seats)


def log_play(access: GroupAccess, group_id: str, fields: PlayFields | Refusal,
             if_match: Collection[int] | None = None) -> tuple[Match, PlayedGame]:
    """A play recorded and banked; the group's destinations are told `match_banked`. Answers
    the play and its game (bank.recorded summarises them)."""
    with writing_group(access, group_id, if_match, "log_play") as group:
        fields = unless_refused(fields)
        game = _game_of(group_id, fields)
        refuse_unplaceable(fields.players, ways_of(game))
        # Written as rows, in two statements (as an import writes its plays): the objects a
        # flush would make cost twice the rest of the write. The play answered is made of them.
        row, seats = play_rows(group.id, game, fields, resolve(group, fields.players))
        insert_plays([row], seats)
        match = Match(**row)
        match.seats = [Seat(**seat) for seat in seats]
        tell(group, "match_banked", lambda: told_play(match, game))
        return match, game


def correct_play(access: GroupAccess, group_id: str, match_id: str,
                 fields: PlayFields | Refusal,
                 if_match: Collection[int] | None = None) -> tuple[Match, PlayedGame]:
    """A recorded play corrected: what was entered replaced, its seats placed again."""
    with writing_group(access, group_id, if_match, "correct_play") as group:
        match = the_play(group_id, match_id)
        fields = unless_refused(fields)
        game = _game_of(group_id, fields)
        own_teams = match.options["play"].get("uses_teams") if game.id == match.played_game_id \
            else None
        match.seats = []
        db.session.flush()  # its old seats gone before the new ones take their places
        write_play(group, game, fields, match, import_key=match.import_key,
                   modified_at=match.modified_at, uses_teams=own_teams)
        db.session.flush()
        return match, game


def delete_play(access: GroupAccess, group_id: str, match_id: str,
                if_match: Collection[int] | None = None) -> None:
    with writing_group(access, group_id, if_match, "delete_play"):
        db.session.delete(the_play(group_id, match_id))


def _game_of(group_id: str, fields: PlayFields) -> PlayedGame:
    try:
        return played_game(group_id, fields.game)
    except NotFound:
        raise Invalid(Say("No such played game in the group."), ("game",)) from None


def change_game(access: GroupAccess, group_id: str, game_id: int, made: GameFields | Refusal,
                if_match: Collection[int] | None = None) -> PlayedGame:
    """A played game changed: its name, BoardGameGeek id and ways; its plays are placed again
    by its new ways (made cooperative, a play some won and some lost: 409)."""
    with writing_group(access, group_id, if_match, "change_game"):
        game = played_game(group_id, game_id)
        made = unless_refused(made)
        refuse_taken(group_id, made.name, game.id)
        if made.cooperative and not game.cooperative:
            for match in db.session.scalars(select(Match).where(
                    Match.played_game_id == game.id)):
                if cooperative_mixed(lines_of(match)):
                    raise Conflict(Say("Some of its plays were won by some players and lost "
                                       "by others: a cooperative game's cannot be."),
                                   "cooperative")
        before, renamed = ways_of(game), made.name != game.name
        game.name, game.folded, game.bgg_id = made.name, fold(made.name), made.bgg_id
        for flag in FLAGS:
            setattr(game, flag, getattr(made, flag))
        if made.ways != before:
            place_again(game)
        if renamed:  # a play is named by its game
            db.session.execute(update(Match).where(Match.played_game_id == game.id)
                               .values(name=game.name))
        return game
