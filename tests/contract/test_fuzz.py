"""Schemathesis against a live server over every operation of the document but the event
streams (SPEC section 13): no 5xx, and no answer whose status, content type, headers or body the
document does not allow (its answers closed: tests/contract/closing.py)."""

from __future__ import annotations

import pytest
import schemathesis
from closing import closed
from hypothesis import strategies as st

from app import create_app
from app.api.openapi import document
from config import TestConfig

STREAMS = ("match_events", "night_events")
# The document as the app made at collection serves it: it depends on the routes and the
# games, not on the database or the address.
CONFIG = schemathesis.Config.from_dict({
    "generation": {"max-examples": 10, "deterministic": True},
    "checks": {"positive_data_acceptance": {
        "expected-statuses": ["2xx", "304", "401", "403", "404", "409", "412", "422", "429"]}},
})
schema = schemathesis.openapi.from_dict(closed(document(create_app(TestConfig))), config=CONFIG)
schema = schema.exclude(operation_id=list(STREAMS))
# The fuzzing's world and server, set by the module's fixture before its first operation.
now: dict[str, object] = {}


@schema.auth(refresh_interval=None)
class Links:
    """Each operation's link: its match's host link, its group's owner link, its design's."""

    def get(self, case, context):
        # Asked at collection too (its coverage cases are made then), before any world.
        return now["world"].link_for(case.operation.path) if "world" in now else None

    def set(self, case, data, context):
        if data:
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}


@schema.hook
def flatmap_path_parameters(context, path_parameters):
    """Mostly the world's own ids (past 404 to the operation itself), sometimes as drawn."""
    world = now.get("world")
    if world is None:
        return st.just(path_parameters)
    real = {name: world.path_value(context.operation.path, name) for name in path_parameters}
    real = {name: value for name, value in real.items() if value is not None}
    return st.sampled_from([path_parameters | real] * 4 + [path_parameters])


@pytest.fixture(scope="module", autouse=True)
def fuzzed(contract_server, world):
    now.update(world=world, server=contract_server, label=None)
    yield
    now.clear()


@schema.parametrize()
@pytest.mark.fuzz
def test_the_server_keeps_to_its_document(case):
    world = now["world"]
    if now["label"] != case.operation.label:
        now["label"] = case.operation.label
        world.make()
    response = case.call_and_validate(base_url=f"{now['server']}/api/v1")
    try:
        answer = response.json()
    except ValueError:
        answer = None
    world.learn(case.operation.definition.raw.get("operationId", ""), response.status_code,
                answer)
