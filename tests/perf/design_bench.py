"""`bench.py --sections designs`: a sheet for any game (SPEC section 10) under the goals the other
games meet, as ratios to a bare Flask app's request in the same run (cpu_bench.py's way).

(a) The server's CPU per request: the API GET of a designed tally of 12 players and 40 rows
(every kind of row: numbers, counts, checks, choices, formulas and ranks), whose goal is ≤ 2×
the floor, as a match's GET; a round POST on a rounds design (the gallery's Wizard, 4 players,
up to 28 rounds a match as a free sheet's bench), ≤ 5× as the free sheet's; and the same 999
rounds in (its thousandth round, taken back by a DELETE that is not counted), ≤ 20× as
Banakil's 1,000th round. Beside them, no goal: that POST on a design of 40 rows, whose answer
(the whole match, as every write answers) is 2.9 MB.
(b) The largest designed match the limits allow (1,000 rounds, 12 players, 40 rows): every read
of it within 1 s (SPEC section 6), first and again at the same version."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
import cpu_bench  # noqa: E402
from launcher import Server, request  # noqa: E402
from limits_bench import _floor, _timed  # noqa: E402

PLAYERS = 12
LONG = 999


def forty_rows(scoring: str = "game") -> dict:
    """A design of 40 rows, six of each kind and more numbers: what a long score pad holds."""
    rows: list[dict] = []
    for n in range(10):
        rows.append({"key": f"n{n}", "label": f"Number {n}", "kind": "number", "min": 0,
                     "max": 100})
    for n in range(8):
        rows.append({"key": f"c{n}", "label": f"Count {n}", "kind": "count", "max": 20,
                     "points": n + 1})
    for n in range(6):
        rows.append({"key": f"k{n}", "label": f"Check {n}", "kind": "check", "points": 5 * n})
    for n in range(6):
        rows.append({"key": f"o{n}", "label": f"Choice {n}", "kind": "choice", "options": [
            {"label": "low", "points": 0}, {"label": "mid", "points": 5},
            {"label": "high", "points": 10}]})
    for n in range(5):
        rows.append({"key": f"f{n}", "label": f"Formula {n}", "kind": "formula",
                     "formula": f"if(n{n} + c{n} >= 20, n{n} * 2 + c{n}, max(n{n}, c{n}))"})
    for n in range(5):
        rows.append({"key": f"r{n}", "label": f"Rank {n}", "kind": "rank", "of": f"f{n}",
                     "points": [10, 6, 3], "ties": "split" if n % 2 else "share"})
    design = {"name": "Forty rows", "players": [1, PLAYERS], "scoring": scoring, "rows": rows,
              "tiebreak": [{"row": "n0", "order": "most"}]}
    return design


def line(seat: int, number: int = 0) -> dict:
    """One player's typed rows, different at each seat and round."""
    typed: dict = {}
    for n in range(10):
        typed[f"n{n}"] = (seat * 7 + number * 3 + n) % 101
    for n in range(8):
        typed[f"c{n}"] = (seat + number + n) % 21
    for n in range(6):
        typed[f"k{n}"] = (seat + number + n) % 2 == 0
    for n in range(6):
        typed[f"o{n}"] = (seat + n + number) % 3
    return typed


def _match(port: int, design: dict, players: int = PLAYERS) -> dict:
    reply = request(port, "POST", "/api/v1/matches", json_body={
        "game": "custom", "design": design, "players": [f"P{i}" for i in range(players)]})
    assert reply.status == 201, reply.body
    return reply.json()


def _written(server: Server, made: dict, rounds: int, players: int, typed=line) -> None:
    """`rounds` rounds of a design's match written straight into the server's database."""
    from app import create_app
    from app.extensions import db
    from app.games import GAMES
    from app.models import Entry, Match, Round
    from config import TestConfig

    class Straight(TestConfig):
        SQLALCHEMY_DATABASE_URI = server.database_url

    app = create_app(Straight)
    game = GAMES["custom"]
    with app.app_context():
        match = db.session.get(Match, made["id"])
        for number in range(1, rounds + 1):
            match.rounds.append(Round(number=number, common={}, entries=[
                Entry(seat=seat, data=game.parse_part(typed(seat, number), seat, match.options))
                for seat in range(players)]))
        match.version += 1
        db.session.commit()
        db.engine.dispose()


