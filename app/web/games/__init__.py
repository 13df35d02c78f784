"""The games' pages by game name: each game's page adapter, registered beside its engine."""

from . import banakil, bandido, blue_banana, custom, generic
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

for _pages in (generic.PAGES, banakil.PAGES, blue_banana.PAGES, bandido.PAGES, custom.PAGES):
    register(_pages)

__all__ = ["PAGES", "GamePages", "check_part", "host_view", "load_view", "pages_of", "part_view",
           "read_parts", "register", "view_for", "view_of"]
