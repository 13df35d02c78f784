"""API v1's document (SPEC section 13) against the routes themselves: every route under /api/v1
with each of its methods is in it and nothing else is, it is a valid OpenAPI 3.1 document, and
what the server answers at /api/v1/openapi.json is that document."""

from __future__ import annotations

import re

import pytest
from openapi_spec_validator import validate
from openapi_spec_validator.validation.exceptions import OpenAPIValidationError

from app import create_app
from app.api.openapi import document
from config import TestConfig

pytestmark = pytest.mark.no_database
IMPLICIT = {"HEAD", "OPTIONS"}  # Flask answers these for every route itself


def routes(app) -> set[tuple[str, str]]:
    """Every (path, method) the app serves under /api/v1, its path as the document writes it
    (`/groups/{group_id}/players/{player_id}`)."""
    served = set()
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/v1/"):
            continue
        path = re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule.rule[len("/api/v1"):])
        served |= {(path, method.lower()) for method in rule.methods - IMPLICIT}
    return served


def described(made: dict) -> set[tuple[str, str]]:
    return {(path, method) for path, methods in made["paths"].items() for method in methods}


def test_every_route_of_the_api_is_described_and_nothing_else():
    app = create_app(TestConfig)
    served = routes(app)
    assert len(served) > 40  # every part: matches, groups, nights, seasons, destinations, designs
    assert ("/designs/{design_id}", "put") in served
    assert described(document()) == served


def test_a_route_without_its_description_is_found():
    """The comparison above fails where a route is added and not described."""
    app = create_app(TestConfig)
    app.add_url_rule("/api/v1/matches/<match_id>/applause", "applause", lambda match_id: "",
                     methods=["POST"])
    assert ("/matches/{match_id}/applause", "post") in routes(app) - described(document())


def test_the_document_is_valid_openapi_3_1():
    made = document()
    assert made["openapi"] == "3.1.0"
    validate(made)


def test_the_validator_would_refuse_a_broken_one():
    """The validation above catches a broken document: an answer without its description."""
    broken = document()
    del broken["paths"]["/designs"]["post"]["responses"]["201"]["description"]
    with pytest.raises(OpenAPIValidationError):
        validate(broken)


def references(value) -> set[str]:
    if isinstance(value, dict):
        found = {value["$ref"]} if isinstance(value.get("$ref"), str) else set()
        return found.union(*(references(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(references(item) for item in value))
    return set()


def test_every_reference_reaches_a_component():
    """The validator leaves a schema's references unresolved: a name mistyped in a part of the
    document would only show when a client generated from it failed."""
    made = document()
    for reference in references(made):
        where, _, name = reference.rpartition("/")
        assert where in ("#/components/schemas", "#/components/responses"), reference
        assert name in made["components"][where.rsplit("/", 1)[1]], reference


def test_the_server_answers_the_document_with_no_cache():
    app = create_app(TestConfig)
    answer = app.test_client().get("/api/v1/openapi.json")
    assert answer.status_code == 200
    assert answer.mimetype == "application/json"
    assert answer.headers["Cache-Control"] == "no-store"
    assert answer.get_json() == document()
    assert set(answer.get_json()["components"]["securitySchemes"]) == {
        "match_link", "group_link", "night_link", "design_owner"}


def test_every_operation_says_its_refusals_in_the_error_shape():
    """SPEC section 2: each refusal an operation may answer is the one error shape (but 408,
    said before the request is read); 401 wherever a link is needed, 429 with Retry-After."""
    made = document()
    answers = made["components"]["responses"]
    for path, methods in made["paths"].items():
        for method, operation in methods.items():
            statuses = operation["responses"]
            assert "400" in statuses, (path, method)
            if any(operation["security"]) and {} not in operation["security"]:
                assert "401" in statuses, (path, method)
            for status, said in statuses.items():
                if status.startswith(("4", "5")) and status != "408":
                    name = said["$ref"].rsplit("/", 1)[1]
                    assert answers[name]["content"]["application/json"]["schema"] == {
                        "$ref": "#/components/schemas/Error"}, (path, method, status)
    assert "Retry-After" in answers["TooManyRequests"]["headers"]
    assert "Retry-After" in answers["Unavailable"]["headers"]


def test_the_event_streams_are_text_event_stream_with_their_limits():
    made = document()
    for path in ("/matches/{match_id}/events", "/nights/{night_id}/events"):
        streamed = made["paths"][path]["get"]["responses"]
        assert list(streamed["200"]["content"]) == ["text/event-stream"]
        assert {"429", "503"} <= set(streamed)
