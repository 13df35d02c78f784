"""Writing matches: every change locked, checked in SPEC order, versioned and logged."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any, ParamSpec, TypeVar

from sqlalchemy import bindparam, select
from sqlalchemy.orm import joinedload

from ...errors import (
    Conflict,
    Invalid,
    NotFound,
    Revealing,
    VersionMismatch,
)
from ...extensions import begun_to_write, db, mark_write_locked, write_intent
from ...games import InvalidInput, Result, RoundInput
from ...games.say import Say
from ...models import Change, Entry, Match, Round
from ..group.groups import lock_group
from .access import Access
from .sheet import (
    Sheet,
    bump_version,
    current_sheet,
    insert_change,
    insert_round,
    key_matches,
    match_query,
    remove_row,
    round_row,
    written_sheet,
)

# SPEC section 6: what the largest match holds bounds every read of one.
MOST_ROUNDS = 1000

# A write's match, locked, with its seats joined in: one statement, built once (building it, and
# a second statement for the seats, took a fifth of a round POST's CPU).
_LOCKED = (select(Match).where(Match.id == bindparam("match_id"))
           .options(joinedload(Match.seats)).with_for_update(of=Match))

Rule = ParamSpec("Rule")
Made = TypeVar("Made")


@contextmanager
def writing(access: Access, match_id: str, if_match: Collection[int] | None, action: str,
            number: int | None = None, seat: int | None = None,
            ended_too: bool = False, group_id: str | None = None,
            touches_group: bool = False) -> Iterator[Sheet]:
    """One write: the match locked, checked in SPEC order, version bumped and committed.

    A write that `touches_group` names the match's group as it found it (`group_id`, from
    group_of(), or the group it files the match into): that group's row is locked first.
    Whatever writes to a group and a match locks the group before the match, so that two such
    writes never wait on each other."""
    if access.match_id != match_id:
        raise NotFound(Say("No such match."))
    if not begun_to_write():
        db.session.rollback()  # a read's transaction ends: the write begins its own
    with write_intent():
        if group_id is not None:
            lock_group(group_id)
        # Its rounds are not read here: the version's replay is usually kept, and the write
        # reads the rows it changes (round_row, rows_of).
        match = db.session.execute(_LOCKED, {"match_id": match_id}).unique().scalar_one_or_none()
        mark_write_locked()
    try:
        if match is None:
            raise NotFound(Say("No such match."))
        if touches_group and match.group_id not in (None, group_id):
            # Filed into a group since it was looked up: its group was not locked first.
            raise Conflict(Say("The match just joined a group; try again."))
        sheet = current_sheet(match)
        access.check(sheet.table, action, number, seat)
        if if_match is not None and match.version not in if_match:
            raise VersionMismatch(Say(
                "The match changed (now version %(version)s); reload and try again.",
                version=match.version))
        if match.ended and not ended_too:
            raise Conflict(Say("The match is banked: nothing more can change.")
                           if match.ended == "banked"
                           else Say("The match is abandoned: nothing more can change.")
                           if match.ended == "abandoned"
                           else Say("The match is %(ended)s: nothing more can change.",
                                    ended=match.ended))
        yield sheet
        if not bump_version(match):  # never, under the row's lock: said rather than assumed
            raise VersionMismatch(Say(
                "The match changed (now version %(version)s); reload and try again.",
                version=db.session.scalar(select(Match.version).where(Match.id == match_id))))
        db.session.commit()
    except Revealing as refusal:
        db.session.rollback()
        _reveal(access, match_id, refusal.revealed_seat)
        raise
    except BaseException:
        db.session.rollback()
        raise


def _reveal(access: Access, match_id: str, seat: int) -> None:
    """A refused write revealed a seat's character: that alone is written, as a change of its
    own, so that every link's sheet shows the character and says why."""
    with write_intent():
        match = db.session.scalar(match_query(match_id).with_for_update(of=Match))
    try:
        if match is None:
            return
        match.seats[seat].revealed = True
        db.session.add(Change(match_id=match_id, version=match.version + 1, actor=access.actor,
                              action="reveal", seat=seat, after={"why": "refused"}))
        match.version += 1
        match.updated_at = datetime.now(UTC)
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise


