"""The page tests of one game: the fixtures every page test shares (tests/page_fixtures.py)."""

from page_fixtures import *  # noqa: F403
