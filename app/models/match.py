"""A match: its seats, its links (tokens), its rounds as entered, each round's entries by seat,
and every change made to it."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    JSON,
    BigInteger,
    CheckConstraint,
    ForeignKey,
    Index,
    String,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .base import Model, Time, now

if TYPE_CHECKING:
    from .night import NightTable


class Match(Model):
    __tablename__ = "match"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    game: Mapped[str] = mapped_column(String(20))
    name: Mapped[str] = mapped_column(String(80))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    # Only what people decided is stored: banked or abandoned. Active and over are derived.
    ended: Mapped[str | None] = mapped_column(String(10))
    version: Mapped[int] = mapped_column(default=1)
    created_at: Mapped[datetime] = mapped_column(Time, default=now)  # "started_at"
    updated_at: Mapped[datetime] = mapped_column(Time, default=now)
    # The group whose bank the match goes into once banked (set at its start, or at banking).
    group_id: Mapped[str | None] = mapped_column(
        ForeignKey("group.id", ondelete="SET NULL"), index=True)
    # What the host may add: where it was played, and a word about it.
    place: Mapped[str | None] = mapped_column(String(80))
    note: Mapped[str | None] = mapped_column(String(500))
    banked_at: Mapped[datetime | None] = mapped_column(Time)
    # A banked match the group's owner took out of the bank (a practice game): no statistics.
    taken_out: Mapped[bool] = mapped_column(default=False, server_default=false())
    # Part of the bank summary written once at banking (with each seat's side, total and rank):
    # how many rounds the match took.
    round_count: Mapped[int | None]
    # The rematch: every link of this match is offered its own link to the next one.
    next_id: Mapped[str | None] = mapped_column(
        ForeignKey("match.id", ondelete="SET NULL"), index=True)
    # A sheet for any game: the stored design (and its version) whose copy the options hold.
    # No foreign key: a design deleted later leaves its matches, and where they came from.
    design_id: Mapped[str | None] = mapped_column(String(24), index=True)
    design_version: Mapped[int | None]
    # A recorded play (SPEC section 14; game "played"): the group's played game it is a play of,
    # and, for one brought in from a file, the file's own key for it (BG Stats' uuid) and the
    # moment the file last changed it. What was entered is in `options["play"]`.
    played_game_id: Mapped[int | None] = mapped_column(
        ForeignKey("played_game.id"), index=True)
    import_key: Mapped[str | None] = mapped_column(String(64))
    modified_at: Mapped[datetime | None] = mapped_column(Time)

    seats: Mapped[list[Seat]] = relationship(
        back_populates="match", order_by="Seat.position", cascade="all, delete-orphan"
    )
    rounds: Mapped[list[Round]] = relationship(
        back_populates="match", order_by="Round.number", cascade="all, delete-orphan"
    )
    tokens: Mapped[list[Token]] = relationship(
        back_populates="match", cascade="all, delete-orphan"
    )
    # The table of a game night this match is (None for any other): its name is the night's,
    # as typed, and a page says "seating 3, table 2" in its own language (services/match/
    # answers.py: match_name). Read with the match, in the same statement; a night's seating
    # writes it with the match, so that the match is inserted first.
    night_table: Mapped[NightTable | None] = relationship(lazy="joined", uselist=False)

    __table_args__ = (
        UniqueConstraint("group_id", "import_key"),
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
    # Where the game scores rows (a design's): the side's total of each row, by its key.
    rows: Mapped[dict[str, int] | None] = mapped_column(JSON)
    # A recorded play's seat: its score exactly as a decimal (`total` holds no fraction), and a
    # guest (a seat of no roster player, who joins no statistic).
    score: Mapped[str | None] = mapped_column(String(40))
    guest: Mapped[bool] = mapped_column(default=False, server_default=false())

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
    created_at: Mapped[datetime] = mapped_column(Time, default=now)

    match: Mapped[Match] = relationship(back_populates="tokens")

    __table_args__ = (
        CheckConstraint(
            "(role = 'seat' AND seat IS NOT NULL) OR (role IN ('host', 'view') AND seat IS NULL)",
            name="role",
        ),
        # A match's links found by it (the bank's view links, read beside its recorded plays,
        # which have none: an outer join, which without this scanned every link per match).
        Index("ix_token_match_id_role", "match_id", "role"),
    )


class Round(Model):
    """One round: its round-wide fields as entered (`common`); each seat's part is an Entry."""

    __tablename__ = "round"

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"))
    number: Mapped[int]
    common: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(Time, default=now)

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
    updated_at: Mapped[datetime] = mapped_column(Time, default=now)

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
    at: Mapped[datetime] = mapped_column(Time, default=now)
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
