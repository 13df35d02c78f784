"""What every part of the API's document shares: schema helpers, the error shape, the headers, the
refusals every operation may answer (SPEC section 2), the links as security schemes, and a
game's own detail read from its frozen dataclasses."""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable, Mapping
from typing import Any

Schema = dict[str, Any]

JSON = "application/json"
INT: Schema = {"type": "integer"}
COUNT: Schema = {"type": "integer", "minimum": 0}
NUMBER: Schema = {"type": "number"}
TEXT: Schema = {"type": "string"}
FLAG: Schema = {"type": "boolean"}
MOMENT: Schema = {"type": "string", "format": "date-time"}
DAY: Schema = {"type": "string", "format": "date"}
LINK: Schema = {"type": "string", "description": "A capability token (SPEC section 2)."}
ADDRESS: Schema = {"type": "string", "format": "uri"}
VERSION: Schema = {"type": "integer", "minimum": 1, "description": "Grows with every change."}
# A name as SPEC section 6 reads it: judged on its raw length first, then normalised.
RAW_PER_CHARACTER = 4


def ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def nullable(schema: Schema, **more: Any) -> Schema:
    return {"anyOf": [schema, {"type": "null"}], **more}


def array(items: Schema, **more: Any) -> Schema:
    return {"type": "array", "items": items, **more}


def obj(properties: Mapping[str, Schema], required: Iterable[str] | None = None,
        **more: Any) -> Schema:
    """An object; every property required unless `required` says which (an answer always
    says all its fields, `null` where one is empty)."""
    return {"type": "object", "properties": dict(properties),
            "required": list(properties if required is None else required), **more}


def body(properties: Mapping[str, Schema], required: Iterable[str] = (), *,
         ignores_others: bool = False, **more: Any) -> Schema:
    """A request's object: only the fields named, the server refusing any other with 422 (or,
    `ignores_others`, reading none but those)."""
    if ignores_others:
        return obj(properties, required, **more)
    return obj(properties, required, additionalProperties=False, **more)


def name(limit: int, what: str = "A name") -> Schema:
    return {"type": "string", "minLength": 1, "maxLength": RAW_PER_CHARACTER * limit,
            "description": f"{what}: 1 to {limit} characters once normalised (SPEC section 6: "
                           "NFKC, invisible characters removed, spaces made one, trimmed); at "
                           f"most {RAW_PER_CHARACTER * limit} as sent."}


def page_of(items: str, schema: Schema) -> Schema:
    """A list answered a page at a time, with `next` the address of the page after it."""
    return obj({items: array(schema), "next": nullable(TEXT)})


# The error shape (SPEC section 2).
ERROR = obj({"error": obj({
    "code": {"type": "string", "description": "What went wrong, for a program to read."},
    "message": {"type": "string", "description": "What went wrong, in English."},
    "field": {"type": "string", "description": "The field at fault, where one is (a path "
                                               "such as `hands[1].melded.joker`)."},
}, required=["code", "message"])})


def header(description: str, schema: Schema | None = None) -> dict[str, Any]:
    return {"description": description, "required": True, "schema": schema or TEXT}


NO_STORE = header("Every answer of the API: no cache keeps it.", {"const": "no-store"})
ETAG = header("The version the answer shows, as a strong tag (`\"7\"`): send it back in "
              "`If-Match` or `If-None-Match`.", {"type": "string", "pattern": '^"[0-9]+"$'})
LOCATION = header("Where what was made is read.")
RETRY_AFTER = header("Seconds to wait before asking again.",
                     {"type": "string", "pattern": "^[0-9]+$"})
DOWNLOAD = header("A file to save, and its name.", {"type": "string",
                                                     "pattern": "^attachment; filename="})