def group_of(match_id: str) -> str | None:
    """The group a match belongs to (None for none, or no such match): what to lock first."""
    return db.session.scalar(select(Match.group_id).where(Match.id == match_id))


def log_change(sheet: Sheet, access: Access, action: str, number: int | None = None,
               seat: int | None = None, before: object = None, after: object = None,
               undoes: int | None = None, opened_round: bool = False) -> None:
    """The change a write makes, logged under the version it brings the match to."""
    insert_change(match_id=sheet.match.id, version=sheet.match.version + 1, actor=access.actor,
                  action=action, round_number=number, seat=seat, before=before, after=after,
                  undoes=undoes, opened_round=opened_round)


def parse_input(parse: Callable[Rule, Made], *args: Rule.args, **kwargs: Rule.kwargs) -> Made:
    """What a game's parser makes of the input; its InvalidInput is the API's 422."""
    try:
        return parse(*args, **kwargs)
    except InvalidInput as error:
        raise refused(error) from error


def refused(error: InvalidInput, seat: int | None = None) -> Invalid:
    """The 422 of an engine's refusal, with its seat and field as values (a page puts the
    message beside that seat's field) and its path as the API says it."""
    return Invalid(error.message, error.located, seat=error.seat if seat is None else seat,
                   within=error.field)


def judged(entered: Made | InvalidInput, seat: int | None = None) -> Made:
    """What a client entered, as its edge read it with the game's engine: the engine's own
    input, or the engine's refusal of what was sent, said here so that a write's refusals keep
    SPEC's order (a 412 or a 409 before the 422 of a body that is no round)."""
    if isinstance(entered, InvalidInput):
        raise refused(entered, seat)
    return entered


def refuse_early_end(sheet: Sheet, rounds: Sequence[RoundInput], replaced: int | None = None,
                     character_key: str | None = None) -> tuple[Result, Result | None]:
    """Rounds that end the match before their last one are refused (409); so is what the game
    says no match can hold (422), and a round `replaced` before the last left open (422: SPEC,
    "a round before the last must stay complete or dead").

    No silent peeking (SPEC section 1): characters shown by a match that was over stay revealed
    should these rounds make it active again; a refusal that a seat's hidden character causes
    reveals it to every link, unless the write is that seat's own: only a write that carries the
    key of the phone that typed the character (`character_key`) is. The host holds every seat's
    link, so a seat's token alone is anyone's.

    Answers the rounds' replay, and that of all but their last where it is known
    (Sheet.replayed): the write's one replay, which its answer shows."""
    parse_input(sheet.game.check_match, len(sheet.players), sheet.match.options, rounds)
    result, before = sheet.replayed(rounds)
    if (replaced is not None and replaced < len(rounds)
            and result.rounds[replaced - 1].status == "open"):
        empty = next(seat for seat, part in enumerate(rounds[replaced - 1].parts)
                     if part is None)
        raise refused(InvalidInput(
            Say("Round %(number)s is not the last one: every part of it stays typed (a part "
                "left empty would open it again).", number=replaced)
            .meant("earlier_round_stays_typed"), None, empty, sheet.game.parts_field))
    if result.over_after is not None and result.over_after < len(rounds) - 1:
        peeked = sheet.game.won_by_secret(result)
        stored = sheet.match.seats[peeked] if peeked is not None else None
        if (peeked is not None and stored is not None and stored.character
                and not stored.revealed and not key_matches(stored.character_key, character_key)):
            raise Revealing(Say("That would end the match after round %(number)s, before its "
                                "last round: %(name)s's hidden character would already have "
                                "won it. The character is now revealed to the whole table.",
                                number=result.over_after + 1, name=sheet.players[peeked]),
                            peeked)
        raise Conflict(Say("That would end the match after round %(number)s, before its last "
                           "round. Delete the later rounds first.", number=result.over_after + 1)
                       .meant("ends_before_last"))
    keep_shown(sheet, result)
    return result, before


def keep_shown(sheet: Sheet, result: Result) -> None:
    """A match that was over showed every character to every link: should this write make it
    active again (a round deleted, replaced or undone), they stay revealed (SPEC section 1)."""
    if sheet.result.over and not result.over:
        for seat in sheet.match.seats:
            if seat.character and not seat.revealed:
                seat.revealed = True


