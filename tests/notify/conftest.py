"""The tests of a group's destinations (SPEC section 12): real receivers on loopback, and the
delivery worker driven a pass at a time."""

from __future__ import annotations

import threading
from datetime import UTC, datetime

import pytest
from receivers import Mailbox, Receiver

from app.services.notify.worker import Worker


@pytest.fixture
def receiver():
    made = Receiver()
    yield made
    made.close()


@pytest.fixture
def another_receiver():
    made = Receiver()
    yield made
    made.close()


@pytest.fixture
def mailbox():
    made = Mailbox()
    yield made
    made.close()


@pytest.fixture
def reach_anything(app):
    """The tests' receivers are on loopback: NOTIFY_NETWORKS=any, as a test of a home server's."""
    app.config["NOTIFY_NETWORKS"] = "any"
    return app


class Passes:
    """The delivery worker of the test's app, not started: each `run` is one of its looks at the
    outbox, its tries waited for (unless told not to)."""

    def __init__(self, app):
        self.worker = Worker(app, app.extensions["squarescores.result_card"])

    def run(self, now: datetime | None = None, wait: bool = True) -> list[threading.Thread]:
        tries = self.worker.send_due(now or datetime.now(UTC))
        if wait:
            for attempt in tries:
                attempt.join(30)
                assert not attempt.is_alive()
        return tries


@pytest.fixture
def passes(reach_anything):
    return Passes(reach_anything)
