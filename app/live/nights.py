"""A night's event stream (SPEC section 7): one stream for the whole night, which the hub knows
under `night:<id>`, woken by a change of the night or a save at any of its tables.

The watcher (watch.py) reads a night's version as the night's own counter plus its tables'
(services.night.night_version, with its group's): a night key is read again whenever anything
may have changed.
The stream itself is streams.night_stream; pages.py serves it at `/n/<token>/events`."""

from __future__ import annotations

from ..services.night.access import night_secrets
from ..services.night.reads import night_status

PREFIX = "night:"


def key_of(night_id: str) -> str:
    return PREFIX + night_id


def is_night(key: str) -> bool:
    return key.startswith(PREFIX)


def statuses(keys: set[str]) -> dict[str, tuple[int, str]]:
    """Each night's (version, status); a night that is gone is left out."""
    found = {}
    for key in keys:
        status = night_status(key[len(PREFIX):])
        if status is not None:
            found[key] = status
    return found


def live_secrets(secrets: set[str]) -> set[str]:
    return night_secrets(secrets) if secrets else set()
