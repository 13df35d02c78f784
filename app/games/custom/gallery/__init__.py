"""The designs the app ships (SPEC section 10), one JSON file each beside this module; a design's
id is its file's stem (`yahtzee`, `7-wonders`)."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from ..canonical import design_json
from ..design import parse_design

HERE = Path(__file__).resolve().parent


def gallery() -> tuple[tuple[str, dict[str, Any]], ...]:
    """Each shipped design as (id, its canonical JSON), by id; the caller's own copies."""
    return tuple((name, json.loads(design)) for name, design in _shipped())


@functools.cache
def _shipped() -> tuple[tuple[str, str], ...]:
    # Read and checked once, at the first ask: a design that breaks a rule fails loudly here.
    return tuple((path.stem, json.dumps(design_json(parse_design(json.loads(
        path.read_text(encoding="utf-8")))), ensure_ascii=False))
        for path in sorted(HERE.glob("*.json")))
