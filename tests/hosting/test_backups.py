"""Backups on a schedule, pruned to the newest few, and `flask restore`, which puts one back
exactly as it was (SPEC section 9)."""

from __future__ import annotations

import fcntl
import sqlite3

import pytest

from app import create_app
from app.extensions import db
from app.hosting.backups import Schedule, lock, serving_lock
from config import TestConfig

pytestmark = pytest.mark.skipif(not TestConfig.SQLALCHEMY_DATABASE_URI.startswith("sqlite"),
                                reason="backups and restore copy SQLite databases")
EVERY_HOURS = 0.0001  # 0.36 s


def database_of(app):
    from app.hosting.backups import sqlite_file

    return sqlite_file(app)


def matches_in(path) -> list[str]:
    reading = sqlite3.connect(path)
    try:
        return sorted(row[0] for row in reading.execute("SELECT id FROM match"))
    finally:
        reading.close()


def test_copies_are_made_on_schedule_by_one_process_and_the_newest_kept(app, api, tmp_path):
    made = api.create(("Ana", "Ben"))
    folder = tmp_path / "backups"
    schedule = Schedule(database_of(app), folder, EVERY_HOURS * 3600, keep=2).start()
    try:
        with schedule.taken:
            assert schedule.taken.wait_for(lambda: schedule.made >= 3, timeout=20)
        # Another worker finds the folder taken: it writes no copies of its own.
        assert lock(folder / ".lock", fcntl.LOCK_EX) is None
    finally:
        schedule.stop()
        schedule.thread.join(timeout=10)
    copies = schedule.copies()
    assert len(copies) == 2
    assert all(matches_in(copy) == [made["id"]] for copy in copies)
    # Let go with its process (here: its schedule), the folder is free for the next.
    next_one = lock(folder / ".lock", fcntl.LOCK_EX)
    assert next_one is not None
    next_one.close()


def state(api, created):
    return api.call("GET", f"/matches/{created['id']}", created["tokens"]["host"])


def test_restore_gives_back_exactly_what_the_copy_held(app, api, runner, tmp_path):
    assert runner.invoke(args=["db", "stamp", "head"]).exit_code == 0
    kept = api.create(("Ana", "Ben"))
    api.call("POST", f"/matches/{kept['id']}/rounds", kept["tokens"]["host"],
             json={"scores": [3, 4]})
    before = state(api, kept).get_json()
    copy = tmp_path / "copy.db"
    assert runner.invoke(args=["backup", str(copy)]).exit_code == 0
    api.call("POST", f"/matches/{kept['id']}/rounds", kept["tokens"]["host"],
             json={"scores": [5, 6]})
    later = api.create(("Cy", "Di"))

    # Not while the server serves the database.
    serving = lock(serving_lock(database_of(app)), fcntl.LOCK_SH)
    refused = runner.invoke(args=["restore", str(copy)])
    serving.close()
    assert refused.exit_code != 0 and "stop it" in refused.output

    result = runner.invoke(args=["restore", str(copy)])
    assert result.exit_code == 0, result.output
    assert state(api, kept).get_json() == before
    assert state(api, later).status_code == 401  # its link is no longer known
    replaced = next(database_of(app).parent.glob("*.replaced-*"))
    assert sorted(matches_in(replaced)) == sorted([kept["id"], later["id"]])


def test_restore_refuses_what_is_no_sound_copy_and_leaves_the_database(app, api, runner,
                                                                        tmp_path):
    kept = api.create(("Ana", "Ben"))
    not_sqlite = tmp_path / "notes.db"
    not_sqlite.write_text("my shopping list " * 500)
    unmigrated = tmp_path / "unmigrated.db"
    sqlite3.connect(unmigrated).execute("CREATE TABLE t (x)").connection.close()
    for path, said in ((not_sqlite, "no SQLite"), (unmigrated, "no SquareScores")):
        result = runner.invoke(args=["restore", str(path)])
        assert result.exit_code != 0 and said in result.output, result.output
    assert state(api, kept).status_code == 200


