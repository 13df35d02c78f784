"""What every table is made from: the declarative base, the one way times are stored (with
their zone, in UTC) and read back."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from sqlalchemy import DateTime

from ..extensions import Base, db

if TYPE_CHECKING:
    # mypy takes no class held by an instance (db.Model) as a base (python/mypy#8603). db.Model
    # is made from Base (its registry and metadata, with Flask-SQLAlchemy's mixins added), so
    # the checker reads the models as Base's; at run time they are db.Model's, as ever.
    Model = Base
else:
    Model = db.Model

# Every moment a table keeps: with its time zone (UTC), and the default of one made now.
Time = DateTime(timezone=True)


def now() -> datetime:
    return datetime.now(UTC)


# Where a session notes the matches whose version a statement moved outside the ORM's flush
# (services.match.sheet.bump_version), so that its commit tells every phone as a flush's would
# (live/watch.py).
VERSIONS_MOVED = "squarescores.versions.moved"


def utc(moment: datetime) -> datetime:
    """SQLite hands times back without their zone; they were stored in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
