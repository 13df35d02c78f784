"""`make bench`'s limits (SPEC section 6): the largest match and the largest import, each beside
the one-row request (/health) of the same server.

(a) A Banakil match of 1,000 rounds, written straight into the server's database as a long
evening would have left it: every read of it (API GET, the sheet for the host and a viewer, the
table view, a round's page, the CSV) drawn the first time, then again at the same version.
(b) The largest import (5 MiB: 5,000 free-sheet matches of 10 rounds at 12 seats), accepted and
refused at its last match, on one worker, with /health asked every 100 ms beside it."""

from __future__ import annotations

import json
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from launcher import Server, request  # noqa: E402

ROUNDS = 1000


def _timed(port: int, method: str, path: str, token: str | None = None, **kwargs) -> float:
    started = time.perf_counter()
    status = request(port, method, path, token, timeout=120, **kwargs).status
    assert status < 400, (path, status)
    return time.perf_counter() - started


def _floor(port: int) -> float:
    """The one-row request's time, the best of 20."""
    return min(_timed(port, "GET", "/health") for _ in range(20))


def _long_match(server: Server, rounds: int = ROUNDS) -> dict:
    """A Banakil match of `rounds` rounds, its rows written into the server's own database."""
    reply = request(server.port, "POST", "/api/v1/matches", json_body={
        "game": "banakil", "players": ["Ana", "Ben"], "options": {"target": 1_000_000}})
    made = reply.json()
    from app import create_app
    from app.extensions import db
    from app.games import GAMES
    from app.models import Entry, Match, Round
    from config import TestConfig

    class Straight(TestConfig):
        SQLALCHEMY_DATABASE_URI = server.database_url

    app = create_app(Straight)
    game = GAMES["banakil"]
    with app.app_context():
        match = db.session.get(Match, made["id"])
        for number in range(1, rounds + 1):
            hands = [{"score": 22, "went_out": True} if seat == number % 2 else {"score": -3}
                     for seat in range(2)]
            match.rounds.append(Round(number=number, common={}, entries=[
                Entry(seat=seat, data=game.parse_part(hand, seat, match.options))
                for seat, hand in enumerate(hands)]))
        match.version += 1
        db.session.commit()
        db.engine.dispose()
    return made


def long_match(folder: Path) -> None:
    with Server(folder / "long", access_log=False) as server:
        made = _long_match(server)
        host, view = made["tokens"]["host"], made["tokens"]["view"]
        reads = {
            "API GET": ("GET", f"/api/v1/matches/{made['id']}", view),
            "sheet (viewer)": ("GET", f"/m/{view}", None),
            "sheet (host)": ("GET", f"/m/{host}", None),
            "table view": ("GET", f"/m/{view}/table", None),
            "a round's page": ("GET", f"/m/{host}/round/{ROUNDS // 2}", None),
            "a hand's page": ("GET", f"/m/{host}/round/{ROUNDS}/hand/0", None),
            "its live preview": ("GET", f"/m/{host}/round/{ROUNDS}/hand/0/preview?mode=score"
                                        "&score=15", None),
            "details and history": ("GET", f"/m/{host}/details", None),
            "CSV (page)": ("GET", f"/m/{view}/export.csv", None),
            "CSV (API)": ("GET", f"/api/v1/matches/{made['id']}/export.csv", view),
        }
        floor = _floor(server.port)
        print(f"\nA Banakil match of {ROUNDS:,} rounds, read on 2 gevent workers (each worker "
              f"draws a version once). The one-row request: {floor * 1000:.1f} ms.\n")
        print("| read | first ms | again ms (best of 4) | again vs one-row |")
        print("|---|---:|---:|---:|")
        slowest = 0.0
        for name, (method, path, token) in reads.items():
            # Twice first: one worker each, so that "again" is kept on both.
            first = max(_timed(server.port, method, path, token) for _ in range(2))
            again = min(_timed(server.port, method, path, token) for _ in range(4))
            slowest = max(slowest, first)
            print(f"| {name} | {first * 1000:.0f} | {again * 1000:.1f} | "
                  f"{again / floor:.1f}× |")
        print(f"\n{'met ' if slowest < 1 else 'MISSED'} every read within 1 s "
              f"(slowest {slowest * 1000:.0f} ms)")


def largest_import_body(broken_last: bool = False) -> bytes:
    """The body of the largest import the limits allow, or one refused at its last match."""
    roster = [{"id": n, "name": f"P{n}"} for n in range(12)]
    match = {"game": "generic", "name": "A match", "options": {"rounds": 10},
             "players": [{"seat": n, "name": f"P{n}", "player": n} for n in range(12)],
             "rounds": [{"scores": [(r * 7 + n) % 10 for n in range(12)]} for r in range(10)],
             "started_at": "2026-01-01T19:00:00+00:00", "banked_at": "2026-01-01T22:00:00+00:00"}
    matches = [match] * 5000
    if broken_last:
        matches = matches[:-1] + [match | {"rounds": match["rounds"][:-1] + [{"scores": ["x"]}]}]
    return json.dumps({"format": "squarescores-group", "format_version": 1, "name": "Club",
                       "players": roster, "matches": matches}, separators=(",", ":")).encode()


def largest_import(folder: Path) -> None:
    print("\nThe largest import (5,000 matches × 10 rounds × 12 seats) on one gevent worker, "
          "/health asked every 100 ms beside it.\n")
    print("| import | its size | answered | took s | /health slowest ms | /health p50 ms |")
    print("|---|---:|---:|---:|---:|---:|")
    met = True
    for broken in (False, True):
        with Server(folder / f"import-{broken}", workers=1, access_log=False) as server:
            body, answer, health = largest_import_body(broken), {}, []

            def post(port: int, body: bytes, answer: dict) -> None:
                answer["status"] = request(
                    port, "POST", "/api/v1/groups/import", body=body, timeout=600,
                    headers={"Content-Type": "application/json"}).status

            posting = threading.Thread(target=post, args=(server.port, body, answer))
            started = time.perf_counter()
            posting.start()
            while posting.is_alive():
                health.append(_timed(server.port, "GET", "/health"))
                time.sleep(0.1)
            posting.join()
            took = time.perf_counter() - started
            health.sort()
            killed = "WORKER TIMEOUT" in server.log_text()
            met = met and health[-1] < 1 and not killed
            print(f"| {'refused at its last match' if broken else 'accepted'} | "
                  f"{len(body) / 2**20:.1f} MiB | {answer['status']} | {took:.1f} | "
                  f"{health[-1] * 1000:.0f} | {health[len(health) // 2] * 1000:.0f} |"
                  + (" worker killed |" if killed else ""))
    print(f"\n{'met ' if met else 'MISSED'} /health within 1 s beside the import, no worker "
          "killed")


def limits(folder: Path) -> None:
    long_match(folder)
    largest_import(folder)
