"""`GET /api/v1/matches/<id>/events` and `GET /api/v1/nights/<id>/events`: a match's (or a
night's) versions as a server-sent event stream."""

from __future__ import annotations

from flask import Blueprint, Response, request

from .. import live
from ..errors import NotFound
from ..live.streams import night_stream
from ..services.match.access import authenticate_at
from ..services.night.access import authenticate_night
from .common import bearer, no_store

bp = Blueprint("api_events", __name__, url_prefix="/api/v1")
bp.after_request(no_store)


@bp.get("/matches/<match_id>/events")
def events(match_id: str) -> Response:
    """Any of the match's links: 401 for none or an unknown one, 404 for another match's."""
    secret = bearer() or ""  # no token is no link's: 401, as for an unknown one
    access, version = authenticate_at(secret, request.remote_addr)
    if access.match_id != match_id:
        raise NotFound("No such match.")
    return live.stream(secret, access, version)


@bp.get("/nights/<night_id>/events")
def night_events(night_id: str) -> Response:
    """Any link that reads the night: one event per new version of the night or its tables."""
    secret = bearer() or ""
    access = authenticate_night(secret, request.remote_addr)
    access.check(night_id)
    return night_stream(secret, night_id)
