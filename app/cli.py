"""Command-line tools: `flask backup PATH` copies the database while the app keeps serving."""

from __future__ import annotations

from pathlib import Path

import click
from flask import current_app
from flask.cli import with_appcontext

from .extensions import db
from .hosting.backups import copy_sqlite, sqlite_file


@click.command("backup")
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
@with_appcontext
def backup(path: Path) -> None:
    """Copy the SQLite database to PATH, consistently, even while the app serves.

    SQLite's online backup copies a snapshot page by page without stopping writers. To restore,
    stop the app and put the copy in place of the database file (or point DATABASE_URL at it)."""
    if db.engine.dialect.name != "sqlite":
        raise click.ClickException(
            "backup copies SQLite databases; for PostgreSQL use pg_dump.")
    if path.exists():
        raise click.ClickException(f"{path} exists already: choose a new file.")
    database = sqlite_file(current_app)
    if database is None:
        raise click.ClickException("backup copies a SQLite database kept in a file.")
    copy_sqlite(database, path)
    click.echo(f"Backed up to {path}.")
