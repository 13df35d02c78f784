"""Groups and their bank in the API's document (SPEC sections 3 and 8, docs/api.md): every path
of app/api/groups.py."""

from __future__ import annotations

from typing import Any

from .games import game_names
from .schemas import (
    COUNT,
    FLAG,
    ID,
    IF_MATCH,
    IF_NONE_MATCH,
    INT,
    LINK,
    MOMENT,
    NOT_MODIFIED,
    NUMBER,
    TEXT,
    VERSION,
    Schema,
    answer,
    array,
    body,
    follow,
    name,
    nullable,
    obj,
    operation,
    path_parameter,
    ref,
)

TAG = "groups"
GROUP_ID = path_parameter("group_id", ID, "The group's id.")
PLAYER_ID = path_parameter("player_id", {"type": "integer", "minimum": 0},
                           "A player's id on the group's roster.")
MATCH_ID = path_parameter("match_id", ID, "A banked match's id.")
GROUP_NAME = name(80, "A group's name")
PLAYER_NAME = name(40, "A player's name")
LINKED = ("group_link",)
READ = (401, 404, 422, 429)
WRITE = (401, 403, 404, 409, 412, 422, 429)


def game_query(required: bool = False) -> Schema:
    return {"name": "game", "in": "query", "required": required,
            "schema": {"enum": game_names() if required else ["", *game_names()]},
            "description": "One game's" + ("" if required else " (empty or absent: every "
                                                                  "game's)") + "."}


def roster_query(name_: str) -> Schema:
    return {"name": name_, "in": "query", "required": True,
            "schema": {"type": "string", "pattern": "^[0-9]+$"},
            "description": "A player's id on the roster."}


# What a client goes on to do with a group it made (schemas.py's follow), with its owner link:
# the answer's `tokens.owner`.
FOLLOW_ON = {
    "GetGroup": "get_group", "AddPlayer": "add_player", "ReadGroupLinks": "group_tokens",
    "GroupStats": "group_stats", "StartSeason": "create_season", "ListSeasons": "list_seasons",
    "StartNight": "create_night", "AddDestination": "add_destination",
    "ExportGroup": "group_export",
}
PLAYED_GAME = {"name": "played_game", "in": "query", "required": False,
               "schema": {"type": "string", "pattern": "^[0-9]*$"},
               "description": "One of the group's played games, by its id (SPEC section 14)."}
PLAYED_REF = obj({"id": INT, "name": TEXT}, description="A played game's line only.")
PAGE = {"name": "page", "in": "query", "required": False,
        "schema": {"type": "string", "pattern": "^[1-9][0-9]{0,5}$"},
        "description": "The page (1, 2, …): `next` says the next one's address."}

# A banked match as the bank summarises it (SPEC section 3).
SUMMARY = obj({
    "id": ID, "game": TEXT, "name": TEXT, "started_at": MOMENT, "banked_at": MOMENT,
    "duration": {"type": "integer", "description": "Seconds from start to banking."},
    "rounds": COUNT, "place": nullable(TEXT), "note": nullable(TEXT), "taken_out": FLAG,
    "view_token": nullable(LINK, description="null for a recorded play (SPEC section 14)."),
    "players": array(obj({
        "player": nullable(INT), "name": TEXT, "seat": COUNT, "side": COUNT,
        "total": nullable(NUMBER, description="A match's side's total (a whole number); a "
                                              "recorded play's score, exactly, or null."),
        "rank": {"type": "integer", "minimum": 1}, "winner": FLAG,
        "place": {"type": "integer", "minimum": 1},
        "guest": FLAG | {"description": "A recorded play's only: a seat of no roster player."}},
        required=["player", "name", "seat", "side", "total", "rank", "winner", "place"])),
    "played_game": obj({"id": INT, "name": TEXT},
                       description="A recorded play's only (`game` is \"played\")."),
}, required=["id", "game", "name", "started_at", "banked_at", "duration", "rounds", "place",
             "note", "taken_out", "view_token", "players"])
