"""The registry of game engines: each game is a package of its own, app/games/<game>/, whose
__init__ gives its pure rules (`GAME`); its page adapter (pages.py) is registered by the web
layer (app/web/games/)."""

from importlib import import_module

from .base import Game, Registry, Result, RoundInput, RoundResult, Side, detail_json
from .reading import InvalidInput

# The games the app plays, each app/games/<name>/: adding one is its folder and its line here.
PACKAGES = (
    "generic",
    "banakil",
    "blue_banana",
    "bandido",
)

GAMES: Registry[Game] = Registry("an engine")
# Make a game playable: the only step, beside registering its pages, that adds a game.
register = GAMES.register

# While the games move into their packages (issue 42), in the registry's order.
from .custom import GAME as CUSTOM  # noqa: E402

for _entry in ("generic", "banakil", "blue_banana", "bandido", CUSTOM):
    register(import_module(f"{__name__}.{_entry}").GAME if isinstance(_entry, str) else _entry)

__all__ = ["GAMES", "PACKAGES", "Game", "InvalidInput", "Registry", "Result", "RoundInput",
           "RoundResult", "Side", "detail_json", "register"]
