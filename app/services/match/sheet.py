"""A match as every client sees it: the stored rows replayed through the game's engine; and the
checks a request passes against it before its body is read (in SPEC order: 404, then 403)."""

from __future__ import annotations

import hashlib
import hmac
import json
import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import Select, bindparam, func, insert, inspect, select, update
from sqlalchemy import Table as Rows
from sqlalchemy.orm import joinedload, selectinload
from sqlalchemy.orm.attributes import set_committed_value

from ...cache import kept
from ...errors import NotFound
from ...extensions import db
from ...games import GAMES, Game, InvalidInput, Result, RoundInput, Side
from ...games.say import Say
from ...models import VERSIONS_MOVED, Change, Entry, Match, Round, Seat
from ...turns import TakingTurns
from .access import Access, Table
from .outside import StepOut, kept_outside, steps_out, waits_for_another

# A character key is 32 characters; a longer one was never given out, and is not hashed.
KEY_LIMIT = 64


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
    # The replay of every round but the last, where it is known (kept beside the version's own
    # replay): a write to the last round carries it on rather than replaying the match.
    before: Result | None = None

    @property
    def status(self) -> str:
        if self.match.ended:
            return self.match.ended
        return "over" if self.result.over else "active"

    @property
    def version(self) -> int:
        return self.match.version

    @property
    def table(self) -> Table:
        return Table(self.game, self.players, self.sides, len(self.rounds), self.match.options)

    def replay(self, rounds: Sequence[RoundInput], secrets: Sequence[Any] | None = None,
               options: Mapping[str, Any] | None = None) -> Result:
        """The outcome if the rounds (or the secrets, or the options) were these: a long one
        asked for under the write lock is made outside it (outside.py)."""
        options = self.match.options if options is None else options
        secrets = self.secrets if secrets is None else secrets
        size = len(rounds) * len(self.players)

        def make() -> tuple[Result, int, bool]:
            return (self.game.replay(len(self.players), options, TakingTurns(rounds), secrets),
                    _size(rounds, len(self.players)), True)

        if not steps_out(size):
            return make()[0]
        return kept_outside(("rehearsed", self.match.id, self.version,
                             _digest(rounds, options, secrets)), make, size)

    def replayed(self, rounds: Sequence[RoundInput]) -> tuple[Result, Result | None]:
        """The replay of `rounds` (with this match's secrets and options), and the replay of
        every one but their last where it is known. Where the rounds before their last are this
        sheet's (a round added) or all but this sheet's last (the last round changed), the
        game carries its replay on from there, where it can, instead of replaying them all; and
        where they are this sheet's but its last (the last round deleted), that is known."""
        if self.before is not None and _same(rounds, self.rounds[:-1]):
            return self.before, None
        if rounds and _same(rounds[:-1], self.rounds):
            before: Result | None = self.result
        elif rounds and self.before is not None and _same(rounds[:-1], self.rounds[:-1]):
            before = self.before
        else:
            return self.replay(rounds), None
        return self.game.replay_after(len(self.players), self.match.options, before, rounds,
                                      self.secrets), before

    def character_visible(self, access: Access, seat: int, key: str | None = None) -> bool:
        """A character shows to its own seat on the phone that typed it (which holds `key`),
        once revealed to all, and to all once the match is over (an abandoned match was never
        over: its characters stay secret). The host, who holds every seat's link, never sees a
        hidden one."""
        return (self.match.seats[seat].revealed or self.status in ("over", "banked")
                or self.key_opens(access, seat, key))

    def key_opens(self, access: Access, seat: int, key: str | None) -> bool:
        """Whether this link, with this key, is the phone that typed `seat`'s character."""
        return (access.role == "seat" and access.seat == seat
                and key_matches(self.match.seats[seat].character_key, key))

    def side_of(self, seat: int) -> Side:
        return next(side for side in self.sides if seat in side.seats)

    def writable_seats(self, access: Access) -> frozenset[int]:
        """The seats whose parts this token may type: all for the host, its side's for a seat."""
        return access.writable_seats(self.sides, len(self.players))

    def next_round_can_open(self) -> bool:
        return self.status == "active" and all(
            r.status != "open" for r in self.result.rounds
        )

    def part_in(self, logged: Any, logged_seat: int | None, seat: int) -> Any:
        """One seat's part in a value the change log holds: a seat's own part as it is, or the
        seat's share of a whole round's body (None where there is none)."""
        if logged is None:
            return None
        if logged_seat is not None:
            return logged
        try:
            return self.game.parse_round(logged, len(self.players),
                                         self.match.options).parts[seat]
        except InvalidInput:
            return None


