"""Moving the line: the host changes where an active (or over) match ends, among the options
its game lets a table move ("feel free to move it"), and the sheet follows."""

from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from markupsafe import Markup

from ...errors import Conflict, Invalid
from ...games.base import OptionSpec
from ...i18n import language, say
from ...services.match import edits
from ...services.match.sheet import load_sheet
from ..blueprint import bp, refusals_flashed
from ..games import host_view
from ..sheet.words import RoundWords
from .forms import movable_specs, move_line_form


@bp.route("/m/<token>/line", methods=["GET", "POST"])
def move_line(token: str) -> ResponseReturnValue:
    view = host_view(token)
    access = view.access
    game, current = view.sheet.game, view.match.options
    specs = movable_specs(game)
    if not specs:
        abort(404)
    if view.read_only:
        flash(_("The match is banked: its line can no longer move.") if view.status == "banked"
              else _("The match is abandoned: its line can no longer move."), "error")
        return redirect(url_for("web.sheet", token=token))
    form = move_line_form(game, current, request.form if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        status = 422
        if form.validate_on_submit():
            moved = {spec.name: form[f"opt_{spec.name}"].data for spec in specs}
            moved = {name: value for name, value in moved.items() if value != current.get(name)}
            if not moved:
                flash(_("The line stays where it was."), "info")
                return redirect(url_for("web.sheet", token=token))
            with refusals_flashed(url_for("web.sheet", token=token), view.round_words.service_said):
                try:
                    sheet = edits.move_line(access, access.match_id, moved)
                except Invalid as error:
                    name = str(error.at[1]) if error.at[:1] == ("options",) and error.at[1:] else ""
                    _beside(form, name if name in moved else next(iter(moved)),
                            view.round_words.service_said(error.message))
                except Conflict as error:
                    if load_sheet(access.match_id).status in ("banked", "abandoned"):
                        flash(view.round_words.service_said(error.message), "error")
                        return redirect(url_for("web.sheet", token=token))
                    # Reached before the last round: said beside the line that moved, as typed.
                    _beside(form, next(iter(moved)), view.round_words.service_said(error.message))
                    status = 409
                else:
                    flash(_moved(specs, moved, view.status, sheet.status, view.round_words), "info")
                    return redirect(url_for("web.sheet", token=token))
    words = view.round_words
    # "Now, after 3 hands: Ana 120, Ben 95": the totals put in by the template.
    now = Markup(words.line_now(len(view.rows)))
    return render_template("match/line.html", token=token, view=view, form=form, specs=specs,
                           lead=Markup(str(words.line_lead)) % {"name": view.match_name},
                           now=now), status


def _beside(form: FlaskForm, name: str, message: str) -> None:
    form[f"opt_{name}"].errors = [message]


def _moved(specs: list[OptionSpec], moved: dict[str, Any], before: str, after: str,
           words: RoundWords) -> str:
    def label(spec: OptionSpec) -> str:
        said = say(spec.label)
        return said.lower() if language() == "en" else said  # German nouns keep their capital

    said = "; ".join(_("%(option)s %(value)s", option=label(spec), value=moved[spec.name])
                     if moved[spec.name] is not None
                     else _("%(option)s: %(value)s", option=label(spec), value=say(spec.when_empty))
                     for spec in specs if spec.name in moved)
    if after == "over" and before != "over":
        return words.of("reached", moved=said)
    if before == "over" and after == "active":
        return str(_("The line moved (%(moved)s): no total reaches it yet, so play on.",
                     moved=said))
    return str(_("The line moved (%(moved)s).", moved=said))
