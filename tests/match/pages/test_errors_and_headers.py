"""Unknown links, robots.txt and the security headers every page carries."""

from __future__ import annotations

import brotli
import pytest

UNKNOWN = "no-such-link-0123456789abcdefghijklmnopqrstuvwxyzABCDE"


@pytest.mark.parametrize("method, path", [
    ("GET", f"/m/{UNKNOWN}"),
    ("GET", f"/m/{UNKNOWN}?fragment=1"),
    ("POST", f"/m/{UNKNOWN}/round"),
    ("GET", f"/m/{UNKNOWN}/round/1/seat/0"),
    ("POST", f"/m/{UNKNOWN}/round/1/seat/0"),
    ("POST", f"/m/{UNKNOWN}/round/1/delete"),
    ("POST", f"/m/{UNKNOWN}/bank"),
    ("GET", f"/m/{UNKNOWN}/abandon"),
    ("GET", "/m/" + "x" * 300),
    ("GET", "/nowhere"),
])
def test_an_unknown_link_is_a_not_found_page(client, page, method, path):
    response = client.open(path, method=method, data={"value": "1", "s0": "1"})
    not_found = page(response)

    assert not_found.status == 404
    assert response.mimetype == "text/html"
    assert not_found.find("h1").text == "Not found"
    assert not_found.find("a", href="/") is not None
    assert "Traceback" not in not_found.html


def test_what_the_address_says_is_never_taken_for_markup(page, start):
    match = start(("Ana", "Ben"))

    sheet = page(f"/m/{match.host}?focus=%22%3E%3Cscript%3Ealert(1)%3C/script%3E")

    assert sheet.status == 200
    assert [node for node in sheet.find_all("script") if not node.get("src")] == []
    # Not a cell of a sheet: left out, not echoed.
    assert sheet.find(class_="sheet-state").get("data-focus") is None
    assert "<script>alert" not in sheet.html and "<b>" not in sheet.html


def test_robots_keep_out_of_match_links(client):
    response = client.get("/robots.txt")

    assert response.status_code == 200
    assert response.mimetype == "text/plain"
    rules = [line.strip() for line in response.get_data(as_text=True).splitlines()]
    assert "User-agent: *" in rules
    assert "Disallow: /m/" in rules


def _link_prefixes(app) -> set[str]:
    """The first part of every page path that a link's secret follows (`/tv/<token>`)."""
    found = set()
    for rule in app.url_map.iter_rules():
        parts = rule.rule.split("/")
        if len(parts) > 2 and parts[2] in ("<token>", "<design_id>"):
            found.add(f"/{parts[1]}/")
    return found


def test_every_page_reached_by_a_link_is_kept_by_no_cache_and_no_robot(app, client, api):
    """SPEC section 6, private pages: /m/, /g/, /n/, /tv/ and /d/ (and whatever page a link's
    secret is put in later) carry `Cache-Control: no-store`, and robots.txt disallows them.
    The attack found /tv/, /n/ and /n/<token>/where cacheable and not in robots.txt."""
    prefixes = _link_prefixes(app)
    assert {"/m/", "/g/", "/n/", "/tv/"} <= prefixes, prefixes
    rules = client.get("/robots.txt").get_data(as_text=True).splitlines()
    for prefix in prefixes:
        assert f"Disallow: {prefix}" in rules, prefix
    group = api.call("POST", "/groups", json={"name": "Club", "players": ["Ana", "Ben"]}
                     ).get_json()
    night = api.call("POST", f"/groups/{group['id']}/nights", group["tokens"]["owner"],
                     json={"game": "generic", "players": [p["id"] for p in group["players"]]}
                     ).get_json()
    player = night["tokens"]["players"][0]["token"]
    for path in (f"/tv/{night['tokens']['tv']}", f"/n/{player}", f"/n/{player}/where",
                 f"/tv/{'x' * 43}", f"/n/{'x' * 43}/where", f"/d/{'x' * 12}"):
        response = client.get(path)
        assert response.headers.get("Cache-Control") == "no-store", (path, response.status)


