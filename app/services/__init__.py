"""The one bridge between stored rows and the game engines: pages and the API both come here."""

from ..games import RoundInput
from .sheets import (
    MATCH_NAME_LIMIT,
    NAME_LIMIT,
    Access,
    Sheet,
    authenticate,
    authenticate_at,
    check,
    create_match,
    health,
    load_sheet,
    match_json,
    match_view,
    precheck,
    preview_part,
    recent,
    tokens,
    utc,
    version,
)
from .writes import (
    abandon,
    add_round,
    bank,
    cell_history,
    delete_round,
    history,
    last_undoable,
    replace_link,
    replace_round,
    set_character,
    set_parts,
    undo,
)

__all__ = [
    "MATCH_NAME_LIMIT", "NAME_LIMIT", "Access", "RoundInput", "Sheet", "abandon", "add_round",
    "authenticate", "authenticate_at", "match_view", "precheck", "bank", "cell_history", "check", "create_match", "health", "delete_round", "history", "load_sheet",
    "last_undoable", "match_json", "preview_part", "recent", "replace_link", "replace_round", "set_character",
    "set_parts", "tokens", "undo", "utc", "version",
]