def test_a_copy_from_an_older_version_is_brought_up_to_head(app, client, runner, tmp_path):
    class Older(TestConfig):
        SQLALCHEMY_DATABASE_URI = f"sqlite:///{tmp_path / 'older.db'}"

    older = create_app(Older)
    upgraded = older.test_cli_runner().invoke(args=["db", "upgrade", "dde09ebb789f"])
    assert upgraded.exit_code == 0, upgraded.output
    with older.app_context():
        db.engine.dispose()

    result = runner.invoke(args=["restore", str(tmp_path / "older.db")])
    assert result.exit_code == 0, result.output
    assert "dde09ebb789f" in result.output
    assert client.get("/ready").status_code == 200


def _left_beside(database) -> list[str]:
    """What a restore may have left beside the database (besides the database and its log)."""
    return sorted(path.name for path in database.parent.iterdir()
                  if path.name.startswith(database.name) and path.name not in (
                      database.name, database.name + "-wal", database.name + "-shm",
                      database.name + ".serving"))


def test_a_restore_whose_migration_fails_leaves_the_database_as_it_was(app, api, runner,
                                                                     tmp_path):
    """The attack: a copy that failed during its migration had already replaced the live
    database (the server then could not start) and left `.restoring` files behind."""
    kept = api.create(("Ana", "Ben"))
    before = state(api, kept).get_json()

    class Older(TestConfig):
        SQLALCHEMY_DATABASE_URI = f"sqlite:///{tmp_path / 'older.db'}"

    older = create_app(Older)
    assert older.test_cli_runner().invoke(args=["db", "upgrade", "dde09ebb789f"]).exit_code == 0
    with older.app_context():
        db.engine.dispose()
    # A table of a later migration already there: that migration fails half way.
    sqlite3.connect(tmp_path / "older.db").execute("CREATE TABLE night (x)").connection.close()
    database = database_of(app)

    result = runner.invoke(args=["restore", str(tmp_path / "older.db")])

    assert result.exit_code != 0 and "as it was" in result.output, result.output
    assert state(api, kept).get_json() == before
    assert _left_beside(database) == []


def _mode(path) -> int:
    return path.stat().st_mode & 0o777


def test_the_database_its_backups_and_what_a_restore_keeps_are_private(app, api, runner,
                                                                      tmp_path):
    """SPEC section 6, files at rest: they hold every link, so only the server's user reads
    them (0600), however the umask would have made them."""
    import os

    was = os.umask(0o022)
    try:
        api.create(("Ana", "Ben"))
        database = database_of(app)
        for suffix in ("", "-wal", "-shm"):
            found = database.with_name(database.name + suffix)
            if found.exists():
                assert _mode(found) == 0o600, found
        copy = tmp_path / "copy.db"
        assert runner.invoke(args=["backup", str(copy)]).exit_code == 0
        assert _mode(copy) == 0o600
        schedule = Schedule(database, tmp_path / "backups", EVERY_HOURS * 3600, keep=2).start()
        try:
            with schedule.taken:
                assert schedule.taken.wait_for(lambda: schedule.made >= 1, timeout=20)
        finally:
            schedule.stop()
            schedule.thread.join(timeout=10)
        assert [_mode(path) for path in schedule.copies()] == [0o600] * len(schedule.copies())
        assert runner.invoke(args=["db", "stamp", "head"]).exit_code == 0
        stamped = tmp_path / "stamped.db"
        assert runner.invoke(args=["backup", str(stamped)]).exit_code == 0
        assert runner.invoke(args=["restore", str(stamped)]).exit_code == 0
        assert _mode(database) == 0o600
        assert [_mode(path) for path in database.parent.glob("*.replaced-*")] == [0o600]
        # The locks beside them too (the restore's on the database, the schedule's on its folder).
        assert _mode(serving_lock(database)) == 0o600
        assert _mode(tmp_path / "backups" / ".lock") == 0o600
    finally:
        os.umask(was)