def csp(response) -> dict[str, str]:
    directives = {}
    for part in response.headers.get("Content-Security-Policy", "").split(";"):
        name, _, value = part.strip().partition(" ")
        if name:
            directives[name] = value.strip()
    return directives


@pytest.fixture
def urls(start):
    match = start(("Ana", "Ben"))
    match.add_round(1, 2)
    return {
        "home": ("GET", "/"),
        "new": ("GET", "/new/generic"),
        "new refused": ("POST", "/new/generic"),
        "host sheet": ("GET", f"/m/{match.host}"),
        "fragment": ("GET", f"/m/{match.host}?fragment=1"),
        "seat sheet": ("GET", f"/m/{match.seats[0]}"),
        "cell": ("GET", f"/m/{match.host}/round/1/seat/0"),
        "saved": ("POST", f"/m/{match.host}/round"),
        "forbidden": ("GET", f"/m/{match.view}/round/1/seat/0"),
        "not found": ("GET", f"/m/{UNKNOWN}"),
        "robots": ("GET", "/robots.txt"),
    }


def test_every_page_carries_the_security_headers(client, urls):
    for label, (method, path) in urls.items():
        response = client.open(path, method=method, data={"s0": "3"})
        policy = csp(response)

        assert policy.get("frame-ancestors") == "'none'", label
        assert "'unsafe-inline'" not in policy.get("script-src", "'self'"), label
        assert policy.get("default-src") == "'self'", label
        assert response.headers.get("X-Content-Type-Options") == "nosniff", label
        assert response.headers.get("Referrer-Policy") == "same-origin", label


def test_pages_use_nothing_inline_the_policy_would_block(page, urls):
    # script-src and style-src 'self' forbid inline code: a page relying on it breaks silently.
    for label, (method, path) in urls.items():
        if method != "GET":
            continue
        document = page(path)
        for script in document.find_all("script"):
            assert script.get("src") and script.text == "", label
        assert document.find_all("style") == [], label
        for node in document.iter():
            assert not [name for name in node.attrs if name == "style" or name.startswith("on")], (
                label, node.tag)


PHONE = {"Accept-Encoding": "gzip, deflate, br, zstd"}


def test_our_css_and_javascript_travel_compressed_to_a_browser_that_takes_it(client, start):
    sheet = client.get(f"/m/{start(('Ana', 'Ben')).host}", headers=PHONE).get_data(as_text=True)
    for asset in ("/static/app.css", "/static/sheet.js",
                  "/static/vendor/idiomorph-0.8.0/idiomorph.min.js"):
        assert f'"{asset}"' in sheet
        with client.get(asset) as response:
            plain = response.get_data()
        with client.get(asset, headers=PHONE) as sent:
            assert sent.headers["Content-Encoding"] == "br"
            assert "Accept-Encoding" in sent.headers["Vary"]
            assert brotli.decompress(sent.get_data()) == plain
            assert int(sent.headers["Content-Length"]) == len(sent.get_data()) < len(plain) / 2
        # The browser's next visit asks with what it was given, and is told nothing changed.
        with client.get(asset, headers={**PHONE, "If-None-Match": sent.headers["ETag"]}) as again:
            assert again.status_code == 304
    with client.get("/static/app.css", headers={"Accept-Encoding": "gzip"}) as gzipped:
        assert gzipped.headers["Content-Encoding"] == "gzip"


def test_pages_and_the_api_answer_uncompressed_with_their_own_etags(client, start):
    match = start(("Ana", "Ben"))

    page = client.get(f"/m/{match.host}", headers=PHONE)
    api = client.get(f"/api/v1/matches/{match.id}",
                     headers={**PHONE, "Authorization": f"Bearer {match.host}"})

    assert "Content-Encoding" not in page.headers and "Content-Encoding" not in api.headers
    assert api.headers["ETag"] == f'"{api.get_json()["version"]}"'
