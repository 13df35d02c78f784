"""Groups: their links (owner and view), starting one, and the owner's writes to the bank."""

from __future__ import annotations

import secrets
from collections.abc import Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import Table as Rows
from sqlalchemy import bindparam, func, select, update
from sqlalchemy.orm.attributes import set_committed_value

from ...errors import Forbidden, Invalid, NotFound, Refusal, VersionMismatch, unless_refused
from ...extensions import begin_writing, begun_to_write, db, mark_begun_to_write, write_intent
from ...games.say import Say
from ...models import Change, Group, GroupToken, Match, Player
from ..limits import count_new, link_row
from ..text import clean_names, clean_text, fold, refuse_repeats

GROUP_NAME_LIMIT = 80
# SPEC section 6: a roster holds at most 1,000 players, however they join (a create, an add, a
# match's new names, an import); every page and answer that lists them stays bounded.
ROSTER_LIMIT = 1_000
ROLES = ("owner", "view")


@dataclass(frozen=True)
class GroupAccess:
    """What a group's link lets its holder do: everything (owner) or only look (view)."""

    group_id: str
    role: str  # "owner" or "view"

    def check(self, group_id: str, action: str = "read") -> None:
        """Refuses what this link may not do to this group: 404, then 403, in SPEC order."""
        if self.group_id != group_id:
            raise NotFound(Say("No such group."))
        if action != "read" and self.role != "owner":
            raise Forbidden(Say("Only the group's owner link can do that."))


# Every request with a group's link asks this: the statement is built once and run on the
# session's connection as it is, without the ORM's loading (as a match's link is read).
_TOKEN_AND_VERSION = (select(GroupToken.group_id, GroupToken.role, Group.version)
                      .join(Group, GroupToken.group_id == Group.id)
                      .where(GroupToken.secret == bindparam("secret")))


def authenticate_group(secret: str | None, address: str | None = None) -> tuple[GroupAccess, int]:
    """The access a group's token grants and the group's version, in one query. Unknown tokens
    are 401, and too many of them from one address 429 (they count with a match's)."""
    row = link_row(_TOKEN_AND_VERSION, secret, address,
                   Say("This group link is not (or no longer) valid."))
    return GroupAccess(row.group_id, row.role), row.version


def group_access(secret: str | None, group_id: object, action: str = "read",
                 address: str | None = None, to_write: bool = False) -> GroupAccess:
    """401, 404 and 403 for a group, in that order (an id that is no text is no group's). For a
    request that writes (`to_write`), the link is read in a transaction begun as a write's, and
    locked_group() carries on in it: one transaction, not a read's and then a write's."""
    if to_write:
        db.session.rollback()
        with write_intent():
            access, _ = authenticate_group(secret, address)
        mark_begun_to_write()
    else:
        access, _ = authenticate_group(secret, address)
    if not isinstance(group_id, str):
        raise NotFound(Say("No such group."))
    access.check(group_id, action)
    return access


# A roster id is stored as a 32-bit integer: a larger number names no player (and must not
# reach the database, which would refuse it).
LARGEST_ID = 2**31 - 1


def on_roster(group_id: str, player_id: int) -> bool:
    """Whether `player_id` is a player on this group's roster."""
    if isinstance(player_id, bool) or not isinstance(player_id, int):
        return False
    return 1 <= player_id <= LARGEST_ID and db.session.scalar(select(Player.id).where(
        Player.group_id == group_id, Player.id == player_id)) is not None


def new_secret() -> str:
    # 32 random bytes: 256 bits, far past guessing.
    return secrets.token_urlsafe(32)


def new_group(name: str) -> Group:
    """A group with its two links, not yet added to the session."""
    group = Group(id=secrets.token_urlsafe(9), name=name)
    group.tokens = [GroupToken(secret=new_secret(), role=role) for role in ROLES]
    return group


@dataclass(frozen=True)
class NewGroup:
    """A new group as a client asked for it, read once at its edge (read_new_group): its name
    and the roster it starts with, each name clean and told apart from the others."""

    name: str
    players: tuple[str, ...] = ()


def read_new_group(name: Any, players: Any = None) -> NewGroup:
    """What a client sent for a new group (the API's body, the page's form); 422 or 409 at the
    field."""
    name = clean_text(name, ("name",), GROUP_NAME_LIMIT, Say("A group's name"))
    names = clean_names([] if players is None else players, most=ROSTER_LIMIT)
    refuse_repeats(names)
    return NewGroup(name, tuple(names))


def create_group(new: NewGroup | Refusal,
                 address: str | None = None) -> tuple[Group, dict[str, str]]:
    """A new group (`new`, or the refusal of what was sent) and its links. Counted toward the
    creation limit before the refusal is said: a refused create counts as an accepted one."""
    count_new(address, Say("Too many new groups from this address; wait a minute."))
    new = unless_refused(new)
    group = new_group(new.name)
    group.players = [Player(name=player, folded=fold(player)) for player in new.players]
    begin_writing()
    db.session.add(group)
    db.session.commit()
    return group, {token.role: token.secret for token in group.tokens}


