"""A group's seasons in the API's document (SPEC section 11, docs/api.md): every path of
app/api/seasons.py."""

from __future__ import annotations

from typing import Any

from ...services.bank.seasons import MOST, SEASON_NAME_LIMIT
from .games import game_names
from .schemas import (
    COUNT,
    ID,
    IF_MATCH,
    IF_NONE_MATCH,
    INT,
    NOT_MODIFIED,
    TEXT,
    VERSION,
    Schema,
    answer,
    array,
    body,
    name,
    nullable,
    obj,
    operation,
    page_of,
    path_parameter,
    ref,
)

TAG = "seasons"
GROUP_ID = path_parameter("group_id", ID, "The group's id.")
SEASON_ID = path_parameter("season_id", {"type": "integer", "minimum": 1}, "The season's id.")
LINKED = ("group_link",)
A_DAY: Schema = {"type": "string", "format": "date", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
                 "description": "YYYY-MM-DD from 1900-01-01 to 2999-12-31 (the group's days "
                                "are UTC's)."}
A_COUNT: Schema = {"type": "integer", "minimum": 1, "maximum": MOST}
RULES: dict[str, Schema] = {
    "name": name(SEASON_NAME_LIMIT, "A season's name"), "starts": A_DAY,
    "ends": nullable(A_DAY), "game": nullable({"enum": game_names()}),
    "best_of": nullable(A_COUNT), "at_least": nullable(A_COUNT)}
SHOWN: dict[str, Schema] = {
    "id": {"type": "integer", "minimum": 1}, "name": TEXT, "starts": A_DAY,
    "ends": nullable(A_DAY), "game": nullable(TEXT), "best_of": nullable(INT),
    "at_least": nullable(INT)}


def components() -> dict[str, Schema]:
    return {"Season": obj(SHOWN), "SeasonTable": obj(SHOWN | {
        "matches": COUNT, "version": VERSION,
        "table": array(obj({"player": INT, "name": TEXT, "played": COUNT, "won": COUNT,
                            "points": COUNT, "counted": COUNT,
                            "rank": nullable({"type": "integer", "minimum": 1})}))})}


def _table(description: str) -> dict[str, Any]:
    return answer(description, ref("SeasonTable"), etag=True)


def paths() -> dict[str, Any]:
    made = _table("The season and its table.")
    made["headers"]["Location"] = {"description": "Where the season is read.",
                                   "required": True, "schema": TEXT}
    return {
        "/groups/{group_id}/seasons": {
            "post": operation(
                "create_season", "Start a season", tag=TAG, security=LINKED,
                parameters=(GROUP_ID, IF_MATCH), request=body(RULES, ["name", "starts"]),
                example={"name": "Autumn", "starts": "2026-09-01", "best_of": 10},
                ok={201: made}, refused=(401, 403, 404, 412, 422, 429)),
            "get": operation(
                "list_seasons", "The group's seasons", tag=TAG, security=LINKED,
                parameters=(GROUP_ID, {"name": "page", "in": "query", "required": False,
                                       "schema": {"type": "string",
                                                  "pattern": "^[1-9][0-9]{0,5}$"}},
                            IF_NONE_MATCH),
                ok={200: answer("The latest to start first, 50 a page.",
                                page_of("seasons", ref("Season")), etag=True),
                    304: NOT_MODIFIED},
                refused=(401, 404, 422, 429)),
        },
        "/groups/{group_id}/seasons/{season_id}": {
            "get": operation(
                "get_season", "A season and its table", tag=TAG, security=LINKED,
                parameters=(GROUP_ID, SEASON_ID, IF_NONE_MATCH),
                ok={200: _table("The season; its ETag is the group's version."),
                    304: NOT_MODIFIED},
                refused=(401, 404, 429)),
            "patch": operation(
                "change_season", "Change a season", tag=TAG, security=LINKED,
                parameters=(GROUP_ID, SEASON_ID, IF_MATCH), request=body(RULES),
                ok={200: _table("The season as it now stands.")},
                refused=(401, 403, 404, 412, 422, 429),
                description="Only the fields named; null clears ends, game, best_of or "
                            "at_least."),
            "delete": operation(
                "delete_season", "Delete a season", tag=TAG, security=LINKED,
                parameters=(GROUP_ID, SEASON_ID, IF_MATCH), ok={204: answer("Gone.")},
                refused=(401, 403, 404, 412, 429)),
        },
    }
