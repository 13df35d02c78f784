"""Game nights in the API's document (SPEC sections 7 and 11, docs/api.md): every path of
app/api/nights.py and the night's event stream."""

from __future__ import annotations

from typing import Any

from .games import game_names
from .schemas import (
    COUNT,
    ID,
    IF_MATCH,
    IF_NONE_MATCH,
    INT,
    LINK,
    NOT_MODIFIED,
    TEXT,
    VERSION,
    Schema,
    answer,
    array,
    follow,
    nullable,
    obj,
    operation,
    path_parameter,
    ref,
)

TAG = "nights"
NIGHT_ID = path_parameter("night_id", ID, "The night's id.")
GROUP_ID = path_parameter("group_id", ID, "The group's id.")
# Who may read a night: the group's links, or the night's own (its `tv` link, a player's).
READERS = ("group_link", "night_link")
ROSTER_IDS = array({"type": "integer", "minimum": 1}, minItems=1, maxItems=200,
                   uniqueItems=True, description="Roster ids of the players present.")

TABLE = obj({
    "match": ID, "table": {"type": "integer", "minimum": 1}, "status": TEXT,
    "totals": array(INT), "winners": array(COUNT), "leaders": array(COUNT), "rounds": COUNT,
    "left": nullable({"anyOf": [obj({"points": COUNT}), obj({"rounds": COUNT})]}),
    "sides": array(obj({"index": COUNT, "name": TEXT, "seats": array(COUNT)})),
    "players": array(obj({"player": nullable(INT), "name": TEXT, "seat": COUNT})),
    "tokens": ref("MatchTokens"),
}, required=["match", "table", "status", "totals", "winners", "leaders", "rounds", "left",
             "sides", "players"])
STANDING = obj({"player": INT, "name": TEXT, "played": COUNT, "won": COUNT, "points": COUNT,
                "opponents": COUNT, "rank": {"type": "integer", "minimum": 1}})
NIGHT_FIELDS: dict[str, Schema] = {
    "id": ID, "name": TEXT, "game": TEXT, "group": ID, "status": {"enum": ["active", "ended"]},
    "options": {"type": "object"}, "table_size": nullable(INT),
    "seating": {"enum": ["mixed", "standings"]},
    "players": array(obj({"player": INT, "name": TEXT})),
    "seatings": array(array(ref("NightTable")), description="Oldest first."),
    "standings": array(ref("Standing")), "version": VERSION,
    "you": obj({"player": nullable(INT), "match": nullable(ID), "table": nullable(INT),
                "seat": nullable(INT), "token": nullable(LINK)},
               description="A player's link only: that player's table and seat link now."),
    "tokens": obj({"tv": LINK, "players": array(obj({"player": INT, "token": LINK}))},
                  description="The owner's only: the night's own links."),
}


def components() -> dict[str, Schema]:
    return {"NightTable": TABLE, "Standing": STANDING,
            "Night": obj(NIGHT_FIELDS, required=[name for name in NIGHT_FIELDS
                                                 if name not in ("you", "tokens")])}


def _night(description: str) -> dict[str, Any]:
    return answer(description, ref("Night"), etag=True)


def paths() -> dict[str, Any]:
    stream = {200: answer("One event per new version of the night or of its tables (SPEC "
                          "section 4's events).", TEXT, media="text/event-stream")}
    made = _night("The night, its first seating and its links.")
    made["headers"]["Location"] = {"description": "Where the night is read.", "required": True,
                                   "schema": TEXT}
    made["links"] = follow("night_id", {"GetNight": "get_night", "NextSeating": "next_seating",
                                        "EndNight": "end_night"})
    return {
        "/groups/{group_id}/nights": {"post": operation(
            "create_night", "Start a game night", tag=TAG, security=("group_link",),
            parameters=(GROUP_ID,),
            request=obj({
                "game": {"enum": game_names()}, "players": ROSTER_IDS,
                "table_size": nullable({"type": "integer", "minimum": 1}),
                "options": nullable({"type": "object"}, description="The game's options, "
                                    "as a match's: absent or null, the game's defaults."),
                "name": nullable({"type": "string", "maxLength": 320, "description":
                                  "A night's name (1 to 80 characters); blank: the group's."}),
                "seating": {"enum": ["mixed", "standings"]},
            }, required=["game", "players"]),
            ok={201: made}, refused=(401, 403, 404, 409, 422, 429),
            description="The group's owner link; each table is a match of the group.")},
        "/nights/{night_id}": {"get": operation(
            "get_night", "Read a night", tag=TAG, security=READERS,
            parameters=(NIGHT_ID, IF_NONE_MATCH),
            ok={200: _night("The night as this link sees it."), 304: NOT_MODIFIED},
            refused=(401, 404, 429))},
        "/nights/{night_id}/seatings": {"post": operation(
            "next_seating", "Start the next seating", tag=TAG, security=("group_link",),
            parameters=(NIGHT_ID, IF_MATCH),
            request=obj({"players": ROSTER_IDS}, required=[]), request_required=False,
            ok={201: _night("The night with its next seating.")},
            refused=(401, 403, 404, 409, 412, 422, 429),
            description="409 while a table of the latest seating is neither banked nor "
                        "abandoned, or once the night has ended.")},
        "/nights/{night_id}/end": {"post": operation(
            "end_night", "End the night", tag=TAG, security=("group_link",),
            parameters=(NIGHT_ID, IF_MATCH), ok={200: _night("The night, ended.")},
            refused=(401, 403, 404, 409, 412, 429))},
        "/nights/{night_id}/events": {"get": operation(
            "night_events", "Follow the night's versions", tag=TAG, security=READERS,
            parameters=(NIGHT_ID,), ok=stream, refused=(401, 404, 429, 503))},
    }