@contextmanager
def locked_group(group_id: str) -> Iterator[Group]:
    """One write to a group: its row locked in a transaction of its own (404 if there is no
    such group), committed when the block ends, rolled back if it raises."""
    if not begun_to_write():
        db.session.rollback()  # a read's transaction ends: the write begins its own
    with write_intent():
        group = lock_group(group_id)
    try:
        if group is None:
            raise NotFound(Say("No such group."))
        yield group
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise


@contextmanager
def writing_group(access: GroupAccess, group_id: str, if_match: Collection[int] | None,
                  action: str, player_id: int | None = None,
                  match_id: str | None = None) -> Iterator[Group]:
    """One write to a group: its row locked, checked in SPEC order (the group, then the roster
    player or the bank's match named in the path: 404 before 412), version bumped, committed.
    A match named is locked after the group (see writes.writing)."""
    access.check(group_id, action)
    with locked_group(group_id) as group:
        if player_id is not None and not on_roster(group_id, player_id):
            raise NotFound(Say("No such player in the group."))
        if match_id is not None:
            banked_match(group_id, match_id)
        if if_match is not None and group.version not in if_match:
            raise VersionMismatch(Say(
                "The group changed (now version %(version)s); reload and try again.",
                version=group.version))
        yield group
        touch_group(group)


def group_tokens(access: GroupAccess, group_id: str) -> dict[str, str]:
    access.check(group_id, "tokens")
    rows = db.session.execute(select(GroupToken.role, GroupToken.secret)
                              .where(GroupToken.group_id == group_id)).all()
    return {role: secret for role, secret in rows}


@dataclass(frozen=True)
class GroupLink:
    """The link of a match's group that one of the match's links may be led to."""

    name: str
    secret: str
    role: str  # "owner" or "view"


def group_link_of(match_id: str, role: str, known: Collection[str] = ()) -> GroupLink | None:
    """Where a match's sheet leads back to its group (None: the match is in none). Every link
    of the match may see the group's view link, as the bank shows the match to it. The owner
    link goes only where it is known already: to a phone that opened it (`known`, the group
    links it remembers), or to the host of a match started in the group, since starting one
    there takes the owner link. A match filed into the group at its banking was banked by
    whoever held the owner link, perhaps a seat: its host is led to the view link."""
    row = db.session.execute(select(Match.group_id, Group.name).join(
        Group, Match.group_id == Group.id).where(Match.id == match_id)).first()
    if row is None:
        return None
    secrets_ = group_tokens(GroupAccess(row.group_id, "owner"), row.group_id)
    if secrets_["owner"] in known or (role == "host"
                                      and _started_in(row.group_id, match_id)):
        return GroupLink(row.name, secrets_["owner"], "owner")
    return GroupLink(row.name, secrets_["view"], "view")


def group_named_by(match_id: str) -> tuple[str, int] | None:
    """The name and version of the match's group (None: the match is in none), for what shows
    the group's name beside a match (its result card, kept until either changes)."""
    row = db.session.execute(select(Group.name, Group.version).join(
        Match, Match.group_id == Group.id).where(Match.id == match_id)).first()
    return None if row is None else (row.name, row.version)


def _started_in(group_id: str, match_id: str) -> bool:
    """Whether the match, or the first of the rematches it follows on from, was started in the
    group (with its owner link) rather than filed into it when it was banked."""
    for _step in range(100):  # a rematch follows on from one match: an evening's worth at most
        filings = db.session.scalars(select(Change.after).where(
            Change.match_id == match_id, Change.action == "bank")).all()
        if any(isinstance(after, dict) and after.get("group") for after in filings):
            return False
        before = db.session.scalar(select(Match.id).where(
            Match.next_id == match_id, Match.group_id == group_id))
        if before is None:
            return True
        match_id = before
    return False


def read_role(value: Any) -> str:
    """Which of a group's links a client names: owner or view."""
    if value not in ROLES:
        raise Invalid(Say("Say which link: owner or view."), ("role",))
    return str(value)


def replace_group_link(access: GroupAccess, group_id: str, role: str | Refusal,
                       if_match: Collection[int] | None = None) -> dict[str, str]:
    """A new secret for the owner's or the view link (`role`, read_role's, or its refusal);
    the old one stops working at once."""
    with writing_group(access, group_id, if_match, "replace_link"):
        role = unless_refused(role)
        token = db.session.scalars(select(GroupToken).where(
            GroupToken.group_id == group_id, GroupToken.role == role)).one()
        token.secret = new_secret()
        token.created_at = datetime.now(UTC)
    return group_tokens(GroupAccess(group_id, "owner"), group_id)


@dataclass(frozen=True)
class GroupChange:
    """A change to a group as a client sent it (read_group_change): a new name, ratings on or
    off; None where not given."""

    name: str | None = None
    ratings: bool | None = None


