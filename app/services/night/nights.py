"""A night's writes: starting one (its links and first seating), the next seating (who is here
now), and its end. Each table is an ordinary match of the group, made as a create makes one."""

from __future__ import annotations

import secrets
from collections.abc import Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select

from ...errors import (
    Conflict,
    Invalid,
    NotFound,
    Refusal,
    ServiceError,
    VersionMismatch,
    unless_refused,
)
from ...extensions import db, write_intent
from ...games import GAMES, Game, InvalidInput
from ...games.say import Say
from ...models import Change, Group, Match, Night, NightTable, NightToken, Player, Seat
from ..design.copies import Chosen, Origin, match_options, read_choice
from ..group.groups import LARGEST_ID, GroupAccess, lock_group, locked_group, touch_group
from ..group.roster import roster_players
from ..happened import tell
from ..match.create import MATCH_NAME_LIMIT, build_match
from ..text import clean_optional_name
from . import seating
from .access import NightAccess
from .reads import night_json, night_standings, night_version

# SPEC section 6: a night seats at most 200 players (50 tables of four, 100 of two); the seating
# weighs every pair of them (its work grows as the square).
MOST_PLAYERS = 200
# An evening of more seatings than this is another night: every read of a night lists them all,
# and the largest (200 players at tables of two) stays within a second (SPEC section 6).
MOST_SEATINGS = 40
# How later seatings are made: fewest pairs again, or by the night's standings (SPEC 11).
SEATINGS = ("mixed", "standings")


@dataclass(frozen=True)
class NightPlan:
    """A new night as a client asked for it, read once at its edge (read_night_plan): its game,
    who is here (roster ids, checked against the roster when the night starts), the size of its
    tables (None: as the seating finds best), the options as sent and the design (read as a
    match's are), its name (None: the group's night) and how later seatings are made."""

    game: Game
    players: tuple[int, ...]
    table_size: int | None = None
    options: Mapping[str, Any] | None = None
    design: Chosen | None = None
    name: str | None = None
    seating: str = "mixed"


def read_night_plan(game_name: Any, players: Any, table_size: Any = None, options: Any = None,
                    name: Any = None, seating: Any = "mixed", design: Any = None) -> NightPlan:
    """What a client sent for a new night (the API's body, the start page's form), read in
    SPEC's order; else 422 at the field."""
    game = GAMES.get(game_name) if isinstance(game_name, str) else None
    if game is None:
        raise Invalid(Say("Choose a game: %(games)s.", games=", ".join(GAMES)), ("game",))
    size = _table_size(table_size, game)
    options, chosen = read_choice(game, design, options)
    if seating not in SEATINGS:
        raise Invalid(Say("Say how later seatings are made: %(ways)s.",
                          ways=", ".join(SEATINGS)), ("seating",))
    present = read_present(players)
    name = clean_optional_name(name, MATCH_NAME_LIMIT, Say("A night's name"))
    return NightPlan(game, present, size, options, chosen, name, seating)


def create_night(access: GroupAccess, group_id: str, plan: NightPlan | Refusal) -> Night:
    """A new night of the group (`plan`, or the refusal of what was sent), with its links and
    its first seating (at random); its `seating` says how later ones are made: "mixed" or
    "standings" (SPEC section 11)."""
    access.check(group_id, "create_night")
    plan = unless_refused(plan)
    game, table_size = plan.game, plan.table_size
    # A night of a sheet for any game: its tables copy one design (SPEC section 10).
    options, origin = match_options(plan.options, plan.design)
    _parse_options(game, options, game.max_players if table_size is None else table_size)
    with locked_group(group_id) as group:
        present = _on_roster(group, plan.players)
        name = plan.name or Say("%(group)s's night", group=group.name)[:MATCH_NAME_LIMIT]
        night = Night(id=secrets.token_urlsafe(9), group_id=group.id, game=game.name,
                      name=name, options=options, table_size=table_size,
                      present=present, seating=plan.seating,
                      design_id=origin.id if origin else None,
                      design_version=origin.version if origin else None)
        # 32 random bytes: 256 bits, far past guessing.
        night.tokens = [NightToken(secret=secrets.token_urlsafe(32), role="tv")]
        db.session.add(night)
        db.session.flush()
        _seat(night, game, group, _plan(night, present))
        touch_group(group)  # the group's page lists its nights
        _tell(group, night, "night_started")
    return night


def read_seating(body: Any) -> tuple[int, ...] | None:
    """What a client sent for the next seating (`{"players"?: [roster ids]}`, or no body): who
    is here now, or None for as before."""
    if body is None:
        return None
    if not isinstance(body, dict):
        raise Invalid(Say("The body must be a JSON object."))
    return None if body.get("players") is None else read_present(body["players"])


