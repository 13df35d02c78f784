"""What the API tests share: a started match as a client holds it, and SPEC's error shape."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from hypothesis import event
from sqlalchemy import event as sql_event
from sqlalchemy import func, select

from app.extensions import db
from app.models import Change, Match

# The error codes a client can branch on, one per status SPEC.md names.
CODES = {400: "malformed", 401: "unauthorized", 403: "forbidden", 404: "not_found",
         409: "conflict", 412: "version_mismatch", 422: "invalid", 429: "too_many_requests",
         503: "unavailable"}


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


def play_steps(client, game: str, players: int, options: dict[str, Any], steps, check) -> None:
    """A new match, then `steps` ((method, tail, body, who), ...) sent as the host or, where
    `who` is "seat", as the seat the tail ends with. Never a 5xx; a refusal changes nothing; a
    success bumps the version by one and leaves a match that passes `check`."""
    created = client.post("/api/v1/matches", json={
        "game": game, "players": [f"P{i}" for i in range(players)], "options": options})
    assert created.status_code == 201
    created = created.get_json()
    host = created["tokens"]["host"]
    path = f"/api/v1/matches/{created['id']}"

    def read():
        response = client.get(path, headers={"Authorization": f"Bearer {host}"})
        assert response.status_code == 200
        return response.get_json()

    before = read()
    for method, tail, body, who in steps:
        token = host
        if who == "seat":
            token = created["tokens"]["seats"][int(tail.rsplit("/", 1)[1])]
        response = client.open(path + tail, method=method, data=json.dumps(body),
                               content_type="application/json",
                               headers={"Authorization": f"Bearer {token}"})

        assert response.status_code < 500, response.get_data(as_text=True)
        assert response.status_code in (200, 201, 404, 409, 422), response.get_json()
        event(f"{method} {tail.split('/')[-2] if 'seats' in tail else tail} "
              f"{response.status_code}")
        after = read()
        if response.status_code >= 400:
            assert set(response.get_json()) == {"error"}
            assert after == before
        else:
            assert after["version"] == before["version"] + 1
            check(after)
        before = after


@dataclass(frozen=True)
class StartedGroup:
    """A group as the phone that started it holds it: its id and both links."""

    id: str
    owner: str
    view: str
    created: dict[str, Any]

    @property
    def path(self) -> str:
        return f"/groups/{self.id}"


def group_count(app) -> int:
    from app.models import Group

    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Group))


def group_stored(api, app, group: StartedGroup) -> tuple[str, dict[str, Any], int, int]:
    """What a group holds: its ETag and body as its owner sees them, and how many groups and
    matches there are."""
    response = api.call("GET", group.path, group.owner)
    assert response.status_code == 200
    return response.headers["ETag"], response.get_json(), group_count(app), match_count(app)


def free_sheet(roster: dict[int, str], seats: list[int], rounds: list[list[int]],
               banked_at: str = "2026-11-20T21:00:00+00:00", **options: Any) -> dict[str, Any]:
    """A banked free-sheet match as an export holds it: its seats are roster ids, and it ends
    with its last round."""
    return {
        "id": "m", "game": "generic", "name": "A match",
        "options": {"rounds": len(rounds), **options},
        "players": [{"seat": i, "name": roster[pid], "player": pid} for i, pid in enumerate(seats)],
        "rounds": [{"scores": scores} for scores in rounds],
        "started_at": "2026-01-01T19:00:00+00:00", "banked_at": banked_at,
        "place": None, "note": None, "taken_out": False,
    }


def bank_export(roster: dict[int, str], matches: list[dict[str, Any]],
                name: str = "Thursday") -> dict[str, Any]:
    """A group's export.json with this roster ({id: name}) and these matches."""
    return {"format": "squarescores-group", "format_version": 1, "name": name,
            "players": [{"id": pid, "name": player} for pid, player in roster.items()],
            "matches": matches}


def imported(api, export: dict[str, Any]) -> StartedGroup:
    response = api.call("POST", "/groups/import", json=export)
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    return StartedGroup(created["id"], created["tokens"]["owner"], created["tokens"]["view"],
                        created)


@contextmanager
def sql_seen(app) -> Iterator[list[str]]:
    """The SQL the app's engine runs while the block runs, statement by statement (a test may
    clear the list to count from a later point)."""
    with app.app_context():
        engine = db.engine
    seen: list[str] = []

    def heard(_connection, _cursor, statement, *_):
        seen.append(statement)

    sql_event.listen(engine, "before_cursor_execute", heard)
    try:
        yield seen
    finally:
        sql_event.remove(engine, "before_cursor_execute", heard)
