"""Rate limits counted in a store that every server shares (RATELIMIT_STORAGE_URI, Redis here):
an address guessing links gets its allowance once across two servers of two workers each.
(The default, each process's memory, is tested through the test client in tests/match/api.)"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time

import pytest
from launcher import HOST, Server, free_port, request

pytestmark = pytest.mark.live

REDIS = shutil.which("redis-server")
ALLOWED = 6  # unknown links a minute from one address


@pytest.fixture
def redis_url(tmp_path):
    """A Redis of its own on loopback, keeping nothing on disk."""
    if REDIS is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is missing: CI must install it (apt-get install "
                        "redis-server)")
        pytest.skip("redis-server is not installed (apt-get install redis-server)")
    port = free_port()
    process = subprocess.Popen(
        [REDIS, "--port", str(port), "--bind", HOST, "--save", "", "--appendonly", "no",
         "--dir", str(tmp_path)], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        _wait_for_pong(port, process)
        yield f"redis://{HOST}:{port}/0", process
    finally:
        process.terminate()
        process.wait(timeout=10)


def _wait_for_pong(port: int, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with socket.create_connection((HOST, port), timeout=2) as connection:
                connection.sendall(b"PING\r\n")
                if connection.recv(16).startswith(b"+PONG"):
                    return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("redis-server did not answer")


def _servers(tmp_path, url: str) -> tuple[Server, Server]:
    env = {"RATELIMIT_ENABLED": "true", "RATELIMIT_STORAGE_URI": url,
           "RATELIMIT_UNKNOWN_TOKEN_PER_MINUTE": str(ALLOWED)}
    return Server(tmp_path / "one", env=env), Server(tmp_path / "other", env=env)


def _guess(server: Server, n: int) -> int:
    return request(server.port, "GET", "/api/v1/matches/nope", f"guess-{n}")[0]


def test_guesses_are_counted_once_across_servers_and_workers(redis_url, tmp_path):
    url, _ = redis_url
    one, other = _servers(tmp_path, url)
    with one, other:
        # Half the allowance on each server, spread over its two workers: all 401.
        assert [_guess((one, other)[n % 2], n) for n in range(ALLOWED)] == [401] * ALLOWED
        # Counted in one place, the next guess is refused whichever server takes it.
        assert _guess(one, ALLOWED) == 429
        assert _guess(other, ALLOWED + 1) == 429
        assert request(other.port, "GET", "/m/" + "x" * 43 + "/events")[0] == 429


def test_a_store_out_of_reach_turns_no_request_into_an_error(redis_url, tmp_path):
    url, redis = redis_url
    one, _ = _servers(tmp_path, url)
    with one:
        assert _guess(one, 0) == 401
        redis.terminate()
        redis.wait(timeout=10)
        # The limits are off while the store is away; the answers stay what they were.
        assert {_guess(one, n) for n in range(1, 4)} == {401}
        assert "cannot be reached" in one.log_text()


def test_without_redis_every_worker_of_a_server_counts_in_one_place(tmp_path):
    """SPEC section 6: per address over every worker of a server, not per process. With no
    store named, the server's workers share a file of its own: after the allowance, every
    further guess is refused, whichever of the four workers takes it."""
    env = {"RATELIMIT_ENABLED": "true", "RATELIMIT_UNKNOWN_TOKEN_PER_MINUTE": str(ALLOWED)}
    server = Server(tmp_path / "alone", workers=4, env=env)
    with server:
        assert [_guess(server, n) for n in range(ALLOWED)] == [401] * ALLOWED
        assert [_guess(server, n) for n in range(ALLOWED, 4 * ALLOWED)] == [429] * 3 * ALLOWED
        assert (tmp_path / "alone" / "ratelimits.sqlite").exists()
