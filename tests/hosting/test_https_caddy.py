"""HTTPS as shipped (SPEC section 9): Debian's Caddy, with deploy/Caddyfile and its own local
authority, in front of gunicorn (TRUSTED_PROXIES=1). Through it: a page (HSTS, Secure cookies),
a save whose links name the HTTPS address, the first event of a stream within 1 s (not held in a
buffer), and the phone's own address in the log however it forges X-Forwarded-For."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import ssl
import subprocess
import time
from pathlib import Path

import pytest
from launcher import ROOT, Server, free_port

pytestmark = pytest.mark.live
CADDY = shutil.which("caddy") or "/usr/bin/caddy"
BOOT = 30


@pytest.fixture
def caddy_in_front(tmp_path):
    if not os.path.exists(CADDY):
        if os.environ.get("CI"):
            pytest.fail("Caddy is missing: CI must install it (apt-get install caddy).")
        pytest.skip("Caddy is not installed (apt-get install caddy); skipped outside CI.")
    with Server(tmp_path / "app", workers=1, env={"TRUSTED_PROXIES": "1"}) as server:
        home = tmp_path / "caddy"
        https_port, http_port = free_port(), free_port()
        authority = home / "data" / "caddy" / "pki" / "authorities" / "local"
        env = {**os.environ, "SITE": "localhost", "TLS": "internal",
               "HTTPS_PORT": str(https_port), "HTTP_PORT": str(http_port),
               "UPSTREAM": f"127.0.0.1:{server.port}", "CA_DIR": str(authority),
               "XDG_DATA_HOME": str(home / "data"), "XDG_CONFIG_HOME": str(home / "config"),
               "HOME": str(home)}
        home.mkdir()
        with (home / "caddy.log").open("wb") as log:
            caddy = subprocess.Popen(
                [CADDY, "run", "--config", str(ROOT / "deploy" / "Caddyfile"),
                 "--adapter", "caddyfile"], env=env, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True)
        try:
            context = ready(caddy, http_port, https_port, home)
            yield server, lambda: http.client.HTTPSConnection("localhost", https_port,
                                                              context=context, timeout=10)
        finally:
            caddy.terminate()
            try:
                caddy.wait(timeout=10)
            except subprocess.TimeoutExpired:
                caddy.kill()
                caddy.wait()


def ready(caddy, http_port: int, https_port: int, home: Path) -> ssl.SSLContext:
    """Once Caddy hands out its local authority's root over HTTP and answers over HTTPS with a
    certificate that root signed: a context trusting that root alone."""
    deadline = time.monotonic() + BOOT
    while True:
        if caddy.poll() is not None or time.monotonic() > deadline:
            raise AssertionError("Caddy did not come up:\n"
                                 + (home / "caddy.log").read_text()[-3000:])
        try:
            plain = http.client.HTTPConnection("localhost", http_port, timeout=5)
            plain.request("GET", "/root.crt")
            answer = plain.getresponse()
            root = answer.read()
            plain.close()
            if answer.status == 200:
                context = ssl.create_default_context(cadata=root.decode())
                secure = http.client.HTTPSConnection("localhost", https_port, context=context,
                                                     timeout=5)
                secure.request("GET", "/health")
                if secure.getresponse().status == 200:
                    secure.close()
                    return context
        except (OSError, http.client.HTTPException):
            pass
        time.sleep(0.05)  # Caddy is still making its authority and certificate


def ask(connect, method, path, body=None, headers=None):
    connection = connect()
    headers = dict(headers or {})
    if body is not None:
        headers["Content-Type"] = "application/json"
    connection.request(method, path, body=None if body is None else json.dumps(body),
                       headers=headers)
    response = connection.getresponse()
    answer = (response.status, response.headers, response.read())
    connection.close()
    return answer


def test_through_caddy_a_page_a_save_and_a_stream(caddy_in_front):
    server, connect = caddy_in_front
    status, headers, _ = ask(connect, "GET", "/language/de?next=/")
    assert status == 302 and headers["Strict-Transport-Security"].startswith("max-age=")
    assert "; Secure" in headers["Set-Cookie"]
    status, headers, page = ask(connect, "GET", "/", headers={"Cookie": "lang=de"})
    assert status == 200 and b'lang="de"' in page

    # The phone writes its own X-Forwarded-For: Caddy sets the one the app believes.
    status, _, body = ask(connect, "POST", "/api/v1/matches",
                          {"game": "generic", "players": ["Ana", "Ben"]},
                          {"X-Forwarded-For": "203.0.113.9"})
    made = json.loads(body)
    assert status == 201 and made["links"]["host"].startswith(
        f"https://localhost:{connect().port}/m/")
    host = made["tokens"]["host"]
    auth = {"Authorization": f"Bearer {host}"}
    status, _, _ = ask(connect, "POST", f"/api/v1/matches/{made['id']}/rounds",
                       {"scores": [3, 4]}, auth)
    assert status == 201
    logged = server.logs["access"].read_text()
    assert "203.0.113.9" not in logged and "POST /api/v1/matches " in logged

    stream = connect()
    asked = time.monotonic()
    stream.request("GET", f"/api/v1/matches/{made['id']}/events",
                   headers={"Accept": "text/event-stream", **auth})
    response = stream.getresponse()
    assert response.status == 200
    first = {}
    while "data" not in first:
        name, _, value = response.readline().decode().strip().partition(": ")
        first[name] = value
    assert time.monotonic() - asked < 1
    assert first["event"] == "version" and json.loads(first["data"])["version"] == 2
    stream.close()
