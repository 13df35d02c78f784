"""The rematch: one tap by the host on a finished match starts the next with the same players,
options and group, and every link of the old match is offered its own link to the new one."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sqlalchemy import select

from ...errors import Conflict
from ...extensions import db
from ...games.say import Say
from ...models import Change, Group, Player
from ..design.copies import Origin
from ..group.roster import roster_players
from ..limits import count_new
from .access import Access
from .create import build_match
from .links import tokens
from .sheet import Sheet, load_sheet
from .writes import group_of, log_change, writing


def rematch(access: Access, match_id: str, if_match: Collection[int] | None = None,
            address: str | None = None) -> tuple[Sheet, dict[str, Any]]:
    """The host starts the next match of one that is over, banked or abandoned (409 while it
    is active, or once it has its rematch): same game, players, options (as moved) and group.
    The old match gets a new version, so every phone on it learns of the next one. Answers
    the new match and its links, as a create does; it counts as one."""
    group_id = group_of(match_id)
    with writing(access, match_id, if_match, "rematch", ended_too=True, group_id=group_id,
                 touches_group=True) as sheet:
        old = sheet.match
        if sheet.status == "active":
            raise Conflict(Say("The match is still being played: finish it (or abandon it) first."))
        if old.next_id is not None:
            raise Conflict(Say("This match has its rematch already: follow it from here."))
        count_new(address, Say("Too many new matches from this address; wait a minute."))
        roster: list[Player] = []
        if group_id is not None:
            # The same roster players (the group is locked: nobody merges one away meanwhile).
            ids = [seat.player_id for seat in old.seats]
            found = {player.id: player for player in db.session.scalars(
                select(Player).where(Player.id.in_([i for i in ids if i is not None])))}
            kept = [found[i] for i in ids if i is not None and i in found]
            roster = kept if len(kept) == len(ids) else (
                roster_players(db.session.get_one(Group, group_id), sheet.players)[0])
        new = build_match(sheet.game, list(sheet.players), dict(old.options), old.name,
                          group_id, roster, Origin(old.design_id, old.design_version))
        db.session.add(new)
        db.session.flush()
        db.session.add(Change(match_id=new.id, version=1, actor="host", action="create",
                              after={"players": list(sheet.players), "options": new.options,
                                     "rematch_of": old.id}))
        old.next_id = new.id
        log_change(sheet, access, "rematch", after={"next": new.id})
    return load_sheet(new.id), tokens(Access(new.id, "host"), new.id)
