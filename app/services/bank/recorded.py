"""Recorded plays in the bank (SPEC section 14): one summarised from its own rows, as the bank
summarises every banked match."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import select

from ...extensions import db
from ...models import Match, PlayedGame, utc
from .banking import Finish, Summary, side_places


def play_summary(match: Match, game: PlayedGame) -> Summary:
    """A play as the bank summarises it, from its own rows (no query)."""
    finishes = side_places(tuple(
        Finish(seat.player_id, seat.name, seat.position, seat.side or 0,
               None if seat.score is None else Decimal(seat.score), seat.rank or 1,
               bool(seat.winner), guest=seat.guest)
        for seat in match.seats))
    return Summary(match.id, "played", game.name, utc(match.created_at),
                   utc(match.banked_at or match.created_at), 1, None, match.note,
                   bool(match.taken_out), None, finishes, (game.id, game.name))


def recorded_summary(match_id: str) -> Summary | None:
    """The bank's summary of a recorded play by its id (None: no such play)."""
    row = db.session.execute(select(Match, PlayedGame).join(
        PlayedGame, PlayedGame.id == Match.played_game_id).where(
        Match.id == match_id, Match.game == "played")).first()
    return None if row is None else play_summary(row[0], row[1])
