"""A seat's part of a round: saved (several seats' in one write, reconciled with what others
saved since the page was typed), and previewed as the sheet would be with it, stored nowhere."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from sqlalchemy import select

from ...errors import Clash, Conflict, EditConflict, Invalid
from ...extensions import db
from ...games import InvalidInput, RoundInput
from ...games.say import Say
from ...models import Change, Round
from .access import Access
from .sheet import Sheet, add_row, check, round_row, sheet_of, written_sheet
from .writes import (
    judged,
    log_change,
    parse_input,
    refuse_early_end,
    refuse_new_round,
    refused,
    set_entries,
    writing,
)


def set_parts(access: Access, match_id: str, number: int,
              parts: Mapping[int, Any | InvalidInput], if_match: Collection[int] | None = None,
              based_on: int | None = None, character_key: str | None = None
              ) -> tuple[Sheet, bool]:
    """Seats' parts of round `number`, in one write; the next round's number opens that round.
    Each part is as the game's engine read it (`parse_part`), or its refusal (`judged`).

    With `based_on` (the version the person was looking at), a cell that someone else saved
    since is an EditConflict rather than a silent overwrite. Answers the sheet and whether a
    round was opened."""
    first = min(parts) if parts else 0
    with writing(access, match_id, if_match, "set_part", number, first) as sheet:
        for seat in parts:
            access.check(sheet.table, "set_part", number, seat)
        opening = number == len(sheet.rounds) + 1
        if opening:
            refuse_new_round(sheet)
        elif sheet.result.rounds[number - 1].status == "dead":
            raise Conflict(Say("Round %(number)s is a dead hand: nobody scores it. The host can "
                               "replace the whole round to bring it back.", number=number))
        if not parts:
            raise Invalid(Say("Type at least one score."))
        rounds = list(sheet.rounds)
        if opening:
            rounds.append(RoundInput(common={}, parts=(None,) * len(sheet.players)))
        entered = list(rounds[number - 1].parts)
        for seat, read in parts.items():
            entered[seat] = judged(read, seat)
        before = rounds[number - 1].parts
        if based_on is not None:
            _merge_since(sheet, number, based_on, before, entered, parts)
        rounds[number - 1] = RoundInput(rounds[number - 1].common, tuple(entered))
        # The round must hold together with this part in it (two seats cannot both go out).
        parse_input(sheet.game.check_round, rounds[number - 1], len(sheet.players),
                    sheet.match.options)
        result, later = refuse_early_end(sheet, rounds, character_key=character_key)
        if opening:
            row = Round(number=number, common={})
            add_row(sheet.match, row)
        else:
            row = round_row(sheet.match, number)
        set_entries(row, entered)
        # Only the first part logged opened the round: undoing it takes the round away again.
        opened = opening
        for seat in parts:
            if before[seat] != entered[seat]:
                log_change(sheet, access, "set_part", number, seat, before=before[seat],
                           after=entered[seat], opened_round=opened)
                opened = False
    return written_sheet(sheet.match, rounds, result, later), opening


def _merge_since(sheet: Sheet, number: int, based_on: int, before: Sequence[Any],
                 entered: list[Any], parts: Mapping[int, Any]) -> None:
    """Reconcile a page typed at version `based_on` with what others saved since.

    A cell the person left as they saw it keeps the newer value; a cell they changed that
    someone else changed too is a clash, never a silent overwrite: every clash is reported at
    once. A cell that holds what the person saw (a whole-round edit left it alone, or it was
    changed back) is theirs."""
    seen: dict[int, Any] = {}  # what the person saw: the value before the first change since
    changed_by: dict[int, str] = {}  # who last changed the cell since
    for change in _changes_since(sheet.match.id, based_on, number):
        for seat in parts if change.seat is None else [change.seat]:
            if seat not in parts:
                continue
            was = sheet.part_in(change.before, change.seat, seat)
            seen.setdefault(seat, was)
            if was != sheet.part_in(change.after, change.seat, seat):
                changed_by[seat] = change.actor
    clashes: dict[int, Clash] = {}
    refreshed = set()
    for seat in sorted(seen):
        was = seen[seat]
        if before[seat] == was:
            continue
        if entered[seat] == was:
            entered[seat] = before[seat]
            refreshed.add(seat)
        elif entered[seat] != before[seat]:
            clashes[seat] = Clash(_who(sheet, changed_by.get(seat, "")), theirs=before[seat],
                                  yours=entered[seat])
    if clashes:
        seat, clash = next(iter(clashes.items()))
        raise EditConflict(Say("%(who)s saved this cell while you were typing.", who=clash.who),
                           seat, clash.theirs, clash.yours, clashes, frozenset(refreshed))


def _changes_since(match_id: str, version: int, number: int) -> list[Change]:
    return list(db.session.scalars(
        select(Change).where(Change.match_id == match_id, Change.version > version,
                             Change.round_number == number).order_by(Change.id)))


def _who(sheet: Sheet, actor: str) -> str:
    if actor.startswith("seat "):
        return sheet.players[int(actor.split()[1])]
    return Say("The host") if actor == "host" else Say("Someone")


def preview_part(access: Access, match_id: str, number: int, seat: int,
                 read: object) -> tuple[Sheet, RoundInput]:
    """The sheet as it would be with this part typed in (as the game's engine read it), stored
    nowhere: for a live preview."""
    sheet = check(access, match_id, "set_part", number, seat)
    part = judged(read, seat)
    rounds = list(sheet.rounds)
    if number == len(rounds) + 1:
        rounds.append(RoundInput(common={}, parts=(None,) * len(sheet.players)))
    parts = list(rounds[number - 1].parts)
    parts[seat] = part
    rounds[number - 1] = RoundInput(rounds[number - 1].common, tuple(parts))
    try:
        sheet.game.check_round(rounds[number - 1], len(sheet.players), sheet.match.options)
    except InvalidInput as error:
        raise refused(error, seat) from error
    # The hand typed into the next round (or the last) carries the kept replay on by one round,
    # as its save will, rather than replaying the match at each keystroke.
    result, _ = sheet.replayed(rounds)
    return sheet_of(sheet.match, rounds, result), rounds[number - 1]
