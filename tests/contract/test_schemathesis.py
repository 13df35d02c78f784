"""Schemathesis over every operation of API v1's document but the event streams (SPEC section
13): no 5xx, and no answer whose status, content type, headers or body the document does not allow
(its answers closed: tests/contract/closing.py). Every check Schemathesis has runs, each operation
on its own, then from one call to the next along the document's links. The refusals SPEC allows
on input the document cannot fully say (a name that shows nothing, a round that does not add up,
a state that forbids it) are named as answers to valid input.

The cases reach the app through its WSGI interface, in this process: over loopback HTTP each of
some 7,000 cases paid a connection of its own and waited on the socket for half the run's time.
What a real server adds to an answer (gunicorn, its HTTP parsing, its limits) is tests/live's."""

from __future__ import annotations

import gzip
import time
from collections import Counter

import pytest
import schemathesis
from closing import closed
from hypothesis import HealthCheck, settings
from world import STAND_IN, link_kind

from app.api.openapi import document

pytestmark = pytest.mark.fuzz

STREAMS = ("match_events", "night_events")  # described, not fuzzed (SPEC section 13)
# What a valid request may be answered besides 2xx: a thing in a state that forbids it (409), a
# name that shows nothing or a round whose parts do not add up (422), a version moved on (412),
# an id drawn that names nothing (404, 403 for another's, 401 for a link replaced), a 304 to
# If-None-Match drawn as the version held.
ACCEPTED = ["2xx", "304", "401", "403", "404", "409", "412", "422"]
# What an invalid request may be answered: Schemathesis's own list, and 412 (SPEC section 2's
# order judges `If-Match` before the body: a drawn version refuses a body before it is read).
REFUSED = ["400", "401", "403", "404", "405", "406", "409", "412", "413", "415", "422", "428",
           "429"]
CONFIG = schemathesis.Config.from_dict({
    "seed": 36,
    "generation": {"deterministic": True, "max-examples": 15},
    "checks": {"positive_data_acceptance": {"expected-statuses": ACCEPTED},
               "negative_data_rejection": {"expected-statuses": REFUSED}},
    # /groups/import and /designs/gallery are also /groups/{group_id} and /designs/{design_id}
    # with that id (404: no group and no design has it), and their `Allow` rightly says those
    # operations' methods too; the check reads the path as written alone.
    # The stateful run follows the document's own links (OpenAPI links: what a client does
    # next with what it made), not links guessed from the names of fields.
    "phases": {"stateful": {"inference": {"algorithms": []}}},
    "operations": [{"include-path": ["/groups/import", "/designs/gallery"],
                    "checks": {"allow_header_conformance": {"enabled": False}}}],
})
# The document as the app makes it (test_document.py: what the server answers): it depends on
# the routes and the games alone. An operation's cases are collected as its test; they run on
# the module's app.
schema = schemathesis.openapi.from_dict(closed(document()), config=CONFIG).exclude(
    operation_id=list(STREAMS))


class Answering:
    """The module's app, as the WSGI app every case (and every check's own request) is sent
    to: the schema is made as the tests are collected, before the app is. A body the app
    compressed is read as an HTTP client reads it, decompressed (the app's gzip itself:
    tests/group/api/test_groups.py)."""

    def __init__(self) -> None:
        self.app = None

    def __call__(self, environ, start_response):
        assert self.app is not None, "a case sent with no app to answer it"
        answered: list = []
        chunks = self.app(environ, lambda status, headers, *_: answered.extend((status, headers)))
        try:
            body = b"".join(chunks)
        finally:
            getattr(chunks, "close", lambda: None)()
        status, headers = answered
        if any(name.lower() == "content-encoding" and value == "gzip" for name, value in headers):
            body = gzip.decompress(body)
            headers = [(name, str(len(body)) if name.lower() == "content-length" else value)
                       for name, value in headers if name.lower() != "content-encoding"]
        start_response(status, headers)
        return [body]


ANSWERING = Answering()
schema.app = ANSWERING


class Fuzzing:
    """The run on the module's app: the operation being fuzzed, and every answer by
    operation (of its own method: not those of another that Schemathesis tries on its path)."""

    def __init__(self, world) -> None:
        self.world = world
        self.label: str | None = None
        self.tried: Counter[str] = Counter()
        self.answers: dict[str, Counter[int]] = {}
        self.started = time.monotonic()

    def case_of(self, label: str) -> int:
        """The number of this case within its operation; a new operation gets a new world."""
        if label != self.label:
            self.label = label
            self.world.make()
        self.tried[label] += 1
        return self.tried[label] - 1


