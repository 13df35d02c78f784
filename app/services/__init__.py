"""The one bridge between stored rows and the game engines: pages and the API both come here."""

from ..games import RoundInput
from .sheets import (
    MATCH_NAME_LIMIT,
    NAME_LIMIT,
    Access,
    Sheet,
    authenticate,
    check,
    create_match,
    load_sheet,
    match_json,
    recent,
    tokens,
    version,
)
from .writes import (
    abandon,
    add_round,
    bank,
    delete_round,
    history,
    replace_round,
    set_parts,
)

__all__ = [
    "MATCH_NAME_LIMIT", "NAME_LIMIT", "Access", "RoundInput", "Sheet", "abandon", "add_round",
    "authenticate", "bank", "check", "create_match", "delete_round", "history", "load_sheet",
    "match_json", "recent", "replace_round", "set_parts", "tokens", "version",
]
