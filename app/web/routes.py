"""Thin page views: read the link's token, call one service, render or redirect."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, replace

from flask import abort, flash, redirect, render_template, request, session, url_for
from flask_wtf.csrf import generate_csrf as csrf_token
from markupsafe import Markup
from werkzeug.exceptions import HTTPException

from .. import services
from ..extensions import db
from ..errors import EditConflict, Invalid, ServiceError
from ..games import GAMES
from ..services import Access
from .blueprint import bp
from .blueprint import link_access as _access
from .forms import CellForm, entry_form, new_match_form, option_values
from .view import SheetView, focus_after

RECENT_LIMIT = 10


def _remember(token: str, access: Access) -> None:
    """This device's recent matches, newest first, in its own session cookie."""
    recent = [t for t in session.get("recent", []) if t != token]
    session["recent"] = [token, *recent][:RECENT_LIMIT]
    session.permanent = True


@bp.get("/")
def home():
    recent = services.recent(session.get("recent", []))
    return render_template("home.html", games=GAMES.values(), recent=recent)


@bp.route("/new/<game_name>", methods=["GET", "POST"])
def new_match(game_name: str):
    game = GAMES.get(game_name) or abort(404)
    form = new_match_form(game, request.form if request.method == "POST" else None)
    status = 200
    if form.validate_on_submit():
        typed = [(i, entry.data.strip()) for i, entry in enumerate(form.players.entries)
                 if entry.data and entry.data.strip()]
        try:
            sheet, tokens = services.create_match(
                game.name, [name for _, name in typed], option_values(form, game),
                form.name.data or None, request.remote_addr)
        except Invalid as error:
            _place_error(form, error, [i for i, _ in typed])
        else:
            _remember(tokens["host"], Access(sheet.match.id, "host"))
            return redirect(url_for("web.sheet", token=tokens["host"]))
        status = 422
    elif request.method == "POST":
        status = 422
    return render_template("new_match.html", game=game, form=form), status


def _place_error(form, error: Invalid, seats: list[int]) -> None:
    field = error.field or ""
    if field.startswith("players["):
        index = int(field[len("players["):-1])
        form.players.entries[seats[index]].errors = [error.message]
    elif field == "players":
        # Too few or too many names: say so at the first empty line, where a name would go.
        empty = [i for i in range(len(form.players.entries)) if i not in seats]
        form.players.entries[empty[0] if empty else 0].errors = [error.message]
    elif field.startswith("options."):
        getattr(form, f"opt_{field[len('options.'):]}").errors = [error.message]
    elif field == "name":
        form.name.errors = [error.message]
    else:
        form.form_errors.append(error.message)


@bp.get("/m/<token>")
def sheet(token: str):
    try:
        access, version = services.authenticate_at(token, request.remote_addr)
    except ServiceError as error:
        abort(429 if error.status == 429 else 404)
    _remember(token, access)
    focus = request.args.get("focus")
    if focus:
        view = SheetView(services.load_sheet(access.match_id), access)
        return _render_sheet(token, view, entry_form(view.entry_seats), focus=focus)
    rendered = _kept_sheet(token, access, version)
    template = "sheet_fragment.html" if request.args.get("fragment") else "sheet.html"
    return render_template(template, token=token, rendered=rendered.with_csrf(csrf_token()))


def _render_sheet(token: str, view: SheetView, form, focus: str | None = None, status: int = 200):
    rendered = _rendered(token, view, form, focus, csrf_token())
    template = "sheet_fragment.html" if request.args.get("fragment") else "sheet.html"
    return render_template(template, token=token, rendered=rendered), status


@dataclass(frozen=True)
class Rendered:
    """The sheet as HTML, with what the page around it needs."""

    html: Markup
    name: str
    role_label: str
    match_id: str

    def with_csrf(self, value: str) -> Rendered:
        return replace(self, html=Markup(self.html.replace(_CSRF_SLOT, value)))


_CSRF_SLOT = "@@csrf-slot@@"
_KEPT: OrderedDict[tuple, Rendered] = OrderedDict()
_kept_lock = threading.Lock()


def _rendered(token: str, view: SheetView, form, focus: str | None, csrf: str) -> Rendered:
    html = render_template("_sheet.html", token=token, view=view, form=form, focus=focus,
                           csrf=csrf)
    return Rendered(Markup(html), view.match.name, view.role_label, view.match.id)


