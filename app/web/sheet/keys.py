"""The key that lets a phone read back the secret it typed (a seat's character): kept in a
cookie of that phone alone, sent only to that seat's link."""

from __future__ import annotations

from flask import request, url_for
from werkzeug.wrappers import Response

from ...services.match.access import Access

COOKIE = "character_key"
# As long as a browser keeps a cookie at all (about 400 days): a match may last an evening or
# a holiday, and typing the character again is the only way back.
LIFETIME = 400 * 24 * 3600


def phone_key(access: Access) -> str | None:
    """The key this phone holds for the seat of the link it opened, or, on the host's link, for
    the seat the host plays (None: none, or a view link)."""
    if access.role not in ("seat", "host"):
        return None
    return request.cookies.get(COOKIE) or None


def keep_key(response: Response, token: str, key: str) -> Response:
    """Give this phone the key, for the link it typed with only (a seat's, or the host's when
    the host plays): script can't read it, other sites' requests don't carry it, and another
    link (on the same phone) never sees it."""
    response.set_cookie(COOKIE, key, max_age=LIFETIME, path=url_for("web.sheet", token=token),
                        httponly=True, samesite="Lax", secure=request.is_secure)
    return response
