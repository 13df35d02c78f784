"""A design written back as JSON, every default filled in: what a match keeps and a copy carries."""

from __future__ import annotations

import json
from typing import Any

from . import model


def design_json(design: model.Design) -> dict[str, Any]:
    """The design as JSON: parse_design(design_json(d)) == d."""
    body: dict[str, Any] = {
        "name": design.name,
        "players": list(design.players),
        "scoring": design.scoring,
        "winner": design.winner,
        "tiebreak": [{"row": rule.row, "order": rule.order} for rule in design.tiebreak],
        "rows": [row_json(row) for row in design.rows],
    }
    if design.scoring == "rounds":
        body["rounds"] = design.rounds
        body["target"] = design.target
    body["labels"] = {labels.language: _labels_json(labels) for labels in design.labels}
    return body


def size_of(design: model.Design) -> int:
    """The bytes of the design's JSON, as compact UTF-8 (what SPEC's 64 KiB bounds)."""
    return len(json.dumps(design_json(design), ensure_ascii=False,
                          separators=(",", ":")).encode())


def row_json(row: model.Row) -> dict[str, Any]:
    body: dict[str, Any] = {"key": row.key, "label": row.label, "kind": row.kind,
                            "counts": row.counts}
    if isinstance(row, model.NumberRow):
        body |= {"min": row.minimum, "max": row.maximum}
    elif isinstance(row, model.CountRow):
        body |= {"max": row.maximum, "points": row.points}
    elif isinstance(row, model.CheckRow):
        body |= {"points": row.points}
    elif isinstance(row, model.ChoiceRow):
        body |= {"options": [{"label": option.label, "points": option.points}
                             for option in row.options]}
    elif isinstance(row, model.RankRow):
        body |= {"of": row.of, "points": list(row.points), "order": row.order,
                 "at_least": row.at_least, "ties": row.ties}
    elif isinstance(row, model.FormulaRow):
        body |= {"formula": row.formula.text}
    return body


def _labels_json(labels: model.Labels) -> dict[str, Any]:
    body: dict[str, Any] = {} if labels.name is None else {"name": labels.name}
    body["rows"] = dict(labels.rows)
    body["options"] = {key: list(names) for key, names in labels.options}
    return body
