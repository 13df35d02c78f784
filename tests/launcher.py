"""A real gunicorn on loopback, on a fresh SQLite file migrated by `flask db upgrade`.

The one way the tests start the server: the live tests' fixture, the crash test, and the scripts
of `make bench` and `make crashtest` (run as `python tests/perf/...`, they put tests/ on sys.path).
The server runs on its own SQLite file whatever TEST_DATABASE_URL says: what it tests is the same
on every pass of the suite, so the PostgreSQL pass leaves its tests out (see the Makefile); only
a test that needs servers sharing one PostgreSQL names a `database_url`. It runs gunicorn.conf.py's
worker (gevent) unless told another `worker_class`."""

from __future__ import annotations

import atexit
import functools
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parents[1]
BIN = ROOT / ".venv" / "bin"
HOST = "127.0.0.1"
TIMEOUT = 15  # seconds for one request: far past SQLite's busy_timeout of 10
BOOT = 30  # seconds for gunicorn to answer its first request on a busy machine
# Settings a `make run` in the same shell may have exported: the server takes its own.
NOT_INHERITED = ("PORT", "INSTANCE_DIR", "WEB_CONCURRENCY", "THREADS", "WORKER_CLASS",
                 "WORKER_CONNECTIONS", "FLASK_APP", "GUNICORN_CMD_ARGS")


class LaunchError(RuntimeError):
    """gunicorn did not come up; the message ends with what it logged."""


class Reply(NamedTuple):
    status: int
    headers: http.client.HTTPMessage
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)

    @property
    def etag(self) -> str | None:
        return self.headers.get("ETag")


def request(port: int, method: str, path: str, token: str | None = None, json_body: Any = None,
            headers: dict[str, str] | None = None, *, body: bytes | None = None,
            timeout: float = TIMEOUT, connection: http.client.HTTPConnection | None = None,
            start: threading.Barrier | None = None) -> Reply:
    """One request, on a connection of its own unless the caller keeps one alive.

    With `start`, the connection is opened first and the request sent once every party has
    reached the barrier, so that the requests arrive together."""
    headers = dict(headers or {})
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    if json_body is not None:
        body = json.dumps(json_body).encode()
        headers["Content-Type"] = "application/json"
    own = connection is None
    if connection is None:
        connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        if start is not None:
            connection.connect()
            start.wait()
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return Reply(response.status, response.headers, response.read())
    finally:
        if own:
            connection.close()


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def upgrade(env: dict[str, str]) -> None:
    """`flask db upgrade` on the database `env` names."""
    upgraded = subprocess.run([str(BIN / "flask"), "db", "upgrade"], cwd=ROOT,
                              env=env | {"FLASK_APP": "app:create_app"},
                              capture_output=True, text=True, timeout=60)
    if upgraded.returncode != 0:
        raise LaunchError("flask db upgrade failed:\n" + upgraded.stdout + upgraded.stderr)


