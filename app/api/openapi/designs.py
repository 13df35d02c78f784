"""Designs, a sheet for any game, in the API's document (SPEC section 10, docs/api.md): every
path of app/api/designs.py, a design's match (its `design` when made, its copy when read) and
its statistics by row."""

from __future__ import annotations

from typing import Any

from . import schemas as s

TAG = "designs"
GAME = "custom"  # SPEC section 10: a match of a design is `"game": "custom"`
DESIGN_ID = s.path_parameter("design_id", s.ID, "The design's id (or a gallery design's).")
OWNER = ("design_owner",)
KEY = {"type": "string", "pattern": "^[a-z][a-z0-9_]{0,23}$"}
LABEL = s.name(40, "A label")
WHOLE = {"type": "integer"}
# A row of each kind (SPEC section 10), beside what every row has. An optional field may be
# sent as null (its default), which a design as kept never shows.
KINDS: dict[str, dict[str, s.Schema]] = {
    "number": {"min": s.nullable(WHOLE), "max": s.nullable(WHOLE)},
    "count": {"max": s.nullable({"type": "integer", "minimum": 0}), "points": WHOLE},
    "check": {"points": WHOLE},
    "choice": {"options": s.array(s.obj({"label": LABEL, "points": WHOLE}), minItems=2,
                                  maxItems=20)},
    "rank": {"of": KEY, "points": s.array(WHOLE), "order": s.nullable({"enum": ["most", "fewest"]}),
             "at_least": s.nullable(WHOLE), "ties": s.nullable({"enum": ["share", "split"]})},
    "formula": {"formula": {"type": "string", "minLength": 1, "maxLength": 300}},
}


def _row(kind: str, fields: dict[str, s.Schema]) -> s.Schema:
    return {"type": "object", "title": kind, "required": ["key", "label", "kind"],
            "properties": {"key": KEY, "label": LABEL, "kind": {"const": kind},
                           "counts": s.nullable(s.FLAG)} | fields}


DESIGN: s.Schema = {
    "type": "object", "required": ["name", "rows"],
    "description": "A design (SPEC section 10): at most 64 KiB of JSON.",
    "properties": {
        "name": s.name(40, "A design's name"),
        "players": s.nullable(s.array({"type": "integer", "minimum": 1, "maximum": 12},
                                      minItems=2, maxItems=2), description="[fewest, most]"),
        "scoring": s.nullable({"enum": ["game", "rounds"]}),
        "winner": s.nullable({"enum": ["highest", "lowest"]}),
        "tiebreak": s.nullable(s.array(s.obj({"row": KEY, "order": s.nullable({"enum": [
            "most", "fewest"]})}, required=["row"]))),
        "rows": s.array({"oneOf": [_row(kind, fields) for kind, fields in KINDS.items()],
                         "discriminator": {"propertyName": "kind"}}, minItems=1, maxItems=40),
        "rounds": s.nullable({"type": "integer", "minimum": 1, "maximum": 1000}),
        "target": s.nullable({"type": "integer", "minimum": 1}),
        "labels": s.nullable({"type": "object"}, description="Each language's labels: "
                                                          "`{\"de\": {\"name\", \"rows\", "
                                                          "\"options\"}}`."),
    }}
# A design to show (SPEC section 10's format): darts, the lowest left wins.
DARTS = {"name": "Darts 301", "scoring": "rounds", "winner": "lowest", "rows": [
    {"key": "left", "label": "Left", "kind": "number", "min": 0, "max": 301}]}
STORED = s.obj({"id": s.ID, "version": {"type": "integer", "minimum": 1},
                "design": s.ref("Design")})


def components() -> dict[str, s.Schema]:
    return {"Design": DESIGN, "StoredDesign": STORED,
            "DesignMade": s.obj(STORED["properties"] | {
                "tokens": s.obj({"owner": s.TEXT}),
                "links": s.obj({"design": s.TEXT, "owner": s.TEXT})})}


def match_fields() -> dict[str, dict[str, s.Schema]]:
    """What a design's match adds to a match's GET (SPEC section 10): its design's copy."""
    return {GAME: {"design": s.obj({"id": s.nullable(s.ID), "version": s.nullable(s.INT),
                                    "design": s.ref("Design")},
                                   description="The copy the match keeps; `id` and `version` "
                                               "null when made inline.")}}


def create_fields() -> dict[str, dict[str, s.Schema]]:
    """What a create of a design's match takes: a design's id (its latest version), or one
    whole."""
    return {GAME: {"design": {"anyOf": [s.ID, s.ref("Design")]}}}


def with_row_statistics(paths: dict[str, Any], components_: dict[str, s.Schema]) -> None:
    """A group's statistics of one design (`game=custom&design=<id>`) say the design and add
    each player's rows: `{key: {"mean", "best"}}`."""
    stats = paths["/groups/{group_id}/stats"]["get"]
    stats["parameters"].insert(-1, {
        "name": "design", "in": "query", "required": False, "schema": s.ID,
        "description": "One design's statistics (with `game=custom`), with each player's rows."})
    components_["Stats"]["properties"]["design"] = s.ID | {
        "description": "The design's id, where one was asked for."}
    line = components_["Stats"]["properties"]["players"]["items"]
    line["properties"]["rows"] = {"type": "object", "additionalProperties": s.obj(
        {"mean": s.NUMBER, "best": s.INT})}


def paths() -> dict[str, Any]:
    stored = s.answer("The design at that version.", s.ref("StoredDesign"), etag=True)
    return {
        "/designs": {"post": s.operation(
            "create_design", "Save a design", tag=TAG, request=s.ref("Design"), example=DARTS,
            ok={201: s.answer("The design, version 1, with its owner's link.", s.ref("DesignMade"),
                              etag=True, location=True, links=s.follow("design_id", {
                                "GetDesign": "get_design", "NewVersion": "new_design_version",
                                "DeleteDesign": "delete_design"}))},
            refused=(422, 429), description="Anyone may; counts toward the creation rate "
                                            "limit.")},
        "/designs/gallery": {"get": s.operation(
            "design_gallery", "The designs the app ships", tag=TAG,
            ok={200: s.answer("Each with its id.", s.array(s.obj({"id": s.ID,
                                                                  "design": s.ref("Design")})))},
            refused=())},
        "/designs/{design_id}": {
            "get": s.operation(
                "get_design", "Read a design", tag=TAG,
                parameters=(DESIGN_ID, {"name": "version", "in": "query", "required": False,
                                        "schema": {"type": "string",
                                                   "pattern": "^[0-9]{1,9}$"},
                                        "description": "An earlier version."},
                            s.IF_NONE_MATCH),
                ok={200: stored, 304: s.NOT_MODIFIED}, refused=(404, 422)),
            "put": s.operation(
                "new_design_version", "Save a new version", tag=TAG, security=OWNER,
                parameters=(DESIGN_ID, s.IF_MATCH), request=s.ref("Design"), example=DARTS,
                ok={200: stored}, refused=(401, 403, 404, 412, 422, 429),
                description="Its matches keep the versions they copied."),
            "delete": s.operation(
                "delete_design", "Delete a design", tag=TAG, security=OWNER,
                parameters=(DESIGN_ID, s.IF_MATCH), ok={204: s.answer("Gone; matches keep "
                                                                      "their copies.")},
                refused=(401, 403, 404, 412, 429)),
        },
    }
