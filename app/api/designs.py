"""Thin views of API v1 for designs (SPEC section 10): made by anyone, read by anyone with the id,
changed and deleted by their owner link; and the gallery the app ships."""

from __future__ import annotations

from flask import Response, jsonify, request, url_for

from ..errors import Invalid, Refusal, read_or_invalid
from ..games.custom import Design
from ..games.say import Say
from ..services.design import designs
from .blueprint import bp
from .common import bearer, body, if_match, not_modified


def _design(stored: designs.Stored) -> Response:
    response = jsonify(stored.json())
    response.set_etag(str(stored.version))
    return response


def _sent() -> Design | Refusal:
    """The design sent (400 where it is no JSON), refused past any design's size before it is
    read, else read by the engine; a refusal is said by the write in SPEC's order (after a
    412)."""
    return read_or_invalid(designs.read_sent, body(), len(request.get_data(cache=True)))


@bp.post("/designs")
def create_design() -> Response:
    """A design → 201 with its id, version 1, the design as kept, and its owner's link."""
    stored, owner = designs.create_design(_sent(), request.remote_addr)
    response = jsonify(stored.json() | {
        "tokens": {"owner": owner},
        "links": {"design": url_for("web.design", design_id=stored.id, _external=True),
                  "owner": url_for("web.own_design", design_id=stored.id, token=owner,
                                   _external=True)}})
    response.status_code = 201
    response.set_etag(str(stored.version))
    response.headers["Location"] = url_for("api.get_design", design_id=stored.id)
    return response


@bp.get("/designs/gallery")
def gallery() -> Response:
    """The designs the app ships: `[{"id", "design"}]`."""
    return jsonify([{"id": design_id, "design": design}
                    for design_id, design in designs.shipped().items()])


@bp.get("/designs/<design_id>")
def get_design(design_id: str) -> Response:
    """Anyone with the id: its latest version (or `?version=<n>`, one before)."""
    latest = designs.latest_version(design_id)
    asked = request.args.get("version")
    if asked is not None and not (asked.isascii() and asked.isdigit() and len(asked) < 10):
        raise Invalid(Say("“version” must be a design's version (a whole number)."), "version")
    version = latest if asked is None else int(asked)
    return not_modified(version) or _design(designs.find_design(design_id, version))


@bp.put("/designs/<design_id>")
def new_version(design_id: str) -> Response:
    """The owner: the design's next version (its matches keep the versions they copied)."""
    access = designs.owner_access(bearer(), design_id, request.remote_addr)
    return _design(designs.new_version(access, _sent(), if_match()))


@bp.delete("/designs/<design_id>")
def delete_design(design_id: str) -> Response:
    """The owner: the design gone (its matches keep their copies) → 204."""
    access = designs.owner_access(bearer(), design_id, request.remote_addr)
    designs.delete_design(access, if_match())
    return Response(status=204)
