"""The registry of game engines: each game is a package of its own, app/games/<game>/, whose
__init__ gives its pure rules (`GAME`, no Flask, no database); its page adapter (pages.py) is
registered by the web layer (app/web/games/)."""

from importlib import import_module

from .base import Game, Registry, Result, RoundInput, RoundResult, Side, detail_json
from .reading import InvalidInput

# The games the app plays, each app/games/<name>/, in the order every list of games keeps:
# adding a game is its folder and its line here.
PACKAGES = (
    "generic",
    "banakil",
    "blue_banana",
    "bandido",
    "custom",
)

GAMES: Registry[Game] = Registry("an engine")
# Make a game playable: the only step, beside registering its pages, that adds a game.
register = GAMES.register

for _name in PACKAGES:
    register(import_module(f"{__name__}.{_name}").GAME)

__all__ = ["GAMES", "PACKAGES", "Game", "InvalidInput", "Registry", "Result", "RoundInput",
           "RoundResult", "Side", "detail_json", "register"]
