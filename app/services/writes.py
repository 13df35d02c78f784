"""Writing matches: every change locked, checked in SPEC order, versioned and logged."""

from __future__ import annotations

import secrets
from collections.abc import Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select

from ..errors import Conflict, EditConflict, Invalid, NotFound, VersionMismatch
from ..extensions import db, write_intent
from ..games import InvalidInput, RoundInput
from ..models import Change, Entry, Match, Round, Token
from .sheets import Access, Sheet, _check, _match_query, _sheet, tokens


@contextmanager
def _writing(access: Access, match_id: str, if_match: Collection[int] | None, action: str,
             number: int | None = None, seat: int | None = None,
             ended_too: bool = False) -> Iterator[Sheet]:
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
        if match.ended and not ended_too:
            raise Conflict(f"The match is {match.ended}: nothing more can change.")
        yield sheet
        match.version += 1
        match.updated_at = datetime.now(UTC)
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise


def _log(sheet: Sheet, access: Access, action: str, number: int | None = None,
         seat: int | None = None, before: Any = None, after: Any = None,
         undoes: int | None = None) -> None:
    db.session.add(Change(match_id=sheet.match.id, version=sheet.match.version + 1,
                          actor=access.actor, action=action, round_number=number, seat=seat,
                          before=before, after=after, undoes=undoes))


def _parse(parse, *args):
    try:
        return parse(*args)
    except InvalidInput as error:
        raise Invalid(error.message, error.field) from error


def _refuse_early_end(sheet: Sheet, rounds: Sequence[RoundInput],
                      secrets: Sequence[Any] | None = None) -> None:
    """Rounds that end the match before their last one are refused (409); so is what the game
    says no match can hold (422)."""
    _parse(sheet.game.check_match, len(sheet.players), sheet.match.options, rounds)
    result = sheet.replay(rounds, secrets)
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
    return _sheet(sheet.match)


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
        if entered != before:  # as set_parts: a round saved as it was leaves nothing to undo
            _log(sheet, access, "edit_round", number, before=sheet.game.round_input(before),
                 after=sheet.game.round_input(entered))
    return _sheet(sheet.match)


def delete_round(access: Access, match_id: str, number: int,
                 if_match: Collection[int] | None = None) -> Sheet:
    with _writing(access, match_id, if_match, "delete_round", number) as sheet:
        if number != len(sheet.rounds):
            raise Conflict(f"Only the last round (round {len(sheet.rounds)}) can be deleted.")
        row = sheet.match.rounds[number - 1]
        sheet.match.rounds.remove(row)
        _log(sheet, access, "delete_round", number,
             before=sheet.game.round_input(sheet.rounds[number - 1]))
    return _sheet(sheet.match)


def set_parts(access: Access, match_id: str, number: int, parts: Mapping[int, Any],
              if_match: Collection[int] | None = None,
              based_on: int | None = None) -> tuple[Sheet, bool]:
    """Seats' parts of round `number`, in one write; the next round's number opens that round.

    With `based_on` (the version the person was looking at), a cell that someone else saved
    since is an EditConflict rather than a silent overwrite. Answers the sheet and whether a
    round was opened."""
    first = min(parts) if parts else 0
    with _writing(access, match_id, if_match, "set_part", number, first) as sheet:
        for seat in parts:
            _check(sheet, access, "set_part", number, seat)
        opening = number == len(sheet.rounds) + 1
        if opening:
            _refuse_new_round(sheet)
        elif sheet.result.rounds[number - 1].status == "dead":
            raise Conflict(f"Round {number} is a dead hand: nobody scores it. The host can "
                           "replace the whole round to bring it back.")
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
        if based_on is not None:
            _merge_since(sheet, number, based_on, before, entered, parts)
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
    return _sheet(sheet.match), opening


