"""A group's roster: who sits at its matches, adding and renaming a player, and merging one
person typed twice. A player's id stays through renames, and through merges into it."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from sqlalchemy import select, update

from ...errors import Conflict, Invalid, NotFound, Refusal, unless_refused
from ...extensions import db
from ...games.say import Say
from ...models import Group, Player, Seat
from ..text import NAME_LIMIT, clean_text, fold, refuse_repeats
from .groups import GroupAccess, on_roster, refuse_full_roster, writing_group


def roster_players(group: Group, names: Sequence[str]) -> tuple[list[Player], bool]:
    """The roster's players that these seat names are (ignoring case and surrounding spaces);
    a name not on the roster joins it. Two seats that are one person: 409. Answers the players,
    in seat order, and whether anyone joined. The group is locked by the caller."""
    refuse_repeats(names)
    folded = [fold(name) for name in names]
    known = {player.folded: player for player in db.session.scalars(
        select(Player).where(Player.group_id == group.id, Player.folded.in_(folded)))}
    refuse_full_roster(group.id, len(set(folded) - set(known)))
    players, joined = [], False
    for name, key in zip(names, folded, strict=True):
        if key not in known:
            known[key] = Player(group_id=group.id, name=name, folded=key)
            db.session.add(known[key])
            joined = True
        players.append(known[key])
    db.session.flush()  # their ids, for the seats
    return players, joined


def read_player_name(value: Any) -> str:
    """A roster player's name as a client sent it, clean."""
    return clean_text(value, ("name",), NAME_LIMIT, Say("A player's name"))


def read_player_id(value: Any) -> int:
    """The roster player a client names by id, to merge into (whether the roster has one is
    seen by the merge)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise Invalid(Say("Say which player to merge into: {\"into\": <player id>}."), ("into",))
    return value


def _refuse_taken(group_id: str, name: str, player_id: int | None = None) -> None:
    other = db.session.scalar(select(Player.name).where(
        Player.group_id == group_id, Player.folded == fold(name), Player.id != player_id))
    if other is not None:
        raise Conflict(Say("“%(name)s” is on the roster already: names are told apart ignoring "
                           "case. Merge the two if they are one person.", name=other), "name")


def add_player(access: GroupAccess, group_id: str, name: str | Refusal,
               if_match: Collection[int] | None = None) -> Player:
    """A new name on the roster (read_player_name's, or its refusal); one that is already there
    is 409."""
    with writing_group(access, group_id, if_match, "add_player"):
        name = unless_refused(name)
        _refuse_taken(group_id, name)
        refuse_full_roster(group_id, 1)
        player = Player(group_id=group_id, name=name, folded=fold(name))
        db.session.add(player)
        db.session.flush()
    return player


def rename_player(access: GroupAccess, group_id: str, player_id: int, name: str | Refusal,
                  if_match: Collection[int] | None = None) -> Player:
    """A new name for a roster player (its id stays); another player's name is 409."""
    with writing_group(access, group_id, if_match, "rename_player", player_id) as group:
        player = _player(group, player_id)
        name = unless_refused(name)
        _refuse_taken(group_id, name, player_id)
        player.name, player.folded = name, fold(name)
    return player


def merge_players(access: GroupAccess, group_id: str, player_id: int, into: int | Refusal,
                  if_match: Collection[int] | None = None) -> Player:
    """One person typed twice: `player_id`'s matches and statistics join `into`'s, and
    `player_id` leaves the roster. Refused (409) if the two sat at one match."""
    with writing_group(access, group_id, if_match, "merge_players", player_id) as group:
        into = unless_refused(into)
        if into == player_id:
            raise Invalid(Say("A player merges into another player."), ("into",))
        if not on_roster(group_id, into):
            raise Invalid(Say("There is no such player on the roster to merge into."), ("into",))
        target = db.session.get_one(Player, into)
        source = _player(group, player_id)
        shared = db.session.scalar(
            select(Seat.match_id).where(Seat.player_id == player_id).intersect(
                select(Seat.match_id).where(Seat.player_id == into)).limit(1))
        if shared is not None:
            raise Conflict(Say("%(one)s and %(other)s sat at one match: they are two people, not "
                               "one typed twice.", one=source.name, other=target.name), "into")
        db.session.execute(update(Seat).where(Seat.player_id == player_id)
                           .values(player_id=into))
        db.session.delete(source)
    return target


def _player(group: Group, player_id: int) -> Player:
    if not on_roster(group.id, player_id):
        raise NotFound(Say("No such player in the group."))
    return db.session.get_one(Player, player_id)


def check_player(group_id: str, player_id: int) -> None:
    """404 for a player who is not on this group's roster (checked before the body is read)."""
    if not on_roster(group_id, player_id):
        raise NotFound(Say("No such player in the group."))
