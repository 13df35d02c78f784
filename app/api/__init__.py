"""The JSON API, version 1, as SPEC.md describes it: matches (matches.py), groups and their bank
(groups.py), their game nights (nights.py), seasons (seasons.py) and destinations
(destinations.py), on one blueprint (blueprint.py); and their OpenAPI document (openapi/)."""

from . import destinations, groups, matches, nights, seasons  # noqa: F401  (their views join it)
from .blueprint import bp
from .openapi import route  # noqa: F401  (its view joins it)

__all__ = ["bp"]
