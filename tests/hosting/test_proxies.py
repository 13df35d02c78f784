"""Behind a proxy (SPEC section 9): the address, scheme and host the trusted proxies say; a
client's own X-Forwarded-* headers believed by no one; Secure cookies and HSTS over HTTPS only."""

from __future__ import annotations

import pytest

from app import create_app, ratelimit
from app.extensions import db
from config import TestConfig

GUESSES = 3
PROXY = {"REMOTE_ADDR": "10.0.0.2"}  # a reverse proxy on the LAN, before the app


def app_with(tmp_path, proxies: int, **settings):
    class Config(TestConfig):
        SQLALCHEMY_DATABASE_URI = f"sqlite:///{tmp_path / 'test.db'}"
        TRUSTED_PROXIES = proxies
        RATELIMIT_ENABLED = True
        RATELIMIT_UNKNOWN_TOKEN_PER_MINUTE = GUESSES

    for name, value in settings.items():
        setattr(Config, name, value)
    app = create_app(Config)
    with app.app_context():
        db.create_all()
    ratelimit.reset()
    return app


@pytest.fixture
def behind_one(tmp_path):
    app = app_with(tmp_path, 1)
    yield app.test_client()
    ratelimit.reset()


@pytest.fixture
def direct(tmp_path):
    app = app_with(tmp_path, 0)
    yield app.test_client()
    ratelimit.reset()


def guess(client, forwarded_for: str | None) -> int:
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    return client.get("/m/" + "x" * 43, headers=headers, environ_base=PROXY).status_code


def test_behind_a_trusted_proxy_each_phone_has_its_own_allowance(behind_one):
    answers = [guess(behind_one, "198.51.100.1") for _ in range(GUESSES + 1)]
    assert answers == [404] * GUESSES + [429]
    # Another phone behind the same proxy guesses in its own name.
    assert guess(behind_one, "198.51.100.2") == 404
    # A phone that writes its own X-Forwarded-For gets it prefixed to the proxy's: the address
    # counted is still the one the proxy saw.
    assert guess(behind_one, "203.0.113.9, 198.51.100.1") == 429


def test_a_forged_header_from_an_untrusted_client_changes_nothing(direct):
    answers = [guess(direct, f"198.51.100.{n}") for n in range(GUESSES + 1)]
    assert answers == [404] * GUESSES + [429]


def test_links_take_the_host_and_scheme_the_proxy_says(behind_one, direct):
    created = behind_one.post("/api/v1/matches", json={"game": "generic", "players": ["A", "B"]},
                              headers={"X-Forwarded-Proto": "https",
                                       "X-Forwarded-Host": "scores.example"},
                              environ_base=PROXY).get_json()
    assert created["links"]["host"].startswith("https://scores.example/m/")
    forged = direct.post("/api/v1/matches", json={"game": "generic", "players": ["A", "B"]},
                         headers={"X-Forwarded-Proto": "https",
                                  "X-Forwarded-Host": "evil.example"}).get_json()
    assert forged["links"]["host"].startswith("http://localhost/m/")


def cookies_and_hsts(response):
    cookies = response.headers.getlist("Set-Cookie")
    assert cookies
    return cookies, response.headers.get("Strict-Transport-Security")


@pytest.mark.parametrize("page", ["/language/de", "session"])
def test_over_https_every_cookie_is_secure_and_hsts_is_said(behind_one, direct, page):
    def visit(client, **kwargs):
        if page == "session":  # opening a sheet keeps its link in the session's cookie
            made = client.post("/api/v1/matches", environ_base=PROXY,
                               json={"game": "generic", "players": ["A", "B"]}).get_json()
            return client.get(f"/m/{made['tokens']['host']}", environ_base=PROXY, **kwargs)
        return client.get(page, environ_base=PROXY, **kwargs)

    https = {"X-Forwarded-Proto": "https"}
    cookies, hsts = cookies_and_hsts(visit(behind_one, headers=https))
    assert all("; Secure" in cookie for cookie in cookies) and hsts.startswith("max-age=")

    cookies, hsts = cookies_and_hsts(visit(direct, base_url="https://localhost"))
    assert all("; Secure" in cookie for cookie in cookies) and hsts

    for plain in (visit(behind_one), visit(direct, headers=https)):
        cookies, hsts = cookies_and_hsts(plain)
        assert not any("secure" in cookie.lower() for cookie in cookies) and hsts is None
