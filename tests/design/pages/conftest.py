"""The page tests of designs: the fixtures every page test shares (tests/page_fixtures.py)."""

from page_fixtures import *  # noqa: F403
from design_fixtures import *  # noqa: F403