def cpu(requests: int, long_requests: int) -> dict[str, tuple[float, float]]:
    """Each kind's CPU per request and the floor's beside it, in seconds."""
    folder = Path(tempfile.mkdtemp(prefix="squarescores-designs-"))
    results: dict[str, tuple[float, float]] = {}
    with Server(folder / "bare", access_log=False, app="bare_app:app",
                env={"PYTHONPATH": str(Path(__file__).resolve().parent)}) as bare, \
            Server(folder / "ours", access_log=False) as ours:
        tally = _match(ours.port, forty_rows())
        reply = request(ours.port, "POST", f"/api/v1/matches/{tally['id']}/rounds",
                        tally["tokens"]["host"],
                        {"players": [line(seat) for seat in range(PLAYERS)]})
        assert reply.status == 201 and reply.json()["status"] == "over", reply.body
        path, view = f"/api/v1/matches/{tally['id']}", tally["tokens"]["view"]

        def get(connection, i):
            cpu_bench._expect(cpu_bench._send(connection, "GET", path, view), 200, "a GET")

        results["get"] = cpu_bench.beside(bare, ours, get, requests)
        banakil = request(ours.port, "POST", "/api/v1/matches", json_body={
            "game": "banakil", "players": ["Ana", "Ben", "Cy", "Dee"],
            "options": {"target": 1_000_000}}).json()
        goer = {"melded": {"7-K": 6, "A": 2}, "went_out": True}
        hand = {"melded": {"3-6": 3, "7-K": 4}, "in_hand": {"A": 1}}
        for n in range(40):
            request(ours.port, "POST", f"/api/v1/matches/{banakil['id']}/rounds",
                    banakil["tokens"]["host"],
                    {"dead": False, "hands": [goer if s == n % 4 else hand for s in range(4)]})

        def get_banakil(connection, i):
            cpu_bench._expect(cpu_bench._send(connection, "GET",
                                              f"/api/v1/matches/{banakil['id']}",
                                              banakil["tokens"]["host"]), 200, "a GET")

        results["get_banakil"] = cpu_bench.beside(bare, ours, get_banakil, requests)

        wizards = [_match(ours.port, "wizard", 4)
                   for _ in range((requests + 50) // cpu_bench.ROUNDS_PER_MATCH + 1)]

        def post(connection, i):
            match = wizards[i // cpu_bench.ROUNDS_PER_MATCH]
            body = {"players": [wizard_line(seat, i) for seat in range(4)]}
            cpu_bench._expect(cpu_bench._send(connection, "POST",
                                              f"/api/v1/matches/{match['id']}/rounds",
                                              match["tokens"]["host"], body), 201,
                              "a round POST on Wizard")

        results["post"] = cpu_bench.beside(bare, ours, post, requests)
        sheets = [request(ours.port, "POST", "/api/v1/matches", json_body={
            "game": "generic", "players": ["A", "B", "C", "D"]}).json()
            for _ in range((requests + 50) // cpu_bench.ROUNDS_PER_MATCH + 1)]

        def post_free(connection, i):
            sheet = sheets[i // cpu_bench.ROUNDS_PER_MATCH]
            cpu_bench._expect(cpu_bench._send(connection, "POST",
                                              f"/api/v1/matches/{sheet['id']}/rounds",
                                              sheet["tokens"]["host"],
                                              {"scores": [i % 7, 3, -2, 0]}), 201,
                              "a free sheet's round POST")

        results["post_free"] = cpu_bench.beside(bare, ours, post_free, requests)
        for key, design, typed in (("post_long", "wizard", wizard_line),
                                   ("post_wide", forty_rows("rounds"), line)):
            results[key] = _long_posts(bare, ours, design, typed, long_requests)
    return results


def wizard_line(seat: int, number: int = 0) -> dict:
    return {"bid": (seat + number) % 4, "tricks": (seat * number) % 4}


def _long_posts(bare: Server, ours: Server, design: dict | str, typed, count: int
                ) -> tuple[float, float]:
    """A round POST on a rounds design LONG rounds in (4 players), each taken back."""
    players = 4
    rounds = _match(ours.port, design, players)
    _written(ours, rounds, LONG, players, typed)
    long_path, host = f"/api/v1/matches/{rounds['id']}/rounds", rounds["tokens"]["host"]
    body = {"players": [typed(seat, LONG + 1) for seat in range(players)]}

    def post(connection, i):
        cpu_bench._expect(cpu_bench._send(connection, "POST", long_path, host, body), 201,
                          "a round POST on the long design")

    def take_back(connection, i):
        cpu_bench._expect(cpu_bench._send(connection, "DELETE", f"{long_path}/{LONG + 1}",
                                          host), 200, "its last round deleted")

    return cpu_bench.beside(bare, ours, post, count, block=10, warm=5, between=take_back)


NAMES = {"get": f"the API GET of a designed tally ({PLAYERS} players, 40 rows)",
         "get_banakil": "beside it, the API GET of a Banakil match (4 players, 40 rounds)",
         "post": f"a round POST on the gallery's Wizard (4 players, up to "
                 f"{cpu_bench.ROUNDS_PER_MATCH} rounds)",
         "post_free": "beside it, a free sheet's round POST (4 players, up to "
                      f"{cpu_bench.ROUNDS_PER_MATCH} rounds)",
         "post_long": f"a round POST on the gallery's Wizard, {LONG:,} rounds in (4 players)",
         "post_wide": f"a round POST on a rounds design of 40 rows, {LONG:,} rounds in "
                      "(4 players; its answer is 2.9 MB)"}
GOALS = {"get": 2, "post": 5, "post_long": 20}


def report(results: dict[str, tuple[float, float]], requests: int, long_requests: int) -> None:
    print(f"\nA sheet for any game, server CPU per request ({requests:,} GETs, {long_requests} "
          "POSTs each taken back by a DELETE not counted), beside the bare Flask floor:\n")
    print("| request | server CPU per request | the floor beside it | vs the floor | goal |")
    print("|---|---:|---:|---:|---:|")
    for key, (mine, floor) in results.items():
        goal = f"≤ {GOALS[key]:g}×" if key in GOALS else ""
        print(f"| {NAMES[key]} | {mine * 1000:.2f} ms | {floor * 1000:.2f} ms | "
              f"{mine / floor:.1f}× | {goal} |")
    print("\n" + "\n".join(
        f"{'met ' if results[key][0] <= goal * results[key][1] else 'MISSED'} {NAMES[key]} "
        f"≤ {goal:g}× the floor" for key, goal in GOALS.items()))


def largest(folder: Path) -> None:
    """Every read of the largest designed match within 1 s, first and again."""
    with Server(folder / "largest", access_log=False) as server:
        made = _match(server.port, forty_rows("rounds"))
        _written(server, made, 1000, PLAYERS)
        host, view = made["tokens"]["host"], made["tokens"]["view"]
        reads = {
            "API GET": ("GET", f"/api/v1/matches/{made['id']}", view),
            "sheet (viewer)": ("GET", f"/m/{view}", None),
            "sheet (host)": ("GET", f"/m/{host}", None),
            "table view": ("GET", f"/m/{view}/table", None),
            "a round's rows": ("GET", f"/m/{host}/round/500", None),
            "a seat's line": ("GET", f"/m/{host}/round/1000/hand/0", None),
            "details and history": ("GET", f"/m/{host}/details", None),
            "CSV (API)": ("GET", f"/api/v1/matches/{made['id']}/export.csv", view),
        }
        floor = _floor(server.port)
        print(f"\nThe largest designed match: 1,000 rounds, {PLAYERS} players, 40 rows, read on "
              f"2 gevent workers. The one-row request: {floor * 1000:.1f} ms.\n")
        print("| read | first ms | again ms (best of 4) | again vs one-row |")
        print("|---|---:|---:|---:|")
        slowest = 0.0
        for name, (method, path, token) in reads.items():
            first = max(_timed(server.port, method, path, token) for _ in range(2))
            again = min(_timed(server.port, method, path, token) for _ in range(4))
            slowest = max(slowest, first)
            print(f"| {name} | {first * 1000:.0f} | {again * 1000:.1f} | {again / floor:.1f}× |")
        print(f"\n{'met ' if slowest < 1 else 'MISSED'} every read of the largest designed match "
              f"within 1 s (slowest {slowest * 1000:.0f} ms)")


def designs(requests: int, long_requests: int) -> None:
    report(cpu(requests, long_requests), requests, long_requests)
    largest(Path(tempfile.mkdtemp(prefix="squarescores-designs-")))


if __name__ == "__main__":
    designs(int(sys.argv[1]) if len(sys.argv) > 1 else 2000,
            int(sys.argv[2]) if len(sys.argv) > 2 else 200)
