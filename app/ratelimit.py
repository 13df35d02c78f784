"""Per-address limits on creating matches and on guessing tokens (the `limits` package, in memory)."""

from __future__ import annotations

from flask import current_app
from limits import RateLimitItemPerMinute
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

_limiter = MovingWindowRateLimiter(MemoryStorage())


def allow(kind: str, address: str | None) -> bool:
    """Count one `kind` event from `address`; False once it is over this minute's allowance."""
    config = current_app.config
    if not config["RATELIMIT_ENABLED"]:
        return True
    per_minute = config[f"RATELIMIT_{kind.upper()}_PER_MINUTE"]
    return _limiter.hit(RateLimitItemPerMinute(per_minute), kind, address or "unknown")


def reset() -> None:
    _limiter.storage.reset()