def _merge_since(sheet: Sheet, number: int, based_on: int, before: Sequence[Any],
                 entered: list[Any], parts: Mapping[int, Any]) -> None:
    """Reconcile a page typed at version `based_on` with what others saved since.

    A cell the person left as they saw it keeps the newer value; a cell they changed that
    someone else changed too is an EditConflict, never a silent overwrite. A cell that holds
    what the person saw (a whole-round edit left it alone, or it was changed back) is theirs."""
    seen: dict[int, tuple[Change, Any]] = {}
    for change in _changes_since(sheet.match.id, based_on, number):
        for seat in parts if change.seat is None else [change.seat]:
            if seat in parts and seat not in seen:
                seen[seat] = (change, _part_of(sheet, change.before, change, seat))
    for seat, (change, was) in seen.items():
        if entered[seat] == was:
            entered[seat] = before[seat]
        elif entered[seat] != before[seat] and before[seat] != was:
            raise EditConflict(
                f"{_who(sheet, change.actor)} saved this cell while you were typing.",
                seat, theirs=before[seat], yours=entered[seat])


def _changes_since(match_id: str, version: int, number: int) -> list[Change]:
    return list(db.session.scalars(
        select(Change).where(Change.match_id == match_id, Change.version > version,
                             Change.round_number == number).order_by(Change.id)))


def _who(sheet: Sheet, actor: str) -> str:
    if actor.startswith("seat "):
        return sheet.players[int(actor.split()[1])]
    return {"host": "The host"}.get(actor, "Someone")


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
    return _sheet(sheet.match)


def abandon(access: Access, match_id: str, if_match: Collection[int] | None = None) -> Sheet:
    with _writing(access, match_id, if_match, "abandon") as sheet:
        sheet.match.ended = "abandoned"
        _log(sheet, access, "abandon")
    return _sheet(sheet.match)


UNDOABLE = ("add_round", "edit_round", "delete_round", "set_part")


def last_undoable(match_id: str) -> Change | None:
    """The latest change to the sheet that no undo has taken back yet."""
    changes = db.session.scalars(
        select(Change).where(Change.match_id == match_id).order_by(Change.id.desc())).all()
    undone = {change.undoes for change in changes if change.undoes is not None}
    return next((change for change in changes
                 if change.action in UNDOABLE and change.id not in undone), None)


def undo(access: Access, match_id: str, if_match: Collection[int] | None = None) -> Sheet:
    """The host takes back the last change to the sheet; the undo itself is logged."""
    with _writing(access, match_id, if_match, "undo") as sheet:
        change = last_undoable(match_id)
        if change is None:
            raise Conflict("There is nothing to undo.")
        rounds = _undone(sheet, change)
        _refuse_early_end(sheet, rounds)
        _store(sheet, rounds)
        _log(sheet, access, "undo", change.round_number, change.seat, before=change.after,
             after=change.before, undoes=change.id)
    return _sheet(sheet.match)


def _undone(sheet: Sheet, change: Change) -> list[RoundInput]:
    """The rounds as they would be without `change`."""
    rounds, n = list(sheet.rounds), change.round_number
    gone = Conflict("That change can no longer be undone: the rounds have moved on.")

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
    parts = list(rounds[n - 1].parts)
    parts[change.seat] = change.before
    if n == len(rounds) and _opened_round(change):
        return rounds[:-1]
    rounds[n - 1] = RoundInput(rounds[n - 1].common, tuple(parts))
    return rounds


def _opened_round(change: Change) -> bool:
    """Whether a set_part opened its round: the log, read up to it, counts one round fewer.

    An empty round added (or edited empty) before the part was typed stays when it is undone."""
    earlier = db.session.scalars(
        select(Change).where(Change.match_id == change.match_id, Change.id < change.id)
        .order_by(Change.id))
    count, moved = 0, {}
    for past in earlier:
        if past.action == "add_round":
            step = 1
        elif past.action == "delete_round":
            step = -1
        elif past.action == "set_part":
            step = 1 if past.round_number == count + 1 else 0
        elif past.action == "undo":
            step = -moved.get(past.undoes, 0)
        else:
            step = 0
        moved[past.id] = step
        count += step
    return change.round_number == count + 1


