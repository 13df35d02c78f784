"""The JSON API, version 1, as SPEC.md describes it: matches (matches.py), groups and their bank
(groups.py), their game nights (nights.py) and their destinations (destinations.py), on one
blueprint (blueprint.py)."""

from . import destinations, groups, matches, nights  # noqa: F401  (their views join the blueprint)
from .blueprint import bp

__all__ = ["bp"]
