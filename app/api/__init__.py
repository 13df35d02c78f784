"""The JSON API, version 1, as SPEC.md describes it: matches (matches.py), groups and their bank
(groups.py), their game nights (nights.py), seasons (seasons.py), destinations (destinations.py)
and designs of sheets for any game (designs.py), on one blueprint (blueprint.py)."""

from . import designs, destinations, groups, matches, nights, seasons  # noqa: F401  (views join)
from .blueprint import bp

__all__ = ["bp"]
