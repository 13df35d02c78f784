"""Banakil's pages: the hand calculator and its preview, each hand's working, the dead hand.

The sheet adds who deals, the cells an open hand already knows, and what a side still owes."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

from flask import Blueprint, Response, flash, jsonify, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_translations, ngettext
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ...errors import Invalid
from ...i18n import say
from ...services.match.parts import preview_part
from ...services.match.sheet import Sheet
from ...services.match.writes import add_round, replace_round
from ...web.blueprint import host_access, refusals_flashed
from ...web.games.base import Form, GamePages, part_view, read_count, read_parts, view_for
from ...web.sheet.arithmetic import LIKE_A_SUM, NotANumber, evaluate
from ...web.sheet.forms import posted
from ...web.sheet.view import SheetView
from ...web.sheet.words import PartWords, RoundWords
from ...web.words import spoken_plain
from ..base import RoundInput, RoundResult
from .engine import GAME
from .hands import CLASS_NAMES, CLASSES, MELDED_NOTHING
from .hands import dead_hand as dead_hand_input
from .working import describe_hand, describe_sides

PILES = ("melded", "in_hand")
FLAGS = ("went_out", "all_at_once", "no_turn")
# A score the table counted that is a number, if not one in half points (36.25): the engine
# then says why it is refused. Any script's digits (\d), "." "," or "٫" as the decimal mark.
_SCORE = re.compile(r"^[+-]?\d{1,4}[.,\u066b]\d{1,2}$")  # 36.25, never 1,000
_MINUS = str.maketrans({"−": "-", "–": "-", "\u061c": None, "\u200e": None, "\u200f": None})
# The card classes as a label heads a line (CLASS_NAMES says them inside a sentence).
CLASS_LABELS = {"3-6": _l("Threes to sixes"), "7-K": _l("Sevens to kings"), "A": _l("Aces"),
                "2": _l("Twos"), "joker": _l("Jokers")}

bp = Blueprint("banakil", __name__, template_folder="templates")


class BanakilView(SheetView):
    classes = CLASSES
    class_names = CLASS_NAMES  # Says: a page says them with `say`
    class_labels = CLASS_LABELS

    @property
    def start_seat(self) -> int | None:
        """rules/banakil.txt: "The player to the dealer's right leads" (the first hand's)."""
        return self.rows[0].detail.leader if self.rows else None

    def aside(self, side: int) -> str | None:
        owed = self.sheet.result.detail.carry[side]
        return _("owes %(owed)s", owed=owed) if owed else None

    def cell_value(self, side: int, entered: RoundInput, outcome: RoundResult) -> Any:
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
        players = self.sheet.players
        hands = [(seat, name, _named(describe_hand(seat, entered.parts, options), players),
                  _said_melded_nothing(entered.parts[seat]))
                 for seat, name in enumerate(players)]
        sides = (describe_sides(entered.parts, self.sheet.sides, options)
                 if outcome.status == "complete" else None)
        return {"working": {"status": outcome.status, "hands": hands, "sides": sides,
                            "carry_before": before, "carry_after": outcome.detail.carry,
                            "cells": outcome.cells, "dealer": outcome.detail.dealer}}


def _named(hand: dict[str, Any] | None, players: Sequence[str]) -> dict[str, Any] | None:
    """A hand's working with the names of the players whose melds made it no dhamoon."""
    if hand is None or not hand.get("no_dhamoon_for"):
        return hand
    return hand | {"no_dhamoon_names": [players[seat] for seat in hand["no_dhamoon_for"]]}


def _said_melded_nothing(part: dict[str, Any] | None) -> bool:
    """A hand typed as its score that said it melded nothing (what the score cannot show)."""
    return part is not None and "score" in part and part.get("melded") is False


def read_hand(form: Form) -> tuple[dict[str, Any] | None, dict[str, str]]:
    """A hand by card counts in two piles, or its score as counted on paper."""
    errors: dict[str, str] = {}
    flags = {flag: form.get(flag) in ("on", "y", "true", "1") for flag in FLAGS}
    if form.get("mode") == "score":
        nothing = form.get("melded_nothing") in ("on", "y", "true", "1")
        typed = form.get("score", "")
        try:
            # SPEC: a hand that melded nothing is −20, so ticking that says the score.
            score = MELDED_NOTHING // 2 if nothing and not typed.strip() else _typed_score(typed)
        except NotANumber as refusal:
            return None, {"score": refusal.args[0]}
        hand: dict[str, Any] = {"score": float(score), "went_out": flags["went_out"]}
        if nothing:
            hand["melded"] = False  # unticked says nothing: the engine's own reading stands
        if flags["no_turn"]:
            hand["no_turn"] = True  # SPEC, no_turn_zero: a −20 with no turn scores 0
        return hand, {}
    piles: dict[str, dict[str, int]] = {pile: {} for pile in PILES}
    for pile in PILES:
        for name in CLASSES:
            count = read_count(form.get(f"{pile}-{name}", ""))
            if count is None:
                errors[f"{pile}-{name}"] = _("Count whole cards: 0, 1, 2…")
            else:
                piles[pile][name] = count
    if errors:
        return None, errors
    return piles | flags, {}


def _typed_score(text: str) -> int | float:
    """A hand's score as the table counted it, through the cells' own arithmetic (36.5, −20,
    ٣٦٫٥, 36,5, a sum); NotANumber with what is wrong with it, in the page's words. A number
    that is no half point (36.25) is passed on for the engine to explain."""
    try:
        return evaluate(text, halves=True)
    except NotANumber as error:
        plain = text.translate(_MINUS).strip()
        if _SCORE.match(plain):
            return float(plain.replace(",", ".").replace("\u066b", "."))
        if any(ch.isdigit() for ch in plain) and error.args[0] != LIKE_A_SUM:
            raise NotANumber(say(error.args[0])) from error  # a number a cell would refuse
        raise NotANumber(_("Type the hand's score, like 36.5 or -20.")) from error


def _number(value: float | int) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def typed_hand(part: dict[str, Any] | None) -> dict[str, Any]:
    zero = {f"{pile}-{name}": "0" for pile in PILES for name in CLASSES}
    values: dict[str, Any] = {"mode": "cards"}
    if part is None:
        return values | zero
    if "score" in part:
        return values | {"mode": "score", "score": _number(part["score"]),
                         "went_out": part["went_out"], "no_turn": part.get("no_turn", False),
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
def preview(token: str, number: int, seat: int) -> Response:
    """What the hand typed so far scores, and the cell its side would get: for the live preview."""
    view = part_view(token, number, seat, PAGES)
    access = view.access
    body, errors = read_hand(request.args)
    if body is None:
        field, message = next(iter(errors.items()))
        return jsonify({"ok": False, "field": field, "message": message})
    try:
        sheet, entered = preview_part(access, access.match_id, number, seat,
                                       read_parts(view.sheet, {seat: body})[seat])
    except Invalid as error:
        return jsonify({"ok": False, "field": PAGES.error_field(error.within),
                        "message": HANDS.service_said(error.message)})
    outcome = sheet.result.rounds[number - 1]
    side = sheet.side_of(seat)
    cells = outcome.cells if outcome.cells is not None else outcome.detail.cells_so_far
    return jsonify({"ok": True, "hand_score": outcome.detail.hand_scores[seat],
                    "side": say(side.name), "cell": None if cells is None else cells[side.index],
                    "why": _why(seat, entered.parts, sheet)})


def _why(seat: int, parts: Sequence[dict[str, Any] | None], sheet: Sheet) -> str | None:
    """What the preview's numbers alone do not say: why a hand out all at once is no dhamoon,
    or that it waits on the other hands to know."""
    hand = describe_hand(seat, parts, sheet.match.options)
    if hand is None or hand["how"] != "cards":
        return None
    if hand["no_dhamoon_for"]:
        names = [sheet.players[other] for other in hand["no_dhamoon_for"]]
        return str(ngettext("Out all at once, but no dhamoon: %(names)s had melded.",
                            "Out all at once, but no dhamoon: %(names)s had melded.",
                            len(names), names=spoken_plain(names)))
    if hand["score"] is None:
        return str(_("Out all at once: a dhamoon if nobody else melded, known once every hand "
                     "is typed."))
    return None


@bp.post("/m/<token>/round/dead")
def dead_hand(token: str) -> ResponseReturnValue:
    """The host records the open (or next) hand as dead: the stock ran dry, nobody scores."""
    access = host_access(token)
    posted()
    view = view_for(access, PAGES)
    number = view.entry_number
    back = url_for("web.sheet", token=token)
    with refusals_flashed(back, HANDS.service_said):
        if number is None:
            raise Invalid(_("There is no hand to record as dead."))
        if request.form.get("number") != str(number):
            # The hand the button was for was finished meanwhile: never kill the next one.
            raise Invalid(_("Hand %(number)s changed on another phone: check the sheet first.",
                            number=request.form.get("number")))
        dead = dead_hand_input(len(view.sheet.players))
        if number > len(view.sheet.rounds):
            add_round(access, access.match_id, dead)
        else:
            replace_round(access, access.match_id, number, dead)
    flash(_("Hand %(number)s is dead: nobody scores it, the deal passes on.", number=number),
          "info")
    return redirect(back)


def card_icon(draw: Any, box: tuple[int, int, int], colour: tuple[int, int, int]) -> None:
    """The result card's icon: two cards fanned in a hand."""
    x, y, s = box
    cx, cy = x + s / 2, y + s * 0.58
    for turn, filled in ((-0.28, False), (0.22, True)):
        corners = [(-0.22, -0.42), (0.22, -0.42), (0.22, 0.36), (-0.22, 0.36)]
        points = [(cx + s * (u * math.cos(turn) - v * math.sin(turn)),
                   cy + s * (u * math.sin(turn) + v * math.cos(turn))) for u, v in corners]
        draw.polygon(points, fill=colour if filled else (255, 255, 255), outline=colour,
                     width=max(3, s // 16))


# Banakil's rounds are hands (rules/banakil.txt), and a seat's part is its hand: every sentence a
# page says of either, in those words.
HANDS = RoundWords(
    none_yet=_l("No hands yet."),
    sheet=_l("The sheet, hand by hand"),
    adding=_l("adding hand %(number)s"),
    deleting=_l("deleting hand %(number)s"),
    changing=_l("the change to hand %(number)s"),
    delete=_l("Delete hand %(number)s"),
    deleted=_l("Hand %(number)s deleted."),
    latest=_l("hand <bdi>%(number)s</bdi>: <bdi>%(points)s</bdi>"),
    reached=_l("The line moved (%(moved)s): the latest hand reaches it, the match is over."),
    saved_by=_l("%(who)s saved hand %(number)s."),
    changed_by=_l("%(who)s changed hand %(number)s."),
    deleted_by=_l("%(who)s deleted hand %(number)s."),
    part_label=_l("Hand %(number)s, %(name)s"),
    running_totals=_l("Running totals, hand by hand"),
    axis=(_l("hand"), _l("Hand")),
    line_lead=_l("Change where “<bdi>%(name)s</bdi>” ends. A line reached before the last hand "
                 "can't be chosen; one the latest hand reaches ends the match there; one no "
                 "total reaches yet lets play go on."),
    line_now=lambda played: get_translations().ngettext(
        "Now, after %(num)s hand: %(totals)s", "Now, after %(num)s hands: %(totals)s", played),
    said={
        "line_reached_early": _l(
            "That line would already have been reached in hand %(reached)s, before the last "
            "hand (hand %(last)s). Choose another, or delete the hands after hand %(reached)s "
            "first."),
        "only_last_round_deleted": _l("Only the last hand (hand %(number)s) can be deleted."),
        "earlier_round_stays_typed": _l(
            "Hand %(number)s is not the last one: every part of it stays typed (a part left "
            "empty would open it again)."),
        "ends_before_last": _l("That would end the match after hand %(number)s, before its last "
                               "hand. Delete the later hands first."),
        "over_no_new_round": _l("The match is over: bank it, or change a hand instead."),
        "finish_open_round": _l("Finish the open hand before starting the next one."),
    },
)
HAND = PartWords(saved=_l("%(name)s's hand saved."),
                 in_round=_l("%(name)s's hand in hand %(number)s"),
                 change=_l("change the hand"))

PAGES = GamePages(GAME, view=BanakilView, part_words=HAND, round_words=HANDS,
                  read_part=read_hand, typed_values=typed_hand, form_values=form_hand,
                  round_page=True, whole_part_fields=("hands",), blueprint=bp,
                  card_icon=card_icon)
