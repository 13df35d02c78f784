"""The games' pages by game name: each game's page adapter, registered beside its engine."""

from . import banakil, bandido, blue_banana, generic
from .base import (PAGES, GamePages, host_view, load_view, pages_of, register, view_for,
                   view_of)

for _pages in (generic.PAGES, banakil.PAGES, blue_banana.PAGES, bandido.PAGES):
    register(_pages)

__all__ = ["PAGES", "GamePages", "host_view", "load_view", "pages_of", "register", "view_for",
           "view_of"]
