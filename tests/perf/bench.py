"""`make bench`: SquareScores under load on this machine, as ratios to a one-row request.

First the server's CPU per request beside a bare Flask app's (tests/perf/cpu_bench.py), and a
sheet for any game's beside it (tests/perf/design_bench.py: a designed tally's GET, a designed
round's POST, the largest designed match's reads). Then it starts gunicorn on loopback with a
seeded SQLite database and loads it from other processes:
(a) /ready, which reads one row; (b) the sheet page of a 4-player Banakil match of 40 rounds;
(c) the API GET of that match; (d) its conditional poll answered 304; (e) a round POST. Then the
SQL statements per request as matches grow, a 1,000-round replay, and the sheet page's weight.
Then live push (tests/perf/live_bench.py): phones holding event streams while hosts write, and
beside them phones polling every 1.5 s as the page did before. Between them, the limits of SPEC
section 6 (tests/perf/limits_bench.py): the largest match's reads and the largest import."""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import re
import statistics
import sys
import tempfile
import threading
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
import cpu_bench  # noqa: E402
import design_bench  # noqa: E402
import limits_bench  # noqa: E402
import live_bench  # noqa: E402
from launcher import HOST, Server, request  # noqa: E402

HAND = {"melded": {"3-6": 3, "7-K": 4}, "in_hand": {"A": 1}}
GOER = {"melded": {"7-K": 6, "A": 2}, "went_out": True}


def seed(port: int) -> dict:
    """The matches the scenarios read and write."""
    def create(game, players, options=None):
        status, _, body = request(port, "POST", "/api/v1/matches",
                                  json_body={"game": game, "players": players,
                                             "options": options or {}})
        assert status == 201, body
        created = json.loads(body)
        return created["id"], created["tokens"]["host"]

    def rounds(match, count, body):
        for number in range(count):
            status, _, reply = request(port, "POST", f"/api/v1/matches/{match[0]}/rounds",
                                       token=match[1], json_body=body(number))
            assert status == 201, reply

    banakil = create("banakil", ["Ana", "Ben", "Cy", "Dee"], {"target": 1_000_000})
    rounds(banakil, 40, lambda n: {"dead": False,
                                   "hands": [GOER if s == n % 4 else HAND for s in range(4)]})
    generic = {}
    for players, count in ((2, 5), (2, 200), (12, 5)):
        match = create("generic", [f"P{i}" for i in range(players)])
        rounds(match, count, lambda n, p=players: {"scores": [n % 7] * p})
        generic[(players, count)] = match
    posts = [create("generic", ["A", "B", "C", "D"]) for _ in range(32)]
    return {"banakil": banakil, "generic": generic, "posts": posts}


