"""The HTML pages: start a match, and the sheet for the host, each seat and viewers."""

from . import hands, links, referee, routes  # noqa: F401  (each adds its views to bp)
from .blueprint import bp

__all__ = ["bp"]
