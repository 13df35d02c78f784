"""The games' pages by game name: each game's page adapter (app/games/<game>/pages.py, its
`PAGES`), registered beside its engine for every game of the registry (app.games.PACKAGES)."""

from importlib import import_module

from ...games import PACKAGES
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

__all__ = ["PAGES", "GamePages", "check_part", "host_view", "load_view", "pages_of", "part_view",
           "read_parts", "register", "view_for", "view_of"]
