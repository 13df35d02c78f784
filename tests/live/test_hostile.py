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


def test_a_transfer_coding_the_server_does_not_read_is_400_not_501(tmp_path):
    """gunicorn answers these itself (501), before the app sees a request and with no line in
    the access log for some: on a server of their own, so that the session's server keeps its
    count of answers and lines."""
    from launcher import Server

    with Server(tmp_path / "codings") as server:
        for coding in ("foo", "gzip", "chunked, foo", "chunked;q=1", "x-gzip, chunked"):
            for path in ("/api/v1/matches", "/groups/import", "/api/v1/groups/import"):
                status, body = _raw(server, (
                    f"POST {path} HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n"
                    f"Content-Type: application/json\r\nTransfer-Encoding: {coding}\r\n\r\n"
                    "2\r\n{}\r\n0\r\n\r\n").encode())
                assert status == 400, (path, coding, status, body[:300])
        assert server.died() is None


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


def _wait_for(check, seconds: float = 20) -> None:
    """Until `check()` holds: a state, never a time (the bound only ends a test that fails)."""
    import time

    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "never came"
        time.sleep(0.05)


def test_one_link_holds_at_most_32_streams_over_every_worker(live):
    """SPEC section 6: the 33rd stream of one link is 429 with Retry-After, whichever worker
    takes it; a stream closed gives its slot back (the server notices within a keep-alive);
    another link of the same match is not held back."""
    match = live.create(2)
    view, path = match["tokens"]["view"], f"/api/v1/matches/{match['id']}/events"
    streams = [live.stream(path, view) for _ in range(32)]
    try:
        assert [s.status for s in streams] == [200] * 32
        assert all(s.next()["data"]["version"] == 1 for s in streams)
        for _ in range(3):  # on either worker
            with live.stream(path, view) as refused:
                assert refused.status == 429 and int(refused.headers["Retry-After"]) > 0
                assert b'"too_many_requests"' in refused.body
        with live.stream(f"/m/{view}/events") as page:
            assert page.status == 429 and page.headers["Retry-After"]
        with live.stream(path, match["tokens"]["host"]) as other:
            assert other.status == 200
        streams.pop().close()

        def one_more() -> bool:
            again = live.stream(path, view)
            if again.status == 200:
                streams.append(again)
                return True
            again.close()
            return False

        _wait_for(one_more)
    finally:
        for s in streams:
            s.close()


def test_a_worker_that_holds_all_the_streams_it_can_serve_answers_503(tmp_path):
    """SPEC section 6: a server full of streams refuses one more with 503 and Retry-After
    rather than slowing everyone; the ordinary requests still answer."""
    from event_streams import HTTPEvents
    from launcher import Server, request

    with Server(tmp_path / "full", workers=1, env={"LIVE_STREAMS_PER_WORKER": "3"}) as server:
        made = request(server.port, "POST", "/api/v1/matches",
                       json_body={"game": "generic", "players": ["Ana", "Ben"]}).json()
        tokens = [made["tokens"]["view"], made["tokens"]["host"], *made["tokens"]["seats"]]
        path = f"/api/v1/matches/{made['id']}/events"
        held = [HTTPEvents(server.port, path, token) for token in tokens[:3]]
        try:
            assert [s.status for s in held] == [200] * 3
            with HTTPEvents(server.port, path, tokens[3]) as refused:
                assert refused.status == 503 and int(refused.headers["Retry-After"]) > 0
            assert request(server.port, "GET", f"/api/v1/matches/{made['id']}",
                           tokens[3]).status == 200
        finally:
            for s in held:
                s.close()


