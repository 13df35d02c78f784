"""A write waiting for SQLite's write lock under gevent (gunicorn's worker): SQLite's own busy
handler sleeps in C, which held the whole worker, every phone on it, for as long as another
worker's write took (up to busy_timeout's 10 s, then a 500 "database is locked"). The wait is the
loop's now: the worker's other requests go on, and the write begins once the lock is free; one
that never frees is a 503 with Retry-After, never a 500."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

WAITING = """
import sys
from gevent import monkey
monkey.patch_all()
import gevent
from sqlalchemy import create_engine, text
from app import extensions

holding = float(sys.argv[2])
extensions.BUSY_SECONDS = float(sys.argv[3])
engine = create_engine("sqlite:///" + sys.argv[1])
with engine.begin() as made:
    made.execute(text("CREATE TABLE t (n INTEGER)"))

held = engine.raw_connection()   # another worker's write, holding the lock (kept: not pooled)
other = held.driver_connection
other.execute("BEGIN IMMEDIATE")
other.execute("INSERT INTO t VALUES (1)")
ticks = []

def ticking():   # the worker's other requests
    while len(ticks) < 10_000:
        ticks.append(1)
        gevent.sleep(0.005)

def other_write_ends():
    gevent.sleep(holding)
    other.execute("COMMIT")

def write():
    with extensions.write_intent(), engine.begin() as connection:
        connection.execute(text("INSERT INTO t VALUES (2)"))
    return len(ticks)

gevent.spawn(ticking)
gevent.spawn(other_write_ends)
writer = gevent.spawn(write)
gevent.joinall([writer], timeout=30)
if writer.exception is not None:
    print("refused", extensions.locked_out(writer.exception))
else:
    with engine.connect() as read:
        print("written", writer.value > 0, read.execute(text("SELECT count(*) FROM t")).scalar())
"""


@pytest.mark.no_database
def test_a_write_waits_for_the_lock_while_the_worker_serves_the_others(tmp_path):
    run = subprocess.run([sys.executable, "-c", WAITING, str(tmp_path / "db.sqlite"), "0.3",
                          "10"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    # Written once the other write ended, with the worker's other greenlets run meanwhile.
    assert run.stdout.split() == ["written", "True", "2"]


@pytest.mark.no_database
def test_a_lock_never_freed_is_said_as_busy(tmp_path):
    run = subprocess.run([sys.executable, "-c", WAITING, str(tmp_path / "db.sqlite"), "5",
                          "0.2"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["refused", "True"]


SHARED = """
import sys
from gevent import monkey
monkey.patch_all()
import gevent
from app.server_files import one_at_a_time, open_shared

path = sys.argv[1]
counts = open_shared(path, "CREATE TABLE IF NOT EXISTS hits (n INTEGER)")
other = open_shared(path)   # another worker's count, holding the file's lock
other.execute("BEGIN IMMEDIATE")
ticks = []

def ticking():
    while len(ticks) < 10_000:
        ticks.append(1)
        gevent.sleep(0.005)

def other_count_ends():
    gevent.sleep(0.3)
    other.execute("COMMIT")

def count():
    with one_at_a_time(counts) as db:
        db.execute("INSERT INTO hits VALUES (1)")
    return len(ticks)

gevent.spawn(ticking)
gevent.spawn(other_count_ends)
counting = gevent.spawn(count)
gevent.joinall([counting], timeout=30)
print("counted", counting.value is not None and counting.value > 0,
      counts.execute("SELECT count(*) FROM hits").fetchone()[0])
"""


@pytest.mark.no_database
def test_a_count_in_a_file_the_workers_share_waits_in_turns_too(tmp_path):
    """The rate limits' and streams' counts (app/server_files.py) take that file's lock for a
    moment each: waited for in turns as a write's is."""
    run = subprocess.run([sys.executable, "-c", SHARED, str(tmp_path / "shared.sqlite")],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["counted", "True", "1"]


CREATES = """
import subprocess, sys, time
from gevent import monkey
monkey.patch_all()
import gevent
sys.path[:0] = ["tests", "."]
from pathlib import Path
from fresh_app import fresh_app

folder = Path(sys.argv[1])
app = next(fresh_app(folder))
client = app.test_client()
HOLD = ("import sqlite3, sys, time; d = sqlite3.connect(sys.argv[1], isolation_level=None); "
        "d.execute('BEGIN IMMEDIATE'); print('held', flush=True); time.sleep(0.5); "
        "d.execute('COMMIT')")
ticks = []

def ticking():
    while True:
        ticks.append(1)
        gevent.sleep(0.01)

gevent.spawn(ticking)
for path, body in (("/api/v1/matches", {"game": "generic", "players": ["A", "B"]}),
                   ("/api/v1/designs", {"name": "D", "rows": [
                       {"key": "a", "label": "A", "kind": "number"}]}),
                   ("/api/v1/groups", {"name": "G"})):
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(folder / "test.db")],
                              stdout=subprocess.PIPE, text=True)
    holder.stdout.readline()
    before = len(ticks)
    reply = client.post(path, json=body)
    print(reply.status_code, len(ticks) - before > 5)
    holder.wait()
"""


@pytest.mark.no_database
def test_a_create_waits_for_the_lock_in_turns_too(tmp_path):
    """A match, a design and a group created while another process holds SQLite's lock: each
    begins as a write (extensions.begin_writing) and waits in turns, where a transaction begun
    deferred took the lock at its first INSERT in C, the worker's other requests stopped."""
    run = subprocess.run([sys.executable, "-c", CREATES, str(tmp_path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120,
                         env={**__import__("os").environ, "RATELIMIT_ENABLED": "false"})
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["201", "True"] * 3
