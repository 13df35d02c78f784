"""A sheet for any game (SPEC section 10): a design and its versions, each kept as it was read."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, CheckConstraint, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .base import Model, Time, now


class Design(Model):
    """A sheet for any game, kept in versions: a match copies the version it begins with, so
    that a new version, or the design deleted, changes no match played."""

    __tablename__ = "design"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    # The owner's link: whoever holds it makes new versions and deletes the design.
    owner: Mapped[str] = mapped_column(String(64), unique=True)
    version: Mapped[int] = mapped_column(default=1)  # the latest version's number
    created_at: Mapped[datetime] = mapped_column(Time, default=now)
    updated_at: Mapped[datetime] = mapped_column(Time, default=now)

    versions: Mapped[list[DesignVersion]] = relationship(
        back_populates="design", order_by="DesignVersion.number", cascade="all, delete-orphan",
        passive_deletes=True)

    __table_args__ = (CheckConstraint("version >= 1", name="version"),)


class DesignVersion(Model):
    """One version of a design, as it was read: its canonical JSON, every default filled in."""

    __tablename__ = "design_version"

    id: Mapped[int] = mapped_column(primary_key=True)
    design_id: Mapped[str] = mapped_column(ForeignKey("design.id", ondelete="CASCADE"))
    number: Mapped[int]
    body: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(Time, default=now)

    design: Mapped[Design] = relationship(back_populates="versions")

    __table_args__ = (
        UniqueConstraint("design_id", "number"),
        CheckConstraint("number >= 1", name="number"),
    )
