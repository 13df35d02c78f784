"""What a notify destination is told (SPEC section 12), in its own language: a banked match's
game, its sides in rank order with their totals, the winners and the group; a night's tables
and standings. Said from the delivery's body alone, as it was written at the event."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask_babel import force_locale, ngettext
from flask_babel import gettext as _

from ...games import GAMES
from ...i18n import language, num, say

# A name isolated in plain text (FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE): an Arabic
# name keeps its own direction in a German sentence, and a German one in an Arabic sentence.
FSI, PDI = "\u2068", "\u2069"


def _isolated(name: str) -> str:
    return f"{FSI}{name}{PDI}"


def _listed(names: Sequence[str]) -> str:
    """Names as a sentence lists them ("Ana, Ben and Cy"), each isolated."""
    names = [_isolated(name) for name in names]
    if len(names) < 2:
        return names[0] if names else str(_("nobody"))
    if len(names) == 2:
        return str(_("%(first)s and %(last)s", first=names[0], last=names[1]))
    return str(_("%(some)s and %(last)s", some=_(", ").join(names[:-1]), last=names[-1]))


def _game(match: dict[str, Any]) -> str:
    design = match.get("design")
    if isinstance(design, dict) and design.get("name"):
        # A design's sheet: the design's name, in this language where it names itself in it.
        names = design.get("names")
        return str((names.get(language()) if isinstance(names, dict) else None)
                   or design["name"])
    game = GAMES.get(str(match.get("game")))
    if game is None or match.get("game") == "custom":  # kept before designs were named here
        return str(match.get("name") or "")
    return say(game.title)


def sides(match: dict[str, Any]) -> list[tuple[int, list[str], int, bool]]:
    """A banked match's sides in rank order: (place, names, total, winner)."""
    found: dict[int, tuple[int, list[str], int, bool]] = {}
    for player in sorted(match.get("players", []), key=lambda p: p["seat"]):
        place, names, total, won = found.get(player["side"], (player.get("place", 1), [],
                                                              player["total"],
                                                              player["winner"]))
        found[player["side"]] = (place, [*names, player["name"]], total, won)
    return sorted(found.values(), key=lambda side: (side[0], side[1]))


def _match_banked(payload: dict[str, Any]) -> tuple[str, str]:
    match = payload["match"]
    ranked = sides(match)
    winners = [name for _place, names, _total, won in ranked if won for name in names]
    title = "{}: {}".format(_game(match), ngettext("%(names)s won", "%(names)s won",
                                                   len(winners), names=_listed(winners)))
    lines = [f"{num(place)}. {_listed(names)}: {num(total)}"
             for place, names, total, _won in ranked]
    lines.append(_("Banked in %(group)s: %(match)s", group=_isolated(payload["group"]["name"]),
                   match=_isolated(match["name"])))
    if match.get("link"):
        lines.append(match["link"])
    return title, "\n".join(lines)


def _match_unbanked(payload: dict[str, Any]) -> tuple[str, str]:
    match = payload["match"]
    return (_("%(game)s: banking taken back", game=_game(match)),
            _("“%(match)s” is out of %(group)s's bank again: it was banked by mistake.",
              match=_isolated(match["name"]), group=_isolated(payload["group"]["name"])))


def _tables(night: dict[str, Any]) -> list[str]:
    latest = night["seatings"][-1] if night.get("seatings") else []
    return [_("Table %(table)s: %(names)s", table=num(table["table"]),
              names=_listed([p["name"] for p in table["players"]])) for table in latest]


def _standings(night: dict[str, Any]) -> list[str]:
    rows = [row for row in night.get("standings", []) if row["played"]]
    if not rows:
        return []
    return [_("Standings:")] + [
        _("%(rank)s. %(name)s: %(won)s won, %(points)s points", rank=num(row["rank"]),
          name=_isolated(row["name"]), won=num(row["won"]), points=num(row["points"]))
        for row in rows[:20]]


def _night(payload: dict[str, Any]) -> tuple[str, str]:
    night, event = payload["night"], payload["event"]
    name = _isolated(night["name"])
    game = GAMES.get(night["game"])
    if event == "night_started":
        title = _("%(night)s has begun", night=name)
        lines = [say(game.title) if game else "", *_tables(night)]
    elif event == "seating_started":
        title = _("%(night)s: seating %(number)s", night=name,
                  number=num(len(night["seatings"])))
        lines = [*_tables(night), *_standings(night)]
    else:
        title = _("%(night)s has ended", night=name)
        lines = _standings(night) or [_("No match of the night was banked.")]
    return title, "\n".join(line for line in lines if line)


def message(payload: dict[str, Any], language: str) -> tuple[str, str]:
    """The title and body a notify destination is told, in `language`."""
    with force_locale(language):
        event = payload["event"]
        if event == "match_banked":
            return _match_banked(payload)
        if event == "match_unbanked":
            return _match_unbanked(payload)
        if event in ("night_started", "seating_started", "night_ended"):
            return _night(payload)
        return ("SquareScores", _("A test from %(group)s: this destination works.",
                                  group=_isolated(payload["group"]["name"])))
