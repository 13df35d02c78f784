"""The matches' part of the API's document (SPEC section 2, section 4's stream, docs/api.md):
every path of app/api/matches.py and the match's event stream."""

from __future__ import annotations

from typing import Any

from . import schemas as s
from .games import played, title

TAG = "matches"
MATCH_ID = s.path_parameter("match_id", s.ID, "The match's id.")
NUMBER = s.path_parameter("number", {"type": "integer", "minimum": 1}, "The round's number (1 "
                          "is the first).")
SEAT = s.path_parameter("seat", {"type": "integer", "minimum": 0}, "The seat (0 is the first).")
CHARACTER_KEY = {"name": "X-Character-Key", "in": "header", "required": False, "schema": s.TEXT,
                 "description": "The key a seat's character was set with (Bandido): its link "
                                "then reads the hidden character, and its writes are its own."}
WRITE = (401, 403, 404, 409, 412, 422, 429)
LINKED = ("match_link",)

# What a client goes on to do with a match it made (schemas.py's follow), with its host link:
# the answer's `tokens.host`.
FOLLOW_ON = {
    "GetMatch": "get_match", "AddRound": "add_round", "BankMatch": "bank_match",
    "AbandonMatch": "abandon_match", "ReadMatchTokens": "match_tokens",
    "ReadHistory": "match_history", "UndoChange": "undo_change", "MoveLine": "move_line",
    "SetDetails": "set_details", "Rematch": "rematch", "MatchCsv": "match_csv",
}


def _per_game(suffix: str, games: list[Any] | None = None) -> s.Schema:
    shown = played() if games is None else games
    if len(shown) == 1:  # that game's own (a choice of one has a client generator make it twice)
        return s.ref(f"{title(shown[0])}{suffix}")
    return {"oneOf": [s.ref(f"{title(game)}{suffix}") for game in shown],
            "discriminator": {"propertyName": "game", "mapping": {
                game.name: f"#/components/schemas/{title(game)}{suffix}" for game in shown}}}


TOKENS = s.obj({"host": s.LINK, "view": s.LINK, "seats": s.array(s.LINK)})
LINKS = s.obj({"host": s.TEXT, "view": s.TEXT, "seats": s.array(s.TEXT)},
              description="Each link's page: what a phone opens (its QR code).")


def _with(match: s.Schema, fields: dict[str, s.Schema]) -> s.Schema:
    """A game's match with more fields, all of them said."""
    return match | {"properties": match["properties"] | fields,
                    "required": [*match["required"], *fields]}


def components(matches: dict[str, s.Schema]) -> dict[str, s.Schema]:
    """The created match and the match with a character key, per game (from each game's match
    in `matches`, by component name); the links."""
    made: dict[str, s.Schema] = {"MatchTokens": TOKENS, "MatchLinks": LINKS,
                                 "Tokens": s.obj({"host": s.LINK, "view": s.LINK,
                                                  "seats": s.array(s.LINK),
                                                  "links": s.ref("MatchLinks")})}
    for game in played():
        match = matches[f"{title(game)}Match"]
        made[f"{title(game)}Created"] = _with(match, {
            "tokens": s.ref("MatchTokens"), "links": s.ref("MatchLinks")})
        if game.secrets:
            made[f"{title(game)}WithKey"] = _with(match, {"character_key": {
                "type": "string",
                "description": "At least 128 bits, new at each PUT: send it as X-Character-Key."}})
    made["Created"] = _per_game("Created")
    secret = [game for game in played() if game.secrets]
    made["MatchWithKey"] = _per_game("WithKey", secret) if secret else s.ref("Match")
    return made


def _match_answer(description: str, status: int = 200) -> dict[int, Any]:
    return {status: s.answer(description, s.ref("Match"), etag=True)}


