"""Command-line tools: `flask backup PATH` copies the database while the app keeps serving."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import click
from flask.cli import with_appcontext

from .extensions import db


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
    source = db.engine.raw_connection()
    try:
        driver = source.driver_connection
        if not isinstance(driver, sqlite3.Connection):
            raise click.ClickException("backup reads SQLite through Python's sqlite3 module.")
        target = sqlite3.connect(path)
        try:
            driver.backup(target)
        finally:
            target.close()
    finally:
        source.close()
    click.echo(f"Backed up to {path}.")
