"""A seat's part of a round as a page's form types it, per game: read it, and fill the form."""

from __future__ import annotations

import re
from typing import Any

from werkzeug.datastructures import MultiDict

from ..games.bandido import SYMBOLS
from ..games.banakil import CLASSES
from .arithmetic import NotANumber, evaluate

PILES = ("melded", "in_hand")
FLAGS = ("went_out", "all_at_once", "no_turn")
_SCORE = re.compile(r"^[+-]?\d{1,4}([.,]\d{1,3})?$")


def read_part(game: str, form: MultiDict) -> tuple[dict[str, Any] | None, dict[str, str]]:
    """The part's JSON body from the form, or the messages for the fields that are wrong."""
    if game == "banakil":
        return _read_hand(form)
    if game == "blue_banana":
        return _read_line(form)
    if game == "bandido":
        return _read_state(form)
    try:
        return {"score": evaluate(form.get("value", ""))}, {}
    except NotANumber as error:
        return None, {"value": str(error)}


def typed_values(game: str, part: dict[str, Any] | None) -> dict[str, Any]:
    """The form's fields for a stored part, to show it again."""
    if game == "bandido":
        part = part or {"vp": 0, "symbols": []}
        return {"vp": str(part["vp"])} | {symbol: str(part["symbols"].count(symbol))
                                          for symbol in SYMBOLS}
    if game == "blue_banana":
        part = part or {"correct": 0, "incorrect": 0, "banana": None}
        return {"correct": str(part["correct"]), "incorrect": str(part["incorrect"]),
                "banana": part["banana"] or "none"}
    if game != "banakil":
        return {"value": "" if part is None else str(part["score"])}
    values: dict[str, Any] = {"mode": "cards"}
    if part is None:
        return values | {f"{pile}-{name}": "0" for pile in PILES for name in CLASSES}
    if "score" in part:
        return values | {"mode": "score", "score": _number(part["score"]),
                         "went_out": part["went_out"]} | {
            f"{pile}-{name}": "0" for pile in PILES for name in CLASSES}
    values |= {f"{pile}-{name}": str(part[pile][name]) for pile in PILES for name in CLASSES}
    return values | {flag: part[flag] for flag in FLAGS}


def form_values(game: str, form: MultiDict) -> dict[str, Any]:
    """What was typed, as the form shows it again after an error."""
    if game == "bandido":
        return {name: form.get(name, "") for name in ("vp", *SYMBOLS)}
    if game == "blue_banana":
        return {name: form.get(name, "") for name in ("correct", "incorrect")} | {
            "banana": form.get("banana", "none")}
    if game != "banakil":
        return {"value": form.get("value", "")}
    values: dict[str, Any] = {"mode": form.get("mode", "cards"), "score": form.get("score", "")}
    values |= {f"{pile}-{name}": form.get(f"{pile}-{name}", "0") for pile in PILES
               for name in CLASSES}
    return values | {flag: form.get(flag) in ("on", "y", "true", "1") for flag in FLAGS}


def _read_state(form: MultiDict) -> tuple[dict[str, Any] | None, dict[str, str]]:
    counts: dict[str, int] = {}
    errors: dict[str, str] = {}
    for name in ("vp", *SYMBOLS):
        text = form.get(name, "").strip() or "0"
        if not text.isascii() or not text.isdigit() or len(text) > 2:
            errors[name] = "Type a whole number: 0, 1, 2…"
        else:
            counts[name] = int(text)
    if errors:
        return None, errors
    symbols = [symbol for symbol in SYMBOLS for _ in range(counts[symbol])]
    return {"vp": counts["vp"], "symbols": symbols}, {}


def _read_line(form: MultiDict) -> tuple[dict[str, Any] | None, dict[str, str]]:
    line: dict[str, Any] = {}
    errors: dict[str, str] = {}
    for name in ("correct", "incorrect"):
        text = form.get(name, "").strip() or "0"
        if not text.isascii() or not text.isdigit() or len(text) > 3:
            errors[name] = "Count whole cards: 0, 1, 2…"
        else:
            line[name] = int(text)
    banana = form.get("banana", "none")
    if banana not in ("none", "correct", "early"):
        errors["banana"] = "Choose: no banana, snatched correctly, or too early."
    line["banana"] = None if banana == "none" else banana
    return (None, errors) if errors else (line, {})


def _number(value: float | int) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _read_hand(form: MultiDict) -> tuple[dict[str, Any] | None, dict[str, str]]:
    errors: dict[str, str] = {}
    flags = {flag: form.get(flag) in ("on", "y", "true", "1") for flag in FLAGS}
    if form.get("mode") == "score":
        text = form.get("score", "").strip().replace("−", "-")
        if not _SCORE.match(text):
            return None, {"score": "Type the hand's score, like 36.5 or -20."}
        return {"score": float(text.replace(",", ".")), "went_out": flags["went_out"]}, {}
    piles: dict[str, dict[str, int]] = {pile: {} for pile in PILES}
    for pile in PILES:
        for name in CLASSES:
            text = form.get(f"{pile}-{name}", "").strip() or "0"
            if not text.isascii() or not text.isdigit() or len(text) > 3:
                errors[f"{pile}-{name}"] = "Count whole cards: 0, 1, 2…"
            else:
                piles[pile][name] = int(text)
    if errors:
        return None, errors
    return piles | flags, {}


def error_field(field: str | None) -> str:
    """The form field an engine's message is about ("melded.joker" → "melded-joker")."""
    if not field:
        return "hand"
    # "hands" or "players" alone is the whole part's (the packs' counts, who went out, who
    # snatched the banana): shown at the top.
    field = re.sub(r"^(hands|players)(\[\d+\])?\.?", "", field) or "hand"
    if field == "symbols":
        return "hand"  # the symbols as a whole (at most four face up)
    return field.replace(".", "-")
