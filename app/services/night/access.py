"""A night's links: the group's owner and view links, the big screen's (`tv`) and each
player's, and what each may do (SPEC section 7, with section 2's order: 401, 404, 403)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from ...errors import Forbidden, NotFound
from ...extensions import db
from ...games.say import Say
from ...models import GroupToken, Night, NightToken
from ..limits import refuse_unknown

ROLES = ("owner", "view", "tv", "player")


@dataclass(frozen=True)
class NightAccess:
    """What a link lets its holder do to a night: everything (the group's owner), or look (the
    group's view link, the big screen, a player, who also learns where they sit)."""

    role: str  # "owner", "view", "tv" or "player"
    night_id: str | None = None  # a night's own link names its night
    group_id: str | None = None  # a group's link names its group
    player_id: int | None = None

    def check(self, night_id: str, action: str = "read") -> Night:
        """The night, refused in SPEC order: 404 (no such night, or not this link's), then 403."""
        night = db.session.get(Night, night_id) if len(night_id) <= 24 else None
        if night is None or (self.night_id is not None and self.night_id != night.id) or (
                self.group_id is not None and self.group_id != night.group_id):
            raise NotFound(Say("No such night."))
        if action != "read" and self.role != "owner":
            raise Forbidden(Say("Only the group's owner link can do that."))
        return night


def authenticate_night(secret: str | None, address: str | None = None) -> NightAccess:
    """The access a link grants to nights: a night's own link, or a group's. Unknown links are
    401, and too many of them from one address 429 (they count with a match's)."""
    if secret and len(secret) <= 64:
        own = db.session.execute(select(NightToken.night_id, NightToken.role,
                                        NightToken.player_id)
                                 .where(NightToken.secret == secret)).first()
        if own is not None:
            return NightAccess(own.role, night_id=own.night_id, player_id=own.player_id)
        group = db.session.execute(select(GroupToken.group_id, GroupToken.role)
                                   .where(GroupToken.secret == secret)).first()
        if group is not None:
            return NightAccess(group.role, group_id=group.group_id)
    refuse_unknown(address, Say("This link is not (or no longer) valid."))


def night_secrets(secrets: set[str]) -> set[str]:
    """Of these links, the ones a night's stream may go on with (not replaced or gone)."""
    live = set(db.session.scalars(select(NightToken.secret).where(
        NightToken.secret.in_(list(secrets)))))
    live.update(db.session.scalars(select(GroupToken.secret).where(
        GroupToken.secret.in_(list(secrets)))))
    return live
