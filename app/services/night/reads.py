"""A night as its links see it: its seatings with each table's live totals, its standings over
the matches banked, and its version (the night's own changes and every table's)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select

from ...cache import kept
from ...extensions import db
from ...games import GAMES
from ...models import Group, Match, Night, NightTable, NightToken, Player, Seat, Token, utc
from ..match.sheet import load_sheet
from .access import NightAccess


def night_version(night_id: str) -> int | None:
    """What grows with every change of the night or of any of its matches: the night's own
    counter plus its tables' versions (a save at a table moves it without writing the night's
    row), plus its group's (a player renamed, a table's match taken out of the bank). None for
    no such night."""
    row = db.session.execute(select(Night.version, Group.version)
                             .join(Group, Group.id == Night.group_id)
                             .where(Night.id == night_id)).first()
    if row is None:
        return None
    own = row[0] + row[1]
    tables = db.session.scalar(
        select(func.coalesce(func.sum(Match.version), 0))
        .join(NightTable, NightTable.match_id == Match.id)
        .where(NightTable.night_id == night_id))
    return own + int(tables or 0)


def night_status(night_id: str) -> tuple[int, str] | None:
    """The night's version and status, for its event stream (None once it is gone)."""
    version = night_version(night_id)
    if version is None:
        return None
    ended = db.session.scalar(select(Night.ended).where(Night.id == night_id))
    return version, "ended" if ended else "active"


@dataclass(frozen=True)
class Standing:
    player: int
    name: str
    played: int
    won: int
    points: int
    rank: int
    # Buchholz (SPEC section 11): the standings points, now, of everyone the player sat
    # against in their banked matches of the night (partners not counted).
    opponents: int = 0

    def json(self) -> dict[str, Any]:
        return {"player": self.player, "name": self.name, "played": self.played,
                "won": self.won, "points": self.points, "opponents": self.opponents,
                "rank": self.rank}


def night_standings(night_id: str, names: dict[int, str]) -> list[Standing]:
    """SPEC sections 7 and 11: over the night's banked matches, each player's played, won and
    points (the number of sides their side finished ahead of; ties gain nothing from each
    other) and opponents (the points of those they played against, read now); sorted by won,
    then points, then opponents; equals in all three share a rank (1, 1, 3)."""
    rows = db.session.execute(
        select(Seat.match_id, Seat.player_id, Seat.side, Seat.rank, Seat.winner)
        .join(NightTable, NightTable.match_id == Seat.match_id)
        .join(Match, Match.id == Seat.match_id)
        # A match the owner took out of the bank (a practice game) counts in no standings.
        .where(NightTable.night_id == night_id, Match.ended == "banked",
               Match.taken_out.is_(False))).all()
    side_ranks: dict[str, dict[int, int]] = {}
    for row in rows:
        side_ranks.setdefault(row.match_id, {})[row.side] = row.rank
    tally: dict[int, list[int]] = {}
    for row in rows:
        if row.player_id is None:
            continue
        ahead = sum(1 for rank in side_ranks[row.match_id].values() if rank > row.rank)
        played_won_points = tally.setdefault(row.player_id, [0, 0, 0, 0])
        played_won_points[0] += 1
        played_won_points[1] += bool(row.winner)
        played_won_points[2] += ahead
    _opponents(rows, tally)
    for player in names:
        tally.setdefault(player, [0, 0, 0, 0])
    order = sorted(tally.items(), key=lambda item: (-item[1][1], -item[1][2], -item[1][3],
                                                    names.get(item[0], "").casefold()))
    standings: list[Standing] = []
    for place, (player, (played, won, points, opponents)) in enumerate(order, start=1):
        shared = standings and (standings[-1].won, standings[-1].points,
                                standings[-1].opponents) == (won, points, opponents)
        rank = standings[-1].rank if shared else place
        standings.append(Standing(player, names.get(player, "?"), played, won, points, rank,
                                  opponents))
    return standings


def _opponents(rows: Sequence[Any], tally: dict[int, list[int]]) -> None:
    """Each player's opponents (tally's fourth figure): at each of their banked tables, the
    points of every player of another side."""
    at: dict[str, list[Any]] = {}
    for row in rows:
        if row.player_id is not None:
            at.setdefault(row.match_id, []).append(row)
    for seated in at.values():
        for row in seated:
            tally[row.player_id][3] += sum(tally[other.player_id][2] for other in seated
                                           if other.side != row.side)


