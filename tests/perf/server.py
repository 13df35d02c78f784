"""Start and stop a real gunicorn for the benchmark and the crash test (not collected by pytest)."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
BIN = ROOT / ".venv" / "bin"
HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def migrate(database_url: str) -> None:
    env = os.environ | {"DATABASE_URL": database_url, "FLASK_APP": "app:create_app"}
    subprocess.run([BIN / "flask", "db", "upgrade"], cwd=ROOT, env=env, check=True,
                   capture_output=True)


class Server:
    """gunicorn on loopback in a session of its own, so that one signal stops all of it."""

    def __init__(self, database_url: str, workers: int = 2, threads: int = 8,
                 log: Path | None = None, extra_env: dict[str, str] | None = None):
        self.database_url = database_url
        self.workers, self.threads = workers, threads
        self.log = log
        self.extra_env = extra_env or {}
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 20) -> None:
        env = os.environ | {"DATABASE_URL": self.database_url, "RATELIMIT_ENABLED": "false",
                            "SECRET_KEY": "perf", **self.extra_env}
        out = open(self.log, "ab") if self.log else subprocess.DEVNULL  # noqa: SIM115
        self.process = subprocess.Popen(
            [BIN / "gunicorn", "--config", "gunicorn.conf.py", "--bind", f"{HOST}:{self.port}",
             "--workers", str(self.workers), "--threads", str(self.threads),
             "--no-control-socket", "--access-logfile", "/dev/null", "app:create_app()"],
            cwd=ROOT, env=env, stdout=out, stderr=out, start_new_session=True)
        if self.log:
            out.close()  # gunicorn holds its own copy
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.process.returncode}")
            try:
                if request(self.port, "GET", "/health")[0] == 200:
                    return
            except (OSError, http.client.HTTPException):
                time.sleep(0.05)
        raise RuntimeError("gunicorn did not answer in time")

    def kill(self) -> None:
        """kill -9, master and workers alike: a crash, not a shutdown."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


def request(port: int, method: str, path: str, token: str | None = None, body: Any = None,
            headers: dict[str, str] | None = None, timeout: float = 15,
            connection: http.client.HTTPConnection | None = None) -> tuple[int, dict, bytes]:
    """One request; a connection of its own unless one is given (kept alive by the caller)."""
    headers = dict(headers or {})
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    own = connection is None
    connection = connection or http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        connection.request(method, path, body=data, headers=headers)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        if own:
            connection.close()
