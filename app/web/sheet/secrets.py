"""A seat's secret (a Bandido character) on this phone: the key that lets the phone that typed
it read it back, kept in a cookie of that phone alone and sent only to that seat's link; and
what of the seats' secrets a sheet drawn for this phone shows."""

from __future__ import annotations

from flask import request, url_for
from werkzeug.wrappers import Response

from ...models import Match
from ...services.match.access import Access
from ...services.match.characters import character_visible, phone_seat
from ...services.match.sheet import Sheet

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


class PhoneSecrets:
    """What of the seats' secrets this phone may see: a sheet's view (view.py) is drawn for one
    link on one phone, holding the key it typed with (`character_key`, None: none)."""

    sheet: Sheet
    access: Access
    match: Match
    character_key: str | None

    def character(self, seat: int) -> list[str] | None:
        """A seat's secret character where this phone may see it (its own seat's link on the
        phone that typed it, revealed, or the match over); None where hidden or not typed."""
        character = self.match.seats[seat].character
        if character and character_visible(self.sheet, self.access, seat,
                                                    self.character_key):
            return list(character)
        return None

    @property
    def own_seat(self) -> int | None:
        """The seat this link is (None for the host's link and the view link)."""
        return self.access.seat if self.access.role == "seat" else None

    @property
    def my_seat(self) -> int | None:
        """The seat whose character this phone enters: a seat's own link, or the seat a host
        who plays typed a character for on this phone (None: the host has typed none here)."""
        if self.own_seat is not None:
            return self.own_seat
        return self.opened_seat

    @property
    def opened_seat(self) -> int | None:
        """The seat whose hidden character this phone's key opens (the page differs)."""
        return phone_seat(self.sheet, self.access, self.character_key)

    @property
    def character_hidden_here(self) -> bool:
        """This seat's character is typed, but on another phone: hidden on this one."""
        seat = self.own_seat
        return seat is not None and self.hidden_from_phone(seat)

    def hidden_from_phone(self, seat: int) -> bool:
        """`seat`'s character is typed, but on another phone than this one."""
        return bool(self.match.seats[seat].character) and self.character(seat) is None