def _store(sheet: Sheet, rounds: Sequence[RoundInput]) -> None:
    """Make the stored rounds say what `rounds` says."""
    rows = sheet.match.rounds
    while len(rows) > len(rounds):
        rows.remove(rows[-1])
    db.session.flush()
    for number, entered in enumerate(rounds, start=1):
        if number > len(rows):
            rows.append(Round(number=number, common={}))
        row = rows[number - 1]
        if row.common != dict(entered.common):
            row.common = dict(entered.common)
        _set_entries(row, entered.parts)


def cell_history(sheet: Sheet, number: int, seat: int) -> list[tuple[Change, Any, Any]]:
    """Every change to one seat's part of round `number`: the change, the part before, after."""
    changes = db.session.scalars(
        select(Change).where(Change.match_id == sheet.match.id, Change.round_number == number)
        .order_by(Change.id)).all()
    found = []
    for change in changes:
        before, after = (_part_of(sheet, change.before, change, seat),
                         _part_of(sheet, change.after, change, seat))
        if (change.seat == seat or change.seat is None) and before != after:
            found.append((change, before, after))
    return found


def _part_of(sheet: Sheet, value: Any, change: Change, seat: int) -> Any:
    if value is None:
        return None
    if change.seat is not None:
        return value  # a seat's own part
    try:
        return sheet.game.parse_round(value, len(sheet.players), sheet.match.options).parts[seat]
    except InvalidInput:
        return None


def replace_link(access: Access, match_id: str, role: Any, seat: Any = None) -> dict[str, Any]:
    """A new secret for one link; the old one stops working at once. Host only."""
    if role not in ("host", "view", "seat"):
        raise Invalid("Say which link: host, view or seat.", "role")
    with _writing(access, match_id, None, "replace_link", ended_too=True) as sheet:
        if role == "seat":
            if isinstance(seat, bool) or not isinstance(seat, int) or not (
                    0 <= seat < len(sheet.players)):
                raise Invalid("Say which seat's link to replace.", "seat")
        else:
            seat = None
        token = db.session.scalar(select(Token).where(
            Token.match_id == match_id, Token.role == role, Token.seat.is_(seat)
            if seat is None else Token.seat == seat))
        token.secret = secrets.token_urlsafe(32)
        token.created_at = datetime.now(UTC)
        _log(sheet, access, "replace_link", seat=seat, after={"role": role})
    return tokens(Access(match_id, "host"), match_id)


def history(match_id: str) -> list[Change]:
    return list(db.session.scalars(
        select(Change).where(Change.match_id == match_id).order_by(Change.id)))


def set_character(access: Access, match_id: str, seat: int, body: Any,
                  if_match: Collection[int] | None = None) -> Sheet:
    """A seat's secret character (Bandido), typed by that seat alone; revealing is for good."""
    with _writing(access, match_id, if_match, "character", seat=seat) as sheet:
        if sheet.result.over:
            raise Conflict("The match is over: characters can no longer change.")
        if not isinstance(body, Mapping):
            raise Invalid("Give the character as {\"symbols\": [three symbols], "
                          "\"revealed\": false}.")
        for name in body:  # a typo ("reveal") must not leave the character hidden unnoticed
            if name not in ("symbols", "revealed"):
                raise Invalid(f"Unknown field “{name}”.", name)
        symbols = _parse(sheet.game.parse_character, body.get("symbols"))
        revealed = body.get("revealed", False)
        if not isinstance(revealed, bool):
            raise Invalid("“revealed” must be true or false.", "revealed")
        row = sheet.match.seats[seat]
        revealed = revealed or row.revealed  # a revealed character stays revealed
        # Rounds already complete were played without this character: it counts from the
        # round in play on. So a character typed late can never end the match in the past.
        held_from = sum(1 for r in sheet.result.rounds if r.status != "open")
        if symbols == row.character:
            held_from = row.character_from  # revealing changes nothing else
        secrets = list(sheet.secrets)
        secrets[seat] = {"symbols": symbols, "from": held_from}
        _refuse_early_end(sheet, sheet.rounds, secrets)
        row.character, row.revealed, row.character_from = symbols, revealed, held_from
        # The symbols stay out of the log: the host reads it, and the character is secret.
        _log(sheet, access, "character", seat=seat, after={"revealed": revealed})
    return _sheet(sheet.match)
