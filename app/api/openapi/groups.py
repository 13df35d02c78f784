"""Groups and their bank in the API's document (SPEC sections 3 and 8, docs/api.md): every path
of app/api/groups.py."""

from __future__ import annotations

from typing import Any

from . import schemas as s
from .games import game_names

TAG = "groups"
PLAYER_ID = s.path_parameter("player_id", {"type": "integer", "minimum": 0},
                             "A player's id on the group's roster.")
MATCH_ID = s.path_parameter("match_id", s.ID, "A banked match's id.")
GROUP_NAME = s.name(80, "A group's name")
PLAYER_NAME = s.name(40, "A player's name")
LINKED = ("group_link",)
READ = (401, 404, 422, 429)
WRITE = (401, 403, 404, 409, 412, 422, 429)


def game_query(required: bool = False) -> s.Schema:
    return {"name": "game", "in": "query", "required": required,
            "schema": {"enum": game_names() if required else ["", *game_names()]},
            "description": "One game's" + ("" if required else " (empty or absent: every "
                                                                  "game's)") + "."}


def roster_query(name_: str) -> s.Schema:
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
PLAYED_REF = s.obj({"id": s.INT, "name": s.TEXT}, description="A played game's line only.")
PAGE = {"name": "page", "in": "query", "required": False,
        "schema": {"type": "string", "pattern": "^[1-9][0-9]{0,5}$"},
        "description": "The page (1, 2, …): `next` says the next one's address."}

# A banked match as the bank summarises it (SPEC section 3).
SUMMARY = s.obj({
    "id": s.ID, "game": s.TEXT, "name": s.TEXT, "started_at": s.MOMENT, "banked_at": s.MOMENT,
    "duration": {"type": "integer", "description": "Seconds from start to banking."},
    "rounds": s.COUNT, "place": s.nullable(s.TEXT), "note": s.nullable(s.TEXT), "taken_out": s.FLAG,
    "view_token": s.nullable(s.LINK, description="null for a recorded play (SPEC section 14)."),
    "players": s.array(s.obj({
        "player": s.nullable(s.INT), "name": s.TEXT, "seat": s.COUNT, "side": s.COUNT,
        "total": s.nullable(s.NUMBER, description="A match's side's total (a whole number); a "
                                                  "recorded play's score, exactly, or null."),
        "rank": {"type": "integer", "minimum": 1}, "winner": s.FLAG,
        "place": {"type": "integer", "minimum": 1},
        "guest": s.FLAG | {"description": "A recorded play's only: a seat of no roster player."}},
        required=["player", "name", "seat", "side", "total", "rank", "winner", "place"])),
    "played_game": s.obj({"id": s.INT, "name": s.TEXT},
                         description="A recorded play's only (`game` is \"played\")."),
}, required=["id", "game", "name", "started_at", "banked_at", "duration", "rounds", "place",
             "note", "taken_out", "view_token", "players"])
ROSTER = s.array(s.obj({"id": s.INT, "name": s.TEXT}))
GROUP_FIELDS: dict[str, s.Schema] = {
    "id": s.ID, "name": s.TEXT, "ratings": s.FLAG, "players": ROSTER,
    "matches": s.array(s.ref("BankSummary"), description="Newest first, a page at a time."),
    "version": s.VERSION, "next": s.nullable(s.TEXT)}
GROUP_TOKENS = s.obj({"owner": s.LINK, "view": s.LINK})
GROUP_LINKS = s.obj({"owner": s.TEXT, "view": s.TEXT},
                    description="Each link's page (`/g/<link>`).")
IMPORTED_MOMENT: s.Schema = s.MOMENT | {
    "description": "An import takes one from 1900-01-01 to 2999-12-31 in UTC (422 past them)."}
EXPORTED_MATCH = s.obj({
    "id": s.ID, "game": s.TEXT, "name": s.TEXT, "options": {"type": "object"},
    "players": s.array(s.obj({"seat": s.COUNT, "name": s.TEXT, "player": s.nullable(s.INT)})),
    "characters": s.array(s.nullable(s.obj({"symbols": s.array(s.TEXT), "revealed": s.FLAG}))),
    "rounds": s.array(s.ref("RoundInput")), "started_at": IMPORTED_MOMENT,
    "banked_at": IMPORTED_MOMENT, "place": s.nullable(s.TEXT), "note": s.nullable(s.TEXT),
    "taken_out": s.FLAG})
EXPORTED_PLAYED_GAME = s.obj({
    "id": s.INT, "name": s.TEXT, "bgg_id": s.nullable(s.INT), "highest_wins": s.FLAG,
    "no_points": s.FLAG, "cooperative": s.FLAG, "uses_teams": s.FLAG, "uuid": s.nullable(s.TEXT)},
    required=["id", "name"])
EXPORTED_PLAY = s.obj({
    "game": s.INT, "played_at": IMPORTED_MOMENT, "minutes": s.nullable(s.COUNT),
    "note": s.nullable(s.TEXT), "players": s.array({"type": "object"}, description=(
        "As a recorded play's body says them (SPEC section 14), each roster player by the "
        "export's id.")),
    "taken_out": s.FLAG, "import_key": s.nullable(s.TEXT), "modified_at": s.nullable(s.MOMENT),
    "uses_teams": s.nullable(s.FLAG, description="The play's own use of teams, over its game's.")},
    required=["game", "played_at", "players"])
