"""API v1's one blueprint, under /api/v1: no answer of it is kept by any cache."""

from __future__ import annotations

from flask import Blueprint

from .common import no_store

bp = Blueprint("api", __name__, url_prefix="/api/v1")
bp.after_request(no_store)
