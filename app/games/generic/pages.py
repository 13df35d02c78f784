"""The free sheet's pages: scores typed straight into the grid's entry row, or a cell's own page."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, cast

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.datastructures import MultiDict
from wtforms import HiddenField

from ...errors import EditConflict, Invalid
from ...i18n import num, say
from ...models import Change
from ...services.match.access import Access
from ...services.match.history import cell_history
from ...services.match.parts import set_parts
from ...services.match.sheet import load_sheet
from ...services.match.writes import add_round
from ...web.blueprint import link_access, refusals_flashed
from ...web.games.base import GamePages, pages_of, read_parts, view_of, whole_round
from ...web.sheet.drawn import render_sheet
from ...web.sheet.forms import CellForm, LostRace, ScoreField, VersionedForm
from ...web.sheet.view import SheetView, focus_after
from ..base import RoundInput, RoundResult
from .engine import GAME

bp = Blueprint("generic", __name__, template_folder="templates")


class EntryRow(Protocol):
    """The entry row's form as its pages read it; its fields "s<seat>", made for the seats this
    link may type, are read by name."""

    form_errors: list[str]

    @property
    def number(self) -> HiddenField: ...

    def based_on(self) -> int | None: ...

    def validate_on_submit(self, extra_validators: Mapping[str, Sequence[Any]] | None = None
                           ) -> bool: ...


def entry_form(seats: list[int], formdata: MultiDict[str, str] | None = None) -> EntryRow:
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

    def cell_value(self, side: int, entered: RoundInput, outcome: RoundResult) -> Any:
        if outcome.cells is None and outcome.status == "open":
            part = entered.parts[self.sheet.sides[side].seats[0]]
            return None if part is None else part.get("score")
        return super().cell_value(side, entered, outcome)

    @property
    def facts(self) -> list[str]:
        lowest = [_("lowest total wins")] if self.match.options.get("lowest_wins") else []
        return super().facts + lowest

    def describe_part_change(self, change: Change, name: str | None = None) -> str:
        # A change to a part is a seat's: its seat is never None.
        return str(_("round %(number)s, %(name)s: %(before)s → %(after)s",
                     number=change.round_number,
                     name=name or self.sheet.players[cast(int, change.seat)],
                     before=self.shown(change.before), after=self.shown(change.after)))

    def entry_value(self, seat: int) -> Any:
        part = self.entry_value_part(seat)
        return None if part is None else part.get("score")

    def entry_form(self, formdata: MultiDict[str, str] | None = None) -> EntryRow:
        return entry_form(self.entry_seats, formdata)


@bp.post("/m/<token>/round")
def enter_round(token: str) -> ResponseReturnValue:
    """The entry row: the open round's (or the next round's) cells this link may type."""
    access = link_access(token)
    if access.role == "view":
        abort(403)
    sheet = load_sheet(access.match_id)
    view = view_of(sheet, access)
    form = entry_form(view.entry_seats, request.form)
    if form.validate_on_submit():
        number = view.entry_number
        current = view.entry_parts
        if form.number.data and form.number.data != str(number):
            # Typed for a round that changed meanwhile: it goes to that round or nowhere, never
            # into the round the row now opens.
            return _save_typed_round(token, view, form, form.number.data)
        typed = {seat: part for seat, part in _typed_parts(view, form).items()
                 if current[seat] != part}
        if not typed or number is None:  # no round to type: the entry row has no cells either
            return redirect(url_for("web.sheet", token=token))
        parts = read_parts(sheet, typed)
        with refusals_flashed(url_for("web.sheet", token=token)):
            try:
                if (access.role == "host" and number > len(sheet.rounds)
                        and len(parts) == len(sheet.players)):
                    sheet = add_round(access, access.match_id, whole_round(sheet, parts))
                else:
                    sheet, _changes = set_parts(access, access.match_id, number, parts,
                                                based_on=form.based_on())
            except EditConflict as error:
                return _lost_race(token, access, number, error, typed)
            except Invalid as error:
                seat = error.seat
                if seat is not None and hasattr(form, f"s{seat}"):
                    getattr(form, f"s{seat}").errors = [say(error.message)]
                else:
                    form.form_errors.append(say(error.message))
            else:
                return redirect(url_for("web.sheet", token=token,
                                        focus=focus_after(view_of(sheet, access))))
    return render_sheet(token, view, form, status=422)


def _typed_parts(view: SheetView, form: EntryRow) -> dict[int, dict[str, int]]:
    return {seat: {"score": getattr(form, f"s{seat}").score} for seat in view.entry_seats
            if getattr(form, f"s{seat}").score is not None}


def _save_typed_round(token: str, view: SheetView, form: EntryRow,
                      number_typed: str) -> ResponseReturnValue:
    """The entry row typed for round `number_typed`, which others finished (or took back) meanwhile:
    saved into that round, as typed at its version, or refused with the row as it now is."""
    access, sheet = view.access, view.sheet
    typed_at = number_typed
    number = (int(typed_at) if typed_at.isascii() and typed_at.isdigit() and len(typed_at) < 6
              else 0)
    if not 1 <= number <= len(sheet.rounds):
        fresh = entry_form(view.entry_seats, MultiDict())
        fresh.form_errors.append(_("Round %(number)s changed while you typed: nothing was saved. "
                                   "Check the sheet, then type it again.", number=typed_at))
        return render_sheet(token, view, fresh, status=409)
    typed = {seat: part for seat, part in _typed_parts(view, form).items()
             if sheet.rounds[number - 1].parts[seat] != part}
    if not typed:  # what was typed is what the round holds
        return redirect(url_for("web.sheet", token=token, _anchor=f"r{number}"))
    with refusals_flashed(url_for("web.sheet", token=token, _anchor=f"r{number}")):
        try:
            set_parts(access, access.match_id, number, read_parts(sheet, typed),
                      based_on=form.based_on())
        except EditConflict as error:
            return _lost_race(token, access, number, error, typed)
    return redirect(url_for("web.sheet", token=token, _anchor=f"r{number}"))


def _lost_race(token: str, access: Access, number: int, conflict: EditConflict,
               parts: dict[int, Any]) -> Response | tuple[str, int]:
    """The sheet as it now is, with the choice the clash asks for above it. The entry row, where
    it is still that round's, keeps what was typed in the cells that clashed with nothing (both
    choices save them): they do not vanish while they wait. It shows nothing typed for another
    round."""
    view = view_of(load_sheet(access.match_id), access)
    names, shown = view.sheet.players, FreeSheetView.shown
    kept = {seat: part for seat, part in parts.items() if seat not in conflict.refreshed}
    mine = {f"s{seat}": str(part["score"]) for seat, part in kept.items()}
    saved = {name: value for name, value in mine.items() if int(name[1:]) not in conflict.clashes}

    def said(fields: dict[str, str]) -> str:
        """A choice's values as a waiting list says them: "Pete 7, Ana 10"."""
        return str(_(", ")).join(f"{names[int(name[1:])]} {value}"
                                 for name, value in sorted(fields.items()))

    race = LostRace(
        say(conflict.message), view.match.version, number,
        _("Round %(number)s", number=number),
        (("number", str(number)), *sorted(mine.items())), said(mine),
        (("number", str(number)), *sorted(saved.items())) if saved else None, said(saved),
        tuple((names[seat], shown(clash.yours), shown(clash.theirs))
              for seat, clash in sorted(conflict.clashes.items())))
    waiting = MultiDict({name: value for name, value in saved.items()}
                        if view.entry_number == number else {})
    fresh = entry_form(view.entry_seats, waiting)
    return render_sheet(token, view, fresh, status=409, conflict=race)