RUN: list[Fuzzing] = []  # the module's run, once its app is made


@pytest.fixture(scope="module", autouse=True)
def fuzzing(contract_app, world):
    ANSWERING.app = contract_app
    RUN.append(Fuzzing(world))
    yield RUN[0]
    run = RUN.pop()
    ANSWERING.app = None
    print(f"\nSchemathesis: {len(run.tried)} operations, {sum(run.tried.values())} cases, "
          f"{time.monotonic() - run.started:.0f} s")
    for label, answers in sorted(run.answers.items()):
        print(f"  {label}: {dict(sorted(answers.items()))}")


@schema.auth(refresh_interval=None)
class Links:
    """Each operation's link, as a stand-in for its kind (world.py)."""

    def get(self, case, context):
        kind = link_kind(case.operation.path)
        return f"{STAND_IN}{kind}" if kind else None

    def set(self, case, data, context):
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}


def sent(run: Fuzzing, case):
    """The case sent, its answer counted and learnt from."""
    response = case.call()
    if response.request.method == case.operation.method.upper():
        run.answers.setdefault(case.operation.label, Counter())[response.status_code] += 1
    try:
        answer = response.json()
    except ValueError:
        answer = None
    run.world.learn(case.operation.definition.raw["operationId"], response.status_code, answer)
    return response


@pytest.fixture(autouse=True)
def reached(request, fuzzing):
    """After each operation's cases: every operation got past the links and ids to judge the
    thing itself at least once (an answer but 400, 401, 403, 404: a 2xx, or a 409 of
    its state, a 422 of its input), so a run on the wrong links fails, not passes on 401s."""
    yield
    label = getattr(request.node, "operation_label", None)
    answers = fuzzing.answers.get(label, {})
    if label is not None and set(answers) <= {400, 401, 403, 404}:
        pytest.fail(f"{label}: no case got past the links and ids ({dict(answers)})")


# pytest 9.2 names an item that is not parametrized by its function alone: Schemathesis's item
# of each operation would share one id, and xdist would run one of them. Parametrized, each
# item's id keeps its operation's.
@schema.parametrize()
@pytest.mark.parametrize("through", ["wsgi"])
def test_the_server_keeps_to_its_document(case, through):
    run = RUN[0]
    run.world.put_on(case, run.case_of(case.operation.label))
    response = sent(run, case)
    case.validate_response(response)


def test_the_server_keeps_to_its_document_from_call_to_call(fuzzing):
    """Schemathesis's state machine along the document's links (a match made, then read, a
    round added, banked, its links read; a group, a night, a design made, then read), each
    call with the link its thing was made with."""
    world = fuzzing.world.make()
    made_with: dict[str, str] = {}  # a thing's id: the link it was made with
    followed: Counter[str] = Counter()
    started = time.monotonic()

    class Following(schema.as_state_machine()):  # type: ignore[misc]
        def before_call(self, case):
            world.with_live_link(case)
            for value in (case.path_parameters or {}).values():
                if value in made_with and (case.headers or {}).get("Authorization"):
                    case.headers = {**case.headers, "Authorization": f"Bearer {made_with[value]}"}

        def after_call(self, response, case):
            super().after_call(response, case)
            followed[f"{case.operation.label} {response.status_code}"] += 1
            try:
                answer = response.json()
            except ValueError:
                return
            if response.status_code == 201 and isinstance(answer, dict):
                tokens = answer.get("tokens") or {}
                link = tokens.get("host") or tokens.get("owner") or (
                    response.request.headers.get("Authorization", "")[len("Bearer "):])
                made_with[answer["id"]] = link

    Following.run(settings=settings(
        max_examples=30, stateful_step_count=8, deadline=None, derandomize=True,
        suppress_health_check=list(HealthCheck), database=None))
    print(f"\nStateful: {sum(followed.values())} calls, {time.monotonic() - started:.0f} s")
    for call, count in sorted(followed.items()):
        print(f"  {call}: {count}")
    assert made_with  # it made things, and went on from them
