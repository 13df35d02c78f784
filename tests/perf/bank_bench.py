"""`make bench`, the bank: a group with 1,000 banked matches under load, as ratios to a one-row
request.

Starts gunicorn on loopback (tests/launcher.py) with a group imported from an export of 1,000
banked four-player matches, and loads it from other processes, each request kind for a few
seconds, best of two passes, every request saying it takes gzip as a phone's browser does:
(a) /health, which reads one row; (f) the API GET of the group (the data of its page: roster and
every bank summary); (g) its statistics of one game; (h) its statistics of every game; (i) its
poll answered 304. Then the SQL statements each takes, at 5 and at 1,000 matches."""

from __future__ import annotations

import argparse
import http.client
import multiprocessing
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from launcher import HOST, Server, request  # noqa: E402

NAMES = {"a": "(a) one-row read (/health)",
         "f": "(f) API GET of a group of 1,000 banked matches",
         "g": "(g) its statistics of one game",
         "h": "(h) its statistics of every game",
         "i": "(i) its poll answered 304"}
GOAL = 0.3  # of (a)'s requests a second, for (f) and (g)


def export(matches: int) -> dict:
    """An export.json of `matches` banked four-player free sheets among eight players."""
    roster = [{"id": i, "name": f"Player {i}"} for i in range(1, 9)]
    return {"format": "squarescores-group", "format_version": 1, "name": "The Thursday table",
            "players": roster, "matches": [{
                "game": "generic", "name": f"Evening {n}",
                "options": {"rounds": 3, "lowest_wins": n % 5 == 0},
                "players": [{"seat": s, "name": f"Player {p}", "player": p}
                            for s, p in enumerate(1 + (n + k) % 8 for k in (0, 2, 3, 5))],
                "rounds": [{"scores": [(n * 7 + s * 3 + r) % 11 for s in range(4)]}
                           for r in range(3)],
                "started_at": f"2026-{1 + n % 12:02}-{1 + n % 28:02}T19:00:00+00:00",
                "banked_at": f"2026-{1 + n % 12:02}-{1 + n % 28:02}T{20 + n % 4}:30:00+00:00",
                "place": None, "note": None, "taken_out": n % 50 == 0}
                for n in range(matches)]}


def seed(port: int, matches: int) -> dict:
    reply = request(port, "POST", "/api/v1/groups/import", json_body=export(matches))
    assert reply.status == 201, reply.body[:300]
    created = reply.json()
    return {"id": created["id"], "token": created["tokens"]["view"],
            "owner": created["tokens"]["owner"], "version": created["version"], "added": 0}


def new_version(port: int, group: dict) -> None:
    """A new version of the group (a player joins the roster): nothing of it is kept yet."""
    group["added"] += 1
    reply = request(port, "POST", f"/api/v1/groups/{group['id']}/players", group["owner"],
                    json_body={"name": f"Guest {group['added']}"})
    assert reply.status == 201, reply.body[:300]
    group["version"] = reply.json()["version"]


# What a phone's browser sends with every request: it takes gzip.
PHONE = {"Accept-Encoding": "gzip, deflate, br"}


def _request_for(scenario: str, group: dict) -> tuple:
    path = f"/api/v1/groups/{group['id']}"
    if scenario == "a":
        return "/health", None, PHONE
    if scenario == "g":
        return f"{path}/stats?game=generic", group["token"], PHONE
    if scenario == "h":
        return f"{path}/stats", group["token"], PHONE
    if scenario == "i":
        return path, group["token"], PHONE | {"If-None-Match": f'"{group["version"]}"'}
    return path, group["token"], PHONE


