"""A group: the people who play together, their links, the roster of players, and their seasons."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    CheckConstraint,
    ForeignKey,
    LargeBinary,
    String,
    UniqueConstraint,
    false,
    true,
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
    # The BG Stats player an import matched to this one (its uuid): the next import finds them.
    uuid: Mapped[str | None] = mapped_column(String(64))

    group: Mapped[Group] = relationship(back_populates="players")

    __table_args__ = (UniqueConstraint("group_id", "folded"), UniqueConstraint("group_id", "uuid"))


class PlayedGame(Model):
    """A game the group plays and scores elsewhere (on its own pad), whose plays are recorded
    after the fact (SPEC section 14): how its plays are placed."""

    __tablename__ = "played_game"

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[str] = mapped_column(ForeignKey("group.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(60))
    folded: Mapped[str] = mapped_column(String(180))
    bgg_id: Mapped[int | None]
    highest_wins: Mapped[bool] = mapped_column(default=True, server_default=true())
    no_points: Mapped[bool] = mapped_column(default=False, server_default=false())
    cooperative: Mapped[bool] = mapped_column(default=False, server_default=false())
    uses_teams: Mapped[bool] = mapped_column(default=False, server_default=false())
    # The BG Stats game an import matched to this one (its uuid).
    uuid: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(Time, default=now)

    __table_args__ = (UniqueConstraint("group_id", "folded"), UniqueConstraint("group_id", "uuid"))


class PlayImport(Model):
    """A file of plays being brought into a group (SPEC section 14), run as a job beside the
    requests: the file as sent, what was asked, and how far it has come."""

    __tablename__ = "play_import"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    group_id: Mapped[str] = mapped_column(ForeignKey("group.id", ondelete="CASCADE"), index=True)
    state: Mapped[str] = mapped_column(String(10), default="queued")
    file: Mapped[bytes | None] = mapped_column(LargeBinary)
    time_zone: Mapped[str] = mapped_column(String(64), default="UTC")
    dry_run: Mapped[bool] = mapped_column(default=False, server_default=false())
    # The players part sent with it: a file player's key to a roster id, or "new".
    chosen: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    # What the job has found and done so far (GET's answer but its id and state).
    progress: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(Time, default=now)
    updated_at: Mapped[datetime] = mapped_column(Time, default=now)

    __table_args__ = (
        CheckConstraint("state IN ('queued', 'running', 'done', 'failed')", name="state"),)


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
