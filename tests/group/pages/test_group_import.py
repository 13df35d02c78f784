"""A group's backup brought back from its page: a new group with the same statistics; every
failure said on the form, nothing half made."""

from __future__ import annotations

import io
import json

import pytest
from sqlalchemy import func, select

from app import create_app
from app.extensions import db
from app.models import Group
from config import TestConfig


@pytest.fixture
def backup(client, group):
    club = group()
    club.play(("Ana", "Ben"), (5, 9))
    club.play(("Ana", "Cy"), (7, 1))
    response = client.get(f"/g/{club.view}/export.json")
    assert response.status_code == 200
    club.backup = response.get_data()
    return club


def groups(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Group))


def upload(client, data: bytes, **fields):
    return client.post("/groups/import", data={"backup": (io.BytesIO(data), "export.json"),
                                               **fields},
                       content_type="multipart/form-data")


def test_an_uploaded_backup_becomes_a_group_with_the_same_statistics(client, page, backup,
                                                                    location):
    form = page("/groups/import")
    assert form.status == 200 and form.find("input", type="file") is not None
    assert page("/").find("a", href="/groups/import") is not None

    path, _ = location(upload(client, backup.backup))
    owner = path.removeprefix("/g/")
    assert owner not in (backup.owner, backup.view)
    shown = page(path)
    assert shown.find("h1").text == "Thursday"
    assert any(a.get("href") == path for a in page("/").find_all("a")), "remembered"
    mine = shown.by_id("board-generic").ancestor("section").find("tbody").text
    theirs = page(f"/g/{backup.view}").by_id("board-generic").ancestor("section").find(
        "tbody").text
    assert mine == theirs


def test_a_pasted_backup_works_too(client, backup, location):
    path, _ = location(client.post("/groups/import",
                                   data={"pasted": backup.backup.decode()}))
    assert path.startswith("/g/")


def test_what_is_not_json_is_refused_and_what_was_pasted_stays(app, client, page, backup):
    before = groups(app)
    shown = page(client.post("/groups/import", data={"pasted": "{not json"}))
    assert shown.status == 422
    assert "not a backup" in shown.find(class_="error").text
    assert "{not json</textarea>" in shown.html
    assert groups(app) == before


@pytest.mark.parametrize("pasted", ["[" * 100_000 + "]" * 100_000, '{"name": "\\ud800"}',
                                    '{"name": NaN}'], ids=["nested", "lone surrogate", "NaN"])
def test_json_no_text_can_hold_is_not_a_backup(app, client, page, pasted):
    """Deeply nested JSON, a lone surrogate and NaN are refused as the API refuses them (400
    there), never a 500."""
    before = groups(app)
    for shown in (page(client.post("/groups/import", data={"pasted": pasted})),
                  page(upload(client, pasted.encode()))):
        assert shown.status == 422
        assert "not a backup" in shown.find(class_="error").text
    assert groups(app) == before


def test_a_broken_backup_says_what_the_service_found(app, client, page, backup):
    broken = json.loads(backup.backup)
    broken["matches"][0]["rounds"][0] = {"scores": ["many"]}
    before = groups(app)
    shown = page(upload(client, json.dumps(broken).encode()))
    assert shown.status == 422
    assert "was not imported" in shown.find(class_="error").text
    assert groups(app) == before  # nothing half made


def test_a_backup_banked_on_a_day_past_what_a_date_holds_is_refused_as_pasted(app, client,
                                                                             page, backup):
    # Issue 41: a bank of matches banked on 0001-01-01 made its group's page a 500.
    broken = json.loads(backup.backup)
    for match in broken["matches"]:
        match["started_at"] = match["banked_at"] = "0001-01-01T00:00:00+00:00"
    pasted = json.dumps(broken)
    before = groups(app)
    shown = page(client.post("/groups/import", data={"pasted": pasted}))
    assert shown.status == 422
    assert shown.find(class_="error").text == (
        "The backup was not imported: A date from 1900-01-01 to 2999-12-31. "
        "(at matches[0].started_at)")
    assert shown.find("textarea").text == pasted
    assert groups(app) == before


def test_an_empty_form_asks_for_the_file(client, page):
    shown = page(client.post("/groups/import", data={}))
    assert shown.status == 422 and shown.field_error("backup")


def test_a_backup_too_large_is_refused_as_such(app, client, page, backup):
    app.config["IMPORT_MAX_BYTES"] = 1000
    shown = page(upload(client, b" " * 5000 + backup.backup))
    assert shown.status == 413
    assert "too large" in shown.find(class_="error").text
    huge = page(upload(client, b" " * 200_000))
    assert huge.status == 413


def test_with_csrf_on_the_import_form_checks_its_token(tmp_path, backup):
    class Guarded(TestConfig):
        SQLALCHEMY_DATABASE_URI = f"sqlite:///{tmp_path / 'guarded.db'}"
        WTF_CSRF_ENABLED = True

    app = create_app(Guarded)
    with app.app_context():
        db.create_all()
    try:
        client = app.test_client()
        refused = client.post("/groups/import", data={"pasted": backup.backup.decode()})
        assert refused.status_code == 400 and groups(app) == 0
        html = client.get("/groups/import").get_data(as_text=True)
        token = html.split('name="csrf_token" value="', 1)[1].split('"', 1)[0]
        done = client.post("/groups/import", data={"pasted": backup.backup.decode(),
                                                   "csrf_token": token})
        assert done.status_code == 302 and groups(app) == 1
    finally:
        with app.app_context():
            db.session.remove()
            db.drop_all()
            db.engine.dispose()
