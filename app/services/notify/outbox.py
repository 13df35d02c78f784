"""The outbox (SPEC section 12): what happened in a group that its destinations asked for, written
in the transaction of the write that made it happen, so that a banking is never told without
having happened, nor lost once it has. The delivery worker makes a delivery of it for each
destination, and sends those, later: never the request that caused it (worker.py)."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import Table as Rows
from sqlalchemy import bindparam, insert, select

from ...extensions import db
from ...models import Delivery, Destination, Group, Told, utc
from ..happened import group_event

# The tables' own inserts: the ORM's costs a banking more than the row it writes.
_INSERT = insert(cast(Rows, Delivery.__table__))
_TOLD = insert(cast(Rows, Told.__table__))
# Every write to a group asks this (most groups have no destination): built once, run as it is.
_ASKED = select(Destination.events).where(Destination.group_id == bindparam("group_id"))
EVENTS = ("match_banked", "match_unbanked", "night_started", "seating_started", "night_ended")
TEST = "test"  # a destination's test message: sent whatever events it asked for


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def bodies(event: str, ids: list[str], moment: datetime, group: Group,
           part: dict[str, Any]) -> list[str]:
    """Each delivery's body as every try sends it (and a webhook's signature signs it):
    `{"event", "id" (the delivery's), "occurred_at", "group", and the event's own part
    ("match", "night")}`. The part is written once for all of them."""
    head = _json({"event": event})[:-1]
    tail = _json({"occurred_at": moment.isoformat(),
                  "group": {"id": group.id, "name": group.name}, **part})[1:]
    return [f'{head},"id":{_json(delivery)},{tail}' for delivery in ids]


def told(group: Group, event: str, part: Callable[[], dict[str, Any]] = dict) -> bool:
    """`event` put in the outbox where a destination of `group` asks for it, with the event's
    own part (`match`, `night`), made only then: a group without destinations pays one small
    query, and one with ten one row (the worker makes a delivery of it for each, later)."""
    if not any(event in events for events in db.session.connection().execute(
            _ASKED, {"group_id": group.id}).scalars()):
        return False
    db.session.execute(_TOLD, {"group_id": group.id, "event": event, "part": _json(part()),
                               "occurred_at": datetime.now(UTC)})
    return True


@group_event.connect
def _heard(group: Group, event: str, part: Callable[[], dict[str, Any]]) -> None:
    """A service said what happened (services/happened.py): into the outbox, where asked for."""
    told(group, event, part)


def waiting(batch: int) -> list[tuple[Told, Group]]:
    """The outbox's oldest events, a `batch` at a time, with their groups."""
    return [(row[0], row[1]) for row in db.session.execute(
        select(Told, Group).join(Group, Group.id == Told.group_id)
        .order_by(Told.id).limit(batch))]


def delivered_as(told_: Told, group: Group, part: dict[str, Any]) -> None:
    """An event of the outbox made a delivery for each destination that asks for it (as the
    group's destinations stand now), each with its own id and its body written once with
    `part`; the event then leaves the outbox. In the caller's transaction."""
    wanted = [row.id for row in db.session.execute(
        select(Destination.id, Destination.events)
        .where(Destination.group_id == group.id).order_by(Destination.created_at))
        if told_.event in row.events]
    _written(group, told_.event, wanted, part, utc(told_.occurred_at))
    db.session.delete(told_)


def test_message(group: Group, destination_id: str) -> str:
    """A test message for one destination, whatever events it asked for: its delivery's id."""
    return _written(group, TEST, [destination_id], {}, datetime.now(UTC))[0]


def _written(group: Group, event: str, destinations: list[str], part: dict[str, Any],
             moment: datetime) -> list[str]:
    """A delivery for each destination, in one statement: their ids."""
    if not destinations:
        return []
    ids = [str(uuid.uuid4()) for _ in destinations]
    rows = [{"id": delivery, "destination_id": destination, "event": event, "body": body,
             "occurred_at": moment, "next_attempt_at": moment, "status": "pending",
             "attempts": 0}
            for delivery, destination, body in zip(
                ids, destinations, bodies(event, ids, moment, group, part), strict=True)]
    db.session.execute(_INSERT, rows)
    return ids