def _kept_sheet(token: str, access: Access, version: int) -> Rendered:
    """The sheet of one version for one link: everything on it follows from the version, so it
    is drawn once per process (the form's CSRF token is put in per request)."""
    key = (str(db.engine.url), token, version)
    with _kept_lock:
        if key in _KEPT:
            _KEPT.move_to_end(key)
            return _KEPT[key]
    view = SheetView(services.load_sheet(access.match_id), access)
    rendered = _rendered(token, view, entry_form(view.entry_seats), None, _CSRF_SLOT)
    if view.match.version == version:
        with _kept_lock:
            _KEPT[key] = rendered
            while len(_KEPT) > 256:
                _KEPT.popitem(last=False)
    return rendered


@bp.post("/m/<token>/round")
def enter_round(token: str):
    """The entry row: the open round's (or the next round's) cells this link may type."""
    access = _access(token)
    if access.role == "view":
        abort(403)
    sheet = services.load_sheet(access.match_id)
    view = SheetView(sheet, access)
    form = entry_form(view.entry_seats, request.form)
    if form.validate_on_submit():
        number = view.entry_number
        current = view.entry_parts
        if form.number.data and form.number.data != str(number):
            # Typed for a round that others finished meanwhile: never let it land in the next one.
            message = (f"Round {form.number.data} changed while you typed: "
                       "check the sheet, then save again.")
            if number is None:
                flash(message, "error")
                return redirect(url_for("web.sheet", token=token))
            form.form_errors.append(message)
            return _render_sheet(token, view, form, status=409)
        parts = {seat: {"score": getattr(form, f"s{seat}").score} for seat in view.entry_seats
                 if getattr(form, f"s{seat}").score is not None}
        parts = {seat: part for seat, part in parts.items() if current[seat] != part}
        if not parts:
            return redirect(url_for("web.sheet", token=token))
        try:
            if (access.role == "host" and number > len(sheet.rounds)
                    and len(parts) == len(sheet.players)):
                body = sheet.game.round_input(
                    services.RoundInput({}, tuple(parts[s] for s in range(len(sheet.players)))))
                sheet = services.add_round(access, access.match_id, body)
            else:
                sheet, _ = services.set_parts(access, access.match_id, number, parts,
                                              based_on=form.based_on())
        except EditConflict as error:
            field = getattr(form, f"s{error.seat}")
            field.errors = [_conflict_message(error.message, error.theirs, error.yours)]
            # The page now shows the newer version: saving again means "use mine".
            view = SheetView(services.load_sheet(access.match_id), access)
            _show_since(form, view, number, form.based_on(), error.seat)
            form.version.data = str(view.match.version)
            return _render_sheet(token, view, form, status=409)
        except Invalid as error:
            seat = error.seat
            if seat is None and (error.field or "").startswith("scores["):
                seat = int(error.field[len("scores["):-1])  # a whole new round: its cell's seat
            if seat is not None and hasattr(form, f"s{seat}"):
                getattr(form, f"s{seat}").errors = [error.message]
            else:
                form.form_errors.append(error.message)
        except ServiceError as error:
            flash(error.message, "error")
            return redirect(url_for("web.sheet", token=token))
        else:
            return redirect(url_for("web.sheet", token=token,
                                    focus=focus_after(SheetView(sheet, access))))
    return _render_sheet(token, view, form, status=422)


def _conflict_message(message: str, theirs, yours) -> str:
    return (f"{message} It now says {SheetView.shown(theirs)}; "
            f"save again to put {SheetView.shown(yours)}, or change it.")


def _show_since(form, view: SheetView, number: int, based_on: int | None, flagged: int) -> None:
    """Ready a refused entry row for "save again", which means "use mine" for what it shows.

    A cell left as first seen shows what others saved since (or saving again would overwrite it
    unseen); every cell both sides changed says so, not only the one the refusal named."""
    if based_on is None or number > len(view.sheet.rounds):
        return
    for seat in view.entry_seats:
        field = getattr(form, f"s{seat}", None)
        since = [(change, before) for change, before, _ in
                 services.cell_history(view.sheet, number, seat) if change.version > based_on]
        if seat == flagged or field is None or not since:
            continue
        was, now = since[0][1], view.sheet.rounds[number - 1].parts[seat]
        typed = None if field.score is None else {"score": field.score}
        if typed is None or typed == was:
            field.data = None  # the template falls back to the stored value
        elif now != was and typed != now:
            actor = since[-1][0].actor
            who = "The host" if actor == "host" else view.actor_name(actor)
            field.errors = [_conflict_message(f"{who} saved this cell while you were typing.",
                                              now, typed)]


