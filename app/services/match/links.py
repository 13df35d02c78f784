"""A match's links: read again (to show them and their QR codes later), and one replaced."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select

from ...errors import Invalid, Refusal, unless_refused
from ...extensions import db
from ...games.say import Say
from ...models import Change, Group, Match, Token
from ..group.groups import touch_group
from .access import Access
from .sheet import check
from .writes import group_of, log_change, writing


def tokens(access: Access, match_id: str) -> dict[str, Any]:
    check(access, match_id, "tokens")
    rows = db.session.scalars(
        select(Token).where(Token.match_id == match_id).order_by(Token.seat)).all()
    by_role = {t.role: t.secret for t in rows if t.role != "seat"}
    return {"host": by_role["host"], "view": by_role["view"],
            "seats": [t.secret for t in rows if t.role == "seat"]}


@dataclass(frozen=True)
class LinkAsked:
    """Which of a match's links to replace, as a client named it (read_link): the host's, the
    view's, or a seat's (`seat`)."""

    role: str
    seat: int | None = None


def read_link(role: Any, seat: Any = None) -> LinkAsked:
    """`{"role": "host" | "view" | "seat", "seat"?: n}` read (whether the match has that seat
    is seen by the replacement)."""
    if role not in ("host", "view", "seat"):
        raise Invalid(Say("Say which link: host, view or seat."), ("role",))
    if role != "seat":
        return LinkAsked(str(role))
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise Invalid(Say("Say which seat's link to replace."), ("seat",))
    return LinkAsked("seat", seat)


def replace_link(access: Access, match_id: str, asked: LinkAsked | Refusal) -> dict[str, Any]:
    """A new secret for one link (`asked`, or the refusal of what was sent); the old one stops
    working at once. Host only."""
    asked = unless_refused(asked)
    role, seat = asked.role, asked.seat
    group_id = group_of(match_id)
    with writing(access, match_id, None, "replace_link", ended_too=True, group_id=group_id,
                 touches_group=True) as sheet:
        if seat is not None and not 0 <= seat < len(sheet.players):
            raise Invalid(Say("Say which seat's link to replace."), ("seat",))
        token = db.session.scalars(select(Token).where(
            Token.match_id == match_id, Token.role == role, Token.seat.is_(seat)
            if seat is None else Token.seat == seat)).one()
        # 32 random bytes: 256 bits, far past guessing.
        token.secret = secrets.token_urlsafe(32)
        token.created_at = datetime.now(UTC)
        log_change(sheet, access, "replace_link", seat=seat, after={"role": role})
        if role == "view" and group_id is not None and sheet.match.ended == "banked":
            touch_group(db.session.get_one(Group, group_id))  # the bank links the sheet by it
        for previous in db.session.scalars(
                select(Match).where(Match.next_id == match_id).with_for_update(of=Match)):
            # The match this one is the rematch of offers this link to its phones.
            previous.version += 1
            previous.updated_at = token.created_at
            db.session.add(Change(match_id=previous.id, version=previous.version,
                                  actor="host", action="next_link", after={"role": role}))
    return tokens(Access(match_id, "host"), match_id)
