"""A game night on gunicorn, measured (issue 22): eight tables playing, the big screen following
them through the night's one event stream. Prints the latency from a save at a table to the
screen's new totals (the save answered, the night's event read, the screen's live part fetched
again, as night.js does) over 100 saves, and the night page's and the screen's reads as ratios
to a one-row request (/health), one client at a time. Not part of `make test`: `make bench`.

    .venv/bin/python tests/perf/night_bench.py [--saves 100]"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from launcher import Server, request  # noqa: E402
from live.event_streams import HTTPEvents  # noqa: E402

TABLES = 8


def timed(port: int, path: str, count: int) -> float:
    """The median time of a GET of `path`, in ms."""
    times = []
    for _ in range(count):
        start = time.perf_counter()
        reply = request(port, "GET", path)
        times.append(time.perf_counter() - start)
        assert reply.status == 200, (path, reply.status)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=100)
    saves = parser.parse_args().saves
    with Server(Path(tempfile.mkdtemp(prefix="squarescores-night-")), access_log=False) as server:
        port = server.port
        group = request(port, "POST", "/api/v1/groups", json_body={
            "name": "Club", "players": [f"Player {i}" for i in range(TABLES * 4)]}).json()
        owner = group["tokens"]["owner"]
        night = request(port, "POST", f"/api/v1/groups/{group['id']}/nights", owner, {
            "game": "generic", "players": [p["id"] for p in group["players"]], "table_size": 4,
            "options": {"rounds": 1000}}).json()
        tables, tv = night["seatings"][0], night["tokens"]["tv"]
        latencies, events = [], []
        with HTTPEvents(port, f"/n/{tv}/events") as stream:
            seen = stream.next()["data"]["version"]
            for save in range(saves):
                table = tables[save % TABLES]
                start = time.perf_counter()
                reply = request(port, "POST", f"/api/v1/matches/{table['match']}/rounds",
                                table["tokens"]["host"], {"scores": [save % 7, 1, 2, 3]})
                assert reply.status == 201, reply.body
                while seen < night["version"] + save + 1:
                    seen = stream.next()["data"]["version"]
                events.append(time.perf_counter() - start)
                assert request(port, "GET", f"/tv/{tv}/live").status == 200
                latencies.append(time.perf_counter() - start)
        p95 = statistics.quantiles(latencies, n=20)[-1] * 1000
        print(f"Save at one of {TABLES} tables to the big screen's new totals, over {saves} "
              f"saves: median {statistics.median(latencies) * 1000:.0f} ms, p95 {p95:.0f} ms "
              f"(the event alone: p95 "
              f"{statistics.quantiles(events, n=20)[-1] * 1000:.0f} ms)")
        one_row = timed(port, "/health", 200)
        for name, path in (("the big screen", f"/tv/{tv}"),
                           ("its live part", f"/tv/{tv}/live"),
                           ("the owner's night page", f"/g/{owner}/nights/{night['id']}"),
                           ("the night's API GET", None)):
            if path is None:
                start = time.perf_counter()
                for _ in range(50):
                    request(port, "GET", f"/api/v1/nights/{night['id']}", tv)
                ms = (time.perf_counter() - start) / 50 * 1000
            else:
                ms = timed(port, path, 50)
            print(f"{name:24} {ms:7.1f} ms  {ms / one_row:5.1f} × the one-row request "
                  f"({one_row:.1f} ms)")


if __name__ == "__main__":
    main()
