"""A group's destinations in the API's document (SPEC section 12, docs/api.md): every path of
app/api/destinations.py, the owner's link alone."""

from __future__ import annotations

from typing import Any

from ...services.notify.destinations import KINDS, LANGUAGES, URL_LIMIT
from ...services.notify.outbox import EVENTS, TEST
from .schemas import (
    ID,
    INT,
    MOMENT,
    Schema,
    answer,
    array,
    body,
    nullable,
    obj,
    operation,
    path_parameter,
    ref,
)

TAG = "destinations"
GROUP_ID = path_parameter("group_id", ID, "The group's id.")
DESTINATION_ID = path_parameter("destination_id", ID, "The destination's id.")
OWNER = ("group_link",)
DELIVERY = obj({
    "id": ID, "event": {"enum": [*EVENTS, TEST]}, "at": MOMENT,
    "attempts": {"type": "integer", "minimum": 0},
    "status": {"enum": ["pending", "retrying", "delivered", "failed"]},
    "code": nullable(INT),
    "next_attempt_at": nullable(MOMENT)})
FIELDS: dict[str, Schema] = {
    "id": ID, "kind": {"enum": list(KINDS)},
    "url": {"type": "string", "description": "Only its scheme, host and port."},
    "events": array({"enum": list(EVENTS)}), "language": {"enum": list(LANGUAGES)},
    "created_at": MOMENT, "deliveries": array(ref("Delivery"), maxItems=20,
                                              description="The latest 20, newest first.")}


def components() -> dict[str, Schema]:
    return {"Delivery": DELIVERY, "Destination": obj(FIELDS),
            "DestinationMade": obj(FIELDS | {"secret": {
                "type": "string", "description": "A webhook's signing secret: in this answer "
                                                 "alone."}}, required=list(FIELDS))}


def paths() -> dict[str, Any]:
    made = answer("The destination (a webhook's with its secret, shown this once).",
                  ref("DestinationMade"), location=True)
    return {
        "/groups/{group_id}/destinations": {
            "post": operation(
                "add_destination", "Send the group's results somewhere", tag=TAG,
                security=OWNER, parameters=(GROUP_ID,),
                request=body({
                    "kind": {"enum": list(KINDS)},
                    "url": {"type": "string", "minLength": 1, "maxLength": URL_LIMIT,
                            "description": "An Apprise URL (notify), or an HTTPS one "
                                           "(webhook; HTTP where NOTIFY_NETWORKS allows)."},
                    "events": array({"enum": list(EVENTS)}, minItems=1, uniqueItems=True),
                    "language": {"enum": list(LANGUAGES)},
                }, required=["kind", "url", "events"]),
                example={"kind": "webhook", "url": "https://hooks.example.org/scores",
                         "events": ["match_banked"]},
                ok={201: made}, refused=(401, 403, 404, 409, 422, 429),
                description="At most 10 a group (409 past it)."),
            "get": operation(
                "list_destinations", "The group's destinations", tag=TAG, security=OWNER,
                parameters=(GROUP_ID,),
                ok={200: answer("Oldest first, each with its latest deliveries.",
                                obj({"destinations": array(ref("Destination"), maxItems=10)}))},
                refused=(401, 403, 404, 429)),
        },
        "/groups/{group_id}/destinations/{destination_id}": {"delete": operation(
            "remove_destination", "Remove a destination", tag=TAG, security=OWNER,
            parameters=(GROUP_ID, DESTINATION_ID),
            ok={204: answer("Gone, with its deliveries still waiting.")},
            refused=(401, 403, 404, 429))},
        "/groups/{group_id}/destinations/{destination_id}/test": {"post": operation(
            "test_destination", "Send a test message", tag=TAG, security=OWNER,
            parameters=(GROUP_ID, DESTINATION_ID),
            ok={202: answer("The test's delivery, waiting in the outbox.",
                            obj({"delivery": ref("Delivery")}))},
            refused=(401, 403, 404, 429))},
    }
