"""A group's played games and recorded plays in the API's document (SPEC section 14,
docs/api.md): every path of app/api/plays.py."""

from __future__ import annotations

from typing import Any

from . import schemas as s
from .groups import WRITE

TAG = "plays"
LINKED = ("group_link",)
GAME_ID = s.path_parameter("game_id", {"type": "integer", "minimum": 0},
                           "One of the group's played games.")
PLAY_ID = s.path_parameter("match_id", s.ID, "A recorded play's id (as its bank summary's).")
FLAGS: dict[str, s.Schema] = {
    "highest_wins": s.FLAG | {"default": True}, "no_points": s.FLAG | {"default": False},
    "cooperative": s.FLAG | {"default": False}, "uses_teams": s.FLAG | {"default": False}}
GAME_FIELDS: dict[str, s.Schema] = {
    "name": s.name(60, "A played game's name (unique in the group ignoring case)"),
    "bgg_id": s.nullable({"type": "integer", "minimum": 0, "maximum": 2**31 - 1}), **FLAGS}
SCORE: s.Schema = s.nullable({"type": ["string", "number"],
                              "description": "A decimal as a string (\"12.5\", \"-3\"): at most "
                                             "15 digits."})
LINE = s.body({"player": s.INT, "name": s.name(40, "A player's name: the roster's, else a new one"),
               "guest": s.name(40, "A guest's name: joins no roster"), "score": SCORE,
               "winner": s.FLAG, "team": s.name(40, "A team's name"), "first": s.FLAG},
              description="Exactly one of `player`, `name` and `guest`.")
PLAY = s.body({"game": s.INT, "played_at": s.MOMENT | {"description": "With its offset."},
               "minutes": s.nullable({"type": "integer", "minimum": 0, "maximum": 100_000}),
               "note": s.nullable({"type": "string", "maxLength": 2000}),
               "players": s.array(LINE, minItems=1, maxItems=30)},
              required=["game", "played_at", "players"])


IMPORT_ID = s.path_parameter("import_id", s.ID, "An import of plays into the group.")
QUERY_ZONE = {"name": "time_zone", "in": "query", "required": False,
              "schema": {"type": "string", "maxLength": 64},
              "description": "An IANA time zone's name (default UTC): a file's dates without "
                             "an offset are read in it."}
QUERY_DRY = {"name": "dry_run", "in": "query", "required": False,
             "schema": {"enum": ["", "true", "false"]},
             "description": "`true`: nothing is written; the job says what would be."}
COUNTS = s.obj({name: s.COUNT for name in ("total", "done", "added", "updated", "unchanged",
                                           "skipped")})
IMPORT_STATE = s.obj({
    "id": s.ID, "state": {"enum": ["queued", "running", "done", "failed"]}, "dry_run": s.FLAG,
    "plays": COUNTS, "players_added": s.array({"type": "string"}),
    "games_added": s.array({"type": "string"}),
    "players": s.array(s.obj({"uuid": {"type": "string"}, "name": {"type": "string"},
                              "player": s.nullable(s.INT), "guest": s.FLAG})),
    "problems": s.array(s.obj({"play": s.nullable({"type": "string"}),
                               "message": {"type": "string"}}))})


def components() -> dict[str, s.Schema]:
    game = {"id": s.INT, "name": {"type": "string"}, "bgg_id": s.nullable(s.INT),
            **{flag: s.FLAG for flag in FLAGS}}
    return {
        "PlayedGame": s.obj(game | {"plays": s.COUNT}, required=list(game)),
        "PlayedGames": s.obj({"games": s.array(s.obj(game | {"plays": s.COUNT}))}),
        "Play": PLAY,
        "ImportState": IMPORT_STATE,
        "ImportStarted": s.obj({"id": s.ID, "state": {"enum": ["queued"]}}),
    }


