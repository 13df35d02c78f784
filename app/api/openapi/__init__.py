"""API v1's machine-readable contract: an OpenAPI 3.1 document built beside the routes, one module
per part (matches.py, groups.py, nights.py, seasons.py, destinations.py, designs.py,
plays.py), the games'
own schemas from the games themselves (games.py), what they share (schemas.py), and the route
that serves it (route.py). tests/contract keeps it true: every route of /api/v1 and nothing
else, valid, and the server keeping to it under Schemathesis."""

from __future__ import annotations

from typing import Any

from . import designs, destinations, games, groups, matches, nights, plays, seasons
from .schemas import ERROR, SECURITY_SCHEMES, Schema, answer, operation, refusals

DESCRIPTION = """\
SquareScores' JSON API, version 1, as the server speaks it (SPEC sections 2 to 13).

- **Links are capabilities.** There are no accounts: a match, a group, a night and a design are
  reached by the links (tokens) they were made with, sent as `Authorization: Bearer <token>`.
  Each security scheme names which kind of link an operation takes; the operation's description
  says which role (a match's host, a group's owner) where not every link of that kind may.
- **Refusals** share one shape, `{"error": {"code", "message", "field"?}}`; when several apply,
  the first of 401, 404, 403, 400, 412, 409, 422 answers.
- **Versions.** What has a version answers it as a strong `ETag` (`"7"`); a read with
  `If-None-Match` of it answers 304 while it is current, and a write with `If-Match` of another
  answers 412.
- **Limits.** With rate limits on, an address may make 30 matches, groups or designs, and send
  30 requests with unknown links, a minute (429 with `Retry-After`).
- **It may grow.** Answers may gain fields and the API operations; what is said here keeps its
  meaning. A client ignores the fields it does not know.
"""
TAGS = [{"name": "matches", "description": "A match, its rounds and its links (SPEC 2, 4)."},
        {"name": "groups", "description": "Groups and their bank (SPEC 3, 8)."},
        {"name": "nights", "description": "Game nights (SPEC 7, 11)."},
        {"name": "seasons", "description": "A group's seasons (SPEC 11)."},
        {"name": "destinations", "description": "Results where the group talks (SPEC 12)."},
        {"name": "designs", "description": "A sheet for any game (SPEC 10)."},
        {"name": "plays", "description": "Played games and recorded plays (SPEC 14)."},
        {"name": "document", "description": "This document (SPEC 13)."}]


def document() -> dict[str, Any]:
    """The document of API v1: every part, each game's schemas from the game itself."""
    schemas: dict[str, Schema] = {"Error": ERROR} | games.components(
        designs.match_fields(), designs.create_fields())
    schemas |= matches.components(schemas)
    schemas |= (groups.components() | nights.components() | seasons.components()
                | destinations.components() | designs.components() | plays.components())
    paths = (matches.paths() | groups.paths() | nights.paths() | seasons.paths()
             | destinations.paths() | designs.paths() | plays.paths())
    designs.with_row_statistics(paths, schemas)
    paths["/openapi.json"] = {"get": operation(
        "openapi_document", "This document", tag="document",
        ok={200: answer("API v1 as an OpenAPI 3.1 document.", {"type": "object"})},
        refused=())}
    return {
        "openapi": "3.1.0",
        "info": {"title": "SquareScores API", "version": "1", "description": DESCRIPTION},
        "servers": [{"url": "/api/v1"}],
        "tags": TAGS,
        "paths": dict(sorted(paths.items())),
        "components": {"schemas": schemas, "responses": refusals(),
                       "securitySchemes": SECURITY_SCHEMES},
    }
