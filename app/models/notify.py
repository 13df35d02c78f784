"""Where a group is told what happens at its tables (SPEC section 12): its destinations, the
outbox of events, and each event's delivery to each destination."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    JSON,
    CheckConstraint,
    ForeignKey,
    Index,
    String,
    Text,
)
from sqlalchemy.orm import Mapped, mapped_column

from .base import Model, Time, now


class Destination(Model):
    """Where a group is told what happens at its tables (SPEC section 12): an Apprise URL
    (`notify`) or a program of its own (`webhook`). Its URL and secret are shown to no one."""

    __tablename__ = "destination"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    group_id: Mapped[str] = mapped_column(ForeignKey("group.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(7))
    url: Mapped[str] = mapped_column(String(2000))  # a chat's URL is its password
    shown: Mapped[str] = mapped_column(String(300))  # scheme://host:port, as answers show it
    secret: Mapped[str | None] = mapped_column(String(64))  # a webhook's, for its HMAC
    events: Mapped[list[str]] = mapped_column(JSON)
    language: Mapped[str] = mapped_column(String(2), default="en")
    created_at: Mapped[datetime] = mapped_column(Time, default=now)

    __table_args__ = (CheckConstraint("kind IN ('notify', 'webhook')", name="kind"),
                      CheckConstraint("(kind = 'webhook') = (secret IS NOT NULL)", name="secret"))


class Told(Model):
    """The outbox: an event a destination of the group asked for, written in the transaction
    of the write that made it; the delivery worker makes it a Delivery for each, later."""

    __tablename__ = "told"

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[str] = mapped_column(ForeignKey("group.id", ondelete="CASCADE"))
    event: Mapped[str] = mapped_column(String(20))
    part: Mapped[str] = mapped_column(Text)  # the event's own part, JSON: "match" or "night"
    occurred_at: Mapped[datetime] = mapped_column(Time, default=now)


class Delivery(Model):
    """One event for one destination: sent, and kept until delivered or failed."""

    __tablename__ = "delivery"

    id: Mapped[str] = mapped_column(String(36), primary_key=True)  # the same on every try
    destination_id: Mapped[str] = mapped_column(ForeignKey("destination.id", ondelete="CASCADE"))
    event: Mapped[str] = mapped_column(String(20))
    body: Mapped[str] = mapped_column(Text)  # byte for byte what each try sends and signs
    occurred_at: Mapped[datetime] = mapped_column(Time, default=now)
    status: Mapped[str] = mapped_column(String(9), default="pending")
    attempts: Mapped[int] = mapped_column(default=0)
    next_attempt_at: Mapped[datetime] = mapped_column(Time, default=now)
    last_attempt_at: Mapped[datetime | None] = mapped_column(Time)
    code: Mapped[int | None]  # the last answer's HTTP status; None where none came

    __table_args__ = (CheckConstraint("status IN ('pending', 'retrying', 'delivered', 'failed')",
                                      name="status"),
                      Index("ix_delivery_due", "status", "next_attempt_at"),
                      Index("ix_delivery_latest", "destination_id", "occurred_at"))
