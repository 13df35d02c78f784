"""The JSON API, version 1, as SPEC.md describes it: matches (routes.py), groups and their bank
(groups.py) and their game nights (nights.py), on one blueprint."""

from . import groups, nights  # noqa: F401  (their views join the blueprint)
from .routes import bp

__all__ = ["bp"]