def _write(operation_id: str, summary: str, *, parameters: tuple[s.Schema, ...] = (),
           request: s.Schema | None = None, ok: dict[int, Any] | None = None,
           refused: tuple[int, ...] = WRITE, description: str | None = None,
           request_required: bool = True, example: Any = None) -> dict[str, Any]:
    return s.operation(operation_id, summary, tag=TAG, security=LINKED,
                       parameters=(MATCH_ID, *parameters, s.IF_MATCH),
                       ok=ok or _match_answer("The match as GET shows it to this link."),
                       refused=refused, request=request, description=description,
                       request_required=request_required, example=example)


def _movable() -> s.Schema:
    """Every option some game lets a table move (SPEC: `PATCH .../options`)."""
    found: dict[str, s.Schema] = {}
    for game in played():
        for spec in game.options:
            if spec.name in game.movable:
                found[spec.name] = s.nullable({"type": "integer", "minimum": 1})
    return s.body(found, minProperties=1, description="The options to move, of those the "
                                                      "match's game lets a table move.")


def paths() -> dict[str, Any]:
    created = s.answer("The new match as its host sees it, with its tokens and links.",
                       s.ref("Created"), etag=True, location=True,
                       links=s.follow("match_id", FOLLOW_ON))
    history = s.obj({"changes": s.array(s.obj({
        "id": s.INT, "version": s.VERSION, "at": {"type": "string", "format": "date-time"},
        "by": {"type": "string", "description": "Who: host, a seat (`seat`), or the app."},
        "action": s.TEXT, "round": s.nullable(s.INT), "seat": s.nullable(s.INT),
        "before": {"description": "The value before (any JSON)."},
        "after": {"description": "The value after (any JSON)."}, "undoes": s.nullable(s.INT)})),
        "next": s.nullable(s.TEXT)})
    stream = {200: s.answer("The match's versions as server-sent events (SPEC section 4): "
                            "`event: version`, `id: <version>`, `data: {\"version\", "
                            "\"status\"}`; a comment at least every 25 s.", s.TEXT,
                            media="text/event-stream")}
    return {
        "/matches": {"post": s.operation(
            "create_match", "Start a match", tag=TAG, security=("group_link",),
            optional_security=True, request=s.ref("CreateMatch"),
            example={"game": "generic", "players": ["Ana", "Ben", "Cy"]},
            ok={201: created}, refused=(401, 403, 404, 422, 429),
            description="Anyone may start one; in a group (`group`), the bearer token is the "
                        "group's owner link. Counts toward the creation rate limit.")},
        "/matches/{match_id}": {
            "get": s.operation(
                "get_match", "Read a match", tag=TAG, security=LINKED,
                parameters=(MATCH_ID, s.IF_NONE_MATCH, CHARACTER_KEY),
                ok=_match_answer("The match as this link sees it.") | {304: s.NOT_MODIFIED},
                refused=(401, 404, 429)),
            "patch": _write("set_details", "Say where it was played, add a note",
                            request=s.body({"place": s.nullable(s.TEXT),
                                            "note": s.nullable(s.TEXT)}, minProperties=1),
                            description="The host's: a place (one line, at most 80 characters)"
                                        " and a note (at most 500); empty or null clears one."),
        },
        "/matches/{match_id}/rounds": {"post": _write(
            "add_round", "Add the next round", request=s.ref("RoundInput"),
            example={"scores": [12, 7, 9]},
            ok=_match_answer("The match with its new round.", 201))},
        "/matches/{match_id}/rounds/{number}": {
            "put": _write("replace_round", "Replace a round", parameters=(NUMBER,),
                          request=s.ref("RoundInput"), example={"scores": [12, 7, 9]},
                          description="The host's; later rounds are recomputed. A round "
                                      "before the last must stay complete or dead."),
            "delete": _write("delete_round", "Remove the last round", parameters=(NUMBER,)),
        },
        "/matches/{match_id}/rounds/{number}/seats/{seat}": {"put": _write(
            "set_part", "Set a seat's part of a round", parameters=(NUMBER, SEAT, CHARACTER_KEY),
            request=s.ref("Part"), example={"score": 12},
            ok=_match_answer("The match (201 where the part opened the next round).")
            | _match_answer("The match with the round this part opened.", 201),
            description="The host, or that seat (in a partnership, either partner). `number` "
                        "may be the next round's, which opens it.")},
        "/matches/{match_id}/seats/{seat}/character": {"put": _write(
            "set_character", "Set a seat's secret character", parameters=(SEAT,),
            request=s.ref("Character"),
            example={"symbols": ["stone", "water", "fire"], "revealed": False},
            ok={200: s.answer("The match as this phone sees it, with the key to read the "
                              "character back.", s.ref("MatchWithKey"), etag=True)},
            description="That seat's own (Bandido): nobody else sees it until it is revealed "
                        "or the match is over.")},
        "/matches/{match_id}/options": {"patch": _write(
            "move_line", "Move the line", request=_movable(), example={"target": 100},
            description="The host moves where the match ends, while it is active or over.")},
        "/matches/{match_id}/bank": {"post": _write(
            "bank_match", "Bank a match that is over", request_required=False,
            request=s.body({"group": s.nullable(s.ID), "group_token": s.LINK}),
            description="The host or any seat. A match of no group may be filed into one: "
                        "`group` and its owner link as `group_token`.")},
        "/matches/{match_id}/unbank": {"post": _write(
            "unbank_match", "Take a banking back",
            description="The host's, within ten minutes of the banking.")},
        "/matches/{match_id}/rematch": {"post": _write(
            "rematch", "Start the next match with the same players and options",
            ok={201: created}, description="The host's, once the match is over, banked or "
                                           "abandoned. Counts toward the creation rate limit.")},
        "/matches/{match_id}/abandon": {"post": _write(
            "abandon_match", "End without a result")},
        "/matches/{match_id}/undo": {"post": _write("undo_change", "Undo the latest change")},
        "/matches/{match_id}/export.csv": {"get": s.operation(
            "match_csv", "The match as CSV", tag=TAG, security=LINKED, parameters=(MATCH_ID,),
            ok={200: s.answer("`round,<side names>`, a row per complete or dead round, then "
                              "`total`.", s.TEXT, media="text/csv", download=True)},
            refused=(401, 404, 429))},
        "/matches/{match_id}/tokens": {"get": s.operation(
            "match_tokens", "Read the links again", tag=TAG, security=LINKED,
            parameters=(MATCH_ID,), ok={200: s.answer("The match's links.", s.ref("Tokens"))},
            refused=(401, 403, 404, 429))},
        "/matches/{match_id}/tokens/replace": {"post": s.operation(
            "replace_match_link", "Replace a link", tag=TAG, security=LINKED,
            parameters=(MATCH_ID,),
            request=s.body({"role": {"enum": ["host", "view", "seat"]},
                            "seat": {"description": "With the role `seat`: which one, a whole "
                                                    "number from 0 (not read with another)."}},
                           required=["role"],
                           ignores_others=True),
            ok={200: s.answer("The links, the new one in place: the old one answers 401 at "
                              "once.", s.ref("Tokens"))},
            refused=(401, 403, 404, 409, 422, 429))},
        "/matches/{match_id}/history": {"get": s.operation(
            "match_history", "The changes, oldest first", tag=TAG, security=LINKED,
            parameters=(MATCH_ID, {"name": "after", "in": "query", "required": False,
                                   "schema": {"type": "string", "pattern": "^[0-9]{1,18}$"},
                                   "description": "The id of the last change seen."}),
            ok={200: s.answer("A page of changes; `next` is the next page's address.",
                              history)},
            refused=(401, 403, 404, 422, 429))},
        "/matches/{match_id}/events": {"get": s.operation(
            "match_events", "Follow the match's versions", tag=TAG, security=LINKED,
            parameters=(MATCH_ID, {"name": "Last-Event-ID", "in": "header", "required": False,
                                   "schema": s.TEXT, "description": "The version held."}),
            ok=stream, refused=(401, 404, 429, 503),
            description="An event stream (text/event-stream). At most 32 streams a link "
                        "(429); a server that follows as many as it can answers 503.")},
    }

