"""The registry of game engines: each game's rules live in its own pure module."""

from .base import Game, InvalidInput, Result, RoundInput, RoundResult, Side
from .banakil import GAME as BANAKIL
from .bandido import GAME as BANDIDO
from .blue_banana import GAME as BLUE_BANANA
from .generic import GAME as GENERIC

GAMES: dict[str, Game] = {game.name: game for game in (GENERIC, BANAKIL, BLUE_BANANA, BANDIDO)}

__all__ = ["GAMES", "Game", "InvalidInput", "Result", "RoundInput", "RoundResult", "Side"]
