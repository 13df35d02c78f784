"""A group's destinations in the API's document (SPEC section 12, docs/api.md): every path of
app/api/destinations.py, the owner's link alone."""

from __future__ import annotations

from typing import Any

from ...services.notify.destinations import KINDS, LANGUAGES, URL_LIMIT
from ...services.notify.outbox import EVENTS, TEST
from . import schemas as s

TAG = "destinations"
DESTINATION_ID = s.path_parameter("destination_id", s.ID, "The destination's id.")
OWNER = ("group_link",)
DELIVERY = s.obj({
    "id": s.ID, "event": {"enum": [*EVENTS, TEST]}, "at": s.MOMENT,
    "attempts": {"type": "integer", "minimum": 0},
    "status": {"enum": ["pending", "retrying", "delivered", "failed"]},
    "code": s.nullable(s.INT),
    "next_attempt_at": s.nullable(s.MOMENT)})
FIELDS: dict[str, s.Schema] = {
    "id": s.ID, "kind": {"enum": list(KINDS)},
    "url": {"type": "string", "description": "Only its scheme, host and port."},
    "events": s.array({"enum": list(EVENTS)}), "language": {"enum": list(LANGUAGES)},
    "created_at": s.MOMENT, "deliveries": s.array(s.ref("Delivery"), maxItems=20,
                                                  description="The latest 20, newest first.")}


def components() -> dict[str, s.Schema]:
    return {"Delivery": DELIVERY, "Destination": s.obj(FIELDS),
            "DestinationMade": s.obj(FIELDS | {"secret": {
                "type": "string", "description": "A webhook's signing secret: in this answer "
                                                 "alone."}}, required=list(FIELDS))}


def paths() -> dict[str, Any]:
    made = s.answer("The destination (a webhook's with its secret, shown this once).",
                    s.ref("DestinationMade"), location=True)
    return {
        "/groups/{group_id}/destinations": {
            "post": s.operation(
                "add_destination", "Send the group's results somewhere", tag=TAG,
                security=OWNER, parameters=(s.GROUP_ID,),
                request=s.body({
                    "kind": {"enum": list(KINDS)},
                    "url": {"type": "string", "minLength": 1, "maxLength": URL_LIMIT,
                            "description": "An Apprise URL (notify), or an HTTPS one "
                                           "(webhook; HTTP where NOTIFY_NETWORKS allows)."},
                    "events": s.array({"enum": list(EVENTS)}, minItems=1, uniqueItems=True),
                    "language": {"enum": list(LANGUAGES)},
                }, required=["kind", "url", "events"]),
                example={"kind": "webhook", "url": "https://hooks.example.org/scores",
                         "events": ["match_banked"]},
                ok={201: made}, refused=(401, 403, 404, 409, 422, 429),
                description="At most 10 a group (409 past it)."),
            "get": s.operation(
                "list_destinations", "The group's destinations", tag=TAG, security=OWNER,
                parameters=(s.GROUP_ID,),
                ok={200: s.answer("Oldest first, each with its latest deliveries.",
                                  s.obj({"destinations": s.array(s.ref("Destination"),
                                                                 maxItems=10)}))},
                refused=(401, 403, 404, 429)),
        },
        "/groups/{group_id}/destinations/{destination_id}": {"delete": s.operation(
            "remove_destination", "Remove a destination", tag=TAG, security=OWNER,
            parameters=(s.GROUP_ID, DESTINATION_ID),
            ok={204: s.answer("Gone, with its deliveries still waiting.")},
            refused=(401, 403, 404, 429))},
        "/groups/{group_id}/destinations/{destination_id}/test": {"post": s.operation(
            "test_destination", "Send a test message", tag=TAG, security=OWNER,
            parameters=(s.GROUP_ID, DESTINATION_ID),
            ok={202: s.answer("The test's delivery, waiting in the outbox.",
                              s.obj({"delivery": s.ref("Delivery")}))},
            refused=(401, 403, 404, 429))},
    }