ROSTER = array(obj({"id": INT, "name": TEXT}))
GROUP_FIELDS: dict[str, Schema] = {
    "id": ID, "name": TEXT, "ratings": FLAG, "players": ROSTER,
    "matches": array(ref("BankSummary"), description="Newest first, a page at a time."),
    "version": VERSION, "next": nullable(TEXT)}
GROUP_TOKENS = obj({"owner": LINK, "view": LINK})
GROUP_LINKS = obj({"owner": TEXT, "view": TEXT}, description="Each link's page (`/g/<link>`).")
IMPORTED_MOMENT: Schema = MOMENT | {
    "description": "An import takes one from 1900-01-01 to 2999-12-31 in UTC (422 past them)."}
EXPORTED_MATCH = obj({
    "id": ID, "game": TEXT, "name": TEXT, "options": {"type": "object"},
    "players": array(obj({"seat": COUNT, "name": TEXT, "player": nullable(INT)})),
    "characters": array(nullable(obj({"symbols": array(TEXT), "revealed": FLAG}))),
    "rounds": array(ref("RoundInput")), "started_at": IMPORTED_MOMENT,
    "banked_at": IMPORTED_MOMENT, "place": nullable(TEXT), "note": nullable(TEXT),
    "taken_out": FLAG})
EXPORTED_PLAYED_GAME = obj({
    "id": INT, "name": TEXT, "bgg_id": nullable(INT), "highest_wins": FLAG, "no_points": FLAG,
    "cooperative": FLAG, "uses_teams": FLAG, "uuid": nullable(TEXT)},
    required=["id", "name"])
EXPORTED_PLAY = obj({
    "game": INT, "played_at": IMPORTED_MOMENT, "minutes": nullable(COUNT),
    "note": nullable(TEXT), "players": array({"type": "object"}, description=(
        "As a recorded play's body says them (SPEC section 14), each roster player by the "
        "export's id.")),
    "taken_out": FLAG, "import_key": nullable(TEXT), "modified_at": nullable(MOMENT),
    "uses_teams": nullable(FLAG, description="The play's own use of teams, over its game's.")},
    required=["game", "played_at", "players"])
EXPORT_FIELDS: dict[str, Schema] = {
    "format": {"const": "squarescores-group"}, "format_version": {"const": 1},
    "exported_at": MOMENT, "name": TEXT, "ratings": FLAG, "players": ROSTER,
    "matches": array(ref("ExportedMatch")),
    "played_games": array(EXPORTED_PLAYED_GAME, description="SPEC section 14."),
    "plays": array(EXPORTED_PLAY, description="Recorded plays, oldest first.")}


