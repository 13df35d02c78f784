"""`flask restore PATH`: a backup put back in place of the SQLite database, with the server
stopped: checked first (whole, and made by migrations this code knows), brought up to head
beside it, and only then put in place, the database it replaces kept beside it. A restore that
fails at any step leaves the database as it was and nothing behind (SPEC section 6)."""

from __future__ import annotations

import fcntl
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import click
from alembic import command
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from flask import current_app
from flask.cli import with_appcontext
from sqlalchemy import create_engine

from ..extensions import db
from ..server_files import BESIDE, made_private
from .backups import copy_sqlite, lock, serving_lock, sqlite_file


def _revisions(copy: Path) -> list[str]:
    """The copy's migrations, once it is found whole; a ClickException where it is not."""
    reading = sqlite3.connect(copy)
    try:
        verdict = reading.execute("PRAGMA integrity_check").fetchone()[0]
        if verdict != "ok":
            raise click.ClickException(f"The copy is damaged (integrity_check: {verdict}).")
        try:
            found = [row[0] for row in reading.execute("SELECT version_num FROM alembic_version")]
        except sqlite3.Error:
            found = []
    except sqlite3.DatabaseError as error:
        raise click.ClickException(f"The copy is no SQLite database ({error}).") from error
    finally:
        reading.close()
    if not found:
        raise click.ClickException("The copy is no SquareScores database (no alembic_version).")
    scripts = ScriptDirectory(current_app.extensions["migrate"].directory)
    for revision in found:
        try:
            scripts.get_revision(revision)
        except CommandError as error:
            raise click.ClickException(
                f"The copy is at migration {revision}, which this SquareScores does not know: "
                "it was made by a newer version. Restore it with that version.") from error
    return found


def _upgraded(copy: Path) -> None:
    """The copy at `copy` brought up to head by this code's migrations, in place."""
    engine = create_engine(f"sqlite:///{copy}")
    try:
        config = current_app.extensions["migrate"].migrate.get_config()
        config.attributes["engine"] = engine
        command.upgrade(config, "head")
    except Exception as error:
        raise click.ClickException(f"The copy could not be brought up to date ({error}); "
                                   "the database is as it was.") from error
    finally:
        engine.dispose()


@click.command("restore")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@with_appcontext
def restore(path: Path) -> None:
    """Put the SQLite backup at PATH in place of the database (stop the server first).

    The copy is checked (PRAGMA integrity_check; its migrations known to this code) and
    upgraded to head beside the database, then put in place; the database it replaces is kept
    beside it, named `<database>.replaced-<UTC time>`. Where any step fails, the database is
    left as it was and no copy behind. For PostgreSQL use pg_restore (docs/deploying.md)."""
    database = sqlite_file(current_app._get_current_object())  # type: ignore[attr-defined]
    if database is None:
        raise click.ClickException(
            "restore puts back SQLite copies; for PostgreSQL use pg_restore (docs/deploying.md).")
    alone = lock(serving_lock(database), fcntl.LOCK_EX)
    if alone is None:
        raise click.ClickException("The server is running on this database: stop it, then "
                                   "restore.")
    staged = database.with_name(database.name + ".restoring")
    try:
        try:
            copy_sqlite(path.resolve(), staged)
        except sqlite3.DatabaseError as error:
            raise click.ClickException(f"The copy is no SQLite database ({error}).") from error
        revisions = _revisions(staged)
        _upgraded(staged)
        db.engine.dispose()
        kept = None
        if database.exists():
            moment = f"{datetime.now(UTC):%Y%m%dT%H%M%SZ}"
            kept = database.with_name(f"{database.name}.replaced-{moment}")
            copy_sqlite(database, kept)  # with what its write-ahead log still held
            for leftover in ("-wal", "-shm"):
                database.with_name(database.name + leftover).unlink(missing_ok=True)
        staged.replace(database)  # the one step that changes the database: a rename, whole
        made_private(database)
    finally:
        for leftover in BESIDE:
            staged.with_name(staged.name + leftover).unlink(missing_ok=True)
        alone.close()
    click.echo(f"Restored {path} (at migration {', '.join(revisions)}, now at head).")
    if kept is not None:
        click.echo(f"The database it replaced is kept at {kept}.")
