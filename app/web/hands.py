"""Parts typed one seat at a time: Banakil's hand calculator and its working, Blue Banana's lines."""

from __future__ import annotations

from typing import Any

from flask import abort, flash, jsonify, redirect, render_template, request, url_for

from .. import services
from ..errors import EditConflict, Invalid, ServiceError
from ..games import banakil
from .blueprint import bp, link_access
from .forms import CellForm
from .parts import error_field, form_values, read_part, typed_values
from .view import SheetView, focus_after


def _hand_view(token: str, number: int, seat: int) -> tuple[Any, SheetView]:
    access = link_access(token)
    view = SheetView(services.load_sheet(access.match_id), access)
    if not view.hands:  # a free sheet's cells are typed in the grid, or on the cell page
        abort(redirect(url_for("web.edit_cell", token=token, number=number, seat=seat)))
    rounds = len(view.sheet.rounds)
    opening = number == rounds + 1 and view.sheet.next_round_can_open()
    if not (1 <= number <= rounds or opening) or not 0 <= seat < len(view.sheet.players):
        abort(404)
    if seat not in view.writable:
        abort(403)
    if number <= rounds and view.sheet.result.rounds[number - 1].status == "dead":
        abort(409)
    return access, view


@bp.route("/m/<token>/round/<int:number>/hand/<int:seat>", methods=["GET", "POST"])
def hand(token: str, number: int, seat: int):
    """One seat's hand: card counts in two piles, or the score the table worked out."""
    access, view = _hand_view(token, number, seat)
    game = view.sheet.game.name
    stored = view.sheet.rounds[number - 1].parts[seat] if number <= len(view.sheet.rounds) else None
    form = CellForm(request.form if request.method == "POST" else None)
    values, errors, conflict, status = typed_values(game, stored), {}, None, 200
    if request.method == "GET":
        form.version.data = str(view.match.version)
    elif form.validate_on_submit():
        values = form_values(game, request.form)
        body, errors = read_part(game, request.form)
        if body is not None:
            try:
                sheet, _ = services.set_parts(access, access.match_id, number, {seat: body},
                                              based_on=form.based_on())
            except EditConflict as error:
                conflict = error
                form.version.data = str(view.match.version)
                status = 409
            except Invalid as error:
                errors = {error_field(error.field): error.message}
            except ServiceError as error:
                flash(error.message, "error")
                return redirect(url_for("web.sheet", token=token))
            else:
                flash(f"{view.sheet.players[seat]}'s {view.part_noun} saved.", "info")
                return redirect(url_for("web.sheet", token=token,
                                        focus=focus_after(SheetView(sheet, access)),
                                        _anchor=f"r{number}"))
        status = status if conflict else 422
    else:
        abort(400)
    history = (services.cell_history(view.sheet, number, seat)
               if number <= len(view.sheet.rounds) else [])
    return render_template(f"part_{game}.html", token=token, view=view, form=form,
                           number=number, seat=seat, values=values, errors=errors,
                           conflict=conflict, history=history, classes=banakil.CLASSES,
                           class_names=banakil.CLASS_NAMES), status


@bp.get("/m/<token>/round/<int:number>/hand/<int:seat>/preview")
def hand_preview(token: str, number: int, seat: int):
    """What the hand typed so far scores, and the cell its side would get: for the live preview."""
    access, view = _hand_view(token, number, seat)
    if view.sheet.game.name != "banakil":
        abort(404)  # only Banakil's hand calculator previews; other parts have no hand score
    body, errors = read_part(view.sheet.game.name, request.args)
    if body is None:
        field, message = next(iter(errors.items()))
        return jsonify({"ok": False, "field": field, "message": message})
    try:
        sheet, _ = services.preview_part(access, access.match_id, number, seat, body)
    except Invalid as error:
        return jsonify({"ok": False, "field": error_field(error.field), "message": error.message})
    outcome = sheet.result.rounds[number - 1]
    side = sheet.side_of(seat)
    hand_score = outcome.extra["hand_scores"][seat]
    cell = (outcome.cells[side.index] if outcome.cells is not None
            else outcome.extra.get("cells_so_far", [None] * len(sheet.sides))[side.index])
    return jsonify({"ok": True, "hand_score": hand_score, "side": side.name, "cell": cell})


@bp.get("/m/<token>/round/<int:number>")
def round_detail(token: str, number: int):
    """How each number of a round was made: each hand, the netting, the rounding, the carry."""
    access = link_access(token)
    view = SheetView(services.load_sheet(access.match_id), access)
    game = view.sheet.game.name
    if not 1 <= number <= len(view.sheet.rounds) or game not in ("banakil", "blue_banana"):
        abort(404)
    working = view.working(number) if game == "banakil" else None
    return render_template(f"round_{game}.html", token=token, view=view, number=number,
                           working=working)


@bp.post("/m/<token>/round/dead")
def dead_hand(token: str):
    """The host records the open (or next) hand as dead: the stock ran dry, nobody scores."""
    access = link_access(token)
    form = CellForm(request.form)
    if access.role != "host":
        abort(403)
    if not form.validate_on_submit():
        abort(400)
    view = SheetView(services.load_sheet(access.match_id), access)
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

