"""The live tests' server: the launcher's gunicorn, with a client that keeps what it saw."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from event_streams import HTTPEvents
from launcher import HOST, Reply, Server, request


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "live_postgres: servers sharing the PostgreSQL of TEST_DATABASE_URL (the "
        "PostgreSQL pass selects these among the live tests; skipped on SQLite)")


class LiveServer(Server):
    """gunicorn for the whole session; its client records every status and every token, so that
    each test can check the server's health and, at the end, that no token reached a log."""

    def __init__(self, folder: Path):
        # An idle stream speaks every half second, so a phone that left is noticed (and its
        # line logged) within a second: a test's streams are all logged before the next test.
        super().__init__(folder, env={"LIVE_KEEPALIVE_SECONDS": "0.5"})
        self.statuses: list[tuple[str, str, int]] = []
        self.secrets: set[str] = set()

    @property
    def origin(self) -> str:
        return f"http://{HOST}:{self.port}"

    def request(self, method: str, path: str, token: str | None = None, json_body: Any = None,
                headers: dict[str, str] | None = None, body: bytes | None = None,
                start: threading.Barrier | None = None) -> Reply:
        """One request on a connection of its own: a retry can never send a write twice."""
        headers = {"Connection": "close", **(headers or {})}
        reply = request(self.port, method, path, token, json_body, headers, body=body,
                        start=start)
        self.statuses.append((method, path, reply.status))
        return reply

    def stream(self, path: str, token: str | None = None,
               headers: dict[str, str] | None = None) -> HTTPEvents:
        """An event stream, open until closed (a context manager)."""
        events = HTTPEvents(self.port, path, token, headers)
        self.statuses.append(("GET", path, events.status))
        return events

    def api(self, method: str, path: str, token: str | None = None, json_body: Any = None,
            headers: dict[str, str] | None = None,
            start: threading.Barrier | None = None) -> Reply:
        return self.request(method, f"/api/v1{path}", token, json_body, headers, start=start)

    def remember(self, tokens: dict[str, Any]) -> dict[str, Any]:
        self.secrets.update([tokens["host"], tokens["view"], *tokens["seats"]])
        return tokens

    def create(self, players: int, **options: Any) -> dict[str, Any]:
        """A generic match: its JSON, with the tokens remembered for the log checks."""
        reply = self.api("POST", "/matches", json_body={
            "game": "generic", "players": [f"Player {i}" for i in range(players)],
            "options": options})
        assert reply.status == 201, reply.body
        match = reply.json()
        self.remember(match["tokens"])
        return match

    def settle(self, timeout: float = 5) -> None:
        """Wait until the access log holds a line for every request answered so far.

        gunicorn writes the line after sending the answer, so without this a line can land
        in the next test's share of the log."""
        deadline = time.monotonic() + timeout
        while self.unlogged() > 0 and time.monotonic() < deadline:
            time.sleep(0.02)

    def unlogged(self) -> int:
        """How many requests recorded (and the launcher's probes) have no access line yet; below
        zero, lines of requests nobody recorded, which would let `settle` return too early."""
        lines = self.logs["access"].read_text(errors="replace").count("\n")
        return len(self.statuses) + self.probes - lines

    def leaks(self) -> dict[str, int]:
        """How many of the tokens seen so far each log holds (counts, not the secrets)."""
        found = {}
        for name, path in self.logs.items():
            text = path.read_text(errors="replace") if path.exists() else ""
            count = sum(secret in text for secret in self.secrets)
            if count:
                found[name] = count
        return found


@pytest.fixture(scope="session")
def live(tmp_path_factory) -> LiveServer:
    tmp = tmp_path_factory.mktemp("live")
    server = LiveServer(tmp)
    server.start()
    yield server
    died = server.died()
    server.stop()
    if died is not None:
        pytest.fail(died)
    # Whatever ran, no link that the tests ever held may be in a log.
    assert server.leaks() == {}, f"tokens in the logs under {tmp}"


@pytest.fixture(autouse=True)
def _server_stayed_healthy(request):
    """After each test of the session's server: it is up, nothing it answered was a 5xx, no
    traceback logged. (Tests here without the `live` mark start no server of this kind.)"""
    if not request.node.get_closest_marker("live") or request.node.get_closest_marker(
            "live_postgres"):
        yield
        return
    live = request.getfixturevalue("live")
    live.settle()
    seen, sizes = len(live.statuses), live.log_sizes()
    yield
    assert live.died() is None, live.died()
    live.settle()
    assert live.unlogged() >= 0, (
        f"{-live.unlogged()} requests answered that the client did not record: record each in "
        "live.statuses, or every later test's settle() returns before its lines are written")
    failures = [entry for entry in live.statuses[seen:] if entry[2] >= 500]
    assert not failures, f"5xx answers: {failures[:5]}"
    logged = live.log_text(since=sizes)
    for sign in ("Traceback", "database is locked", "[ERROR]", "[CRITICAL]"):
        assert sign not in logged, logged[max(0, logged.index(sign) - 200):][:3000]
