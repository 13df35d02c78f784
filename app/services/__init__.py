"""The one bridge between stored rows and the game engines: pages and the API both come here."""

from ..games import RoundInput
from .access import (
    Access,
    authenticate,
    authenticate_at,
    check,
    precheck,
    replace_link,
    tokens,
)
from .characters import character_visible, set_character
from .matches import (
    MATCH_NAME_LIMIT,
    NAME_LIMIT,
    clean_players,
    create_match,
    health,
    match_json,
    match_view,
    preview_part,
    recent,
    utc,
    version,
)
from .sheet import Sheet, Table, load_sheet
from .undo import cell_history, history, last_undoable, undo
from .writes import (
    abandon,
    add_round,
    bank,
    delete_round,
    move_line,
    replace_round,
    set_parts,
)

__all__ = [
    "MATCH_NAME_LIMIT", "NAME_LIMIT", "Access", "RoundInput", "Sheet", "Table", "abandon",
    "add_round", "authenticate", "authenticate_at", "bank", "cell_history", "character_visible",
    "check", "clean_players", "create_match", "delete_round", "health", "history",
    "last_undoable", "load_sheet", "match_json", "match_view", "move_line", "precheck",
    "preview_part", "recent", "replace_link", "replace_round", "set_character", "set_parts",
    "tokens", "undo", "utc", "version",
]
