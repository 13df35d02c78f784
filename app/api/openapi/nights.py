"""Game nights in the API's document (SPEC sections 7 and 11, docs/api.md): every path of
app/api/nights.py and the night's event stream."""

from __future__ import annotations

from typing import Any

from . import schemas as s
from .games import game_names

TAG = "nights"
NIGHT_ID = s.path_parameter("night_id", s.ID, "The night's id.")
# Who may read a night: the group's links, or the night's own (its `tv` link, a player's).
READERS = ("group_link", "night_link")
ROSTER_IDS = s.array({"type": "integer", "minimum": 1}, minItems=1, maxItems=200,
                     uniqueItems=True, description="Roster ids of the players present.")

TABLE = s.obj({
    "match": s.ID, "table": {"type": "integer", "minimum": 1}, "status": s.TEXT,
    "totals": s.array(s.INT), "winners": s.array(s.COUNT), "leaders": s.array(s.COUNT),
    "rounds": s.COUNT,
    "left": s.nullable({"anyOf": [s.obj({"points": s.COUNT}), s.obj({"rounds": s.COUNT})]}),
    "sides": s.array(s.obj({"index": s.COUNT, "name": s.TEXT, "seats": s.array(s.COUNT)})),
    "players": s.array(s.obj({"player": s.nullable(s.INT), "name": s.TEXT, "seat": s.COUNT})),
    "tokens": s.ref("MatchTokens"),
}, required=["match", "table", "status", "totals", "winners", "leaders", "rounds", "left",
             "sides", "players"])
STANDING = s.obj({"player": s.INT, "name": s.TEXT, "played": s.COUNT, "won": s.COUNT,
                  "points": s.COUNT, "opponents": s.COUNT,
                  "rank": {"type": "integer", "minimum": 1}})
NIGHT_FIELDS: dict[str, s.Schema] = {
    "id": s.ID, "name": s.TEXT, "game": s.TEXT, "group": s.ID,
    "status": {"enum": ["active", "ended"]}, "options": {"type": "object"},
    "table_size": s.nullable(s.INT),
    "seating": {"enum": ["mixed", "standings"]},
    "players": s.array(s.obj({"player": s.INT, "name": s.TEXT})),
    "seatings": s.array(s.array(s.ref("NightTable")), description="Oldest first."),
    "standings": s.array(s.ref("Standing")), "version": s.VERSION,
    "you": s.obj({"player": s.nullable(s.INT), "match": s.nullable(s.ID),
                  "table": s.nullable(s.INT), "seat": s.nullable(s.INT),
                  "token": s.nullable(s.LINK)},
                 description="A player's link only: that player's table and seat link now."),
    "tokens": s.obj({"tv": s.LINK, "players": s.array(s.obj({"player": s.INT, "token": s.LINK}))},
                    description="The owner's only: the night's own links."),
}


def components() -> dict[str, s.Schema]:
    return {"NightTable": TABLE, "Standing": STANDING,
            "Night": s.obj(NIGHT_FIELDS, required=[name for name in NIGHT_FIELDS
                                                   if name not in ("you", "tokens")])}


def _night(description: str) -> dict[str, Any]:
    return s.answer(description, s.ref("Night"), etag=True)


def paths() -> dict[str, Any]:
    stream = {200: s.answer("One event per new version of the night or of its tables (SPEC "
                            "section 4's events).", s.TEXT, media="text/event-stream")}
    made = _night("The night, its first seating and its links.")
    made["headers"]["Location"] = {"description": "Where the night is read.", "required": True,
                                   "schema": s.TEXT}
    made["links"] = s.follow("night_id", {"GetNight": "get_night", "NextSeating": "next_seating",
                                          "EndNight": "end_night"})
    return {
        "/groups/{group_id}/nights": {"post": s.operation(
            "create_night", "Start a game night", tag=TAG, security=("group_link",),
            parameters=(s.GROUP_ID,),
            request=s.obj({
                "game": {"enum": game_names()}, "players": ROSTER_IDS,
                "table_size": s.nullable({"type": "integer", "minimum": 1}),
                "options": s.nullable({"type": "object"}, description="The game's options, "
                                      "as a match's: absent or null, the game's defaults."),
                "name": s.nullable({"type": "string", "maxLength": 320, "description":
                                    "A night's name (1 to 80 characters); blank: the group's."}),
                "seating": {"enum": ["mixed", "standings"]},
            }, required=["game", "players"]),
            ok={201: made}, refused=(401, 403, 404, 409, 422, 429),
            description="The group's owner link; each table is a match of the group.")},
        "/nights/{night_id}": {"get": s.operation(
            "get_night", "Read a night", tag=TAG, security=READERS,
            parameters=(NIGHT_ID, s.IF_NONE_MATCH),
            ok={200: _night("The night as this link sees it."), 304: s.NOT_MODIFIED},
            refused=(401, 404, 429))},
        "/nights/{night_id}/seatings": {"post": s.operation(
            "next_seating", "Start the next seating", tag=TAG, security=("group_link",),
            parameters=(NIGHT_ID, s.IF_MATCH),
            request=s.obj({"players": ROSTER_IDS}, required=[]), request_required=False,
            ok={201: _night("The night with its next seating.")},
            refused=(401, 403, 404, 409, 412, 422, 429),
            description="409 while a table of the latest seating is neither banked nor "
                        "abandoned, or once the night has ended.")},
        "/nights/{night_id}/end": {"post": s.operation(
            "end_night", "End the night", tag=TAG, security=("group_link",),
            parameters=(NIGHT_ID, s.IF_MATCH), ok={200: _night("The night, ended.")},
            refused=(401, 403, 404, 409, 412, 429))},
        "/nights/{night_id}/events": {"get": s.operation(
            "night_events", "Follow the night's versions", tag=TAG, security=READERS,
            parameters=(NIGHT_ID,), ok=stream, refused=(401, 404, 429, 503))},
    }
