"""A group's seasons (SPEC section 11): their writes, and a season's table, read in one query of
its matches' seats and kept per version of the group."""

from __future__ import annotations

import heapq
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import func, select

from ...cache import kept
from ...errors import Invalid, NotFound, Refusal, unless_refused
from ...extensions import db
from ...games import GAMES
from ...games.say import Say
from ...models import Group, Match, Player, Season, Seat, utc
from ...turns import in_turns
from .. import dates
from ..group.groups import GroupAccess, writing_group
from ..text import clean_text

SEASON_NAME_LIMIT = 80
# best_of and at_least: a season of more matches than this is a bank, not a season.
MOST = 10_000
# The API lists a group's seasons this many at a time, newest first (SPEC section 6).
SEASONS_PAGE = 50
FIELDS = ("name", "starts", "ends", "game", "best_of", "at_least")
DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")  # \d would take other scripts' digits


@dataclass(frozen=True)
class Rules:
    """What a season counts: its name, its days (both inclusive; `ends` None while open), its
    game (None: every game), and its best_of and at_least (None: no such rule)."""

    name: str
    starts: date
    ends: date | None
    game: str | None
    best_of: int | None
    at_least: int | None

    def json(self) -> dict[str, Any]:
        return {"name": self.name, "starts": self.starts.isoformat(),
                "ends": self.ends.isoformat() if self.ends else None, "game": self.game,
                "best_of": self.best_of, "at_least": self.at_least}


def rules_of(season: Season) -> Rules:
    return Rules(season.name, season.starts, season.ends, season.game, season.best_of,
                 season.at_least)


@dataclass(frozen=True)
class SeasonFields:
    """A season's fields as a client gave them, read once at its edge (read_season): those in
    `given` read (a day a date, a count a whole number, the game one of ours), the rest left as
    they are (a create gives at least the name and the day it starts)."""

    given: frozenset[str]
    name: str = ""
    starts: date | None = None
    ends: date | None = None
    game: str | None = None
    best_of: int | None = None
    at_least: int | None = None

    def rules(self, before: Rules | None = None) -> Rules:
        """The season's rules: these fields over `before`'s (a change), each field not given
        kept; 422 at `ends` for a season that would end before it starts."""
        rules = Rules(**{field: getattr(self if before is None or field in self.given else before,
                                        field) for field in FIELDS})
        if rules.ends is not None and rules.ends < rules.starts:
            raise Invalid(Say("A season ends on or after the day it starts."), ("ends",))
        return rules


def read_season(body: Any, creating: bool) -> SeasonFields:
    """A season's fields from what a client sent (the API's body, a page's form: a field left
    out stays, `null` clears one that may be absent), read in their order; 422 at the field."""
    if not isinstance(body, Mapping):
        raise Invalid(Say("The body must be a JSON object."))
    for field in body:
        if field not in FIELDS:
            raise Invalid(Say("Unknown field “%(name)s”.", name=field), (field,))
    if creating:
        for field in ("name", "starts"):
            if field not in body:
                raise Invalid(Say("A season needs a name and the day it starts."), (field,))
    read: dict[str, Any] = {}
    if "name" in body:
        read["name"] = clean_text(body["name"], ("name",), SEASON_NAME_LIMIT,
                                  Say("A season's name"))
    if "starts" in body:
        read["starts"] = _day(body["starts"], "starts")
    if "ends" in body:
        read["ends"] = None if body["ends"] is None else _day(body["ends"], "ends")
    if "game" in body:
        game = body["game"]
        if game is not None and not (isinstance(game, str) and game in GAMES):
            raise Invalid(Say("No such game; choose one of: %(games)s.",
                              games=", ".join(GAMES)), ("game",))
        read["game"] = game
    for field in ("best_of", "at_least"):
        if field in body:
            read[field] = None if body[field] is None else _count(body[field], field)
    return SeasonFields(frozenset(read), **read)


