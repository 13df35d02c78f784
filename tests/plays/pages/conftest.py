"""The page tests of recorded plays and plays brought in: the fixtures every page test
shares (tests/page_fixtures.py)."""

from page_fixtures import *  # noqa: F403
