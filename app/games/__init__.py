"""The registry of game engines: each game's rules live in its own pure module."""

from .banakil import GAME as BANAKIL
from .bandido import GAME as BANDIDO
from .base import Game, Registry, Result, RoundInput, RoundResult, Side, detail_json
from .blue_banana import GAME as BLUE_BANANA
from .custom import GAME as CUSTOM
from .generic import GAME as GENERIC
from .reading import InvalidInput

GAMES: Registry[Game] = Registry("an engine")
# Make a game playable: the only step, beside registering its pages, that adds a game.
register = GAMES.register

for _game in (GENERIC, BANAKIL, BLUE_BANANA, BANDIDO, CUSTOM):
    register(_game)

__all__ = ["GAMES", "Game", "InvalidInput", "Registry", "Result", "RoundInput", "RoundResult",
           "Side", "detail_json", "register"]
