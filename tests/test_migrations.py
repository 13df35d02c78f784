"""The Alembic migrations build exactly the schema the models describe, take it down again, and
fill in what a new column must say of the rows already stored."""

from __future__ import annotations

import json
import sqlite3

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, select, text

from app import create_app
from app.extensions import db
from app.models import Change
from app.services.match.access import Access
from app.services.match.parts import set_parts
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


BEFORE_OPENED_ROUND = "224fbfd34b0c"  # the last revision before a change said what it opened


def opened_flags(app, match_id: str) -> list[tuple[str, int | None, int | None, bool]]:
    with app.app_context():
        rows = db.session.execute(
            select(Change.action, Change.round_number, Change.seat, Change.opened_round)
            .where(Change.match_id == match_id).order_by(Change.id)).all()
        db.session.remove()
        return [tuple(row) for row in rows]


def test_the_old_changes_learn_which_part_opened_its_round(empty_app):
    """Undo reads whether a part opened its round from the change alone; a database from before
    holds changes that never said so: the migration works it out from each match's log."""
    with empty_app.app_context():
        upgrade()
    client = empty_app.test_client()
    created = client.post("/api/v1/matches", json={"game": "generic", "players": ["Ana", "Ben"]})
    match_id, host = created.get_json()["id"], created.get_json()["tokens"]["host"]
    other = client.post("/api/v1/matches", json={"game": "generic", "players": ["Cy"]})
    other_id, other_host = other.get_json()["id"], other.get_json()["tokens"]["host"]

    def send(method, tail, token=host, json=None, path=f"/api/v1/matches/{match_id}"):
        response = client.open(path + tail, method=method, json=json,
                               headers={"Authorization": f"Bearer {token}"})
        assert response.status_code in (200, 201), response.get_json()

    send("PUT", "/rounds/1/seats/0", json={"score": 1})  # opens round 1
    send("PUT", "/rounds/1/seats/1", json={"score": 2})
    send("PUT", "/rounds/1/seats/0", token=other_host, json={"score": 9},
         path=f"/api/v1/matches/{other_id}")  # another match's log counts its own rounds
    send("POST", "/rounds", json={"scores": [3, 4]})  # round 2, added whole
    send("PUT", "/rounds/3/seats/1", json={"score": 5})  # opens round 3 ...
    send("POST", "/undo")  # ... which is taken back
    send("PUT", "/rounds/3/seats/0", json={"score": 6})  # opens round 3 again
    send("DELETE", "/rounds/3")
    send("PUT", "/rounds/3/seats/1", json={"score": 7})  # and once more
    send("PUT", "/rounds/3/seats/0", json={"score": 8})
    send("PUT", "/rounds/1", json={"scores": [1, 3]})
    with empty_app.test_request_context():
        set_parts(Access(match_id, "host"), match_id, 4,
                           {0: {"score": 1}, 1: {"score": 2}})  # one write, two parts
    recorded = opened_flags(empty_app, match_id)
    assert recorded == [
        ("create", None, None, False),
        ("set_part", 1, 0, True), ("set_part", 1, 1, False),
        ("add_round", 2, None, False),
        ("set_part", 3, 1, True), ("undo", 3, 1, False),
        ("set_part", 3, 0, True), ("delete_round", 3, None, False),
        ("set_part", 3, 1, True), ("set_part", 3, 0, False),
        ("edit_round", 1, None, False),
        ("set_part", 4, 0, True), ("set_part", 4, 1, False),
    ]

    with empty_app.app_context():
        downgrade(revision=BEFORE_OPENED_ROUND)
        db.engine.dispose()
    assert "opened_round" not in {column["name"] for column in columns(empty_app, "change")}
    with empty_app.app_context():
        upgrade()
        db.engine.dispose()

    assert opened_flags(empty_app, match_id) == recorded
    assert opened_flags(empty_app, other_id) == [("create", None, None, False),
                                                 ("set_part", 1, 0, True)]
    # and undo, reading the flags the migration wrote, walks back as before
    for _ in range(2):
        send("POST", "/undo")
    state = client.get(f"/api/v1/matches/{match_id}",
                       headers={"Authorization": f"Bearer {host}"}).get_json()
    assert [r["cells"] for r in state["rounds"]] == [[1, 3], [3, 4], [8, 7]]


def columns(app, table: str) -> list[dict]:
    with app.app_context():
        return inspect(db.engine).get_columns(table)


BEFORE_CHARACTER_KEYS = "5e0c7f3a91d2"  # the last revision with `seat.character_from`


def seat_rows(app, match_id: str) -> list[tuple]:
    with app.app_context():
        rows = db.session.execute(text(
            "SELECT position, name, character, revealed FROM seat WHERE match_id = :m "
            "ORDER BY position"), {"m": match_id}).all()
        db.session.remove()
        return [(p, n, c if isinstance(c, list) or c is None else json.loads(c), bool(r))
                for p, n, c, r in rows]


