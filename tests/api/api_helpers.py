"""What the API tests share: a started match as a client holds it, and SPEC's error shape."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select

from app.extensions import db
from app.models import Change, Match

# The error codes a client can branch on, one per status SPEC.md names.
CODES = {400: "malformed", 401: "unauthorized", 403: "forbidden", 404: "not_found",
         409: "conflict", 412: "version_mismatch", 422: "invalid", 429: "too_many_requests"}


@dataclass(frozen=True)
class Started:
    """A match as the phone that created it holds it: its id and every token."""

    id: str
    host: str
    view: str
    seats: tuple[str, ...]
    created: dict[str, Any]

    @property
    def path(self) -> str:
        return f"/matches/{self.id}"


def error_of(response, status: int) -> dict[str, Any]:
    """The `error` object of a refusal, after checking its status and SPEC's shape."""
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.get_json()
    assert set(body) == {"error"}, body
    error = body["error"]
    assert set(error) <= {"code", "message", "field"}, error
    assert error["code"] == CODES[status], error
    assert isinstance(error["message"], str) and error["message"].strip()
    if "field" in error:
        assert isinstance(error["field"], str) and error["field"]
    return error


def get(api, match: Started, token: str | None = None) -> dict[str, Any]:
    response = api.call("GET", match.path, token or match.host)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def stored(api, app, match: Started) -> tuple[str, dict[str, Any], int]:
    """What the match holds: its ETag and body as the host sees them, and its change-log length."""
    response = api.call("GET", match.path, match.host)
    assert response.status_code == 200
    with app.app_context():
        changes = db.session.scalar(
            select(func.count()).select_from(Change).where(Change.match_id == match.id))
    return response.headers["ETag"], response.get_json(), changes


def match_count(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Match))


def changes(app, match: Started) -> list[Change]:
    with app.app_context():
        rows = list(db.session.scalars(
            select(Change).where(Change.match_id == match.id).order_by(Change.id)))
        db.session.expunge_all()
    return rows