def components() -> dict[str, Schema]:
    return {
        "BankSummary": SUMMARY,
        "Group": obj(GROUP_FIELDS),
        "GroupCreated": obj(GROUP_FIELDS | {"tokens": GROUP_TOKENS, "links": GROUP_LINKS}),
        "GroupWithPlayer": obj(GROUP_FIELDS | {"player": obj({"id": INT, "name": TEXT})}),
        "GroupTokens": obj({"owner": LINK, "view": LINK, "links": GROUP_LINKS}),
        "ExportedMatch": EXPORTED_MATCH,
        "Export": obj(EXPORT_FIELDS),
        "Import": body(EXPORT_FIELDS | {"exported_at": {"description": "Not read."},
                                        "players": array(obj({"id": {"type": ["integer",
                                                                               "string"]},
                                                              "name": TEXT}, ["id", "name"]))},
                       required=["name"], description="The body of a group's export.json."),
        "Stats": obj({"game": nullable(TEXT), "matches": COUNT, "players": array(obj({
            "player": INT, "name": TEXT, "played": COUNT, "won": COUNT, "win_rate": NUMBER,
            "points": nullable(obj({"total": nullable(NUMBER), "mean": nullable(NUMBER),
                                    "best": nullable(NUMBER)}))})),
            "played_game": obj({"id": INT, "name": TEXT},
                               description="With `?played_game=` only.")},
            required=["game", "matches", "players"]),
        "Ratings": obj({"game": TEXT, "players": array(ref("Rated")),
                        "played_game": INT | {"description": "With `?played_game=` only."}},
                       required=["game", "players"]),
        "Rated": obj({"player": INT, "name": TEXT, "mu": NUMBER, "sigma": NUMBER,
                      "rating": INT, "matches": COUNT, "provisional": FLAG}),
        "PlayerPage": obj({
            "player": INT, "name": TEXT,
            "games": array(obj({"game": TEXT, "played": COUNT, "won": COUNT,
                                "win_rate": NUMBER, "mean": nullable(NUMBER),
                                "best": nullable(NUMBER), "played_game": PLAYED_REF},
                               required=["game", "played", "won", "win_rate", "mean",
                                         "best"])),
            "latest": array(ref("BankSummary")),
            "runs": obj({"current": COUNT, "longest": COUNT}),
            "nemesis": nullable(obj({"player": INT, "name": TEXT, "beat": COUNT,
                                     "matches": COUNT})),
            "partner": nullable(obj({"player": INT, "name": TEXT, "won": COUNT,
                                     "matches": COUNT})),
            "ratings": nullable(array(obj({
                "game": TEXT, "player": INT, "name": TEXT, "mu": NUMBER, "sigma": NUMBER,
                "rating": INT, "matches": COUNT, "provisional": FLAG,
                "history": array(obj({"match": ID, "banked_at": MOMENT, "rating": INT,
                                      "change": INT})),
                "played_game": INT | {"description": "A played game's ratings only."}},
                required=["game", "player", "name", "mu", "sigma", "rating", "matches",
                          "provisional", "history"])))}),
        "HeadToHead": obj({"game": nullable(TEXT), "matches": COUNT, "players": array(obj({
            "player": INT, "name": TEXT, "won": COUNT, "ahead": COUNT})), "level": COUNT}),
        "Tonight": obj({"since": nullable(MOMENT), "until": nullable(MOMENT),
                        "matches": array(ref("BankSummary")),
                        "players": array(obj({"player": INT, "name": TEXT, "played": COUNT,
                                              "won": COUNT})),
                        "leaders": array(INT)}),
    }


def _group_answer(description: str, schema: str = "Group") -> dict[str, Any]:
    return answer(description, ref(schema), etag=True)


def _read(operation_id: str, summary: str, schema: str, *, parameters: tuple[Schema, ...] = (),
          refused: tuple[int, ...] = READ, description: str | None = None) -> dict[str, Any]:
    """A read of the group's data by either of its links: tagged with the group's version."""
    return operation(operation_id, summary, tag=TAG, security=LINKED,
                     parameters=(GROUP_ID, *parameters, IF_NONE_MATCH),
                     ok={200: _group_answer("As the group's version shows it.", schema),
                         304: NOT_MODIFIED},
                     refused=refused, description=description)


def _write(operation_id: str, summary: str, *, parameters: tuple[Schema, ...] = (),
           request: Schema | None = None, ok: dict[int, Any] | None = None,
           refused: tuple[int, ...] = WRITE, request_required: bool = True,
           description: str | None = None) -> dict[str, Any]:
    """A write by the owner's link: answered with the group as it now stands."""
    return operation(operation_id, summary, tag=TAG, security=LINKED,
                     parameters=(GROUP_ID, *parameters, IF_MATCH), request=request,
                     request_required=request_required,
                     ok=ok or {200: _group_answer("The group as it now stands.")},
                     refused=refused, description=description)


