"""Skill ratings of a group's bank (SPEC section 8): openskill's Plackett-Luce over one game's
counted matches in the order they were banked, computed from the bank summaries and kept per
version of the bank, so that reading them costs what reading the bank does."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating
from sqlalchemy import select

from ...cache import kept
from ...errors import Conflict, Invalid
from ...extensions import db
from ...games.say import Say
from ...models import Group
from ...turns import in_turns
from ..group.groups import GroupAccess
from ..match.sheet import Sheet
from .banking import Bank, Summary, bank_at
from .stats import game_named, played_game_named

# openskill's defaults, as SPEC asks (mu 25, sigma 25/3, beta 25/6, tau 25/300, limit_sigma off).
# With them a player who finishes first alone (or with their partner only) never drops in
# `rating`: a sole winner's mu always rises, and tau's widening of sigma is smaller than that
# rise at every sigma the model reaches (tests/services/test_ratings.py looks for a fall). A
# first place shared with another side is a draw to the model: beside a weaker player it lowers
# mu, whatever tau or limit_sigma say, so it is left out of that promise.
MODEL = PlackettLuce()

# What people see: mu − 3·sigma (openskill's ordinal, 0 for a newcomer), times 20, plus 1000.
# A newcomer shows 1000; a typical match moves a rating by 10 to 60.
BASE = 1000
SCALE = 20
# Fewer rated matches than this and a rating is marked provisional.
PROVISIONAL = 5


def shown(mu: float, sigma: float) -> int:
    """The whole number people see for (mu, sigma): rising with mu − 3·sigma."""
    return round(BASE + SCALE * (mu - 3 * sigma))


@dataclass(frozen=True)
class Rated:
    """One player's rating in one game, now."""

    player: int
    name: str
    mu: float
    sigma: float
    matches: int

    @property
    def rating(self) -> int:
        return shown(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.matches < PROVISIONAL

    def json(self) -> dict[str, Any]:
        return {"player": self.player, "name": self.name, "mu": self.mu, "sigma": self.sigma,
                "rating": self.rating, "matches": self.matches,
                "provisional": self.provisional}


@dataclass(frozen=True)
class Step:
    """A player's rating just after one rated match, and what that match did to it."""

    match: str
    banked_at: datetime
    rating: int
    change: int


@dataclass(frozen=True)
class Ratings:
    """One game's ratings in a group at one version of its bank."""

    game: str
    players: tuple[Rated, ...]  # highest rating first
    changes: Mapping[str, Mapping[int, int]]  # match id -> roster player -> change in rating
    history: Mapping[int, tuple[Step, ...]]  # roster player -> their steps, oldest first

    def json(self) -> dict[str, Any]:
        players = [rated.json() for rated in self.players]
        if self.game.startswith("played/"):  # a played game's (Summary.key)
            return {"game": "played", "played_game": int(self.game.split("/")[1]),
                    "players": players}
        return {"game": self.game, "players": players}

    def of(self, player: int) -> Rated | None:
        return next((rated for rated in self.players if rated.player == player), None)


def rated_order(matches: Sequence[Summary], game: str) -> list[Summary]:
    """One game's counted matches in the order they were banked (oldest first), with at least
    two sides: a match of one side has nobody to be measured against."""
    chosen = [match for match in matches
              if match.key == game and len({f.side for f in match.players}) >= 2]
    return sorted(chosen, key=lambda match: (match.banked_at, match.id))


def teams_of(match: Summary) -> tuple[list[list[int | None]], list[int]]:
    """A match's sides as teams (roster ids, in side order) and each side's rank."""
    sides: dict[int, list[int | None]] = {}
    ranks: dict[int, int] = {}
    for finish in sorted(match.players, key=lambda f: (f.side, f.seat)):
        sides.setdefault(finish.side, []).append(finish.player)
        ranks[finish.side] = finish.rank
    order = sorted(sides)
    return [sides[side] for side in order], [ranks[side] for side in order]


def rate(bank: Bank, game: str) -> Ratings:
    """Every counted match of `game`, rated in bank order from openskill's starting rating.
    A seat with no roster player rates as a newcomer and is kept nowhere."""
    names = dict(bank.players)
    now: dict[int, PlackettLuceRating] = {}
    played: dict[int, int] = {}
    changes: dict[str, dict[int, int]] = {}
    history: dict[int, list[Step]] = {}
    # Thousands of matches take seconds: rated, they take turns with the worker's other requests.
    for match in in_turns(rated_order(bank.counted, game)):
        teams, ranks = teams_of(match)
        before = [[now[pid] if pid in now else MODEL.rating() for pid in team]
                  for team in teams]
        after = MODEL.rate(before, ranks=[float(rank) for rank in ranks])
        moved: dict[int, int] = {}
        for team, old, new in zip(teams, before, after, strict=True):
            for pid, was, rating in zip(team, old, new, strict=True):
                if pid is None:
                    continue
                now[pid] = rating
                played[pid] = played.get(pid, 0) + 1
                moved[pid] = shown(rating.mu, rating.sigma) - shown(was.mu, was.sigma)
                history.setdefault(pid, []).append(
                    Step(match.id, match.banked_at, shown(rating.mu, rating.sigma), moved[pid]))
        changes[match.id] = moved
    players = sorted(
        (Rated(pid, names.get(pid, "?"), rating.mu, rating.sigma, played[pid])
         for pid, rating in now.items()),
        key=lambda rated: (-rated.rating, -(rated.mu - 3 * rated.sigma), rated.name.casefold(),
                           rated.player))
    return Ratings(game, tuple(players), changes,
                   {pid: tuple(steps) for pid, steps in history.items()})


def ratings_of(bank: Bank, game: str) -> Ratings:
    """One game's ratings at the bank's version: rated once per version, then kept."""

    def make() -> tuple[Ratings, int, bool]:
        made = rate(bank, game)
        steps = sum(len(steps) for steps in made.history.values())
        return made, 400 + 200 * len(made.players) + 150 * steps, True

    return kept(("ratings", bank.id, bank.version, game), make)


def group_ratings(access: GroupAccess, group_id: str, version: int,
                  game: str | None, played_game: str | None = None) -> Ratings:
    """SPEC's ratings of `game`, or of a played game (one required): 409 while the group has
    them off, then 422. A played game's plays are rated in the order they were played."""
    bank = bank_at(access, group_id, version)
    if not bank.ratings:
        raise Conflict(Say("Ratings are off in this group; its owner can switch them on."))
    named = game_named(game) or played_game_named(bank, played_game)
    if named is None:
        raise Invalid(Say("Name the game: ratings are kept per game."), "game")
    return ratings_of(bank, named)


def chances(bank: Bank, game: str, sides: Sequence[Sequence[int | None]]) -> list[float] | None:
    """Each side's chance of winning a match about to start (the model's prediction from the
    players' ratings now; a newcomer's is openskill's starting one); None with ratings off."""
    if not bank.ratings or len(sides) < 2:
        return None
    made = ratings_of(bank, game)
    known = {rated.player: rated for rated in made.players}

    def rating(pid: int | None) -> PlackettLuceRating:
        rated = known.get(pid) if pid is not None else None
        return MODEL.rating(rated.mu, rated.sigma) if rated else MODEL.rating()

    return [float(chance) for chance in MODEL.predict_win(
        [[rating(pid) for pid in side] for side in sides])]


def match_chances(group: GroupAccess, sheet: Sheet) -> list[tuple[str, float]] | None:
    """A match just started in the group: each side's name and chance of winning, from the
    ratings of its game now; None while the group has ratings off."""
    row = db.session.execute(select(Group.version, Group.ratings)
                             .where(Group.id == group.group_id)).first()
    if row is None or not row.ratings:
        return None
    bank = bank_at(group, group.group_id, row.version)
    players = [seat.player_id for seat in sheet.match.seats]
    made = chances(bank, sheet.game.name, [[players[seat] for seat in side.seats]
                                           for side in sheet.sides])
    if made is None:
        return None
    return [(side.name, chance) for side, chance in zip(sheet.sides, made, strict=True)]
