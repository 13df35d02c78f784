"""Taking the bank elsewhere: a group's CSV and JSON (the JSON rebuilds the bank: see
imports.py), and one match's CSV. No spreadsheet ever runs a cell as a formula."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import and_, select

from ...cache import kept
from ...errors import NotFound
from ...extensions import db
from ...games import GAMES, RoundInput
from ...games.say import Say
from ...models import Entry, Match, NightTable, Player, Round, Seat, utc
from ...turns import in_turns
from ..group.groups import GroupAccess
from ..match.access import Access
from ..match.create import MATCH_NAME_LIMIT
from ..match.sheet import load_sheet
from ..plays.carried import played_export
from ..text import match_name
from .banking import bank_at

ROWS_AT_ONCE = 2000
EXPORT_FORMAT = "squarescores-group"
EXPORT_VERSION = 1
# SPEC section 3; `place` (a side's place among the sides) last, so that `rank` keeps its column.
GROUP_CSV_HEADER = ("match_id", "game", "banked_at", "player", "seat", "side", "total", "rank",
                    "winner", "place")
# A spreadsheet runs a cell that begins with one of these as a formula (and a tab or a carriage
# return may hide one): a text cell that does is written with a leading apostrophe, which the
# spreadsheet shows as text. Numeric columns are written as numbers: a negative total is -20,
# a number, and never text a person typed.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def text_cell(value: str) -> str:
    """A text cell as a spreadsheet will never run it."""
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def _csv(rows: Iterable[Iterable[Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerows(rows)
    return out.getvalue()


def group_csv(access: GroupAccess, group_id: str, version: int) -> str:
    """SPEC's group CSV: a header, then one row per player per banked match in the bank
    (taken-out matches left out, as statistics leave them), oldest match first."""
    bank = bank_at(access, group_id, version)
    rows: list[tuple[Any, ...]] = [GROUP_CSV_HEADER]
    for match in reversed(bank.counted):
        for finish in match.players:
            # A recorded play's game is its played game, by name: the CSV reads back so.
            rows.append((text_cell(match.id), text_cell(match.name if match.played_game
                                                        else match.game),
                         match.banked_at.isoformat(), text_cell(finish.name), finish.seat,
                         finish.side, "" if finish.total is None else finish.total, finish.rank,
                         "true" if finish.winner else "false", finish.place))
    return _csv(rows)


def match_csv(access: Access, match_id: str, version: int) -> str:
    """SPEC's match CSV: `round,<side names>`, a row per complete or dead round (a dead
    round's cells empty), and a last row of totals. Written once per version and kept: a
    read of it after the first neither loads nor replays the match (SPEC section 6)."""
    if access.match_id != match_id:
        raise NotFound(Say("No such match."))

    def make() -> tuple[str, int, bool]:
        sheet = load_sheet(match_id)
        rows: list[tuple[Any, ...]] = [("round", *(text_cell(side.name) for side in sheet.sides))]
        for number, outcome in enumerate(sheet.result.rounds, start=1):
            if outcome.status == "complete" and outcome.cells is not None:
                rows.append((number, *outcome.cells))
            elif outcome.status == "dead":
                rows.append((number, *([""] * len(sheet.sides))))
        rows.append(("total", *sheet.result.totals))
        text = _csv(rows)
        return text, 2 * len(text), sheet.version == version

    return kept(("csv", match_id, version), make)


def group_export(access: GroupAccess, group_id: str, version: int) -> dict[str, Any]:
    """Everything an import needs to rebuild the bank exactly: the name, whether its skill
    ratings are on, the roster, and every banked match (taken-out ones too, marked) with its
    game, name, options, seats and their roster ids, rounds as entered, characters, times,
    place and note. No link is in it.
    Read in rows (the bank, then the matches' own, seats, rounds and entries): a few queries
    whatever the bank holds."""
    bank = bank_at(access, group_id, version)
    banked = and_(Match.group_id == group_id, Match.ended == "banked")
    # The largest bank an import makes holds 600,000 entries: read (a batch of rows at a time,
    # where the ORM would fetch them all at once) and written out in turns with the worker's
    # other requests (app/turns.py), as the import is.
    seats: dict[str, list[Any]] = {}
    for row in in_turns(db.session.execute(
            select(Seat.match_id, Seat.position, Seat.name, Seat.player_id, Seat.character,
                   Seat.revealed).join(Match, Seat.match_id == Match.id).where(banked)
            .order_by(Seat.match_id, Seat.position).execution_options(yield_per=ROWS_AT_ONCE))):
        seats.setdefault(row.match_id, []).append(row)
    parts: dict[int, dict[int, Any]] = {}
    for row in in_turns(db.session.execute(
            select(Entry.round_id, Entry.seat, Entry.data).join(Round).join(Match)
            .where(banked).execution_options(yield_per=ROWS_AT_ONCE))):
        parts.setdefault(row.round_id, {})[row.seat] = row.data
    rounds: dict[str, list[tuple[dict[str, Any], dict[int, Any]]]] = {}
    for row in in_turns(db.session.execute(
            select(Round.id, Round.match_id, Round.common).join(Match).where(banked)
            .order_by(Round.match_id, Round.number).execution_options(yield_per=ROWS_AT_ONCE))):
        rounds.setdefault(row.match_id, []).append((row.common, parts.get(row.id, {})))
    uuids = dict(db.session.execute(select(Player.id, Player.uuid).where(
        Player.group_id == group_id, Player.uuid.is_not(None))).all())
    matches = db.session.execute(
        select(Match.id, Match.game, Match.name, Match.options, Match.created_at,
               Match.banked_at, Match.place, Match.note, Match.taken_out, Match.design_id,
               Match.design_version, NightTable.seating, NightTable.position)
        .outerjoin(NightTable, NightTable.match_id == Match.id)
        .where(banked).order_by(Match.banked_at, Match.id)).all()
    return {
        "format": EXPORT_FORMAT,
        "format_version": EXPORT_VERSION,
        "exported_at": datetime.now(UTC).isoformat(),
        "name": bank.name,
        "ratings": bank.ratings,
        "players": [{"id": pid, "name": name} | ({"uuid": uuids[pid]} if uuids.get(pid) else {})
                    for pid, name in bank.players],
        "matches": [_match_export(match, seats.get(match.id, []), rounds.get(match.id, []))
                    for match in in_turns(matches) if match.game != "played"],
    } | played_export(group_id)


# Where the time of the export goes in the JSON text kept for a version.
_EXPORTED_SLOT = "@@exported-at@@"


def group_export_json(access: GroupAccess, group_id: str, version: int) -> str:
    """The group's export (group_export) as JSON text, one match a line. A version's bank never
    changes, so its text is written once and kept; only the time of the export is each
    request's own. Written a match at a time, in turns: a 5 MB export read and encoded at once
    held its worker for 8 to 10 s, and four at once held /health up for 31 s."""
    def make() -> tuple[str, int, bool]:
        export = group_export(access, group_id, version) | {"exported_at": _EXPORTED_SLOT}
        matches = export.pop("matches")
        head = json.dumps(export, ensure_ascii=False)
        lines = [json.dumps(match, ensure_ascii=False, separators=(",", ":"))
                 for match in in_turns(matches)]
        text = head[:-1] + ', "matches": [\n' + ",\n".join(lines) + "\n]}\n"
        return text, 2 * len(text) + 200, True

    text = kept(("export", group_id, version), make)
    return text.replace(json.dumps(_EXPORTED_SLOT), json.dumps(datetime.now(UTC).isoformat()),
                        1)


def _match_export(match: Any, seats: list[Any],
                  rounds: list[tuple[dict[str, Any], dict[int, Any]]]) -> dict[str, Any]:
    game = GAMES[match.game]
    return {
        "id": match.id,
        "game": match.game,
        # As it is said: an import keeps no night, so a night's table keeps its seating in it.
        "name": str(match_name(match.name, match.seating, match.position))[:MATCH_NAME_LIMIT],
        "options": dict(match.options),
        "players": [{"seat": seat.position, "name": seat.name, "player": seat.player_id}
                    for seat in seats],
        "characters": [
            {"symbols": list(seat.character), "revealed": bool(seat.revealed)}
            if seat.character else None for seat in seats],
        "rounds": [game.round_input(RoundInput(dict(common or {}), tuple(
            entered.get(seat) for seat in range(len(seats))))) for common, entered in rounds],
        "started_at": utc(match.created_at).isoformat(),
        "banked_at": utc(match.banked_at).isoformat(),
        "place": match.place,
        "note": match.note,
        "taken_out": bool(match.taken_out),
    } | ({"design": {"id": match.design_id, "version": match.design_version}}
         # A sheet for any game: its copy travels in its options; this says where it came from.
         if match.design_id is not None else {})

