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
from browser_kit.fixtures import CHROMIUM, CHROMIUM_ARGS
from launcher import ROOT, Server, free_port

# Beside the browser tests (one Playwright per process: the phone's Chromium is launched from
# theirs), and like the live tests it starts a real gunicorn.
pytestmark = [pytest.mark.browser, pytest.mark.live]
CADDY = shutil.which("caddy") or "/usr/bin/caddy"
BOOT = 30


@pytest.fixture(scope="module")
def caddy_in_front(tmp_path_factory):
    """gunicorn, and Caddy before it, for the tests of this module."""
    tmp_path = tmp_path_factory.mktemp("https")
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
            context, server.caddy_root = ready(caddy, http_port, https_port, home)
            yield server, lambda: http.client.HTTPSConnection("localhost", https_port,
                                                              context=context, timeout=10)
        finally:
            server.stop()  # first: its streams end, and Caddy has none left to wait for
            caddy.terminate()
            try:
                caddy.wait(timeout=10)
            except subprocess.TimeoutExpired:
                caddy.kill()
                caddy.wait()


def ready(caddy, http_port: int, https_port: int, home: Path) -> tuple[ssl.SSLContext, bytes]:
    """Once Caddy hands out its local authority's root over HTTP and answers over HTTPS with a
    certificate that root signed: a context trusting that root alone, and the root."""
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
                    return context, root
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


CERTUTIL = shutil.which("certutil")


def test_a_phone_trusting_the_authority_installs_and_reopens_a_sheet_offline(
        caddy_in_front, browser, tmp_path, kept_offline):
    """Chromium with Caddy's root in its certificate database (certutil, as a phone installs
    it): the service worker registers, the sheet opens again offline and says so, a save waits
    in the outbox and lands once the network is back."""
    from playwright.sync_api import expect

    if not os.path.exists(CHROMIUM) or not CERTUTIL:
        if os.environ.get("CI"):
            pytest.fail("Chromium and certutil are needed (apt-get install "
                        "chromium-headless-shell libnss3-tools).")
        pytest.skip("Chromium or certutil (libnss3-tools) is not installed.")
    server, connect = caddy_in_front
    home = tmp_path / "phone"
    nssdb = home / ".pki" / "nssdb"
    nssdb.mkdir(parents=True)
    root = tmp_path / "root.crt"
    root.write_bytes(server.caddy_root)
    subprocess.run([CERTUTIL, "-d", f"sql:{nssdb}", "-N", "--empty-password"], check=True)
    subprocess.run([CERTUTIL, "-d", f"sql:{nssdb}", "-A", "-n", "Caddy Local Authority",
                    "-t", "C,,", "-i", str(root)], check=True)

    status, _, body = ask(connect, "POST", "/api/v1/matches",
                          {"game": "generic", "players": ["Ana", "Ben"]})
    made = json.loads(body)
    phone = browser.browser_type.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                        env={**os.environ, "HOME": str(home)})
    try:
        context = phone.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                    has_touch=True)
        page = context.new_page()
        page.goto(made["links"]["host"])
        kept_offline(page)
        context.set_offline(True)
        page.reload()
        expect(page.locator("#offline-note")).to_be_visible()
        page.get_by_label("Round 1, Ana").fill("5")
        page.get_by_label("Round 1, Ben").fill("8")
        page.get_by_role("button", name="Save round 1").click()
        expect(page.locator(".waiting-note")).to_contain_text("Waiting to be sent")
        context.set_offline(False)
        expect(page.locator(".waiting-note")).to_have_count(0)
    finally:
        phone.close()
    _, _, match = ask(connect, "GET", f"/api/v1/matches/{made['id']}",
                      headers={"Authorization": f"Bearer {made['tokens']['host']}"})
    assert [r["input"]["scores"] for r in json.loads(match)["rounds"]] == [[5, 8]]
