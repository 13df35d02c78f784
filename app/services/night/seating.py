"""Seating a game night: how many tables of what size, and who sits where. Pure: no Flask, no
database; players are any hashable ids.

**Sizes.** Tables differ by at most one player and each size is one the game allows. All of
`table_size` where it divides the players present (by default the game's largest size that
does); else the fewest tables whose sizes stay at or below `table_size` (default: the largest
size), and failing that the fewest tables at all; None when no split exists.

**Who sits where.** The first seating is at random (seeded). Every later one minimises a cost:
each pair of players put at one table again costs as many times as they already sat together,
and, in a partnership game, each pair made partners again costs that many times more on top
(`PARTNER_WEIGHT`), so that a repeated partnership is avoided before a repeated table-mate.
The search:
1. *Greedy construction*: players in a random order, each put at the table with room where it
   adds the least cost (ties broken at random).
2. *Local search*: random swaps of two players at different tables, each kept unless it
   raises the cost (sideways moves cross plateaus); after `STUCK` swaps without a new best, a
   random perturbation of the best (a few random swaps) and on (iterated local search), until
   the cost is 0 or the budget of evaluated swaps is spent; the best seating found wins.
3. *One seating ahead*: where that seating repeats nothing, up to `AHEAD_TRIES` more searches
   for such seatings, keeping the one whose next seating (a short search) repeats least: three
   seatings of sixteen without repeats are not all the start of five.
The greedy seating is the search's start, so the result never repeats more than it does.
Within a table, the seats are ordered so that the game's partnerships (from its sides, e.g.
Banakil's seats 0 & 2 against 1 & 3) pair the players least often partners before.

**By standings** (`by_standings`, SPEC section 11), as club tournaments seat their later series:
1. *Dealt*: the players in the order of the night's standings (equals shuffled, seeded; a
   player with no standing yet after everyone who has one), dealt in that order into the tables,
   largest first: the first table holds the leaders, the next the ones after them, and so on.
2. *Kept apart*: each pair at one table that has sat together before, taken table by table from
   the top, is parted by swapping the lower of the two (in that order) with the player of the
   next table down, else the next table up, whose place in the order is closest to theirs,
   among the swaps that part them without seating either swapped player with anyone they have
   met before. Each swap takes away at least one meeting and adds none, so the passes end;
   where no swap parts a pair, they meet again.
Nothing moves where no pair meets again: the first table is then exactly the leaders."""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from itertools import combinations, permutations
from typing import Any, TypeVar

P = TypeVar("P", bound=Hashable)
Pair = frozenset[Hashable]
# A seating: tables, each its players in seat order.
Tables = list[list[P]]
# Partnerships per table size: for each size, the groups of seats that form one side (only the
# sides of two or more seats matter).
Partnerships = Mapping[int, Sequence[Sequence[int]]]

PARTNER_WEIGHT = 10
BUDGET = 5000  # swaps evaluated at most, per seating
KICK = 3  # random swaps of one perturbation
STUCK = 400  # swaps without a new best before one
AHEAD_TRIES = 12  # more seatings without repeats weighed by the next one's (step 3)


