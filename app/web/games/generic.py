"""The free sheet's pages: scores typed straight into the grid's entry row, or a cell's own page."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import HiddenField

from ... import services
from ...errors import EditConflict, Invalid, ServiceError
from ...games.generic import GAME
from ...i18n import num, say
from ..blueprint import link_access
from ..sheet.drawn import render_sheet
from ..sheet.forms import CellForm, ScoreField, VersionedForm
from ..sheet.view import SheetView, focus_after
from .base import GamePages, pages_of, view_of

bp = Blueprint("generic", __name__)


def entry_form(seats: list[int], formdata: Any = None) -> FlaskForm:
    """The entry row: a field per seat this link may type, named s0, s1, ..."""

    class EntryForm(VersionedForm):
        number = HiddenField()

    for seat in seats:
        setattr(EntryForm, f"s{seat}", ScoreField(_l("Seat %(number)s", number=seat)))
    return EntryForm(formdata=formdata) if formdata is not None else EntryForm()


class FreeSheetView(SheetView):
    """A sheet whose cells are the scores as typed: an open round shows what is in so far."""

    @staticmethod
    def shown(part: Any) -> str:
        """A cell's part as a person reads it."""
        return "—" if part is None else num(part.get("score"))

    def cell_value(self, side: int, entered, outcome) -> Any:
        if outcome.cells is None and outcome.status == "open":
            part = entered.parts[self.sheet.sides[side].seats[0]]
            return None if part is None else part.get("score")
        return super().cell_value(side, entered, outcome)

    @property
    def facts(self) -> list[str]:
        lowest = [_("lowest total wins")] if self.match.options.get("lowest_wins") else []
        return super().facts + lowest

    def describe_part_change(self, change, name: str | None = None) -> str:
        return _("round %(number)s, %(name)s: %(before)s → %(after)s",
                 number=change.round_number, name=name or self.sheet.players[change.seat],
                 before=self.shown(change.before), after=self.shown(change.after))

    def entry_value(self, seat: int) -> Any:
        part = self.entry_value_part(seat)
        return None if part is None else part.get("score")

    def entry_form(self, formdata: Any = None) -> FlaskForm:
        return entry_form(self.entry_seats, formdata)


@bp.post("/m/<token>/round")
def enter_round(token: str):
    """The entry row: the open round's (or the next round's) cells this link may type."""
    access = link_access(token)
    if access.role == "view":
        abort(403)
    sheet = services.load_sheet(access.match_id)
    view = view_of(sheet, access)
    form = entry_form(view.entry_seats, request.form)
    if form.validate_on_submit():
        number = view.entry_number
        current = view.entry_parts
        if form.number.data and form.number.data != str(number):
            # Typed for a round that others finished meanwhile: never let it land in the next one.
            message = _("Round %(number)s changed while you typed: check the sheet, then save "
                        "again.", number=form.number.data)
            if number is None:
                flash(message, "error")
                return redirect(url_for("web.sheet", token=token))
            form.form_errors.append(message)
            return render_sheet(token, view, form, status=409)
        parts = {seat: {"score": getattr(form, f"s{seat}").score} for seat in view.entry_seats
                 if getattr(form, f"s{seat}").score is not None}
        parts = {seat: part for seat, part in parts.items() if current[seat] != part}
        if not parts or number is None:  # no round to type: the entry row has no cells either
            return redirect(url_for("web.sheet", token=token))
        try:
            if (access.role == "host" and number > len(sheet.rounds)
                    and len(parts) == len(sheet.players)):
                body = sheet.game.round_input(
                    services.RoundInput({}, tuple(parts[s] for s in range(len(sheet.players)))))
                sheet = services.add_round(access, access.match_id, body)
            else:
                sheet, _changes = services.set_parts(access, access.match_id, number, parts,
                                                     based_on=form.based_on())
        except EditConflict as error:
            # The page now shows the newer version: saving again means "use mine".
            view = view_of(services.load_sheet(access.match_id), access)
            _show_refused(form, error, view.entry_seats)
            form.version.data = str(view.match.version)
            return render_sheet(token, view, form, status=409)
        except Invalid as error:
            seat, field = error.seat, error.field or ""
            if seat is None and field.startswith("scores["):
                seat = int(field[len("scores["):-1])  # a whole new round: its cell's seat
            if seat is not None and hasattr(form, f"s{seat}"):
                getattr(form, f"s{seat}").errors = [say(error.message)]
            else:
                form.form_errors.append(say(error.message))
        except ServiceError as error:
            flash(say(error.message), "error")
            return redirect(url_for("web.sheet", token=token))
        else:
            return redirect(url_for("web.sheet", token=token,
                                    focus=focus_after(view_of(sheet, access))))
    return render_sheet(token, view, form, status=422)


