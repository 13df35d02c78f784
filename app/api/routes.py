"""Thin views of API v1: read the token and body, call one service, serialise the match."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, jsonify, request, url_for
from werkzeug.exceptions import HTTPException

from .. import services
from ..errors import Invalid, Malformed, NotFound, ServiceError, TooManyRequests
from ..services import Access, Sheet

bp = Blueprint("api", __name__, url_prefix="/api/v1")


def _bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer":
        return None
    return token.strip() or None


def _access(match_id: str, action: str, number: int | None = None,
            seat: int | None = None) -> Access:
    """401, 404 and 403, in that order, before anything else is looked at."""
    access = services.authenticate(_bearer(), request.remote_addr)
    services.precheck(access, match_id, action, number, seat)
    return access


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _body() -> Any:
    try:
        text = request.get_data(cache=True).decode("utf-8")
        value = json.loads(text, parse_constant=_reject_constant)
        # A lone surrogate ("\ud800") is valid JSON but no text: it cannot be stored or shown.
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except (ValueError, RecursionError) as error:
        raise Malformed("The body is not valid JSON.") from error
    return value


def _object_body() -> dict[str, Any]:
    body = _body()
    if not isinstance(body, dict):
        raise Invalid("The body must be a JSON object.")
    return body


def _if_match() -> set[int] | None:
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


def _character_key() -> str | None:
    """The key of a character typed on this phone (Bandido), sent as `X-Character-Key`."""
    return request.headers.get("X-Character-Key") or None


def _links(tokens: dict[str, Any]) -> dict[str, Any]:
    def link(secret: str) -> str:
        return url_for("web.sheet", token=secret, _external=True)

    return {"host": link(tokens["host"]), "view": link(tokens["view"]),
            "seats": [link(secret) for secret in tokens["seats"]]}


def _match(sheet: Sheet, access: Access, status: int = 200, character_key: str | None = None,
           extra: dict[str, Any] | None = None) -> Response:
    """The match as GET shows it to this token on this phone, with `extra` fields added."""
    key = _character_key() if character_key is None else character_key
    response = jsonify(services.match_json(sheet, access, key) | (extra or {}))
    response.status_code = status
    response.set_etag(str(sheet.version))
    response.vary.add("X-Character-Key")
    return response


@bp.after_request
def _no_store(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.errorhandler(ServiceError)
def _service_error(error: ServiceError):
    body: dict[str, Any] = {"code": error.code, "message": error.message}
    if error.field:
        body["field"] = error.field
    response = jsonify({"error": body})
    response.status_code = error.status
    if isinstance(error, TooManyRequests):
        response.headers["Retry-After"] = str(error.retry_after)
    if error.status == 401:
        response.headers["WWW-Authenticate"] = "Bearer"
    return response


@bp.errorhandler(HTTPException)
def _http_error(error: HTTPException):
    code = (error.name or "error").lower().replace(" ", "_")
    response = jsonify({"error": {"code": code, "message": error.description}})
    response.status_code = error.code or 500
    return response


@bp.post("/matches")
def create_match():
    body = _object_body()
    sheet, tokens = services.create_match(
        body.get("game"), body.get("players"), body.get("options"), body.get("name"),
        request.remote_addr,
    )
    access = Access(sheet.match.id, "host")
    response = _match(sheet, access, 201)
    data = response.get_json()
    data["tokens"] = tokens
    data["links"] = _links(tokens)
    response.set_data(json.dumps(data))
    response.headers["Location"] = url_for("api.get_match", match_id=sheet.match.id)
    return response


@bp.get("/matches/<match_id>")
def get_match(match_id: str):
    access, version = services.authenticate_at(_bearer(), request.remote_addr)
    if access.match_id != match_id:
        raise NotFound("No such match.")
    # If-None-Match compares weakly (RFC 9110 13.1.2): a proxy may have made the tag W/"7".
    if request.if_none_match.contains_weak(str(version)):
        # A poll that finds nothing new costs one small query: no replay.
        response = Response(status=304)
        response.set_etag(str(version))
        return response
    view, shown = services.match_view(access, match_id, version, _character_key())
    response = Response(view, mimetype="application/json")
    response.set_etag(str(shown))
    response.vary.add("X-Character-Key")
    return response


@bp.post("/matches/<match_id>/rounds")
def add_round(match_id: str):
    access = _access(match_id, "add_round")
    sheet = services.add_round(access, match_id, _body(), _if_match())
    return _match(sheet, access, 201)


@bp.put("/matches/<match_id>/rounds/<int:number>")
def replace_round(match_id: str, number: int):
    access = _access(match_id, "edit_round", number)
    sheet = services.replace_round(access, match_id, number, _body(), _if_match())
    return _match(sheet, access)


@bp.delete("/matches/<match_id>/rounds/<int:number>")
def delete_round(match_id: str, number: int):
    access = _access(match_id, "delete_round", number)
    sheet = services.delete_round(access, match_id, number, _if_match())
    return _match(sheet, access)


@bp.put("/matches/<match_id>/rounds/<int:number>/seats/<int:seat>")
def set_part(match_id: str, number: int, seat: int):
    access = _access(match_id, "set_part", number, seat)
    sheet, opened = services.set_parts(access, match_id, number, {seat: _body()}, _if_match())
    return _match(sheet, access, 201 if opened else 200)


@bp.put("/matches/<match_id>/seats/<int:seat>/character")
def set_character(match_id: str, seat: int):
    """Bandido: a seat's own secret character, `{"symbols": [3 symbols], "revealed": false}`;
    the answer adds the `character_key` this phone reads it back with."""
    access = _access(match_id, "character", seat=seat)
    sheet, key = services.set_character(access, match_id, seat, _body(), _if_match())
    return _match(sheet, access, character_key=key, extra={"character_key": key})


@bp.patch("/matches/<match_id>/options")
def move_line(match_id: str):
    """The host moves the line: `{"target": 250}` (or a free sheet's `{"rounds": 12}`)."""
    access = _access(match_id, "move_line")
    return _match(services.move_line(access, match_id, _body(), _if_match()), access)


@bp.post("/matches/<match_id>/bank")
def bank(match_id: str):
    access = _access(match_id, "bank")
    return _match(services.bank(access, match_id, _if_match()), access)


@bp.post("/matches/<match_id>/abandon")
def abandon(match_id: str):
    access = _access(match_id, "abandon")
    return _match(services.abandon(access, match_id, _if_match()), access)


@bp.get("/matches/<match_id>/tokens")
def tokens(match_id: str):
    access = services.authenticate(_bearer(), request.remote_addr)
    tokens = services.tokens(access, match_id)
    return jsonify(tokens | {"links": _links(tokens)})


@bp.post("/matches/<match_id>/tokens/replace")
def replace_link(match_id: str):
    """A new secret for one link (`{"role": "seat", "seat": 2}`); the old one stops working."""
    access = services.authenticate(_bearer(), request.remote_addr)
    services.check(access, match_id, "tokens")
    body = _object_body()
    tokens = services.replace_link(access, match_id, body.get("role"), body.get("seat"))
    return jsonify(tokens | {"links": _links(tokens)})


@bp.post("/matches/<match_id>/undo")
def undo(match_id: str):
    access = _access(match_id, "undo")
    return _match(services.undo(access, match_id, _if_match()), access)


@bp.get("/matches/<match_id>/history")
def history(match_id: str):
    """Every change, oldest first: who made it, when, and the value before and after."""
    _access(match_id, "history")
    return jsonify({"changes": [
        {"id": change.id, "version": change.version, "at": services.utc(change.at).isoformat(),
         "by": change.actor, "action": change.action, "round": change.round_number,
         "seat": change.seat, "before": change.before, "after": change.after,
         "undoes": change.undoes}
        for change in services.history(match_id)
    ]})
