"""A match's event stream as a response, for the pages' `/m/<token>/events` and the API's
`/api/v1/matches/<id>/events` alike."""

from __future__ import annotations

from flask import Response, current_app, request

from ..errors import NotFound, TooManyRequests, Unavailable
from ..games.say import Say
from ..services.match.access import Access
from ..services.night.reads import night_status
from ..turns import cooperative
from . import nights, watch
from .hub import EXTENSION, SLOTS, Hub, Stream
from .slots import Slots


def stream(secret: str, access: Access, version: int) -> Response:
    """The event stream of the match `access` reaches through the link `secret`, which was
    just found at `version`: the current version at once, unless the phone says it has it.

    SPEC section 6: a link holds at most LIVE_STREAMS_PER_LINK streams on this server (429),
    and a worker that holds all the streams it can serve refuses one more (503), each with a
    Retry-After; the phone's page polls meanwhile (live.js)."""
    return keyed_stream(secret, access.match_id, watch.status_of(access.match_id, version))


def night_stream(secret: str, night_id: str) -> Response:
    """A night's stream (SPEC section 7), for a link that may read it (checked by the caller):
    one event per new version of the night or of any of its tables."""
    status = night_status(night_id)
    if status is None:
        raise NotFound(Say("No such night."))
    return keyed_stream(secret, nights.key_of(night_id), status)


def keyed_stream(secret: str, key: str, current: tuple[int, str]) -> Response:
    """The event stream of what the hub knows as `key` (a match's id, or a night's, see
    nights.py), now at `current` (version, status), for the link `secret`."""
    hub: Hub = current_app.extensions[EXTENSION]
    slots: Slots = current_app.extensions[SLOTS]
    if slots.here >= current_app.config["LIVE_STREAMS_PER_WORKER"]:
        raise Unavailable(Say("The server follows as many phones as it can: try again shortly."))
    slot = slots.take(secret)
    if slot is None:
        raise TooManyRequests(Say("This link follows the match on %(most)s screens already: "
                                  "close one, or try again shortly.", most=slots.per_link),
                              retry_after=30)
    first = None if _last_event_id() == current[0] else current

    def give_back() -> None:  # once or twice: a slot given back is gone
        slots.give(slot)

    # Given back however the response ends: sent whole, cut off (the body's own end), or never
    # sent at all (a HEAD request's, whose body is never begun: the response's close).
    body = hub.events(Stream(key, secret, current[0]), first, _holds_streams(), give_back)
    # The body is bytes already: handed to the server as it is, where Werkzeug would wrap it
    # twice (an encoding generator, a closing iterator). gevent keeps the stack of a waiting
    # stream, and each wrapper deepened it: a stream took 23.8 KB of the worker's memory with
    # them, 20.7 KB without.
    response = Response(body, mimetype="text/event-stream", direct_passthrough=True)
    response.call_on_close(give_back)
    response.headers["Cache-Control"] = "no-store"
    # nginx and its kind hold a response back to fill a buffer unless told not to.
    response.headers["X-Accel-Buffering"] = "no"
    return response


def _holds_streams() -> bool:
    """Whether this server can keep a stream open: gevent's worker (a greenlet each) or one
    thread per connection (Werkzeug's). gunicorn's threaded worker has a few threads for every
    request: there a stream ends after its first message, and the browser's EventSource comes
    back for the next after its `retry`, like a poll, so that streams never take every thread."""
    if not request.environ.get("SERVER_SOFTWARE", "").startswith("gunicorn"):
        return True
    return cooperative()


def _last_event_id() -> int | None:
    value = request.headers.get("Last-Event-ID", "").strip()
    # isdigit() alone lets "²" through, which int() refuses.
    return int(value) if value.isascii() and value.isdigit() and len(value) < 19 else None
