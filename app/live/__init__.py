"""Live push (SPEC section 4): each new version of a match sent down the event streams open on it.

`hub.py` keeps this process's open streams, `watch.py` learns of new versions (one watcher per
process, however many phones), `streams.py` answers a request with a match's stream, and
`pages.py` serves `/m/<token>/events` for the pages' EventSource; the API's
`/api/v1/matches/<id>/events` is in app/api/events.py. `nights.py` lets the watcher follow a game
night: one stream for all its tables (`/n/<token>/events`)."""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from . import watch
from .hub import EXTENSION, SLOTS, Hub
from .pages import bp
from .slots import SharedSlots, Slots
from .streams import stream

__all__ = ["EXTENSION", "close_all", "init_app", "stream"]


def init_app(app: Flask) -> Hub:
    hub = Hub(app.config["LIVE_KEEPALIVE_SECONDS"])
    app.extensions[EXTENSION] = hub
    per_link, shared = app.config["LIVE_STREAMS_PER_LINK"], app.config["LIVE_SLOTS_FILE"]
    app.extensions[SLOTS] = SharedSlots(per_link, Path(shared)) if shared else Slots(per_link)
    watch.install_hooks()
    watch.start(app, hub)
    app.register_blueprint(bp)
    return hub


def close_all() -> None:
    """Every stream in this process ends now: gunicorn's worker is stopping (gunicorn.conf.py)."""
    watch.close_all()