def read_group_change(body: Mapping[str, Any]) -> GroupChange:
    """`{"name"?, "ratings"?: bool}` read; any other field is 422."""
    for field in body:
        if field not in ("name", "ratings"):
            raise Invalid(Say("Unknown field “%(name)s”.", name=field), (field,))
    if "ratings" in body and not isinstance(body["ratings"], bool):
        raise Invalid(Say("Say true or false."), ("ratings",))
    name = (clean_text(body["name"], ("name",), GROUP_NAME_LIMIT, Say("A group's name"))
            if "name" in body else None)
    return GroupChange(name, body.get("ratings"))


def change_group(access: GroupAccess, group_id: str, change: GroupChange | Refusal,
                 if_match: Collection[int] | None = None) -> None:
    """The owner renames the group or switches its skill ratings on or off (SPEC section 8):
    `change`, or the refusal of what was sent, said after the link's right and If-Match."""
    with writing_group(access, group_id, if_match, "change_group") as group:
        change = unless_refused(change)
        if change.name is not None:
            group.name = change.name
        if change.ratings is not None:
            group.ratings = change.ratings


def take_out(access: GroupAccess, group_id: str, match_id: str, out: bool,
             if_match: Collection[int] | None = None) -> None:
    """The owner takes a banked match out of the bank (a practice game: it counts in no
    statistics) or puts it back. Doing what is already done changes nothing."""
    with writing_group(access, group_id, if_match, "take_out", match_id=match_id):
        banked_match(group_id, match_id).taken_out = out


def check_in_bank(group_id: str, match_id: str) -> None:
    """404 for a match that is not in the group's bank (checked before the body is read)."""
    if db.session.scalar(select(Match.id).where(
            Match.id == match_id, Match.group_id == group_id, Match.ended == "banked")) is None:
        raise NotFound(Say("No such match in the group's bank."))


def banked_match(group_id: str, match_id: str) -> Match:
    """A match in the group's bank, locked (after the group's lock); 404 if it is not there."""
    match = db.session.scalar(select(Match).where(
        Match.id == match_id, Match.group_id == group_id, Match.ended == "banked"
    ).with_for_update(of=Match))
    if match is None:
        raise NotFound(Say("No such match in the group's bank."))
    return match


def recent_groups(secrets_: Sequence[str]) -> list[dict[str, Any]]:
    """The groups this device has opened, in the order given; dead links are left out."""
    if not secrets_:
        return []
    rows = db.session.execute(
        select(GroupToken.secret, GroupToken.role, Group.id, Group.name, Group.updated_at)
        .join(Group, GroupToken.group_id == Group.id)
        .where(GroupToken.secret.in_(list(secrets_)[:200]))).all()
    found = {row.secret: row for row in rows}
    return [{"token": secret, "id": found[secret].id, "name": found[secret].name,
             "role": found[secret].role, "updated_at": found[secret].updated_at}
            for secret in secrets_ if secret in found]


def last_options(group_id: str, game: str) -> dict[str, Any] | None:
    """The options of the group's latest match of `game` (as moved), to start the next one
    with; None if the group never played it."""
    return db.session.scalar(
        select(Match.options).where(Match.group_id == group_id, Match.game == game)
        .order_by(Match.created_at.desc(), Match.id).limit(1))


def refuse_full_roster(group_id: str, joining: int) -> None:
    """422 where `joining` more players would take the roster past ROSTER_LIMIT."""
    if joining and db.session.scalars(
            select(func.count()).select_from(Player).where(Player.group_id == group_id)
    ).one() + joining > ROSTER_LIMIT:
        raise Invalid(Say("A roster holds at most %(most)s players: merge or leave out some "
                          "names first.", most=f"{ROSTER_LIMIT:,}"), "players")


# Every write to a group begins here: built once.
_LOCK = select(Group).where(Group.id == bindparam("group_id")).with_for_update()


def lock_group(group_id: str) -> Group | None:
    """The group's row, locked for this transaction (None if there is no such group)."""
    return db.session.scalar(_LOCK, {"group_id": group_id})


_GROUPS = cast(Rows, Group.__table__)
_TOUCH = (update(_GROUPS).where(_GROUPS.c.id == bindparam("group_id"))
          .values(version=bindparam("version"),
                  updated_at=bindparam("now", type_=_GROUPS.c.updated_at.type)))


def touch_group(group: Group) -> None:
    """What the group's GET shows has changed: a new version (its ETag). Set on the locked row
    by a statement built once, not by the session's unit of work at the commit (which cost a
    group write a tenth of its time)."""
    now = datetime.now(UTC)
    db.session.connection().execute(_TOUCH, {"group_id": group.id, "version": group.version + 1,
                                             "now": now})
    set_committed_value(group, "version", group.version + 1)
    set_committed_value(group, "updated_at", now)
