"""The games' pages by game name: each game's page adapter (app/games/<game>/pages.py), registered
beside its engine, for every game of the registry (app.games.PACKAGES)."""

from importlib import import_module

from . import custom
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

# While the games move into their packages (issue 42), in the registry's order.
for _entry in ("generic", "banakil", "blue_banana", "bandido", custom.PAGES):
    register(import_module(f"app.games.{_entry}.pages").PAGES if isinstance(_entry, str)
             else _entry)

__all__ = ["PAGES", "GamePages", "check_part", "host_view", "load_view", "pages_of", "part_view",
           "read_parts", "register", "view_for", "view_of"]
