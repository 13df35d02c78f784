"""A destination's name resolved wherever the server runs: a worker that gevent patched after the
app was imported (as gunicorn's master once imported it), a thread per request, a name that never
answers (issue 41: the worker froze on a queue a pool of threads made at import)."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from app.services.notify import networks
from app.services.notify.networks import Unreachable, resolved

ROOT = Path(__file__).resolve().parents[2]

IMPORTED_THEN_PATCHED = """
from app.services.notify import networks   # imported first, as the master did
from gevent import monkey
monkey.patch_all()
import gevent

ticks = []
def ticking():
    for _ in range(20):
        ticks.append(1)
        gevent.sleep(0.005)

beside = gevent.spawn(ticking)
looked = gevent.spawn(networks.resolved, "localhost", 80)
done = gevent.joinall([looked], timeout=10)
assert done, "the lookup never ended"
print(sorted(looked.value)[0] in ("127.0.0.1", "::1"), len(ticks) > 0)
"""


@pytest.mark.no_database
def test_a_name_resolves_in_a_worker_gevent_patched_after_the_app_was_imported():
    run = subprocess.run([sys.executable, "-c", IMPORTED_THEN_PATCHED], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["True", "True"]


@pytest.mark.no_database
def test_nothing_that_assumes_threads_is_made_when_the_module_is_imported():
    from concurrent.futures import Executor

    assert not [name for name, value in vars(networks).items()
                if isinstance(value, (Executor, threading.Thread))]


@pytest.mark.no_database
def test_a_name_that_never_answers_is_unreachable_within_its_seconds(monkeypatch):
    answered = threading.Event()

    def never(*args, **kwargs):
        answered.wait(5)
        raise OSError("never answered")

    monkeypatch.setattr(networks, "RESOLVE_SECONDS", 0.05)
    monkeypatch.setattr(socket, "getaddrinfo", never)
    try:
        with pytest.raises(Unreachable) as refused:
            resolved("slow.example", 443)
        assert "did not resolve within 0.05 seconds" in str(refused.value.said)
    finally:
        answered.set()


@pytest.mark.no_database
def test_a_name_that_does_not_resolve_says_so(monkeypatch):
    def gone(*args, **kwargs):
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", gone)
    with pytest.raises(Unreachable) as refused:
        resolved("nowhere.example", 443)
    assert "does not resolve" in str(refused.value.said)
