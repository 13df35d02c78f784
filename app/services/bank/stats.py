"""Statistics of a group's bank, read from the summaries alone: the leaderboard, two players
head to head, and tonight."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any, TypedDict

from ...cache import kept
from ...errors import Invalid
from ...games import GAMES
from ...games.say import Say
from ..group.groups import GroupAccess
from .banking import Bank, Summary, as_number, bank_at, by_game, played_key

# The evening: the matches banked in the EVENING before the group's latest banked match.
EVENING = timedelta(hours=6)


class Points(TypedDict):
    """A player's final totals over one game's matches: summed, averaged, and the highest
    (a recorded play's score is an exact decimal; plays without a score are not counted)."""

    total: int | float | None
    mean: float | None
    best: int | float | None


class Line(TypedDict):
    """One player's line on the leaderboard (`points` only for one game's)."""

    player: int
    name: str
    played: int
    won: int
    win_rate: float
    points: Points | None


class Night(TypedDict):
    """One player's line of the evening."""

    player: int
    name: str
    played: int
    won: int


def points_of(totals: Sequence[int | Decimal]) -> Points:
    """A player's points over the totals they had (none: all null)."""
    if not totals:
        return {"total": None, "mean": None, "best": None}
    summed = sum(totals, start=Decimal(0))
    return {"total": as_number(summed), "mean": round(float(summed) / len(totals), 2),
            "best": as_number(max(totals))}


def statistics(bank: Bank, game: str | None = None) -> dict[str, Any]:
    """SPEC's statistics over the bank's counted matches (of `game`, if named): per player
    who played one, `played`, `won` (a shared first place is a win for each, a partnership's
    win one for both partners), `win_rate`, and with a game, `points` (final totals summed,
    averaged, and the highest)."""
    matches = by_game(bank.counted, game)
    board = _tally(matches)
    players: list[Line] = []
    for pid, (name, played, won, totals) in board.items():
        players.append({
            "player": pid, "name": name, "played": played, "won": won,
            "win_rate": round(won / played, 4) if played else 0,
            "points": None if game is None else points_of(totals),
        })
    players.sort(key=lambda p: (-p["won"], -p["win_rate"], -p["played"], p["name"].casefold(),
                                p["player"]))
    if game is not None and game.startswith("played/"):
        named = bank.played_games.get(int(game.split("/")[1]), "")
        return {"game": "played", "played_game": {"id": int(game.split("/")[1]), "name": named},
                "matches": len(matches), "players": players}
    return {"game": game, "matches": len(matches), "players": players}


def _tally(matches: Sequence[Summary]
           ) -> dict[int, tuple[str, int, int, list[int | Decimal]]]:
    """Per roster player: name, matches played, matches won, final totals (where there was one).
    A guest joins no statistic."""
    board: dict[int, tuple[str, int, int, list[int | Decimal]]] = {}
    for match in matches:
        for finish in match.players:
            if finish.player is None:
                continue
            _, played, won, totals = board.get(finish.player, (finish.name, 0, 0, []))
            if finish.total is not None:
                totals.append(finish.total)
            board[finish.player] = (finish.name, played + 1, won + finish.winner, totals)
    return board


def head_to_head(bank: Bank, first: int, second: int, game: str | None = None
                 ) -> dict[str, Any]:
    """Two players over the counted matches they both played (of `game`, if named): how many
    each won, and how often each finished ahead of the other (`level` where neither did:
    partners, or a shared place)."""
    names = dict(bank.players)
    shared = []
    for match in by_game(bank.counted, game):
        seats = {finish.player: finish for finish in match.players}
        if first in seats and second in seats:
            shared.append((seats[first], seats[second]))
    ahead = [sum(a.rank < b.rank for a, b in shared), sum(b.rank < a.rank for a, b in shared)]
    return {
        "game": game, "matches": len(shared),
        "players": [
            {"player": first, "name": names[first], "won": sum(a.winner for a, _ in shared),
             "ahead": ahead[0]},
            {"player": second, "name": names[second], "won": sum(b.winner for _, b in shared),
             "ahead": ahead[1]},
        ],
        "level": len(shared) - sum(ahead),
    }


def tonight(bank: Bank) -> dict[str, Any]:
    """The evening: the counted matches banked within six hours before the group's latest
    banked one (whatever the game), newest first; and who leads the night (most wins)."""
    counted = bank.counted
    if not counted:
        return {"since": None, "until": None, "matches": [], "players": [], "leaders": []}
    until = max(match.banked_at for match in counted)
    # A bank stored in the first hours there are (imported before dates were bounded) has
    # less than an evening before its latest match.
    since = until - min(EVENING, until - datetime.min.replace(tzinfo=UTC))
    evening = tuple(match for match in counted if match.banked_at >= since)
    board = _tally(evening)
    players = sorted(
        (Night(player=pid, name=name, played=played, won=won)
         for pid, (name, played, won, _) in board.items()),
        key=lambda p: (-p["won"], p["played"], p["name"].casefold(), p["player"]))
    most = max((p["won"] for p in players), default=0)
    return {"since": since.isoformat(), "until": until.isoformat(),
            "matches": [match.json() for match in evening], "players": players,
            "leaders": [p["player"] for p in players if most and p["won"] == most]}


def game_named(game: str | None) -> str | None:
    """A `game` query parameter: none, or a game's name (422 otherwise)."""
    if game is None or game == "":
        return None
    if game not in GAMES:
        raise Invalid(Say("No such game; choose one of: %(games)s.", games=", ".join(GAMES)),
                      "game")
    return game


def player_named(bank: Bank, value: str | None, field: str) -> int:
    """A player id from a query parameter: one on the group's roster (422 otherwise)."""
    text = value or ""
    if text.isascii() and text.isdigit() and len(text) < 19:
        if int(text) in dict(bank.players):
            return int(text)
    raise Invalid(Say("Name a player on the group's roster by their id."), field)


def played_game_named(bank: Bank, value: str | None) -> str | None:
    """A `played_game` query parameter: none, or one of the group's played games by its id,
    as its key among the bank's games (422 otherwise)."""
    if value is None or value == "":
        return None
    if not (value.isascii() and value.isdigit() and len(value) < 11
            and int(value) in bank.played_games):
        raise Invalid(Say("Name a played game of the group by its id."), "played_game")
    return played_key(int(value))


def group_stats(access: GroupAccess, group_id: str, version: int,
                game: str | None = None, played_game: str | None = None) -> dict[str, Any]:
    """The group's statistics (of `game`, or of a played game, if named), at `version`: kept in
    the app's cache."""
    game = game_named(game)
    bank = bank_at(access, group_id, version)
    played = played_game_named(bank, played_game)
    if played is not None:
        if game is not None:
            raise Invalid(Say("Ask for a game or a played game, not both."), "played_game")
        game = played
    return kept(("stats", group_id, bank.version, game),
                lambda: (statistics(bank, game), 300 + 300 * len(bank.players), True))


def group_head_to_head(access: GroupAccess, group_id: str, version: int, first: str | None,
                       second: str | None, game: str | None = None) -> dict[str, Any]:
    game = game_named(game)
    bank = bank_at(access, group_id, version)
    a, b = player_named(bank, first, "a"), player_named(bank, second, "b")
    if a == b:
        raise Invalid(Say("Choose two different players."), "b")
    return head_to_head(bank, a, b, game)


def group_tonight(access: GroupAccess, group_id: str, version: int) -> dict[str, Any]:
    bank = bank_at(access, group_id, version)
    return kept(("tonight", group_id, bank.version),
                lambda: (tonight(bank), 1000 + 2000 * len(bank.players), True))
