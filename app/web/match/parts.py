"""The pages a game fills with its own template: one seat's part of a round, and a round."""

from __future__ import annotations

from flask import abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ...errors import EditConflict, Invalid
from ...i18n import say
from ...services.match.history import cell_history
from ...services.match.parts import set_parts
from ..blueprint import bp, refusals_flashed
from ..games import check_part, load_view, pages_of, read_parts, view_of
from ..sheet.forms import CellForm, LostRace, typed_fields
from ..sheet.secrets import phone_key
from ..sheet.view import focus_after
from ..words import isolated


@bp.route("/m/<token>/round/<int:number>/hand/<int:seat>", methods=["GET", "POST"])
def part(token: str, number: int, seat: int) -> ResponseReturnValue:
    """One seat's part on a page of its own, as its game's form types it."""
    view = load_view(token)
    pages, access = pages_of(view.sheet.game.name), view.access
    if pages.part_endpoint != request.endpoint:  # this game types its parts elsewhere
        return redirect(pages.part_url(token, number, seat))
    check_part(view, number, seat)
    stored = view.sheet.rounds[number - 1].parts[seat] if number <= len(view.sheet.rounds) else None
    form = CellForm(request.form if request.method == "POST" else None)
    values, conflict, status = pages.typed_values(stored), None, 200
    errors: dict[str, str] = {}
    if request.method == "GET":
        form.version.data = str(view.match.version)
    elif form.validate_on_submit():
        values = pages.form_values(request.form)
        body, errors = pages.read_part(request.form)
        if body is not None:
            with refusals_flashed(url_for("web.sheet", token=token), view.round_words.service_said):
                try:
                    sheet, _opened = set_parts(access, access.match_id, number,
                                               read_parts(view.sheet, {seat: body}),
                                               based_on=form.based_on(),
                                               character_key=phone_key(access))
                except EditConflict as error:
                    conflict = LostRace(say(error.message), view.match.version, number,
                                        view.part_label(number, seat), typed_fields(request.form),
                                        _("keep mine"))
                    form.version.data = str(view.match.version)
                    status = 409
                except Invalid as error:
                    errors = {pages.error_field(error.within):
                              view.round_words.service_said(error.message)}
                else:
                    flash(view.part_words.saved_said(isolated(view.sheet.players[seat])), "info")
                    # The next part to type takes the focus (and is scrolled to); with none left
                    # the round is scrolled to. Not both: the browser's jump to #r… drops the
                    # focus.
                    focus = focus_after(view_of(sheet, access))
                    return redirect(url_for("web.sheet", token=token, focus=focus,
                                            _anchor=None if focus else f"r{number}"))
        status = status if conflict else 422
    else:
        abort(400)
    history = (cell_history(view.sheet, number, seat)
               if number <= len(view.sheet.rounds) else [])
    return render_template(pages.template("part.html"), token=token, view=view, form=form,
                           number=number, seat=seat, values=values, errors=errors,
                           conflict=conflict, history=history), status


@bp.get("/m/<token>/round/<int:number>")
def round_detail(token: str, number: int) -> str:
    """How each number of a round was made, where the game shows it."""
    view = load_view(token)
    pages = pages_of(view.sheet.game.name)
    if not 1 <= number <= len(view.sheet.rounds) or not pages.round_page:
        abort(404)
    return render_template(pages.template("round.html"), token=token, view=view,
                           number=number, **view.round_context(number))