def table_state(match_id: str, version: int) -> dict[str, Any]:
    """A table as the night shows it at its match's `version`: status, totals, winners,
    leaders, and what is left to play (points to the line, or rounds). Replayed once per
    version of its match."""

    def make() -> tuple[dict[str, Any], int, bool]:
        sheet = load_sheet(match_id)
        result, options = sheet.result, sheet.match.options
        status = sheet.status
        complete = sum(1 for r in result.rounds if r.status != "open")
        left: dict[str, int] | None = None
        if status == "active" and result.target is not None:
            left = {"points": max(0, result.target - max(result.totals, default=0))}
        elif status == "active" and isinstance(options.get("rounds"), int):
            left = {"rounds": max(0, options["rounds"] - complete)}
        state = {"status": status, "totals": list(result.totals),
                 "winners": list(result.winners) if status in ("over", "banked") else [],
                 "leaders": list(result.leaders), "rounds": len(sheet.rounds), "left": left,
                 "sides": [{"index": side.index, "name": side.name, "seats": list(side.seats)}
                           for side in sheet.sides]}
        return state, 2000, sheet.version == version

    return kept(("night-table", match_id, version), make)


def night_json(access: NightAccess, night: Night) -> dict[str, Any]:
    """The night as SPEC section 7's GET shows it to this link."""
    names = dict(db.session.execute(
        select(Player.id, Player.name).where(Player.group_id == night.group_id)).all())
    seats = db.session.execute(
        select(Seat.match_id, Seat.position, Seat.player_id, Seat.name)
        .join(NightTable, NightTable.match_id == Seat.match_id)
        .where(NightTable.night_id == night.id).order_by(Seat.position)).all()
    at: dict[str, list[dict[str, Any]]] = {}
    for row in seats:
        at.setdefault(row.match_id, []).append(
            {"player": row.player_id, "name": row.name, "seat": row.position})
    owner = access.role == "owner"
    tables = db.session.execute(
        select(NightTable.seating, NightTable.position, NightTable.match_id, Match.version)
        .join(Match, Match.id == NightTable.match_id).where(NightTable.night_id == night.id)
        .order_by(NightTable.seating, NightTable.position)).all()
    latest = tables[-1].seating if tables else 0
    # A player's link learns its own seat's link, at the latest seating only.
    match_tokens = (_match_tokens(night.id) if owner
                    else _match_tokens(night.id, latest) if access.role == "player" else {})
    seatings: list[list[dict[str, Any]]] = []
    for table in tables:
        while len(seatings) < table.seating:
            seatings.append([])
        shown = {"match": table.match_id, "table": table.position + 1,
                 **table_state(table.match_id, table.version),
                 "players": at.get(table.match_id, [])}
        if owner:
            shown["tokens"] = match_tokens[table.match_id]
        seatings[-1].append(shown)
    present = [p for p in night.present if p in names]
    data: dict[str, Any] = {
        "id": night.id, "name": night.name, "game": night.game, "group": night.group_id,
        "status": "ended" if night.ended else "active", "options": dict(night.options),
        "table_size": night.table_size, "seating": night.seating,
        "players": [{"player": p, "name": names[p]} for p in present],
        "seatings": seatings,
        "standings": [s.json() for s in night_standings(
            night.id, {p: names[p] for p in present} | _seated_names(seats, names))],
        "version": night_version(night.id),
    }
    if access.role == "player":
        data["you"] = _you(access.player_id, seatings, match_tokens)
    if owner:
        data["tokens"] = night_tokens(night, present)
    return data


def _seated_names(seats: Sequence[Any], names: dict[int, str]) -> dict[int, str]:
    return {row.player_id: names[row.player_id] for row in seats
            if row.player_id is not None and row.player_id in names}


def _you(player_id: int | None, seatings: list[list[dict[str, Any]]],
         match_tokens: dict[str, dict[str, Any]]) -> dict[str, Any] | None:
    """The player's table in the latest seating, and their seat's link (None if not seated)."""
    for table in seatings[-1] if seatings else ():
        for seated in table["players"]:
            if seated["player"] == player_id:
                return {"player": player_id, "match": table["match"],
                        "table": table["table"], "seat": seated["seat"],
                        "token": match_tokens[table["match"]]["seats"][seated["seat"]]}
    return {"player": player_id, "match": None, "table": None, "seat": None, "token": None}


