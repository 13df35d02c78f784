"""Per-address limits on creating matches and on guessing tokens (the `limits` package).

Counted in a file every worker of this server shares (ratelimit_file.py; SPEC section 6: per
server, not per process), or in a store every server shares where RATELIMIT_STORAGE_URI names
one (`redis://host:6379/0`): then an address gets its allowance once in all. `memory://`
counts in each process alone (the tests' own app)."""

from __future__ import annotations

import logging
import threading
import time

from flask import Flask, current_app
from limits import RateLimitItemPerMinute
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

from . import ratelimit_file  # noqa: F401  (registers its scheme with `limits`)

EXTENSION = "squarescores.ratelimit"
log = logging.getLogger(__name__)

# One limiter per store and process, shared by every app made in it (the tests make many).
_limiters: dict[str, MovingWindowRateLimiter] = {}
_lock = threading.Lock()
_warned_at = 0.0


def init_app(app: Flask) -> None:
    uri = app.config.get("RATELIMIT_STORAGE_URI") or "memory://"
    with _lock:
        if uri not in _limiters:
            _limiters[uri] = MovingWindowRateLimiter(storage_from_string(uri))
        app.extensions[EXTENSION] = _limiters[uri]


def allow(kind: str, address: str | None) -> bool:
    """Count one `kind` event from `address`; False once it is over this minute's allowance."""
    config = current_app.config
    if not config["RATELIMIT_ENABLED"]:
        return True
    per_minute = config[f"RATELIMIT_{kind.upper()}_PER_MINUTE"]
    limiter: MovingWindowRateLimiter = current_app.extensions[EXTENSION]
    try:
        return limiter.hit(RateLimitItemPerMinute(per_minute), kind, address or "unknown")
    except Exception:
        # A shared store out of reach must not turn every request into a 500: the limits
        # guard against guessing, and a minute without them is the lesser harm.
        _warn()
        return True


def _warn() -> None:
    global _warned_at
    if time.monotonic() - _warned_at > 60:
        _warned_at = time.monotonic()
        log.warning("The rate limit store cannot be reached: limits are off until it can.",
                    exc_info=True)


def reset() -> None:
    """Forget every count (tests)."""
    for limiter in list(_limiters.values()):
        limiter.storage.reset()
