"""The HTML pages, in wings: the sheet's kit (sheet/), a match's pages (match/), a group's pages
(group/), a game night's (night/), the designs of sheets for any game (design/), each game's page
adapter (games/), and what the whole site shares."""

from flask.blueprints import BlueprintSetupState

# Each wing adds its views to bp.
from . import errors, site  # noqa: F401
from .blueprint import bp
from .design import designer  # noqa: F401
from .design import page as design_page  # noqa: F401
from .games import PAGES
from .group import (  # noqa: F401
    bring_in,
    destinations,
    links,
    page,
    player,
    plays,
    roster,
    seasons,
    transfer,
)
from .match import bank, details, line, parts, share, sheet, start  # noqa: F401
from .match import links as match_links  # noqa: F401
from .night import links as night_links  # noqa: F401
from .night import owner  # noqa: F401
from .night import start as night_start  # noqa: F401


@bp.record
def _game_pages(state: BlueprintSetupState) -> None:
    # Read when the app is made, not when this module is: a game registered before create_app
    # (a test's own, say) gets its pages too.
    for pages in PAGES.values():
        if pages.blueprint is not None and pages.blueprint.name not in state.app.blueprints:
            state.app.register_blueprint(pages.blueprint)


__all__ = ["bp"]
