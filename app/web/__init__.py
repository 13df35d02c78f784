"""The HTML pages: start a match, and the sheet for the host, each seat and viewers."""

from .routes import bp

__all__ = ["bp"]
