"""Thin views of API v1 for game nights (SPEC section 7): read the link and the body, call one
service, serialise the night."""

from __future__ import annotations

from flask import Response, jsonify, request, url_for

from ..errors import read_or_invalid
from ..models import Night
from ..services.group.groups import group_access
from ..services.night.access import NightAccess, authenticate_night
from ..services.night.nights import (
    create_night,
    end_night,
    next_seating,
    read_night_plan,
    read_seating,
)
from ..services.night.reads import night_json, night_version
from .blueprint import bp
from .common import bearer, if_match, not_modified, object_body, optional_body


def _night(access: NightAccess, night: Night, status: int = 200) -> Response:
    data = night_json(access, night)
    response = jsonify(data)
    response.status_code = status
    response.set_etag(str(data["version"]))
    return response


def _access(night_id: str, action: str = "read") -> tuple[NightAccess, Night]:
    """401, 404 and 403, in that order, before anything else is looked at."""
    access = authenticate_night(bearer(), request.remote_addr)
    return access, access.check(night_id, action)


@bp.post("/groups/<group_id>/nights")
def create(group_id: str) -> Response:
    """`{"game", "players": [roster ids], "table_size"?, "options"?, "name"?}`, with the
    group's owner link: the night, its first seating and its links."""
    access = group_access(bearer(), group_id, "create_night", request.remote_addr)
    body = object_body()
    plan = read_or_invalid(read_night_plan, body.get("game"), body.get("players"),
                           body.get("table_size"), body.get("options"), body.get("name"),
                           body.get("seating", "mixed"), body.get("design"))
    night = create_night(access, group_id, plan)
    response = _night(NightAccess("owner", group_id=group_id), night, 201)
    response.headers["Location"] = url_for("api.get_night", night_id=night.id)
    return response


@bp.get("/nights/<night_id>")
def get_night(night_id: str) -> Response:
    access, night = _access(night_id)
    unchanged = not_modified(night_version(night.id) or 0)
    return unchanged or _night(access, night)


@bp.post("/nights/<night_id>/seatings")
def seating(night_id: str) -> Response:
    """`{"players"?: [roster ids]}` (who is here now): the next seating."""
    access, _ = _access(night_id, "seat")
    asked = read_or_invalid(read_seating, optional_body())
    night = next_seating(access, night_id, asked, if_match())
    return _night(access, night, 201)


@bp.post("/nights/<night_id>/end")
def end(night_id: str) -> Response:
    access, _ = _access(night_id, "end")
    return _night(access, end_night(access, night_id, if_match()))
