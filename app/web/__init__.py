"""The HTML pages: start a match, and the sheet for the host, each seat and viewers."""

# Each adds its views to bp.
from . import after, bank, group_admin, groups, line, links, parts, routes, settings  # noqa: F401
from .blueprint import bp
from .games import PAGES


@bp.record
def _game_pages(state) -> None:
    # Read when the app is made, not when this module is: a game registered before create_app
    # (a test's own, say) gets its pages too.
    for pages in PAGES.values():
        if pages.blueprint is not None and pages.blueprint.name not in state.app.blueprints:
            state.app.register_blueprint(pages.blueprint)


__all__ = ["bp"]
