"""`/m/<token>/events`: the event stream for a page, whose EventSource cannot send a header."""

from __future__ import annotations

from flask import Blueprint, Response, abort, request

from .. import services
from ..errors import ServiceError
from .streams import stream

bp = Blueprint("live", __name__)


@bp.get("/m/<token>/events")
def events(token: str) -> Response:
    """Like the other /m/ pages: an unknown link is a plain 404 (429 once guessing is too
    fast). The access log masks the token (app/logs.py)."""
    try:
        access, version = services.authenticate_at(token, request.remote_addr)
    except ServiceError as error:
        abort(429 if error.status == 429 else 404)
    return stream(token, access, version)
