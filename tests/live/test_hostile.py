"""A real gunicorn met as an attacker meets it, on loopback: malformed HTTP is 400 on every route
and never a 500 (SPEC section 2), and no token reaches a log however it is spelled (section 6)."""

from __future__ import annotations

import json
import re
import secrets
import socket
from urllib.parse import unquote

import pytest
from launcher import HOST

from app import create_app
from config import TestConfig

pytestmark = pytest.mark.live


def _raw(live, request: bytes) -> tuple[int, bytes]:
    """One request as bytes on a connection of its own: its status and body."""
    with socket.create_connection((HOST, live.port), timeout=15) as sock:
        sock.sendall(request)
        sock.shutdown(socket.SHUT_WR)  # all is sent: a body cut short ends here
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    return status, body


def _post_paths() -> list[str]:
    """Every route that takes a POST, PUT, PATCH or DELETE, its variables filled in as a client
    that knows no token would fill them."""
    app = create_app(TestConfig)
    paths = []
    for rule in app.url_map.iter_rules():
        if not rule.methods or not rule.methods & {"POST", "PUT", "PATCH", "DELETE"}:
            continue
        path = rule.rule
        for variable in rule.arguments:
            value = "1" if rule._converters[variable].regex.startswith(r"\d") else (
                secrets.token_urlsafe(32))
            path = re.sub(rf"<(?:[^:<>]+:)?{variable}>", value, path)
        paths.append(path)
    assert len(paths) > 20, paths
    return sorted(set(paths))


BROKEN_BODIES = {
    "a chunk size that is no number": b"zz\r\nabc\r\n0\r\n\r\n",
    "a chunk longer than its size": b"3\r\nabcdef\r\n0\r\n\r\n",
    "a chunk with no terminator": b"5\r\nabc",
}


@pytest.mark.parametrize("broken", BROKEN_BODIES, ids=list(BROKEN_BODIES))
def test_a_broken_chunked_body_is_400_on_every_route(live, broken):
    for path in _post_paths():
        method = "DELETE" if "/rounds/1" in path and "seats" not in path else "POST"
        status, body = _raw(live, (
            f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n"
            "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n").encode()
            + BROKEN_BODIES[broken])
        live.statuses.append((method, path, status))
        assert status == 400, (path, status, body[:300])
        if path.startswith("/api/"):
            assert b'"error"' in body, path


@pytest.mark.parametrize("path", ["/m/%ff%fe", "/api/v1/matches/%c3%28", "/g/%80/stats"])
def test_a_path_that_is_no_utf8_is_400(live, path):
    status, body = _raw(live, f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n"
                              "Authorization: Bearer x\r\n\r\n".encode())
    live.statuses.append(("GET", path, status))
    assert status == 400, body[:300]


def test_a_whole_chunked_body_still_lands(live):
    body = b'{"game": "generic", "players": ["Ana", "Ben"]}'
    status, answer = _raw(live, (
        f"POST /api/v1/matches HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n"
        "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n").encode()
        + f"{len(body[:10]):x}\r\n".encode() + body[:10] + b"\r\n"
        + f"{len(body[10:]):x}\r\n".encode() + body[10:] + b"\r\n0\r\n\r\n")
    live.statuses.append(("POST", "/api/v1/matches", status))
    assert status == 201, answer[:300]
    live.remember(json.loads(answer)["tokens"])


def test_a_percent_encoded_token_reaches_no_log(live):
    match = live.create(2)
    token = match["tokens"]["view"]
    sizes = live.log_sizes()

    def escaped(text: str, hex_format: str = "%{:02X}") -> str:
        return "".join(hex_format.format(ord(ch)) for ch in text)

    for path in (f"/m/{escaped(token)}", f"/m/{token[:21]}{escaped(token[21:], '%{:02x}')}",
                 f"/m/{escaped(token[:21])}{token[21:]}/table", f"/m/{escaped(escaped(token))}"):
        reply = live.request("GET", path, headers={"Referer": f"http://{HOST}{path}"})
        assert reply.status in (200, 404), path
    live.settle()
    logged = live.log_text(since=sizes)
    # However it was spelled, no log line decodes back to the token.
    assert token not in unquote(unquote(logged)), logged[-2000:]
