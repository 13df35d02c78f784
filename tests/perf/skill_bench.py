"""`make bench`, ratings and the result card (SPEC section 8): a group of 10,000 banked matches
rated, and a card drawn.

Starts gunicorn on loopback (tests/launcher.py) with a group of 10,000 banked four-player
matches (two imports of 5,000, the most one import takes, joined into one group in the database)
and ratings on. Measures: the ratings recomputed after the bank changed (the first read at a new
version: the bank read and every match rated), and openskill's rating of the 10,000 alone, in
this process; then the kept read under load as a ratio to a one-row request (/health); then a
card drawn (in this process, and its first read over HTTP) and its size."""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
import bank_bench  # noqa: E402
from launcher import Server, request  # noqa: E402

HALF = 5_000  # the most matches one import takes (services/bank/imports.py)


def joined_group(server: Server) -> dict:
    """One group of 2 × HALF banked matches: the second import's matches moved into the first
    group, their seats onto its roster (the same names), the group's version bumped."""
    first = bank_bench.seed(server.port, HALF)
    second = bank_bench.seed(server.port, HALF)
    path = server.database_url.removeprefix("sqlite:///")
    with sqlite3.connect(path) as db:
        db.execute("""UPDATE seat SET player_id = (
                        SELECT mine.id FROM player AS mine JOIN player AS theirs
                        ON mine.folded = theirs.folded
                        WHERE theirs.id = seat.player_id AND mine.group_id = ?)
                      WHERE match_id IN (SELECT id FROM "match" WHERE group_id = ?)""",
                   (first["id"], second["id"]))
        db.execute('UPDATE "match" SET group_id = ? WHERE group_id = ?',
                   (first["id"], second["id"]))
        db.execute('UPDATE "group" SET version = version + 1 WHERE id = ?', (first["id"],))
    reply = request(server.port, "PATCH", f"/api/v1/groups/{first['id']}", first["owner"],
                    json_body={"ratings": True})
    assert reply.status == 200, reply.body[:300]
    first["version"] = reply.json()["version"]
    banked, page = len(reply.json()["matches"]), reply.json()["next"]
    while page:  # the bank is read a page at a time (SPEC section 6)
        answer = request(server.port, "GET", page, first["owner"]).json()
        banked, page = banked + len(answer["matches"]), answer["next"]
    assert banked == 2 * HALF
    return first


def rated_alone(matches: int) -> float:
    """Seconds openskill takes to rate `matches` four-player matches, in this process."""
    from datetime import UTC, datetime, timedelta

    from app.services.bank.banking import Bank, Finish, Summary
    from app.services.bank.ratings import rate

    start = datetime(2026, 1, 1, tzinfo=UTC)
    summaries = tuple(
        Summary(f"m{n:05}", "generic", "x", start + timedelta(minutes=n),
                start + timedelta(minutes=n), 3, None, None, False, "v",
                tuple(Finish(1 + (n + k) % 8, "P", seat, seat, 0, 1 + (n * 3 + seat) % 4,
                             (n * 3 + seat) % 4 == 0)
                      for seat, k in enumerate((0, 2, 3, 5))))
        for n in range(matches))
    bank = Bank("g", "G", 1, tuple((i, f"P{i}") for i in range(1, 9)), summaries, True)
    began = time.perf_counter()
    rate(bank, "generic")
    return time.perf_counter() - began


def card_drawn(runs: int) -> dict[str, tuple[float, int]]:
    """Milliseconds to draw a four-side card (median of `runs`) and its bytes, per language."""
    from app.web.card import Card, Row, draw_card

    fonts = "/usr/share/fonts/truetype/dejavu"
    found = {}
    for language, words in (("en", ("Free score sheet", "Ana and Ben won")),
                            ("ar", ("ورقة نقاط حرة", "فاز Ana و سلمى"))):
        card = Card(words[0], None, tuple(Row(str(place), name, str(total), place == 1)
                                          for place, name, total in
                                          ((1, "Ana", 31), (1, "سلمى", 31), (3, "Ben", 20),
                                           (4, "Dee", 12))),
                    words[1], "2 December 2026", "The Thursday table", "SquareScores",
                    language, language == "ar")
        times, size = [], 0
        for _ in range(runs):
            began = time.perf_counter()
            size = len(draw_card(card, fonts))
            times.append((time.perf_counter() - began) * 1000)
        found[language] = (statistics.median(times), size)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="squarescores-skill-"))
    server = Server(folder, access_log=False, env={"SQL_STATEMENTS_HEADER": "1"})
    server.start()
    try:
        group = joined_group(server)
        ratings = f"/api/v1/groups/{group['id']}/ratings?game=generic"
        began = time.perf_counter()
        first = request(server.port, "GET", ratings, group["token"], timeout=600)
        recomputed = time.perf_counter() - began
        assert first.status == 200, first.body[:300]
        # Each of the two workers rates once; then every read is kept.
        for _ in range(4):
            request(server.port, "GET", ratings, group["token"], timeout=600)
        statements = int(request(server.port, "GET", ratings, group["token"])
                         .headers["X-SQL-Statements"])
        # bank_bench's load, with its (g) request read as the ratings (kept) instead.
        bank_bench._request_for = lambda scenario, g: (  # type: ignore[assignment]
            ("/health", None, bank_bench.PHONE) if scenario == "a"
            else (ratings, g["token"], bank_bench.PHONE))
        floor = bank_bench.load(server.port, "a", group, args.clients, args.seconds,
                                args.processes)
        read = bank_bench.load(server.port, "g", group, args.clients, args.seconds,
                               args.processes)
        match = bank_bench.seed(server.port, 1)
        banked = request(server.port, "GET", f"/api/v1/groups/{match['id']}",
                         match["token"]).json()["matches"][0]["view_token"]
        began = time.perf_counter()
        card = request(server.port, "GET", f"/m/{banked}/card.png?lang=ar")
        card_http = (time.perf_counter() - began) * 1000
        assert card.status == 200
    finally:
        server.stop()
    alone = rated_alone(2 * HALF)
    drawn = card_drawn(20)
    print(f"\nRatings and the result card: a group of {2 * HALF:,} banked four-player matches "
          f"rated (openskill {__import__('openskill').__version__}, Plackett-Luce), gunicorn "
          f"2 gevent workers, SQLite, {args.clients} clients, {args.seconds:g} s\n")
    print("| measure | figure |")
    print("|---|---:|")
    print(f"| ratings recomputed at a new version (first read: bank read and every match "
          f"rated) | {recomputed:.2f} s |")
    print(f"| openskill rating the {2 * HALF:,} matches alone (in process) | {alone:.2f} s |")
    print(f"| ratings read, kept: req/s (vs /health {floor['rps']:.0f}) | {read['rps']:.0f} "
          f"({read['rps'] / floor['rps']:.0%}) |")
    print(f"| ratings read, kept: p50 / p99 ms | {read['p50']:.1f} / {read['p99']:.1f} |")
    print(f"| ratings read, kept: SQL statements | {statements} |")
    for language, (ms, size) in drawn.items():
        print(f"| card drawn ({language}, four sides), median of 20 | {ms:.0f} ms, "
              f"{size / 1024:.0f} KB |")
    print(f"| card's first read over HTTP (ar: drawn, then kept) | {card_http:.0f} ms, "
          f"{len(card.body) / 1024:.0f} KB |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
