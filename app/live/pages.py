"""`/m/<token>/events` and `/n/<token>/events`: the event streams of a match and of a night for a
page, whose EventSource cannot send a header."""

from __future__ import annotations

from flask import Blueprint, Response, abort, request

from ..errors import ServiceError
from ..services.match.access import authenticate_at
from ..services.night.access import authenticate_night
from .streams import night_stream, stream

bp = Blueprint("live", __name__)


@bp.get("/m/<token>/events")
def events(token: str) -> Response:
    """Like the other /m/ pages: an unknown link is a plain 404 (429 once guessing is too
    fast). The access log masks the token (app/logs.py)."""
    try:
        access, version = authenticate_at(token, request.remote_addr)
    except ServiceError as error:
        abort(429 if error.status == 429 else 404)
    return stream(token, access, version)


@bp.get("/n/<token>/events")
def night_events(token: str) -> Response:
    """A player's phone and the big screen: their night's stream by the link in the address.
    Unknown links are a plain 404, as /m/'s are."""
    try:
        access = authenticate_night(token, request.remote_addr)
    except ServiceError as error:
        abort(429 if error.status == 429 else 404)
    if access.night_id is None:
        abort(404)
    return night_stream(token, access.night_id)
