"""The host's changes to a match besides its rounds: abandoning it, its place and note, and
moving its line."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from ...errors import Conflict, Invalid, Refusal, unless_refused
from ...extensions import db
from ...games.say import Say
from ...models import Group
from ..group.groups import touch_group
from ..text import normal_text, shows_something, too_long
from .access import Access
from .sheet import Sheet, unchanged_rounds, written_sheet
from .writes import group_of, log_change, parse_input, writing


def abandon(access: Access, match_id: str, if_match: Collection[int] | None = None) -> Sheet:
    with writing(access, match_id, if_match, "abandon") as sheet:
        sheet.match.ended = "abandoned"
        log_change(sheet, access, "abandon")
    return unchanged_rounds(sheet)


PLACE_LIMIT = 80
NOTE_LIMIT = 500


@dataclass(frozen=True)
class Details:
    """Where a match was played and a note, as a client sent them (read_details): those in
    `given` set (None clears one), the other kept."""

    given: frozenset[str]
    place: str | None = None
    note: str | None = None


def read_details(body: Any) -> Details:
    """`{"place", "note"}`, either or both (empty or null clears one), read: a place one line of
    at most 80 characters, a note at most 500, lines allowed."""
    if not isinstance(body, Mapping) or not body:
        raise Invalid(Say("Give the details as an object, like {\"place\": \"Mia's\", "
                      "\"note\": \"Ben's birthday\"}."))
    read: dict[str, str | None] = {}
    for name, value in body.items():
        if name not in ("place", "note"):
            raise Invalid(Say("Unknown field “%(name)s”: a match has a place and a note.",
                              name=name), (name,))
        read[name] = read_detail(value, name)
    return Details(frozenset(read), **read)


def set_details(access: Access, match_id: str, details: Details | Refusal,
                if_match: Collection[int] | None = None) -> Sheet:
    """The host says where the match was played and adds a note (`details`, or the refusal
    of what was sent), in any state, banked included."""
    group_id = group_of(match_id)
    with writing(access, match_id, if_match, "details", ended_too=True,
                 group_id=group_id, touches_group=True) as sheet:
        details = unless_refused(details)
        before = {"place": sheet.match.place, "note": sheet.match.note}
        for name in details.given:
            setattr(sheet.match, name, getattr(details, name))
        after = {"place": sheet.match.place, "note": sheet.match.note}
        if group_id is not None and sheet.match.ended == "banked" and after != before:
            touch_group(db.session.get_one(Group, group_id))  # the bank's summary shows them
        log_change(sheet, access, "details", before=before, after=after)
    return unchanged_rounds(sheet)


def read_detail(value: Any, name: str) -> str | None:
    """A place (one line, at most 80 characters) or a note (at most 500, lines allowed), in
    the normal form of every name (text.py); None where nothing is left."""
    if value is None:
        return None
    limit = PLACE_LIMIT if name == "place" else NOTE_LIMIT
    text = (normal_text(value, lines=name == "note")
            if isinstance(value, str) and not too_long(value, limit) else None)
    if text is None or len(text) > limit:
        raise Invalid(Say("A place is text of at most %(limit)s characters.", limit=limit)
                      if name == "place" else
                      Say("A note is text of at most %(limit)s characters.", limit=limit),
                      (name,))
    return text if shows_something(text) else None  # a place that shows nothing clears it


def read_moved(body: Any) -> Mapping[str, Any]:
    """The options a client sent to move (`{"target": 250}`): an object, whose names and values
    the match's game reads when the line moves."""
    if not isinstance(body, Mapping):
        raise Invalid(Say("Give the options to move as an object, like {\"target\": 250}."))
    return body


def move_line(access: Access, match_id: str, moved: Mapping[str, Any] | Refusal,
              if_match: Collection[int] | None = None) -> Sheet:
    """The host moves where the match ends (`moved`, read_moved's, or the refusal of what was
    sent), among the options the game lets a table move, while it is active or over (not once
    banked or abandoned).

    A line the rounds already played would have reached before the last one is refused (409);
    one the latest round reaches ends the match there; one no total reaches any more makes an
    over match active again."""
    with writing(access, match_id, if_match, "move_line") as sheet:
        game, before = sheet.game, dict(sheet.match.options)
        body = unless_refused(moved)
        if not body:
            raise Invalid(_movable_hint(sheet))
        for name in body:
            if not any(spec.name == name for spec in game.options):
                raise Invalid(Say("%(game)s has no option “%(name)s”.", game=game.title, name=name),
                              ("options", name))
            if name not in game.movable:
                raise Invalid(Say("“%(name)s” is fixed once the match starts. %(hint)s", name=name,
                                  hint=_movable_hint(sheet)), ("options", name))
        # The game's own rules read the moved options, defaults included (an empty target at
        # Banakil falls back to the player count's line; at the free sheet it means none).
        after = parse_input(game.parse_options, {**before, **body}, len(sheet.players))
        parse_input(game.check_match, len(sheet.players), after, sheet.rounds)
        result = sheet.replay(sheet.rounds, options=after)
        if result.over_after is not None and result.over_after < len(sheet.rounds) - 1:
            raise Conflict(Say("That line would already have been reached in round %(reached)s, "
                               "before the last round (round %(last)s). Choose another, or "
                               "delete the rounds after round %(reached)s first.",
                               reached=result.over_after + 1, last=len(sheet.rounds))
                           .meant("line_reached_early"))
        sheet.match.options = after
        log_change(sheet, access, "move_line", before=before, after=after)
    return written_sheet(sheet.match, sheet.rounds, result)


def _movable_hint(sheet: Sheet) -> str:
    movable = sheet.game.movable
    if not movable:
        return Say("%(game)s has no line to move.", game=sheet.game.title)
    return Say("Say what to move: %(names)s.", names=_either(list(movable)))


def _either(names: list[str]) -> str:
    """Options' names as “a” or “b” or “c” says them (one message a pair: a translator words it)."""
    if len(names) == 1:
        return Say("“%(name)s”", name=names[0])
    return Say("%(some)s or “%(last)s”", some=_either(names[:-1]), last=names[-1])
