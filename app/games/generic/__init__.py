"""The free sheet, whole: its rules (engine.py, pure: no Flask, no database), its page adapter
(pages.py: the entry row, a cell's page) and its templates (templates/games/generic/)."""

from .engine import GAME

__all__ = ["GAME"]
