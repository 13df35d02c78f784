"""Importing a group's export.json: a new group (new ids, new links) whose bank, replayed by the
engines, equals the original's. All of it is checked before anything is written, and written
in one transaction: a broken or hostile import is 422 with nothing half made."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from types import TracebackType
from typing import Any

from sqlalchemy import Table, delete, select

from ...errors import Invalid
from ...extensions import Base, db, write_intent
from ...games import GAMES, Game, InvalidInput, Result, RoundInput
from ...games.say import Say
from ...models import Change, Entry, Group, Match, Player, Round, Seat, Token
from ...turns import TakingTurns, in_turns, without_pauses
from .. import dates
from ..design.copies import DESIGN_ID, plays_designs, read_carried_options
from ..group.groups import GROUP_NAME_LIMIT, ROSTER_LIMIT, new_group, new_secret
from ..limits import count_new
from ..match.create import MATCH_NAME_LIMIT, new_id, read_players
from ..match.edits import read_detail
from ..match.writes import MOST_ROUNDS as MOST_ROUNDS_A_MATCH
from ..match.writes import parse_input
from ..plays.carried import Carried, read_carried, write_carried
from ..text import NAME_LIMIT, clean_text, fold
from .banking import places
from .exports import EXPORT_FORMAT, EXPORT_VERSION

# What one import may hold, past which it is refused (422) rather than tie up the database.
MOST_MATCHES = 5_000
MOST_ROUNDS = 50_000  # over all its matches: a few seconds of the write lock at most

FIELDS = {"format", "format_version", "exported_at", "name", "ratings", "players", "matches",
          "played_games", "plays"}
MATCH_FIELDS = {"id", "game", "name", "options", "players", "characters", "rounds",
                "started_at", "banked_at", "place", "note", "taken_out", "design"}


@dataclass(frozen=True)
class _Planned:
    """A match of the import, checked and replayed, not yet written."""

    game: Game
    names: list[str]
    players: list[Any]  # the export's roster id of each seat
    options: dict[str, Any]
    name: str
    rounds: list[RoundInput]
    characters: list[tuple[list[str], bool] | None]
    result: Result
    started_at: datetime
    banked_at: datetime
    place: str | None
    note: str | None
    taken_out: bool
    design: tuple[str | None, int | None] = (None, None)  # the stored design it came from


def import_group(body: Any, address: str | None = None) -> tuple[Group, dict[str, str]]:
    """A new group built from an export's body; answers it and its new links. The work takes
    turns with the worker's other requests (SPEC section 6: nobody waits on an import)."""
    with without_pauses():
        return _import_group(body, address)


def _import_group(body: Any, address: str | None) -> tuple[Group, dict[str, str]]:
    # Counted before any work: checking an import replays every match in it, and a refused
    # import counts as an accepted one (SPEC section 6).
    count_new(address, Say("Too many new groups from this address; wait a minute."))
    if not isinstance(body, Mapping):
        raise Invalid(Say("An import is the JSON object a group's export.json holds."))
    _known_fields(body, FIELDS, "")
    if body.get("format", EXPORT_FORMAT) != EXPORT_FORMAT:
        raise Invalid(Say("This is not a SquareScores group export."), "format")
    if body.get("format_version", EXPORT_VERSION) != EXPORT_VERSION:
        raise Invalid(Say("This app reads exports of version %(version)s.",
                          version=EXPORT_VERSION), "format_version")
    name = clean_text(body.get("name"), "name", GROUP_NAME_LIMIT, Say("A group's name"))
    ratings = body.get("ratings", False)
    if not isinstance(ratings, bool):
        raise Invalid(Say("Say true or false."), "ratings")
    roster = _roster(body.get("players"))
    raw_matches = body.get("matches", [])
    if not isinstance(raw_matches, list) or len(raw_matches) > MOST_MATCHES:
        raise Invalid(Say("Give the matches as a list of at most %(most)s.",
                          most=f"{MOST_MATCHES:,}"), "matches")
    planned, rounds = [], 0
    for index, raw in enumerate(in_turns(raw_matches)):
        planned.append(_match(raw, f"matches[{index}]", roster))
        rounds += len(planned[-1].rounds)
        if rounds > MOST_ROUNDS:
            raise Invalid(Say("An import holds at most %(most)s rounds in all.",
                              most=f"{MOST_ROUNDS:,}"), "matches")
    carried = read_carried(body.get("played_games"), body.get("plays"), roster)
    uuids = {entry["id"]: entry.get("uuid") for entry in body.get("players") or []}
    return _write(name, ratings, roster, planned, carried, uuids)


def _known_fields(value: Mapping[str, Any], known: set[str], where: str) -> None:
    for field in value:
        if field not in known:
            raise Invalid(Say("Unknown field “%(name)s”.", name=field), f"{where}{field}")


