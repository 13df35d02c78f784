"""Real receivers on loopback for the deliveries' tests: a webhook receiver that answers as it is
told (a status, a redirect, or no answer at all), and an SMTP server (aiosmtpd)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from aiosmtpd.controller import Controller

HOST = "127.0.0.1"
WAIT = 15.0  # seconds a test waits for a state before it fails


@dataclass(frozen=True)
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


class Receiver:
    """A webhook receiver: each POST is kept, then answered with the next of `answers` (a status,
    ("redirect", url), or "silent": no answer until the test ends), else with 200."""

    def __init__(self) -> None:
        self.received: list[Received] = []
        self.answers: list[object] = []
        self.changed = threading.Condition()
        self.ended = threading.Event()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with receiver.changed:
                    receiver.received.append(Received(self.path, dict(self.headers), body))
                    answer = receiver.answers.pop(0) if receiver.answers else 200
                    receiver.changed.notify_all()
                if answer == "silent":
                    receiver.ended.wait(60)
                    return
                if isinstance(answer, tuple):
                    self.send_response(302)
                    self.send_header("Location", answer[1])
                else:
                    self.send_response(int(answer))
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer((HOST, 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.02,),
                                       daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.server.server_port}/hook/secret-path-0123456789abcdef"

    def wait_for(self, count: int, timeout: float = WAIT) -> list[Received]:
        with self.changed:
            assert self.changed.wait_for(lambda: len(self.received) >= count, timeout), \
                f"{len(self.received)} requests, not {count}"
            return list(self.received)

    def close(self) -> None:
        self.ended.set()
        self.server.shutdown()
        self.server.server_close()


def until(state: Callable[[], object], timeout: float = WAIT) -> object:
    """Waits for `state` to be true (what a test waits for), and answers it."""
    deadline = time.monotonic() + timeout
    while not (found := state()):
        assert time.monotonic() < deadline, "the state never came"
        time.sleep(0.02)
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


class Mailbox:
    """An SMTP server on loopback (aiosmtpd) keeping every message it takes."""

    def __init__(self) -> None:
        self.messages: list[bytes] = []
        self.changed = threading.Condition()
        self.port = free_port()
        self.controller = Controller(self, hostname=HOST, port=self.port)
        self.controller.start()

    async def handle_DATA(self, server: object, session: object, envelope: object) -> str:
        with self.changed:
            self.messages.append(envelope.content)  # type: ignore[attr-defined]
            self.changed.notify_all()
        return "250 OK"

    @property
    def url(self) -> str:
        return f"mailto://{HOST}:{self.port}?from=scores@example.org&to=family@example.org"

    def wait_for(self, count: int, timeout: float = WAIT) -> list[bytes]:
        with self.changed:
            assert self.changed.wait_for(lambda: len(self.messages) >= count, timeout)
            return list(self.messages)

    def close(self) -> None:
        self.controller.stop()
