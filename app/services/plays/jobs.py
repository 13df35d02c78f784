"""The import job's runner (SPEC section 14): every worker of the server starts one; the one
holding the database's imports lock (a file lock beside a SQLite database, an advisory lock on
PostgreSQL, let go by the system when its process dies) runs the imports asked for, one at a
time, never inside a request. One taken up before a stop is run again from its last batch."""

from __future__ import annotations

import logging

from flask import Flask

from ...extensions import db
from ...hosting import one_process
from .importing import fail, next_job, run_import

log = logging.getLogger(__name__)
# How often the holder looks for an import asked for.
LOOK_SECONDS = 1.0
_started: list[Runner] = []


class Runner(one_process.Loop):
    """The imports' runner of one worker: runs what was asked while its process holds the lock."""

    def __init__(self, app: Flask) -> None:
        super().__init__(app, "imports", float(app.config.get("IMPORTS_POLL_SECONDS",
                                                              LOOK_SECONDS)))

    def turn(self) -> None:
        run_pending(self.app)

    def failed(self, error: Exception) -> None:  # the database away a moment: next turn
        log.warning("The imports' runner failed a turn (%s).", type(error).__name__)


def run_pending(app: Flask) -> int:
    """Every import asked for, run to its end, one after another: how many ran."""
    ran = 0
    while True:
        with app.app_context():
            job = next_job()
            db.session.rollback()
            if job is None:
                return ran
            try:
                run_import(job)
            except Exception as error:  # a fault of ours: said, and the next one runs
                db.session.rollback()
                log.exception("An import failed.")
                fail(job, type(error).__name__)
            ran += 1


def wake() -> None:
    """An import was asked for: this process's runner looks now."""
    for runner in _started:
        runner.woken.set()


def start(app: Flask) -> Runner:
    """In a worker process of the server, once: its imports' runner."""
    runner = Runner(app).start()
    _started.append(runner)
    return runner
