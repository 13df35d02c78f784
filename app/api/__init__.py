"""The JSON API, version 1, as SPEC.md describes it."""

from .routes import bp

__all__ = ["bp"]