def answer(description: str, schema: Schema | None = None, *, media: str = JSON,
           etag: bool = False, location: bool = False, download: bool = False,
           links: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """An answer's status description, its body (none without `schema`) and its headers."""
    headers: dict[str, Any] = {"Cache-Control": NO_STORE}
    if etag:
        headers["ETag"] = ETAG
    if location:
        headers["Location"] = LOCATION
    if download:
        headers["Content-Disposition"] = DOWNLOAD
    made: dict[str, Any] = {"description": description, "headers": headers}
    if schema is not None:
        made["content"] = {media: {"schema": schema}}
    if links:
        made["links"] = dict(links)
    return made


def follow(parameter: str, operations: Mapping[str, str]) -> dict[str, Any]:
    """OpenAPI links: what a client goes on to do with what an answer made or read (a generated
    client, and Schemathesis's stateful run, follow them), by name: each operation's id, with
    the answer's `id` as its `parameter`."""
    return {name: {"operationId": operation_id,
                   "parameters": {parameter: "$response.body#/id"}}
            for name, operation_id in operations.items()}


NOT_MODIFIED = answer("Not modified: `If-None-Match` names the version it would show.",
                      etag=True)

# Every refusal, by status, in SPEC section 2's words; an operation names those it may answer.
REFUSALS: dict[int, tuple[str, str]] = {
    400: ("Malformed", "Malformed: the body is no JSON, or the request no well-formed HTTP."),
    401: ("Unauthorized", "No link, or one that is unknown (or replaced)."),
    403: ("Forbidden", "A link without the right to do this."),
    404: ("NotFound", "No such thing, or another's (a link of another match, say)."),
    408: ("TooSlow", "The request's body did not arrive in time (SPEC section 6)."),
    409: ("Conflict", "Not allowed in the state it is in."),
    412: ("VersionMismatch", "`If-Match` names another version than the current one."),
    413: ("TooLarge", "The body is larger than the server reads."),
    422: ("Invalid", "Invalid input: `field` says where."),
    429: ("TooManyRequests", "Too many requests: too many creations or unknown links from one "
                            "address a minute, or too many streams of one link."),
    503: ("Unavailable", "The server follows as many streams as it can: try again shortly."),
}


def refusals() -> dict[str, Any]:
    """The refusals as reusable answers (components.responses)."""
    made = {}
    for status, (title, description) in REFUSALS.items():
        if status == 408:  # said before the request is read: plain text
            made[title] = answer(description, {"type": "string"}, media="text/plain")
            continue
        made[title] = answer(description, ref("Error"))
        if status in (429, 503):
            made[title]["headers"]["Retry-After"] = RETRY_AFTER
        if status == 401:
            made[title]["headers"]["WWW-Authenticate"] = header(
                "The scheme to authenticate with.", {"const": "Bearer"})
    return made


# The links a request may carry as its bearer token (SPEC sections 2, 3, 7 and 10).
SECURITY_SCHEMES = {
    "match_link": {"type": "http", "scheme": "bearer", "description":
                   "A match's link: its host's (everything), its view link (read only) or a "
                   "seat's (that seat's own parts, its character, banking)."},
    "group_link": {"type": "http", "scheme": "bearer", "description":
                   "A group's link: its owner's (everything) or its view link (read only)."},
    "night_link": {"type": "http", "scheme": "bearer", "description":
                   "A game night's own links: its `tv` link (the big screen) or a player's."},
    "design_owner": {"type": "http", "scheme": "bearer",
                     "description": "A design's owner link."},
}


def operation(operation_id: str, summary: str, *, tag: str, ok: Mapping[int, Any],
              refused: Iterable[int], security: Iterable[str] | None = None,
              optional_security: bool = False, parameters: Iterable[Schema] = (),
              request: Schema | None = None, request_required: bool = True,
              example: Any = None, description: str | None = None) -> dict[str, Any]:
    """One operation: its answers are `ok` and the refusals named (400 always: SPEC says any
    malformed request is); a body makes 408 and 413 possible too. `example`: a body the server
    takes (SPEC's own where it gives one)."""
    statuses = {400, *refused} | ({408, 413} if request is not None else set())
    responses: dict[str, Any] = {str(status): value for status, value in ok.items()}
    for status in sorted(statuses):
        responses[str(status)] = {"$ref": f"#/components/responses/{REFUSALS[status][0]}"}
    made: dict[str, Any] = {"operationId": operation_id, "summary": summary, "tags": [tag]}
    if description:
        made["description"] = description
    if parameters:
        made["parameters"] = list(parameters)
    if request is not None:
        made["requestBody"] = {"required": request_required,
                               "content": {JSON: {"schema": request}}}
        if example is not None:
            made["requestBody"]["content"][JSON]["example"] = example
    made["responses"] = dict(sorted(responses.items()))
    schemes: list[dict[str, list[str]]] = [{scheme: []} for scheme in security or ()]
    made["security"] = ([{}] if optional_security else []) + schemes
    return made


def path_parameter(name_: str, schema: Schema, description: str) -> Schema:
    return {"name": name_, "in": "path", "required": True, "schema": schema,
            "description": description}


ID: Schema = {"type": "string", "minLength": 1}
IF_MATCH = {"name": "If-Match", "in": "header", "required": False, "schema": TEXT,
            "description": "The version the write was based on (`\"7\"` or `7`): 412 if it "
                           "has changed since."}
IF_NONE_MATCH = {"name": "If-None-Match", "in": "header", "required": False, "schema": TEXT,
                 "description": "The version held (its ETag): 304 while it is still current."}
# The path parameter of every part that is a group's: its groups, nights, seasons, destinations
# and plays.
GROUP_ID = path_parameter("group_id", ID, "The group's id.")


# A game's own detail, read from its frozen dataclass: each field as the match's JSON says it.
def detail_schema(detail: type | None) -> dict[str, Schema]:
    if detail is None:
        return {}
    hints = typing.get_type_hints(detail)
    return {field.name: _typed(hints[field.name]) for field in dataclasses.fields(detail)}


def _typed(hint: Any) -> Schema:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is type(None):
        return {"type": "null"}
    if hint in (int, float, str, bool):
        return {int: INT, float: NUMBER, str: TEXT, bool: FLAG}[hint]
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [_typed(arg) for arg in args]}
    if origin in (tuple, list):
        return array(_typed(args[0])) if args else {"type": "array"}
    if origin in (dict, Mapping):
        return {"type": "object", "additionalProperties": _typed(args[1])}
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return obj(detail_schema(hint))
    return {}
