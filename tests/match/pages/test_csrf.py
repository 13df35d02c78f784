"""With CSRF protection on, as in production: a post without the page's token is refused."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from app import create_app
from app.extensions import db
from app.models import Match
from config import TestConfig


@pytest.fixture
def guarded(tmp_path):
    class GuardedConfig(TestConfig):
        SQLALCHEMY_DATABASE_URI = f"sqlite:///{tmp_path / 'csrf.db'}"
        WTF_CSRF_ENABLED = True

    app = create_app(GuardedConfig)
    with app.app_context():
        db.create_all()
    yield app
    with app.app_context():
        db.session.remove()
        db.drop_all()
        db.engine.dispose()


def matches(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Match))


NEW_MATCH = {"players-0": "Ana", "players-1": "Ben", "opt_allow_negative": "y"}


def test_a_post_without_the_token_is_refused_and_a_post_with_it_works(guarded, page):
    client = guarded.test_client()

    refused = page(client.post("/new/generic", data=NEW_MATCH))

    assert refused.status == 400
    assert "Traceback" not in refused.html
    assert matches(guarded) == 0

    token = page(client.get("/new/generic")).csrf_token()
    assert token
    forged = client.post("/new/generic", data={**NEW_MATCH, "csrf_token": token + "x"})
    assert forged.status_code == 400
    assert matches(guarded) == 0

    response = client.post("/new/generic", data={**NEW_MATCH, "csrf_token": token})

    assert response.status_code == 302
    assert response.headers["Location"].startswith("/m/")
    assert matches(guarded) == 1


def test_the_sheets_forms_need_the_token_too(guarded, page):
    client = guarded.test_client()
    created = client.post("/api/v1/matches", json={"game": "generic", "players": ["Ana", "Ben"]})
    assert created.status_code == 201  # the API speaks tokens in headers, not cookies
    host = created.get_json()["tokens"]["host"]
    sheet = page(client.get(f"/m/{host}"))
    entry = {"number": "1", "s0": "3", "s1": "4"}

    for path, data in ((f"/m/{host}/round", entry), (f"/m/{host}/abandon", {})):
        assert client.post(path, data=data).status_code == 400
    state = client.get(f"/api/v1/matches/{created.get_json()['id']}",
                       headers={"Authorization": f"Bearer {host}"}).get_json()
    assert state["rounds"] == [] and state["status"] == "active"

    # the token in the entry row, and the one in the page head for the script, both work
    form_token = sheet.by_id("entry").find("input", name="csrf_token").get("value")
    meta_token = sheet.find("meta", name="csrf-token").get("content")
    response = client.post(f"/m/{host}/round", data={**entry, "csrf_token": form_token})
    assert response.status_code == 302
    response = client.post(f"/m/{host}/round/1/seat/0", data={"value": "9",
                                                               "csrf_token": meta_token})
    assert response.status_code == 302
    state = client.get(f"/api/v1/matches/{created.get_json()['id']}",
                       headers={"Authorization": f"Bearer {host}"}).get_json()
    assert state["rounds"][0]["cells"] == [9, 4]


def test_moving_the_line_and_typing_a_character_need_the_token_too(guarded, page):
    client = guarded.test_client()
    created = client.post("/api/v1/matches", json={"game": "generic", "players": ["Ana", "Ben"],
                                                   "options": {"target": 50}}).get_json()
    host = created["tokens"]["host"]
    bandido = client.post("/api/v1/matches", json={"game": "bandido",
                                                   "players": ["Ana", "Ben"]}).get_json()
    ben = bandido["tokens"]["seats"][1]
    character = {"symbol0": "stone", "symbol1": "stone", "symbol2": "water"}

    assert client.post(f"/m/{host}/line", data={"opt_target": "80"}).status_code == 400
    refused = client.post(f"/m/{ben}/character", data=character)
    assert refused.status_code == 400
    assert not any("character_key" in c for c in refused.headers.getlist("Set-Cookie"))

    token = page(client.get(f"/m/{host}/line")).csrf_token()
    assert client.post(f"/m/{host}/line", data={"opt_target": "80",
                                                "csrf_token": token}).status_code == 302
    state = client.get(f"/api/v1/matches/{created['id']}",
                       headers={"Authorization": f"Bearer {host}"}).get_json()
    assert state["target"] == 80
    token = page(client.get(f"/m/{ben}/character")).csrf_token()
    saved = client.post(f"/m/{ben}/character", data={**character, "csrf_token": token})
    assert saved.status_code == 302
    assert any(c.startswith("character_key=") for c in saved.headers.getlist("Set-Cookie"))
