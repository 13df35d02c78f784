"""The delivery worker (SPEC section 12): one process of the server sends the outbox, never a
request. Every worker starts one; the one that holds the database's delivery lock sends (a file
lock beside a SQLite database, an advisory lock on PostgreSQL: either let go by the system when
its process dies, even by kill -9), the others look again now and then, to take over.

Each due delivery is tried in a thread of its own (a greenlet under gevent), one at a time per
destination, so that a slow or dead destination holds up none other. A delivery is marked only
after its try: a process killed mid-try leaves it due, and it is tried again (with the same id,
which a receiver ignores if it saw it). A 2xx delivers; anything else is tried again 1, 5, 30,
120 and 720 minutes after the try before, then it has failed."""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import Flask
from sqlalchemy import delete, select, update

from ...extensions import db, write_intent
from ...hosting import one_process
from ...models import Delivery, Destination
from ..bank.banking import told_summary
from . import messages, outbox, sending
from .networks import networks_of

log = logging.getLogger(__name__)

RETRY_MINUTES = (1, 5, 30, 120, 720)
# Delivered and failed deliveries are kept this long (a destination lists its latest 20).
KEPT = timedelta(days=30)
PRUNE_EVERY = timedelta(hours=1)
# Deliveries read at each look: a backlog is sent a batch at a time.
BATCH = 200
# What draws a match's result card in a language (the pages' own drawing, app/web/match/share.py).
CardDrawer = Callable[[str, str], bytes | None]
_started: list[Worker] = []


