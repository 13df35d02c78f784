"""A page takes a form. A JSON body posted to one (a list, a number, a nesting thousands deep) is
415 on every page route, before any form reads it: Flask-WTF takes a JSON body as a form's data,
and on the group import (no CSRF token needed) and on a dozen host pages a list answered 500."""

from __future__ import annotations

import pytest

BODIES = ['[[1]]', '[1]', '"x"', '5', 'null', '{"name": "Ana"}', '[' * 50_000 + ']' * 50_000,
          '{"a":' * 20_000 + '1' + '}' * 20_000]


@pytest.fixture
def places(app, group, over):
    club = group()
    banked = club.play(("Ana", "Ben"), (1, 2))
    values = {"number": 1, "seat": 0, "player_id": club.player_id("Ana"), "match_id": banked.id,
              "game_name": "generic", "switch": "on", "move": "out", "night_id": "n1",
              "season_id": 1, "destination_id": "d1", "design_id": "d1",
              "import_id": "i1"}
    urls = []
    for rule in app.url_map.iter_rules():
        if "POST" not in rule.methods or rule.rule.startswith("/api/"):
            continue
        token = club.owner if rule.rule.startswith("/g/") else over.host
        urls.append(rule.rule.replace("<token>", token).replace("<any(on, off):switch>", "on")
                    .replace("<any(out, back):move>", "out"))
        for name, value in values.items():
            urls[-1] = urls[-1].replace(f"<{name}>", str(value)).replace(
                f"<int:{name}>", str(value))
    assert len(urls) >= 29 and not any("<" in url for url in urls), urls
    return urls, over


def test_a_json_body_to_any_page_is_415_and_changes_nothing(client, api, places):
    urls, over = places
    before = api.call("GET", f"/matches/{over.id}", over.host).get_json()
    for url in urls:
        for body in BODIES:
            reply = client.post(url, data=body, content_type="application/json")
            assert reply.status_code == 415, (url, body[:20], reply.status_code)
            assert "could not read" in reply.get_data(as_text=True)
    assert api.call("GET", f"/matches/{over.id}", over.host).get_json() == before


def test_a_form_to_the_same_pages_is_still_read(client, places):
    urls, over = places
    assert client.post(f"/m/{over.host}/details", data={"note": "Ben's birthday"}).status_code \
        in (200, 302, 303)
    for url in urls:
        assert client.post(url, data={}).status_code not in (415, 500), url
