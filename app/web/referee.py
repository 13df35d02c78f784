"""Referees and secrets: Blue Banana's task cards and card checker, Bandido's characters."""

from __future__ import annotations

from flask import abort, flash, redirect, render_template, request, url_for

from .. import services
from ..errors import Invalid, ServiceError
from ..games import blue_banana
from ..games.base import InvalidInput
from .blueprint import bp, link_access
from .forms import VersionedForm
from .view import PICTURES, SheetView



def _blue_banana_view(token: str) -> SheetView:
    access = link_access(token)
    view = SheetView(services.load_sheet(access.match_id), access)
    if view.sheet.game.name != "blue_banana":
        abort(404)
    return view


@bp.route("/m/<token>/task", methods=["GET", "POST"])
def task(token: str):
    """The host turns up the round's two task cards by tapping a motif and a colour for each."""
    view = _blue_banana_view(token)
    if view.access.role != "host":
        abort(403)
    number = view.entry_number
    if number is None:
        flash("There is no round to turn task cards up for.", "error")
        return redirect(url_for("web.sheet", token=token))
    form = VersionedForm(request.form if request.method == "POST" else None)
    current = (view.sheet.rounds[number - 1].common.get("task")
               if number <= len(view.sheet.rounds) else None) or [{}, {}]
    chosen = [{"motif": request.form.get(f"motif{i}", current[i].get("motif")),
               "color": request.form.get(f"color{i}", current[i].get("color"))} for i in (0, 1)]
    error, status = None, 200
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400)
        if request.form.get("number") not in (None, str(number)):
            flash(f"Round {request.form.get('number')} was finished meanwhile: these task cards "
                  f"were not saved. Round {number} is the one in play now.", "error")
            return redirect(url_for("web.task", token=token))
        try:
            cards = blue_banana.parse_task(chosen)
            if number > len(view.sheet.rounds):
                body = {"players": [None] * len(view.sheet.players), "task": cards}
                services.add_round(view.access, view.match.id, body)
            else:
                body = view.sheet.game.round_input(view.sheet.rounds[number - 1]) | {"task": cards}
                services.replace_round(view.access, view.match.id, number, body)
        except InvalidInput as problem:
            error, status = problem.message, 422
        except Invalid as problem:
            error, status = problem.message, 422
        except ServiceError as problem:
            flash(problem.message, "error")
            return redirect(url_for("web.sheet", token=token))
        else:
            flash(f"Round {number}'s task cards are up. Go!", "info")
            return redirect(url_for("web.sheet", token=token))
    return render_template("task_blue_banana.html", token=token, view=view, form=form,
                           number=number, chosen=chosen, error=error, pictures=PICTURES,
                           motifs=blue_banana.MOTIFS, colors=blue_banana.COLORS,
                           motif_name=blue_banana.motif_name), status


@bp.get("/m/<token>/round/<int:number>/check")
def check_card(token: str, number: int):
    """Was this collected card sought? Tap its motif and colour; the answer comes at once."""
    view = _blue_banana_view(token)
    if not 1 <= number <= len(view.sheet.rounds):
        abort(404)
    task = view.sheet.rounds[number - 1].common.get("task")
    mode = blue_banana.mode_of_round(view.match.options, number)
    motif, color = request.args.get("motif"), request.args.get("color")
    verdict = None
    if task and motif in blue_banana.MOTIFS and color in blue_banana.COLORS:
        verdict = blue_banana.is_sought(task, mode, motif, color)
    return render_template("check_blue_banana.html", token=token, view=view, number=number,
                           task=task, mode=mode, motif=motif, color=color, verdict=verdict,
                           pictures=PICTURES, motifs=blue_banana.MOTIFS,
                           colors=blue_banana.COLORS, motif_name=blue_banana.motif_name)


@bp.route("/m/<token>/character", methods=["GET", "POST"])
def character(token: str):
    """Banana Bandido: a player's secret character, on their own phone only."""
    access = link_access(token)
    view = SheetView(services.load_sheet(access.match_id), access)
    if not view.sheet.game.secrets:
        abort(404)
    if access.role != "seat":
        abort(403)
    seat = view.match.seats[access.seat]
    form = VersionedForm(request.form if request.method == "POST" else None)
    chosen = list(seat.character or [None, None, None])
    locked = seat.revealed
    revealed = seat.revealed
    error, status = None, 200
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400)
        chosen = [request.form.get(f"symbol{i}") for i in range(3)]
        revealed = locked or request.form.get("revealed") in ("on", "y", "true")
        unpicked = [i + 1 for i, symbol in enumerate(chosen) if not symbol]
        try:
            if unpicked:  # the engine would answer "not “None”": say what to do instead
                raise Invalid(f"Pick all three symbols: symbol {unpicked[0]} is not picked yet.",
                              "symbols")
            services.set_character(access, access.match_id, access.seat,
                                   {"symbols": chosen, "revealed": revealed})
        except Invalid as problem:
            error, status = problem.message, 422
        except ServiceError as problem:
            flash(problem.message, "error")
            return redirect(url_for("web.sheet", token=token))
        else:
            flash("Your character is saved.", "info")
            return redirect(url_for("web.sheet", token=token))
    return render_template("character.html", token=token, view=view, form=form, chosen=chosen,
                           revealed=revealed, locked=locked, error=error), status