def _client(args) -> list[float]:
    """One process of load: `threads` clients on kept-alive connections for `seconds`."""
    port, scenario, threads, seconds, group = args
    latencies: list[float] = []
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def loop() -> None:
        connection = http.client.HTTPConnection(HOST, port, timeout=30)
        mine = []
        while time.monotonic() < deadline:
            path, token, headers = _request_for(scenario, group)
            start = time.perf_counter()
            status = request(port, "GET", path, token, None, headers,
                             connection=connection).status
            mine.append(time.perf_counter() - start)
            assert status in (200, 304), (scenario, status)
        connection.close()
        with lock:
            latencies.extend(mine)

    workers = [threading.Thread(target=loop) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return latencies


def load(port: int, scenario: str, group: dict, clients: int, seconds: float,
         processes: int) -> dict:
    per = [clients // processes + (1 if i < clients % processes else 0) for i in range(processes)]
    with multiprocessing.Pool(processes) as pool:
        results = pool.map(_client, [(port, scenario, n, seconds, group) for n in per if n])
    latencies = sorted(x for part in results for x in part)
    return {"rps": len(latencies) / seconds, "p50": statistics.median(latencies) * 1000,
            "p99": latencies[int(len(latencies) * 0.99) - 1] * 1000}


def statements(port: int, scenario: str, group: dict) -> tuple[int, int]:
    """SQL statements of a request: the first at a new version, and the least of four after
    (each worker keeps what it drew)."""
    new_version(port, group)
    path, token, headers = _request_for(scenario, group)
    count = [int(request(port, "GET", path, token, None, headers).headers["X-SQL-Statements"])
             for _ in range(5)]
    return count[0], min(count[1:])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--passes", type=int, default=2)
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--worker-class", default=None,
                        help="gunicorn's worker (gunicorn.conf.py's gevent unless named)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="squarescores-bank-"))
    server = Server(folder, access_log=False, worker_class=args.worker_class,
                    env={"SQL_STATEMENTS_HEADER": "1"})
    server.start()
    try:
        started = time.perf_counter()
        group = seed(server.port, args.matches)
        imported_in = time.perf_counter() - started
        small = seed(server.port, 5)
        size = len(request(server.port, "GET", f"/api/v1/groups/{group['id']}",
                           group["token"]).body)
        packed = len(request(server.port, "GET", f"/api/v1/groups/{group['id']}",
                             group["token"], headers=PHONE).body)
        sql = {scenario: statements(server.port, scenario, group) for scenario in NAMES}
        sql_small = {scenario: statements(server.port, scenario, small)
                     for scenario in "fgh"}
        results: dict[str, dict] = {}
        for _ in range(args.passes):
            for scenario in NAMES:
                run = load(server.port, scenario, group, args.clients, args.seconds,
                           args.processes)
                if scenario not in results or run["rps"] > results[scenario]["rps"]:
                    results[scenario] = run
    finally:
        server.stop()

    floor = results["a"]["rps"]
    worker = ("2 workers × 8 threads" if args.worker_class == "gthread"
              else f"2 {args.worker_class or 'gevent'} workers")
    print(f"\nThe bank under load: a group of {args.matches:,} banked matches (imported in "
          f"{imported_in:.1f} s; its GET is {size / 1024:.0f} KB, {packed / 1024:.0f} KB "
          f"gzipped as phones take it), {args.clients} clients, "
          f"{args.seconds:g} s each, best of {args.passes} passes, gunicorn {worker}, SQLite\n")
    print("| request | req/s | p50 ms | p99 ms | vs (a) | SQL statements |")
    print("|---|---:|---:|---:|---:|---:|")
    for scenario, name in NAMES.items():
        r = results[scenario]
        first, kept = sql[scenario]
        count = f"{first}" if first == kept else f"{first} first, {kept} kept"
        print(f"| {name} | {r['rps']:.0f} | {r['p50']:.1f} | {r['p99']:.1f} | "
              f"{r['rps'] / floor:.0%} | {count} |")
    print("\n| check | measured | goal |")
    print("|---|---|---|")
    for scenario in "fgh":
        print(f"| SQL per {NAMES[scenario][4:]}, first at a version: 5 / {args.matches:,} "
              f"matches | {sql_small[scenario][0]} / {sql[scenario][0]} | equal |")
    goals = {f"(f) ≥ {GOAL:.0%} of (a)": results["f"]["rps"] >= GOAL * floor,
             f"(g) ≥ {GOAL:.0%} of (a)": results["g"]["rps"] >= GOAL * floor,
             "SQL constant in matches": all(sql_small[s][0] == sql[s][0] for s in "fgh")}
    print("\n" + "\n".join(f"{'met ' if ok else 'MISSED'} {goal}" for goal, ok in goals.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
