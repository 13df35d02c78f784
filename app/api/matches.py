"""Thin views of API v1 for matches: read the token and body, call one service, serialise the
match."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from flask import Response, jsonify, request, url_for

from ..errors import Invalid, NotFound, Read, Refusal, read_or_invalid
from ..games.reading import read_or_refused
from ..games.say import Say
from ..models import utc
from ..services.bank import banking, exports
from ..services.group.groups import group_access
from ..services.match import characters, create, edits, links, writes
from ..services.match.access import Access, Table, authenticate_at, authenticate_to_write
from ..services.match.access import authenticate as authenticate_
from ..services.match.answers import match_text, match_view
from ..services.match.history import history as history_
from ..services.match.history import undo as undo_
from ..services.match.parts import set_parts
from ..services.match.rematch import rematch as rematch_
from ..services.match.sheet import Sheet, check, precheck
from .blueprint import bp
from .common import (
    bearer,
    body,
    character_key,
    download,
    if_match,
    match_links,
    not_modified,
    object_body,
    optional_body,
)


def _access(match_id: str, action: str, number: int | None = None,
            seat: int | None = None) -> Access:
    """401, 404 and 403, in that order, before anything else is looked at; a request that
    writes is one transaction from here on."""
    return _at_table(match_id, action, number, seat)[0]


def _at_table(match_id: str, action: str, number: int | None = None,
              seat: int | None = None) -> tuple[Access, Table]:
    """_access(), and the match's table: what its round input is read with."""
    authenticate = (authenticate_at if request.method in ("GET", "HEAD")
                    else authenticate_to_write)
    access, version = authenticate(bearer(), request.remote_addr)
    return access, precheck(access, match_id, action, number, seat, version)


def _match(sheet: Sheet, access: Access, status: int = 200, key: str | None = None,
           extra: dict[str, Any] | None = None) -> Response:
    """The match as GET shows it to this token on this phone, with `extra` fields added."""
    key = character_key() if key is None else key
    response = Response(match_text(sheet, access, key, extra), status,
                        mimetype="application/json")
    response.set_etag(str(sheet.version))
    response.vary.add("X-Character-Key")
    return response


def _created(sheet: Sheet, tokens: dict[str, Any]) -> Response:
    """A new match as its host sees it (201), with its links: a create's answer."""
    access = Access(sheet.match.id, "host")
    response = _match(sheet, access, 201)
    data = response.get_json()
    data["tokens"] = tokens
    data["links"] = match_links(tokens)
    response.set_data(json.dumps(data))
    response.headers["Location"] = url_for("api.get_match", match_id=sheet.match.id)
    return response


@bp.post("/matches")
def create_match() -> Response:
    """`{"game", "players", "options"?, "name"?, "group"?, "design"?}`; in a group, with the
    group's owner link as the bearer token; a sheet for any game with its `design` (an id, or a
    design whole)."""
    data = object_body()
    group = None
    if data.get("group") is not None:
        group = group_access(bearer(), data["group"], "create_match",
                                      request.remote_addr)
    new = read_or_invalid(create.read_new_match, data.get("game"), data.get("players"),
                          data.get("options"), data.get("name"), data.get("design"))
    sheet, tokens = create.create_match(new, request.remote_addr, group)
    return _created(sheet, tokens)


@bp.get("/matches/<match_id>")
def get_match(match_id: str) -> Response:
    access, version = authenticate_at(bearer(), request.remote_addr)
    if access.match_id != match_id:
        raise NotFound("No such match.")
    # A poll that finds nothing new costs one small query: no replay.
    unchanged = not_modified(version)
    if unchanged:
        return unchanged
    view, shown = match_view(access, match_id, version, character_key())
    response = Response(view, mimetype="application/json")
    response.set_etag(str(shown))
    response.vary.add("X-Character-Key")
    return response


def _host_change(match_id: str, action: str, read: Callable[[Any], Read],
                 change: Callable[[Access, str, Read | Refusal, set[int] | None], Sheet]
                 ) -> Response:
    """A host's edit the body says whole: `read` (its refusal said in SPEC's order by `change`,
    which makes it), answered by the match as it now stands."""
    access = _access(match_id, action)
    return _match(change(access, match_id, read_or_invalid(read, body()), if_match()), access)


def _host_write(match_id: str, action: str,
                write: Callable[[Access, str, set[int] | None], Sheet]) -> Response:
    """A write of no body (`write`), answered by the match as it now stands."""
    access = _access(match_id, action)
    return _match(write(access, match_id, if_match()), access)


@bp.patch("/matches/<match_id>")
def set_details(match_id: str) -> Response:
    """The host adds where it was played and a note: `{"place": "...", "note": "..."}`."""
    return _host_change(match_id, "details", edits.read_details, edits.set_details)


@bp.post("/matches/<match_id>/rounds")
def add_round(match_id: str) -> Response:
    access, table = _at_table(match_id, "add_round")
    entered = read_or_refused(table.game.parse_round, body(), len(table.players), table.options)
    sheet = writes.add_round(access, match_id, entered, if_match(), character_key())
    return _match(sheet, access, 201)


