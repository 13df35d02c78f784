"""The page tests of a design's sheet: the fixtures page and design tests share."""

from design_fixtures import *  # noqa: F403
from page_fixtures import *  # noqa: F403
