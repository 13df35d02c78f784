"""Game nights (SPEC section 7): a group's evening at several tables, seated again and again.
`seating.py` is the pure seating (sizes, who sits where), `access.py` the night's links,
`nights.py` its writes and `reads.py` the night as its links see it."""

from .access import NightAccess, authenticate_night, night_secrets
from .nights import create_night, end_night, join_roster, next_seating
from .reads import (
    current_seat,
    follow_link,
    game_title,
    group_nights,
    night_json,
    night_of_link,
    night_standings,
    night_status,
    night_tokens,
    night_version,
    nights_of_matches,
    player_token,
    table_state,
)

__all__ = ["NightAccess", "authenticate_night", "create_night", "current_seat", "end_night",
           "follow_link", "game_title", "group_nights", "join_roster", "next_seating",
           "night_json", "night_of_link", "night_secrets", "night_standings", "night_status",
           "night_tokens", "night_version", "nights_of_matches", "player_token", "table_state"]
