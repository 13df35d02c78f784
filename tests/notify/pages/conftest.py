"""The page tests of destinations: the fixtures every page test shares (tests/page_fixtures.py)."""

from page_fixtures import *  # noqa: F403
