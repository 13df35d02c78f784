"""Thin views of API v1 for groups and their bank (SPEC section 3): read the group's link and
the body, call one service, serialise the group."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Response, current_app, jsonify, request, url_for
from werkzeug.exceptions import RequestEntityTooLarge

from ..errors import Invalid, Read, Refusal, read_or_invalid
from ..games.say import Say
from ..models import Group, Player
from ..services.bank import exports, imports
from ..services.bank.banking import group_view, group_view_gzip, load_bank
from ..services.bank.design_stats import design_stats
from ..services.bank.exports import group_export_json
from ..services.bank.players import group_player
from ..services.bank.ratings import group_ratings
from ..services.bank.stats import group_head_to_head, group_stats, group_tonight
from ..services.group import groups, roster
from ..services.group.groups import GroupAccess, authenticate_group, check_in_bank
from ..services.group.roster import check_player
from .blueprint import bp
from .common import (
    bearer,
    body,
    download,
    field_read,
    group_links,
    if_match,
    not_modified,
    object_body,
    optional_body,
)


def _group(group_id: str, action: str = "read") -> tuple[GroupAccess, int]:
    """401, 404 and 403, in that order, before anything else is looked at; and the group's
    version, read with the link."""
    access, version = authenticate_group(bearer(), request.remote_addr)
    access.check(group_id, action)
    return access, version


def _group_answer(access: GroupAccess, group_id: str, status: int = 200,
                  extra: dict[str, Any] | None = None) -> Response:
    """The group as GET shows it now (a write's answer), with `extra` fields added."""
    access.check(group_id)
    bank = load_bank(group_id)
    following = bank.next_page(1)
    data = bank.json() | {"next": None if following is None else
                          url_for("api.get_group", group_id=group_id, page=following)}
    response = jsonify(data | (extra or {}))
    response.status_code = status
    response.set_etag(str(data["version"]))
    return response


def _player_answer(access: GroupAccess, group_id: str, player: Player,
                   status: int = 200) -> Response:
    """A roster write's answer: the group, and the player as it now stands."""
    return _group_answer(access, group_id, status,
                         {"player": {"id": player.id, "name": player.name}})


def _created(group: Group, tokens: dict[str, str]) -> Response:
    access = GroupAccess(group.id, "owner")
    response = _group_answer(access, group.id, 201,
                             {"tokens": tokens, "links": group_links(tokens)})
    response.headers["Location"] = url_for("api.get_group", group_id=group.id)
    return response


@bp.post("/groups")
def create_group() -> Response:
    """`{"name", "players"?: [names]}`: a new group and its links (owner, view)."""
    data = object_body()
    new = read_or_invalid(groups.read_new_group, data.get("name"), data.get("players"))
    return _created(*groups.create_group(new, request.remote_addr))


@bp.post("/groups/import")
def import_group() -> Response:
    """The body of a group's export.json: a new group (new ids and links) with the same bank."""
    # A backup may weigh more than any other request (config.py).
    request.max_content_length = current_app.config["IMPORT_MAX_BYTES"]
    try:
        data = body()
    except RequestEntityTooLarge as error:
        raise RequestEntityTooLarge(
            f"An import is at most {request.max_content_length:,} bytes.") from error
    return _created(*imports.import_group(data, request.remote_addr))


@bp.get("/groups/<group_id>")
def get_group(group_id: str) -> Response:
    access, version = _group(group_id)
    asked = request.args.get("page", "1")
    if not (asked.isascii() and asked.isdigit() and 0 < len(asked) < 7 and int(asked) >= 1):
        raise Invalid(Say("“page” must be a page number (1, 2, …)."), "page")
    page = int(asked)
    unchanged = not_modified(version)
    if unchanged:  # one small query: the link and the group's version
        return unchanged

    def link(number: int) -> str:
        return url_for("api.get_group", group_id=group_id, page=number)

    if request.accept_encodings["gzip"]:  # what every phone's browser says
        packed, shown = group_view_gzip(access, group_id, version, page, link)
        response = Response(packed, mimetype="application/json")
        response.headers["Content-Encoding"] = "gzip"
    else:
        view, shown = group_view(access, group_id, version, page, link)
        response = Response(view, mimetype="application/json")
    response.vary.add("Accept-Encoding")
    response.set_etag(str(shown))
    return response


@bp.patch("/groups/<group_id>")
def change_group(group_id: str) -> Response:
    """`{"name"?, "ratings"?: bool}`: the owner renames the group or switches ratings."""
    access, _ = _group(group_id, "change_group")
    change = read_or_invalid(groups.read_group_change, object_body())
    groups.change_group(access, group_id, change, if_match())
    return _group_answer(access, group_id)


@bp.get("/groups/<group_id>/tokens")
def group_tokens(group_id: str) -> Response:
    """The owner reads the links again (to show them and their QR codes later)."""
    access, _ = _group(group_id, "tokens")
    return _tokens(groups.group_tokens(access, group_id))


@bp.post("/groups/<group_id>/tokens/replace")
def replace_group_link(group_id: str) -> Response:
    """`{"role": "owner" | "view"}`: a new secret; the old one answers 401 at once."""
    access, _ = _group(group_id, "replace_link")
    role = field_read(groups.read_role, "role")
    return _tokens(groups.replace_group_link(access, group_id, role, if_match()))


def _tokens(tokens: dict[str, str]) -> Response:
    """The group's links, and each one's page."""
    return jsonify(tokens | {"links": group_links(tokens)})


@bp.post("/groups/<group_id>/players")
def add_player(group_id: str) -> Response:
    access, _ = _group(group_id, "add_player")
    name = field_read(roster.read_player_name, "name")
    player = roster.add_player(access, group_id, name, if_match())
    return _player_answer(access, group_id, player, 201)


@bp.put("/groups/<group_id>/players/<int:player_id>")
def rename_player(group_id: str, player_id: int) -> Response:
    return _roster_change(group_id, player_id, "rename_player", roster.read_player_name, "name",
                          roster.rename_player)


@bp.post("/groups/<group_id>/players/<int:player_id>/merge")
def merge_players(group_id: str, player_id: int) -> Response:
    """`{"into": <player id>}`: one person typed twice; `player_id` joins `into`."""
    return _roster_change(group_id, player_id, "merge_players", roster.read_player_id, "into",
                          roster.merge_players)


def _roster_change(group_id: str, player_id: int, action: str, read: Callable[[Any], Read],
                   field: str,
                   change: Callable[[GroupAccess, str, int, Read | Refusal, set[int] | None],
                                    Player]) -> Response:
    """The owner's change to one roster player, its one field (`field`) read by `read` (its
    refusal said in SPEC's order by `change`, which makes it)."""
    access, _ = _group(group_id, action)
    check_player(group_id, player_id)
    value = field_read(read, field)
    return _player_answer(access, group_id,
                          change(access, group_id, player_id, value, if_match()))


@bp.delete("/groups/<group_id>/matches/<match_id>")
def take_out(group_id: str, match_id: str) -> Response:
    """The owner takes a banked match out of the bank (a practice game)."""
    access, _ = _group(group_id, "take_out")
    groups.take_out(access, group_id, match_id, True, if_match())
    return _group_answer(access, group_id)


@bp.post("/groups/<group_id>/matches/<match_id>")
def put_back(group_id: str, match_id: str) -> Response:
    """The owner puts a match taken out back into the bank."""
    access, _ = _group(group_id, "take_out")
    check_in_bank(group_id, match_id)
    optional_body()  # nothing is read from it, but what is sent must be JSON
    groups.take_out(access, group_id, match_id, False, if_match())
    return _group_answer(access, group_id)


def _read(group_id: str, answer: Callable[[GroupAccess, int], Any]) -> Response:
    """A read of the group's data, tagged with the group's version: 304 where `If-None-Match`
    names it, but only once the read would answer 200 (RFC 9110 13.2.1: a refusal, a 422 of
    its query say, comes first). The data is kept per version, so a poll that finds nothing new
    finds it in the cache."""
    access, version = _group(group_id)
    data = answer(access, version)
    unchanged = not_modified(version)
    if unchanged:
        return unchanged
    response = jsonify(data)
    response.set_etag(str(version))
    return response


@bp.get("/groups/<group_id>/stats")
def stats(group_id: str) -> Response:
    """SPEC's statistics; `?game=<game>` for one game's (with points), `?played_game=<id>`
    for a played game's (SPEC section 14); with
    `&design=<id>`, one design's, with each player's rows (SPEC section 10)."""
    game, design = request.args.get("game"), request.args.get("design")
    return _read(group_id, lambda access, version: group_stats(
        access, group_id, version, game, request.args.get("played_game")) if design is None
        else design_stats(access, group_id, version, game, design))


@bp.get("/groups/<group_id>/ratings")
def ratings(group_id: str) -> Response:
    """SPEC section 8: `?game=<game>` (required); 409 while the group has ratings off."""
    return _read(group_id, lambda access, version: group_ratings(
        access, group_id, version, request.args.get("game"),
        request.args.get("played_game")).json())


@bp.get("/groups/<group_id>/players/<int:player_id>")
def player(group_id: str, player_id: int) -> Response:
    """SPEC section 8: a player's page (per game, latest matches, runs, nemesis, partner;
    their rating over time with ratings on)."""
    return _read(group_id, lambda access, version: group_player(
        access, group_id, version, player_id))


@bp.get("/groups/<group_id>/head-to-head")
def head_to_head(group_id: str) -> Response:
    """Two players over the matches both played: `?a=<player id>&b=<player id>&game=`."""
    return _read(group_id, lambda access, version: group_head_to_head(
        access, group_id, version, request.args.get("a"), request.args.get("b"),
        request.args.get("game")))


@bp.get("/groups/<group_id>/tonight")
def tonight(group_id: str) -> Response:
    """The evening's matches (banked within six hours before the latest) and who leads it."""
    return _read(group_id, lambda access, version: group_tonight(access, group_id, version))


@bp.get("/groups/<group_id>/export.csv")
def group_csv(group_id: str) -> Response:
    access, version = _group(group_id)
    return download(exports.group_csv(access, group_id, version), "text/csv",
                    f"squarescores-group-{group_id}.csv")


@bp.get("/groups/<group_id>/export.json")
def group_export(group_id: str) -> Response:
    access, version = _group(group_id)
    response = Response(group_export_json(access, group_id, version),
                        mimetype="application/json")
    response.headers["Content-Disposition"] = (
        f'attachment; filename="squarescores-group-{group_id}.json"')
    return response