EXPORT_FIELDS: dict[str, s.Schema] = {
    "format": {"const": "squarescores-group"}, "format_version": {"const": 1},
    "exported_at": s.MOMENT, "name": s.TEXT, "ratings": s.FLAG, "players": ROSTER,
    "matches": s.array(s.ref("ExportedMatch")),
    "played_games": s.array(EXPORTED_PLAYED_GAME, description="SPEC section 14."),
    "plays": s.array(EXPORTED_PLAY, description="Recorded plays, oldest first.")}


def components() -> dict[str, s.Schema]:
    return {
        "BankSummary": SUMMARY,
        "Group": s.obj(GROUP_FIELDS),
        "GroupCreated": s.obj(GROUP_FIELDS | {"tokens": GROUP_TOKENS, "links": GROUP_LINKS}),
        "GroupWithPlayer": s.obj(GROUP_FIELDS | {"player": s.obj({"id": s.INT, "name": s.TEXT})}),
        "GroupTokens": s.obj({"owner": s.LINK, "view": s.LINK, "links": GROUP_LINKS}),
        "ExportedMatch": EXPORTED_MATCH,
        "Export": s.obj(EXPORT_FIELDS),
        "Import": s.body(EXPORT_FIELDS | {"exported_at": {"description": "Not read."},
                                          "players": s.array(s.obj(
                                              {"id": {"type": ["integer", "string"]},
                                               "name": s.TEXT}, ["id", "name"]))},
                         required=["name"], description="The body of a group's export.json."),
        "Stats": s.obj({"game": s.nullable(s.TEXT), "matches": s.COUNT, "players": s.array(s.obj({
            "player": s.INT, "name": s.TEXT, "played": s.COUNT, "won": s.COUNT,
            "win_rate": s.NUMBER,
            "points": s.nullable(s.obj({"total": s.nullable(s.NUMBER),
                                        "mean": s.nullable(s.NUMBER),
                                        "best": s.nullable(s.NUMBER)}))})),
            "played_game": s.obj({"id": s.INT, "name": s.TEXT},
                                 description="With `?played_game=` only.")},
            required=["game", "matches", "players"]),
        "Ratings": s.obj({"game": s.TEXT, "players": s.array(s.ref("Rated")),
                          "played_game": s.INT | {"description": "With `?played_game=` only."}},
                         required=["game", "players"]),
        "Rated": s.obj({"player": s.INT, "name": s.TEXT, "mu": s.NUMBER, "sigma": s.NUMBER,
                        "rating": s.INT, "matches": s.COUNT, "provisional": s.FLAG}),
        "PlayerPage": s.obj({
            "player": s.INT, "name": s.TEXT,
            "games": s.array(s.obj({"game": s.TEXT, "played": s.COUNT, "won": s.COUNT,
                                    "win_rate": s.NUMBER, "mean": s.nullable(s.NUMBER),
                                    "best": s.nullable(s.NUMBER), "played_game": PLAYED_REF},
                                   required=["game", "played", "won", "win_rate", "mean",
                                             "best"])),
            "latest": s.array(s.ref("BankSummary")),
            "runs": s.obj({"current": s.COUNT, "longest": s.COUNT}),
            "nemesis": s.nullable(s.obj({"player": s.INT, "name": s.TEXT, "beat": s.COUNT,
                                         "matches": s.COUNT})),
            "partner": s.nullable(s.obj({"player": s.INT, "name": s.TEXT, "won": s.COUNT,
                                         "matches": s.COUNT})),
            "ratings": s.nullable(s.array(s.obj({
                "game": s.TEXT, "player": s.INT, "name": s.TEXT, "mu": s.NUMBER, "sigma": s.NUMBER,
                "rating": s.INT, "matches": s.COUNT, "provisional": s.FLAG,
                "history": s.array(s.obj({"match": s.ID, "banked_at": s.MOMENT, "rating": s.INT,
                                          "change": s.INT})),
                "played_game": s.INT | {"description": "A played game's ratings only."}},
                required=["game", "player", "name", "mu", "sigma", "rating", "matches",
                          "provisional", "history"])))}),
        "HeadToHead": s.obj({"game": s.nullable(s.TEXT), "matches": s.COUNT,
                             "players": s.array(s.obj({"player": s.INT, "name": s.TEXT,
                                                       "won": s.COUNT, "ahead": s.COUNT})),
                             "level": s.COUNT}),
        "Tonight": s.obj({"since": s.nullable(s.MOMENT), "until": s.nullable(s.MOMENT),
                          "matches": s.array(s.ref("BankSummary")),
                          "players": s.array(s.obj({"player": s.INT, "name": s.TEXT,
                                                    "played": s.COUNT, "won": s.COUNT})),
                          "leaders": s.array(s.INT)}),
    }


def _group_answer(description: str, schema: str = "Group") -> dict[str, Any]:
    return s.answer(description, s.ref(schema), etag=True)


