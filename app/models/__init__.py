"""What is stored: matches, their seats, tokens, rounds as entered, every change (match.py); the
groups that bank their matches, their roster, links and seasons (group.py); their game nights
(night.py); where they are told of them (notify.py); and the designs of sheets for any game, in
versions (design.py). Every table is imported here, so that the one metadata (Alembic's, the
relationships' names) knows them all."""

from .base import VERSIONS_MOVED, Model, utc
from .design import Design, DesignVersion
from .group import Group, GroupToken, PlayedGame, Player, PlayImport, Season
from .match import Change, Entry, Match, Round, Seat, Token
from .night import Night, NightTable, NightToken
from .notify import Delivery, Destination, Told

__all__ = ["VERSIONS_MOVED", "Change", "Delivery", "Design", "DesignVersion", "Destination",
           "Entry", "Group", "GroupToken", "Match", "Model", "Night", "NightTable", "NightToken",
           "PlayImport", "PlayedGame", "Player", "Round", "Season", "Seat", "Told", "Token", "utc"]
