"""The one bridge between stored rows and the game engines: pages and the API both come here."""

from ..games import RoundInput
from .access import (
    authenticate,
    authenticate_at,
    authenticate_to_write,
    check,
    precheck,
    replace_link,
    tokens,
)
from .bank.banking import (
    UNBANK_WITHIN,
    Bank,
    Finish,
    Standing,
    Summary,
    bank,
    bank_at,
    group_view,
    group_view_gzip,
    load_bank,
    standings,
    summary_of,
    unbank,
)
from .bank.exports import group_csv, group_export, group_export_json, match_csv, text_cell
from .bank.groups import (
    GroupAccess,
    GroupLink,
    authenticate_group,
    change_group,
    check_in_bank,
    create_group,
    group_access,
    group_link_of,
    group_named_by,
    group_tokens,
    last_options,
    recent_groups,
    replace_group_link,
    take_out,
)
from .bank.imports import import_group
from .bank.players import group_player
from .bank.ratings import Ratings, chances, group_ratings, match_chances, ratings_of
from .bank.roster import add_player, check_player, merge_players, rename_player
from .bank.stats import (
    group_head_to_head,
    group_stats,
    group_tonight,
    head_to_head,
    statistics,
    tonight,
)
from .characters import as_seat, character_visible, phone_seat, set_character
from .match_edits import abandon, move_line, set_details
from .matches import (
    MATCH_NAME_LIMIT,
    clean_players,
    create_match,
    match_json,
    match_text,
    match_view,
    preview_part,
    recent,
    utc,
    version,
)
from .rematch import rematch
from .rights import Access, Table
from .sheet import Sheet, load_sheet
from .text import NAME_LIMIT
from .undo import (
    HISTORY_PAGE,
    cell_history,
    history,
    last_undoable,
    latest_changes,
    revealed_by_refusals,
    undo,
)
from .writes import add_round, delete_round, replace_round, set_parts

__all__ = [
    "HISTORY_PAGE", "UNBANK_WITHIN", "Access", "Bank", "Finish", "GroupAccess", "GroupLink",
    "MATCH_NAME_LIMIT", "NAME_LIMIT", "RoundInput",
    "Sheet", "Standing", "Summary", "Table", "abandon", "add_player", "add_round", "as_seat",
    "authenticate",
    "Ratings", "authenticate_at", "authenticate_to_write", "authenticate_group", "bank",
    "bank_at", "cell_history",
    "chances", "change_group", "group_player", "group_ratings", "match_chances", "ratings_of",
    "character_visible", "check", "check_in_bank", "check_player", "clean_players",
    "create_group", "create_match", "delete_round", "group_access", "group_csv", "group_export",
    "group_export_json", "group_head_to_head", "group_link_of", "group_named_by",
    "group_stats",
    "group_tokens",
    "group_tonight",
    "group_view", "group_view_gzip", "head_to_head", "history", "import_group",
    "last_options", "last_undoable", "latest_changes", "load_bank", "load_sheet", "match_csv",
    "match_json", "match_text", "match_view", "merge_players", "move_line", "phone_seat",
    "precheck", "preview_part", "recent",
    "recent_groups", "rematch", "rename_player", "replace_group_link", "replace_link",
    "replace_round", "revealed_by_refusals", "set_character", "set_details", "set_parts",
    "standings", "statistics",
    "summary_of", "take_out", "text_cell", "tokens", "tonight", "unbank", "undo", "utc", "version",
]
