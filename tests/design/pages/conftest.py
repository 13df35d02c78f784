"""The page tests of designs: the fixtures every page test shares (tests/page_fixtures.py)."""

from design_fixtures import *  # noqa: F403
from page_fixtures import *  # noqa: F403
