"""A group: the people who play together, their links, the roster of players, and their seasons."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import (
    CheckConstraint,
    ForeignKey,
    String,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .base import Model, Time, now


class Group(Model):
    """The people who play together: a roster and the bank of their banked matches."""

    __tablename__ = "group"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    # Grows with every change to what the group's GET shows (roster, bank, links).
    version: Mapped[int] = mapped_column(default=1)
    created_at: Mapped[datetime] = mapped_column(Time, default=now)
    updated_at: Mapped[datetime] = mapped_column(Time, default=now)
    # Skill ratings (SPEC section 8) are shown only once the owner switches them on.
    ratings: Mapped[bool] = mapped_column(default=False, server_default=false())

    players: Mapped[list[Player]] = relationship(
        back_populates="group", order_by="Player.id", cascade="all, delete-orphan")
    tokens: Mapped[list[GroupToken]] = relationship(
        back_populates="group", cascade="all, delete-orphan")

    __table_args__ = (CheckConstraint("version >= 1", name="version"),)


class GroupToken(Model):
    """A group's capability: its owner (everything) or a viewer (read only)."""

    __tablename__ = "group_token"

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[str] = mapped_column(ForeignKey("group.id", ondelete="CASCADE"))
    secret: Mapped[str] = mapped_column(String(64), unique=True)
    role: Mapped[str] = mapped_column(String(5))
    created_at: Mapped[datetime] = mapped_column(Time, default=now)

    group: Mapped[Group] = relationship(back_populates="tokens")

    __table_args__ = (
        UniqueConstraint("group_id", "role"),
        CheckConstraint("role IN ('owner', 'view')", name="role"),
    )


class Player(Model):
    """A person on a group's roster; the id stays through renames, and through merges into it."""

    __tablename__ = "player"

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[str] = mapped_column(ForeignKey("group.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(40))
    # The name as names are matched: trimmed and case-folded (unique within the group). Case
    # folding may lengthen a name ("ß" is "ss"), never past three times.
    folded: Mapped[str] = mapped_column(String(120))

    group: Mapped[Group] = relationship(back_populates="players")

    __table_args__ = (UniqueConstraint("group_id", "folded"),)


class Season(Model):
    """A group's competition over a stretch of days (SPEC section 11): its table counts the
    bank's matches banked from `starts` to `ends` (the group's days in UTC), of `game` where
    named, each player's best `best_of`, ranking those who played at least `at_least`."""

    __tablename__ = "season"

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[str] = mapped_column(ForeignKey("group.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(80))
    starts: Mapped[date]
    ends: Mapped[date | None]  # open while absent
    game: Mapped[str | None] = mapped_column(String(20))  # every game while absent
    best_of: Mapped[int | None]  # every match counts while absent
    at_least: Mapped[int | None]
    created_at: Mapped[datetime] = mapped_column(Time, default=now)

    __table_args__ = (
        CheckConstraint("ends IS NULL OR ends >= starts", name="ends"),
        CheckConstraint("best_of IS NULL OR best_of >= 1", name="best_of"),
        CheckConstraint("at_least IS NULL OR at_least >= 1", name="at_least"),
    )
