"""Writing matches: every change locked, checked in SPEC order, versioned and logged."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select

from ..errors import Conflict, Invalid, NotFound, VersionMismatch
from ..extensions import db, write_intent
from ..games import InvalidInput, RoundInput
from ..models import Change, Entry, Match, Round
from .sheets import Access, Sheet, _check, _match_query, _sheet, load_sheet


@contextmanager
def _writing(access: Access, match_id: str, if_match: Collection[int] | None, action: str,
             number: int | None = None, seat: int | None = None) -> Iterator[Sheet]:
    """One write: the match locked, checked in SPEC order, version bumped and committed."""
    if access.match_id != match_id:
        raise NotFound("No such match.")
    db.session.rollback()
    with write_intent():
        match = db.session.scalar(_match_query(match_id).with_for_update(of=Match))
    try:
        if match is None:
            raise NotFound("No such match.")
        sheet = _sheet(match)
        _check(sheet, access, action, number, seat)
        if if_match is not None and match.version not in if_match:
            raise VersionMismatch(
                f"The match changed (now version {match.version}); reload and try again.")
        if match.ended:
            raise Conflict(f"The match is {match.ended}: nothing more can change.")
        yield sheet
        match.version += 1
        match.updated_at = datetime.now(UTC)
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise


def _log(sheet: Sheet, access: Access, action: str, number: int | None = None,
         seat: int | None = None, before: Any = None, after: Any = None) -> None:
    db.session.add(Change(match_id=sheet.match.id, version=sheet.match.version + 1,
                          actor=access.actor, action=action, round_number=number, seat=seat,
                          before=before, after=after))


def _parse(parse, *args):
    try:
        return parse(*args)
    except InvalidInput as error:
        raise Invalid(error.message, error.field) from error


def _refuse_early_end(sheet: Sheet, rounds: Sequence[RoundInput]) -> None:
    result = sheet.game.replay(len(sheet.players), sheet.match.options, rounds)
    if result.over_after is not None and result.over_after < len(rounds) - 1:
        raise Conflict(f"That would end the match after round {result.over_after + 1}, "
                       "before its last round. Delete the later rounds first.")


def _refuse_new_round(sheet: Sheet) -> None:
    if sheet.result.over:
        raise Conflict("The match is over: bank it, or change a round instead.")
    if not sheet.next_round_can_open():
        raise Conflict("Finish the open round before starting the next one.")


def _set_entries(row: Round, parts: Sequence[Any]) -> None:
    existing = {entry.seat: entry for entry in row.entries}
    for seat, part in enumerate(parts):
        entry = existing.get(seat)
        if part is None and entry is not None:
            row.entries.remove(entry)
        elif part is not None and entry is None:
            row.entries.append(Entry(seat=seat, data=part))
        elif part is not None and entry.data != part:
            entry.data = part
            entry.updated_at = datetime.now(UTC)


def add_round(access: Access, match_id: str, body: Any, if_match: Collection[int] | None = None) -> Sheet:
    with _writing(access, match_id, if_match, "add_round") as sheet:
        _refuse_new_round(sheet)
        entered = _parse(sheet.game.parse_round, body, len(sheet.players), sheet.match.options)
        _refuse_early_end(sheet, sheet.rounds + (entered,))
        number = len(sheet.rounds) + 1
        row = Round(number=number, common=dict(entered.common))
        _set_entries(row, entered.parts)
        sheet.match.rounds.append(row)
        _log(sheet, access, "add_round", number, after=sheet.game.round_input(entered))
    return load_sheet(match_id)


def replace_round(access: Access, match_id: str, number: int, body: Any,
                  if_match: Collection[int] | None = None) -> Sheet:
    with _writing(access, match_id, if_match, "edit_round", number) as sheet:
        entered = _parse(sheet.game.parse_round, body, len(sheet.players), sheet.match.options)
        rounds = list(sheet.rounds)
        before = rounds[number - 1]
        rounds[number - 1] = entered
        _refuse_early_end(sheet, rounds)
        row = sheet.match.rounds[number - 1]
        row.common = dict(entered.common)
        _set_entries(row, entered.parts)
        _log(sheet, access, "edit_round", number, before=sheet.game.round_input(before),
             after=sheet.game.round_input(entered))
    return load_sheet(match_id)


def delete_round(access: Access, match_id: str, number: int,
                 if_match: Collection[int] | None = None) -> Sheet:
    with _writing(access, match_id, if_match, "delete_round", number) as sheet:
        if number != len(sheet.rounds):
            raise Conflict(f"Only the last round (round {len(sheet.rounds)}) can be deleted.")
        row = sheet.match.rounds[number - 1]
        sheet.match.rounds.remove(row)
        _log(sheet, access, "delete_round", number,
             before=sheet.game.round_input(sheet.rounds[number - 1]))
    return load_sheet(match_id)


def set_parts(access: Access, match_id: str, number: int, parts: Mapping[int, Any],
              if_match: Collection[int] | None = None) -> tuple[Sheet, bool]:
    """Seats' parts of round `number`, in one write; the next round's number opens that round.

    Answers the sheet and whether a round was opened."""
    first = min(parts) if parts else 0
    with _writing(access, match_id, if_match, "set_part", number, first) as sheet:
        for seat in parts:
            _check(sheet, access, "set_part", number, seat)
        opening = number == len(sheet.rounds) + 1
        if opening:
            _refuse_new_round(sheet)
        if not parts:
            raise Invalid("Type at least one score.")
        rounds = list(sheet.rounds)
        if opening:
            rounds.append(RoundInput(common={}, parts=(None,) * len(sheet.players)))
        entered = list(rounds[number - 1].parts)
        for seat, body in parts.items():
            try:
                entered[seat] = sheet.game.parse_part(body, seat, sheet.match.options)
            except InvalidInput as error:
                raise Invalid(error.message, error.field, seat=seat) from error
        before = rounds[number - 1].parts
        rounds[number - 1] = RoundInput(rounds[number - 1].common, tuple(entered))
        _parse(_check_round, sheet, rounds[number - 1])
        _refuse_early_end(sheet, rounds)
        if opening:
            row = Round(number=number, common={})
            sheet.match.rounds.append(row)
        else:
            row = sheet.match.rounds[number - 1]
        _set_entries(row, entered)
        for seat in parts:
            if before[seat] != entered[seat]:
                _log(sheet, access, "set_part", number, seat, before=before[seat],
                     after=entered[seat])
    return load_sheet(match_id), opening


def _check_round(sheet: Sheet, entered: RoundInput) -> None:
    """A whole round must still be valid once one part changes (e.g. two seats cannot both go out)."""
    sheet.game.parse_round(sheet.game.round_input(entered), len(sheet.players),
                           sheet.match.options)


def bank(access: Access, match_id: str, if_match: Collection[int] | None = None) -> Sheet:
    with _writing(access, match_id, if_match, "bank") as sheet:
        if not sheet.result.over:
            raise Conflict("The match is not over yet: only a finished match can be banked.")
        sheet.match.ended = "banked"
        _log(sheet, access, "bank")
    return load_sheet(match_id)


def abandon(access: Access, match_id: str, if_match: Collection[int] | None = None) -> Sheet:
    with _writing(access, match_id, if_match, "abandon") as sheet:
        sheet.match.ended = "abandoned"
        _log(sheet, access, "abandon")
    return load_sheet(match_id)


def history(match_id: str) -> list[Change]:
    return list(db.session.scalars(
        select(Change).where(Change.match_id == match_id).order_by(Change.id)))
