"""Bandido, whole: its rules (engine.py, pure: no Flask, no database), its page adapter (pages.py:
a seat's turn, its secret character's page), its templates (templates/games/bandido/) and its
script (static/secret.js, served at /static/games/bandido/)."""

from .engine import GAME

__all__ = ["GAME"]