def _roster(raw: Any) -> dict[Any, str]:
    """The export's roster: its ids (each once) and names (each once, ignoring case)."""
    if raw is None:
        raw = []
    if not isinstance(raw, list) or len(raw) > ROSTER_LIMIT:
        raise Invalid(Say("Give the roster as a list of at most %(most)s players.",
                          most=f"{ROSTER_LIMIT:,}"), "players")
    roster: dict[Any, str] = {}
    folded: set[str] = set()
    for index, entry in enumerate(raw):
        where = f"players[{index}]"
        if not isinstance(entry, Mapping):
            raise Invalid(Say("A roster entry is {\"id\", \"name\"}."), where)
        _known_fields(entry, {"id", "name", "uuid"}, f"{where}.")
        uuid = entry.get("uuid")
        if uuid is not None and (not isinstance(uuid, str) or len(uuid) > 64):
            raise Invalid(Say("A player's uuid is text of at most 64 characters."),
                          f"{where}.uuid")
        pid = entry.get("id")
        if isinstance(pid, bool) or not isinstance(pid, (int, str)) or pid in roster:
            raise Invalid(Say("Each player needs an id of their own."), f"{where}.id")
        name = clean_text(entry.get("name"), f"{where}.name", NAME_LIMIT, Say("A player's name"))
        if fold(name) in folded:
            raise Invalid(Say("“%(name)s” is on the roster twice.", name=name), f"{where}.name")
        folded.add(fold(name))
        roster[pid] = name
    return roster


def _match(raw: Any, where: str, roster: Mapping[Any, str]) -> _Planned:
    """One banked match of the export, checked through its engine and replayed."""
    if not isinstance(raw, Mapping):
        raise Invalid(Say("A match is an object."), where)
    _known_fields(raw, MATCH_FIELDS, f"{where}.")
    game_name = raw.get("game")
    game = GAMES.get(game_name) if isinstance(game_name, str) else None
    if game is None:
        raise Invalid(Say("Unknown game; this app plays %(games)s.", games=", ".join(GAMES)),
                      f"{where}.game")
    seats = raw.get("players")
    if not isinstance(seats, list) or not all(isinstance(s, Mapping) for s in seats):
        raise Invalid(Say("Give the seats as a list of {\"seat\", \"name\", \"player\"}."),
                      f"{where}.players")
    if len(seats) > game.max_players:  # counted before any seat is read
        with _at(where):
            read_players(seats, game)
    players = []
    for index, seat in enumerate(seats):
        _known_fields(seat, {"seat", "name", "player"}, f"{where}.players[{index}].")
        if seat.get("seat", index) != index:
            raise Invalid(Say("Seats are listed in seat order."), f"{where}.players[{index}].seat")
        pid = seat.get("player")
        if isinstance(pid, bool) or not isinstance(pid, (int, str)) or pid not in roster:
            raise Invalid(Say("Each seat names a player on the roster."),
                          f"{where}.players[{index}].player")
        if pid in players:
            raise Invalid(Say("One player sits at one seat of a match."),
                          f"{where}.players[{index}].player")
        players.append(pid)
    with _at(where):
        names = read_players([seat.get("name") for seat in seats], game)
        options = parse_input(game.parse_options, read_carried_options(game, raw.get("options")),
                              len(names))
    name = clean_text(raw.get("name"), f"{where}.name", MATCH_NAME_LIMIT, Say("A match name"))
    characters = _characters(raw.get("characters"), game, len(names), where)
    rounds = _rounds(raw.get("rounds"), game, len(names), options, where)
    secrets = [character[0] if character else None for character in characters]
    with _at(f"{where}.rounds"):
        parse_input(game.check_match, len(names), options, rounds)
    result = game.replay(len(names), options, TakingTurns(rounds), secrets)
    if not result.over or result.over_after != len(rounds) - 1:
        raise Invalid(Say("These rounds do not end the match with its last one, yet it was "
                      "banked."), f"{where}.rounds")
    started, banked = _time(raw, "started_at", where), _time(raw, "banked_at", where)
    if banked < started:
        raise Invalid(Say("A match is banked after it starts."), f"{where}.banked_at")
    with _at(where):
        place, note = read_detail(raw.get("place"), "place"), read_detail(raw.get("note"), "note")
    taken_out = raw.get("taken_out", False)
    if not isinstance(taken_out, bool):
        raise Invalid(Say("“taken_out” is true or false."), f"{where}.taken_out")
    return _Planned(game, names, players, options, name, rounds, characters, result, started,
                    banked, place, note, taken_out, _design(raw.get("design"), game, where))