@bp.put("/matches/<match_id>/rounds/<int:number>")
def replace_round(match_id: str, number: int) -> Response:
    access, table = _at_table(match_id, "edit_round", number)
    entered = read_or_refused(table.game.parse_round, body(), len(table.players), table.options)
    sheet = writes.replace_round(access, match_id, number, entered, if_match(), character_key())
    return _match(sheet, access)


@bp.delete("/matches/<match_id>/rounds/<int:number>")
def delete_round(match_id: str, number: int) -> Response:
    access = _access(match_id, "delete_round", number)
    sheet = writes.delete_round(access, match_id, number, if_match())
    return _match(sheet, access)


@bp.put("/matches/<match_id>/rounds/<int:number>/seats/<int:seat>")
def set_part(match_id: str, number: int, seat: int) -> Response:
    access, table = _at_table(match_id, "set_part", number, seat)
    part = read_or_refused(table.game.parse_part, body(), seat, table.options)
    sheet, opened = set_parts(access, match_id, number, {seat: part}, if_match(),
                              character_key=character_key())
    return _match(sheet, access, 201 if opened else 200)


@bp.put("/matches/<match_id>/seats/<int:seat>/character")
def set_character(match_id: str, seat: int) -> Response:
    """Bandido: a seat's own secret character, `{"symbols": [3 symbols], "revealed": false}`;
    the answer adds the `character_key` this phone reads it back with."""
    access, table = _at_table(match_id, "character", seat=seat)
    typed = read_or_invalid(characters.read_character_body, table.game, body())
    sheet, key = characters.set_character(access, match_id, seat, typed, if_match())
    return _match(sheet, access, key=key, extra={"character_key": key})


@bp.patch("/matches/<match_id>/options")
def move_line(match_id: str) -> Response:
    """The host moves the line: `{"target": 250}` (or a free sheet's `{"rounds": 12}`)."""
    return _host_change(match_id, "move_line", edits.read_moved, edits.move_line)


@bp.post("/matches/<match_id>/bank")
def bank(match_id: str) -> Response:
    """Bank a match that is over; one of no group may be filed into one:
    `{"group": <id>, "group_token": <its owner link>}`."""
    access = _access(match_id, "bank")
    filing = read_or_invalid(banking.read_filing, optional_body())
    return _match(banking.bank(access, match_id, if_match(), filing), access)


@bp.post("/matches/<match_id>/unbank")
def unbank(match_id: str) -> Response:
    """The host takes a banking back within ten minutes of it (a typo found afterwards)."""
    return _host_write(match_id, "unbank", banking.unbank)


@bp.post("/matches/<match_id>/rematch")
def rematch(match_id: str) -> Response:
    """The host starts the next match of a finished one: answered like a create."""
    access = _access(match_id, "rematch")
    return _created(*rematch_(access, match_id, if_match(), request.remote_addr))


@bp.get("/matches/<match_id>/export.csv")
def match_csv(match_id: str) -> Response:
    access, version = authenticate_at(bearer(), request.remote_addr)
    return download(exports.match_csv(access, match_id, version), "text/csv",
                    f"squarescores-{match_id}.csv")


@bp.post("/matches/<match_id>/abandon")
def abandon(match_id: str) -> Response:
    return _host_write(match_id, "abandon", edits.abandon)


@bp.get("/matches/<match_id>/tokens")
def tokens(match_id: str) -> Response:
    access = authenticate_(bearer(), request.remote_addr)
    tokens = links.tokens(access, match_id)
    return jsonify(tokens | {"links": match_links(tokens)})


@bp.post("/matches/<match_id>/tokens/replace")
def replace_link(match_id: str) -> Response:
    """A new secret for one link (`{"role": "seat", "seat": 2}`); the old one stops working."""
    access = authenticate_(bearer(), request.remote_addr)
    check(access, match_id, "tokens")
    data = object_body()
    asked = read_or_invalid(links.read_link, data.get("role"), data.get("seat"))
    tokens = links.replace_link(access, match_id, asked)
    return jsonify(tokens | {"links": match_links(tokens)})


@bp.post("/matches/<match_id>/undo")
def undo(match_id: str) -> Response:
    return _host_write(match_id, "undo", undo_)


@bp.get("/matches/<match_id>/history")
def history(match_id: str) -> Response:
    """The changes, oldest first: who made each, when, and the value before and after; a page
    at a time (`?after=<id>` of the last one seen: `next` says where the next page is)."""
    _access(match_id, "history")
    asked = request.args.get("after", "0")
    if not (asked.isascii() and asked.isdigit() and len(asked) < 19):
        raise Invalid(Say("“after” must be the id of a change (a whole number)."), "after")
    changes, more = history_(match_id, int(asked))
    return jsonify({"changes": [
        {"id": change.id, "version": change.version, "at": utc(change.at).isoformat(),
         "by": change.actor, "action": change.action, "round": change.round_number,
         "seat": change.seat, "before": change.before, "after": change.after,
         "undoes": change.undoes}
        for change in changes
    ], "next": url_for("api.history", match_id=match_id, after=changes[-1].id) if more
        else None})
