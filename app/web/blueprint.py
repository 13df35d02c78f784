"""The pages' blueprint, shared by every wing that adds views to it; how a link in the address
is read (a match's link, a group's link, and the ones this phone remembers); and the one way a
page meets a service's refusal."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

from flask import Blueprint, abort, flash, redirect, request, session
from flask.typing import ResponseReturnValue

from ..errors import ServiceError
from ..i18n import say
from ..services.group.groups import GroupAccess, authenticate_group
from ..services.match.access import Access, authenticate_at

bp = Blueprint("web", __name__)

RECENT_LIMIT = 10


@contextmanager
def refusals_flashed(back: str, said: Callable[[Any], str] = say,
                     forbidden_page: bool = False) -> Iterator[None]:
    """A page's call of a service: a refusal is said on the next page, in the page's language
    (and in its game's words, where `said` gives them), and the phone is sent `back`. With
    `forbidden_page`, a 403 is the error page instead: no button of this link's page leads
    there, so there is nothing to explain on the next one."""
    try:
        yield
    except ServiceError as error:
        if forbidden_page and error.status == 403:
            abort(403)
        flash(said(error.message), "error")
        abort(redirect(back))


def done_flashed(back: str, act: Callable[[], object], done: str,
                 forbidden_page: bool = False) -> ResponseReturnValue:
    """A page's one call of a service (`act`), then the phone sent `back`: with `done` said on
    that page, or the refusal (as refusals_flashed says it)."""
    with refusals_flashed(back, forbidden_page=forbidden_page):
        act()
    flash(done, "info")
    return redirect(back)


def unknown_link(error: ServiceError) -> NoReturn:
    """A link the server does not know is a plain 404; 429 once an address guesses too fast."""
    abort(429 if error.status == 429 else 404)


def link_access(token: str) -> Access:
    """What the link in the address lets this page do; an unknown link is a plain 404."""
    return link_access_at(token)[0]


def link_access_at(token: str) -> tuple[Access, int]:
    """link_access(), and the match's version (what a kept drawing of it is named by)."""
    try:
        return authenticate_at(token, request.remote_addr)
    except ServiceError as error:
        unknown_link(error)


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
        unknown_link(error)


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
    page (its flash: 'Banking undone').

    Nor is the copy a service worker keeps of an open page (X-Kept-Copy, sw.js) a visit: asked
    as the worker starts, it can come after the phone opened another match, and put the one
    left back at the top."""
    if request.headers.get("X-Kept-Copy"):
        return
    known = session.get(key, [])
    if known[:1] == [token] and session.permanent:
        return
    recent = [t for t in known if t != token]
    session[key] = [token, *recent][:RECENT_LIMIT]
    session.permanent = True
