"""A group's pages: starting one, its page (`/g/<token>`: the bank, leaderboards, tonight, head to
head, charts), taking a match out of the bank, exports, and importing a backup."""

from __future__ import annotations

import json

from flask import (Response, abort, current_app, flash, redirect, render_template, request,
                   url_for)
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.exceptions import RequestEntityTooLarge

from .. import services
from ..errors import Conflict, Invalid, ServiceError
from ..extensions import csrf
from ..games import GAMES
from ..services import GroupAccess
from ..i18n import say
from . import group_view
from .bank_forms import GroupForm, HeadToHeadForm, ImportForm, roster_lines
from .blueprint import bp, remember
from .forms import CellForm

# An import may weigh this unless IMPORT_MAX_BYTES says otherwise (as the API's).
IMPORT_MAX_BYTES = 5 * 1024 * 1024
ROLE_LABELS = {"owner": _l("Owner"), "view": _l("Viewer")}


def group_link(token: str) -> tuple[GroupAccess, int]:
    """What the group link in the address opens, and the group's version; an unknown link is
    a plain 404, like a match's."""
    try:
        return services.authenticate_group(token, request.remote_addr)
    except ServiceError as error:
        abort(429 if error.status == 429 else 404)


def owner_link(token: str) -> tuple[GroupAccess, int]:
    access, version = group_link(token)
    if access.role != "owner":
        abort(403)
    return access, version


def _size(limit: int) -> str:
    if limit >= 1024 * 1024:
        return _("%(size)s MB", size=f"{limit / (1024 * 1024):g}")
    return _("%(size)s bytes", size=f"{limit:,}")


def _number(text: str | None, default: int = 1) -> int:
    return int(text) if text and text.isascii() and text.isdigit() and len(text) < 7 else default


@bp.route("/groups/new", methods=["GET", "POST"])
def new_group():
    """Start a group: its name and, if known, who plays."""
    form = GroupForm(request.form if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        status = 422
        if form.validate_on_submit():
            try:
                _made, tokens = services.create_group(form.name.data, roster_lines(form.roster.data),
                                                  request.remote_addr)
            except (Invalid, Conflict) as error:
                field = form.name if error.field == "name" else form.roster
                field.errors, status = [say(error.message)], error.status
            else:
                remember(tokens["owner"], "groups")
                flash(_("Your group is ready. Keep this page's address: it is the owner link."),
                      "info")
                return redirect(url_for("web.group", token=tokens["owner"]))
    return render_template("new_group.html", form=form), status


@bp.get("/g/<token>")
def group(token: str):
    """The group's page, for its owner link or its view link."""
    access, version = group_link(token)
    remember(token, "groups")
    gid = access.group_id
    bank = services.bank_at(access, gid, version)
    played = group_view.games_played(bank)
    game = request.args.get("game")
    game = game if game in GAMES else None
    stats = services.group_stats(access, gid, version, game)
    panels = [group_view.GamePanel(g, services.group_stats(access, gid, version, g.name),
                                   group_view.over_time_chart(bank, g.name))
              for g in played if game in (None, g.name)]
    matches, pages = group_view.bank_page(bank, game, _number(request.args.get("page")))
    h2h_form = HeadToHeadForm(request.args)
    choices = [("", _("choose…"))] + [(str(pid), name) for pid, name in bank.players]
    h2h_form.a.choices, h2h_form.b.choices = choices, choices
    h2h, h2h_error = None, None
    if request.args.get("a") or request.args.get("b"):
        try:
            h2h = services.group_head_to_head(access, gid, version, request.args.get("a"),
                                              request.args.get("b"), game)
        except Invalid as error:
            h2h_error = say(error.message)
    tonight = services.group_tonight(access, gid, version)
    return render_template(
        "group.html", token=token, access=access, role_label=str(ROLE_LABELS[access.role]),
        bank=bank, played=played, game=game, stats=stats, panels=panels,
        wins_chart=group_view.wins_chart(bank, stats, game), matches=matches,
        page=min(max(1, _number(request.args.get("page"))), pages), pages=pages,
        h2h_form=h2h_form, h2h=h2h, h2h_error=h2h_error, tonight=tonight,
        evening=group_view.evening_label(tonight), games=GAMES, view=group_view,
        form=CellForm())


@bp.post("/g/<token>/matches/<match_id>/<any(out, back):move>")
def take_out(token: str, match_id: str, move: str):
    """The owner takes a banked match out of the bank (a practice game), or puts it back."""
    access, version = owner_link(token)
    if not CellForm().validate_on_submit():
        abort(400)
    try:
        services.take_out(access, access.group_id, match_id, move == "out")
    except ServiceError as error:
        flash(say(error.message), "error")
    else:
        flash(_("Taken out of the bank: it counts in no statistics.") if move == "out"
              else _("Back in the bank."), "info")
    return redirect(url_for("web.group", token=token, _anchor="bank"))


@bp.get("/g/<token>/export.csv")
def export_csv(token: str):
    access, version = group_link(token)
    return Response(services.group_csv(access, access.group_id, version), mimetype="text/csv",
                    headers={"Content-Disposition":
                             f'attachment; filename="squarescores-group-{access.group_id}.csv"'})


@bp.get("/g/<token>/export.json")
def export_json(token: str):
    access, version = group_link(token)
    body = json.dumps(services.group_export(access, access.group_id, version),
                      ensure_ascii=False, indent=1)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition":
            f'attachment; filename="squarescores-group-{access.group_id}.json"'})


@bp.route("/groups/import", methods=["GET", "POST"])
@csrf.exempt  # its form checks its own CSRF token, once the larger upload limit is set
def import_group():
    """A group's backup (its export.json, from this server or another) made a new group."""
    limit = current_app.config.get("IMPORT_MAX_BYTES", IMPORT_MAX_BYTES)
    if request.method == "GET":
        return render_template("import_group.html", form=ImportForm(formdata=None),
                               limit=limit)
    request.max_content_length = limit + 64 * 1024  # the form's own fields, besides the file
    try:
        form = ImportForm()
        valid = form.validate_on_submit()
    except RequestEntityTooLarge:
        form = ImportForm(formdata=None)
        form.form_errors.append(_("That backup is too large: at most %(size)s.", size=_size(limit)))
        return render_template("import_group.html", form=form, limit=limit), 413
    if not valid:
        return render_template("import_group.html", form=form, limit=limit), 400
    upload = form.backup.data
    text = upload.read(limit + 1) if upload else (form.pasted.data or "").encode()
    if len(text) > limit:
        form.form_errors.append(_("That backup is too large: at most %(size)s.", size=_size(limit)))
        return render_template("import_group.html", form=form, limit=limit), 413
    if not text.strip():
        form.backup.errors = [_("Choose the backup file (or paste it below).")]
        return render_template("import_group.html", form=form, limit=limit), 422
    try:
        body = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        form.form_errors.append(_("That is not a backup: a group's export.json is JSON."))
        return render_template("import_group.html", form=form, limit=limit), 422
    try:
        _made, tokens = services.import_group(body, request.remote_addr)
    except Invalid as error:
        form.form_errors.append(
            _("The backup was not imported: %(reason)s (at %(field)s)", reason=say(error.message),
              field=error.field) if error.field
            else _("The backup was not imported: %(reason)s", reason=say(error.message)))
        return render_template("import_group.html", form=form, limit=limit), 422
    remember(tokens["owner"], "groups")
    flash(_("Imported: this is the new group's owner page."), "info")
    return redirect(url_for("web.group", token=tokens["owner"]))
