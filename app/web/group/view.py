"""A group's page laid out: its leaderboards per game, tonight, the bank a page at a time, the
charts drawn from the bank's summaries (kept per version of the group, like the bank), and its
seasons."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import url_for
from flask_babel import format_date, format_datetime, format_decimal
from flask_babel import gettext as _
from markupsafe import Markup

from ...cache import kept
from ...games import GAMES, Game
from ...games.custom import Design
from ...i18n import MINUS, language, say
from ...services.bank.banking import Bank, Summary
from ...services.bank.seasons import Rules, current_table, group_seasons
from ...services.bank.stats import statistics
from .. import charts
from ..design.words import design_name
from ..words import spoken_links, spoken_minutes

BANK_PAGE = 20  # banked matches listed at once, newest first
# The evening's matches the group page lists, newest first: an evening holds a few dozen, and
# the rest (an imported bank banked all at once) are in the bank's pages below.
TONIGHT_SHOWN = 30
OVER_TIME = 30  # the latest matches of a game its totals chart draws
LINES = 8  # players drawn over time at most (the most regular ones)
BARS = 12  # players in the wins chart at most (the most wins)
SEASONS_SHOWN = 10  # seasons the group page lists at once, the latest to start first
TOP = 5  # players of the current season's table the group page and the big screen show


@dataclass(frozen=True)
class GamePanel:
    """One game's part of the page (a design's, for the sheet for any game): its name, its
    leaderboard and its players' totals over time."""

    game: Game
    stats: dict[str, Any]
    over_time: charts.Chart | None
    title: str
    key: str  # what its ids say: the game's name, then a design's place among the group's


def game_panels(bank: Bank, game: Game, stats: dict[str, Any]) -> list[GamePanel]:
    """A game's panels: one, or for the sheet for any game one per design played (a design's
    totals beside another's mean nothing), each by the design's name as the bank says it."""
    designs = designs_played(bank, game.name)
    if not designs:
        return [GamePanel(game, stats, over_time_chart(bank, game.name), say(game.title),
                          game.name)]
    panels = []
    for place, (name, matches) in enumerate(designs, start=1):
        key = f"{game.name}-{place}"
        of_design = kept(("stats", "design", bank.id, bank.version, name),
                         _design_stats(bank, game.name, matches))
        panels.append(GamePanel(game, of_design,
                                over_time_chart(bank, game.name, name, key), name, key))
    return panels


def _design_stats(bank: Bank, game: str, matches: tuple[Summary, ...]
                  ) -> Callable[[], tuple[dict[str, Any], int, bool]]:
    def make() -> tuple[dict[str, Any], int, bool]:
        return (statistics(replace(bank, matches=matches), game),
                300 + 300 * len(bank.players), True)

    return make


def designs_played(bank: Bank, game: str) -> list[tuple[str, tuple[Summary, ...]]]:
    """A game's banked matches of designs, by the design's name as the page says it (in its
    order), each with its matches; none for a game of no designs."""
    by_name: dict[str, list[Summary]] = {}
    for match in bank.counted:
        if match.game == game and match.design is not None:
            by_name.setdefault(design_name(match.design), []).append(match)
    return [(name, tuple(matches))
            for name, matches in sorted(by_name.items(), key=lambda item: item[0].casefold())]


def games_played(bank: Bank) -> list[Game]:
    """The games the bank holds a counted match of, in the registry's order."""
    played = {match.game for match in bank.counted}
    return [game for name, game in GAMES.items() if name in played]


def game_title(name: str) -> str:
    game = GAMES.get(name)
    return say(game.title) if game else name


def line_title(line: dict[str, Any]) -> str:
    """A player's page's line of one game (per game, a rating): a played game by its name."""
    played = line.get("played_game")
    if isinstance(played, dict):
        return str(played["name"])
    return game_title(line["game"])


def line_key(line: dict[str, Any]) -> str:
    """What tells one game's line from another's on a player's page (a played game's id)."""
    played = line.get("played_game")
    return f"played-{played['id'] if isinstance(played, dict) else played}" \
        if played is not None else str(line["game"])


