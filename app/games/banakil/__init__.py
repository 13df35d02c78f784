"""Banakil, whole: its rules (engine.py; hands.py, how a hand is typed and read; working.py, how
a hand's numbers were made: all pure, no Flask, no database), its page adapter (pages.py: a seat's
hand, the hand calculator, a hand's working) and its templates (templates/games/banakil/). Its
live preview on the part page is the shared part.js's."""

from .engine import GAME

__all__ = ["GAME"]
