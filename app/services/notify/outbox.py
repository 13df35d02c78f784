"""The outbox (SPEC section 12): what happened, written for each of the group's destinations that
asked for it, in the transaction of the write that made it happen, so that a banking is never
told without having happened, nor lost once it has. The delivery worker sends it later, never
the request that caused it (worker.py)."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import insert, select

from ...extensions import db
from ...models import Delivery, Destination, Group

EVENTS = ("match_banked", "match_unbanked", "night_started", "seating_started", "night_ended")
TEST = "test"  # a destination's test message: sent whatever events it asked for


def body_of(event: str, delivery_id: str, moment: datetime, group: Group,
            part: dict[str, Any]) -> str:
    """A delivery's body as every try sends it (and a webhook's signature signs it): `event`,
    `id` (the delivery's), `occurred_at`, `group`, and the event's own part (`match`, `night`)."""
    return json.dumps({"event": event, "id": delivery_id, "occurred_at": moment.isoformat(),
                       "group": {"id": group.id, "name": group.name}, **part},
                      ensure_ascii=False, separators=(",", ":"))


def told(group: Group, event: str, part: Callable[[], dict[str, Any]] = dict) -> int:
    """`event` written into the outbox for each destination of `group` that asked for it, with
    the event's own part (`match`, `night`), made only where one did: a group without
    destinations pays one small query. How many deliveries were written."""
    wanted = [row.id for row in db.session.execute(
        select(Destination.id, Destination.events).where(Destination.group_id == group.id))
        if event in row.events]
    return len(_written(group, event, wanted, part() if wanted else {}))


def test_message(group: Group, destination_id: str) -> str:
    """A test message for one destination, whatever events it asked for: its delivery's id."""
    return _written(group, TEST, [destination_id], {})[0]


def _written(group: Group, event: str, destinations: list[str],
             part: dict[str, Any]) -> list[str]:
    """A delivery for each destination, in one statement (ten destinations cost a banking one
    insert, not ten): their ids."""
    if not destinations:
        return []
    moment = datetime.now(UTC)
    ids = [str(uuid.uuid4()) for _ in destinations]
    rows = []
    for delivery, destination in zip(ids, destinations, strict=True):
        rows.append({"id": delivery, "destination_id": destination, "event": event,
                     "body": body_of(event, delivery, moment, group, part),
                     "occurred_at": moment, "next_attempt_at": moment, "status": "pending",
                     "attempts": 0})
    db.session.execute(insert(Delivery), rows)
    return ids