def _day(value: Any, field: str) -> date:
    """A day as written, within what the app takes (services/dates.py: its table counts up to
    the day after its last)."""
    if not isinstance(value, str) or not DAY.fullmatch(value):
        raise Invalid(Say("Write a day as YYYY-MM-DD (2026-09-01)."), (field,))
    try:
        day = date.fromisoformat(value)
    except ValueError:
        raise Invalid(Say("There is no such day: %(day)s.", day=value), (field,)) from None
    if not dates.held(day):
        raise Invalid(dates.OUT_OF_RANGE, (field,))
    return day


def _count(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MOST:
        raise Invalid(Say("A whole number from 1 to %(most)s.", most=f"{MOST:,}"), (field,))
    return value


def check_season(group_id: str, season_id: int) -> None:
    """404 for a season that is not the group's (checked before the link's right, SPEC 2)."""
    if _season(group_id, season_id) is None:
        raise NotFound(Say("No such season in the group."))


def _season(group_id: str, season_id: int) -> Season | None:
    if not 1 <= season_id < 2**31:
        return None
    return db.session.scalar(select(Season).where(Season.id == season_id,
                                                  Season.group_id == group_id))


def create_season(access: GroupAccess, group_id: str, fields: SeasonFields | Refusal,
                  if_match: Collection[int] | None = None) -> Season:
    """A new season of the group: `fields` as its edge read them (read_season, creating), or
    their refusal, said after the link's right and `If-Match` (SPEC section 2)."""
    with writing_group(access, group_id, if_match, "create_season"):
        rules = unless_refused(fields).rules()
        season = Season(group_id=group_id, **_columns(rules))
        db.session.add(season)
        db.session.flush()
    return season


def change_season(access: GroupAccess, group_id: str, season_id: int,
                  fields: SeasonFields | Refusal,
                  if_match: Collection[int] | None = None) -> Season:
    """A season's fields changed (those given; read_season, not creating), or their refusal."""
    with writing_group(access, group_id, if_match, "change_season"):
        season = _season(group_id, season_id)
        if season is None:
            raise NotFound(Say("No such season in the group."))
        for column, value in _columns(unless_refused(fields).rules(rules_of(season))).items():
            setattr(season, column, value)
    return season


def delete_season(access: GroupAccess, group_id: str, season_id: int,
                  if_match: Collection[int] | None = None) -> None:
    with writing_group(access, group_id, if_match, "delete_season"):
        season = _season(group_id, season_id)
        if season is None:
            raise NotFound(Say("No such season in the group."))
        db.session.delete(season)


def _columns(rules: Rules) -> dict[str, Any]:
    return {"name": rules.name, "starts": rules.starts, "ends": rules.ends, "game": rules.game,
            "best_of": rules.best_of, "at_least": rules.at_least}


def season_json(season: Season) -> dict[str, Any]:
    return {"id": season.id, **rules_of(season).json()}


def group_seasons(group_id: str, page: int = 1, per_page: int = SEASONS_PAGE
                  ) -> tuple[list[Season], int]:
    """One page of the group's seasons, the latest start first, and how many pages there are."""
    count = db.session.scalars(select(func.count()).select_from(Season)
                               .where(Season.group_id == group_id)).one()
    pages = max(1, -(-count // per_page))
    rows = db.session.scalars(
        select(Season).where(Season.group_id == group_id)
        .order_by(Season.starts.desc(), Season.id.desc())
        .offset((min(max(1, page), pages) - 1) * per_page).limit(per_page)).all()
    return list(rows), pages


def current_season(group_id: str, game: str | None = None, today: date | None = None
                   ) -> Season | None:
    """The season running today (UTC) of the group: of `game` or of every game where one is
    named (a season of that very game first), else any; the latest to start."""
    today = today or datetime.now(UTC).date()
    query = select(Season).where(Season.group_id == group_id, Season.starts <= today,
                                 Season.ends.is_(None) | (Season.ends >= today))
    if game is not None:
        query = query.where(Season.game.is_(None) | (Season.game == game)).order_by(
            Season.game.is_(None))
    return db.session.scalars(query.order_by(Season.starts.desc(), Season.id.desc())
                              .limit(1)).first()


# The table ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """One player's line of a season's table."""

    player: int
    name: str
    played: int
    won: int
    points: int
    counted: int
    rank: int | None  # None: fewer matches than at_least

    def json(self) -> dict[str, Any]:
        return {"player": self.player, "name": self.name, "played": self.played,
                "won": self.won, "points": self.points, "counted": self.counted,
                "rank": self.rank}


@dataclass(frozen=True)
class Table:
    """A season's table at one version of the group, and what its chart draws: the days with
    a match in the season, and for each charted player their counted points after each."""

    id: int
    rules: Rules
    version: int
    matches: int
    rows: tuple[Row, ...]
    days: tuple[date, ...]
    over_time: tuple[tuple[str, tuple[int | None, ...]], ...]

    def json(self) -> dict[str, Any]:
        return {"id": self.id, **self.rules.json(), "matches": self.matches,
                "table": [row.json() for row in self.rows], "version": self.version}


CHARTED = 8  # players whose counted points the chart draws: the table's first ones


@dataclass(frozen=True)
class Played:
    """A banked match of the season as its table reads it: the day it was banked (UTC) and
    each roster player's points (the sides their side finished ahead of, as a night's
    standings give them, from the stored ranks) and whether they won."""

    day: date
    players: tuple[tuple[int, int, bool], ...]  # (player, points, won)


def played_of(group_id: str, rules: Rules) -> list[Played]:
    """The season's matches, oldest first, in one query of their seats: the group's banked
    matches (taken-out ones left out) banked on its days, of its game where named."""
    query = (select(Match.id, Match.banked_at, Seat.player_id, Seat.side, Seat.rank,
                    Seat.winner)
             .join(Seat, Seat.match_id == Match.id)
             .where(Match.group_id == group_id, Match.ended == "banked",
                    Match.taken_out.is_(False), Match.banked_at >= _midnight(rules.starts))
             .order_by(Match.banked_at, Match.id))
    # A season stored ending on the last day there is (before days were bounded) has no day
    # after it: every match is banked before its end.
    if rules.ends is not None and rules.ends < date.max:
        query = query.where(Match.banked_at < _midnight(rules.ends + timedelta(days=1)))
    if rules.game is not None:
        query = query.where(Match.game == rules.game)
    seats: dict[str, tuple[Any, list[Any]]] = {}  # a banked match has its banked_at
    # A season may hold thousands of matches: read (by Core, a batch at a time: ten thousand
    # matches' seats are 40,000 rows), it takes turns with the worker's other requests.
    for batch in in_turns(db.session.connection().execute(query).partitions(2000)):
        for match_id, banked_at, player, side, rank, won in batch:
            seats.setdefault(match_id, (banked_at, []))[1].append((player, side, rank, won))
    played = []
    for banked_at, rows in seats.values():
        ranks = list({side: rank for _, side, rank, _ in rows}.values())
        played.append(Played(utc(banked_at).date(), tuple(
            (player, sum(1 for other in ranks if other > rank), bool(won))
            for player, _, rank, won in rows if player is not None)))
    return played


def _midnight(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, tzinfo=UTC)


def _best(points: list[int], best_of: int | None) -> int:
    return sum(points) if best_of is None else sum(heapq.nlargest(best_of, points))


def table_of(season_id: int, rules: Rules, version: int, held: Sequence[Played],
             names: Mapping[int, str]) -> Table:
    """The season's table over its matches (`held`, oldest first): per player with a match in
    it, played, won, points and counted (their best best_of matches' points); ranked by
    counted, then won, then fewer played, equals sharing; those with fewer than at_least
    after, unranked (SPEC section 11). `names`: the roster's, now."""
    tally: dict[int, tuple[int, list[int]]] = {}
    for match in held:
        for player, gained, winner in match.players:
            wins, all_points = tally.setdefault(player, (0, []))
            all_points.append(gained)
            tally[player] = (wins + winner, all_points)
    lines = [(player, won, points, _best(points, rules.best_of))
             for player, (won, points) in tally.items()]
    lines.sort(key=lambda line: (-line[3], -line[1], len(line[2]),
                                 names.get(line[0], "").casefold(), line[0]))
    ranked = [line for line in lines if len(line[2]) >= (rules.at_least or 0)]
    rows: list[Row] = []
    for place, (player, won, points, counted) in enumerate(ranked, start=1):
        before = rows[-1] if rows else None
        shared = before is not None and (before.counted, before.won, before.played) == (
            counted, won, len(points))
        rows.append(Row(player, names.get(player, "?"), len(points), won, sum(points),
                        counted, before.rank if shared and before else place))
    rows += [Row(player, names.get(player, "?"), len(points), won, sum(points), counted, None)
             for player, won, points, counted in lines if len(points) < (rules.at_least or 0)]
    days, over_time = _over_time(held, [row.player for row in rows[:CHARTED]], rules, names)
    return Table(season_id, rules, version, len(held), tuple(rows), days, over_time)


def _over_time(held: Sequence[Played], players: Sequence[int], rules: Rules,
               names: Mapping[int, str]
               ) -> tuple[tuple[date, ...], tuple[tuple[str, tuple[int | None, ...]], ...]]:
    """Each charted player's counted points at the end of each day of the season that had a
    match (None before their first), the best best_of kept as a heap as matches come."""
    days: list[date] = []
    best: dict[int, list[int]] = {player: [] for player in players}
    rest: dict[int, int] = dict.fromkeys(players, 0)  # points beyond the heap: all of them
    series: dict[int, list[int | None]] = {player: [] for player in players}
    for match in held:
        if not days or days[-1] != match.day:
            days.append(match.day)
            for player in players:
                series[player].append(series[player][-1] if series[player] else None)
        for player, points, _won in match.players:
            if player not in best:
                continue
            heap = best[player]
            if rules.best_of is None:
                rest[player] += points
            elif len(heap) < rules.best_of:
                heapq.heappush(heap, points)
            elif points > heap[0]:
                heapq.heapreplace(heap, points)
            series[player][-1] = sum(heap) + rest[player]
    return tuple(days), tuple((names.get(player, "?"), tuple(series[player]))
                              for player in players)


def season_table(access: GroupAccess, group_id: str, version: int, season_id: int) -> Table:
    """The season's table at the group's `version` (404 for no such season of the group),
    kept in the app's cache: a change of the season, of the bank or of a name on the roster
    bumps the group's version."""
    access.check(group_id)
    season = _season(group_id, season_id)
    if season is None:
        raise NotFound(Say("No such season in the group."))
    rules = rules_of(season)

    def make() -> tuple[Table, int, bool]:
        names = dict(db.session.execute(
            select(Player.id, Player.name).where(Player.group_id == group_id)).all())
        now = db.session.scalar(select(Group.version).where(Group.id == group_id))
        table = table_of(season_id, rules, now or version, played_of(group_id, rules), names)
        size = 600 + 250 * len(table.rows) + 120 * len(table.days) * CHARTED
        return table, size, now == version

    # The rules are in the key: read apart from the table, they may be a version behind it.
    return kept(("season", group_id, version, season_id, rules), make)


def current_table(group_id: str, game: str | None = None) -> Table | None:
    """The table of the group's season running today (of `game`, or of every game, where one
    is named), at the group's version now; None while none runs."""
    season = current_season(group_id, game)
    version = db.session.scalar(select(Group.version).where(Group.id == group_id))
    if season is None or version is None:
        return None
    return season_table(GroupAccess(group_id, "view"), group_id, version, season.id)


def group_name(group_id: str) -> str:
    """The group's name, for a season's page (read alone: the bank is not needed there)."""
    return db.session.scalar(select(Group.name).where(Group.id == group_id)) or ""
