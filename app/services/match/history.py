"""A match's history: taking changes back (undo), and reading the log (the whole history, a
cell's)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from sqlalchemy import or_, select

from ...errors import Conflict
from ...extensions import db
from ...games import RoundInput
from ...games.say import Say
from ...models import Change, Round
from .access import Access
from .sheet import Sheet, rows_of, written_sheet
from .writes import log_change, refuse_early_end, set_entries, writing

UNDOABLE = ("add_round", "edit_round", "delete_round", "set_part")


def last_undoable(match_id: str) -> Change | None:
    """The latest change to the sheet that no undo has taken back yet. Read newest first, a
    few at a time, only as far as that change: an undo is always newer than what it took back,
    so every undo of a change is met before the change is (reading the whole log took 0.8 s of
    each drawing of a host's sheet after 24,000 changes)."""
    undone: set[int] = set()
    changes = db.session.scalars(
        select(Change).where(Change.match_id == match_id).order_by(Change.id.desc())
        .execution_options(yield_per=50))
    try:
        for change in changes:
            if change.undoes is not None:
                undone.add(change.undoes)
            if change.action in UNDOABLE and change.id not in undone:
                return change
        return None
    finally:
        changes.close()


def undo(access: Access, match_id: str, if_match: Collection[int] | None = None) -> Sheet:
    """The host takes back the last change to the sheet; the undo itself is logged."""
    with writing(access, match_id, if_match, "undo") as sheet:
        change = last_undoable(match_id)
        if change is None:
            raise Conflict(Say("There is nothing to undo."))
        rounds = _undone(sheet, change)
        result, before = refuse_early_end(sheet, rounds)
        _store(sheet, rounds)
        log_change(sheet, access, "undo", change.round_number, change.seat, before=change.after,
                   after=change.before, undoes=change.id)
    return written_sheet(sheet.match, rounds, result, before)


def _undone(sheet: Sheet, change: Change) -> list[RoundInput]:
    """The rounds as they would be without `change`."""
    rounds, n = list(sheet.rounds), change.round_number
    gone = Conflict(Say("That change can no longer be undone: the rounds have moved on."))
    if n is None:  # every change UNDOABLE names its round: this one is none of them
        raise gone

    def whole(body: Any) -> RoundInput:
        return sheet.game.parse_round(body, len(sheet.players), sheet.match.options)

    if change.action == "add_round":
        if n != len(rounds):
            raise gone
        return rounds[:-1]
    if change.action == "delete_round":
        if n != len(rounds) + 1:
            raise gone
        return rounds + [whole(change.before)]
    if not 1 <= n <= len(rounds):
        raise gone
    if change.action == "edit_round":
        rounds[n - 1] = whole(change.before)
        return rounds
    # An empty round added (or edited empty) before the part was typed stays when it is undone.
    if n == len(rounds) and change.opened_round:
        return rounds[:-1]
    if change.seat is None:  # a part's change names its seat
        raise gone
    parts = list(rounds[n - 1].parts)
    parts[change.seat] = change.before
    rounds[n - 1] = RoundInput(rounds[n - 1].common, tuple(parts))
    return rounds


def _store(sheet: Sheet, rounds: Sequence[RoundInput]) -> None:
    """Make the stored rounds say what `rounds` says."""
    rows = rows_of(sheet.match)
    while len(rows) > len(rounds):
        rows.remove(rows[-1])
    db.session.flush()
    for number, entered in enumerate(rounds, start=1):
        if number > len(rows):
            rows.append(Round(number=number, common={}))
        row = rows[number - 1]
        if row.common != dict(entered.common):
            row.common = dict(entered.common)
        set_entries(row, entered.parts)


def latest_changes(match_id: str, limit: int = 40) -> list[Change]:
    """The match's latest changes, newest first (what the sheet last said happened)."""
    return list(db.session.scalars(
        select(Change).where(Change.match_id == match_id).order_by(Change.id.desc())
        .limit(limit)))


def revealed_by_refusals(match_id: str) -> list[int]:
    """The seats whose hidden character a refused write revealed (SPEC: no silent peeking),
    in the order it happened."""
    return [seat for seat in db.session.scalars(
        select(Change.seat).where(Change.match_id == match_id, Change.action == "reveal")
        .order_by(Change.id)) if seat is not None]


# The change log grows with every edit, with no bound a table would meet (one client made
# 24,000 changes in two and a half minutes): it is read a page at a time.
HISTORY_PAGE = 500
# A cell's page shows its latest changes.
CELL_HISTORY = 50


def history(match_id: str, after: int = 0) -> tuple[list[Change], bool]:
    """A page of the match's changes after the one numbered `after`, oldest first (at most
    HISTORY_PAGE), and whether a next page may follow."""
    changes = list(db.session.scalars(
        select(Change).where(Change.match_id == match_id, Change.id > after)
        .order_by(Change.id).limit(HISTORY_PAGE)))
    return changes, len(changes) == HISTORY_PAGE


def cell_history(sheet: Sheet, number: int, seat: int) -> list[tuple[Change, Any, Any]]:
    """The latest changes to one seat's part of round `number` (at most CELL_HISTORY), oldest
    first: the change, the part before, after."""
    changes = db.session.scalars(
        select(Change).where(Change.match_id == sheet.match.id, Change.round_number == number,
                             or_(Change.seat == seat, Change.seat.is_(None)))
        .order_by(Change.id.desc()).limit(4 * CELL_HISTORY)).all()
    found = []
    for change in changes:
        before = sheet.part_in(change.before, change.seat, seat)
        after = sheet.part_in(change.after, change.seat, seat)
        if before != after:
            found.append((change, before, after))
    return found[:CELL_HISTORY][::-1]
