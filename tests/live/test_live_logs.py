"""A real server's logs hold every request and no link: not in paths, referrers or headers."""

from __future__ import annotations

import base64
import re
import socket
import time
from collections import Counter
from urllib.parse import urlencode

import pytest

pytestmark = pytest.mark.live

# What a link token looks like (secrets.token_urlsafe(32)): 43 URL-safe characters.
TOKEN_SHAPE = re.compile(r"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])")
ACCESS_LINE = re.compile(r'"([A-Z]+) (\S+) HTTP/1\.1" (\d{3}) ')


def _form(page: bytes, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"'.encode(), page)
    assert found, f"no {name} field on the page"
    return found.group(1).decode()


def _cookie(reply) -> str:
    found = re.match(r"(session=[^;]*)", reply.headers.get("Set-Cookie", ""))
    assert found, "the page set no session cookie"
    return found.group(1)


def _post_form(live, path: str, fields: dict[str, str], cookie: str, referer: str):
    return live.request("POST", path, body=urlencode(fields).encode(), headers={
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie,
        "Referer": referer})


def test_no_link_reaches_a_log_though_every_request_is_logged(live):
    sizes, requests_before = live.log_sizes(), len(live.statuses)
    match = live.create(3, target=50)
    match_id, tokens = match["id"], match["tokens"]
    host, view, seats = tokens["host"], tokens["view"], tokens["seats"]
    origin = live.origin

    # Pages, as phones open them: plain, as a polled fragment, and a cell's own page.
    for token in (host, view, *seats):
        assert live.request("GET", f"/m/{token}").status == 200
    assert live.request("GET", f"/m/{seats[1]}?fragment=1",
                        headers={"Referer": f"{origin}/m/{seats[1]}"}).status == 200

    # A seat saves its score through the page's form, CSRF token and session cookie included.
    page = live.request("GET", f"/m/{seats[0]}", headers={"Referer": f"{origin}/m/{seats[0]}"})
    fields = {"csrf_token": _form(page.body, "csrf_token"), "number": _form(page.body, "number"),
              "version": _form(page.body, "version"), "s0": "10+2"}
    saved = _post_form(live, f"/m/{seats[0]}/round", fields, _cookie(page),
                       f"{origin}/m/{seats[0]}")
    assert saved.status in (302, 303) and f"/m/{seats[0]}" in saved.headers["Location"]
    assert live.request("GET", f"/m/{host}/round/1/seat/0",
                        headers={"Referer": f"{origin}/m/{host}?focus=r1"}).status == 200
    # A form post without its CSRF token is refused, and logged like any other.
    assert _post_form(live, f"/m/{seats[1]}/round", {"s1": "4"}, "",
                      f"{origin}/m/{seats[1]}").status == 400

    # The API, with the bearer token and a page's address as the referrer.
    for token in (host, view, seats[2]):
        reply = live.api("GET", f"/matches/{match_id}", token,
                         headers={"Referer": f"{origin}/m/{token}", "User-Agent": "phone"})
        assert reply.status == 200
        assert reply.json()["rounds"][0]["input"]["scores"] == [12, None, None]
    assert live.api("PUT", f"/matches/{match_id}/rounds/1/seats/2", seats[2], {"score": 3},
                    headers={"Referer": f"{origin}/m/{seats[2]}"}).status == 200
    assert live.api("GET", f"/matches/{match_id}/tokens", host,
                    headers={"Referer": f"{origin}/m/{host}/links"}).status == 200
    # A link replaced, then its dead secret tried on both the page and the API.
    replaced = live.api("POST", f"/matches/{match_id}/tokens/replace", host, {"role": "view"},
                        headers={"Referer": f"{origin}/m/{host}"})
    assert replaced.status == 200
    live.remember(replaced.json())
    assert live.request("GET", f"/m/{view}", headers={"Referer": f"{origin}/m/{view}"}
                        ).status == 404
    assert live.api("GET", f"/matches/{match_id}", view,
                    headers={"Referer": f"{origin}/m/{view}"}).status == 401
    # What a phone or a script may also send: a link pasted with a doubled slash, the token as
    # a Basic user name, and a request line no HTTP parser accepts (gunicorn's error log).
    assert live.request("GET", f"/m//{seats[2]}").status in (200, 301, 308, 404)
    basic = base64.b64encode(f"{host}:".encode()).decode()
    assert live.api("GET", f"/matches/{match_id}", headers={"Authorization": f"Basic {basic}"}
                    ).status == 401
    assert _raw_status(live, f"GET /m/{host}\x7f HTTP/1.1\r\nHost: a\r\n\r\n") == 400

    made = live.statuses[requests_before:]
    expected = Counter((method, _masked(live, path), str(status)) for method, path, status in made)
    new = _once_logged(live, sizes, expected)
    logged = ACCESS_LINE.findall(new)

    assert live.leaks() == {}, f"of {len(live.secrets)} tokens, these many are in these logs"
    shaped = len(TOKEN_SHAPE.findall(new))
    assert shaped == 0, "something shaped like a token is in the logs"
    # ...while every request is there, its link masked where the link was.
    assert Counter(logged) == expected
    assert sum(method == "GET" and path.startswith("/m/") for method, path, _ in logged) == 10
    assert sum(method == "POST" and path.startswith("/m/") for method, path, _ in logged) == 2
    assert sum(path.startswith("/api/v1/matches") for _, path, _ in logged) == 9
    assert new.count(f'"{origin}/m/…') == 13, "referrers are logged, their links masked"


def _once_logged(live, sizes: dict[str, int], expected: Counter, timeout: float = 60) -> str:
    """The logs since `sizes`, once the access log holds at least the `expected` lines.

    gunicorn writes a line after its answer (a stream's when it sees it closed): on a loaded
    machine the last lines can come late, and another request's line (a probe's) can come
    first, so the log's line count alone says too little."""
    deadline = time.monotonic() + timeout
    while True:
        live.settle()
        new = live.log_text(since=sizes)
        logged = Counter(ACCESS_LINE.findall(new))
        if logged >= expected:
            return new
        assert time.monotonic() < deadline, f"these lines never came: {expected - logged}"
        time.sleep(0.05)


def _raw_status(live, request: str) -> int:
    """Send bytes as they are, past http.client's checks; the answer's status."""
    with socket.create_connection(("127.0.0.1", live.port), timeout=10) as raw:
        raw.sendall(request.encode("latin-1"))
        return int(raw.recv(64).split()[1])


def _masked(live, path: str) -> str:
    for secret in live.secrets:
        path = path.replace(secret, "…")
    return path


def test_event_streams_are_logged_with_their_links_masked(live):
    sizes = live.log_sizes()
    match = live.create(2)
    match_id, view, seat = match["id"], match["tokens"]["view"], match["tokens"]["seats"][1]
    origin = live.origin
    for path, token in ((f"/m/{view}/events", None), (f"/m/{seat}/events", None),
                        (f"/api/v1/matches/{match_id}/events", view)):
        with live.stream(path, token, {"Referer": f"{origin}/m/{view}"}) as stream:
            assert stream.next()["id"] == "1"
    # A guess at a page's stream, and a dead link's.
    assert live.request("GET", "/m/" + "x" * 43 + "/events").status == 404
    replaced = live.api("POST", f"/matches/{match_id}/tokens/replace", match["tokens"]["host"],
                        {"role": "seat", "seat": 1})
    live.remember(replaced.json())
    assert live.request("GET", f"/m/{seat}/events").status == 404

    # A stream's line is written when it ends, once the server sees it closed: on a loaded
    # machine that can take longer than the answers' own lines, so wait for those lines.
    new = _once_logged(live, sizes, Counter({("GET", "/m/…/events", "200"): 2,
                                             ("GET", f"/api/v1/matches/{match_id}/events",
                                              "200"): 1}))
    logged = Counter(ACCESS_LINE.findall(new))
    assert live.leaks() == {}
    assert not TOKEN_SHAPE.findall(new)
    assert logged[("GET", "/m/…/events", "200")] == 2
    assert logged[("GET", "/m/…/events", "404")] == 2
    assert logged[("GET", f"/api/v1/matches/{match_id}/events", "200")] == 1
    assert new.count(f'"{origin}/m/…"') == 3