def key_hash(key: str) -> str:
    """What is stored of a character key: its SHA-256, in hex."""
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def key_matches(stored: str | None, key: str | None) -> bool:
    """Whether `key` is the one whose hash is `stored` (none stored: no key is)."""
    if not stored or not isinstance(key, str) or not key or len(key) > KEY_LIMIT:
        return False
    return hmac.compare_digest(stored, key_hash(key))


def load_sheet(match_id: str) -> Sheet:
    """A match's sheet as stored now. Its replay is kept per version (a version never changes),
    so that every read of it after the first (the pages, the API, the CSV: SPEC section 6) reads
    its rows and replays nothing."""
    match = db.session.execute(_READ, {"match_id": match_id}).unique().scalar_one_or_none()
    if match is None:
        raise NotFound(Say("No such match."))
    return current_sheet(match)


# A read's match with its seats joined in and its rounds left unread: the version's rounds and
# replay are kept, and where they are not, current_sheet reads the rounds as plain rows (reading
# a 1,000-round match's rounds and entries through the ORM took 100 ms of every read of its
# round, hand, line and details pages, all of them drawn from a kept replay).
_READ = select(Match).where(Match.id == bindparam("match_id")).options(joinedload(Match.seats))


# A version's rounds as entered, their replay, and the replay of all but the last (or None).
Replayed = tuple[tuple[RoundInput, ...], Result, Result | None]


def current_sheet(match: Match) -> Sheet:
    """The sheet of a match read with match_query, its replay kept per version: a write finds
    the replay that the reads of the version before it (or the write that made it) kept."""
    def make() -> tuple[Replayed, int, bool]:
        players = len(match.seats)
        if "rounds" in inspect(match).unloaded:  # a write's match: its rows read as plain rows
            rounds = stored_rounds(match.id, players)
        else:
            rounds = tuple(stored_round(row, players) for row in match.rounds)
        if steps_out(len(rounds) * players):
            raise StepOut(lambda: load_sheet(match_id))
        secrets = tuple(seat.character or None for seat in match.seats)
        result = GAMES[match.game].replay(players, match.options, TakingTurns(rounds), secrets)
        return (rounds, result, None), _size(rounds, players), True

    match_id = match.id

    key = ("replay", match.id, match.version)
    if waits_for_another(key):
        raise StepOut(lambda: load_sheet(match_id))
    rounds, result, before = kept(key, make)
    return _keeping_table(sheet_of(match, rounds, result, before))


def written_sheet(match: Match, rounds: Sequence[RoundInput], result: Result,
                  before: Result | None = None) -> Sheet:
    """The sheet a write leaves (after its commit: `match` at its new version), from the replay
    the write made of its rounds; kept as that version's, so that neither its answer nor the
    reads and writes after it replay the match again."""
    replayed: Replayed = (tuple(rounds), result, before)
    rounds, result, before = kept(("replay", match.id, match.version),
                                  lambda: (replayed, _size(replayed[0], len(match.seats)), True))
    return _keeping_table(sheet_of(match, rounds, result, before))


# What the checks before a write need of a version (precheck): its game, players, sides and
# number of rounds, kept by whatever drew the version's sheet, so that the write that follows a
# read (or the phone's next write after its last) checks its rights without a query.
_TABLE_SIZE = 300


def version_table(match_id: str, version: int, make: Callable[[], Table]) -> Table:
    """The table of a match's version: kept, or made by `make` and kept."""
    return kept(("table", match_id, version), lambda: (make(), _TABLE_SIZE, True))


def _keeping_table(sheet: Sheet) -> Sheet:
    version_table(sheet.match.id, sheet.match.version, lambda: sheet.table)
    return sheet


def unchanged_rounds(sheet: Sheet) -> Sheet:
    """The sheet after a write that changed no round, option nor secret (a banking, a note):
    its replay is the one it found."""
    return written_sheet(sheet.match, sheet.rounds, sheet.result, sheet.before)


