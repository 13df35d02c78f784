"""A fifth game that exists only in the tests: a tally with a bonus for the round's best.

It proves that a game is added in its own home: an engine, a page adapter and templates, all
here, registered from here, and no shared file of the app names it. `register()` runs before any
app is made (tests/conftest.py), so every app of the suite plays it."""

from app.games import register as register_game
from app.web.games import register as register_pages

from .engine import GAME
from .pages import PAGES


def register() -> None:
    register_game(GAME)
    register_pages(PAGES)