def _read(operation_id: str, summary: str, schema: str, *, parameters: tuple[s.Schema, ...] = (),
          refused: tuple[int, ...] = READ, description: str | None = None) -> dict[str, Any]:
    """A read of the group's data by either of its links: tagged with the group's version."""
    return s.operation(operation_id, summary, tag=TAG, security=LINKED,
                       parameters=(s.GROUP_ID, *parameters, s.IF_NONE_MATCH),
                       ok={200: _group_answer("As the group's version shows it.", schema),
                           304: s.NOT_MODIFIED},
                       refused=refused, description=description)


def _write(operation_id: str, summary: str, *, parameters: tuple[s.Schema, ...] = (),
           request: s.Schema | None = None, ok: dict[int, Any] | None = None,
           refused: tuple[int, ...] = WRITE, request_required: bool = True,
           description: str | None = None) -> dict[str, Any]:
    """A write by the owner's link: answered with the group as it now stands."""
    return s.operation(operation_id, summary, tag=TAG, security=LINKED,
                       parameters=(s.GROUP_ID, *parameters, s.IF_MATCH), request=request,
                       request_required=request_required,
                       ok=ok or {200: _group_answer("The group as it now stands.")},
                       refused=refused, description=description)


def paths() -> dict[str, Any]:
    created = s.answer("The new group as its owner sees it, with its links.", s.ref("GroupCreated"),
                       etag=True, location=True, links=s.follow("group_id", FOLLOW_ON))
    roster_answer = s.answer("The group, and the player as they now stand.",
                             s.ref("GroupWithPlayer"), etag=True)
    csv = s.answer("A header row, then a row per player per banked match (SPEC section 3).",
                   s.TEXT, media="text/csv", download=True)
    return {
        "/groups": {"post": s.operation(
            "create_group", "Make a group", tag=TAG,
            example={"name": "Thursday", "players": ["Ana", "Ben", "Cy", "Dee"]}, request=s.body(
                {"name": GROUP_NAME, "players": s.nullable(s.array(PLAYER_NAME, maxItems=1000))},
                required=["name"], ignores_others=True),
            ok={201: created}, refused=(409, 422, 429),
            description="Anyone may; counts toward the creation rate limit. Two names that are "
                        "one ignoring case: 409.")},
        "/groups/import": {"post": s.operation(
            "import_group", "Make a group from an export", tag=TAG, request=s.ref("Import"),
            ok={201: created}, refused=(422, 429),
            description="A new group (new ids and links) whose bank equals the export's; at "
                        "most 5 MiB. Counts toward the creation rate limit.")},
        "/groups/{group_id}": {
            "get": _read("get_group", "Read a group and its bank", "Group",
                         parameters=(PAGE,)),
            "patch": _write("change_group", "Rename the group, switch ratings",
                            request=s.body({"name": GROUP_NAME, "ratings": s.FLAG})),
        },
        "/groups/{group_id}/tokens": {"get": s.operation(
            "group_tokens", "Read the links again", tag=TAG, security=LINKED,
            parameters=(s.GROUP_ID,),
            ok={200: s.answer("The group's links.", s.ref("GroupTokens"))},
            refused=(401, 403, 404, 429))},
        "/groups/{group_id}/tokens/replace": {"post": _write(
            "replace_group_link", "Replace a link",
            request=s.body({"role": {"enum": ["owner", "view"]}}, required=["role"],
                           ignores_others=True),
            ok={200: s.answer("The links, the new one in place: the old one answers 401 at "
                              "once.", s.ref("GroupTokens"))})},
        "/groups/{group_id}/players": {"post": _write(
            "add_player", "Add a player to the roster",
            request=s.body({"name": PLAYER_NAME}, required=["name"], ignores_others=True),
            ok={201: roster_answer})},
        "/groups/{group_id}/players/{player_id}": {
            "put": _write("rename_player", "Rename a player", parameters=(PLAYER_ID,),
                          request=s.body({"name": PLAYER_NAME}, required=["name"],
                                         ignores_others=True),
                          ok={200: roster_answer}),
            "get": _read("group_player", "A player's page", "PlayerPage",
                         parameters=(PLAYER_ID,), refused=(401, 404, 429)),
        },
        "/groups/{group_id}/players/{player_id}/merge": {"post": _write(
            "merge_players", "Merge a player typed twice into another",
            parameters=(PLAYER_ID,),
            request=s.body({"into": {"type": "integer", "minimum": 0}}, required=["into"],
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
        "/groups/{group_id}/export.csv": {"get": s.operation(
            "group_csv", "The bank as CSV", tag=TAG, security=LINKED, parameters=(s.GROUP_ID,),
            ok={200: csv}, refused=(401, 404, 429))},
        "/groups/{group_id}/export.json": {"get": s.operation(
            "group_export", "Everything an import needs", tag=TAG, security=LINKED,
            parameters=(s.GROUP_ID,),
            ok={200: s.answer("The group's export (no link is in it).", s.ref("Export"),
                              download=True)},
            refused=(401, 404, 429))},
    }
