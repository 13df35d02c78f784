"""A group's statistics of one design's banked matches, with each player's rows (SPEC section
10: `game=custom&design=<id>`), from the summaries alone: each seat's side's total of each row
was kept at banking."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sqlalchemy import and_, select

from ...cache import kept
from ...errors import Invalid
from ...extensions import db
from ...games.custom import GAME as CUSTOM
from ...games.say import Say
from ...models import Match, Seat
from ..group.groups import GroupAccess
from .banking import bank_at
from .stats import statistics


def design_named(game: str | None, design: str | None) -> str:
    """A `design` query parameter (with `game` none or the sheet for any game): its id."""
    if game not in (None, "", CUSTOM.name):
        raise Invalid(Say("Statistics by design are a sheet for any game's: give "
                          "game=%(game)s.", game=CUSTOM.name), "design")
    if design is None or not 0 < len(design) <= 24:
        raise Invalid(Say("Name the design by its id."), "design")
    return design


def design_stats(access: GroupAccess, group_id: str, version: int, game: str | None,
                 design: str | None) -> dict[str, Any]:
    """The group's statistics over the banked matches of one design (any of its versions),
    and each player's `rows`: {key: {"mean", "best"}} of their side's row totals, over the
    matches whose design has that row. Kept per version of the group."""
    design_id = design_named(game, design)
    bank = bank_at(access, group_id, version)

    def make() -> tuple[dict[str, Any], int, bool]:
        of_design = and_(Match.group_id == group_id, Match.ended == "banked",
                         Match.design_id == design_id)
        ids = set(db.session.scalars(select(Match.id).where(of_design)))
        counted = tuple(match for match in bank.matches if match.id in ids)
        answer = statistics(replace(bank, matches=counted), CUSTOM.name)
        rows: dict[int, dict[str, list[int]]] = {}
        for player, by_row in db.session.execute(
                select(Seat.player_id, Seat.rows).join(Match, Seat.match_id == Match.id)
                .where(of_design, Match.taken_out.is_(False))):
            if player is None or not by_row:
                continue
            for key, total in by_row.items():
                rows.setdefault(player, {}).setdefault(key, []).append(total)
        for line in answer["players"]:
            line["rows"] = {key: {"mean": round(sum(totals) / len(totals), 2),
                                  "best": max(totals)}
                            for key, totals in rows.get(line["player"], {}).items()}
        return answer | {"design": design_id}, 500 + 200 * len(answer["players"]), True

    return kept(("design-stats", group_id, bank.version, design_id), make)