def refuse_new_round(sheet: Sheet) -> None:
    """409 where the match takes no new round now: at its largest, over, or a round still open."""
    if len(sheet.rounds) >= MOST_ROUNDS:
        raise Conflict(Say("A match holds at most %(most)s rounds: start a new one.",
                           most=MOST_ROUNDS))
    most = sheet.game.most_rounds(sheet.match.options)
    if most is not None and len(sheet.rounds) >= most:
        raise Conflict(Say("This sheet is scored in one tally: there is no round %(number)s.",
                           number=len(sheet.rounds) + 1) if most == 1
                       else Say("This match holds %(most)s rounds.", most=most))
    if sheet.result.over:
        raise Conflict(Say("The match is over: bank it, or change a round instead.")
                       .meant("over_no_new_round"))
    if not sheet.next_round_can_open():
        raise Conflict(Say("Finish the open round before starting the next one.")
                       .meant("finish_open_round"))


def set_entries(row: Round, parts: Sequence[Any]) -> None:
    """Make a stored round's entries say what `parts` says, touching only what differs."""
    existing = {entry.seat: entry for entry in row.entries}
    for seat, part in enumerate(parts):
        entry = existing.get(seat)
        if entry is None:
            if part is not None:
                row.entries.append(Entry(seat=seat, data=part))
        elif part is None:
            row.entries.remove(entry)
        elif entry.data != part:
            entry.data = part
            entry.updated_at = datetime.now(UTC)


def add_round(access: Access, match_id: str, read: RoundInput | InvalidInput,
              if_match: Collection[int] | None = None, character_key: str | None = None
              ) -> Sheet:
    """The next round, whole, as the game's engine read it (or refused it: `judged`)."""
    with writing(access, match_id, if_match, "add_round") as sheet:
        refuse_new_round(sheet)
        entered = whole_round(sheet, read)
        rounds = sheet.rounds + (entered,)
        result, before = refuse_early_end(sheet, rounds, character_key=character_key)
        number = len(sheet.rounds) + 1
        insert_round(sheet.match, number, entered.common, entered.parts)
        log_change(sheet, access, "add_round", number, after=sheet.game.round_input(entered))
    return written_sheet(sheet.match, rounds, result, before)


def replace_round(access: Access, match_id: str, number: int, read: RoundInput | InvalidInput,
                  if_match: Collection[int] | None = None, character_key: str | None = None
                  ) -> Sheet:
    """Round `number` replaced whole; the rounds after it are replayed."""
    with writing(access, match_id, if_match, "edit_round", number) as sheet:
        entered = whole_round(sheet, read)
        rounds = list(sheet.rounds)
        before = rounds[number - 1]
        rounds[number - 1] = entered
        result, later = refuse_early_end(sheet, rounds, replaced=number,
                                         character_key=character_key)
        row = round_row(sheet.match, number)
        row.common = dict(entered.common)
        set_entries(row, entered.parts)
        if entered != before:  # as set_parts: a round saved as it was leaves nothing to undo
            log_change(sheet, access, "edit_round", number,
                       before=sheet.game.round_input(before),
                       after=sheet.game.round_input(entered))
    return written_sheet(sheet.match, rounds, result, later)


def whole_round(sheet: Sheet, read: RoundInput | InvalidInput) -> RoundInput:
    """A whole round as the client's edge read it, checked as a round (one goer, the victory
    points in the box) whoever built it."""
    entered = judged(read)
    parse_input(sheet.game.check_round, entered, len(sheet.players), sheet.match.options)
    return entered


def delete_round(access: Access, match_id: str, number: int,
                 if_match: Collection[int] | None = None) -> Sheet:
    with writing(access, match_id, if_match, "delete_round", number) as sheet:
        if number != len(sheet.rounds):
            raise Conflict(Say("Only the last round (round %(number)s) can be deleted.",
                               number=len(sheet.rounds)).meant("only_last_round_deleted"))
        rounds = sheet.rounds[:-1]
        result, before = sheet.replayed(rounds)
        if sheet.result.over and any(sheet.secrets):
            keep_shown(sheet, result)
        remove_row(sheet.match, round_row(sheet.match, number))
        log_change(sheet, access, "delete_round", number,
                   before=sheet.game.round_input(sheet.rounds[number - 1]))
    return written_sheet(sheet.match, rounds, result, before)