def test_slow_bodies_and_headers_hold_nobody_up(tmp_path):
    """SPEC section 6: 200 connections trickling a body and 100 trickling their headers, from
    one address; /health answers within 1 s meanwhile, and each slow request is dropped at its
    deadline (here 3 s for a body and for headers) with the server alive."""
    import time

    from launcher import Server, request

    with Server(tmp_path / "slow", env={"REQUEST_BODY_SECONDS": "3",
                                        "REQUEST_HEADER_SECONDS": "3"}) as server:
        slow = []
        try:
            for n in range(300):
                sock = socket.create_connection((HOST, server.port), timeout=30)
                if n < 200:
                    sock.sendall(f"POST /api/v1/matches HTTP/1.1\r\nHost: {HOST}\r\n"
                                 "Content-Type: application/json\r\nContent-Length: 1000\r\n"
                                 "\r\n{".encode())
                else:
                    sock.sendall(f"POST /api/v1/matches HTTP/1.1\r\nHost: {HOST}\r\n".encode())
                slow.append(sock)
            started, slowest = time.monotonic(), 0.0
            while time.monotonic() - started < 5:
                before = time.monotonic()
                assert request(server.port, "GET", "/health", timeout=5).status == 200
                slowest = max(slowest, time.monotonic() - before)
                time.sleep(0.1)
            # SPEC section 6 says within 1 s; the bound leaves room for a busy machine, and
            # still tells a server held up by the trickles.
            assert slowest < 3, slowest
            # Each slow one was answered or closed by the server, none waits on.
            answers = []
            for sock in slow:
                sock.settimeout(10)
                try:
                    answers.append(sock.recv(64).split(b"\r\n")[0])
                except ConnectionResetError:
                    answers.append(b"reset")
            assert set(answers) <= {b"HTTP/1.1 408 REQUEST TIMEOUT", b"", b"reset"}, set(answers)
            assert answers[:200].count(b"HTTP/1.1 408 REQUEST TIMEOUT") == 200
        finally:
            for sock in slow:
                sock.close()
        assert server.died() is None


def test_headers_that_come_in_pieces_are_answered_within_their_deadline(tmp_path):
    """A phone on a weak Wi-Fi whose request line and headers arrive over more than gunicorn's
    keepalive (here 1 s) is answered, not met by a closed connection; headers still unfinished
    at their deadline (here 4 s; SPEC section 6: 30 s) are dropped."""
    import time

    from launcher import Server

    with Server(tmp_path / "pieces", env={"REQUEST_HEADER_SECONDS": "4",
                                                   "KEEPALIVE": "1"}) as server:
        with socket.create_connection((HOST, server.port), timeout=20) as late, \
                socket.create_connection((HOST, server.port), timeout=20) as never:
            late.sendall(b"GET /health HTTP/1.1\r\n")
            never.sendall(b"GET /health HTTP/1.1\r\n")
            time.sleep(2.5)  # the slow client itself: past the keepalive, within 4 s
            late.sendall(f"Host: {HOST}\r\nConnection: close\r\n\r\n".encode())
            assert late.recv(64).startswith(b"HTTP/1.1 200"), "a slow first request was cut"
            started = time.monotonic()
            assert never.recv(64) == b""  # closed by the server at the deadline
            assert time.monotonic() - started < 15
        assert server.died() is None


def _beside_health(port: int, work) -> tuple[float, list[float]]:
    """`work()` run on a thread while /health is asked every 100 ms: how long the work took, and
    how long each /health took."""
    import threading
    import time

    from launcher import request

    worker, slowest = threading.Thread(target=work), []
    started = time.monotonic()
    worker.start()
    while worker.is_alive():
        before = time.monotonic()
        assert request(port, "GET", "/health", timeout=60).status == 200
        slowest.append(time.monotonic() - before)
        time.sleep(0.1)
    worker.join()
    return time.monotonic() - started, slowest


@pytest.mark.parametrize("broken_last", [False, True], ids=["accepted", "refused at the end"])
def test_the_largest_import_holds_nobody_up(tmp_path, broken_last):
    """SPEC section 6: while the largest import is checked and written (or refused at its last
    match), its one worker still answers /health within 1 s, and is not killed; and so while
    that bank is exported, which reads and writes out as much."""
    from launcher import Server, request
    from perf.limits_bench import largest_import_body

    with Server(tmp_path / "import", workers=1) as server:
        body, answer = largest_import_body(broken_last), {}

        def post() -> None:
            answer["reply"] = request(server.port, "POST", "/api/v1/groups/import", body=body,
                                      headers={"Content-Type": "application/json"}, timeout=300)

        took, slowest = _beside_health(server.port, post)
        assert answer["reply"].status == (422 if broken_last else 201), answer["reply"].body[:300]
        assert len(slowest) > 10, "the import took no time: nothing was measured"
        # Measured against the import itself, not the clock: on a busy machine both grow. A
        # worker held for the import's work would keep /health waiting for most of it (it was
        # 4.5 s of a 25 s import); taking turns, /health waits a slice (`make bench` says how
        # long on this machine: within 1 s, SPEC section 6). Refused at its end, the import is
        # its check almost whole (4 s alone on a busy machine), which a held worker would hold
        # /health for nearly all of; a slice there is a larger share of so short a run.
        share = 4 if broken_last else 10
        assert max(slowest) < took / share, f"/health took {max(slowest):.2f} s of {took:.1f} s"

        if not broken_last:
            made = answer["reply"].json()

            def export() -> None:
                answer["export"] = request(server.port, "GET",
                                           f"/api/v1/groups/{made['id']}/export.json",
                                           made["tokens"]["owner"], timeout=300)

            took, slowest = _beside_health(server.port, export)
            assert answer["export"].status == 200
            assert len(answer["export"].json()["matches"]) == 5000
            # Read and written out at once, it held the worker 8 to 10 s.
            assert len(slowest) > 5, "the export took no time: nothing was measured"
            assert max(slowest) < took / 5, f"/health took {max(slowest):.2f} s of {took:.1f} s"
        assert "WORKER TIMEOUT" not in server.log_text() and server.died() is None


