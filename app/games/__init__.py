"""The registry of game engines: each game's rules live in its own pure module."""

from .base import Game, InvalidInput, Result, RoundInput, RoundResult, Side, detail_json
from .banakil import GAME as BANAKIL
from .bandido import GAME as BANDIDO
from .blue_banana import GAME as BLUE_BANANA
from .generic import GAME as GENERIC

GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Make a game playable: the only step, beside its page adapter, that adds a game."""
    if game.name in GAMES and GAMES[game.name] is not game:
        raise ValueError(f"A game named {game.name!r} is registered already.")
    GAMES[game.name] = game
    return game


for _game in (GENERIC, BANAKIL, BLUE_BANANA, BANDIDO):
    register(_game)

__all__ = ["GAMES", "Game", "InvalidInput", "Result", "RoundInput", "RoundResult", "Side",
           "detail_json", "register"]
