"""The API tests of played games and recorded plays: the fixtures every API test shares
(tests/api_fixtures.py)."""

from api_fixtures import *  # noqa: F403
