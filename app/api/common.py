"""What every API view shares: the bearer token, the body, `If-Match`, conditional GETs, links,
and errors in SPEC's shape."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from flask import Response, jsonify, request, url_for
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response as BaseResponse

from ..errors import Invalid, Malformed, Read, Refusal, ServiceError, read_or_invalid
from ..wire import parse_json


def bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer":
        return None
    return token.strip() or None


def body() -> Any:
    try:
        return parse_json(request.get_data(cache=True))
    except ValueError as error:
        raise Malformed("The body is not valid JSON.") from error


def optional_body() -> Any:
    """The JSON body, or None where the request sent none (only blanks)."""
    if not request.get_data(cache=True).strip():
        return None
    return body()


def object_body() -> dict[str, Any]:
    value = body()
    if not isinstance(value, dict):
        raise Invalid("The body must be a JSON object.")
    return value


def field_read(read: Callable[[Any], Read], name: str) -> Read | Refusal:
    """One field of an object body, as `read` reads it, or its refusal (said in SPEC's order by
    the write that takes it)."""
    return read_or_invalid(read, object_body().get(name))


def created(data: Any, location: str) -> Response:
    """201: what was made, as JSON, and where it is read (`Location`)."""
    response = jsonify(data)
    response.status_code = 201
    response.headers["Location"] = location
    return response


def if_match() -> set[int] | None:
    """The versions an `If-Match` accepts: `"7"`, `7`, a list of them, or `*` (any)."""
    header = request.headers.get("If-Match")
    if header is None or header.strip() == "*":
        return None
    versions = set()
    for tag in header.split(","):
        tag = tag.strip().strip('"')
        # isdigit() alone lets "²" through, which int() refuses.
        if tag.isascii() and tag.isdigit() and len(tag) < 19:
            versions.add(int(tag))
    return versions


def not_modified(version: int) -> Response | None:
    """304 when `If-None-Match` names this version (compared weakly, RFC 9110 13.1.2: a proxy
    may have made the tag W/"7"); None otherwise."""
    if request.if_none_match.contains_weak(str(version)):
        response = Response(status=304)
        response.set_etag(str(version))
        return response
    return None


def character_key() -> str | None:
    """The key of a character typed on this phone (Bandido), sent as `X-Character-Key`."""
    return request.headers.get("X-Character-Key") or None


def match_links(tokens: dict[str, Any]) -> dict[str, Any]:
    def link(secret: str) -> str:
        return url_for("web.sheet", token=secret, _external=True)

    return {"host": link(tokens["host"]), "view": link(tokens["view"]),
            "seats": [link(secret) for secret in tokens["seats"]]}


def group_links(tokens: dict[str, str]) -> dict[str, str]:
    """The group page of each link (SPEC: `/g/<token>`)."""
    return {role: f"{request.host_url}g/{secret}" for role, secret in tokens.items()}


def no_store(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-store"
    return response


def service_error(error: ServiceError) -> Response:
    body_: dict[str, Any] = {"code": error.code, "message": error.message}
    if error.field:
        body_["field"] = error.field
    response = jsonify({"error": body_})
    response.status_code = error.status
    if error.retry_after is not None:
        response.headers["Retry-After"] = str(error.retry_after)
    if error.status == 401:
        response.headers["WWW-Authenticate"] = "Bearer"
    return response


def http_error(error: HTTPException) -> BaseResponse:
    """An HTTP error in the API's shape, keeping its headers (a 405's Allow, say)."""
    code = (error.name or "error").lower().replace(" ", "_")
    response = error.get_response()
    response.set_data(json.dumps({"error": {"code": code, "message": error.description}}))
    response.content_type = "application/json"
    return response


def download(text: str, mimetype: str, filename: str) -> Response:
    """A file to save (a CSV, an export), named `filename` (URL-safe characters only)."""
    response = Response(text, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