def test_every_page_of_a_1000_round_match_answers(tmp_path):
    """SPEC section 6: the largest match a server holds is read on every page, API and export
    alike, with nothing refused or failed and no worker killed (`make bench` times each read)."""
    from launcher import Server, request
    from perf.limits_bench import ROUNDS, _long_match

    with Server(tmp_path / "long") as server:
        made = _long_match(server)
        host, view = made["tokens"]["host"], made["tokens"]["view"]
        reads = [("/api/v1/matches/{id}", view), ("/api/v1/matches/{id}/export.csv", view),
                 (f"/m/{view}", None), (f"/m/{host}", None), (f"/m/{view}/table", None),
                 (f"/m/{view}/export.csv", None), (f"/m/{host}/round/{ROUNDS}", None),
                 (f"/m/{host}/details", None), (f"/m/{host}/links", None)]
        for path, token in reads * 2:  # drawn, then kept
            try:
                reply = request(server.port, "GET", path.format(id=made["id"]), token, timeout=60)
            except Exception as error:
                raise AssertionError(f"{path}: {error!r}\n{server.log_text()[-6000:]}") from error
            assert reply.status == 200, (path, reply.status)
        body = request(server.port, "GET", f"/api/v1/matches/{made['id']}", view).json()
        assert len(body["rounds"]) == ROUNDS
        assert "WORKER TIMEOUT" not in server.log_text() and server.died() is None


# What the server believes (SPEC section 6): no header but from TRUSTED_PROXIES counts ------------


def _get(live, path: str, headers: dict[str, str]) -> tuple[int, bytes]:
    """A well-formed GET with headers as they are, which the app answers: recorded as the live
    server's client records its own (its access line is waited for, its status checked)."""
    head = "".join(f"{name}: {value}\r\n" for name, value in headers.items())
    status, body = _raw(live, f"GET {path} HTTP/1.1\r\nHost: {HOST}:{live.port}\r\n{head}"
                              "Connection: close\r\n\r\n".encode())
    live.statuses.append(("GET", path, status))
    return status, body


@pytest.mark.parametrize("prefix", ["//evil.example", "/elsewhere", "/m", "x"])
def test_a_script_name_header_from_any_peer_changes_nothing(live, prefix):
    """The attack: through `make https`'s Caddy every request comes from loopback, whose
    `SCRIPT_NAME` gunicorn believed: one that did not begin the path answered its own 500
    "Configuration problem", and `GET //evil.example/m/<view>` with `SCRIPT_NAME: //evil.example`
    kept the drawn sheet with that prefix, so that every later reader's "Table view" link
    pointed to //evil.example."""
    match = live.create(3)
    view = match["tokens"]["view"]
    status, body = _get(live, f"{prefix}/m/{view}" if prefix.startswith("/") else f"/m/{view}",
                        {"SCRIPT_NAME": prefix, "X-Forwarded-Prefix": prefix,
                         "X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example",
                         "Forwarded": "for=1.2.3.4;host=evil.example;proto=https"})
    assert status < 500, body[:300]
    # The page may name the path it was asked (the language switch's way back); no link of it
    # points to another host.
    assert b'"//evil.example' not in body and b"http://evil.example" not in body
    assert b"https://evil.example" not in body
    # What a later reader is given, the version's kept drawing, names no other place either.
    status, body = _get(live, f"/m/{view}", {})
    assert status == 200
    assert b"evil.example" not in body and b'href="/m/' + view.encode() in body
    assert b"Strict-Transport-Security" not in body
