"""The API tests of one game: the fixtures every API test shares (tests/api_fixtures.py)."""

from api_fixtures import *  # noqa: F403
