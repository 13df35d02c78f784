"""How a recorded play is placed (SPEC section 14), pure: no Flask, no database.

A play is what was entered: each player's line (their score as an exact decimal, or none; a
winner flag where one was said; a team), and the played game's own ways (highest or lowest
wins, no points, cooperative, teams). From it come each line's side, rank and win, which the
bank keeps as a match's summary.

- Sides: with teams, a team is a side (in the order its first player was entered) and its
  players share its result; a line of no team, and every line of a game without teams, is a
  side of its own.
- Winners: as given, where any line says `winner`; otherwise, in a game with points, the best
  score wins, ties each (none where nobody scored). A side wins where any of its lines does.
- Ranks: the winners first, then by score in the game's order, those without a score last;
  equal places share a rank and the next is skipped (1, 1, 3), counted in players as a match's
  ranks are. A game without points: the winners share 1, the rest the next. A cooperative play:
  one side, everyone 1, every player won or every player lost (so it moves no rating).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal


@dataclass(frozen=True)
class Ways:
    """How a played game's plays are placed."""

    highest_wins: bool = True
    no_points: bool = False
    cooperative: bool = False
    uses_teams: bool = False


@dataclass(frozen=True)
class Line:
    """One player's line of a play, as placing reads it."""

    score: Decimal | None = None
    winner: bool | None = None  # None: not said
    team: str | None = None


@dataclass(frozen=True)
class Placed:
    """Where one line finished: its side, its rank (1 is best) and whether it won."""

    side: int
    rank: int
    winner: bool


def sides_of(lines: Sequence[Line], teams: bool) -> tuple[int, ...]:
    """Each line's side: its team's (numbered in the order teams first appear), else its own."""
    found: dict[str, int] = {}
    sides: list[int] = []
    following = 0
    for line in lines:
        if teams and line.team is not None and line.team in found:
            sides.append(found[line.team])
            continue
        if teams and line.team is not None:
            found[line.team] = following
        sides.append(following)
        following += 1
    return tuple(sides)


def winners_of(lines: Sequence[Line], ways: Ways) -> tuple[bool, ...]:
    """Each line's win (before sides share theirs): as said, else the best score's."""
    if ways.cooperative:
        return tuple(bool(line.winner) for line in lines)
    if any(line.winner is not None for line in lines):
        return tuple(bool(line.winner) for line in lines)
    scores = [line.score for line in lines if line.score is not None]
    if ways.no_points or not scores:
        return tuple(False for _ in lines)
    best = max(scores) if ways.highest_wins else min(scores)
    return tuple(line.score == best for line in lines)


def cooperative_mixed(lines: Sequence[Line]) -> bool:
    """Whether a cooperative play says some players won and some lost (which it may not)."""
    return len({bool(line.winner) for line in lines}) > 1


def place(lines: Sequence[Line], ways: Ways) -> tuple[Placed, ...]:
    """Each line's side, rank and win, in the order the lines were entered."""
    # A cooperative play is one side: the table against the game.
    sides = (0,) * len(lines) if ways.cooperative else sides_of(lines, ways.uses_teams)
    wins = winners_of(lines, ways)
    side_won = {side: False for side in sides}
    side_score: dict[int, Decimal | None] = {}
    for side, won, line in zip(sides, wins, lines, strict=True):
        side_won[side] = side_won[side] or won
        if line.score is not None and not ways.no_points:
            held = side_score.get(side)
            side_score[side] = line.score if held is None else _better(held, line.score, ways)
    if ways.cooperative:
        return tuple(Placed(side, 1, side_won[side]) for side in sides)

    def order(side: int) -> tuple[int, int, Decimal]:
        if side_won[side]:
            return (0, 0, Decimal(0))
        score = side_score.get(side)
        if score is None:
            return (1, 1, Decimal(0))
        return (1, 0, -score if ways.highest_wins else score)

    counted = {side: sides.count(side) for side in side_won}
    ahead = {side: sum(counted[other] for other in side_won if order(other) < order(side))
             for side in side_won}
    return tuple(Placed(side, ahead[side] + 1, side_won[side]) for side in sides)


def _better(one: Decimal, other: Decimal, ways: Ways) -> Decimal:
    return max(one, other) if ways.highest_wins else min(one, other)


# A score is kept exactly; these bounds keep every one exact as a JSON number too (a double
# holds 15 significant digits), and its text short.
MOST_DIGITS = 15
LARGEST = Decimal(10) ** 12


def exact(score: Decimal) -> bool:
    """Whether a score is within what is kept exactly: finite, under 10^12 in size, at most 15
    significant digits."""
    if not score.is_finite() or abs(score) >= LARGEST:
        return False
    return len(score.normalize().as_tuple().digits) <= MOST_DIGITS


def text_of(score: Decimal) -> str:
    """A score as it is stored and written: plain digits, no exponent, no trailing zeros after
    the point ("12.5", "-3", "100")."""
    text = format(score.normalize(), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def number(score: Decimal) -> int | float:
    """A score as a JSON number, exactly: whole, or a double that reads back as the same
    decimal (exact() bounds every stored score so)."""
    if score == score.to_integral_value():
        return int(score)
    return float(score)
