"""One try of one delivery (SPEC section 12): a webhook's signed POST, or an Apprise notification
with the result card attached. Either reaches only what NOTIFY_NETWORKS allows (the host
resolved and judged again now, every connection judged as it opens), follows no redirect, and
is given up on after its time (10 s).

What a try answers says nothing of the URL or the secret: they reach no log."""

from __future__ import annotations

import base64
import hashlib
import hmac
import http.client
import logging
import socket
import ssl
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .networks import Unreachable, check_host, reaching_only
from .reach import apprise_server, reach_of, webhook_parts

# Apprise says what failed at WARNING, the URL in it where a plugin writes one: never logged
# (our own line names the delivery and why, in words that hold nothing secret).
logging.getLogger("apprise").addHandler(logging.NullHandler())
logging.getLogger("apprise").propagate = False

USER_AGENT = "SquareScores"


@dataclass(frozen=True)
class Outcome:
    """How a try went: `delivered` (a 2xx, or Apprise's success), the answer's HTTP status
    where one came (`code`), and `why` in a few words for the log."""

    delivered: bool
    code: int | None
    why: str


def signature(secret: str, body: bytes) -> str:
    """X-SquareScores-Signature: GitHub's and Stripe's convention, `sha256=` and the hex
    HMAC-SHA256 of the raw body, keyed with the webhook's secret as text."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def _within(seconds: float, attempt: Callable[[], Outcome]) -> Outcome:
    """`attempt` run in a thread of its own and waited for `seconds` at most: a destination that
    never answers is a timeout then (its thread ends on its own sockets' timeouts)."""
    done: list[Outcome] = []

    def run() -> None:
        try:
            done.append(attempt())
        except Exception as error:  # a plugin's own failure is this try's, not the worker's
            done.append(Outcome(False, None, type(error).__name__))

    thread = threading.Thread(target=run, name="notify-try", daemon=True)
    thread.start()
    thread.join(seconds + 0.5)
    return done[0] if done else Outcome(False, None, "timeout")


def webhook(url: str, secret: str, event: str, delivery_id: str, body: str, networks: str,
            seconds: float) -> Outcome:
    """The body POSTed to the webhook's URL, signed, at an address judged now (the one
    connected to: no second lookup), redirects not followed, within `seconds` in all."""
    parts = webhook_parts(url)
    host = parts.hostname or ""
    port = parts.port or (443 if parts.scheme == "https" else 80)
    if parts.scheme == "http" and networks == "public":  # plain HTTP: a home's network alone
        return Outcome(False, None, "unreachable")
    try:
        addresses = check_host(host, port, networks)
    except Unreachable:
        return Outcome(False, None, "unreachable")
    raw = body.encode()
    headers = {"Content-Type": "application/json", "User-Agent": USER_AGENT,
               "X-SquareScores-Event": event, "X-SquareScores-Delivery": delivery_id,
               "X-SquareScores-Signature": signature(secret, raw)}
    if parts.username is not None:
        pair = f"{parts.username}:{parts.password or ''}".encode()
        headers["Authorization"] = "Basic " + base64.b64encode(pair).decode()
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")

    def post() -> Outcome:
        connection: http.client.HTTPConnection
        if parts.scheme == "https":
            connection = http.client.HTTPSConnection(host, port, timeout=seconds,
                                                     context=ssl.create_default_context())
        else:
            connection = http.client.HTTPConnection(host, port, timeout=seconds)

        def pinned(address: Any, timeout: Any = None, source: Any = None) -> socket.socket:
            return _connected(addresses, port, seconds)

        connection._create_connection = pinned  # type: ignore[attr-defined]
        # The whole try within `seconds`: a receiver trickling its answer a byte at a time is
        # cut off then, not at each byte's own timeout.
        watchdog = threading.Timer(seconds, _cut, (connection,))
        watchdog.start()
        try:
            with reaching_only(networks):
                connection.request("POST", target, raw, headers)
                code = connection.getresponse().status
        except (OSError, http.client.HTTPException) as error:
            return Outcome(False, None, "timeout" if not watchdog.is_alive()
                           else type(error).__name__)
        finally:
            watchdog.cancel()
            connection.close()
        return Outcome(200 <= code < 300, code, f"answered {code}")

    return _within(seconds, post)


def _connected(addresses: list[str], port: int, seconds: float) -> socket.socket:
    """A connection to the first of `addresses` that answers (the ones judged)."""
    failure: OSError | None = None
    for address in addresses:
        try:
            return socket.create_connection((address, port), seconds)
        except OSError as error:
            failure = error
    raise failure or OSError("no address")


def _cut(connection: http.client.HTTPConnection) -> None:
    sock = connection.sock
    if sock is not None:
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def notify(url: str, title: str, body: str, card: bytes | None, networks: str,
           seconds: float) -> Outcome:
    """An Apprise notification: `title` and `body`, the result card attached where the service
    takes files, its host judged again now and every connection as it opens."""
    try:
        reach_of("notify", url, networks)
    except Unreachable:
        return Outcome(False, None, "unreachable")

    def send() -> Outcome:
        # Loaded by the process that sends one (reach.py says why).
        from apprise import Apprise, AppriseAttachment
        from apprise.attachment.memory import AttachMemory

        server: Any = apprise_server(url)
        # Each connection and each read within the try's time, as Apprise's own timeouts say.
        server.socket_connect_timeout = min(server.socket_connect_timeout, seconds)
        server.socket_read_timeout = min(server.socket_read_timeout, seconds)
        sender = Apprise(asset=server.asset)
        sender.add(server)
        attached = None
        if card is not None and server.attachment_support:
            attached = AppriseAttachment(AttachMemory(  # type: ignore[no-untyped-call]
                content=card, name="squarescores-result.png", mimetype="image/png"))
        with reaching_only(networks):
            result = sender.notify(body=body, title=title, attach=attached, body_format="text")
        return Outcome(bool(result), None, "delivered" if result else "refused")

    return _within(seconds, send)
