"""A game night: its links (the big screen's and a player's) and its tables, a match each."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    CheckConstraint,
    ForeignKey,
    String,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .base import Model, Time, now


class Night(Model):
    """A game night: one evening of a group at several tables at once, seated again and again.
    Its owner is the group's owner link; its own links are the big screen's and one per player."""

    __tablename__ = "night"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    group_id: Mapped[str] = mapped_column(ForeignKey("group.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(20))
    name: Mapped[str] = mapped_column(String(80))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)  # as asked; each table parses its own
    # The stored design whose copy the options hold, where its tables play one (as a match's).
    design_id: Mapped[str | None] = mapped_column(String(24))
    design_version: Mapped[int | None]
    table_size: Mapped[int | None]
    # How later seatings are made (SPEC section 11): "mixed" (fewest pairs again) or
    # "standings" (the strongest together, pairs kept apart where a swap allows).
    seating: Mapped[str] = mapped_column(String(10), default="mixed", server_default="mixed")
    # Who is here now (roster ids): the next seating seats them.
    present: Mapped[list[int]] = mapped_column(JSON)
    ended: Mapped[bool] = mapped_column(default=False, server_default=false())
    # Grows with each change of the night itself (a seating, who is here, its end); what its
    # GET shows grows with its tables' versions too (services/night/reads.py: night_version).
    version: Mapped[int] = mapped_column(default=1)
    created_at: Mapped[datetime] = mapped_column(Time, default=now)
    updated_at: Mapped[datetime] = mapped_column(Time, default=now)

    tokens: Mapped[list[NightToken]] = relationship(
        back_populates="night", order_by="NightToken.id", cascade="all, delete-orphan")
    tables: Mapped[list[NightTable]] = relationship(
        back_populates="night", order_by="[NightTable.seating, NightTable.position]",
        cascade="all, delete-orphan")

    __table_args__ = (
        CheckConstraint("version >= 1", name="version"),
        CheckConstraint("seating IN ('mixed', 'standings')", name="seating"),
    )


class NightToken(Model):
    """A night's link: the big screen's (`tv`, read only) or one player's, which follows that
    player from table to table."""

    __tablename__ = "night_token"

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[str] = mapped_column(ForeignKey("night.id", ondelete="CASCADE"), index=True)
    secret: Mapped[str] = mapped_column(String(64), unique=True)
    role: Mapped[str] = mapped_column(String(6))
    player_id: Mapped[int | None] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(Time, default=now)

    night: Mapped[Night] = relationship(back_populates="tokens")

    __table_args__ = (
        UniqueConstraint("night_id", "player_id"),
        CheckConstraint(
            "(role = 'player' AND player_id IS NOT NULL) OR (role = 'tv' AND player_id IS NULL)",
            name="role"),
    )


class NightTable(Model):
    """One table of one seating of a night: an ordinary match of the group."""

    __tablename__ = "night_table"

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[str] = mapped_column(ForeignKey("night.id", ondelete="CASCADE"))
    seating: Mapped[int]  # 1 is the first seating
    position: Mapped[int]  # 0 is the first table
    match_id: Mapped[str] = mapped_column(
        ForeignKey("match.id", ondelete="CASCADE"), unique=True)

    night: Mapped[Night] = relationship(back_populates="tables")

    __table_args__ = (
        UniqueConstraint("night_id", "seating", "position"),
        CheckConstraint("seating >= 1", name="seating"),
    )