@functools.cache
def _migrated_sqlite() -> Path:
    """A SQLite file `flask db upgrade` brought to the head, once for this process."""
    folder = Path(tempfile.mkdtemp(prefix="squarescores-migrated-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    path = folder / "db.sqlite"
    upgrade(server_env(folder, f"sqlite:///{path}"))
    return path


def server_env(folder: Path, database_url: str) -> dict[str, str]:
    """A server's environment: this shell's, but for what a `make run` in it may have exported,
    with its database and what it keeps beside it (the rate limits' and the streams' counts,
    shared by its workers: config.py) in `folder`."""
    return {key: value for key, value in os.environ.items() if key not in NOT_INHERITED} | {
        "DATABASE_URL": database_url, "SECRET_KEY": "launcher-secret",
        "INSTANCE_DIR": str(folder)}


class Server:
    """gunicorn on loopback with its database and its logs in `folder`.

    The logs stay there for the tests to read: `access` (unless `access_log` is false), `error`
    and `output` (what the workers print). The process leads a session of its own, so that
    `kill` reaches master and workers alike. A context manager: started, then stopped."""

    def __init__(self, folder: Path, *, workers: int = 2, threads: int = 8,
                 worker_class: str | None = None, access_log: bool = True,
                 env: dict[str, str] | None = None, database_url: str | None = None,
                 app: str = "app:create_app()", config: str = "gunicorn.conf.py"):
        # What gunicorn serves (ours, or the benchmark's bare Flask app) and its settings (the
        # benchmark's profiled copy of `make run`'s).
        self.app, self.config = app, config
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.database = self.folder / "db.sqlite"
        self.database_url = database_url or f"sqlite:///{self.database}"
        self.migrated = database_url is None and self.database.exists()
        self.workers, self.threads, self.worker_class = workers, threads, worker_class
        self.logs = {"access": self.folder / "access.log", "error": self.folder / "error.log",
                     "output": self.folder / "output.log"}
        if not access_log:
            del self.logs["access"]
        self.env = server_env(self.folder, self.database_url) | {
            "RATELIMIT_ENABLED": "false", **(env or {})}
        self.port = free_port()
        self.process: subprocess.Popen | None = None
        self.probes = 0  # requests the launcher itself made: each has its line in the access log

    def __enter__(self) -> Server:
        self.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()

    def start(self) -> None:
        """Start gunicorn and return once it answers; the first start migrates the database.

        After a kill it comes back on the same port (the clients keep their address), unless
        someone else took the port meanwhile: then on another one, up to three times."""
        if not self.migrated:
            self.migrate()
            self.migrated = True
        for _ in range(3):
            sizes = self.log_sizes()
            self._spawn()
            try:
                if self._ready():
                    return
            except BaseException:  # an interrupt too: no server may outlive its launcher
                self.kill()
                raise
            if "Address already in use" not in self.log_text(since=sizes):
                raise LaunchError(self.died())
            self.port = free_port()
        raise LaunchError("no free port on loopback after 3 tries")

    def migrate(self) -> None:
        """`flask db upgrade`, as `make run` does: the schema as the migrations build it. A
        SQLite file of its own is a copy of one this process migrated so once (each upgrade
        started a Python that loaded the whole app: two seconds, at each of the run's fifty
        servers); another database is upgraded in place."""
        if self.database_url == f"sqlite:///{self.database}":
            shutil.copyfile(_migrated_sqlite(), self.database)
        else:
            upgrade(self.env)

    def _spawn(self) -> None:
        with self.logs["output"].open("ab") as output:
            self.process = subprocess.Popen(
                [str(BIN / "gunicorn"), "--config", self.config,
                 "--bind", f"{HOST}:{self.port}",
                 "--workers", str(self.workers), "--threads", str(self.threads),
                 *(["--worker-class", self.worker_class] if self.worker_class else []),
                 "--access-logfile", str(self.logs.get("access", os.devnull)),
                 "--error-logfile", str(self.logs["error"]),
                 # Not the shared ~/.gunicorn/gunicorn.ctl of a `make run` on the same machine.
                 "--no-control-socket",
                 self.app],
                cwd=ROOT, env=self.env, stdout=output, stderr=subprocess.STDOUT,
                start_new_session=True)

    def _ready(self) -> bool:
        """True once /health answers 200; False if gunicorn exited first.

        A probe waits for its answer: a connection accepted while the workers boot is answered
        once they are up, so each probe that connects adds exactly one line to the access log."""
        deadline = time.monotonic() + BOOT
        while self.process.poll() is None:
            left = deadline - time.monotonic()
            if left <= 0:
                raise LaunchError(f"gunicorn did not answer within {BOOT} s:\n"
                                  + self.log_text()[-4000:])
            try:
                reply = request(self.port, "GET", "/health", timeout=left)
            except (OSError, http.client.HTTPException):
                time.sleep(0.05)  # not listening yet
                continue
            self.probes += 1
            if reply.status != 200:
                raise LaunchError(f"/health answered {reply.status}:\n" + self.log_text()[-4000:])
            return True
        return False

    def all_workers_ready(self, timeout: float = BOOT) -> None:
        """Until every worker has said it is ready (gunicorn.conf.py's post_worker_init): the
        first answer comes from the first worker up, while another may still be loading."""
        deadline = time.monotonic() + timeout
        while self.log_text().count("Worker ready (pid:") < self.workers:
            if time.monotonic() > deadline:
                raise LaunchError(f"not every worker was ready within {timeout} s:\n"
                                  + self.log_text()[-4000:])
            time.sleep(0.05)

    def worker_pids(self) -> list[int]:
        """gunicorn's workers: the master's children."""
        if self.process is None:
            return []
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        try:
            return [int(pid) for pid in children.read_text().split()]
        except OSError:
            return []

    def kill(self) -> None:
        """kill -9, master and workers alike: a crash, not a shutdown."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        """gunicorn's own shutdown (SIGTERM to the master, which stops its workers); a kill if
        it hangs."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def died(self) -> str | None:
        """What gunicorn logged, if it exited; None while it runs."""
        if self.process is None or self.process.poll() is None:
            return None
        # gunicorn makes its error log as it starts: one that failed earlier has none.
        return f"gunicorn exited with {self.process.returncode}:\n" + "".join(
            self.logs[name].read_text(errors="replace")[-4000:]
            for name in ("error", "output") if self.logs[name].exists())

    def log_sizes(self) -> dict[str, int]:
        return {name: path.stat().st_size if path.exists() else 0
                for name, path in self.logs.items()}

    def log_text(self, since: dict[str, int] | None = None) -> str:
        """Every log, from `since` on (sizes taken by `log_sizes`)."""
        text = []
        for name, path in self.logs.items():
            if path.exists():
                with path.open("rb") as log:
                    log.seek((since or {}).get(name, 0))
                    text.append(log.read().decode(errors="replace"))
        return "".join(text)
