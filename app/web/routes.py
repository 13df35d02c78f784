"""Thin page views: read the link's token, call one service, render or redirect."""

from __future__ import annotations

import json

from flask import abort, flash, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from flask_wtf.csrf import generate_csrf as csrf_token
from werkzeug.exceptions import HTTPException

from .. import services
from ..cache import kept
from ..errors import Conflict, Invalid, ServiceError
from ..games import GAMES
from ..services import Access
from ..i18n import language, say
from . import group_view
from .bank_forms import GroupForm
from .blueprint import bp, link_access, remember
from .drawn import Rendered, draw, render_sheet, sheet_page
from .forms import CellForm, check_seat_options, new_match_form, option_values
from .games import view_of
from .keys import phone_key

@bp.app_template_global("page_language")
def page_language() -> str:
    """The page's language, for imported macros (which see no context variables)."""
    return language()


bp.add_app_template_global(group_view.spoken, "spoken")


@bp.get("/")
def home():
    recent = services.recent(session.get("recent", []))
    groups = services.recent_groups(session.get("groups", []))
    return render_template("home.html", games=GAMES.values(), recent=recent, groups=groups,
                           group_form=GroupForm(formdata=None))


@bp.route("/new/<game_name>", methods=["GET", "POST"])
def new_match(game_name: str):
    game = GAMES.get(game_name) or abort(404)
    form = new_match_form(game, request.form if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        started = start_match(game, form)
        if started is not None:
            return started
        status = 422
    return render_template("new_match.html", game=game, form=form), status


def start_match(game, form, group=None):
    """Start the match the new-match form describes (in `group`, its owner's access, if any):
    the host's sheet, or None with the form's fields saying what is wrong."""
    if not form.validate_on_submit():
        return None
    typed = [(i, entry.data.strip()) for i, entry in enumerate(form.players.entries)
             if entry.data and entry.data.strip()]
    # A seat option names a player by the order the names are typed: one past them is said
    # beside it in those words (too few names at all is the service's to say).
    if len(typed) >= game.min_players and not check_seat_options(form, game, len(typed)):
        return None
    try:
        _made, tokens = services.create_match(
            game.name, [name for _i, name in typed], option_values(form, game),
            form.name.data or None, request.remote_addr, group=group)
    except (Invalid, Conflict) as error:  # a group's match: two names one person's is 409
        _place_error(form, error, [i for i, _name in typed])
        return None
    remember(tokens["host"])
    return redirect(url_for("web.sheet", token=tokens["host"]))


def _place_error(form, error: Invalid, seats: list[int]) -> None:
    field = error.field or ""
    if field.startswith("players["):
        index = int(field[len("players["):-1])
        form.players.entries[seats[index]].errors = [say(error.message)]
    elif field == "players":
        # Too few or too many names: say so at the first empty line, where a name would go.
        empty = [i for i in range(len(form.players.entries)) if i not in seats]
        form.players.entries[empty[0] if empty else 0].errors = [say(error.message)]
    elif field.startswith("options."):
        getattr(form, f"opt_{field[len('options.'):]}").errors = [say(error.message)]
    elif field == "name":
        form.name.errors = [say(error.message)]
    else:
        form.form_errors.append(say(error.message))


@bp.get("/m/<token>")
def sheet(token: str):
    try:
        access, version = services.authenticate_at(token, request.remote_addr)
    except ServiceError as error:
        abort(429 if error.status == 429 else 404)
    remember(token)
    focus = request.args.get("focus")
    if focus:
        view = view_of(services.load_sheet(access.match_id), access)
        return render_sheet(token, view, focus=focus)
    return sheet_page(token, _kept_sheet(token, access, version).with_csrf(csrf_token()))


def _kept_sheet(token: str, access: Access, version: int) -> Rendered:
    """The sheet of one version for one link: everything on it follows from the version, and
    from whether this phone's key opens its seat's hidden character, so it is drawn once per
    pair and kept in the app's cache (the form's CSRF token is put in per request)."""
    loaded, opened, key = None, False, phone_key(access)
    if key is not None:  # only a seat's phone that typed a secret holds a key
        loaded = services.load_sheet(access.match_id)
        opened = loaded.key_opens(access, access.seat, key)

    def make() -> tuple[Rendered, int, bool]:
        view = view_of(loaded or services.load_sheet(access.match_id), access)
        rendered = draw(token, view)
        return rendered, rendered.size, (view.match.version == version
                                         and view.key_opens == opened)

    return kept(("page", token, version, opened, language()), make)


@bp.post("/m/<token>/round/<int:number>/delete")
def delete_round(token: str, number: int):
    access = link_access(token)
    return _act(token, lambda: services.delete_round(access, access.match_id, number),
                _("Round %(number)s deleted.", number=number))


@bp.post("/m/<token>/undo")
def undo(token: str):
    access = link_access(token)
    return _act(token, lambda: services.undo(access, access.match_id), _("Undone."))


@bp.get("/m/<token>/table")
def table(token: str):
    """The sheet for a tablet in the middle of the table: big totals, the last round."""
    access = link_access(token)
    view = view_of(services.load_sheet(access.match_id), access)
    template = "table_fragment.html" if request.args.get("fragment") else "table.html"
    return render_template(template, token=token, view=view)


@bp.route("/m/<token>/abandon", methods=["GET", "POST"])
def abandon(token: str):
    access = link_access(token)
    if access.role != "host":
        abort(403)
    if request.method == "POST":
        return _act(token, lambda: services.abandon(access, access.match_id),
                    _("Match abandoned."))
    view = view_of(services.load_sheet(access.match_id), access)
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
        flash(say(error.message), "error")
    else:
        flash(done, "info")
    return redirect(url_for("web.sheet", token=token))


@bp.after_app_request
def _link_pages_are_private(response):
    if request.path.startswith(("/m/", "/g/")):
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
    return ("User-agent: *\nDisallow: /m/\nDisallow: /g/\nDisallow: /api/\n", 200,
            {"Content-Type": "text/plain"})


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
