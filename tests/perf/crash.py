"""The crash test: writers against gunicorn on SQLite, the server killed (-9) at random moments.

Afterwards the database must pass PRAGMA integrity_check and hold every write that was answered
2xx. `make crashtest` runs it with 10 kills; `make test` a short version (tests/durability)."""

from __future__ import annotations

import argparse
import http.client
import json
import random
import shutil
import sqlite3
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from launcher import Server, request  # noqa: E402


def run(kills: int = 10, writers: int = 4, seed: int | None = None, quiet: bool = False) -> dict:
    rng = random.Random(seed)
    folder = Path(tempfile.mkdtemp(prefix="squarescores-crash-"))
    with Server(folder) as server:
        acknowledged, errors = _write_through_kills(server, rng, kills, writers, quiet)
        with sqlite3.connect(server.database) as connection:
            integrity = connection.execute("PRAGMA integrity_check").fetchone()[0]
        missing = []
        for match_id, host, number, scores in acknowledged:
            status, _, body = request(server.port, "GET", f"/api/v1/matches/{match_id}",
                                      token=host)
            rounds = json.loads(body)["rounds"] if status == 200 else []
            if len(rounds) < number or rounds[number - 1]["input"]["scores"] != scores:
                missing.append((match_id, number, scores))
    report = {"kills": kills, "acknowledged": len(acknowledged), "missing": len(missing),
              "integrity": integrity, "server_errors": len(errors), "folder": str(folder)}
    if not quiet:
        print(json.dumps(report, indent=2))
    if integrity == "ok" and not missing and not errors:
        shutil.rmtree(folder, ignore_errors=True)
    return report


def _write_through_kills(server: Server, rng: random.Random, kills: int, writers: int,
                         quiet: bool) -> tuple[list[tuple[str, str, int, list[int]]], list[str]]:
    """Writers on their own matches while the server is killed and started again: the writes
    answered 201 (match, host token, round, scores) and the 5xx answers."""
    acknowledged: list[tuple[str, str, int, list[int]]] = []
    lock = threading.Lock()
    stop = threading.Event()
    errors: list[str] = []

    def writer(number: int) -> None:
        match = None
        sent = 0
        while not stop.is_set():
            try:
                if match is None:
                    status, _, body = request(server.port, "POST", "/api/v1/matches",
                                              json_body={"game": "generic",
                                                         "players": [f"W{number}", "X"]},
                                              timeout=5)
                    if status == 201:
                        created = json.loads(body)
                        match = (created["id"], created["tokens"]["host"])
                    continue
                sent += 1
                scores = [number * 100000 + sent, sent]
                status, _, body = request(server.port, "POST",
                                          f"/api/v1/matches/{match[0]}/rounds", token=match[1],
                                          json_body={"scores": scores}, timeout=5)
                if status >= 500:
                    errors.append(f"{status}: {body[:200]!r}")
                if status == 201:
                    rounds = json.loads(body)["rounds"]
                    with lock:
                        acknowledged.append((match[0], match[1], len(rounds), scores))
            except (OSError, http.client.HTTPException):
                time.sleep(0.02)  # the server went down: no answer, so nothing acknowledged

    threads = [threading.Thread(target=writer, args=(i,), daemon=True) for i in range(writers)]
    for thread in threads:
        thread.start()
    try:
        for kill in range(kills):
            time.sleep(rng.uniform(0.2, 0.8))
            server.kill()
            if not quiet:
                print(f"kill {kill + 1}/{kills}: {len(acknowledged)} writes acknowledged so far")
            time.sleep(rng.uniform(0.0, 0.2))
            server.start()
        time.sleep(0.3)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=10)
    return acknowledged, errors


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=10)
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--seed", type=int)
    args = parser.parse_args()
    report = run(args.kills, args.writers, args.seed)
    ok = report["integrity"] == "ok" and not report["missing"] and not report["server_errors"]
    print("crash test:", "passed" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