class Worker(one_process.Loop):
    """The delivery worker of one process: sends while its process holds the lock."""

    def __init__(self, app: Flask, card: CardDrawer | None = None) -> None:
        super().__init__(app, "deliveries", float(app.config.get("NOTIFY_POLL_SECONDS", 1)))
        self.card = card
        config = app.config
        self.senders = threading.BoundedSemaphore(int(config.get("NOTIFY_SENDERS", 16)))
        self.flying: set[str] = set()  # destinations with a try under way
        self.guard = threading.Lock()
        self.pruned = datetime.min.replace(tzinfo=UTC)

    def turn(self) -> None:
        self.send_due()

    def failed(self, error: Exception) -> None:  # the database away a moment: next turn
        # Its type alone: a library's message may quote a destination's URL.
        log.warning("The delivery worker's look at the outbox failed (%s).",
                    type(error).__name__)

    # Sending -------------------------------------------------------------------------------

    def due(self, now: datetime) -> list[tuple[str, str]]:
        """The deliveries due now (the outbox's new events made deliveries first), one per
        destination without a try under way, oldest first: (delivery, destination)."""
        with self.app.app_context():
            self.fan_out()
            rows = db.session.execute(
                select(Delivery.id, Delivery.destination_id)
                .where(Delivery.status.in_(("pending", "retrying")),
                       Delivery.next_attempt_at <= now)
                .order_by(Delivery.next_attempt_at, Delivery.occurred_at).limit(BATCH)).all()
            db.session.rollback()
            self.prune(now)
        chosen: dict[str, str] = {}
        with self.guard:
            for row in rows:
                if row.destination_id not in self.flying and row.destination_id not in chosen:
                    chosen[row.destination_id] = row.id
            self.flying.update(chosen)
        return [(delivery, destination) for destination, delivery in chosen.items()]

    def fan_out(self) -> None:
        """The outbox's events made deliveries, one for each destination that asks for each,
        a batch at a time: a banking's summary made here (the roster's names, its view link),
        off the request that banked it."""
        while True:
            with write_intent():
                waiting = outbox.waiting(BATCH)
                for told, group in waiting:
                    part = json.loads(told.part)
                    if "match" in part:
                        part = {"match": told_summary(part)}
                    outbox.delivered_as(told, group, part)
                db.session.commit()
            if len(waiting) < BATCH:
                return

    def send_due(self, now: datetime | None = None) -> list[threading.Thread]:
        """A try of each delivery due, each in a thread of its own (started, not waited for)."""
        tries = []
        for delivery, destination in self.due(now or datetime.now(UTC)):
            self.senders.acquire()
            thread = threading.Thread(target=self.attempt, args=(delivery, destination),
                                      name="delivery", daemon=True)
            thread.start()
            tries.append(thread)
        return tries

    def attempt(self, delivery_id: str, destination_id: str) -> None:
        try:
            with self.app.app_context():
                outcome = self.tried(delivery_id)
                if outcome is not None:
                    self.record(delivery_id, outcome, datetime.now(UTC))
        except Exception as error:
            log.warning("Delivery %s could not be tried (%s).", delivery_id,
                        type(error).__name__)
        finally:
            with self.guard:
                self.flying.discard(destination_id)
            self.senders.release()
            self.woken.set()  # the destination's next delivery may go now, not at the next look

    def tried(self, delivery_id: str) -> sending.Outcome | None:
        """One try of the delivery (None where it or its destination is gone)."""
        row = db.session.execute(
            select(Delivery.event, Delivery.body, Destination.kind, Destination.url,
                   Destination.secret, Destination.language)
            .join(Destination, Destination.id == Delivery.destination_id)
            .where(Delivery.id == delivery_id)).first()
        db.session.rollback()  # no transaction held while the try waits on the network
        if row is None:
            return None
        networks = networks_of(self.app.config.get("NOTIFY_NETWORKS"))
        seconds = float(self.app.config.get("NOTIFY_TIMEOUT_SECONDS", 10))
        if row.kind == "webhook":
            return sending.webhook(row.url, row.secret, row.event, delivery_id, row.body,
                                   networks, seconds)
        payload = json.loads(row.body)
        title, body = messages.message(payload, row.language)
        match = payload.get("match") or {}
        card = None
        if self.card is not None and payload["event"] == "match_banked" and match.get("id"):
            card = self.card(match["id"], row.language)
            db.session.rollback()
        return sending.notify(row.url, title, body, card, networks, seconds)

    def record(self, delivery_id: str, outcome: sending.Outcome, at: datetime) -> None:
        """The try written down: delivered; due again after its wait; or failed at last."""
        db.session.rollback()
        with write_intent():
            attempts = db.session.scalar(select(Delivery.attempts)
                                         .where(Delivery.id == delivery_id))
            if attempts is None:  # its destination was removed meanwhile
                db.session.rollback()
                return
            attempts += 1
            values: dict[str, Any] = {"attempts": attempts, "last_attempt_at": at,
                                      "code": outcome.code}
            if outcome.delivered:
                values["status"] = "delivered"
            elif attempts > len(RETRY_MINUTES):
                values["status"] = "failed"
            else:
                values["status"] = "retrying"
                values["next_attempt_at"] = at + timedelta(minutes=RETRY_MINUTES[attempts - 1])
            db.session.execute(update(Delivery).where(Delivery.id == delivery_id)
                               .values(**values))
            db.session.commit()
        if not outcome.delivered:
            log.info("Delivery %s, try %s: %s (%s).", delivery_id, attempts, outcome.why,
                     values["status"])

    def prune(self, now: datetime) -> None:
        """Deliveries done with for KEPT are let go, once in a while: the outbox does not grow
        with a group's years."""
        if now - self.pruned < PRUNE_EVERY:
            return
        self.pruned = now
        with write_intent():
            db.session.execute(delete(Delivery).where(
                Delivery.status.in_(("delivered", "failed")),
                Delivery.occurred_at < now - KEPT))
            db.session.commit()


def start(app: Flask) -> Worker:
    """In a worker process of the server, once: its delivery worker, which sends while it
    holds the lock."""
    worker = Worker(app, app.extensions.get("squarescores.result_card")).start()
    _started.append(worker)
    return worker