@bp.route("/m/<token>/round/<int:number>/seat/<int:seat>", methods=["GET", "POST"])
def edit_cell(token: str, number: int, seat: int) -> ResponseReturnValue:
    """One cell on a page of its own: its value, its history, and a field to change it."""
    access = link_access(token)
    sheet = load_sheet(access.match_id)
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
            with refusals_flashed(url_for("web.sheet", token=token)):
                try:
                    sheet, _changes = set_parts(
                        access, access.match_id, number,
                        read_parts(sheet, {seat: {"score": form.value.score}}),
                        based_on=form.based_on())
                except EditConflict as error:
                    conflict = error
                    form.version.data = str(sheet.version)  # saving again now means "use mine"
                    status = 409
                except Invalid as error:
                    form.value.errors = [say(error.message)]
                else:
                    return redirect(url_for("web.sheet", token=token,
                                            focus=focus_after(view_of(sheet, access)),
                                            _anchor=f"r{number}"))
    if request.method == "POST" and status == 200:
        status = 422
    history = cell_history(sheet, number, seat)
    return render_template("games/generic/cell.html", token=token, view=view, form=form,
                           number=number, seat=seat, history=history, conflict=conflict), status


def card_icon(draw: Any, box: tuple[int, int, int], colour: tuple[int, int, int]) -> None:
    """The result card's icon: a score sheet, its columns and rows."""
    x, y, s = box
    w = max(3, s // 16)
    draw.rounded_rectangle((x + s * 0.14, y + s * 0.06, x + s * 0.86, y + s * 0.94),
                           radius=s // 12, outline=colour, width=w)
    for row in (0.3, 0.5, 0.7):
        draw.line((x + s * 0.14, y + s * row, x + s * 0.86, y + s * row), fill=colour, width=w)
    draw.line((x + s * 0.5, y + s * 0.06, x + s * 0.5, y + s * 0.94), fill=colour, width=w)


PAGES = GamePages(GAME, view=FreeSheetView, part_endpoint="generic.edit_cell", blueprint=bp,
                  card_icon=card_icon)
