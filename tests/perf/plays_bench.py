"""`make bench`, recorded plays and moving in (SPEC section 14), on gunicorn as `make run` serves:

(1) a 20,000-play BG Stats export brought in: the time from the POST to the job's `done`, the
    peak memory of the worker that ran it (its VmHWM), and meanwhile, every 0.2 s, /health and
    a round POST on another match (the slowest of each);
(2) a logged play's POST beside the one-row request (/health), a round POST and a bare Flask
    app's /health on the same gunicorn settings (the floor), taking turns, the medians;
(3) the reads of a group holding the 20,000 plays: its GET, its statistics, a played game's.

    .venv/bin/python tests/perf/plays_bench.py [--plays 20000]"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "plays"))
from exports import make_export  # noqa: E402
from launcher import Server, request  # noqa: E402

GOALS = {"import": 60.0, "memory": 300.0, "health": 1.0, "round": 1.0, "play": 5.0,
         "read": 1.0}


def timed(port: int, method: str, path: str, token: str | None = None, body=None,
          **more) -> tuple[float, object]:
    began = time.perf_counter()
    reply = request(port, method, path, token, body, timeout=60, **more)
    return time.perf_counter() - began, reply


def peak_memory(server: Server) -> float:
    """The largest peak resident size (VmHWM) among the server's workers, in MiB."""
    peaks = []
    for pid in server.worker_pids():
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                peaks.append(int(line.split()[1]) / 1024)
    return max(peaks, default=0.0)


def median_of(port: int, method: str, path: str, token=None, body=None, times: int = 40,
              make=None) -> float:
    seen = []
    for n in range(times):
        took, reply = timed(port, method, path, token, make(n) if make else body)
        assert reply.status < 300, (reply.status, reply.body[:300])
        seen.append(took)
    return statistics.median(seen)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--plays", type=int, default=20_000)
    args = parser.parse_args()
    document = make_export(args.plays, seed=2026, players=16, games=24)
    data = json.dumps(document, separators=(",", ":")).encode()
    results: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder, Server(Path(folder) / "app",
                                                         access_log=False) as server, Server(
            Path(folder) / "bare", access_log=False, app="tests.perf.bare_app:app") as bare:
        port = server.port
        made = request(port, "POST", "/api/v1/groups", json_body={
            "name": "Moving in", "players": ["Ana", "Ben"]}).json()
        group, owner = made["id"], made["tokens"]["owner"]
        match = request(port, "POST", "/api/v1/matches", json_body={
            "game": "generic", "players": ["Ana", "Ben", "Cy"]}).json()
        host = match["tokens"]["host"]

        worst = {"health": 0.0, "round": 0.0}
        stop = threading.Event()

        def beside() -> None:
            while not stop.is_set():
                took, reply = timed(port, "GET", "/health")
                worst["health"] = max(worst["health"], took)
                took, reply = timed(port, "POST", f"/api/v1/matches/{match['id']}/rounds",
                                    host, {"scores": [1, 2, 3]})
                assert reply.status == 201, reply.body[:200]
                worst["round"] = max(worst["round"], took)
                stop.wait(0.2)

        watcher = threading.Thread(target=beside, daemon=True)
        began = time.perf_counter()
        reply = request(port, "POST", f"/api/v1/groups/{group}/imports?time_zone=Europe/Berlin",
                        owner, body=data, headers={"Content-Type": "application/json"},
                        timeout=120)
        assert reply.status == 202, reply.body[:300]
        watcher.start()
        job = reply.json()["id"]
        while True:
            state = request(port, "GET", f"/api/v1/groups/{group}/imports/{job}", owner).json()
            if state["state"] in ("done", "failed"):
                break
            time.sleep(0.25)
        results["import"] = time.perf_counter() - began
        stop.set()
        watcher.join()
        assert state["state"] == "done", state
        results["memory"] = peak_memory(server)
        results["health"], results["round"] = worst["health"], worst["round"]
        print(f"(1) {args.plays:,} plays ({len(data) / 2**20:.1f} MiB): {state['plays']}; "
              f"{len(state['problems'])} problems, {len(state['players_added'])} players and "
              f"{len(state['games_added'])} games added")

        games = request(port, "GET", f"/api/v1/groups/{group}/games", owner).json()["games"]
        roster = request(port, "GET", f"/api/v1/groups/{group}", owner).json()["players"]
        game_id = games[0]["id"]

        def a_play(n: int) -> dict:
            return {"game": game_id, "played_at": f"2026-11-{1 + n % 28:02}T20:00:00Z",
                    "players": [{"player": roster[0]["id"], "score": str(n)},
                                {"player": roster[1]["id"], "score": "12.5"}]}

        # In turns, ten of each at a time, so that all four see the same moments of a shared
        # machine's load; the medians of 60.
        seen: dict[str, list[float]] = {"play": [], "round": [], "health": [], "floor": []}
        for block in range(6):
            seen["floor"] += [median_of(bare.port, "GET", "/health", times=1) for _ in range(10)]
            seen["play"] += [median_of(port, "POST", f"/api/v1/groups/{group}/plays", owner,
                                       times=1, make=lambda _, n=block * 10 + i: a_play(n))
                             for i in range(10)]
            seen["health"] += [median_of(port, "GET", "/health", times=1) for _ in range(10)]
            seen["round"] += [median_of(port, "POST", f"/api/v1/matches/{match['id']}/rounds",
                                        host, {"scores": [1, 2, 3]}, times=1)
                              for _ in range(10)]
        for name, times in seen.items():
            results[f"{name}_ms"] = statistics.median(times) * 1000
        for name, path in (("group", f"/api/v1/groups/{group}"),
                           ("stats", f"/api/v1/groups/{group}/stats"),
                           ("played", f"/api/v1/groups/{group}/stats?played_game={game_id}"),
                           ("games", f"/api/v1/groups/{group}/games")):
            # The first read after a write makes the version's view; the others find it kept.
            first, _ = timed(port, "GET", path, owner)
            results[f"{name}_first"] = first
            results[name] = median_of(port, "GET", path, owner, times=5)

    floor = results["floor_ms"]
    rows = [
        ("(1) import, s", results["import"], GOALS["import"]),
        ("(1) peak memory of a worker, MiB", results["memory"], GOALS["memory"]),
        ("(1) slowest /health meanwhile, s", results["health"], GOALS["health"]),
        ("(1) slowest round POST meanwhile, s", results["round"], GOALS["round"]),
        ("(2) logged play POST / bare floor", results["play_ms"] / floor, GOALS["play"]),
    ]
    rows += [(f"(3) {name} with the plays, s (first {results[name + '_first']:.2f})",
              results[name], GOALS["read"]) for name in ("group", "stats", "played", "games")]
    print(f"(2) medians: logged play {results['play_ms']:.1f} ms, a round POST beside it "
          f"{results['round_ms']:.1f} ms ({results['round_ms'] / floor:.1f}× the floor), "
          f"/health {results['health_ms']:.1f} ms, bare floor {floor:.1f} ms")
    failed = False
    for label, value, goal in rows:
        ok = value <= goal
        failed |= not ok
        print(f"{label:<58} {value:8.2f}  goal ≤ {goal:<6} {'ok' if ok else 'MISSED'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