def split(players: int, allowed: Sequence[int], table_size: int | None = None
          ) -> list[int] | None:
    """The table sizes for `players` (largest first), or None where none exists."""
    sizes = sorted(set(allowed))
    if players < 1 or not sizes:
        return None
    if table_size is None:
        dividing = [size for size in sizes if players % size == 0]
        if dividing:
            return [dividing[-1]] * (players // dividing[-1])
        table_size = sizes[-1]
    elif players % table_size == 0 and table_size in sizes:
        return [table_size] * (players // table_size)
    most = min(table_size, sizes[-1])
    for tables in [*range(-(-players // most), players + 1), *range(1, players + 1)]:
        small, extra = divmod(players, tables)
        shapes = {small, small + 1} if extra else {small}
        if small >= 1 and all(size in sizes for size in shapes):
            return [small + 1] * extra + [small] * (tables - extra)
    return None


def together(seatings: Sequence[Sequence[Sequence[P]]]) -> Counter[Pair]:
    """How often each pair sat at one table."""
    counts: Counter[Pair] = Counter()
    for tables in seatings:
        for table in tables:
            counts.update(frozenset(pair) for pair in combinations(table, 2))
    return counts


def partnered(seatings: Sequence[Sequence[Sequence[P]]], partnerships: Partnerships
              ) -> Counter[Pair]:
    """How often each pair were partners (on one side of a partnership table)."""
    counts: Counter[Pair] = Counter()
    for tables in seatings:
        for table in tables:
            for side in partnerships.get(len(table), ()):
                counts.update(frozenset(pair) for pair in combinations(
                    [table[seat] for seat in side], 2))
    return counts


def repeats(seatings: Sequence[Sequence[Sequence[P]]]) -> int:
    """Pairs at one table again: each pair counts once for each time after its first."""
    return sum(count - 1 for count in together(seatings).values() if count > 1)


def penalty(tables: Sequence[Sequence[P]], history: Sequence[Tables[P]] = (),
            partnerships: Partnerships | None = None) -> int:
    """What the search minimises for one seating after `history` (module doc): each pair at
    one table again, by how often it met, and each partnership again, PARTNER_WEIGHT times."""
    met, partners = together(history), partnered(history, partnerships or {})
    cost = sum(met[frozenset(pair)] for table in tables for pair in combinations(table, 2))
    return cost + PARTNER_WEIGHT * sum(
        partners[frozenset((table[a], table[b]))] for table in tables
        for side in (partnerships or {}).get(len(table), ()) for a, b in combinations(side, 2))


def lower_bound(players: int, sizes: Sequence[int], seatings: int) -> int:
    """The fewest repeats any `seatings` seatings of these sizes can have: the largest of
    - pairs seated beyond all the pairs there are;
    - for each player, table-mates (at least the smallest table's) beyond all the others;
    - the pigeonhole: each later table takes its players from the first seating's tables, so
      at least the pairs of the most even spread of them sat together at the first."""
    pairs = seatings * sum(size * (size - 1) // 2 for size in sizes)
    overall = max(0, pairs - players * (players - 1) // 2)
    each = players * max(0, seatings * (min(sizes) - 1) - (players - 1)) // 2
    spread = 0
    for size in sizes:
        small, extra = divmod(size, len(sizes))
        spread += extra * (small + 1) * small // 2 + (len(sizes) - extra) * small * (small - 1) // 2
    return max(overall, each, max(0, seatings - 1) * spread)


class _Cost:
    """The cost of a table, on players numbered 0..n-1 (matrices, not sets: the search
    evaluates tens of thousands of tables)."""

    def __init__(self, players: Sequence[Hashable], history: Sequence[Sequence[Sequence[Any]]],
                 partnerships: Partnerships):
        index = {player: i for i, player in enumerate(players)}
        n = len(players)
        self.met = [[0] * n for _ in range(n)]
        self.partners = [[0] * n for _ in range(n)]
        self.partnerships = partnerships
        self.pairings = {size: _pairings(size, sides) for size, sides in partnerships.items()}
        for tables in history:
            for table in tables:
                here = [index[p] for p in table if p in index]
                for a, b in combinations(here, 2):
                    self.met[a][b] += 1
                    self.met[b][a] += 1
                known = [index.get(p) for p in table]
                for side in partnerships.get(len(table), ()):
                    for one, other in combinations([known[seat] for seat in side], 2):
                        if one is not None and other is not None:
                            self.partners[one][other] += 1
                            self.partners[other][one] += 1

    def table(self, table: Sequence[int]) -> int:
        met = self.met
        cost = sum(met[a][b] for a, b in combinations(table, 2))
        if len(table) in self.pairings:
            cost += PARTNER_WEIGHT * min(self.partner_cost(table, order)
                                         for order in self.pairings[len(table)])
        return cost

    def partner_cost(self, table: Sequence[int], order: Sequence[int]) -> int:
        partners = self.partners
        return sum(partners[table[order[a]]][table[order[b]]]
                   for side in self.partnerships[len(table)]
                   for a, b in combinations(side, 2))

    def after(self, tables: Sequence[Sequence[int]]) -> _Cost:
        """This cost once `tables` (each in seat order) have been played too."""
        later = copy.copy(self)
        later.met = [row[:] for row in self.met]
        later.partners = [row[:] for row in self.partners]
        for table in tables:
            for a, b in combinations(table, 2):
                later.met[a][b] += 1
                later.met[b][a] += 1
            for side in self.partnerships.get(len(table), ()):
                for a, b in combinations([table[seat] for seat in side], 2):
                    later.partners[a][b] += 1
                    later.partners[b][a] += 1
        return later

    def ordered(self, table: Sequence[int]) -> list[int]:
        """The table's seat order whose partnerships repeat least (as given where none
        matter)."""
        if len(table) not in self.pairings:
            return list(table)
        order = min(self.pairings[len(table)], key=lambda order: self.partner_cost(table, order))
        return [table[seat] for seat in order]


def _pairings(size: int, sides: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """One seat order for each distinct way of making partners at a table of `size`."""
    found: dict[frozenset[frozenset[int]], tuple[int, ...]] = {}
    for order in permutations(range(size)):
        key = frozenset(frozenset(order[seat] for seat in side) for side in sides)
        found.setdefault(key, order)
    return list(found.values())


def greedy(players: Sequence[P], sizes: Sequence[int], history: Sequence[Tables[P]] = (),
           partnerships: Partnerships | None = None, seed: int | None = None) -> Tables[P]:
    """Step 1 alone: each player, in a random order, at the table where they add least."""
    return seat(players, sizes, history, partnerships, seed, budget=0)


def _greedy(players: int, sizes: Sequence[int], cost: _Cost,
            rng: random.Random) -> list[list[int]]:
    order = list(range(players))
    rng.shuffle(order)
    tables: list[list[int]] = [[] for _ in sizes]
    met = cost.met
    for player in order:
        open_ = [i for i, size in enumerate(sizes) if len(tables[i]) < size]
        added = {i: sum(met[player][other] for other in tables[i]) for i in open_}
        least = min(added.values())
        choice = rng.choice([i for i in open_ if added[i] == least])
        tables[choice].append(player)
    return tables


def seat(players: Sequence[P], sizes: Sequence[int], history: Sequence[Tables[P]] = (),
         partnerships: Partnerships | None = None, seed: int | None = None,
         budget: int = BUDGET) -> Tables[P]:
    """The next seating of `players` at tables of `sizes` (as split() gives them), after the
    seatings of `history`: at random when no pair has met yet, else searched (module doc).
    A `budget` of 0 is the greedy construction alone."""
    if sum(sizes) != len(players) or len(set(players)) != len(players):
        raise ValueError("the sizes must seat every player exactly once")
    rng = random.Random(seed)
    cost = _Cost(players, history, partnerships or {})
    tables = _greedy(len(players), sizes, cost, rng)
    if history and budget:
        tables = _look_ahead(_search(tables, cost, rng, budget), cost, sizes, rng, budget)
    return [[players[i] for i in cost.ordered(table)] for table in tables]


def _look_ahead(tables: list[list[int]], cost: _Cost, sizes: Sequence[int],
                rng: random.Random, budget: int) -> list[list[int]]:
    """Step 3: a seating without repeats may leave none for the next one (sixteen at four
    tables: some three such seatings admit no fourth without repeats, though five exist).
    Among the seatings without repeats that a few more searches find, the one whose next
    seating (as a short search finds it) repeats least."""
    if sum(cost.table(table) for table in tables) > 0:
        return tables
    best, best_next = tables, _next_cost(tables, cost, sizes, rng, budget)
    for _ in range(AHEAD_TRIES):
        if best_next == 0:
            break
        other = _search(_greedy(len(cost.met), sizes, cost, rng), cost, rng, budget // 2)
        if sum(cost.table(table) for table in other) == 0:
            then = _next_cost(other, cost, sizes, rng, budget)
            if then < best_next:
                best, best_next = other, then
    return best


def _next_cost(tables: list[list[int]], cost: _Cost, sizes: Sequence[int],
               rng: random.Random, budget: int) -> int:
    later = cost.after([cost.ordered(table) for table in tables])
    found = _search(_greedy(len(later.met), sizes, later, rng), later, rng, budget // 5)
    return sum(later.table(table) for table in found)


def _search(tables: list[list[int]], cost: _Cost, rng: random.Random, budget: int
            ) -> list[list[int]]:
    """Random swaps of two players at different tables, each kept unless it raises the cost
    (sideways moves let the search cross plateaus); after STUCK swaps without a new best, a
    few random swaps of the best seating (a kick), and on. The best seating seen wins."""
    current = [table[:] for table in tables]
    costs = [cost.table(table) for table in current]
    best, best_total = [table[:] for table in current], sum(costs)
    since_best = 0
    for _ in range(budget if len(current) > 1 else 0):
        if best_total == 0:
            break
        a, b = rng.sample(range(len(current)), 2)
        i, j = rng.randrange(len(current[a])), rng.randrange(len(current[b]))
        new_a, new_b = current[a][:], current[b][:]
        new_a[i], new_b[j] = current[b][j], current[a][i]
        cost_a, cost_b = cost.table(new_a), cost.table(new_b)
        if cost_a + cost_b <= costs[a] + costs[b]:
            current[a], current[b], costs[a], costs[b] = new_a, new_b, cost_a, cost_b
        if sum(costs) < best_total:
            best, best_total, since_best = [table[:] for table in current], sum(costs), 0
            continue
        since_best += 1
        if since_best >= STUCK:
            current, since_best = [table[:] for table in best], 0
            for _ in range(KICK):
                a, b = rng.sample(range(len(current)), 2)
                i, j = rng.randrange(len(current[a])), rng.randrange(len(current[b]))
                current[a][i], current[b][j] = current[b][j], current[a][i]
            costs = [cost.table(table) for table in current]
    return best


def by_standings(players: Sequence[P], sizes: Sequence[int], history: Sequence[Tables[P]],
                 ranks: Mapping[P, int], partnerships: Partnerships | None = None,
                 seed: int | None = None) -> Tables[P]:
    """The next seating of `players` by the night's standings (`ranks`: 1 is best, equals
    share one; a player missing from it ranks last), after the seatings of `history`: dealt
    in that order, strongest table first, then pairs that met before parted by swaps between
    neighbouring tables (module doc)."""
    if sum(sizes) != len(players) or len(set(players)) != len(players):
        raise ValueError("the sizes must seat every player exactly once")
    rng = random.Random(seed)
    last = max(ranks.values(), default=0) + 1
    shuffled = list(players)
    rng.shuffle(shuffled)  # equals in random order: sorted() keeps the shuffle among them
    order = sorted(shuffled, key=lambda player: ranks.get(player, last))
    cost = _Cost(order, history, partnerships or {})
    tables = dealt(len(order), sizes)
    _part(tables, cost.met)
    return [[order[i] for i in cost.ordered(sorted(table))] for table in tables]


def dealt(players: int, sizes: Sequence[int]) -> list[list[int]]:
    """Step 1: places 0..players-1 in order, the first sizes[0] at the first table, and on."""
    tables, start = [], 0
    for size in sizes:
        tables.append(list(range(start, start + size)))
        start += size
    return tables


def _part(tables: list[list[int]], met: Sequence[Sequence[int]]) -> None:
    """Step 2, in place: players are their places in the standings' order (0 leads)."""

    def clashes(player: int, table: Sequence[int], leaving: int) -> bool:
        return any(met[player][other] for other in table if other not in (player, leaving))

    moved = True
    while moved:
        moved = False
        for t, table in enumerate(tables):
            for a, b in combinations(sorted(table), 2):
                if met[a][b] and _swapped(tables, t, b, clashes):
                    moved = True  # the table changed: its pairs are read again
                    break
            if moved:
                break


def _swapped(tables: list[list[int]], t: int, lower: int,
             clashes: Callable[[int, Sequence[int], int], bool]) -> bool:
    """`lower` (at table t) swapped with the closest place of the next table down, else up,
    whose swap seats neither with anyone they met before; False where no swap does."""
    table = tables[t]
    for n in (t + 1, t - 1):
        if not 0 <= n < len(tables):
            continue
        fits = [other for other in tables[n] if not clashes(lower, tables[n], other)
                and not clashes(other, table, lower)]
        if fits:
            other = min(fits, key=lambda o: (abs(o - lower), o))
            table[table.index(lower)] = other
            tables[n][tables[n].index(other)] = lower
            return True
    return False