def undo_links(app, match_id: str) -> list[tuple[str, int | None]]:
    with app.app_context():
        rows = db.session.execute(select(Change.action, Change.undoes).where(
            Change.match_id == match_id).order_by(Change.id)).all()
        db.session.remove()
        return [tuple(row) for row in rows]


def test_characters_keep_through_the_key_migration_and_back(empty_app):
    """Dropping `character_from` copies the seat table on SQLite: every character, its revealed
    flag, and every undo's link to the change it took back come through both ways; a key
    given before a downgrade is gone after it (its phone types the character again)."""
    with empty_app.app_context():
        upgrade()
    client = empty_app.test_client()
    created = client.post("/api/v1/matches", json={"game": "bandido",
                                                   "players": ["Ana", "Ben", "Cy"]}).get_json()
    match_id, tokens = created["id"], created["tokens"]

    def send(method, tail, token, json=None):
        response = client.open(f"/api/v1/matches/{match_id}{tail}", method=method, json=json,
                               headers={"Authorization": f"Bearer {token}"})
        assert response.status_code in (200, 201), response.get_json()
        return response.get_json()

    send("PUT", "/seats/0/character", tokens["seats"][0],
         {"symbols": ["stone", "stone", "water"], "revealed": True})
    key = send("PUT", "/seats/1/character", tokens["seats"][1],
               {"symbols": ["coconut"] * 3, "revealed": False})["character_key"]
    send("POST", "/rounds", tokens["host"], {"players": [{"vp": 1}, {"vp": 2}, {"vp": 0}]})
    send("POST", "/undo", tokens["host"])
    characters = seat_rows(empty_app, match_id)
    links = undo_links(empty_app, match_id)
    assert characters == [(0, "Ana", ["stone", "stone", "water"], True),
                          (1, "Ben", ["coconut"] * 3, False), (2, "Cy", None, False)]
    assert links[-1][0] == "undo" and links[-1][1] is not None

    with empty_app.app_context():
        downgrade(revision=BEFORE_CHARACTER_KEYS)
        db.engine.dispose()
    names = {column["name"] for column in columns(empty_app, "seat")}
    assert "character_from" in names and "character_key" not in names
    assert seat_rows(empty_app, match_id) == characters
    assert undo_links(empty_app, match_id) == links

    with empty_app.app_context():
        upgrade()
        db.engine.dispose()
    names = {column["name"] for column in columns(empty_app, "seat")}
    assert "character_key" in names and "character_from" not in names
    assert seat_rows(empty_app, match_id) == characters
    assert undo_links(empty_app, match_id) == links
    assert differences(empty_app) == []
    shown = client.get(f"/api/v1/matches/{match_id}", headers={
        "Authorization": f"Bearer {tokens['seats'][1]}", "X-Character-Key": key}).get_json()
    assert shown["characters"] == [{"symbols": ["stone", "stone", "water"], "revealed": True},
                                   None, None]


BEFORE_GROUPS = "45f0f871b81d"  # the last revision before groups and the bank


