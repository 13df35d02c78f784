"""The document as the tests hold the server to it: every object an answer holds says exactly
its fields. The document itself leaves answers open (SPEC section 2: the API may grow, and a
client ignores what it does not know); the tests close them, so that a field the server starts
answering without documenting it fails the suite."""

from __future__ import annotations

import copy
from typing import Any

PREFIX = "#/components/schemas/"


def closed(document: dict[str, Any]) -> dict[str, Any]:
    """A copy of `document` whose answers' objects allow no field they do not name."""
    shut = copy.deepcopy(document)
    schemas = shut["components"]["schemas"]
    answers = [shut["components"]["responses"]] + [
        operation["responses"] for methods in shut["paths"].values()
        for operation in methods.values()]
    names = _reached(answers, schemas)
    for name in names:
        _close(schemas[name])
    for responses in answers:
        _close(responses)
    return shut


def _refs(value: Any) -> set[str]:
    if isinstance(value, dict):
        found = {value["$ref"][len(PREFIX):]} if str(value.get("$ref", "")).startswith(
            PREFIX) else set()
        return found.union(*(_refs(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(_refs(item) for item in value))
    return set()


def _reached(roots: list[Any], schemas: dict[str, Any]) -> set[str]:
    """The components an answer's schema reaches, through any number of references."""
    seen: set[str] = set()
    todo = set().union(*(_refs(root) for root in roots))
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo |= _refs(schemas[name]) - seen
    return seen


def _close(value: Any) -> None:
    if isinstance(value, dict):
        if "properties" in value and "additionalProperties" not in value \
                and value.get("type") == "object":
            value["additionalProperties"] = False
        for item in value.values():
            _close(item)
    elif isinstance(value, list):
        for item in value:
            _close(item)