def paths() -> dict[str, Any]:
    created = answer("The new group as its owner sees it, with its links.", ref("GroupCreated"),
                     etag=True, location=True, links=follow("group_id", FOLLOW_ON))
    roster_answer = answer("The group, and the player as they now stand.",
                           ref("GroupWithPlayer"), etag=True)
    csv = answer("A header row, then a row per player per banked match (SPEC section 3).",
                 TEXT, media="text/csv", download=True)
    return {
        "/groups": {"post": operation(
            "create_group", "Make a group", tag=TAG,
            example={"name": "Thursday", "players": ["Ana", "Ben", "Cy", "Dee"]}, request=body(
                {"name": GROUP_NAME, "players": nullable(array(PLAYER_NAME, maxItems=1000))},
                required=["name"], ignores_others=True),
            ok={201: created}, refused=(409, 422, 429),
            description="Anyone may; counts toward the creation rate limit. Two names that are "
                        "one ignoring case: 409.")},
        "/groups/import": {"post": operation(
            "import_group", "Make a group from an export", tag=TAG, request=ref("Import"),
            ok={201: created}, refused=(422, 429),
            description="A new group (new ids and links) whose bank equals the export's; at "
                        "most 5 MiB. Counts toward the creation rate limit.")},
        "/groups/{group_id}": {
            "get": _read("get_group", "Read a group and its bank", "Group",
                         parameters=(PAGE,)),
            "patch": _write("change_group", "Rename the group, switch ratings",
                            request=body({"name": GROUP_NAME, "ratings": FLAG})),
        },
        "/groups/{group_id}/tokens": {"get": operation(
            "group_tokens", "Read the links again", tag=TAG, security=LINKED,
            parameters=(GROUP_ID,), ok={200: answer("The group's links.", ref("GroupTokens"))},
            refused=(401, 403, 404, 429))},
        "/groups/{group_id}/tokens/replace": {"post": _write(
            "replace_group_link", "Replace a link",
            request=body({"role": {"enum": ["owner", "view"]}}, required=["role"],
                         ignores_others=True),
            ok={200: answer("The links, the new one in place: the old one answers 401 at "
                            "once.", ref("GroupTokens"))})},
        "/groups/{group_id}/players": {"post": _write(
            "add_player", "Add a player to the roster",
            request=body({"name": PLAYER_NAME}, required=["name"], ignores_others=True),
            ok={201: roster_answer})},
        "/groups/{group_id}/players/{player_id}": {
            "put": _write("rename_player", "Rename a player", parameters=(PLAYER_ID,),
                          request=body({"name": PLAYER_NAME}, required=["name"],
                                       ignores_others=True),
                          ok={200: roster_answer}),
            "get": _read("group_player", "A player's page", "PlayerPage",
                         parameters=(PLAYER_ID,), refused=(401, 404, 429)),
        },
        "/groups/{group_id}/players/{player_id}/merge": {"post": _write(
            "merge_players", "Merge a player typed twice into another",
            parameters=(PLAYER_ID,),
            request=body({"into": {"type": "integer", "minimum": 0}}, required=["into"],
                         ignores_others=True),
            ok={200: roster_answer})},
        "/groups/{group_id}/matches/{match_id}": {
            "delete": _write("take_out", "Take a banked match out of the bank",
                             parameters=(MATCH_ID,)),
            "post": _write("put_back", "Put a match taken out back into the bank",
                           parameters=(MATCH_ID,), request={"description": "Not read: any JSON."},
                           request_required=False),
        },
        "/groups/{group_id}/stats": {"get": _read(
            "group_stats", "Statistics", "Stats", parameters=(game_query(), PLAYED_GAME))},
        "/groups/{group_id}/ratings": {"get": _read(
            "group_ratings", "Skill ratings of one game", "Ratings",
            parameters=(game_query(), PLAYED_GAME), refused=(401, 404, 409, 422, 429),
            description="A game or a played game is required (422 without one). 409 while "
                        "the group has ratings off.")},
        "/groups/{group_id}/head-to-head": {"get": _read(
            "head_to_head", "Two players over the matches both played", "HeadToHead",
            parameters=(roster_query("a"), roster_query("b"), game_query()))},
        "/groups/{group_id}/tonight": {"get": _read(
            "tonight", "The evening's matches and who leads it", "Tonight",
            refused=(401, 404, 429))},
        "/groups/{group_id}/export.csv": {"get": operation(
            "group_csv", "The bank as CSV", tag=TAG, security=LINKED, parameters=(GROUP_ID,),
            ok={200: csv}, refused=(401, 404, 429))},
        "/groups/{group_id}/export.json": {"get": operation(
            "group_export", "Everything an import needs", tag=TAG, security=LINKED,
            parameters=(GROUP_ID,),
            ok={200: answer("The group's export (no link is in it).", ref("Export"),
                            download=True)},
            refused=(401, 404, 429))},
    }
