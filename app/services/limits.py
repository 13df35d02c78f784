"""The rate limits as a service says them (SPEC section 6): a new match, group or design counted
before anything else (a refused create counts as an accepted one), and an unknown link refused
(a match's and a group's as their row is read, link_row); each past its allowance a minute is
429."""

from __future__ import annotations

from typing import Any, NoReturn

from sqlalchemy import Executable, Row

from .. import ratelimit
from ..errors import TooManyRequests, Unauthorized
from ..extensions import db
from ..games.say import Say


def count_new(address: str | None, too_many: Say) -> None:
    """One more made from `address`: 429 saying `too_many` once it is past the creation limit."""
    if not ratelimit.allow("create", address):
        raise TooManyRequests(too_many)


def refuse_unknown(address: str | None, unknown: Say) -> NoReturn:
    """An unknown link, of any kind: 401 saying `unknown`, or 429 once its address has sent too
    many (every kind counts toward one limit)."""
    if not ratelimit.allow("unknown_token", address):
        raise TooManyRequests(Say("Too many unknown links from this address; wait a minute."))
    raise Unauthorized(unknown)


def link_row(statement: Executable, secret: str | None, address: str | None,
             unknown: Say) -> Row[Any]:
    """The row `statement` finds for a link's secret (bound as `secret`), run on the session's
    connection as it is: a match's link or a group's. An unknown link: refuse_unknown."""
    row = None
    if secret and len(secret) <= 64:
        row = db.session.connection().execute(statement, {"secret": secret}).first()
    if row is None:
        refuse_unknown(address, unknown)
    return row