def _match_tokens(night_id: str, seating: int | None = None) -> dict[str, dict[str, Any]]:
    """The links of the night's tables (of one `seating`, where given), by match."""
    query = (select(Token.match_id, Token.role, Token.seat, Token.secret)
             .join(NightTable, NightTable.match_id == Token.match_id)
             .where(NightTable.night_id == night_id).order_by(Token.seat))
    if seating is not None:
        query = query.where(NightTable.seating == seating)
    rows = db.session.execute(query).all()
    found: dict[str, dict[str, Any]] = {}
    for row in rows:
        tokens = found.setdefault(row.match_id, {"host": None, "view": None, "seats": []})
        if row.role == "seat":
            tokens["seats"].append(row.secret)
        else:
            tokens[row.role] = row.secret
    return found


def night_tokens(night: Night, present: Sequence[int]) -> dict[str, Any]:
    by_player = {t.player_id: t.secret for t in night.tokens if t.role == "player"}
    return {"tv": next(t.secret for t in night.tokens if t.role == "tv"),
            "players": [{"player": p, "token": by_player[p]} for p in present
                        if p in by_player]}


def game_title(night: Night) -> str:
    return GAMES[night.game].title


def player_token(night_id: str, player_id: int) -> str | None:
    return db.session.scalar(select(NightToken.secret).where(
        NightToken.night_id == night_id, NightToken.player_id == player_id))


# A group's page lists its nights this many at a time (SPEC section 6: long lists are paged).
NIGHTS_PAGE = 10


def group_nights(group_id: str, page: int = 1) -> tuple[list[dict[str, Any]], int]:
    """One page of a group's nights, newest first, and how many pages there are."""
    count = db.session.scalars(select(func.count()).select_from(Night)
                               .where(Night.group_id == group_id)).one()
    pages = max(1, -(-count // NIGHTS_PAGE))
    rows = db.session.execute(
        select(Night.id, Night.name, Night.game, Night.ended, Night.created_at)
        .where(Night.group_id == group_id).order_by(Night.created_at.desc(), Night.id)
        .offset((min(max(1, page), pages) - 1) * NIGHTS_PAGE).limit(NIGHTS_PAGE)).all()
    return [{"id": row.id, "name": row.name, "game": row.game,
             "status": "ended" if row.ended else "active", "created_at": utc(row.created_at)}
            for row in rows], pages


def nights_of_matches(match_ids: Sequence[str]) -> dict[str, dict[str, str]]:
    """Which night each of these matches was played at (only those played at one)."""
    rows = db.session.execute(
        select(NightTable.match_id, Night.id, Night.name)
        .join(Night, Night.id == NightTable.night_id)
        .where(NightTable.match_id.in_(list(match_ids)))).all()
    return {row.match_id: {"id": row.id, "name": row.name} for row in rows}


def follow_link(seat_secret: str) -> str | None:
    """The night link of the player whose seat link this is, at a table of a night still on
    (None for any other link, and once the night has ended): their phone follows them from it
    to each next table."""
    return db.session.scalar(
        select(NightToken.secret)
        .join(Night, (Night.id == NightToken.night_id) & Night.ended.is_(False))
        .join(NightTable, NightTable.night_id == NightToken.night_id)
        .join(Token, (Token.match_id == NightTable.match_id) & (Token.role == "seat"))
        .join(Seat, (Seat.match_id == Token.match_id) & (Seat.position == Token.seat)
              & (Seat.player_id == NightToken.player_id))
        .where(Token.secret == seat_secret))


def night_of_link(secret: str) -> NightAccess | None:
    """A night's own link (tv or player), or None."""
    row = db.session.execute(select(NightToken.night_id, NightToken.role, NightToken.player_id)
                             .where(NightToken.secret == secret)).first()
    return NightAccess(row.role, night_id=row.night_id, player_id=row.player_id) if row else None


def current_seat(night_id: str, player_id: int | None) -> str | None:
    """The seat link of a player at their table of the night's latest seating (None while
    they sit it out): what their phone asks at each new version, in two small queries."""
    latest = db.session.scalar(select(func.max(NightTable.seating))
                               .where(NightTable.night_id == night_id))
    return db.session.scalar(
        select(Token.secret)
        .join(NightTable, NightTable.match_id == Token.match_id)
        .join(Seat, (Seat.match_id == Token.match_id) & (Seat.position == Token.seat))
        .where(NightTable.night_id == night_id, NightTable.seating == latest,
               Token.role == "seat", Seat.player_id == player_id)) if latest else None
