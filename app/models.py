"""What is stored: matches, their seats, tokens, rounds as entered, every change, the groups that
bank their matches (roster, links), their game nights, and where they are told of them."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    JSON,
    BigInteger,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import Base, db

if TYPE_CHECKING:
    # mypy takes no class held by an instance (db.Model) as a base (python/mypy#8603). db.Model
    # is made from Base (its registry and metadata, with Flask-SQLAlchemy's mixins added), so
    # the checker reads the models as Base's; at run time they are db.Model's, as ever.
    Model = Base
else:
    Model = db.Model

_Time = DateTime(timezone=True)


def _now() -> datetime:
    return datetime.now(UTC)


# Where a session notes the matches whose version a statement moved outside the ORM's flush
# (services.match.sheet.bump_version), so that its commit tells every phone as a flush's would
# (live/watch.py).
VERSIONS_MOVED = "squarescores.versions.moved"


class Match(Model):
    __tablename__ = "match"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    game: Mapped[str] = mapped_column(String(20))
    name: Mapped[str] = mapped_column(String(80))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    # Only what people decided is stored: banked or abandoned. Active and over are derived.
    ended: Mapped[str | None] = mapped_column(String(10))
    version: Mapped[int] = mapped_column(default=1)
    created_at: Mapped[datetime] = mapped_column(_Time, default=_now)  # "started_at"
    updated_at: Mapped[datetime] = mapped_column(_Time, default=_now)
    # The group whose bank the match goes into once banked (set at its start, or at banking).
    group_id: Mapped[str | None] = mapped_column(
        ForeignKey("group.id", ondelete="SET NULL"), index=True)
    # What the host may add: where it was played, and a word about it.
    place: Mapped[str | None] = mapped_column(String(80))
    note: Mapped[str | None] = mapped_column(String(500))
    banked_at: Mapped[datetime | None] = mapped_column(_Time)
    # A banked match the group's owner took out of the bank (a practice game): no statistics.
    taken_out: Mapped[bool] = mapped_column(default=False, server_default=false())
    # Part of the bank summary written once at banking (with each seat's side, total and rank):
    # how many rounds the match took.
    round_count: Mapped[int | None]
    # The rematch: every link of this match is offered its own link to the next one.
    next_id: Mapped[str | None] = mapped_column(
        ForeignKey("match.id", ondelete="SET NULL"), index=True)

    seats: Mapped[list[Seat]] = relationship(
        back_populates="match", order_by="Seat.position", cascade="all, delete-orphan"
    )
    rounds: Mapped[list[Round]] = relationship(
        back_populates="match", order_by="Round.number", cascade="all, delete-orphan"
    )
    tokens: Mapped[list[Token]] = relationship(
        back_populates="match", cascade="all, delete-orphan"
    )

    __table_args__ = (
        CheckConstraint("ended IS NULL OR ended IN ('banked', 'abandoned')", name="ended"),
        CheckConstraint("version >= 1", name="version"),
    )


class Seat(Model):
    __tablename__ = "seat"

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"))
    position: Mapped[int]
    name: Mapped[str] = mapped_column(String(40))
    # Banana Bandido: the seat's secret character (three symbols), and whether it is revealed.
    character: Mapped[list[str] | None] = mapped_column(JSON)
    revealed: Mapped[bool] = mapped_column(default=False, server_default=false())
    # Only the phone that typed the character reads it back, with a key it was given then: kept
    # here as its SHA-256 (hex) alone, so that what is stored reads no character. The key is 192
    # random bits, far past guessing: a fast hash is enough, no slow password hash is needed.
    character_key: Mapped[str | None] = mapped_column(String(64))
    # In a group's match: who sits here, on the group's roster (one person sits once a match).
    player_id: Mapped[int | None] = mapped_column(
        ForeignKey("player.id", ondelete="SET NULL"), index=True)
    # The bank summary, written once when a group's match is banked, from the engine's replay
    # (never typed): the seat's side, that side's final total, its rank (1 is best; partners
    # share their side's), and whether it won.
    side: Mapped[int | None]
    total: Mapped[int | None] = mapped_column(BigInteger)
    rank: Mapped[int | None]
    winner: Mapped[bool | None]

    match: Mapped[Match] = relationship(back_populates="seats")

    __table_args__ = (
        UniqueConstraint("match_id", "position"),
        UniqueConstraint("match_id", "player_id"),
    )


class Token(Model):
    """A capability: whoever holds the secret acts as host, viewer or one seat."""

    __tablename__ = "token"

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"))
    secret: Mapped[str] = mapped_column(String(64), unique=True)
    role: Mapped[str] = mapped_column(String(5))
    seat: Mapped[int | None]
    created_at: Mapped[datetime] = mapped_column(_Time, default=_now)

    match: Mapped[Match] = relationship(back_populates="tokens")

    __table_args__ = (
        CheckConstraint(
            "(role = 'seat' AND seat IS NOT NULL) OR (role IN ('host', 'view') AND seat IS NULL)",
            name="role",
        ),
    )


class Round(Model):
    """One round: its round-wide fields as entered (`common`); each seat's part is an Entry."""

    __tablename__ = "round"

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"))
    number: Mapped[int]
    common: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(_Time, default=_now)

    match: Mapped[Match] = relationship(back_populates="rounds")
    entries: Mapped[list[Entry]] = relationship(
        back_populates="round", order_by="Entry.seat", cascade="all, delete-orphan"
    )

    __table_args__ = (
        UniqueConstraint("match_id", "number"),
        CheckConstraint("number >= 1", name="number"),
    )