def _played(summary: Summary | dict[str, Any]) -> tuple[str, str | None, str | None]:
    """A banked match's id, view link and played game's name (None: not a recorded play),
    from its summary or its summary's JSON (tonight's)."""
    if isinstance(summary, dict):
        played = summary.get("played_game")
        return summary["id"], summary["view_token"], played["name"] if played else None
    return (summary.id, summary.view_token,
            summary.played_game[1] if summary.played_game is not None else None)


def match_link(token: str, summary: Summary | dict[str, Any]) -> str:
    """Where a banked match of the group's page leads: its sheet, or a recorded play's page
    (a play has no sheet, SPEC section 14)."""
    match_id, view_token, played = _played(summary)
    if played is not None or view_token is None:
        return url_for("web.play", token=token, match_id=match_id)
    return url_for("web.sheet", token=view_token)


def game_of(summary: Summary | dict[str, Any], bank: Bank | None = None) -> str:
    """A banked match's game as the page names it: a recorded play's is its played game, a
    design's match its design's name (a summary's JSON, tonight's, finds its design in the
    bank)."""
    played = _played(summary)[2]
    if played is not None:
        return played
    design = design_in(summary, bank)
    if design is not None:
        return design_name(design)
    return game_title(summary["game"] if isinstance(summary, dict) else summary.game)


def design_in(summary: Summary | dict[str, Any], bank: Bank | None = None) -> Design | None:
    """The design a banked match of a design was played by (none for any other game's)."""
    if not isinstance(summary, dict):
        return summary.design
    if bank is None:
        return None
    return next((match.design for match in bank.matches if match.id == summary["id"]), None)


def tally(summary: Summary) -> bool:
    """A match of a design scored in one tally at the end: its bank line says no rounds."""
    return summary.design is not None and summary.design.scoring == "game"


def player_link(token: str, player: int | None) -> str | None:
    """A player's page, for a name on the group's page (a seat with no roster player has none)."""
    return url_for("web.player", token=token, player_id=player) if player is not None else None


def linked(token: str, finishes: Iterable[Any]) -> Markup:
    """Names as a sentence lists them (partners once each), each a link to its player's page."""
    seen: dict[str, int | None] = {}
    for finish in finishes:
        name, player = (finish["name"], finish["player"]) if isinstance(finish, dict) else (
            finish.name, finish.player)
        seen.setdefault(name, player)
    return spoken_links([(name, player_link(token, player)) for name, player in seen.items()])


def winners(summary: Summary) -> list[str]:
    """The winners' names, partners once each."""
    names: list[str] = []
    for finish in summary.players:
        if finish.winner and finish.name not in names:
            names.append(finish.name)
    return names


def mean(value: float | None) -> str:
    """A mean to one decimal, as the page's language writes it ("12.5", de "12,5"); nothing
    where there was no score to take one of (a played game without points)."""
    if value is None:
        return ""
    written = str(format_decimal(abs(value), format="0.0"))
    return MINUS + written if value < 0 else written


def rating_changes(summary: Summary, rated: dict[str, Any]) -> list[tuple[str, int, int]]:
    """Each roster player's change in rating from this match (partners each), in seat order;
    none for a match the ratings leave out (taken out, or with one side)."""
    ratings = rated.get(summary.game)
    moved = ratings.changes.get(summary.id, {}) if ratings else {}
    return [(finish.name, finish.player, moved[finish.player]) for finish in summary.players
            if finish.player is not None and finish.player in moved]


