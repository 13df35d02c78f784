"""The JSON API, version 1, as SPEC.md describes it: matches (matches.py), groups and their bank
(groups.py), their game nights (nights.py), seasons (seasons.py), destinations (destinations.py),
designs of sheets for any game (designs.py), and played games and recorded plays (plays.py), on
one blueprint (blueprint.py); and their OpenAPI document (openapi/)."""

from . import (  # noqa: F401  (views join)
    designs,
    destinations,
    groups,
    matches,
    nights,
    plays,
    seasons,
)
from .blueprint import bp
from .openapi import route  # noqa: F401  (its view joins it)

__all__ = ["bp"]
