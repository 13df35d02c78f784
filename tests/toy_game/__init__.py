"""A sixth game that exists only in the tests: a tally with a bonus for the round's best.

It has the shape of every game (app/games/<game>/): its rules (engine.py, pure: this __init__
gives them, importing no Flask), its page adapter (pages.py) and its templates (templates/), all
here. It joins the registries by one line, `add_game("toy_game")`, in tests/conftest.py, before
any app is made, so every app of the suite plays it; no shared file of the app names it."""

from .engine import GAME

__all__ = ["GAME"]