def _owner(operation_id: str, summary: str, ok: dict[int, Any], *,
           parameters: tuple[s.Schema, ...] = (), request: s.Schema | None = None,
           refused: tuple[int, ...] = WRITE, description: str | None = None) -> dict[str, Any]:
    return s.operation(operation_id, summary, tag=TAG, security=LINKED,
                       parameters=(s.GROUP_ID, *parameters, s.IF_MATCH), request=request, ok=ok,
                       refused=refused, description=description)


def paths() -> dict[str, Any]:
    summary = s.answer("The play as the bank summarises it (`game` \"played\").",
                       s.ref("BankSummary"))
    gone = s.answer("Deleted.")
    return {
        "/groups/{group_id}/games": {
            "get": s.operation("list_games", "The group's played games", tag=TAG,
                               security=LINKED, parameters=(s.GROUP_ID,),
                               ok={200: s.answer("By name, each with its number of plays.",
                                                 s.ref("PlayedGames"))},
                               refused=(401, 404, 429)),
            "post": _owner("add_game", "Add a played game",
                           {201: s.answer("The game.", s.ref("PlayedGame"), location=True)},
                           request=s.body(GAME_FIELDS, required=["name"]),
                           description="409 where the group has a game of that name."),
        },
        "/groups/{group_id}/games/{game_id}": {
            "put": _owner("change_game", "Change a played game",
                          {200: s.answer("The game; its plays are placed again.",
                                         s.ref("PlayedGame"))},
                          parameters=(GAME_ID,), request=s.body(GAME_FIELDS, required=["name"])),
            "delete": _owner("delete_game", "Delete a played game", {204: gone},
                             parameters=(GAME_ID,), description="409 while it has plays."),
        },
        "/groups/{group_id}/plays": {"post": _owner(
            "log_play", "Record a play",
            {201: s.answer("The play as the bank summarises it; `Location` is the group's bank.",
                           s.ref("BankSummary"), location=True)},
            request=s.ref("Play"),
            description="Banked as it is made; the group's destinations are told "
                        "`match_banked`.")},
        "/groups/{group_id}/imports": {"post": _import()},
        "/groups/{group_id}/imports/{import_id}": {"get": s.operation(
            "import_state", "How far an import has come", tag=TAG, security=LINKED,
            parameters=(s.GROUP_ID, IMPORT_ID),
            ok={200: s.answer("Its state, counts, the file's players as matched, and every "
                              "play skipped with why.", s.ref("ImportState"))},
            refused=(401, 403, 404, 429))},
        "/groups/{group_id}/plays/{match_id}": {
            "put": _owner("correct_play", "Correct a recorded play", {200: summary},
                          parameters=(PLAY_ID,), request=s.ref("Play")),
            "delete": _owner("delete_play", "Delete a recorded play", {204: gone},
                             parameters=(PLAY_ID,)),
        },
    }


def _import() -> dict[str, Any]:
    """POST /imports: the file as the body (a BG Stats export's JSON, a CSV), or a multipart
    form's `file` part with its optional `players` part."""
    made = s.operation(
        "import_plays", "Bring plays in from a file", tag=TAG, security=LINKED,
        parameters=(s.GROUP_ID, QUERY_ZONE, QUERY_DRY, s.IF_MATCH), request={"type": "object"},
        ok={202: s.answer("The job, queued: follow `Location`.", s.ref("ImportStarted"),
                          location=True)},
        refused=(401, 403, 404, 409, 422, 429),
        description="A BG Stats export (`BGStatsExport.json`) or a CSV, at most 50 MiB and "
                    "100,000 plays (413 past them). Run as a job beside the requests; 409 "
                    "while another import of the group is under way.")
    made["requestBody"] = {"required": True, "content": {
        "application/json": {"schema": {"type": "object", "description": "A BG Stats export."}},
        "text/csv": {"schema": {"type": "string"}},
        "multipart/form-data": {"schema": s.obj({
            "file": {"type": "string", "contentMediaType": "application/octet-stream"},
            "players": {"type": "string", "description": "JSON: a file player's uuid (a "
                                                         "CSV's: its name) to a roster "
                                                         "player's id or \"new\"."}},
            required=["file"])}}}
    return made
