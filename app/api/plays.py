"""Thin views of API v1 for a group's played games and recorded plays (SPEC section 14): read
the group's link and the body once, call one service, answer."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import Response, current_app, jsonify, request, url_for
from werkzeug.exceptions import RequestEntityTooLarge

from ..errors import read_or_invalid
from ..services.bank.recorded import play_summary
from ..services.group.groups import GroupAccess, group_access
from ..services.plays import games, importing, jobs, plays
from ..services.plays.contents import MAX_PLAYS
from ..services.plays.plays import check_play
from .blueprint import bp
from .common import bearer, body, created, if_match

# A played game's id (a number) or a recorded play's (its match's).
Key = TypeVar("Key", int, str)


def _linked(group_id: str, action: str = "read", to_write: bool = False) -> GroupAccess:
    """401, 404 and 403, in that order, before the body is looked at. A write's link is read in
    the transaction that writes (group_access's `to_write`)."""
    return group_access(bearer(), group_id, action, request.remote_addr, to_write)


def _deleted(group_id: str, action: str,
             delete: Callable[[GroupAccess, str, Key, set[int] | None], object],
             key: Key) -> Response:
    """One of the group's played games or recorded plays deleted (`key`): 204."""
    delete(_linked(group_id, action, to_write=True), group_id, key, if_match())
    return Response(status=204)


@bp.get("/groups/<group_id>/games")
def list_games(group_id: str) -> Response:
    """The group's played games, each with its number of plays."""
    access = _linked(group_id)
    return jsonify({"games": games.list_games(access, group_id)})


@bp.post("/groups/<group_id>/games")
def add_game(group_id: str) -> Response:
    access = _linked(group_id, "add_game", to_write=True)
    made = read_or_invalid(games.read_game, body())
    game = games.add_game(access, group_id, made, if_match())
    return created(games.game_json(game, 0), url_for("api.list_games", group_id=group_id))


@bp.put("/groups/<group_id>/games/<int:game_id>")
def change_game(group_id: str, game_id: int) -> Response:
    access = _linked(group_id, "change_game", to_write=True)
    games.check_game(group_id, game_id)
    made = read_or_invalid(games.read_game, body())
    game = plays.change_game(access, group_id, game_id, made, if_match())
    return jsonify(games.game_json(game))


@bp.delete("/groups/<group_id>/games/<int:game_id>")
def delete_game(group_id: str, game_id: int) -> Response:
    return _deleted(group_id, "delete_game", games.delete_game, game_id)


@bp.post("/groups/<group_id>/plays")
def log_play(group_id: str) -> Response:
    """A recorded play: banked as it is made; the group's destinations hear of it."""
    access = _linked(group_id, "log_play", to_write=True)
    fields = read_or_invalid(plays.read_play, body())
    summary = play_summary(*plays.log_play(access, group_id, fields, if_match()))
    return created(summary.json(), url_for("api.get_group", group_id=group_id))


@bp.put("/groups/<group_id>/plays/<match_id>")
def correct_play(group_id: str, match_id: str) -> Response:
    access = _linked(group_id, "correct_play", to_write=True)
    check_play(group_id, match_id)
    fields = read_or_invalid(plays.read_play, body())
    corrected = plays.correct_play(access, group_id, match_id, fields, if_match())
    return jsonify(play_summary(*corrected).json())


@bp.delete("/groups/<group_id>/plays/<match_id>")
def delete_play(group_id: str, match_id: str) -> Response:
    return _deleted(group_id, "delete_play", plays.delete_play, match_id)


@bp.post("/groups/<group_id>/imports")
def start_import(group_id: str) -> Response:
    """A BG Stats export or a CSV (the body, or a multipart form's `file` part), brought in by
    a job: 202 with where to follow it."""
    access = _linked(group_id, "import_plays")
    request.max_content_length = current_app.config["PLAYS_IMPORT_MAX_BYTES"]
    try:
        sent = request.files.get("file")
        data = sent.read() if sent is not None else request.get_data(cache=True)
        players = request.form.get("players") if request.mimetype.startswith("multipart/") \
            else None
    except RequestEntityTooLarge as error:
        raise RequestEntityTooLarge("A file of plays is at most 50 MiB.") from error
    if data.count(b'"playerScores"') > MAX_PLAYS:  # counted before a byte of it is parsed
        raise RequestEntityTooLarge(f"A file brings at most {MAX_PLAYS:,} plays in.")
    asked = read_or_invalid(importing.read_asked, data, request.args.get("time_zone"),
                            request.args.get("dry_run"), players)
    job = importing.start_import(access, group_id, asked)
    jobs.wake()
    response = jsonify({"id": job.id, "state": job.state})
    response.status_code = 202
    response.headers["Location"] = url_for("api.import_state", group_id=group_id,
                                           import_id=job.id)
    return response


@bp.get("/groups/<group_id>/imports/<import_id>")
def import_state(group_id: str, import_id: str) -> Response:
    """How far an import has come, at any moment."""
    access = _linked(group_id, "import_plays")
    return jsonify(importing.import_view(access, group_id, import_id))
