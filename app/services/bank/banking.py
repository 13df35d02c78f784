"""The bank: banking a match (filing it into a group), the summary written once from the
engine's replay, and a group's bank read back in a fixed number of queries."""

from __future__ import annotations

import gzip
import sys
from bisect import bisect_left
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any, NamedTuple

from flask import current_app, has_request_context, request
from sqlalchemy import and_, select

from ...cache import kept
from ...errors import Conflict, Forbidden, Invalid, NotFound, Refusal
from ...extensions import db
from ...games import Game, Result, Side
from ...games.custom import GAME as CUSTOM
from ...games.custom import Design, kept_design
from ...games.say import Say
from ...hosting.lan import sent_out
from ...models import (
    Change,
    Group,
    GroupToken,
    Match,
    NightTable,
    PlayedGame,
    Player,
    Seat,
    Token,
    utc,
)
from ...turns import in_turns, without_pauses
from ..group.groups import GroupAccess, touch_group
from ..group.roster import roster_players
from ..happened import tell
from ..match.access import Access
from ..match.sheet import Sheet, unchanged_rounds
from ..match.writes import group_of, log_change, writing
from ..text import match_name


@dataclass(frozen=True)
class Standing:
    """Where one seat finished: its side, that side's final total, its rank (1 is best), and
    whether it won."""

    seat: int
    side: int
    total: int
    rank: int
    winner: bool


def standings(sheet: Sheet) -> tuple[Standing, ...]:
    """Each seat's finish in a match, from the engine's replay (see places)."""
    return places(sheet.game, sheet.match.options, sheet.sides, sheet.result)


def places(game: Game, options: Mapping[str, Any], sides: Sequence[Side],
           result: Result) -> tuple[Standing, ...]:
    """Each seat's finish: the winners first, then by the game's own order of totals (lowest
    first where lowest wins); ties share a rank and the next is skipped (1, 1, 3), and
    partners share their side's (1, 1, 3, 3); where the game places its sides by more than
    their totals (a design's tie-breaks), by its own places. In seat order."""
    lowest = game.lowest_wins(options)
    placed = game.places(result, options) if game.places is not None else None

    def order(side: int) -> tuple[int, int]:
        if placed is not None:
            return (placed[side], 0)
        if side in result.winners:
            return (0, 0)
        return (1, result.totals[side] if lowest else -result.totals[side])

    ahead = {side.index: sum(len(other.seats) for other in sides
                             if order(other.index) < order(side.index))
             for side in sides}
    return tuple(sorted(
        (Standing(seat, side.index, result.totals[side.index], ahead[side.index] + 1,
                  side.index in result.winners)
         for side in sides for seat in side.seats), key=lambda standing: standing.seat))


def write_summary(sheet: Sheet) -> None:
    """The bank summary of a match banked in a group, written once: its rounds, and each
    seat's side, total, rank and win. Never typed: replayed by the game's own engine."""
    sheet.match.round_count = len(sheet.rounds)
    rows = sheet.game.side_rows(sheet.result) if sheet.game.side_rows is not None else None
    for standing in standings(sheet):
        seat = sheet.match.seats[standing.seat]
        seat.side, seat.total = standing.side, standing.total
        seat.rank, seat.winner = standing.rank, standing.winner
        seat.rows = dict(rows[standing.side]) if rows is not None else None


def bank(access: Access, match_id: str, if_match: Collection[int] | None = None,
         filing: Filing | None | Refusal = None) -> Sheet:
    """Bank a match that is over; a group's match goes into its bank. A match of no group
    may be filed into one here (`filing`, read_filing's: an unknown group 404, a token that is
    not its owner's 403; or the refusal of what was sent)."""
    into, problem = _filing(filing)
    # The group to lock first: the match's own, else the one it is filed into.
    group_id = group_of(match_id) or into
    with writing(access, match_id, if_match, "bank", group_id=group_id,
                 touches_group=True) as sheet:
        match = sheet.match
        if not sheet.result.over:
            raise Conflict(Say("The match is not over yet: only a finished match can be banked."))
        if into and match.group_id not in (None, into):
            raise Conflict(Say("The match belongs to another group: it is banked there."))
        if problem:
            raise problem
        match.ended, match.banked_at = "banked", datetime.now(UTC)
        if group_id is not None:
            group = db.session.get_one(Group, group_id)
            if match.group_id is None:
                roster, _ = roster_players(group, sheet.players)
                match.group_id = group_id
                for seat, player in zip(match.seats, roster, strict=True):
                    seat.player_id = player.id
            write_summary(sheet)
            touch_group(group)
            tell(group, "match_banked", lambda: told_match(sheet))
        log_change(sheet, access, "bank", after={"group": group_id} if into else None)
    return unchanged_rounds(sheet)