def test_matches_keep_through_the_groups_migration_and_back(empty_app):
    """The groups' migration copies `match` and `seat` on SQLite: every row pointing at a match
    (seats, links, rounds, entries, the log and its undo links) comes through both ways, and a
    match banked before learns when from its log."""
    from datetime import UTC, datetime

    from sqlalchemy import MetaData

    with empty_app.app_context():
        downgrade(revision="base")
        upgrade(revision=BEFORE_GROUPS)
        at = datetime(2026, 11, 20, 21, 30, tzinfo=UTC)
        with db.engine.begin() as connection:
            old = MetaData()
            old.reflect(bind=connection)
            t = old.tables
            options = {"target": None, "rounds": 1, "lowest_wins": False,
                       "allow_negative": True}
            connection.execute(t["match"].insert(), [
                {"id": "banked", "game": "generic", "name": "B", "options": options,
                 "ended": "banked", "version": 4, "created_at": at, "updated_at": at},
                {"id": "active", "game": "generic", "name": "A", "options": options,
                 "ended": None, "version": 1, "created_at": at, "updated_at": at}])
            connection.execute(t["seat"].insert(), [
                {"match_id": m, "position": p, "name": n, "revealed": False}
                for m in ("banked", "active") for p, n in enumerate(("Ana", "Ben"))])
            connection.execute(t["token"].insert(), [
                {"match_id": "banked", "secret": "s-host", "role": "host", "created_at": at}])
            connection.execute(t["round"].insert(), [
                {"id": 1, "match_id": "banked", "number": 1, "common": {}, "created_at": at}])
            connection.execute(t["entry"].insert(), [
                {"round_id": 1, "seat": s, "data": {"score": s}, "updated_at": at}
                for s in (0, 1)])
            log = [(1, 2, at, "add_round", None), (2, 3, at, "undo", 1),
                   (3, 4, datetime(2026, 11, 20, 22, 0, tzinfo=UTC), "bank", None)]
            connection.execute(t["change"].insert(), [
                {"id": i, "match_id": "banked", "version": v, "at": when, "actor": "host",
                 "action": action, "round_number": 1, "seat": None, "before": None,
                 "after": None, "undoes": undoes, "opened_round": False}
                for i, v, when, action, undoes in log])
        db.engine.dispose()

    def rows() -> dict[str, list]:
        with empty_app.app_context():
            with db.engine.connect() as connection:
                found = {table: sorted(tuple(row) for row in connection.execute(text(
                    f"SELECT {columns} FROM {table}")))
                    for table, columns in (("seat", "match_id, position, name"),
                                           ("token", "match_id, secret, role"),
                                           ('"round"', "id, match_id, number"),
                                           ("entry", "round_id, seat"),
                                           ("change", "id, match_id, action, undoes"))}
            db.engine.dispose()
        return found

    before = rows()
    assert len(before["seat"]) == 4 and (2, "banked", "undo", 1) in before["change"]

    with empty_app.app_context():
        upgrade()
        db.engine.dispose()
    assert rows() == before
    assert differences(empty_app) == []
    with empty_app.app_context():
        banked_at = {row[0]: row[1] for row in db.session.execute(
            text("SELECT id, banked_at FROM match"))}
        db.session.remove()
    assert banked_at["active"] is None
    assert str(banked_at["banked"]).startswith("2026-11-20 22:00")
    # the app reads an old match and files nothing into a group by itself
    body = empty_app.test_client().get("/api/v1/matches/banked",
                                       headers={"Authorization": "Bearer s-host"}).get_json()
    assert body["status"] == "banked" and body["group"] is None
    assert body["banked_at"].startswith("2026-11-20T22:00")
    with empty_app.app_context():
        db.engine.dispose()

    with empty_app.app_context():
        downgrade(revision=BEFORE_GROUPS)
        db.engine.dispose()
    assert rows() == before
    assert "group_id" not in {column["name"] for column in columns(empty_app, "match")}
    assert "group" not in tables(empty_app)


def test_names_stored_before_take_their_normal_form_and_twins_are_reported(empty_app, capfd):
    """SPEC section 6's names, for what was stored before it: each name normalised; two roster
    names that become one are not merged (the later kept as it was, and named in the log)."""
    from datetime import UTC, datetime

    from sqlalchemy import MetaData

    with empty_app.app_context():
        downgrade(revision="base")
        upgrade(revision="dde09ebb789f")
        at = datetime(2026, 11, 20, 21, 30, tzinfo=UTC)
        with db.engine.begin() as connection:
            old = MetaData()
            old.reflect(bind=connection)
            t = old.tables
            connection.execute(t["group"].insert(), [
                {"id": "g", "name": " Thursday\u200b ", "version": 1, "created_at": at,
                 "updated_at": at}])
            connection.execute(t["player"].insert(), [
                {"id": 1, "group_id": "g", "name": "Ana", "folded": "ana"},
                {"id": 2, "group_id": "g", "name": "Ana\u200b", "folded": "ana\u200b"},
                {"id": 3, "group_id": "g", "name": "ＢＥＮ", "folded": "ｂｅｎ"},
                {"id": 4, "group_id": "g", "name": "Cy  Lee", "folded": "cy  lee"}])
            connection.execute(t["match"].insert(), [
                {"id": "m", "game": "generic", "name": "Friday\u202e", "options": {},
                 "ended": None, "version": 1, "created_at": at, "updated_at": at,
                 "place": "\u200b", "note": "Cake\u2060  time\nand  more"}])
            connection.execute(t["seat"].insert(), [
                {"match_id": "m", "position": 0, "name": "Dee\u00ad", "revealed": False}])
        db.engine.dispose()
        capfd.readouterr()
        upgrade()  # migrations/env.py logs to the terminal, as `flask db upgrade` shows it
        rows = db.session.execute(text("SELECT id, name, folded FROM player ORDER BY id")).all()
        match = db.session.execute(text("SELECT name, place, note FROM match")).one()
        group = db.session.execute(text('SELECT name FROM "group"')).scalar_one()
        seat = db.session.execute(text("SELECT name FROM seat")).scalar_one()
        db.session.remove()
        db.engine.dispose()
    assert [tuple(row) for row in rows] == [(1, "Ana", "ana"), (2, "Ana\u200b", "ana\u200b"),
                                            (3, "BEN", "ben"), (4, "Cy Lee", "cy lee")]
    logged = capfd.readouterr().err
    assert "player 2 'Ana\\u200b' is one name with player 1 'Ana'" in logged
    assert tuple(match) == ("Friday", None, "Cake time\nand more")
    assert (group, seat) == ("Thursday", "Dee")
    assert differences(empty_app) == []
