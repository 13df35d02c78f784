"""A group's seasons in the API's document (SPEC section 11, docs/api.md): every path of
app/api/seasons.py."""

from __future__ import annotations

from typing import Any

from ...services.bank.seasons import MOST, SEASON_NAME_LIMIT
from . import schemas as s
from .games import game_names

TAG = "seasons"
SEASON_ID = s.path_parameter("season_id", {"type": "integer", "minimum": 1}, "The season's id.")
LINKED = ("group_link",)
A_DAY: s.Schema = {"type": "string", "format": "date", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
                   "description": "YYYY-MM-DD from 1900-01-01 to 2999-12-31 (the group's days "
                                  "are UTC's)."}
A_COUNT: s.Schema = {"type": "integer", "minimum": 1, "maximum": MOST}
RULES: dict[str, s.Schema] = {
    "name": s.name(SEASON_NAME_LIMIT, "A season's name"), "starts": A_DAY,
    "ends": s.nullable(A_DAY), "game": s.nullable({"enum": game_names()}),
    "best_of": s.nullable(A_COUNT), "at_least": s.nullable(A_COUNT)}
SHOWN: dict[str, s.Schema] = {
    "id": {"type": "integer", "minimum": 1}, "name": s.TEXT, "starts": A_DAY,
    "ends": s.nullable(A_DAY), "game": s.nullable(s.TEXT), "best_of": s.nullable(s.INT),
    "at_least": s.nullable(s.INT)}


def components() -> dict[str, s.Schema]:
    return {"Season": s.obj(SHOWN), "SeasonTable": s.obj(SHOWN | {
        "matches": s.COUNT, "version": s.VERSION,
        "table": s.array(s.obj({"player": s.INT, "name": s.TEXT, "played": s.COUNT, "won": s.COUNT,
                                "points": s.COUNT, "counted": s.COUNT,
                                "rank": s.nullable({"type": "integer", "minimum": 1})}))})}


def _table(description: str) -> dict[str, Any]:
    return s.answer(description, s.ref("SeasonTable"), etag=True)


def paths() -> dict[str, Any]:
    made = _table("The season and its table.")
    made["headers"]["Location"] = {"description": "Where the season is read.",
                                   "required": True, "schema": s.TEXT}
    return {
        "/groups/{group_id}/seasons": {
            "post": s.operation(
                "create_season", "Start a season", tag=TAG, security=LINKED,
                parameters=(s.GROUP_ID, s.IF_MATCH), request=s.body(RULES, ["name", "starts"]),
                example={"name": "Autumn", "starts": "2026-09-01", "best_of": 10},
                ok={201: made}, refused=(401, 403, 404, 412, 422, 429)),
            "get": s.operation(
                "list_seasons", "The group's seasons", tag=TAG, security=LINKED,
                parameters=(s.GROUP_ID, {"name": "page", "in": "query", "required": False,
                                         "schema": {"type": "string",
                                                    "pattern": "^[1-9][0-9]{0,5}$"}},
                            s.IF_NONE_MATCH),
                ok={200: s.answer("The latest to start first, 50 a page.",
                                  s.page_of("seasons", s.ref("Season")), etag=True),
                    304: s.NOT_MODIFIED},
                refused=(401, 404, 422, 429)),
        },
        "/groups/{group_id}/seasons/{season_id}": {
            "get": s.operation(
                "get_season", "A season and its table", tag=TAG, security=LINKED,
                parameters=(s.GROUP_ID, SEASON_ID, s.IF_NONE_MATCH),
                ok={200: _table("The season; its ETag is the group's version."),
                    304: s.NOT_MODIFIED},
                refused=(401, 404, 429)),
            "patch": s.operation(
                "change_season", "Change a season", tag=TAG, security=LINKED,
                parameters=(s.GROUP_ID, SEASON_ID, s.IF_MATCH), request=s.body(RULES),
                ok={200: _table("The season as it now stands.")},
                refused=(401, 403, 404, 412, 422, 429),
                description="Only the fields named; null clears ends, game, best_of or "
                            "at_least."),
            "delete": s.operation(
                "delete_season", "Delete a season", tag=TAG, security=LINKED,
                parameters=(s.GROUP_ID, SEASON_ID, s.IF_MATCH), ok={204: s.answer("Gone.")},
                refused=(401, 403, 404, 412, 429)),
        },
    }