def duration(summary: Summary) -> str:
    """How long a match took, as said; nothing for a recorded play whose minutes nobody gave
    (banked when it was played and begun then: SPEC section 14)."""
    if summary.played_game is not None and summary.banked_at == summary.started_at:
        return ""
    return spoken_minutes(max(0, int((summary.banked_at - summary.started_at).total_seconds()
                                     // 60)))


def bank_page(bank: Bank, game: str | None, page: int) -> tuple[list[Summary], int]:
    """One page of the bank (newest first; taken-out matches too, marked), and how many pages."""
    matches = [m for m in bank.matches if game is None or m.game == game]
    pages = max(1, -(-len(matches) // BANK_PAGE))
    page = min(max(1, page), pages)
    return matches[(page - 1) * BANK_PAGE: page * BANK_PAGE], pages


def evening_label(tonight: dict[str, Any], now: datetime | None = None) -> str:
    """"Tonight" while the evening is fresh, else the day it was played."""
    if not tonight.get("until"):
        return str(_("Tonight"))
    until = datetime.fromisoformat(tonight["until"])
    now = now or datetime.now(UTC)
    if now - until < timedelta(hours=12):
        return str(_("Tonight"))
    return str(_("The evening of %(day)s", day=format_date(until, "dd MMM y")))


def wins_chart(bank: Bank, stats: dict[str, Any], game: str | None) -> charts.Chart | None:
    """Bars: each player's wins beside the matches they played (the most wins first)."""
    players = [p for p in stats["players"] if p["played"]][:BARS]
    if not players:
        return None
    title = (_("Wins per player: %(game)s", game=game_title(game)) if game
             else _("Wins per player, every game"))
    won, played = _("Won"), _("Played")

    def make() -> tuple[charts.Chart, int, bool]:
        chart = charts.bars("wins-chart", title, [p["name"] for p in players],
                            [(won, [p["won"] for p in players]),
                             (played, [p["played"] for p in players])])
        return chart, 2 * len(chart.svg) + 200 * len(players), True

    return kept(("chart", "wins", bank.id, bank.version, game, language()), make)


def over_time_chart(bank: Bank, game: str, design: str | None = None,
                    key: str | None = None) -> charts.Chart | None:
    """Lines: each regular player's final total in the game's latest matches, oldest first (of
    one design, by its name as the page says it, when `design` names one)."""
    matches = [m for m in reversed(bank.counted) if m.game == game and (
        design is None or (m.design is not None and design_name(m.design) == design))
    ][-OVER_TIME:]
    if not matches:
        return None
    seen: dict[int, tuple[str, int]] = {}
    for match in matches:
        for finish in match.players:
            if finish.player is not None:
                name, count = seen.get(finish.player, (finish.name, 0))
                seen[finish.player] = (name, count + 1)
    regulars = sorted(seen.items(), key=lambda item: (-item[1][1], item[1][0].casefold()))[:LINES]
    title = _("%(game)s: totals by match", game=design or game_title(game))
    axis = _("match, oldest first")

    def make() -> tuple[charts.Chart, int, bool]:
        series = []
        for pid, (name, _count) in regulars:
            totals = []
            for match in matches:
                finish = next((f for f in match.players if f.player == pid), None)
                totals.append(None if finish is None or finish.total is None
                              else float(finish.total))
            series.append((name, totals))
        labels = [str(number) for number in range(1, len(matches) + 1)]
        chart = charts.lines_over(f"over-time-{key or game}", title, labels, series,
                                  axis,
                                  table_labels=[_("%(when)s · %(name)s", when=format_datetime(
                                      m.banked_at, "dd MMM y HH:mm"), name=m.name)
                                                for m in matches])
        return chart, 2 * len(chart.svg) + 100 * len(matches) * len(series), True

    return kept(("chart", "over-time", bank.id, bank.version, game, design, language()), make)


# Seasons (SPEC section 11) ----------------------------------------------------------------


def days_said(rules: Rules) -> str:
    starts = format_date(rules.starts, "d MMM y")
    if rules.ends is None:
        return str(_("From %(starts)s on", starts=starts))
    return str(_("%(starts)s to %(ends)s", starts=starts,
                 ends=format_date(rules.ends, "d MMM y")))


def game_said(game: str | None) -> str:
    return say(GAMES[game].title) if game is not None and game in GAMES else _("Every game")


def seasons_listed(group_id: str, page: int) -> dict[str, Any]:
    """What the group page's seasons part shows: a page of them, and the current one's top."""
    listed, pages = group_seasons(group_id, page, SEASONS_SHOWN)
    current = current_table(group_id)
    return {"listed": listed, "page": min(page, pages), "pages": pages, "current": current,
            "top": top_of(current.rows) if current else [], "days": days_said,
            "game": game_said}


def top_of(rows: Sequence[Any]) -> list[Any]:
    """A season table's top TOP ranked players, and whoever shares the last of those places (a
    tie at fifth hides nobody)."""
    ranked = [row for row in rows if row.rank is not None]
    if len(ranked) <= TOP:
        return ranked
    return [row for row in ranked if row.rank <= ranked[TOP - 1].rank]
