"""`bench.py --sections cpu`: the server's own CPU per request, beside a bare Flask app's.

Each kind of request is sent `--requests` times (2,000 by default) one after another on one kept-
alive connection, and the CPU that gunicorn's processes (master and workers) spent meanwhile is
read from their own accounting (/proc/<pid>/stat: utime + stime), so that the client's work and
the rest of a shared machine's count for nothing. The floor is a bare Flask app (one route
answering {"ok": true}: tests/perf/bare_app.py) started here on the same gunicorn settings; its
requests take turns with ours in blocks of 200, so that on a machine shared with other work both
see the same moments of its load, and every figure is also given as a multiple of the floor
measured beside it.

With `--profile DIR`, each of our server's workers is profiled by cProfile (profiled.conf.py)
and the functions that took the most time are printed; the figures of such a run are the
profiler's, not the server's."""

from __future__ import annotations

import http.client
import json
import os
import pstats
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import limits_bench
from launcher import HOST, ROOT, Server, request

TICK = os.sysconf("SC_CLK_TCK")
# A free sheet's rounds a table writes in an evening, before the next match starts.
ROUNDS_PER_MATCH = 28
LONG = 999  # the long match's rounds before each POST adds its thousandth (SPEC: at most 1,000)


def cpu_seconds(server: Server) -> float:
    """The CPU gunicorn's master and workers have used so far, in seconds."""
    ticks = 0
    for pid in [server.process.pid, *server.worker_pids()]:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    return ticks / TICK


def _send(connection: http.client.HTTPConnection, method: str, path: str, token: str | None,
          body: dict | None = None, headers: dict | None = None) -> int:
    headers = dict(headers or {})
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    connection.request(method, path, body=data, headers=headers)
    response = connection.getresponse()
    response.read()
    return response.status


Step = Callable[[http.client.HTTPConnection, int], None]


class Meter:
    """CPU seconds a server spent on requests made through `run`, on one kept-alive connection."""

    def __init__(self, server: Server):
        self.server = server
        self.connection = http.client.HTTPConnection(HOST, server.port, timeout=60)
        self.seconds = 0.0
        self.requests = 0

    def run(self, step: Step, numbers: range, between: Step | None = None) -> None:
        """`step(connection, i)` for each i; with `between`, a request after each that is not
        counted (the CPU is then read around each counted one alone). A block opens a connection
        of its own: gunicorn closes one left idle for its keepalive (2 s) while the other server
        had its turn."""
        self.connection.close()
        self.connection = http.client.HTTPConnection(HOST, self.server.port, timeout=60)
        if between is None:
            before = cpu_seconds(self.server)
            for i in numbers:
                step(self.connection, i)
            time.sleep(0.02)  # what the last request left to do (its log line) is done
            self.seconds += cpu_seconds(self.server) - before
        else:
            for i in numbers:
                before = cpu_seconds(self.server)
                step(self.connection, i)
                self.seconds += cpu_seconds(self.server) - before
                between(self.connection, i)
        self.requests += len(numbers)

    def per_request(self) -> float:
        return self.seconds / max(self.requests, 1)

    def close(self) -> None:
        self.connection.close()


def bare_health(connection: http.client.HTTPConnection, i: int) -> None:
    _expect(_send(connection, "GET", "/health", None), 200, "bare /health")


def beside(bare: Server, ours: Server, step: Step, count: int, block: int = 200,
           warm: int = 50, between: Step | None = None) -> tuple[float, float]:
    """CPU per request of `count` requests made by `step`, in blocks taking turns with as many
    of the bare app's: on a shared machine both see the same moments of its load. Answers ours
    and the floor's beside it."""
    mine, floor = Meter(ours), Meter(bare)
    try:
        for i in range(warm):
            step(mine.connection, i)
            if between:
                between(mine.connection, i)
        bare_health(floor.connection, 0)
        for first in range(warm, warm + count, block):
            numbers = range(first, min(first + block, warm + count))
            mine.run(step, numbers, between)
            floor.run(bare_health, range(max(len(numbers), 200)))
        return mine.per_request(), floor.per_request()
    finally:
        mine.close()
        floor.close()


def _expect(status: int, wanted: int, what: str) -> None:
    assert status == wanted, f"{what} answered {status}"


