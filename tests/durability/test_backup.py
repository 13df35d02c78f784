"""`flask backup`: a consistent copy, taken while writes go on, that restores the same matches."""

from __future__ import annotations

import threading

import pytest

from app import create_app
from app.extensions import db
from config import TestConfig

pytestmark = pytest.mark.skipif(not TestConfig.SQLALCHEMY_DATABASE_URI.startswith("sqlite"),
                                reason="flask backup copies SQLite databases")


def test_a_backup_restores_the_same_matches(app, runner, api, tmp_path):
    matches = [api.create(("Ana", "Ben")) for _ in range(3)]
    for number, match in enumerate(matches):
        for score in range(number + 2):
            api.call("POST", f"/matches/{match['id']}/rounds", match["tokens"]["host"],
                     json={"scores": [score, -score]})
    before = {m["id"]: api.call("GET", f"/matches/{m['id']}", m["tokens"]["host"]).get_json()
              for m in matches}

    copy = tmp_path / "backup.db"
    result = runner.invoke(args=["backup", str(copy)])
    assert result.exit_code == 0, result.output
    assert "Backed up" in result.output

    class Restored(TestConfig):
        SQLALCHEMY_DATABASE_URI = f"sqlite:///{copy}"

    restored = create_app(Restored).test_client()
    for match in matches:
        response = restored.get(f"/api/v1/matches/{match['id']}",
                                headers={"Authorization": f"Bearer {match['tokens']['host']}"})
        assert response.get_json() == before[match["id"]]


def test_a_backup_taken_during_writes_is_whole(app, runner, tmp_path):
    client = app.test_client()
    created = client.post("/api/v1/matches", json={"game": "generic", "players": ["A", "B"]})
    match, host = created.get_json()["id"], created.get_json()["tokens"]["host"]
    stop = threading.Event()

    def write():
        writer = app.test_client()
        while not stop.is_set():
            writer.post(f"/api/v1/matches/{match}/rounds", json={"scores": [1, 2]},
                        headers={"Authorization": f"Bearer {host}"})

    thread = threading.Thread(target=write)
    thread.start()
    try:
        copy = tmp_path / "during.db"
        assert runner.invoke(args=["backup", str(copy)]).exit_code == 0
    finally:
        stop.set()
        thread.join()

    class Restored(TestConfig):
        SQLALCHEMY_DATABASE_URI = f"sqlite:///{copy}"

    restored_app = create_app(Restored)
    with restored_app.app_context():
        assert db.session.execute(db.text("PRAGMA integrity_check")).scalar() == "ok"
        rounds = db.session.execute(db.text("SELECT count(*) FROM round")).scalar()
        version = db.session.execute(db.text("SELECT version FROM match")).scalar()
        # Each round POST is one write: the copy holds a state some moment really had.
        assert version == 1 + rounds
        db.engine.dispose()


def test_backup_refuses_to_overwrite(runner, tmp_path):
    existing = tmp_path / "there.db"
    existing.write_text("keep me")
    result = runner.invoke(args=["backup", str(existing)])
    assert result.exit_code != 0 and "exists" in result.output
    assert existing.read_text() == "keep me"
