"""Blue Banana, whole: its rules (engine.py, pure: no Flask, no database), its page adapter
(pages.py: the task cards, the card checker), its templates (templates/games/blue_banana/) and its
script (static/check.js, served at /static/games/blue_banana/)."""

from .engine import GAME

__all__ = ["GAME"]