class Entry(Model):
    """One seat's part of one round, stored as entered (after validation)."""

    __tablename__ = "entry"

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("round.id", ondelete="CASCADE"))
    seat: Mapped[int]
    data: Mapped[Any] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(_Time, default=_now)

    round: Mapped[Round] = relationship(back_populates="entries")

    __table_args__ = (
        UniqueConstraint("round_id", "seat"),
        CheckConstraint("seat >= 0", name="seat"),
    )


class Change(Model):
    """The log: who changed what and when, with the value before and after."""

    __tablename__ = "change"

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[str] = mapped_column(
        ForeignKey("match.id", ondelete="CASCADE"), index=True
    )
    version: Mapped[int]
    at: Mapped[datetime] = mapped_column(_Time, default=_now)
    actor: Mapped[str] = mapped_column(String(10))
    action: Mapped[str] = mapped_column(String(20))
    round_number: Mapped[int | None]
    seat: Mapped[int | None]
    before: Mapped[Any | None] = mapped_column(JSON)
    after: Mapped[Any | None] = mapped_column(JSON)
    # An undo names the change it took back.
    undoes: Mapped[int | None] = mapped_column(ForeignKey("change.id", ondelete="SET NULL"))
    # A part typed into the next round opened it: undoing that part takes the round away again
    # (a round added empty first stays).
    opened_round: Mapped[bool] = mapped_column(default=False, server_default=false())


class Group(Model):
    """The people who play together: a roster and the bank of their banked matches."""

    __tablename__ = "group"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    # Grows with every change to what the group's GET shows (roster, bank, links).
    version: Mapped[int] = mapped_column(default=1)
    created_at: Mapped[datetime] = mapped_column(_Time, default=_now)
    updated_at: Mapped[datetime] = mapped_column(_Time, default=_now)
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
    created_at: Mapped[datetime] = mapped_column(_Time, default=_now)

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


class Night(Model):
    """A game night: one evening of a group at several tables at once, seated again and again.
    Its owner is the group's owner link; its own links are the big screen's and one per player."""

    __tablename__ = "night"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    group_id: Mapped[str] = mapped_column(ForeignKey("group.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(20))
    name: Mapped[str] = mapped_column(String(80))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)  # as asked; each table parses its own
    table_size: Mapped[int | None]
    # Who is here now (roster ids): the next seating seats them.
    present: Mapped[list[int]] = mapped_column(JSON)
    ended: Mapped[bool] = mapped_column(default=False, server_default=false())
    # Grows with each change of the night itself (a seating, who is here, its end); what its
    # GET shows grows with its tables' versions too (services/night/reads.py: night_version).
    version: Mapped[int] = mapped_column(default=1)
    created_at: Mapped[datetime] = mapped_column(_Time, default=_now)
    updated_at: Mapped[datetime] = mapped_column(_Time, default=_now)

    tokens: Mapped[list[NightToken]] = relationship(
        back_populates="night", order_by="NightToken.id", cascade="all, delete-orphan")
    tables: Mapped[list[NightTable]] = relationship(
        back_populates="night", order_by="[NightTable.seating, NightTable.position]",
        cascade="all, delete-orphan")

    __table_args__ = (CheckConstraint("version >= 1", name="version"),)


class NightToken(Model):
    """A night's link: the big screen's (`tv`, read only) or one player's, which follows that
    player from table to table."""

    __tablename__ = "night_token"

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[str] = mapped_column(ForeignKey("night.id", ondelete="CASCADE"), index=True)
    secret: Mapped[str] = mapped_column(String(64), unique=True)
    role: Mapped[str] = mapped_column(String(6))
    player_id: Mapped[int | None] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(_Time, default=_now)

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
    match: Mapped[Match] = relationship()

    __table_args__ = (
        UniqueConstraint("night_id", "seating", "position"),
        CheckConstraint("seating >= 1", name="seating"),
    )


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
    created_at: Mapped[datetime] = mapped_column(_Time, default=_now)

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
    occurred_at: Mapped[datetime] = mapped_column(_Time, default=_now)


class Delivery(Model):
    """One event for one destination: sent, and kept until delivered or failed."""

    __tablename__ = "delivery"

    id: Mapped[str] = mapped_column(String(36), primary_key=True)  # the same on every try
    destination_id: Mapped[str] = mapped_column(ForeignKey("destination.id", ondelete="CASCADE"))
    event: Mapped[str] = mapped_column(String(20))
    body: Mapped[str] = mapped_column(Text)  # byte for byte what each try sends and signs
    occurred_at: Mapped[datetime] = mapped_column(_Time, default=_now)
    status: Mapped[str] = mapped_column(String(9), default="pending")
    attempts: Mapped[int] = mapped_column(default=0)
    next_attempt_at: Mapped[datetime] = mapped_column(_Time, default=_now)
    last_attempt_at: Mapped[datetime | None] = mapped_column(_Time)
    code: Mapped[int | None]  # the last answer's HTTP status; None where none came

    __table_args__ = (CheckConstraint("status IN ('pending', 'retrying', 'delivered', 'failed')",
                                      name="status"),
                      Index("ix_delivery_due", "status", "next_attempt_at"),
                      Index("ix_delivery_latest", "destination_id", "occurred_at"))


def utc(moment: datetime) -> datetime:
    """SQLite hands times back without their zone; they were stored in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
