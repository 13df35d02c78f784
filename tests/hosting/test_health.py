"""`/health` answers without the database; `/ready` only with it answering at the migrations'
head (SPEC section 9)."""

from __future__ import annotations

import pytest
from sqlalchemy import event, text

from app import create_app
from app.extensions import db
from config import TestConfig

BEHIND = "dde09ebb789f"  # the migration before head


def test_health_answers_without_touching_the_database(app, client):
    with app.app_context():
        engine = db.engine
    checked_out = []
    event.listen(engine, "checkout", lambda *_: checked_out.append(1))
    response = client.get("/health")
    assert response.status_code == 200 and response.get_json() == {"ok": True}
    assert checked_out == []


@pytest.fixture
def unmigrated(app):
    """The tests' tables, made by create_all: no migration recorded, before or after (on
    PostgreSQL the table of migrations outlives the tests' drop_all)."""
    def forget():
        with app.app_context(), db.engine.begin() as connection:
            connection.execute(text("DROP TABLE IF EXISTS alembic_version"))

    forget()
    yield
    forget()


def test_ready_only_once_the_database_is_at_head(app, client, runner, unmigrated):
    assert client.get("/ready").status_code == 503
    assert runner.invoke(args=["db", "stamp", BEHIND]).exit_code == 0
    behind = client.get("/ready")
    assert behind.status_code == 503 and behind.get_json()["database"] == [BEHIND]
    assert runner.invoke(args=["db", "stamp", "head"]).exit_code == 0
    assert client.get("/ready").status_code == 200


def test_a_database_that_does_not_answer_is_not_ready_yet_the_app_is_up(tmp_path):
    class Unreachable(TestConfig):
        SQLALCHEMY_DATABASE_URI = f"sqlite:///{tmp_path / 'no-such-folder' / 'x.db'}"

    client = create_app(Unreachable).test_client()
    assert client.get("/health").status_code == 200
    assert client.get("/ready").status_code == 503