def next_seating(access: NightAccess, night_id: str,
                 asked: tuple[int, ...] | None | Refusal = None,
                 if_match: Collection[int] | None = None) -> Night:
    """The next seating of who is here now (`asked`: roster ids; None: as before; or the
    refusal of what was sent, said in SPEC's order). 409 once the night has ended, or while a
    table of the latest seating still plays.

    The seating is searched before the write takes its lock (SPEC section 6: no write of any
    table waits on the search), from what the night held then; under the lock, a night that
    changed meanwhile (a seating, a roster merge) is searched again."""
    night = access.check(night_id, "seat")
    planned = None
    if not night.ended and _playing(night.id) is None:
        try:  # what is wrong is said under the lock, in SPEC order (412, 409, then 422)
            group = db.session.get_one(Group, night.group_id)
            planned = _plan(night, _on_roster(group, _as_before(night, group)
                                              if asked is None else unless_refused(asked)))
        except ServiceError:
            planned = None
    db.session.rollback()  # the read ends: the write begins its own
    with _writing(access, night_id, "seat", if_match, "seating_started") as (night, group):
        _refuse_playing(night)
        if _latest_seating(night.id) >= MOST_SEATINGS:
            raise Conflict(Say("A night holds at most %(most)s seatings: end this one and start "
                               "another.", most=MOST_SEATINGS))
        present = _on_roster(group, _as_before(night, group) if asked is None
                             else unless_refused(asked))
        if planned is None or planned.stale(night, present):
            planned = _plan(night, present)
        night.present = present
        _seat(night, GAMES[night.game], group, planned)
    return night


def end_night(access: NightAccess, night_id: str,
              if_match: Collection[int] | None = None) -> Night:
    """The night ends: no further seating. Its tables stay as they are."""
    with _writing(access, night_id, "end", if_match, "night_ended") as (night, _group):
        night.ended = True
    return night


@contextmanager
def _writing(access: NightAccess, night_id: str, action: str,
             if_match: Collection[int] | None, event: str) -> Iterator[tuple[Night, Group]]:
    """One write to a night: checked (404, 403), its group then itself locked, 412 where
    `If-Match` names another version, 409 once it has ended; version bumped, the `event` put
    in the outbox (SPEC section 12), committed. The group is locked first, as every write to a
    group's matches does (writes.writing)."""
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
        _tell(group, locked, event)
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise


def _tell(group: Group, night: Night, event: str) -> None:
    """The group's destinations told of the night as its big screen sees it now."""
    db.session.flush()
    tell(group, event, lambda: {"night": night_json(
        NightAccess("tv", night_id=night.id), night)})


def _latest_seating(night_id: str) -> int:
    return db.session.scalar(select(func.coalesce(func.max(NightTable.seating), 0))
                             .where(NightTable.night_id == night_id)) or 0


def _playing(night_id: str) -> tuple[int, str] | None:
    """A table of the latest seating still playing (neither banked nor abandoned): its
    position and match, read in one query whatever the night's earlier seatings hold."""
    row = db.session.execute(
        select(NightTable.position, NightTable.match_id)
        .join(Match, Match.id == NightTable.match_id)
        .where(NightTable.night_id == night_id,
               NightTable.seating == _latest_seating(night_id),
               Match.ended.is_(None) | Match.ended.not_in(("banked", "abandoned")))
        .order_by(NightTable.position).limit(1)).first()
    return None if row is None else (row.position, row.match_id)


def _refuse_playing(night: Night) -> None:
    """SPEC: no next seating while a match of the latest one is neither banked nor abandoned;
    the refusal says which table."""
    playing = _playing(night.id)
    if playing is not None:
        names = ", ".join(db.session.scalars(select(Seat.name).where(
            Seat.match_id == playing[1]).order_by(Seat.position)))
        raise Conflict(Say("Table %(table)s (%(names)s) is still playing: bank or abandon "
                           "its match first.", table=playing[0] + 1, names=names))


def _as_before(night: Night, group: Group) -> list[int]:
    """Who was here at the last seating, less anyone merged into another since."""
    on_roster = set(db.session.scalars(select(Player.id).where(Player.group_id == group.id)))
    return [p for p in night.present if p in on_roster]


def _table_size(value: Any, game: Game) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not (
            game.min_players <= value <= game.max_players):
        raise Invalid(Say("%(game)s takes %(least)s to %(most)s players at a table.",
                          game=game.title, least=game.min_players, most=game.max_players),
                      ("table_size",))
    return value


def _parse_options(game: Game, options: Any, players: int) -> dict[str, Any]:
    try:
        return game.parse_options(options, players)
    except InvalidInput as error:
        raise Invalid(error.message, error.located) from error


def read_present(players: Any) -> tuple[int, ...]:
    """Who is here as a client sent it: roster ids, each named once (whether they are on the
    roster is seen when the night is written)."""
    if not isinstance(players, list) or not players:
        raise Invalid(Say("Say who is here: a list of the roster's player ids."), ("players",))
    if len(players) > MOST_PLAYERS:  # SPEC section 6: the seating's work stays bounded
        raise Invalid(Say("A night seats at most %(most)s players.", most=MOST_PLAYERS),
                      ("players",))
    ids = tuple(p for p in players if not isinstance(p, bool) and isinstance(p, int)
                and 1 <= p <= LARGEST_ID)
    if len(ids) != len(players) or len(set(ids)) != len(ids):
        raise Invalid(Say("Name each player present once, by their roster id."), ("players",))
    return ids


