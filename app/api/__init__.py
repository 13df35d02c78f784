"""The JSON API, version 1, as SPEC.md describes it: matches (routes.py), groups and their bank
(groups.py), on one blueprint."""

from . import groups  # noqa: F401  (its views join the blueprint)
from .routes import bp

__all__ = ["bp"]