def _client(args) -> list[float]:
    """One process of load: `threads` clients with kept-alive connections for `seconds`."""
    port, scenario, threads, seconds, shared = args
    latencies: list[float] = []
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def loop(index: int) -> None:
        connection = http.client.HTTPConnection(HOST, port, timeout=30)
        mine = []
        post = shared["posts"][index % len(shared["posts"])]
        while time.monotonic() < deadline:
            method, path, token, body, headers = _request_for(scenario, shared, post)
            start = time.perf_counter()
            status, _, _ = request(port, method, path, token, body, headers,
                                   connection=connection)
            mine.append(time.perf_counter() - start)
            assert status < 500, (scenario, status)
        connection.close()
        with lock:
            latencies.extend(mine)

    workers = [threading.Thread(target=loop, args=(i,)) for i in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return latencies


def _request_for(scenario: str, shared: dict, post) -> tuple:
    match, token = shared["banakil"]
    if scenario == "a":
        return "GET", "/ready", None, None, None
    if scenario == "b":
        return "GET", f"/m/{token}", None, None, None
    if scenario == "c":
        return "GET", f"/api/v1/matches/{match}", token, None, None
    if scenario == "d":
        return ("GET", f"/api/v1/matches/{match}", token, None,
                {"If-None-Match": f'"{shared["version"]}"'})
    return "POST", f"/api/v1/matches/{post[0]}/rounds", post[1], {"scores": [1, 2, 3, 4]}, None


def load(port: int, scenario: str, shared: dict, clients: int, seconds: float,
         processes: int) -> dict:
    per = [clients // processes + (1 if i < clients % processes else 0) for i in range(processes)]
    with multiprocessing.Pool(processes) as pool:
        results = pool.map(_client, [(port, scenario, n, seconds, shared) for n in per if n])
    latencies = sorted(x for part in results for x in part)
    return {"rps": len(latencies) / seconds,
            "p50": statistics.median(latencies) * 1000,
            "p99": latencies[int(len(latencies) * 0.99) - 1] * 1000}


def statements(port: int, method: str, path: str, token: str | None = None) -> int:
    return int(request(port, method, path, token)[1]["X-SQL-Statements"])


def replay_ms(rounds: int = 1000) -> float:
    """The engine alone: a 4-player Banakil match of `rounds` hands, replayed."""
    from app.games import GAMES

    game = GAMES["banakil"]
    options = game.parse_options({"target": 10**9}, 4)
    entered = [game.parse_round({"hands": [GOER if s == n % 4 else HAND for s in range(4)]},
                                4, options) for n in range(rounds)]
    secrets = [None] * 4
    best = min(timeit.repeat(lambda: game.replay(4, options, entered, secrets), number=5,
                             repeat=5))
    return best / 5 * 1000


# What a phone's browser says it takes with every request.
BROWSER = {"Accept-Encoding": "gzip, deflate, br, zstd"}


def page_weight(port: int, token: str) -> tuple[int, list[str]]:
    """The sheet page with every CSS and JavaScript it loads, in bytes as they travel to a phone's
    browser (which takes them compressed); and any outside URL."""
    _, _, html = request(port, "GET", f"/m/{token}", headers=BROWSER)
    text = html.decode()
    assets = re.findall(r'(?:href|src)="([^"]+\.(?:css|js|svg))"', text)
    outside = [url for url in re.findall(r'(?:href|src)="([^"]+)"', text)
               if url.startswith(("http:", "https:", "//"))]
    total = len(html) + sum(len(request(port, "GET", url, headers=BROWSER)[2]) for url in assets)
    return total, outside


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--passes", type=int, default=2)
    parser.add_argument("--sections", default="cpu,designs,table,limits,live,poll",
                        help="which to run, of: cpu (server CPU per request beside a bare "
                             "Flask app), designs (a sheet for any game's GET and round POST "
                             "beside it, and its largest match's reads), table (requests under "
                             "load), limits (the largest match and import), live (phones "
                             "holding streams), poll (phones polling)")
    parser.add_argument("--phones", type=int, default=5000, help="phones holding streams")
    parser.add_argument("--pollers", type=int, default=1000, help="phones polling")
    parser.add_argument("--write-rate", type=float, default=12.5,
                        help="rounds the hosts write a second, over all tables")
    parser.add_argument("--live-seconds", type=float, default=30.0)
    parser.add_argument("--phone-processes", type=int, default=1,
                        help="client processes holding the phones' streams")
    parser.add_argument("--arrive-seconds", type=float, default=3.0,
                        help="the phones holding streams arrive within this many seconds, each "
                             "when it will (0: each client process connects 200 at a time)")
    parser.add_argument("--requests", type=int, default=2000,
                        help="requests of each kind for the cpu section")
    parser.add_argument("--long-requests", type=int, default=200,
                        help="round POSTs on the 1,000-round match for the cpu section")
    parser.add_argument("--profile", type=Path, default=None,
                        help="cpu section: profile our workers (cProfile) into this folder")
    parser.add_argument("--worker-class", default=None,
                        help="gunicorn's worker (gunicorn.conf.py's gevent unless named)")
    args = parser.parse_args()
    sections = set(args.sections.split(","))
    live_bench.raise_file_limit()
    if "cpu" in sections:
        cpu_bench.report(cpu_bench.cpu(args.requests, args.long_requests, args.profile),
                         args.requests, args.long_requests)
    if "designs" in sections:
        design_bench.designs(args.requests, args.long_requests)
    if "table" in sections:
        table(args)
    if "limits" in sections:
        limits_bench.limits(Path(tempfile.mkdtemp(prefix="squarescores-limits-")))
    if sections & {"live", "poll"}:
        live(args, sections)
    return 0


def _server(prefix: str, args, **env: str) -> Server:
    folder = Path(tempfile.mkdtemp(prefix=f"squarescores-{prefix}-"))
    if args.worker_class == "gthread":
        env.setdefault("WORKER_CONNECTIONS", "1000")  # gunicorn's default: the server as it was
    # No access log: under load, writing it would weigh on every figure.
    return Server(folder, access_log=False, worker_class=args.worker_class, env=env)


def live(args, sections: set[str]) -> None:
    worker = args.worker_class or "gevent"
    results = {}
    if "live" in sections:
        with _server("live", args) as server:
            results["live"] = live_bench.streams(server, args.phones, args.write_rate,
                                                 args.live_seconds, args.phone_processes,
                                                 args.arrive_seconds)
    if "poll" in sections:
        with _server("poll", args) as server:
            results["poll"] = live_bench.polling(server, args.pollers, args.write_rate,
                                                 args.live_seconds, args.phone_processes)
    print(f"\nLive push: hosts write {args.write_rate:g} rounds a second over the tables for "
          f"{args.live_seconds:g} s; gunicorn 2 {worker} workers, SQLite; four phones a table."
          "\nLatency: from a write's answer reaching its host to each phone at that table "
          "knowing the new version.\n")
    print("| phones | tables | writes | latency p50 ms | p95 ms | p99 ms | max ms | errors | "
          "server memory |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    if "live" in results:
        r = results["live"]
        lat = r["latency"]
        print(f"| {r['phones']:,} holding streams | {r['tables']:,} | {r['writes']} | "
              f"{lat['p50'] * 1000:.0f} | {lat['p95'] * 1000:.0f} | {lat['p99'] * 1000:.0f} | "
              f"{lat['max'] * 1000:.0f} | {r['errors']} | {r['kb_per_stream']:.1f} KB per open "
              f"stream ({r['memory_mb']:.0f} MB in all); all in {r['connected_in']:.1f} s, "
              f"{r['failed_attempts']:,} failed connection attempts |")
        arrival = (f"arriving within {r['arrive']:g} s" if r["arrive"]
                   else f"{live_bench.CONNECTING} at a time each")
        print(f"\nThe {r['phones']:,} phones holding streams came from {r['processes']} client "
              f"process(es), {arrival}; a failed attempt is tried again"
              + (f" ({', '.join(r['failed_kinds'])})." if r["failed_kinds"] else "."))
    if "poll" in results:
        r = results["poll"]
        lat, poll = r["latency"], r["poll"]
        print(f"| {r['phones']:,} polling every 1.5 s | {r['tables']:,} | {r['writes']} | "
              f"{lat['p50'] * 1000:.0f} | {lat['p95'] * 1000:.0f} | {lat['p99'] * 1000:.0f} | "
              f"{lat['max'] * 1000:.0f} | {r['errors']} | a poll: p50 "
              f"{poll['p50'] * 1000:.1f} ms, p99 {poll['p99'] * 1000:.1f} ms "
              f"({r['polls']:,} polls) |")
    for name, r in results.items():
        if r["errors"]:
            print(f"{name}: {r['errors']} errors ({r['missed']} phones never told of a write): "
                  + "; ".join(r["error_kinds"]))
    # Issue 25's goals: propagation p95 within 0.25 s, every phone in within 20 s, a stream's
    # memory no more than 24 KB, and polls answered within 100 ms at p99.
    goals = {}
    if "live" in results:
        r = results["live"]
        goals |= {f"p95 ≤ 0.25 s at {r['phones']:,} phones": r["latency"]["p95"] <= 0.25,
                  "no errors": r["errors"] == 0,
                  "no failed connection attempt": r["failed_attempts"] == 0,
                  "every phone in within 20 s": r["connected_in"] <= 20,
                  "≤ 24 KB of server memory per open stream": r["kb_per_stream"] <= 24}
    if "poll" in results:
        r = results["poll"]
        goals |= {f"a poll answered within 100 ms at p99 ({r['phones']:,} phones polling)":
                  r["poll"]["p99"] <= 0.1}
    print("\n" + "\n".join(f"{'met ' if ok else 'MISSED'} {goal}" for goal, ok in goals.items()))


def table(args) -> None:
    server = _server("bench", args, SQL_STATEMENTS_HEADER="1")
    server.start()
    try:
        shared = seed(server.port)
        match, token = shared["banakil"]
        shared["version"] = json.loads(request(server.port, "GET", f"/api/v1/matches/{match}",
                                               token)[2])["version"]
        names = {"a": "(a) one-row read (/ready)",
                 "b": "(b) sheet page, Banakil 4 players, 40 rounds",
                 "c": "(c) API GET of that match", "d": "(d) its poll answered 304",
                 "e": "(e) round POST"}
        def twice(*call) -> str:
            # The first request of a version replays it; later ones find it kept (per worker).
            first = statements(server.port, *call)
            again = min(statements(server.port, *call) for _ in range(4))
            return f"{first} first, {again} kept"

        sql = {"a": statements(server.port, "GET", "/ready"),
               "b": twice("GET", f"/m/{token}"),
               "c": twice("GET", f"/api/v1/matches/{match}", token),
               "e": int(request(server.port, "POST", f"/api/v1/matches/{shared['posts'][0][0]}"
                                "/rounds", shared["posts"][0][1],
                                {"scores": [0, 0, 0, 0]})[1]["X-SQL-Statements"])}
        sql["d"] = int(request(server.port, "GET", f"/api/v1/matches/{match}", token, None,
                               {"If-None-Match": f'"{shared["version"]}"'})[1]["X-SQL-Statements"])
        # Every kind in turn, `passes` times over; the best pass of each counts, so that a
        # moment of noise on a shared machine does not decide a ratio.
        results: dict[str, dict] = {}
        for _ in range(args.passes):
            for scenario in "abcde":
                run = load(server.port, scenario, shared, args.clients, args.seconds,
                           args.processes)
                if scenario not in results or run["rps"] > results[scenario]["rps"]:
                    results[scenario] = run
        floor = results["a"]["rps"]
        worker = ("2 workers × 8 threads" if args.worker_class == "gthread"
                  else f"2 {args.worker_class or 'gevent'} workers")
        print(f"\nSquareScores under load: {args.clients} clients, {args.seconds:g} s each, "
              f"best of {args.passes} passes, gunicorn {worker}, SQLite\n")
        print("| request | req/s | p50 ms | p99 ms | vs (a) | SQL statements |")
        print("|---|---:|---:|---:|---:|---:|")
        for scenario in "abcde":
            r = results[scenario]
            print(f"| {names[scenario]} | {r['rps']:.0f} | {r['p50']:.1f} | {r['p99']:.1f} | "
                  f"{r['rps'] / floor:.0%} | {sql[scenario]} |")

        g = shared["generic"]
        counts = {key: statements(server.port, "GET", f"/api/v1/matches/{m[0]}", m[1])
                  for key, m in g.items()}
        pages = {key: statements(server.port, "GET", f"/m/{m[1]}") for key, m in g.items()}
        weight, outside = page_weight(server.port, token)
        replay = replay_ms()
        print("\n| check | measured | goal |")
        print("|---|---|---|")
        print(f"| SQL per API GET: 5 rounds / 200 rounds / 12 players | {counts[(2, 5)]} / "
              f"{counts[(2, 200)]} / {counts[(12, 5)]} | all equal |")
        print(f"| SQL per sheet page: 5 rounds / 200 rounds / 12 players | {pages[(2, 5)]} / "
              f"{pages[(2, 200)]} / {pages[(12, 5)]} | all equal |")
        print(f"| replay of a 1,000-round Banakil match | {replay:.1f} ms | < 20 ms |")
        print(f"| sheet page with its CSS and JS | {weight / 1024:.1f} KB | < 60 KB |")
        print(f"| requests to another host | {len(outside)} | 0 |")
        goals = {
            "(b) ≥ 50% of (a)": results["b"]["rps"] >= 0.5 * floor,
            "(c) ≥ 50% of (a)": results["c"]["rps"] >= 0.5 * floor,
            "(d) ≥ 80% of (a)": results["d"]["rps"] >= 0.8 * floor,
            "(b) p99 < 50 ms": results["b"]["p99"] < 50,
            "SQL constant in rounds and players": len(set(counts.values())) == 1
            and len(set(pages.values())) == 1,
            "replay < 20 ms": replay < 20,
            "page < 60 KB": weight < 60 * 1024,
            "no outside host": not outside,
        }
        print("\n" + "\n".join(f"{'met ' if ok else 'MISSED'} {goal}"
                               for goal, ok in goals.items()))
    finally:
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
