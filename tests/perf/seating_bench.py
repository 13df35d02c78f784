"""Seating a game night, measured (SPEC section 7): pairs seated together again over 3, 5 and 7
seatings of 12, 16 and 20 players at Banakil's tables of four (partners across), against the
fewest any seating could reach (seating.lower_bound) and a greedy seating alone; and the time a
seating takes. Then seating by standings (SPEC section 11): five seatings of 16 and of 24
players at tables of four, each table's results drawn from the players' strengths with luck
(so the standings move), the standings as a night keeps them (won, points, opponents): the
pairs seated together again, and how far anyone sits from their standings' table (the table
the deal put them at). Not part of `make test`: `make bench` runs it.

    .venv/bin/python tests/perf/seating_bench.py [--nights 5]"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from app.services.night.seating import (  # noqa: E402
    by_standings,
    dealt,
    greedy,
    lower_bound,
    partnered,
    repeats,
    seat,
    split,
)

PARTNERS = {4: [[0, 2], [1, 3]]}


def night(players: int, seatings: int, seed: int, search: bool) -> tuple[list, float]:
    sizes = split(players, range(2, 5))
    assert sizes is not None
    history: list = []
    took = 0.0
    for number in range(seatings):
        start = time.perf_counter()
        how = seat if search else greedy
        history.append(how(list(range(players)), sizes, history, PARTNERS,
                           seed=seed * 100 + number))
        took = max(took, time.perf_counter() - start)
    return history, took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nights", type=int, default=5, help="nights per row (seeds)")
    parser.add_argument("--standings-only", action="store_true",
                        help="only seating by standings")
    args = parser.parse_args()
    nights = args.nights
    if args.standings_only:
        standings_section(nights)
        return
    print("players  seatings  bound  searched (mean, worst)  greedy (mean)  partners twice  "
          "slowest seating")
    for players in (12, 16, 20):
        sizes = split(players, range(2, 5)) or []
        for seatings in (3, 5, 7):
            found, plain, twice, slowest = [], [], [], 0.0
            for seed in range(nights):
                history, took = night(players, seatings, seed, True)
                found.append(repeats(history))
                twice.append(sum(c - 1 for c in partnered(history, PARTNERS).values() if c > 1))
                slowest = max(slowest, took)
                plain.append(repeats(night(players, seatings, seed, False)[0]))
            print(f"{players:7}  {seatings:8}  {lower_bound(players, sizes, seatings):5}  "
                  f"{statistics.mean(found):8.1f}, {max(found):4}         "
                  f"{statistics.mean(plain):8.1f}       {statistics.mean(twice):8.1f}        "
                  f"{slowest * 1000:6.0f} ms")
    standings_section(nights)


def ranks_of(tally: dict[int, list[int]]) -> dict[int, int]:
    """The night's standings' ranks: by won, then points, then opponents; equals share."""
    order = sorted(tally, key=lambda p: tuple(-x for x in tally[p][:3]))
    ranks: dict[int, int] = {}
    for place, player in enumerate(order, start=1):
        before = order[place - 2] if place > 1 else None
        same = before is not None and tally[before][:3] == tally[player][:3]
        ranks[player] = ranks[before] if same and before is not None else place
    return ranks


def standings_night(players: int, seatings: int, seed: int) -> tuple[list, list[int]]:
    """One night seated by standings: its seatings, and how many tables each player sat from
    the table the deal gave them, at every later seating."""
    rng = random.Random(seed)
    strength = {p: rng.gauss(0, 1) for p in range(players)}
    sizes = split(players, range(2, 5), 4) or []
    tally = {p: [0, 0, 0] for p in range(players)}
    history: list = []
    away: list[int] = []
    for number in range(seatings):
        if number == 0:
            tables = seat(list(range(players)), sizes, seed=seed)
        else:
            ranks = ranks_of(tally)
            tables = by_standings(list(range(players)), sizes, history, ranks,
                                  seed=seed * 100 + number)
            order = sorted(range(players), key=lambda p: (ranks[p], p))
            # Equals are dealt in random order: a player's standings' table is any table the
            # deal may give one of their rank.
            deal = dealt(players, sizes)
            could = {p: {t for t, table in enumerate(deal) for i in table
                         if ranks[order[i]] == ranks[p]} for p in order}
            at = {p: t for t, table in enumerate(tables) for p in table}
            away += [min(abs(at[p] - t) for t in could[p]) for p in order]
        history.append(tables)
        for player in tally:
            tally[player][2] = 0
        for table in tables:
            finish = sorted(table, key=lambda p: -(strength[p] + rng.gauss(0, 1)))
            for place, player in enumerate(finish):
                tally[player][0] += place == 0
                tally[player][1] += len(finish) - 1 - place
        for earlier in history:  # opponents: everyone sat against, their points now
            for table in earlier:
                for player in table:
                    tally[player][2] += sum(tally[o][1] for o in table if o != player)
    return history, away


def standings_section(nights: int) -> None:
    print("\nSeating by standings (SPEC section 11), 5 seatings at tables of four, "
          f"{nights} nights each")
    print("players  pairs again (mean, worst)  mixed's  sat at their standings' table  "
          "one table away  further")
    for players in (16, 24):
        again, mixed, away = [], [], []
        for seed in range(nights):
            history, moved = standings_night(players, 5, seed)
            again.append(repeats(history))
            away += moved
            sizes = split(players, range(2, 5), 4) or []
            plain: list = []
            for number in range(5):
                plain.append(seat(list(range(players)), sizes, plain, seed=seed * 10 + number))
            mixed.append(repeats(plain))
        share = [sum(1 for a in away if test(a)) / len(away) for test in (
            lambda a: a == 0, lambda a: a == 1, lambda a: a > 1)]
        print(f"{players:7}  {statistics.mean(again):10.1f}, {max(again):4}          "
              f"{statistics.mean(mixed):5.1f}    {share[0]:27.0%}  {share[1]:14.0%}  "
              f"{share[2]:7.0%}")


if __name__ == "__main__":
    main()