def _size(rounds: Sequence[RoundInput], players: int) -> int:
    return 400 + 600 * len(rounds) * max(players, 1)


def _digest(rounds: Sequence[RoundInput], options: Mapping[str, Any],
            secrets: Sequence[Any]) -> str:
    """What a replay is of, in a few bytes: the key its outcome is kept under."""
    said = json.dumps([[(r.common, r.parts) for r in rounds], options, secrets],
                      sort_keys=True, default=repr)
    return hashlib.sha256(said.encode("utf-8", "surrogatepass")).hexdigest()


def _same(rounds: Sequence[RoundInput], others: Sequence[RoundInput]) -> bool:
    """Whether two runs of rounds are the very same objects (a write's rounds are its sheet's,
    one added or replaced)."""
    return len(rounds) == len(others) and all(map(operator.is_, rounds, others))


def rows_of(match: Match) -> list[Round]:
    """A match's stored rounds with their entries: as read with it (match_query), or read now
    in two statements, not one a round (a write reads the match without them: its replay is
    usually kept, and a round added needs none of the rows before it)."""
    if "rounds" in inspect(match).unloaded:
        db.session.scalars(select(Match).where(Match.id == match.id).options(
            selectinload(Match.rounds).selectinload(Round.entries))).first()
    return match.rounds


def round_row(match: Match, number: int) -> Round:
    """One stored round of a match, with its entries: from its rounds where they were read,
    else read alone."""
    if "rounds" not in inspect(match).unloaded:
        return match.rounds[number - 1]
    return db.session.scalars(select(Round).where(
        Round.match_id == match.id, Round.number == number).options(
        selectinload(Round.entries))).one()


def add_row(match: Match, row: Round) -> None:
    """A new round stored at the end of a match, without reading the rounds before it."""
    if "rounds" not in inspect(match).unloaded:
        match.rounds.append(row)
    else:
        row.match_id = match.id
        db.session.add(row)


# What a write stores most (a round added, its entries, the change logged, the version bumped),
# as statements built once and run as they are: the session's unit of work took about a third of
# a round POST's CPU.
_MATCH = cast(Rows, Match.__table__)
_INSERT_ROUND = insert(cast(Rows, Round.__table__))
_INSERT_ENTRY = insert(cast(Rows, Entry.__table__))
_INSERT_CHANGE = insert(cast(Rows, Change.__table__))
_BUMP = (update(_MATCH)
         .where(_MATCH.c.id == bindparam("match_id"), _MATCH.c.version == bindparam("was"))
         .values(version=bindparam("new_version"),
                 updated_at=bindparam("now", type_=_MATCH.c.updated_at.type)))


def insert_round(match: Match, number: int, common: Mapping[str, Any],
                 parts: Sequence[Any]) -> None:
    """A new round stored at the end of a match with its entries (the parts not None), in two
    statements, without reading the rounds before it."""
    now = datetime.now(UTC)
    connection = db.session.connection()
    created = connection.execute(_INSERT_ROUND, {
        "match_id": match.id, "number": number, "common": dict(common), "created_at": now})
    key = created.inserted_primary_key
    round_id = key[0] if key is not None else None
    entries = [{"round_id": round_id, "seat": seat, "data": part, "updated_at": now}
               for seat, part in enumerate(parts) if part is not None]
    if entries:
        connection.execute(_INSERT_ENTRY, entries)
    if "rounds" not in inspect(match).unloaded:
        db.session.expire(match, ["rounds"])  # read again, with this one, if ever asked for


def insert_change(**change: Any) -> None:
    """A change logged (Change's columns by name), in one statement."""
    db.session.connection().execute(_INSERT_CHANGE, {"at": datetime.now(UTC)} | change)


def bump_version(match: Match) -> bool:
    """The match's next version, set where the row still holds the version it was read at (a
    compare-and-set beside the row's lock): answers whether it did."""
    now = datetime.now(UTC)
    done = db.session.connection().execute(_BUMP, {
        "match_id": match.id, "was": match.version, "new_version": match.version + 1,
        "now": now})
    if done.rowcount != 1:
        return False
    db.session.info.setdefault(VERSIONS_MOVED, set()).add(match.id)
    set_committed_value(match, "version", match.version + 1)
    set_committed_value(match, "updated_at", now)
    return True