@bp.route("/m/<token>/round/<int:number>/seat/<int:seat>", methods=["GET", "POST"])
def edit_cell(token: str, number: int, seat: int):
    """One cell on a page of its own: its value, its history, and a field to change it."""
    access = _access(token)
    sheet = services.load_sheet(access.match_id)
    view = SheetView(sheet, access)
    if view.hands:  # this game's parts have pages of their own
        return redirect(url_for("web.hand", token=token, number=number, seat=seat))
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
            form.value.errors = ["Type a number."]
        else:
            try:
                sheet, _ = services.set_parts(access, access.match_id, number,
                                              {seat: {"score": form.value.score}},
                                              based_on=form.based_on())
            except EditConflict as error:
                conflict = error
                form.version.data = str(sheet.version)  # saving again now means "use mine"
                status = 409
            except Invalid as error:
                form.value.errors = [error.message]
            except ServiceError as error:
                flash(error.message, "error")
                return redirect(url_for("web.sheet", token=token))
            else:
                return redirect(url_for("web.sheet", token=token,
                                        focus=focus_after(SheetView(sheet, access)),
                                        _anchor=f"r{number}"))
    if request.method == "POST" and status == 200:
        status = 422
    history = services.cell_history(sheet, number, seat)
    return render_template("edit_cell.html", token=token, view=view, form=form, number=number,
                           seat=seat, history=history, conflict=conflict), status



@bp.post("/m/<token>/round/<int:number>/delete")
def delete_round(token: str, number: int):
    access = _access(token)
    return _act(token, lambda: services.delete_round(access, access.match_id, number),
                f"Round {number} deleted.")


@bp.post("/m/<token>/bank")
def bank(token: str):
    access = _access(token)
    return _act(token, lambda: services.bank(access, access.match_id), "Match banked.")


@bp.post("/m/<token>/undo")
def undo(token: str):
    access = _access(token)
    return _act(token, lambda: services.undo(access, access.match_id), "Undone.")


@bp.get("/m/<token>/table")
def table(token: str):
    """The sheet for a tablet in the middle of the table: big totals, the last round."""
    access = _access(token)
    view = SheetView(services.load_sheet(access.match_id), access)
    template = "table_fragment.html" if request.args.get("fragment") else "table.html"
    return render_template(template, token=token, view=view)


@bp.route("/m/<token>/abandon", methods=["GET", "POST"])
def abandon(token: str):
    access = _access(token)
    if access.role != "host":
        abort(403)
    if request.method == "POST":
        return _act(token, lambda: services.abandon(access, access.match_id), "Match abandoned.")
    view = SheetView(services.load_sheet(access.match_id), access)
    return render_template("abandon.html", token=token, view=view, form=CellForm())


def _act(token: str, action, done: str):
    form = CellForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        action()
    except ServiceError as error:
        if error.status == 403:
            abort(403)  # no button on this link's page leads here: nothing to explain on the sheet
        flash(error.message, "error")
    else:
        flash(done, "info")
    return redirect(url_for("web.sheet", token=token))


@bp.after_app_request
def _link_pages_are_private(response):
    if request.path.startswith("/m/"):
        # A link page is a capability: no cache, shared or private, may keep it.
        response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/health")
def health():
    """Up, and the database answers: one row read. Load balancers and the benchmark use it."""
    services.health()
    return {"ok": True}


@bp.get("/robots.txt")
def robots():
    return "User-agent: *\nDisallow: /m/\nDisallow: /api/\n", 200, {"Content-Type": "text/plain"}


@bp.app_errorhandler(HTTPException)
def http_error(error: HTTPException):
    if request.path.startswith("/api/"):
        code = (error.name or "error").lower().replace(" ", "_")
        response = error.get_response()  # keeps headers such as a 405's Allow
        response.set_data(json.dumps({"error": {"code": code, "message": error.description}}))
        response.content_type = "application/json"
        return response
    return render_template("error.html", error=error), error.code or 500


@bp.app_errorhandler(ServiceError)
def service_error(error: ServiceError):
    return render_template("error.html", error=error), error.status
