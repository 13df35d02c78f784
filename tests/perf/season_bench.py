"""`make bench`, a season (SPEC section 11): a season's table over a group of 10,000 banked
matches, read within a second, and again at the same version as a 304.

Starts gunicorn on loopback (tests/launcher.py) with a group of 10,000 banked four-player matches
(bank_bench's imports of 5,000, the most one takes, two joined in the database as skill_bench
joins them) and a season over the year's (best 20
of each player's, ranked from 5 matches). Measures the API's read of the season at a new version
of the group (the bank read and the table made), its read kept, its 304, and the season's page
(its table and chart) at a new version and kept; each the worst of both workers' first."""

from __future__ import annotations

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

GOAL = 1.0  # seconds: SPEC section 6's bound on every read


def joined_group(server: Server) -> dict:
    """One group of 2 × HALF banked matches: the second import's moved into the first group,
    their seats onto its roster (the same names), the group's version bumped."""
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
    return first


def timed(port: int, path: str, token: str, headers: dict | None = None) -> tuple[float, int]:
    began = time.perf_counter()
    reply = request(port, "GET", path, token, None, headers, timeout=600)
    return time.perf_counter() - began, reply.status


def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="squarescores-season-"))
    server = Server(folder, access_log=False)
    server.start()
    figures: dict[str, list[float]] = {}
    try:
        group = joined_group(server)
        made = request(server.port, "POST", f"/api/v1/groups/{group['id']}/seasons",
                       group["owner"], json_body={"name": "The year", "starts": "2026-01-01",
                                                  "ends": "2026-12-31", "best_of": 20,
                                                  "at_least": 5})
        assert made.status == 201, made.body[:300]
        season = made.json()
        assert season["matches"] > 9_000, season["matches"]
        api = f"/api/v1/groups/{group['id']}/seasons/{season['id']}"
        page = f"/g/{group['owner']}/seasons/{season['id']}"
        for step in range(6):  # six new versions: three read first by the API, three by the page
            bank_bench.new_version(server.port, group)
            etag = f'"{group["version"]}"'
            kinds = (("api", api, group["token"]), ("page", page, None))
            for name, path, token in kinds if step < 3 else reversed(kinds):
                first = []
                for _worker in range(4):  # new on each worker; the rest kept
                    took, status = timed(server.port, path, token)
                    assert status == 200, (name, status)
                    first.append(took)
                if (name == "api") == (step < 3):  # the first kind read at this version
                    figures.setdefault(f"{name} new", []).append(max(first[:2]))
                figures.setdefault(f"{name} kept", []).append(min(first[2:]))
            took, status = timed(server.port, api, group["token"], {"If-None-Match": etag})
            assert status == 304, status
            figures.setdefault("304", []).append(took)
    finally:
        server.stop()
    worst = {name: max(values) * 1000 for name, values in figures.items()}
    median = {name: statistics.median(values) * 1000 for name, values in figures.items()}
    print(f"\nA season over {season['matches']:,} banked four-player matches (best 20 of each "
          f"player's, ranked from 5), gunicorn 2 gevent workers, SQLite; six new versions of "
          f"the group, each read first by both workers (three by the API, three by the page)\n")
    print("| read | median ms | worst ms |")
    print("|---|---:|---:|")
    for name, label in (("api new", "API GET of the season at a new version (its matches read, "
                                     "the table made)"),
                        ("api kept", "API GET of the season, kept"),
                        ("304", "API GET with If-None-Match at the same version: 304"),
                        ("page new", "the season's page at a new version (the table made, drawn, "
                                      "charted)"),
                        ("page kept", "the season's page, kept")):
        print(f"| {label} | {median[name]:.1f} | {worst[name]:.1f} |")
    met = worst["api new"] / 1000 <= GOAL and worst["page new"] / 1000 <= GOAL
    print(f"\n{'met ' if met else 'MISSED'} every read within {GOAL:g} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
