"""Thin views of API v1 for a group's destinations (SPEC section 12), the owner's alone: read the
group's link and the body, call one service, answer."""

from __future__ import annotations

from flask import Response, jsonify, request, url_for

from ..errors import read_or_invalid
from ..services.group.groups import group_access
from ..services.notify import destinations
from .blueprint import bp
from .common import bearer, body, created


@bp.post("/groups/<group_id>/destinations")
def add_destination(group_id: str) -> Response:
    """`{"kind": "notify" | "webhook", "url", "events": [...], "language"?}` → 201, with a
    webhook's `secret`, shown this once."""
    access = group_access(bearer(), group_id, "add_destination", request.remote_addr)
    asked = read_or_invalid(destinations.read_destination, body())
    destination, secret = destinations.add(access, group_id, asked)
    data = destinations.destination_json(destination, [])
    if secret is not None:
        data["secret"] = secret
    return created(data, url_for("api.list_destinations", group_id=group_id))


@bp.get("/groups/<group_id>/destinations")
def list_destinations(group_id: str) -> Response:
    """The group's destinations, each URL as scheme, host and port, each with its latest 20
    deliveries."""
    access = group_access(bearer(), group_id, "read_destinations", request.remote_addr)
    return jsonify({"destinations": destinations.listed(access, group_id)})


@bp.delete("/groups/<group_id>/destinations/<destination_id>")
def remove_destination(group_id: str, destination_id: str) -> Response:
    access = group_access(bearer(), group_id, "remove_destination", request.remote_addr)
    destinations.remove(access, group_id, destination_id)
    return Response(status=204)


@bp.post("/groups/<group_id>/destinations/<destination_id>/test")
def test_destination(group_id: str, destination_id: str) -> Response:
    """A test message (event `test`), sent by the delivery worker like any: 202."""
    access = group_access(bearer(), group_id, "test_destination", request.remote_addr)
    delivery = destinations.test(access, group_id, destination_id)
    response = jsonify({"delivery": destinations.delivery_json(delivery)})
    response.status_code = 202
    return response
