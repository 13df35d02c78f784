"""Errors as every client meets them, chosen once for the whole app by where the request went:
the API's JSON (SPEC section 2's shape) under /api/, the error page in the page's language
everywhere else."""

from __future__ import annotations

from flask import render_template, request
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from ..api.common import http_error as api_http_error
from ..api.common import service_error as api_service_error
from ..errors import ServiceError, Unavailable
from ..extensions import db, locked_out
from ..games.say import Say
from .blueprint import bp


def _for_a_client() -> bool:
    return request.path.startswith("/api/")


@bp.app_errorhandler(HTTPException)
def http_error(error: HTTPException) -> Response | tuple[str, int]:
    if _for_a_client():
        return api_http_error(error)
    return render_template("error.html", error=error), error.code or 500


@bp.app_errorhandler(ServiceError)
def service_error(error: ServiceError) -> Response | tuple[str, int, dict[str, str]]:
    if _for_a_client():
        return api_service_error(error)
    headers = {} if error.retry_after is None else {"Retry-After": str(error.retry_after)}
    return render_template("error.html", error=error), error.status, headers


@bp.app_errorhandler(OperationalError)
def database_busy(error: OperationalError) -> Response | tuple[str, int, dict[str, str]]:
    """Another write held SQLite's lock for longer than a write waits (BUSY_SECONDS): the
    server is busy, not broken, and says when to try again (503), as it does for streams.
    Any other database error is the server's own (500)."""
    if not locked_out(error):
        raise error
    db.session.rollback()
    busy = Unavailable(Say("The server is busy with another change: try again in a moment."))
    busy.retry_after = 1
    return service_error(busy)