def _design(raw: Any, game: Game, where: str) -> tuple[str | None, int | None]:
    """The stored design a match's copy came from (its copy travels in its options)."""
    if raw is None:
        return None, None
    if not isinstance(raw, Mapping) or not plays_designs(game):
        raise Invalid(Say("A match's design is {\"id\", \"version\"}.") if plays_designs(game)
                      else Say("Only a sheet for any game is played from a design."),
                      f"{where}.design")
    _known_fields(raw, {"id", "version"}, f"{where}.design.")
    design_id, version = raw.get("id"), raw.get("version")
    if not (design_id is None or (isinstance(design_id, str)
                                  and DESIGN_ID.fullmatch(design_id) is not None)):
        raise Invalid(Say("A design's id is 1 to 24 letters, digits, “-” and “_”, as in its "
                          "link."), f"{where}.design.id")
    if not (version is None or (isinstance(version, int) and not isinstance(version, bool)
                                and 1 <= version <= 2**31 - 1)):
        raise Invalid(Say("A design's version is a whole number from 1."),
                      f"{where}.design.version")
    return design_id, version


class _at:
    """Inside it, an Invalid (or a game's InvalidInput) is reported under `where`."""

    def __init__(self, where: str):
        self.where = where

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if isinstance(error, (Invalid, InvalidInput)):
            field = f"{self.where}.{error.field}" if error.field else self.where
            raise Invalid(error.message, field) from error


def _characters(raw: Any, game: Game, players: int,
                where: str) -> list[tuple[list[str], bool] | None]:
    if raw is None:
        return [None] * players
    if not isinstance(raw, list) or len(raw) != players:
        raise Invalid(Say("Give one character (or null) per seat."), f"{where}.characters")
    characters: list[tuple[list[str], bool] | None] = []
    for index, entry in enumerate(raw):
        at = f"{where}.characters[{index}]"
        if entry is None:
            characters.append(None)
            continue
        parse = game.parse_character  # None for a game that keeps no secrets
        if parse is None or not isinstance(entry, Mapping):
            raise Invalid(Say("%(game)s has no characters.", game=game.title) if parse is None
                          else Say("A character is {\"symbols\", \"revealed\"}."), at)
        _known_fields(entry, {"symbols", "revealed"}, f"{at}.")
        with _at(at):
            symbols = parse_input(parse, entry.get("symbols"))
        revealed = entry.get("revealed", False)
        if not isinstance(revealed, bool):
            raise Invalid(Say("“revealed” is true or false."), f"{at}.revealed")
        characters.append((symbols, revealed))
    return characters


def _rounds(raw: Any, game: Game, players: int, options: Mapping[str, Any],
            where: str) -> list[RoundInput]:
    if not isinstance(raw, list) or not raw:
        raise Invalid(Say("Give the match's rounds, as entered, in a list."), f"{where}.rounds")
    if len(raw) > MOST_ROUNDS_A_MATCH:
        raise Invalid(Say("A match holds at most %(most)s rounds.", most=MOST_ROUNDS_A_MATCH),
                      f"{where}.rounds")
    rounds = []
    for number, body in enumerate(in_turns(raw)):  # a designed round works out its formulas
        with _at(f"{where}.rounds[{number}]"):
            rounds.append(parse_input(game.parse_round, body, players, options))
    return rounds


def _time(raw: Mapping[str, Any], name: str, where: str) -> datetime:
    value = raw.get(name)
    try:
        if not isinstance(value, str) or len(value) > 40:
            raise ValueError(value)
        moment = datetime.fromisoformat(value)
        moment = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
        moment.timestamp()  # out of range past year 9999 once in UTC: refused here
    except (ValueError, OverflowError, OSError) as error:
        raise Invalid(Say("“%(name)s” is a time in ISO 8601, like 2026-11-30T20:15:00+00:00.",
                          name=name), f"{where}.{name}") from error
    if not dates.held(moment):  # a group's evening is the six hours before its latest match
        raise Invalid(dates.OUT_OF_RANGE, f"{where}.{name}")
    return moment


