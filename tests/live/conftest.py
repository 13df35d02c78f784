"""A real gunicorn on loopback, on a fresh SQLite file migrated by `flask db upgrade`."""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = ROOT / ".venv" / "bin"
HOST = "127.0.0.1"
TIMEOUT = 15  # seconds for one request: far past SQLite's busy_timeout of 10


def pytest_configure(config):
    config.addinivalue_line("markers", "live: talks HTTP to a real gunicorn on loopback")


@dataclass
class Reply:
    status: int
    headers: http.client.HTTPMessage
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)

    @property
    def etag(self) -> str | None:
        return self.headers.get("ETag")


@dataclass
class LiveServer:
    """A gunicorn process and a client that records what it saw: every status, every token."""

    port: int
    process: subprocess.Popen
    logs: dict[str, Path]
    statuses: list[tuple[str, str, int]] = field(default_factory=list)
    secrets: set[str] = field(default_factory=set)
    probes: int = 1  # the request that found the server up

    @property
    def origin(self) -> str:
        return f"http://{HOST}:{self.port}"

    def request(self, method: str, path: str, token: str | None = None, json_body: Any = None,
                headers: dict[str, str] | None = None, body: bytes | None = None,
                start: threading.Barrier | None = None) -> Reply:
        """One request on a connection of its own: a retry can never send a write twice.

        With `start`, the connection is opened first and the request sent once every
        party has reached the barrier, so that the requests arrive together."""
        headers = dict(headers or {})
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        if json_body is not None:
            body = json.dumps(json_body).encode()
            headers["Content-Type"] = "application/json"
        headers.setdefault("Connection", "close")
        connection = http.client.HTTPConnection(HOST, self.port, timeout=TIMEOUT)
        try:
            if start is not None:
                connection.connect()
                start.wait()
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            reply = Reply(response.status, response.headers, response.read())
        finally:
            connection.close()
        self.statuses.append((method, path, reply.status))
        return reply

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

    def log_sizes(self) -> dict[str, int]:
        return _sizes(self.logs)

    def log_text(self, since: dict[str, int] | None = None) -> str:
        """The access log, the error log and the workers' own output, from `since` on."""
        text = []
        for name, path in self.logs.items():
            if path.exists():
                with path.open("rb") as log:
                    log.seek((since or {}).get(name, 0))
                    text.append(log.read().decode(errors="replace"))
        return "".join(text)

    def settle(self, timeout: float = 5) -> None:
        """Wait until the access log holds a line for every request answered so far.

        gunicorn writes the line after sending the answer, so without this a line can land
        in the next test's share of the log."""
        deadline = time.monotonic() + timeout
        while True:
            lines = self.logs["access"].read_text(errors="replace").count("\n")
            if lines >= len(self.statuses) + self.probes or time.monotonic() > deadline:
                return
            time.sleep(0.02)

    def leaks(self) -> dict[str, int]:
        """How many of the tokens seen so far each log holds (counts, not the secrets)."""
        found = {}
        for name, path in self.logs.items():
            text = path.read_text(errors="replace") if path.exists() else ""
            count = sum(secret in text for secret in self.secrets)
            if count:
                found[name] = count
        return found

    def died(self) -> str | None:
        if self.process.poll() is None:
            return None
        return (f"gunicorn exited with {self.process.returncode}:\n"
                + self.logs["error"].read_text(errors="replace")[-4000:]
                + self.logs["output"].read_text(errors="replace")[-4000:])


def _sizes(logs: dict[str, Path]) -> dict[str, int]:
    return {name: path.stat().st_size if path.exists() else 0 for name, path in logs.items()}


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def _answers(port: int) -> bool:
    connection = http.client.HTTPConnection(HOST, port, timeout=1)
    try:
        connection.request("GET", "/api/v1/matches/none")
        connection.getresponse().read()
        return True
    except OSError:
        return False
    finally:
        connection.close()


def _start(tmp: Path, env: dict[str, str]) -> LiveServer:
    # The free port can be taken between the probe and gunicorn's bind: then try another.
    logs = {"access": tmp / "access.log", "error": tmp / "error.log",
            "output": tmp / "output.log"}
    for _ in range(3):
        port, sizes = _free_port(), _sizes(logs)
        with logs["output"].open("ab") as output:
            process = subprocess.Popen(
                [str(BIN / "gunicorn"), "--config", "gunicorn.conf.py",
                 "--bind", f"{HOST}:{port}", "--workers", "2",
                 "--access-logfile", str(logs["access"]), "--error-logfile", str(logs["error"]),
                 # Not the shared ~/.gunicorn/gunicorn.ctl of a `make run` on the same machine.
                 "--no-control-socket",
                 "app:create_app()"],
                cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT)
        server = LiveServer(port, process, logs)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and server.died() is None:
            if _answers(port):
                return server
            time.sleep(0.1)
        if server.died() is None:
            process.kill()
            process.wait()
            pytest.fail("gunicorn did not answer within 30 s:\n" + server.log_text()[-4000:])
        if "Address already in use" not in server.log_text(since=sizes):
            pytest.fail(server.died())
    pytest.fail("no free port on loopback after 3 tries")


@pytest.fixture(scope="session")
def live(tmp_path_factory) -> LiveServer:
    tmp = tmp_path_factory.mktemp("live")
    env = {key: value for key, value in os.environ.items()
           if key not in ("PORT", "WEB_CONCURRENCY", "THREADS", "FLASK_APP", "GUNICORN_CMD_ARGS")}
    env |= {"DATABASE_URL": f"sqlite:///{tmp / 'db.sqlite'}", "SECRET_KEY": "live-test-secret",
            "RATELIMIT_ENABLED": "false"}
    upgrade = subprocess.run([str(BIN / "flask"), "db", "upgrade"], cwd=ROOT,
                             env=env | {"FLASK_APP": "app:create_app"},
                             capture_output=True, text=True, timeout=60)
    assert upgrade.returncode == 0, upgrade.stdout + upgrade.stderr

    server = _start(tmp, env)
    yield server
    died = server.died()
    if died is None:
        server.process.terminate()
        try:
            server.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait()
    else:
        pytest.fail(died)
    # Whatever ran, no link that the tests ever held may be in a log.
    assert server.leaks() == {}, f"tokens in the logs under {tmp}"


@pytest.fixture(autouse=True)
def _server_stayed_healthy(live):
    """After each test: the server is up, nothing it answered was a 5xx, no traceback logged."""
    live.settle()
    seen, sizes = len(live.statuses), live.log_sizes()
    yield
    assert live.died() is None, live.died()
    failures = [entry for entry in live.statuses[seen:] if entry[2] >= 500]
    assert not failures, f"5xx answers: {failures[:5]}"
    logged = live.log_text(since=sizes)
    for sign in ("Traceback", "database is locked", "[ERROR]", "[CRITICAL]"):
        assert sign not in logged, logged[max(0, logged.index(sign) - 200):][:3000]