def cpu(requests: int, long_requests: int, profile: Path | None
        ) -> dict[str, tuple[float, float]]:
    """Each kind's CPU per request and the floor's beside it, in seconds."""
    folder = Path(tempfile.mkdtemp(prefix="squarescores-cpu-"))
    env = {}
    config = "gunicorn.conf.py"
    if profile is not None:
        profile.mkdir(parents=True, exist_ok=True)
        env["PROFILE_DIR"] = str(profile)
        config = str(ROOT / "tests" / "perf" / "profiled.conf.py")
    results: dict[str, tuple[float, float]] = {}
    with Server(folder / "bare", access_log=False, app="bare_app:app",
                env={"PYTHONPATH": str(ROOT / "tests" / "perf")}) as bare, \
            Server(folder / "ours", access_log=False, env=env, config=config) as ours:
        port = ours.port
        banakil = request(port, "POST", "/api/v1/matches", json_body={
            "game": "banakil", "players": ["Ana", "Ben", "Cy", "Dee"],
            "options": {"target": 1_000_000}}).json()
        match, host = banakil["id"], banakil["tokens"]["host"]
        hand = {"melded": {"3-6": 3, "7-K": 4}, "in_hand": {"A": 1}}
        goer = {"melded": {"7-K": 6, "A": 2}, "went_out": True}
        for n in range(40):
            reply = request(port, "POST", f"/api/v1/matches/{match}/rounds", host, {
                "dead": False, "hands": [goer if s == n % 4 else hand for s in range(4)]})
            _expect(reply.status, 201, "a Banakil round")
        version = request(port, "GET", f"/api/v1/matches/{match}", host).json()["version"]

        def health(connection, i):
            _expect(_send(connection, "GET", "/health", None), 200, "/health")

        def poll(connection, i):
            _expect(_send(connection, "GET", f"/api/v1/matches/{match}", host,
                          headers={"If-None-Match": f'"{version}"'}), 304, "a poll")

        def get(connection, i):
            _expect(_send(connection, "GET", f"/api/v1/matches/{match}", host), 200, "a GET")

        results["health"] = beside(bare, ours, health, requests)
        results["poll"] = beside(bare, ours, poll, requests)
        results["get"] = beside(bare, ours, get, requests)

        sheets = [request(port, "POST", "/api/v1/matches", json_body={
            "game": "generic", "players": ["A", "B", "C", "D"]}).json()
            for _ in range((requests + 50) // ROUNDS_PER_MATCH + 1)]

        def post(connection, i):
            sheet = sheets[i // ROUNDS_PER_MATCH]
            _expect(_send(connection, "POST", f"/api/v1/matches/{sheet['id']}/rounds",
                          sheet["tokens"]["host"], {"scores": [i % 7, 3, -2, 0]}), 201,
                    "a round POST")

        results["post"] = beside(bare, ours, post, requests)

        long = limits_bench._long_match(ours, LONG)
        long_path = f"/api/v1/matches/{long['id']}/rounds"
        long_host = long["tokens"]["host"]

        def post_long(connection, i):
            body = {"dead": False, "hands": [{"score": 22, "went_out": True}, {"score": -3}]}
            _expect(_send(connection, "POST", long_path, long_host, body), 201,
                    "a round POST on the long match")

        def take_back(connection, i):
            _expect(_send(connection, "DELETE", f"{long_path}/{LONG + 1}", long_host), 200,
                    "the long match's last round deleted")

        results["post_long"] = beside(bare, ours, post_long, long_requests, block=10, warm=5,
                                      between=take_back)
    if profile is not None:
        show_profile(profile)
    return results


NAMES = {
    "bare": "bare Flask `/health` (the floor)",
    "health": "our `/health`",
    "poll": "our 304 poll of a match (`If-None-Match`)",
    "get": "our API GET of a match (Banakil, 4 players, 40 rounds)",
    "post": f"a round POST (free sheet, 4 players, up to {ROUNDS_PER_MATCH} rounds)",
    "post_long": f"a round POST on a Banakil match of {LONG:,} rounds (2 players)",
}
GOALS = {"health": 1.5, "poll": 2, "post": 5, "post_long": 20}


def report(results: dict[str, tuple[float, float]], requests: int, long_requests: int) -> None:
    floors = [floor for _, floor in results.values()]
    print(f"\nServer CPU per request (gunicorn master and workers, /proc/<pid>/stat): "
          f"{requests:,} requests of each kind on one kept-alive connection "
          f"({long_requests} on the long match, each taken back by a DELETE not counted), in "
          "blocks taking turns with a bare Flask app's /health (the floor) on a server of its "
          "own; gunicorn.conf.py's gevent workers, no access log, SQLite.\n")
    print("| request | server CPU per request | the floor beside it | vs the floor | goal |")
    print("|---|---:|---:|---:|---:|")
    print(f"| {NAMES['bare']} | {sum(floors) / len(floors) * 1000:.2f} ms | | 1× | |")
    for key, (mine, floor) in results.items():
        goal = f"≤ {GOALS[key]:g}×" if key in GOALS else ""
        print(f"| {NAMES[key]} | {mine * 1000:.2f} ms | {floor * 1000:.2f} ms | "
              f"{mine / floor:.1f}× | {goal} |")
    print("\n" + "\n".join(
        f"{'met ' if results[key][0] <= goal * results[key][1] else 'MISSED'} {NAMES[key]} "
        f"≤ {goal:g}× the floor" for key, goal in GOALS.items()))


def show_profile(folder: Path, lines: int = 45) -> None:
    files = sorted(str(path) for path in folder.glob("worker-*.prof"))
    if not files:
        print(f"(no profile was written in {folder})")
        return
    stats = pstats.Stats(*files)
    stats.strip_dirs().sort_stats("tottime").print_stats(lines)
    stats.sort_stats("cumulative").print_stats(lines)