def _write(name: str, ratings: bool, roster: Mapping[Any, str], planned: Sequence[_Planned],
           carried: Carried, uuids: Mapping[Any, str | None]) -> tuple[Group, dict[str, str]]:
    """Everything checked: the new group, its roster and matches. The rows are made first and
    then inserted a table at a time, a batch a transaction, the worker's other requests served
    between batches (SPEC section 6) and no write lock held across them (SQLite's would stop
    every other writer). The group's links go in last: until then no link reaches any of it,
    and a failure on the way takes all of it out again, so an import lands whole or not at all."""
    group = new_group(name)
    group.ratings = ratings
    links, group.tokens = group.tokens, []
    group.players = [Player(name=player, folded=fold(player), uuid=uuids.get(pid))
                     for pid, player in roster.items()]
    matches, seats, tokens, rounds, entries, log = [], [], [], [], [], []
    match_ids: list[str] = []
    for plan in in_turns(planned):
        match_id = new_id()
        match_ids.append(match_id)
        matches.append({
            "id": match_id, "game": plan.game.name, "name": plan.name, "options": plan.options,
            "ended": "banked", "version": 1, "created_at": plan.started_at,
            "updated_at": plan.banked_at, "group_id": group.id, "place": plan.place,
            "note": plan.note, "banked_at": plan.banked_at, "taken_out": plan.taken_out,
            "round_count": len(plan.rounds), "design_id": plan.design[0],
            "design_version": plan.design[1]})
        finishes = places(plan.game, plan.options, plan.game.sides(plan.names, plan.options),
                          plan.result)
        side_rows = (plan.game.side_rows(plan.result) if plan.game.side_rows is not None
                     else None)
        for finish, seat_name, pid, character in zip(finishes, plan.names, plan.players,
                                                     plan.characters, strict=True):
            seats.append({
                "match_id": match_id, "position": finish.seat, "name": seat_name,
                "player": pid, "character": character[0] if character else None,
                "revealed": bool(character and character[1]), "side": finish.side,
                "total": finish.total, "rank": finish.rank, "winner": finish.winner,
                "rows": dict(side_rows[finish.side]) if side_rows is not None else None})
        tokens += [{"match_id": match_id, "secret": new_secret(), "role": role, "seat": seat,
                    "created_at": plan.banked_at}
                   for role, seat in [("host", None), ("view", None),
                                      *(("seat", i) for i in range(len(plan.names)))]]
        for number, entered in enumerate(plan.rounds, start=1):
            rounds.append({"match_id": match_id, "number": number,
                           "common": dict(entered.common), "created_at": plan.banked_at})
            entries.append([{"seat": seat, "data": part, "updated_at": plan.banked_at}
                            for seat, part in enumerate(entered.parts) if part is not None])
        log.append({"match_id": match_id, "version": 1, "at": plan.banked_at, "actor": "host",
                    "action": "import", "after": {"group": group.id}, "opened_round": False})

    db.session.rollback()
    try:
        with write_intent():
            db.session.add(group)
            db.session.commit()
        ids = {pid: player.id for pid, player in zip(roster, group.players, strict=True)}
        for seat in seats:
            seat["player_id"] = ids[seat.pop("player")]
        for model, rows in ((Match, matches), (Seat, seats), (Token, tokens), (Change, log),
                            (Round, rounds)):
            _insert(model, rows)
        # The rounds' ids, read back a hundred matches at a time (RETURNING would take a
        # statement per row).
        round_ids: dict[tuple[Any, Any], int] = {}
        for start in in_turns(range(0, len(match_ids), BATCH // 10)):
            round_ids.update(((row.match_id, row.number), row.id) for row in db.session.execute(
                select(Round.id, Round.match_id, Round.number)
                .where(Round.match_id.in_(match_ids[start:start + BATCH // 10]))))
        db.session.rollback()  # the read's own transaction
        _insert(Entry, [entry | {"round_id": round_ids[row["match_id"], row["number"]]}
                        for row, parts in in_turns(zip(rounds, entries, strict=True))
                        for entry in parts])
        with write_intent():  # the played games and recorded plays (SPEC section 14)
            match_ids += write_carried(group, carried, dict(zip(roster, group.players,
                                                               strict=True)))
        with write_intent():
            group.tokens = links
            db.session.commit()
    except BaseException:
        db.session.rollback()
        _take_out(group.id, match_ids)
        raise
    return group, {token.role: token.secret for token in group.tokens}


# Rows inserted in one statement and one transaction, between which the worker's other
# requests are served.
BATCH = 1000


def _insert(model: type[Base], rows: Sequence[dict[str, Any]]) -> None:
    for start in in_turns(range(0, len(rows), BATCH)):
        with write_intent():
            db.session.execute(_table(model).insert(), rows[start:start + BATCH])
            db.session.commit()


def _take_out(group_id: str, match_ids: Sequence[str]) -> None:
    """What a failed import wrote, deleted (the matches take their seats, links, rounds and log
    with them; the group its roster)."""
    for start in range(0, len(match_ids), BATCH):
        with write_intent():
            db.session.execute(delete(Match).where(Match.id.in_(match_ids[start:start + BATCH])))
            db.session.commit()
    with write_intent():
        db.session.execute(delete(Group).where(Group.id == group_id))
        db.session.commit()


def _table(model: type[Base]) -> Table:
    """The table a model maps, to insert into in batches: a Table for each of ours, though
    declarative types `__table__` as any FROM clause (a model may map a join)."""
    table = model.__table__
    if not isinstance(table, Table):
        raise TypeError(f"{model.__name__} maps no one table.")
    return table
