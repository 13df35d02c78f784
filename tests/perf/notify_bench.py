"""`make bench`, results where the group talks (SPEC section 12), on gunicorn (the default gevent
workers) and a receiver on loopback in this process:

(1) a banking's server CPU and time in a group with ten destinations (five webhooks, five
    Apprise json://) against a group with none, in one run: bankings of the two take turns, one
    at a time, and only the bank request is counted (gunicorn's processes' own CPU, read from
    the scheduler's count around it, and its time on the client's clock; the medians). The
    delivery worker looks at the outbox only once an hour meanwhile: what is counted is the
    banking's own work, its outbox row included, not the sending that follows.
(2) deliveries a minute one worker sustains: the server started again with the worker looking
    every 0.1 s, the outbox of (1) sent to the receiver, timed from the restart to the last
    delivery.

    .venv/bin/python tests/perf/notify_bench.py [--bankings 200]"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from launcher import HOST, Server, request  # noqa: E402

GOAL = 1.1


class Receiver:
    """Answers every POST 200 at once, and counts them."""

    def __init__(self) -> None:
        self.count = 0
        self.changed = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()
                with receiver.changed:
                    receiver.count += 1
                    receiver.changed.notify_all()

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer((HOST, 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()

    def url(self, n: int) -> str:
        return f"http://{HOST}:{self.server.server_port}/hook/{n}"


def cpu_seconds(server: Server) -> float:
    """The CPU gunicorn's master and workers (every thread of each) have used so far, to the
    nanosecond (the scheduler's own count, /proc/<pid>/task/<tid>/schedstat): a banking takes
    a few ms, below the 10 ms tick of /proc/<pid>/stat."""
    total = 0
    for pid in [server.process.pid, *server.worker_pids()]:
        for task in Path(f"/proc/{pid}/task").glob("*"):
            try:
                total += int((task / "schedstat").read_text().split()[0])
            except (OSError, ValueError, IndexError):
                continue
    return total / 1e9


def api(port: int, method: str, path: str, token: str | None = None, body=None,
        connection: http.client.HTTPConnection | None = None) -> dict:
    reply = request(port, method, f"/api/v1{path}", token, body, connection=connection)
    assert reply.status in (200, 201), (path, reply.status, reply.body[:300])
    return reply.json()


def group(port: int, name: str) -> tuple[str, str]:
    made = api(port, "POST", "/groups", body={"name": name, "players": ["Ana", "Ben", "Cy"]})
    return made["id"], made["tokens"]["owner"]


def banking(server: Server, connection: http.client.HTTPConnection, group_id: str,
            owner: str) -> tuple[float, float]:
    """A match of the group played to its end (not counted), then banked: the bank request's
    server CPU and time, in seconds."""
    port = server.port
    match = api(port, "POST", "/matches", owner, {
        "game": "generic", "players": ["Ana", "Ben", "Cy"], "group": group_id,
        "options": {"rounds": 1}}, connection)
    host = match["tokens"]["host"]
    api(port, "POST", f"/matches/{match['id']}/rounds", host, {"scores": [5, 3, 1]}, connection)
    before, started = cpu_seconds(server), time.perf_counter()
    api(port, "POST", f"/matches/{match['id']}/bank", host, None, connection)
    took = time.perf_counter() - started
    time.sleep(0.005)  # what the answer left to do (its log line) is done
    return cpu_seconds(server) - before, took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bankings", type=int, default=200, help="of each group")
    bankings = parser.parse_args().bankings
    receiver = Receiver()
    folder = Path(tempfile.mkdtemp(prefix="squarescores-notify-"))
    env = {"NOTIFY_NETWORKS": "any", "NOTIFY_POLL_SECONDS": "3600"}
    server = Server(folder, access_log=False, env=env)
    server.start()
    try:
        none_id, none_owner = group(server.port, "No destinations")
        ten_id, ten_owner = group(server.port, "Ten destinations")
        for n in range(10):
            url = receiver.url(n)
            api(server.port, "POST", f"/groups/{ten_id}/destinations", ten_owner, {
                "kind": "webhook" if n < 5 else "notify",
                "url": url if n < 5 else url.replace("http://", "json://"),
                "events": ["match_banked"]})
        connection = http.client.HTTPConnection(HOST, server.port, timeout=60)
        for _ in range(10):  # warm both
            banking(server, connection, none_id, none_owner)
            banking(server, connection, ten_id, ten_owner)
        measured: dict[str, list[tuple[float, float]]] = {"none": [], "ten": []}
        for _ in range(bankings):
            measured["none"].append(banking(server, connection, none_id, none_owner))
            measured["ten"].append(banking(server, connection, ten_id, ten_owner))
        connection.close()
        cpu = {k: statistics.median(c for c, _ in v) * 1000 for k, v in measured.items()}
        took = {k: statistics.median(t for _, t in v) * 1000 for k, v in measured.items()}
        print(f"(1) a banking, {bankings} of each, taking turns:")
        print(f"    no destinations:  CPU (median) {cpu['none']:.2f} ms, time (median) "
              f"{took['none']:.2f} ms")
        print(f"    ten destinations: CPU (median) {cpu['ten']:.2f} ms, time (median) "
              f"{took['ten']:.2f} ms")
        cpu_ratio, time_ratio = cpu["ten"] / cpu["none"], took["ten"] / took["none"]
        print(f"    ten against none: CPU {cpu_ratio:.2f}×, time {time_ratio:.2f}× "
              f"(goal ≤ {GOAL}×)")

        # (2) the outbox of (1) sent by one worker.
        pending = (bankings + 10) * 10
        server.stop()
        server.env["NOTIFY_POLL_SECONDS"] = "0.1"
        started = time.perf_counter()
        server.start()
        with receiver.changed:
            assert receiver.changed.wait_for(lambda: receiver.count >= pending, 600), \
                f"{receiver.count} of {pending} delivered"
        elapsed = time.perf_counter() - started
        listed = api(server.port, "GET", f"/groups/{ten_id}/destinations", ten_owner)
        statuses = {d["status"] for dest in listed["destinations"] for d in dest["deliveries"]}
        print(f"(2) {pending} deliveries (ten destinations, half webhooks, half Apprise "
              f"json://) sent by one worker in {elapsed:.1f} s from its restart: "
              f"{pending / elapsed * 60:,.0f} a minute; latest statuses {sorted(statuses)}")
        print(json.dumps({"cpu_ratio": round(cpu_ratio, 3), "time_ratio": round(time_ratio, 3),
                          "per_minute": round(pending / elapsed * 60)}))
    finally:
        server.stop()


if __name__ == "__main__":
    main()
