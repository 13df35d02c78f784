"""A player's page (SPEC section 8), read from the bank summaries alone: per game what they
played and won, their latest matches, their runs of wins, their nemesis and best partner, and,
with ratings on, their rating over time. Kept per version of the bank, like its statistics."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cache import kept
from ...errors import NotFound
from ...games import GAMES
from ...games.say import Say
from ..group.groups import GroupAccess
from .banking import Bank, Finish, Summary, as_number, bank_at, played_key
from .ratings import ratings_of

LATEST = 10  # the latest matches the page lists
# A nemesis is only named over this many matches both played: one bad evening is no pattern.
NEMESIS_OVER = 3


def in_bank_order(matches: Sequence[Summary]) -> list[Summary]:
    """Oldest first, in the order they were banked (as the ratings take them)."""
    return sorted(matches, key=lambda match: (match.banked_at, match.id))


def seat_of(match: Summary, player: int) -> Finish | None:
    return next((finish for finish in match.players if finish.player == player), None)


def per_game(matches: Sequence[Summary], player: int) -> list[dict[str, Any]]:
    """Per game (in the registry's order, then the played games by name): matches played and
    won, the win rate, and the mean and the best of their final totals (a played game's plays
    without a score count in neither: null where none had one)."""
    games: dict[str, list[Finish]] = {}
    named: dict[str, Summary] = {}
    for match in matches:
        finish = seat_of(match, player)
        if finish is not None:
            games.setdefault(match.key, []).append(finish)
            named.setdefault(match.key, match)
    lines = []
    for key in sorted(games, key=lambda key: (list(GAMES).index(key) if key in GAMES
                                               else len(GAMES), named[key].name.casefold(),
                                               key)):
        finishes = games[key]
        won = sum(finish.winner for finish in finishes)
        totals = [finish.total for finish in finishes if finish.total is not None]
        first = named[key]
        lines.append({"game": first.game, "played": len(finishes), "won": won,
                      "win_rate": round(won / len(finishes), 4),
                      "mean": round(float(sum(totals)) / len(totals), 2) if totals else None,
                      "best": as_number(max(totals)) if totals else None}
                     | ({"played_game": {"id": first.played_game[0],
                                         "name": first.played_game[1]}}
                        if first.played_game is not None else {}))
    return lines


def runs(matches: Sequence[Summary], player: int) -> dict[str, int]:
    """The current and the longest run of matches won in a row (every game, bank order)."""
    current = longest = 0
    for match in in_bank_order(matches):
        finish = seat_of(match, player)
        if finish is None:
            continue
        current = current + 1 if finish.winner else 0
        longest = max(longest, current)
    return {"current": current, "longest": longest}


def nemesis(matches: Sequence[Summary], player: int,
            names: dict[int, str]) -> dict[str, Any] | None:
    """The player who beat them most often, over at least NEMESIS_OVER matches both played.
    To beat is to finish ahead: a better rank in the match's summary (partners, and players
    who share a place, beat nobody). Ties go to the higher share of matches, then the name."""
    shared: dict[int, list[int]] = {}  # other player -> [matches both played, times ahead]
    for match in matches:
        mine = seat_of(match, player)
        if mine is None:
            continue
        for finish in match.players:
            if finish.player is None or finish.player == player:
                continue
            counts = shared.setdefault(finish.player, [0, 0])
            counts[0] += 1
            counts[1] += finish.rank < mine.rank
    found = [(pid, both, ahead) for pid, (both, ahead) in shared.items()
             if both >= NEMESIS_OVER and ahead > 0]
    if not found:
        return None
    pid, both, ahead = min(found, key=lambda item: (-item[2], -item[2] / item[1],
                                                    names.get(item[0], "").casefold(), item[0]))
    return {"player": pid, "name": names.get(pid, "?"), "beat": ahead, "matches": both}


def partner(matches: Sequence[Summary], player: int,
            names: dict[int, str]) -> dict[str, Any] | None:
    """In partnership games: the partner they won with most (ties: more matches together,
    then the name); None if they never won with one."""
    together: dict[int, list[int]] = {}  # partner -> [matches together, won together]
    for match in matches:
        mine = seat_of(match, player)
        if mine is None:
            continue
        for finish in match.players:
            if finish.side == mine.side and finish.player not in (None, player):
                counts = together.setdefault(finish.player or 0, [0, 0])
                counts[0] += 1
                counts[1] += mine.winner
    found = [(pid, both, won) for pid, (both, won) in together.items() if won]
    if not found:
        return None
    pid, both, won = min(found, key=lambda item: (-item[2], -item[1],
                                                  names.get(item[0], "").casefold(), item[0]))
    return {"player": pid, "name": names.get(pid, "?"), "won": won, "matches": both}


def player_view(bank: Bank, player: int) -> dict[str, Any]:
    """Everything the player's page shows, as the API answers it."""
    names = dict(bank.players)
    counted = bank.counted
    mine = [match for match in counted if seat_of(match, player) is not None]
    ratings = None
    if bank.ratings:
        ratings = []
        for line in per_game(mine, player):  # the registry's order, then played games
            played = line.get("played_game")
            made = ratings_of(bank, line["game"] if played is None else played_key(played["id"]))
            rated = made.of(player)
            if rated is None:
                continue
            ratings.append(rated.json() | {"game": line["game"], "history": [
                {"match": step.match, "banked_at": step.banked_at.isoformat(),
                 "rating": step.rating, "change": step.change}
                for step in made.history.get(player, ())]}
                | ({"played_game": played["id"]} if played is not None else {}))
    return {
        "player": player, "name": names[player], "games": per_game(mine, player),
        "latest": [match.json() for match in mine[:LATEST]],  # the bank lists newest first
        "runs": runs(mine, player), "nemesis": nemesis(mine, player, names),
        "partner": partner(mine, player, names), "ratings": ratings,
    }


def group_player(access: GroupAccess, group_id: str, version: int, player: int
                 ) -> dict[str, Any]:
    """A player's page at the group's `version` (404 for one not on the roster)."""
    bank = bank_at(access, group_id, version)
    if player not in dict(bank.players):
        raise NotFound(Say("No such player in the group."))

    def make() -> tuple[dict[str, Any], int, bool]:
        view = player_view(bank, player)
        steps = sum(len(game["history"]) for game in view["ratings"] or ())
        return view, 3000 + 1500 * len(view["latest"]) + 300 * steps, True

    return kept(("player", group_id, bank.version, player), make)
