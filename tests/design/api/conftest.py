"""The API tests of designs: the fixtures every API test shares (tests/api_fixtures.py), and a
sheet for any game's own."""

from api_fixtures import *  # noqa: F403
from design_fixtures import *  # noqa: F403