def _on_roster(group: Group, ids: Sequence[int]) -> list[int]:
    """Roster ids, each of this group's roster."""
    known = set(db.session.scalars(select(Player.id).where(
        Player.group_id == group.id, Player.id.in_(ids))))
    for i, player in enumerate(ids):
        if player not in known:
            raise Invalid(Say("Player %(id)s is not on the group's roster.", id=player),
                          ("players", i))
    return list(ids)


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


@dataclass(frozen=True)
class _Planned:
    """A seating searched for the night as it was (its version, which its tables' and its
    group's move too, so a match taken out of the standings is seen; who was present; how many
    seatings it held): who sits where, and at what table sizes."""

    version: int
    present: tuple[int, ...]
    number: int
    sizes: tuple[int, ...]
    tables: tuple[tuple[int, ...], ...]

    def stale(self, night: Night, present: Sequence[int]) -> bool:
        """Whether the night has changed since this was searched (under the write's lock)."""
        return (night_version(night.id), tuple(present), _latest_seating(night.id) + 1) != (
            self.version, self.present, self.number)


def _plan(night: Night, present: list[int]) -> _Planned:
    """The next seating of `present` (roster ids, as _present() checked them): split into
    tables, and seated after the night's earlier seatings (seating.py). Those are read in one
    query, so its time does not grow with how many the night held."""
    game = GAMES[night.game]
    sizes = seating.split(len(present), range(game.min_players, game.max_players + 1),
                          night.table_size)
    if sizes is None:
        raise Invalid(Say("%(count)s players cannot be split into tables of %(game)s.",
                          count=len(present), game=game.title), "players")
    history: list[list[list[int]]] = []
    at: dict[tuple[int, int], list[int]] = {}
    for row in db.session.execute(
            select(NightTable.seating, NightTable.position, Seat.player_id)
            .join(Seat, Seat.match_id == NightTable.match_id)
            .where(NightTable.night_id == night.id, Seat.player_id.is_not(None))
            .order_by(NightTable.seating, NightTable.position, Seat.position)):
        at.setdefault((row.seating, row.position), []).append(row.player_id)
    for (number, _position), table in at.items():
        while len(history) < number:
            history.append([])
        history[number - 1].append(table)
    number = _latest_seating(night.id) + 1
    options = _parse_options(game, night.options, sizes[0])
    partners = partnerships(game, options, sizes)
    if night.seating == "standings" and number > 1:
        ranks = {row.player: row.rank for row in night_standings(night.id, {
            p: "" for p in present})}
        tables = seating.by_standings(present, sizes, history, ranks, partners)
    else:
        tables = seating.seat(present, sizes, history, partners)
    return _Planned(night_version(night.id) or 0, tuple(present), number, tuple(sizes),
                    tuple(tuple(table) for table in tables))


def _seat(night: Night, game: Game, group: Group, planned: _Planned) -> None:
    """The planned seating written: each table a new match of the group with its own links, as
    a create makes one, and a link for each player new to the night."""
    options = {size: _parse_options(game, night.options, size) for size in set(planned.sizes)}
    roster = {p.id: p for p in db.session.scalars(
        select(Player).where(Player.id.in_(planned.present)))}
    have = {t.player_id for t in night.tokens}
    for player in planned.present:
        if player not in have:
            night.tokens.append(NightToken(secret=secrets.token_urlsafe(32), role="player",
                                           player_id=player))
    made = []
    for position, seated in enumerate(planned.tables):
        players = [roster[p] for p in seated]
        # The night's name as typed: a page says "seating 3, table 2" in its own language.
        match = build_match(game, [p.name for p in players], options[len(seated)], night.name,
                            group.id, players, Origin(night.design_id, night.design_version))
        match.night_table = NightTable(night_id=night.id, seating=planned.number,
                                       position=position, match_id=match.id)
        db.session.add(match)
        made.append(match)
    db.session.flush()  # the matches, in one flush, before the changes that name them
    for match in made:
        db.session.add(Change(match_id=match.id, version=1, actor="host", action="create",
                              after={"players": [seat.name for seat in match.seats],
                                     "options": match.options, "night": night.id}))


def join_roster(access: GroupAccess, group_id: str, names: Sequence[str]) -> list[int]:
    """The roster ids of these names, typed on the spot when a night starts: a name that is on
    the roster (ignoring case) is that player, any other joins it."""
    access.check(group_id, "create_night")
    with locked_group(group_id) as group:
        players, joined = roster_players(group, names)
        if joined:
            touch_group(group)
    return [player.id for player in players]
