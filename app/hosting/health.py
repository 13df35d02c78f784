"""`/health`: the process answers (no database touched: a load balancer's probe must not queue
behind writes); `/ready`: the database answers and its migrations are at this code's head."""

from __future__ import annotations

import threading
from typing import Any

from alembic.script import ScriptDirectory
from flask import Blueprint, current_app
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from ..extensions import db

bp = Blueprint("health", __name__)
NOT_KEPT = {"Cache-Control": "no-store"}
_heads: dict[str, frozenset[str]] = {}
_lock = threading.Lock()


def heads() -> frozenset[str]:
    """The migrations' heads as this code ships them, read once per process."""
    directory = current_app.extensions["migrate"].directory
    with _lock:
        if directory not in _heads:
            _heads[directory] = frozenset(ScriptDirectory(directory).get_heads())
        return _heads[directory]


def applied() -> frozenset[str] | None:
    """The revisions the database says it is at; None where it does not answer or was never
    migrated (no alembic_version)."""
    try:
        with db.engine.connect() as connection:
            return frozenset(connection.execute(
                text("SELECT version_num FROM alembic_version")).scalars())
    except SQLAlchemyError:
        return None


@bp.get("/health")
def health() -> tuple[dict[str, Any], int, dict[str, str]]:
    return {"ok": True}, 200, NOT_KEPT


@bp.get("/ready")
def ready() -> tuple[dict[str, Any], int, dict[str, str]]:
    found = applied()
    if found is None:
        return ({"ok": False, "problem": "The database does not answer, or was never migrated."},
                503, NOT_KEPT)
    if found != heads():
        return ({"ok": False, "problem": "The database's migrations are not at head: run "
                 "flask db upgrade.", "database": sorted(found), "head": sorted(heads())},
                503, NOT_KEPT)
    return {"ok": True}, 200, NOT_KEPT
