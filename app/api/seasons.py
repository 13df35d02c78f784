"""Thin views of API v1 for a group's seasons (SPEC section 11): read the group's link, the
season and the body in section 2's order (401, 404, 403, 400, 412, 422), call one service."""

from __future__ import annotations

from flask import Response, jsonify, request, url_for

from ..errors import Invalid, read_or_invalid
from ..games.say import Say
from ..services.bank.seasons import (
    change_season,
    check_season,
    create_season,
    delete_season,
    group_seasons,
    read_season,
    season_json,
    season_table,
)
from ..services.group.groups import GroupAccess, authenticate_group
from .blueprint import bp
from .common import bearer, body, if_match, not_modified


def _season_of(group_id: str, season_id: int, action: str = "read"
               ) -> tuple[GroupAccess, int]:
    """The link (401), its group and the season (404), then its right (403)."""
    access, version = authenticate_group(bearer(), request.remote_addr)
    access.check(group_id)
    check_season(group_id, season_id)
    access.check(group_id, action)
    return access, version


def _answer(access: GroupAccess, group_id: str, season_id: int, status: int = 200) -> Response:
    """A season as its GET shows it now (a write's answer)."""
    _, version = authenticate_group(bearer())
    table = season_table(access, group_id, version, season_id)
    response = jsonify(table.json())
    response.status_code = status
    response.set_etag(str(table.version))
    return response


@bp.post("/groups/<group_id>/seasons")
def new_season(group_id: str) -> Response:
    """`{"name", "starts": "YYYY-MM-DD", "ends"?, "game"?, "best_of"?, "at_least"?}`."""
    access, _ = authenticate_group(bearer(), request.remote_addr)
    access.check(group_id, "create_season")
    season = create_season(access, group_id, read_or_invalid(read_season, body(), True),
                           if_match())
    response = _answer(access, group_id, season.id, 201)
    response.headers["Location"] = url_for("api.get_season", group_id=group_id,
                                           season_id=season.id)
    return response


@bp.get("/groups/<group_id>/seasons")
def list_seasons(group_id: str) -> Response:
    """The group's seasons, the latest to start first, a page at a time (`next`)."""
    access, version = authenticate_group(bearer(), request.remote_addr)
    access.check(group_id)
    asked = request.args.get("page", "1")
    if not (asked.isascii() and asked.isdigit() and 0 < len(asked) < 7 and int(asked) >= 1):
        raise Invalid(Say("“page” must be a page number (1, 2, …)."), "page")
    unchanged = not_modified(version)
    if unchanged:
        return unchanged
    seasons, pages = group_seasons(group_id, int(asked))
    response = jsonify({
        "seasons": [season_json(season) for season in seasons] if int(asked) <= pages else [],
        "next": url_for("api.list_seasons", group_id=group_id, page=int(asked) + 1)
        if int(asked) < pages else None})
    response.set_etag(str(version))
    return response


@bp.get("/groups/<group_id>/seasons/<int:season_id>")
def get_season(group_id: str, season_id: int) -> Response:
    """The season and its table; `ETag` the group's version, `If-None-Match` → 304."""
    access, version = _season_of(group_id, season_id)
    unchanged = not_modified(version)
    if unchanged:
        return unchanged
    table = season_table(access, group_id, version, season_id)
    response = jsonify(table.json())
    response.set_etag(str(table.version))
    return response


@bp.patch("/groups/<group_id>/seasons/<int:season_id>")
def patch_season(group_id: str, season_id: int) -> Response:
    """Any of a season's fields; `null` clears `ends`, `game`, `best_of` or `at_least`."""
    access, _ = _season_of(group_id, season_id, "change_season")
    change_season(access, group_id, season_id, read_or_invalid(read_season, body(), False),
                  if_match())
    return _answer(access, group_id, season_id)


@bp.delete("/groups/<group_id>/seasons/<int:season_id>")
def remove_season(group_id: str, season_id: int) -> Response:
    access, _ = _season_of(group_id, season_id, "delete_season")
    delete_season(access, group_id, season_id, if_match())
    return Response(status=204)
