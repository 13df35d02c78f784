"""The pages' blueprint, shared by the modules that add views to it, and how a link is read."""

from flask import Blueprint, abort, request, session
from flask_babel import pgettext

from .. import services
from ..errors import ServiceError
from ..i18n import num
from ..services import Access

bp = Blueprint("web", __name__)

RECENT_LIMIT = 10


def link_access(token: str) -> Access:
    """What the link in the address lets this page do; an unknown link is a plain 404."""
    try:
        return services.authenticate(token, request.remote_addr)
    except ServiceError as error:
        abort(429 if error.status == 429 else 404)


def _words() -> tuple[str, ...]:
    # In the page's language; "number" tells a translator (and the catalog) which "one" it is.
    return (pgettext("number", "zero"), pgettext("number", "one"), pgettext("number", "two"),
            pgettext("number", "three"), pgettext("number", "four"), pgettext("number", "five"),
            pgettext("number", "six"), pgettext("number", "seven"), pgettext("number", "eight"),
            pgettext("number", "nine"), pgettext("number", "ten"), pgettext("number", "eleven"),
            pgettext("number", "twelve"))


@bp.app_template_filter("in_words")
def in_words(number: int) -> str:
    """A small number as a sentence says it ("five wins"), in the page's language; a larger one
    in digits."""
    return _words()[number] if 0 <= number <= 12 else num(number)


def remember(token: str, key: str = "recent") -> None:
    """This device's recent matches (or groups, under "groups"), newest first, in its own
    session cookie."""
    recent = [t for t in session.get(key, []) if t != token]
    session[key] = [token, *recent][:RECENT_LIMIT]
    session.permanent = True
