"""The pages' blueprint, shared by every wing that adds views to it, and how a link in the
address is read: a match's link, a group's link, and the ones this phone remembers."""

from __future__ import annotations

from flask import Blueprint, abort, request, session

from ..errors import ServiceError
from ..services.bank.groups import GroupAccess, authenticate_group
from ..services.match.access import Access, authenticate

bp = Blueprint("web", __name__)

RECENT_LIMIT = 10


def link_access(token: str) -> Access:
    """What the link in the address lets this page do; an unknown link is a plain 404."""
    try:
        return authenticate(token, request.remote_addr)
    except ServiceError as error:
        abort(429 if error.status == 429 else 404)


def host_access(token: str) -> Access:
    """The host's link in the address; any other link of the match is 403."""
    access = link_access(token)
    if access.role != "host":
        abort(403)
    return access


def group_link(token: str) -> tuple[GroupAccess, int]:
    """What a group's link lets this page do, and the group's version; unknown is 404."""
    try:
        return authenticate_group(token, request.remote_addr)
    except ServiceError as error:
        abort(429 if error.status == 429 else 404)


def owner_link(token: str) -> tuple[GroupAccess, int]:
    """A group's owner link; the view link is 403."""
    access, version = group_link(token)
    if access.role != "owner":
        abort(403)
    return access, version


def remember(token: str, key: str = "recent") -> None:
    """This device's recent matches (or groups, under "groups"), newest first, in its own
    session cookie.

    Written only when the list changes: a page read again sends no cookie back. A cookie sent
    back carries the whole session as the request found it, so a read that was under way while
    the same phone saved (a live refresh, the service worker keeping its copy of the page)
    would put back the session from before the save and wipe out what the save told the next
    page (its flash: 'Banking undone')."""
    known = session.get(key, [])
    if known[:1] == [token] and session.permanent:
        return
    recent = [t for t in known if t != token]
    session[key] = [token, *recent][:RECENT_LIMIT]
    session.permanent = True