# A banking found wrong afterwards (a typo) may be taken back this long after it (SPEC).
UNBANK_WITHIN = timedelta(minutes=10)
# The group's GET lists its banked matches this many at a time (SPEC section 6).
MATCHES_PAGE = 500


def unbank(access: Access, match_id: str, if_match: Collection[int] | None = None) -> Sheet:
    """Take a banking back, the host alone: within ten minutes of it and while the match has
    no rematch, the match is over again and out of its group's bank; one that was filed into a
    group at its banking leaves that group again."""
    group_id = group_of(match_id)
    with writing(access, match_id, if_match, "unbank", ended_too=True, group_id=group_id,
                 touches_group=True) as sheet:
        match = sheet.match
        if match.ended != "banked" or match.banked_at is None:
            raise Conflict(Say("The match is not banked: there is no banking to take back."))
        if match.next_id is not None:
            raise Conflict(Say("The rematch has begun: this match's banking stays."))
        if datetime.now(UTC) - utc(match.banked_at) > UNBANK_WITHIN:
            raise Conflict(Say("A banking can be taken back for %(minutes)s minutes; this one "
                               "is older.", minutes=int(UNBANK_WITHIN.total_seconds() // 60)))
        banking = db.session.scalar(
            select(Change).where(Change.match_id == match.id, Change.action == "bank")
            .order_by(Change.version.desc()).limit(1))
        filed = bool(banking and banking.after and banking.after.get("group"))
        group = db.session.get_one(Group, group_id) if group_id is not None else None
        if group is not None:  # told the summary it takes back, before it goes
            tell(group, "match_unbanked", lambda: told_match(sheet))
        match.ended, match.banked_at, match.round_count = None, None, None
        for seat in match.seats:
            seat.side = seat.total = seat.rank = seat.winner = seat.rows = None
            if filed:
                seat.player_id = None
        if group is not None:
            touch_group(group)
        if filed:
            match.group_id = None
        log_change(sheet, access, "unbank", after={"group": group_id} if filed else None)
    return unchanged_rounds(sheet)


def told_match(sheet: Sheet) -> dict[str, Any]:
    """A banked match as the outbox keeps it (SPEC section 12), from the write's own rows,
    without a query: the match, each seat's finish, and where its link is (this request's
    address as phones reach it: hosting.lan.sent_out). Its summary is made of it later, off
    the request (told_summary)."""
    match = sheet.match
    return {"match": {
        "id": match.id, "game": match.game, "name": match.name,
        "started_at": utc(match.created_at).isoformat(),
        "banked_at": utc(match.banked_at or datetime.now(UTC)).isoformat(),
        "rounds": match.round_count or len(sheet.rounds), "place": match.place,
        "note": match.note, "taken_out": bool(match.taken_out),
        "seats": [[seat.player_id, seat.name, seat.position, seat.side or 0, seat.total or 0,
                   seat.rank or 1, bool(seat.winner)] for seat in match.seats]}
        | ({"design": told_design(match)} if match.game == CUSTOM.name else {}),
        "root": sent_out(request.url_root) if has_request_context() else None}


def told_design(match: Match) -> dict[str, Any]:
    """A design's match, as a group's destinations are told it besides its game ("custom"):
    the design it was played by (`id` and `version` null for a design given whole), its name,
    and its own name in each language it names itself in."""
    design = kept_design(match.options["design"])
    return {"id": match.design_id, "version": match.design_version, "name": design.name,
            "names": {labels.language: labels.name for labels in design.labels if labels.name}}


def told_summary(kept: dict[str, Any]) -> dict[str, Any]:
    """The bank summary of a match the outbox kept (told_match), with `link`, its view link:
    the roster's names and the view link as they are now."""
    match = kept["match"]
    ids = [seat[0] for seat in match["seats"] if seat[0] is not None]
    names = dict(db.session.execute(select(Player.id, Player.name)
                                    .where(Player.id.in_(ids))).all()) if ids else {}
    view = db.session.scalar(select(Token.secret).where(Token.match_id == match["id"],
                                                        Token.role == "view")) or ""
    played = match.get("played_game")  # a recorded play's: its score as text, its guests
    finishes = side_places(tuple(
        Finish(player, names.get(player, name) if player is not None else name, position, side,
               Decimal(total) if isinstance(total, str) else total, rank, winner,
               guest=played is not None and player is None)
        for player, name, position, side, total, rank, winner in match["seats"]))
    summary = Summary(match["id"], match["game"], match["name"],
                      datetime.fromisoformat(match["started_at"]),
                      datetime.fromisoformat(match["banked_at"]), match["rounds"],
                      match["place"], match["note"], match["taken_out"], view or None,
                      finishes, None if played is None else (played["id"], played["name"]))
    root = kept.get("root")
    design = {"design": match["design"]} if "design" in match else {}
    return summary.json() | design | {"link": f"{root}m/{view}" if root and view else None}


@dataclass(frozen=True)
class Filing:
    """A match of no group filed into a group's bank as it is banked: the group, and what was
    given as its owner link."""

    group_id: str
    secret: Any


def read_filing(body: Any) -> Filing | None:
    """What a client sent with a banking (the API's body, or nothing): the group a match is
    filed into, if any."""
    if body is None:
        return None
    if not isinstance(body, Mapping):
        raise Invalid(Say("The body must be a JSON object, or nothing."))
    for name in body:
        if name not in ("group", "group_token"):
            raise Invalid(Say("Unknown field “%(name)s”.", name=name), (name,))
    group_id = body.get("group")
    if group_id is None:
        return None
    if not isinstance(group_id, str):
        raise Invalid(Say("Name the group by its id."), ("group",))
    return Filing(group_id, body.get("group_token"))


def _filing(filing: Filing | None | Refusal) -> tuple[str | None, Refusal | None]:
    """The group a banking files the match into (checked now: 404, 403), and the refusal of
    what was sent otherwise (said after the match's own 409s, as SPEC orders)."""
    if filing is None or isinstance(filing, (Invalid, Conflict)):
        return None, filing
    secret = filing.secret
    if db.session.get(Group, filing.group_id) is None:
        raise NotFound(Say("No such group."))
    owner = isinstance(secret, str) and len(secret) <= 64 and db.session.scalar(
        select(GroupToken.id).where(GroupToken.group_id == filing.group_id,
                                    GroupToken.role == "owner", GroupToken.secret == secret))
    if not owner:
        raise Forbidden(Say("Only the group's owner link can file a match into its bank."))
    return filing.group_id, None


# Reading the bank -------------------------------------------------------------------------


class Finish(NamedTuple):
    """One seat of a banked match, as its summary holds it. A named tuple, not a dataclass: a
    bank of 20,000 plays makes 100,000 of them at every read, in half the time."""

    player: int | None  # roster id (None: a recorded play's guest, or a player gone)
    name: str  # the roster name, now (a guest's as entered)
    seat: int
    side: int
    # The side's final total; a recorded play's: the seat's score, an exact decimal, or None.
    total: int | Decimal | None
    rank: int
    winner: bool
    # The side's place among the sides (SPEC section 3): two partnerships finish 1 and 2 where
    # their seats' ranks say 1, 1, 3, 3; ties share a place and the next is skipped.
    place: int = 1
    guest: bool = False  # a recorded play's seat of no roster player


def side_places(finishes: Sequence[Finish]) -> tuple[Finish, ...]:
    """The finishes of one match with each side's place among the sides, from their ranks."""
    ranks = sorted({finish.side: finish.rank for finish in finishes}.values())
    return tuple(finish._replace(place=place_among(ranks, finish.rank)) for finish in finishes)


def place_among(ranks: Sequence[int], rank: int) -> int:
    """A side's place among a match's sides, from each side's rank in order: one more than the
    sides ranked before it (ties share a place, the next is skipped)."""
    return 1 + bisect_left(ranks, rank)


@dataclass(frozen=True)
class Summary:
    """A banked match of the group, as its bank summary holds it."""

    id: str
    game: str
    name: str
    started_at: datetime
    banked_at: datetime
    rounds: int
    place: str | None
    note: str | None
    taken_out: bool
    view_token: str | None  # a recorded play has no link of its own
    players: tuple[Finish, ...]
    # A recorded play (game "played", SPEC section 14): its played game's id and name.
    played_game: tuple[int, str] | None = None
    # A match of a design (the sheet for any game): the design its copy holds, which names it.
    design: Design | None = field(default=None, compare=False)

    @property
    def key(self) -> str:
        """What statistics tell games apart by: the game, or a recorded play's played game."""
        return self.game if self.played_game is None else played_key(self.played_game[0])

    def json(self) -> dict[str, Any]:
        played = self.played_game is not None
        answer = {
            "id": self.id, "game": self.game, "name": self.name,
            "started_at": self.started_at.isoformat(), "banked_at": self.banked_at.isoformat(),
            "duration": int((self.banked_at - self.started_at).total_seconds()),
            "rounds": self.rounds, "place": self.place, "note": self.note,
            "taken_out": self.taken_out, "view_token": self.view_token,
            "players": [{"player": f.player, "name": f.name, "seat": f.seat, "side": f.side,
                         "total": as_number(f.total), "rank": f.rank, "winner": f.winner,
                         "place": f.place} | ({"guest": f.guest} if played else {})
                        for f in self.players],
        }
        if self.played_game is not None:
            answer["played_game"] = {"id": self.played_game[0], "name": self.played_game[1]}
        return answer


def played_key(game_id: int) -> str:
    """The key of a played game's recorded plays among the bank's games (Summary.key)."""
    return f"played/{game_id}"


def as_number(total: int | Decimal | None) -> int | float | None:
    """A total as JSON says it: a recorded play's exact decimal as a number that reads back as
    the same decimal (its bounds keep it so), whole ones as integers."""
    if isinstance(total, Decimal):
        return int(total) if total == total.to_integral_value() else float(total)
    return total


@dataclass(frozen=True)
class Bank:
    """A group as its GET shows it: name, roster, and every banked match's summary (newest
    first, taken-out ones included and marked), at one version."""

    id: str
    name: str
    version: int
    players: tuple[tuple[int, str], ...]  # roster (id, name), by name
    matches: tuple[Summary, ...]
    ratings: bool = False  # whether the owner switched skill ratings on (SPEC section 8)
    # The group's played games (SPEC section 14), id to name, those without plays too.
    played_games: Mapping[int, str] = field(default_factory=dict)

    @property
    def counted(self) -> tuple[Summary, ...]:
        """The matches statistics count: the bank's, less the ones taken out."""
        return tuple(match for match in self.matches if not match.taken_out)

    def json(self, page: int = 1) -> dict[str, Any]:
        """As GET shows it: the banked matches a page at a time, newest first (SPEC section 6:
        no answer grows with what a client stored); `next_page` says whether more follow."""
        shown = self.matches[(page - 1) * MATCHES_PAGE: page * MATCHES_PAGE]
        return {"id": self.id, "name": self.name, "ratings": self.ratings,
                "players": [{"id": pid, "name": name} for pid, name in self.players],
                "matches": [match.json() for match in shown], "version": self.version}

    def next_page(self, page: int) -> int | None:
        """The page after `page` of the bank's matches, where there is one."""
        return page + 1 if len(self.matches) > page * MATCHES_PAGE else None


def load_bank(group_id: str) -> Bank:
    """The group's bank, in five queries whatever it holds."""
    group = db.session.execute(select(Group.name, Group.version, Group.ratings)
                               .where(Group.id == group_id)).first()
    if group is None:
        raise NotFound(Say("No such group."))
    roster = db.session.execute(select(Player.id, Player.name)
                                .where(Player.group_id == group_id)).all()
    names = dict(roster)
    banked = and_(Match.group_id == group_id, Match.ended == "banked")
    rows: dict[str, list[Any]] = {}
    connection = db.session.connection()
    # A bank may hold tens of thousands of matches and plays: read by Core, a batch of rows at
    # a time, taking turns with the worker's other requests; the objects it makes form no
    # cycles, so the cyclic collector waits (turns.without_pauses).
    with without_pauses():
        for batch in in_turns(connection.execute(
                select(Seat.match_id, Seat.position, Seat.player_id, Seat.side, Seat.total,
                       Seat.rank, Seat.winner, Seat.name, Seat.score, Seat.guest)
                .join(Match, Seat.match_id == Match.id).where(banked)
                .order_by(Seat.match_id, Seat.position)).partitions(2000)):
            for row in batch:
                rows.setdefault(row[0], []).append(row)
        designs = {match_id: kept_design(options["design"]) for match_id, options in
                   connection.execute(select(Match.id, Match.options)
                                      .where(banked, Match.game == CUSTOM.name))}
        matches = []
        for chunk in in_turns(connection.execute(
                select(Match.id, Match.game, Match.name, Match.created_at, Match.banked_at,
                       Match.round_count, Match.place, Match.note, Match.taken_out,
                       Token.secret, NightTable.seating, NightTable.position,
                       Match.played_game_id, PlayedGame.name.label("played_name"))
                .outerjoin(Token, and_(Token.match_id == Match.id, Token.role == "view"))
                .outerjoin(NightTable, NightTable.match_id == Match.id)
                .outerjoin(PlayedGame, PlayedGame.id == Match.played_game_id)
                .where(banked).order_by(Match.banked_at.desc(), Match.id)).partitions(1000)):
            for it in chunk:
                played = it.played_game_id is not None
                matches.append(Summary(
                    it.id, it.game, it.played_name if played
                    else match_name(it.name, it.seating, it.position),
                    utc(it.created_at), utc(it.banked_at), it.round_count, it.place,
                    it.note, bool(it.taken_out), it.secret,
                    _finishes(rows.get(it.id, ()), names),
                    (it.played_game_id, it.played_name) if played else None,
                    designs.get(it.id)))
    players = tuple(sorted(roster, key=lambda row: (row[1].casefold(), row[0])))
    played_games = dict(db.session.execute(select(PlayedGame.id, PlayedGame.name)
                                           .where(PlayedGame.group_id == group_id)).all())
    return Bank(group_id, group.name, group.version, players, tuple(matches),
                bool(group.ratings), played_games)


def _finishes(rows: Sequence[Any], names: Mapping[int, str]) -> tuple[Finish, ...]:
    """One match's seats as its summary holds them (side_places's places, made at once)."""
    ranks = sorted({row[3]: row[5] for row in rows}.values())  # each side's rank
    return tuple(
        Finish(player, names.get(player, name) if player is not None else name, position, side,
               total if score is None else Decimal(score), rank, bool(winner),
               place_among(ranks, rank), bool(guest))
        for _, position, player, side, total, rank, winner, name, score, guest in rows)


def bank_at(access: GroupAccess, group_id: str, version: int) -> Bank:
    """The group's bank at `version` (or newer, if a write came in between), kept in the app's
    cache: every change to what it shows bumps the group's version."""
    access.check(group_id)

    def make() -> tuple[Bank, int, bool]:
        bank_ = load_bank(group_id)
        size = 400 + sum(300 + 200 * len(match.players) for match in bank_.matches)
        return bank_, size, bank_.version == version

    return kept(("bank", group_id, version), make)


def group_view(access: GroupAccess, group_id: str, version: int, page: int = 1,
               link: Callable[[int], str] = str) -> tuple[str, int]:
    """The group as GET shows it (one page of its matches, `next` the `link` to the page after
    it, where there is one), as JSON text, and the version it shows; kept like the bank. A page
    past the last shows no matches."""
    access.check(group_id)

    def make() -> tuple[tuple[str, int], int, bool]:
        bank_ = bank_at(access, group_id, version)
        following = bank_.next_page(page)
        text = current_app.json.dumps(bank_.json(page) | {
            "next": None if following is None else link(following)})
        return (text, bank_.version), sys.getsizeof(text), bank_.version == version

    return kept(("group", group_id, version, page), make)


def group_view_gzip(access: GroupAccess, group_id: str, version: int, page: int = 1,
                    link: Callable[[int], str] = str) -> tuple[bytes, int]:
    """group_view(), gzipped once per version: a big bank travels to a phone in a tenth."""

    def make() -> tuple[tuple[bytes, int], int, bool]:
        text, shown = group_view(access, group_id, version, page, link)
        packed = gzip.compress(text.encode(), compresslevel=6)
        return (packed, shown), len(packed), shown == version

    access.check(group_id)
    return kept(("group.gz", group_id, version, page), make)


def summary_of(bank_: Bank, match_id: str) -> Summary | None:
    return next((match for match in bank_.matches if match.id == match_id), None)


def by_game(matches: Sequence[Summary], game: str | None) -> tuple[Summary, ...]:
    """The matches of one game (a game's name, or a played game's key: Summary.key)."""
    return tuple(match for match in matches
                 if game is None or match.game == game or match.key == game)
