"""The games' pages by game name: each game's page adapter (app/games/<game>/pages.py, its
`PAGES`), registered beside its engine for every game of the registry (app.games.PACKAGES)."""

from importlib import import_module

from ...games import PACKAGES
from ...games import register as register_game
from .base import (
    PAGES,
    GamePages,
    check_part,
    host_view,
    load_view,
    pages_of,
    part_view,
    read_parts,
    register,
    view_for,
    view_of,
)

for _name in PACKAGES:
    register(import_module(f"app.games.{_name}.pages").PAGES)


def add_game(package: str) -> None:
    """A game from a package of the same shape outside app/games/ (a test's own): its rules
    (the package's GAME) and its page adapter (its pages.py's PAGES), registered before the app
    is made."""
    register_game(import_module(package).GAME)
    register(import_module(f"{package}.pages").PAGES)

__all__ = ["PAGES", "GamePages", "add_game", "check_part", "host_view", "load_view", "pages_of",
           "part_view", "read_parts", "register", "view_for", "view_of"]
