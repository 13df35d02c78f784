"""API v1's one blueprint, under /api/v1: no answer under /api/ is kept by any cache, a route's
or one that no route matched (a 404 or a 405 there)."""

from __future__ import annotations

from flask import Blueprint, Response, request

from .common import no_store

bp = Blueprint("api", __name__, url_prefix="/api/v1")


@bp.after_app_request
def no_store_under_api(response: Response) -> Response:
    return no_store(response) if request.path.startswith("/api/") else response
