"""Seating a game night, measured (SPEC section 7): pairs seated together again over 3, 5 and 7
seatings of 12, 16 and 20 players at Banakil's tables of four (partners across), against the
fewest any seating could reach (seating.lower_bound) and a greedy seating alone; and the time a
seating takes. Not part of `make test`: `make bench` runs it.

    .venv/bin/python tests/perf/seating_bench.py [--nights 5]"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from app.services.night.seating import greedy, lower_bound, partnered, repeats, seat, split  # noqa: E402

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
    nights = parser.parse_args().nights
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


if __name__ == "__main__":
    main()
