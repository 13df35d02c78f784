"""The pages' blueprint, shared by the modules that add views to it, and how a link is read."""

from flask import Blueprint, abort, request, session

from .. import services
from ..errors import ServiceError
from ..services import Access

bp = Blueprint("web", __name__)

RECENT_LIMIT = 10

WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven", "twelve")


def link_access(token: str) -> Access:
    """What the link in the address lets this page do; an unknown link is a plain 404."""
    try:
        return services.authenticate(token, request.remote_addr)
    except ServiceError as error:
        abort(429 if error.status == 429 else 404)


@bp.app_template_filter("in_words")
def in_words(number: int) -> str:
    """A small number as a sentence says it ("five wins"); a larger one in digits."""
    return WORDS[number] if 0 <= number < len(WORDS) else str(number)


def remember(token: str, key: str = "recent") -> None:
    """This device's recent matches (or groups, under "groups"), newest first, in its own
    session cookie."""
    recent = [t for t in session.get(key, []) if t != token]
    session[key] = [token, *recent][:RECENT_LIMIT]
    session.permanent = True