def remove_row(match: Match, row: Round) -> None:
    if "rounds" not in inspect(match).unloaded:
        match.rounds.remove(row)
    else:
        db.session.delete(row)


def match_query(match_id: str) -> Select[Match]:
    """The select that reads a match with its seats, rounds and entries at once."""
    return (
        select(Match)
        .where(Match.id == match_id)
        .options(
            selectinload(Match.seats),
            selectinload(Match.rounds).selectinload(Round.entries),
        )
    )


def sheet_of(match: Match, rounds: Sequence[RoundInput] | None = None,
             result: Result | None = None, before: Result | None = None) -> Sheet:
    """The sheet of a match read with match_query (or of these rounds in its place; `result`,
    their replay, where it is known already)."""
    game = GAMES[match.game]
    players = tuple(seat.name for seat in match.seats)
    if rounds is None:
        rounds = tuple(stored_round(row, len(players)) for row in rows_of(match))
    secrets = tuple(seat.character or None for seat in match.seats)
    if result is None:
        result = game.replay(len(players), match.options, TakingTurns(rounds), secrets)
    return Sheet(match, game, players, game.sides(players, match.options), tuple(rounds), result,
                 secrets, before)


_ROUND_ROWS = (select(Round.id, Round.common).where(Round.match_id == bindparam("match_id"))
               .order_by(Round.number))
_ENTRY_ROWS = (select(Entry.round_id, Entry.seat, Entry.data).join(Round)
               .where(Round.match_id == bindparam("match_id")))


def stored_rounds(match_id: str, players: int) -> tuple[RoundInput, ...]:
    """A match's stored rounds as the engines take them, read in two statements without the
    ORM's loading (which took most of a 1,000-round match's first write on a worker)."""
    connection = db.session.connection()
    parts: dict[int, list[Any]] = {}
    for round_id, seat, data in connection.execute(_ENTRY_ROWS, {"match_id": match_id}):
        parts.setdefault(round_id, [None] * players)[seat] = data
    return tuple(RoundInput(common=dict(common or {}),
                            parts=tuple(parts.get(round_id, (None,) * players)))
                 for round_id, common in connection.execute(_ROUND_ROWS, {"match_id": match_id}))


def stored_round(row: Round, players: int) -> RoundInput:
    """A stored round (read with its entries) as the engines take it."""
    parts: list[Any] = [None] * players
    for entry in row.entries:
        parts[entry.seat] = entry.data
    return RoundInput(common=dict(row.common or {}), parts=tuple(parts))


def check(access: Access, match_id: str, action: str, number: int | None = None,
          seat: int | None = None) -> Sheet:
    """The checks that come before a request's body is read, in SPEC order: 404, then 403."""
    if access.match_id != match_id:
        raise NotFound(Say("No such match."))
    sheet = load_sheet(match_id)
    access.check(sheet.table, action, number, seat)
    return sheet


# precheck's statements, built once and run as they are (no ORM loading): every write asks them.
_GAME_OPTIONS_ROUNDS = (
    select(Match.game, Match.options,
           select(func.count(Round.id)).where(Round.match_id == Match.id).scalar_subquery())
    .where(Match.id == bindparam("match_id")))


_SEAT_NAMES = (select(Seat.name).where(Seat.match_id == bindparam("match_id"))
               .order_by(Seat.position))


def precheck(access: Access, match_id: str, action: str, number: int | None = None,
             seat: int | None = None, version: int | None = None) -> Table:
    """check(), for a write that will check again under its lock: no replay, and with the
    `version` that authenticate_at() read, no query either where that version's table is kept
    (the write or read that made or saw it keeps it: services/sheet.py); else two small
    queries."""
    if access.match_id != match_id:
        raise NotFound(Say("No such match."))
    table = (_table(match_id) if version is None
             else version_table(match_id, version, lambda: _table(match_id)))
    access.check(table, action, number, seat)
    return table


def _table(match_id: str) -> Table:
    connection = db.session.connection()
    found = connection.execute(_GAME_OPTIONS_ROUNDS, {"match_id": match_id}).first()
    if found is None:
        raise NotFound(Say("No such match."))
    name, options, rounds = found
    game = GAMES[name]
    players = tuple(connection.execute(_SEAT_NAMES, {"match_id": match_id}).scalars())
    return Table(game, players, game.sides(players, options), rounds, options)
