"""A player's page (`/g/<token>/players/<id>`, SPEC section 8): per game, their latest
matches, runs of wins, nemesis and best partner; with ratings on, their rating over time."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from flask import abort, render_template
from flask_babel import format_datetime
from flask_babel import gettext as _

from ...cache import kept
from ...errors import ServiceError
from ...i18n import language
from ...services.bank.banking import bank_at
from ...services.bank.players import group_player
from .. import charts
from ..blueprint import bp, group_link, remember
from . import view as group_view
from .page import ROLE_LABELS


def rating_chart(group_id: str, version: int, player: int, rated: dict[str, Any],
                 names: Mapping[int, str]) -> charts.Chart | None:
    """One game's rating of the player, match by match (oldest first), with its table."""
    history = rated["history"]
    if not history:
        return None
    game = group_view.line_title(rated) if not isinstance(rated.get("played_game"), int) \
        else names.get(rated["played_game"], "")
    key = group_view.line_key(rated)
    title = _("%(game)s: rating by match", game=game)

    def make() -> tuple[charts.Chart, int, bool]:
        chart = charts.lines_over(
            f"rating-{key}", title, [str(n) for n in range(1, len(history) + 1)],
            [(_("Rating"), [step["rating"] for step in history])], _("match, oldest first"),
            table_labels=[format_datetime(datetime.fromisoformat(step["banked_at"]),
                                          "dd MMM y HH:mm") for step in history])
        return chart, 2 * len(chart.svg) + 100 * len(history), True

    return kept(("chart", "rating", group_id, version, player, key, language()), make)


@bp.get("/g/<token>/players/<int:player_id>")
def player(token: str, player_id: int) -> str:
    access, version = group_link(token)
    remember(token, "groups")
    gid = access.group_id
    try:
        page = group_player(access, gid, version, player_id)
    except ServiceError as error:
        abort(error.status)
    bank = bank_at(access, gid, version)
    ratings = page["ratings"] or []
    return render_template(
        "group/player.html", token=token, access=access,
        role_label=str(ROLE_LABELS[access.role]), bank=bank, page=page, view=group_view,
        ratings=ratings, parse=datetime.fromisoformat,
        rating_charts=[rating_chart(gid, bank.version, player_id, rated, bank.played_games)
                       for rated in ratings],
        played_games=bank.played_games)
