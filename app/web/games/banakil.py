"""Banakil's pages: the hand calculator and its preview, each hand's working, the dead hand.

The sheet adds who deals, the cells an open hand already knows, and what a side still owes."""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, abort, flash, jsonify, redirect, request, url_for

from ... import services
from ...errors import Invalid, ServiceError
from ...games.banakil import CLASS_NAMES, CLASSES, GAME
from ...games.banakil_working import describe_hand, describe_sides
from ..blueprint import link_access
from ..forms import CellForm
from ..view import SheetView
from .base import Form, GamePages, load_view, view_for

PILES = ("melded", "in_hand")
FLAGS = ("went_out", "all_at_once", "no_turn")
_SCORE = re.compile(r"^[+-]?\d{1,4}([.,]\d{1,3})?$")

bp = Blueprint("banakil", __name__)


class BanakilView(SheetView):
    classes = CLASSES
    class_names = CLASS_NAMES

    @property
    def start_seat(self) -> int | None:
        """rules/banakil.txt: "The player to the dealer's right leads" (the first hand's)."""
        return self.rows[0].detail.leader if self.rows else None

    def aside(self, side: int) -> str | None:
        owed = self.sheet.result.detail.carry[side]
        return f"owes {owed}" if owed else None

    def cell_value(self, side: int, entered, outcome) -> Any:
        if outcome.cells is None and outcome.detail.cells_so_far is not None:
            return outcome.detail.cells_so_far[side]  # an open hand: the cells already known
        return super().cell_value(side, entered, outcome)

    @property
    def next_deal(self) -> tuple[str, str]:
        """Who deals the next hand and who leads it."""
        seat = self.sheet.result.detail.next_dealer
        if self.entry_number and self.entry_number <= len(self.rows):
            seat = self.rows[self.entry_number - 1].detail.dealer
        players = self.sheet.players
        return players[seat], players[(seat + 1) % len(players)]

    def round_context(self, number: int) -> dict[str, Any]:
        """How a hand's numbers were made: each hand, each side's netting, the carry."""
        entered = self.sheet.rounds[number - 1]
        outcome = self.sheet.result.rounds[number - 1]
        options = self.match.options
        before = [0] * len(self.sheet.sides)
        for earlier in reversed(self.sheet.result.rounds[:number - 1]):
            if earlier.detail.carry is not None:
                before = earlier.detail.carry
                break
        hands = [(seat, name, describe_hand(seat, entered.parts, options),
                  _said_melded_nothing(entered.parts[seat]))
                 for seat, name in enumerate(self.sheet.players)]
        sides = (describe_sides(entered.parts, self.sheet.sides, options)
                 if outcome.status == "complete" else None)
        return {"working": {"status": outcome.status, "hands": hands, "sides": sides,
                            "carry_before": before, "carry_after": outcome.detail.carry,
                            "cells": outcome.cells, "dealer": outcome.detail.dealer}}


def _said_melded_nothing(part: dict[str, Any] | None) -> bool:
    """A hand typed as its score that said it melded nothing (what the score cannot show)."""
    return part is not None and "score" in part and part.get("melded") is False


def read_hand(form: Form) -> tuple[dict[str, Any] | None, dict[str, str]]:
    """A hand by card counts in two piles, or its score as counted on paper."""
    errors: dict[str, str] = {}
    flags = {flag: form.get(flag) in ("on", "y", "true", "1") for flag in FLAGS}
    if form.get("mode") == "score":
        text = form.get("score", "").strip().replace("−", "-")
        if not _SCORE.match(text):
            return None, {"score": "Type the hand's score, like 36.5 or -20."}
        hand = {"score": float(text.replace(",", ".")), "went_out": flags["went_out"]}
        if form.get("melded_nothing") in ("on", "y", "true", "1"):
            hand["melded"] = False  # unticked says nothing: the engine's own reading stands
        return hand, {}
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


def _number(value: float | int) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def typed_hand(part: dict[str, Any] | None) -> dict[str, Any]:
    zero = {f"{pile}-{name}": "0" for pile in PILES for name in CLASSES}
    values: dict[str, Any] = {"mode": "cards"}
    if part is None:
        return values | zero
    if "score" in part:
        return values | {"mode": "score", "score": _number(part["score"]),
                         "went_out": part["went_out"],
                         "melded_nothing": part.get("melded") is False} | zero
    values |= {f"{pile}-{name}": str(part[pile][name]) for pile in PILES for name in CLASSES}
    return values | {flag: part[flag] for flag in FLAGS}


def form_hand(form: Form) -> dict[str, Any]:
    values: dict[str, Any] = {"mode": form.get("mode", "cards"), "score": form.get("score", "")}
    values |= {f"{pile}-{name}": form.get(f"{pile}-{name}", "0") for pile in PILES
               for name in CLASSES}
    return values | {flag: form.get(flag) in ("on", "y", "true", "1")
                     for flag in (*FLAGS, "melded_nothing")}


@bp.get("/m/<token>/round/<int:number>/hand/<int:seat>/preview")
def preview(token: str, number: int, seat: int):
    """What the hand typed so far scores, and the cell its side would get: for the live preview."""
    view = load_view(token, PAGES)
    view.check_part(number, seat)
    access = view.access
    body, errors = read_hand(request.args)
    if body is None:
        field, message = next(iter(errors.items()))
        return jsonify({"ok": False, "field": field, "message": message})
    try:
        sheet, _ = services.preview_part(access, access.match_id, number, seat, body)
    except Invalid as error:
        return jsonify({"ok": False, "field": PAGES.error_field(error.field),
                        "message": error.message})
    outcome = sheet.result.rounds[number - 1]
    side = sheet.side_of(seat)
    cells = outcome.cells if outcome.cells is not None else outcome.detail.cells_so_far
    return jsonify({"ok": True, "hand_score": outcome.detail.hand_scores[seat],
                    "side": side.name, "cell": None if cells is None else cells[side.index]})


@bp.post("/m/<token>/round/dead")
def dead_hand(token: str):
    """The host records the open (or next) hand as dead: the stock ran dry, nobody scores."""
    access = link_access(token)
    form = CellForm(request.form)
    if access.role != "host":
        abort(403)
    if not form.validate_on_submit():
        abort(400)
    view = view_for(access, PAGES)
    number = view.entry_number
    try:
        if number is None:
            raise Invalid("There is no hand to record as dead.")
        if request.form.get("number") != str(number):
            # The hand the button was for was finished meanwhile: never kill the next one.
            raise Invalid(f"Hand {request.form.get('number')} changed on another phone: "
                          "check the sheet first.")
        if number > len(view.sheet.rounds):
            services.add_round(access, access.match_id, {"dead": True})
        else:
            services.replace_round(access, access.match_id, number, {"dead": True})
    except ServiceError as error:
        flash(error.message, "error")
    else:
        flash(f"Hand {number} is dead: nobody scores it, the deal passes on.", "info")
    return redirect(url_for("web.sheet", token=token))


PAGES = GamePages(GAME, view=BanakilView, part_noun="hand", round_noun="hand",
                  read_part=read_hand, typed_values=typed_hand, form_values=form_hand,
                  round_page=True, whole_part_fields=("hands",), blueprint=bp)