def _conflict_message(message: str, theirs, yours) -> str:
    return _("%(message)s It now says %(theirs)s; save again to put %(yours)s, or change it.",
             message=message, theirs=FreeSheetView.shown(theirs),
             yours=FreeSheetView.shown(yours))


def _show_refused(form, conflict: EditConflict, seats: list[int]) -> None:
    """The refused entry row as the service left it: every clash says so, and a cell typed as
    first seen (or left empty) shows what is stored now, so saving again overwrites nothing
    unseen."""
    for seat in seats:
        field = getattr(form, f"s{seat}", None)
        if field is None:
            continue
        clash = conflict.clashes.get(seat)
        if clash is not None:
            field.errors = [_conflict_message(
                _("%(who)s saved this cell while you were typing.", who=say(clash.who)),
                clash.theirs, clash.yours)]
        elif seat in conflict.refreshed or field.score is None:
            field.data = None  # the template falls back to the stored value


@bp.route("/m/<token>/round/<int:number>/seat/<int:seat>", methods=["GET", "POST"])
def edit_cell(token: str, number: int, seat: int):
    """One cell on a page of its own: its value, its history, and a field to change it."""
    access = link_access(token)
    sheet = services.load_sheet(access.match_id)
    view = view_of(sheet, access)
    if pages_of(sheet.game.name).part_endpoint != request.endpoint:  # its own part pages
        return redirect(view.part_url(token, number, seat))
    if not 1 <= number <= len(sheet.rounds) or not 0 <= seat < len(sheet.players):
        abort(404)
    if seat not in view.writable or view.read_only:
        abort(403)
    current = sheet.rounds[number - 1].parts[seat]
    form = CellForm(request.form if request.method == "POST" else None)
    if request.method == "GET":
        form.version.data = str(sheet.version)
        if current is not None:
            form.value.data = str(current["score"])
    status, conflict = 200, None
    if form.validate_on_submit():
        if form.value.score is None:
            form.value.errors = [_("Type a number.")]
        else:
            try:
                sheet, _changes = services.set_parts(access, access.match_id, number,
                                                     {seat: {"score": form.value.score}},
                                                     based_on=form.based_on())
            except EditConflict as error:
                conflict = error
                form.version.data = str(sheet.version)  # saving again now means "use mine"
                status = 409
            except Invalid as error:
                form.value.errors = [say(error.message)]
            except ServiceError as error:
                flash(say(error.message), "error")
                return redirect(url_for("web.sheet", token=token))
            else:
                return redirect(url_for("web.sheet", token=token,
                                        focus=focus_after(view_of(sheet, access)),
                                        _anchor=f"r{number}"))
    if request.method == "POST" and status == 200:
        status = 422
    history = services.cell_history(sheet, number, seat)
    return render_template("games/generic/cell.html", token=token, view=view, form=form,
                           number=number, seat=seat, history=history, conflict=conflict), status


PAGES = GamePages(GAME, view=FreeSheetView, part_endpoint="generic.edit_cell", blueprint=bp)
