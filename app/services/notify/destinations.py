"""A group's destinations (SPEC section 12): added, listed with their latest deliveries, tested
and removed by the owner. A URL and a webhook's secret are read back by no answer but the
create's: every other answer shows the URL as its scheme, host and port alone."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from flask import current_app
from sqlalchemy import Row, func, select

from ...errors import Conflict, Invalid, NotFound, Refusal, unless_refused
from ...extensions import db
from ...games.say import Say
from ...models import Delivery, Destination, utc
from ..group.groups import GroupAccess, locked_group
from . import outbox
from .networks import Unreachable, networks_of
from .reach import Reach, reach_of

# SPEC: at most 10 destinations a group; each lists its latest 20 deliveries.
MOST = 10
LATEST = 20
LANGUAGES = ("en", "de", "ar")
KINDS = ("notify", "webhook")
URL_LIMIT = 2000


@dataclass(frozen=True)
class Checked:
    """A destination as its body asked for it, checked (its URL resolved and judged)."""

    kind: str
    url: str
    reach: Reach
    events: tuple[str, ...]
    language: str


def networks() -> str:
    return networks_of(current_app.config.get("NOTIFY_NETWORKS"))


def read_destination(body: Any) -> Checked:
    """What a client sent for a new destination (the API's body, the page's form), read and
    its URL judged (a name may take seconds to resolve: read before the group is locked); else
    422 at the field."""
    if not isinstance(body, dict):
        raise Invalid(Say("The body must be a JSON object."))
    for name in body:
        if name not in ("kind", "url", "events", "language"):
            raise Invalid(Say("Unknown field “%(name)s”.", name=name), (name,))
    kind = body.get("kind")
    if kind not in KINDS:
        raise Invalid(Say("Say which kind: notify or webhook."), ("kind",))
    events = body.get("events")
    if (not isinstance(events, list) or not events
            or any(not isinstance(event, str) or event not in outbox.EVENTS for event in events)
            or len(set(events)) != len(events)):
        raise Invalid(Say("Name the events to send, each once: %(events)s.",
                          events=", ".join(outbox.EVENTS)), ("events",))
    language = body.get("language", "en")
    if language not in LANGUAGES:
        raise Invalid(Say("Choose the messages' language: en, de or ar."), ("language",))
    url = body.get("url")
    if not isinstance(url, str) or not url.strip():
        raise Invalid(Say("Give the destination's URL."), ("url",))
    if len(url) > URL_LIMIT:
        raise Invalid(Say("A URL is at most %(most)s characters.", most=URL_LIMIT), ("url",))
    try:
        reach = reach_of(kind, url.strip(), networks())
    except Unreachable as refusal:
        raise Invalid(refusal.said, ("url",)) from refusal
    return Checked(kind, url.strip(), reach, tuple(events), language)


def add(access: GroupAccess, group_id: str, asked: Checked | Refusal
        ) -> tuple[Destination, str | None]:
    """A new destination of the group (`asked`, read_destination's, or the refusal of what was
    sent, said after the group's own 409, in SPEC's order), and a webhook's secret (None for
    notify)."""
    access.check(group_id, "add_destination")
    with locked_group(group_id):
        held = db.session.scalars(select(func.count()).select_from(Destination)
                                  .where(Destination.group_id == group_id)).one()
        if held >= MOST:
            raise Conflict(Say("A group has at most %(most)s destinations: remove one first.",
                               most=MOST))
        asked = unless_refused(asked)
        secret = secrets.token_hex(32) if asked.kind == "webhook" else None
        destination = Destination(id=secrets.token_urlsafe(9), group_id=group_id,
                                  kind=asked.kind, url=asked.url, shown=asked.reach.shown,
                                  secret=secret, events=list(asked.events),
                                  language=asked.language)
        db.session.add(destination)
    return destination, secret


def owned(access: GroupAccess, group_id: str, destination_id: str,
          action: str = "read_destinations") -> Destination:
    """One of the group's destinations (404 for another group's, or none)."""
    access.check(group_id, action)
    destination = db.session.get(Destination, destination_id) if len(destination_id) <= 24 \
        else None
    if destination is None or destination.group_id != group_id:
        raise NotFound(Say("No such destination."))
    return destination


def remove(access: GroupAccess, group_id: str, destination_id: str) -> None:
    """The destination goes, and with it its deliveries still waiting: none is sent after."""
    owned(access, group_id, destination_id, "remove_destination")
    with locked_group(group_id):
        destination = db.session.get(Destination, destination_id)
        if destination is not None:
            db.session.delete(destination)


def test(access: GroupAccess, group_id: str, destination_id: str) -> Delivery:
    """A test message for the destination, written into the outbox like any event."""
    owned(access, group_id, destination_id, "test_destination")
    with locked_group(group_id) as group:
        if db.session.get(Destination, destination_id) is None:
            raise NotFound(Say("No such destination."))
        delivery_id = outbox.test_message(group, destination_id)
    return db.session.get_one(Delivery, delivery_id)


def delivery_json(row: Delivery | Row[Any]) -> dict[str, Any]:
    """A delivery (or a row of its columns) as the API lists it."""
    at: datetime = utc(row.occurred_at)
    return {"id": row.id, "event": row.event, "at": at.isoformat(), "attempts": row.attempts,
            "status": row.status, "code": row.code,
            "next_attempt_at": (utc(row.next_attempt_at).isoformat()
                                if row.status in ("pending", "retrying") else None)}


def destination_json(destination: Destination,
                     deliveries: list[dict[str, Any]]) -> dict[str, Any]:
    """A destination as the API shows it: its URL as scheme, host and port only."""
    return {"id": destination.id, "kind": destination.kind, "url": destination.shown,
            "events": list(destination.events), "language": destination.language,
            "created_at": utc(destination.created_at).isoformat(), "deliveries": deliveries}


def listed(access: GroupAccess, group_id: str) -> list[dict[str, Any]]:
    """The group's destinations, oldest first, each with its latest 20 deliveries (newest
    first): two queries, however many deliveries each holds."""
    access.check(group_id, "read_destinations")
    destinations = db.session.scalars(
        select(Destination).where(Destination.group_id == group_id)
        .order_by(Destination.created_at, Destination.id)).all()
    numbered = select(
        Delivery.id, Delivery.destination_id, Delivery.event, Delivery.occurred_at,
        Delivery.attempts, Delivery.status, Delivery.code, Delivery.next_attempt_at,
        func.row_number().over(partition_by=Delivery.destination_id,
                               order_by=(Delivery.occurred_at.desc(), Delivery.id.desc()))
        .label("n")
    ).where(Delivery.destination_id.in_([d.id for d in destinations])).subquery()
    latest: dict[str, list[dict[str, Any]]] = {}
    for row in db.session.execute(select(numbered).where(numbered.c.n <= LATEST)
                                  .order_by(numbered.c.destination_id, numbered.c.n)):
        latest.setdefault(row.destination_id, []).append(delivery_json(row))
    return [destination_json(d, latest.get(d.id, [])) for d in destinations]
