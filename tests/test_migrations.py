"""The Alembic migrations build exactly the schema the models describe, and take it down again."""

from __future__ import annotations

import sqlite3

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text

from app import create_app
from app.extensions import db
from config import TestConfig

ON_SQLITE = TestConfig.SQLALCHEMY_DATABASE_URI.startswith("sqlite")


@pytest.fixture
def empty_app(tmp_path):
    """An app on an empty database: no create_all, the migrations must do the work.

    An empty SQLite file, or the test PostgreSQL database (TEST_DATABASE_URL) emptied first."""

    class MigrationConfig(TestConfig):
        SQLALCHEMY_DATABASE_URI = (f"sqlite:///{tmp_path / 'migrated.db'}" if ON_SQLITE
                                   else TestConfig.SQLALCHEMY_DATABASE_URI)

    app = create_app(MigrationConfig)
    if not ON_SQLITE:
        _empty(app)
    yield app
    if not ON_SQLITE:
        _empty(app)
    with app.app_context():
        db.engine.dispose()


def _empty(app) -> None:
    with app.app_context():
        db.drop_all()
        with db.engine.begin() as connection:
            connection.execute(text("DROP TABLE IF EXISTS alembic_version"))


def tables(app) -> set[str]:
    with app.app_context():
        return set(inspect(db.engine).get_table_names())


def differences(app) -> list:
    with app.app_context(), db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True,
                                                               "render_as_batch": True})
        return compare_metadata(context, app.extensions["sqlalchemy"].metadata)


def test_upgrade_builds_the_models_schema_and_downgrade_removes_it(empty_app):
    assert tables(empty_app) == set()

    result = empty_app.test_cli_runner().invoke(args=["db", "upgrade"])

    assert result.exit_code == 0, result.output
    model_tables = set(empty_app.extensions["sqlalchemy"].metadata.tables)
    assert model_tables <= tables(empty_app)
    assert "alembic_version" in tables(empty_app)
    assert differences(empty_app) == []

    with empty_app.app_context():
        downgrade(revision="base")
    assert tables(empty_app) <= {"alembic_version"}

    with empty_app.app_context():
        upgrade()  # and up again: the downgrade left nothing behind that gets in the way
    assert differences(empty_app) == []


@pytest.mark.skipif(not ON_SQLITE, reason="reads the SQLite file directly")
def test_the_migrated_database_keeps_its_constraints(empty_app, tmp_path):
    with empty_app.app_context():
        upgrade()
        db.engine.dispose()

    connection = sqlite3.connect(tmp_path / "migrated.db")
    try:
        connection.execute("PRAGMA foreign_keys=ON")
        with pytest.raises(sqlite3.IntegrityError):  # a seat of no match
            connection.execute("INSERT INTO seat (match_id, position, name) VALUES ('x', 0, 'A')")
        connection.execute(
            "INSERT INTO match (id, game, name, options, version, created_at, updated_at) "
            "VALUES ('m', 'generic', 'M', '{}', 1, '2026-01-01', '2026-01-01')")
        with pytest.raises(sqlite3.IntegrityError):  # ck_match_ended
            connection.execute("UPDATE match SET ended = 'lost' WHERE id = 'm'")
        with pytest.raises(sqlite3.IntegrityError):  # ck_token_role
            connection.execute("INSERT INTO token (match_id, secret, role, seat, created_at) "
                               "VALUES ('m', 's', 'seat', NULL, '2026-01-01')")
    finally:
        connection.close()
