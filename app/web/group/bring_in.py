"""Bringing a group's plays in from a file (SPEC section 14), on its owner's pages: the file
chosen, a preview of what it would add (a dry run, each of the file's players beside the
roster player it becomes, changeable), then the import itself, its progress bar moving as
plays land, and its summary with every problem listed."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, current_app, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from werkzeug.exceptions import RequestEntityTooLarge

from ...errors import Invalid, NotFound, ServiceError, read_or_invalid
from ...extensions import csrf
from ...i18n import say
from ...services.bank.banking import bank_at
from ...services.group.groups import GroupAccess
from ...services.plays import importing, jobs
from ...services.plays.contents import MAX_PLAYS
from ..blueprint import bp, owner_link, refusals_flashed
from ..sheet.forms import CsrfForm, posted
from .forms import PlaysFileForm

UNDER_WAY = ("queued", "running")


def _file_page(token: str, form: PlaysFileForm, status: int = 200) -> tuple[str, int]:
    return render_template("group/bring_in.html", token=token, form=form,
                           limit=current_app.config["PLAYS_IMPORT_MAX_BYTES"]), status


@bp.route("/g/<token>/plays/bring-in", methods=["GET", "POST"])
@csrf.exempt  # its form checks its own CSRF token, once the larger upload limit is set
def bring_in(token: str) -> ResponseReturnValue:
    """Choose a file of plays: its dry run is started, and its page shows the preview."""
    access, _version = owner_link(token)
    if request.method == "GET":
        return _file_page(token, PlaysFileForm(formdata=None))
    limit = current_app.config["PLAYS_IMPORT_MAX_BYTES"]
    request.max_content_length = limit + 64 * 1024  # the form's own fields, besides the file
    try:
        form = PlaysFileForm()
        valid = form.validate_on_submit()
        upload = form.file.data if valid else None
        data = upload.read(limit + 1) if upload else b""
    except RequestEntityTooLarge:
        data, form, valid = b"x" * (limit + 1), PlaysFileForm(formdata=None), True
    if not valid:
        return _file_page(token, form, 400)
    if len(data) > limit or data.count(b'"playerScores"') > MAX_PLAYS:
        form.file.errors = [_("That file is too large: at most %(size)s MB and %(plays)s plays.",
                              size=f"{limit / (1024 * 1024):g}", plays=f"{MAX_PLAYS:,}")]
        return _file_page(token, form, 413)
    asked = read_or_invalid(importing.read_asked, data, form.time_zone.data or "UTC", "true",
                            None)
    try:
        job = importing.start_import(access, access.group_id, asked)
    except Invalid as error:
        field = form.time_zone if error.at[:1] == ("time_zone",) else form.file
        field.errors = [say(error.message)]
        return _file_page(token, form, 422)
    except ServiceError as error:
        form.file.errors = [say(error.message)]
        return _file_page(token, form, error.status)
    jobs.wake()
    return redirect(url_for("web.brought_in", token=token, import_id=job.id))


def _view(access: GroupAccess, import_id: str) -> dict[str, Any]:
    try:
        return importing.import_view(access, access.group_id, import_id, said=True)
    except NotFound:
        abort(404)


@bp.get("/g/<token>/imports/<import_id>")
def brought_in(token: str, import_id: str) -> str:
    """An import's page: its progress while it runs; then a dry run's preview, or what the
    import brought in, with every problem."""
    access, version = owner_link(token)
    job = _view(access, import_id)
    return render_template("group/brought_in.html", token=token, job=job,
                           under_way=job["state"] in UNDER_WAY, form=CsrfForm(),
                           roster=bank_at(access, access.group_id, version).players)


@bp.get("/g/<token>/imports/<import_id>/state")
def import_progress(token: str, import_id: str) -> Response:
    """How far an import has come, for its page's progress bar (the API's answer)."""
    access, _version = owner_link(token)
    response = jsonify(_view(access, import_id))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/g/<token>/imports/<import_id>/start")
def start_brought_in(token: str, import_id: str) -> ResponseReturnValue:
    """The preview's file brought in (or previewed again) with the owner's choice of who each
    of the file's players is."""
    access, _version = owner_link(token)
    posted()
    job = _view(access, import_id)
    chosen: dict[str, int | str] = {}
    for i, line in enumerate(job["players"]):
        value = request.form.get(f"player-{i}", "")
        if line["guest"] or not value:
            continue
        chosen[line["uuid"]] = int(value) if value.isascii() and value.isdigit() \
            and len(value) < 10 else "new"
    back = url_for("web.brought_in", token=token, import_id=import_id)
    with refusals_flashed(back):
        started = importing.start_again(access, access.group_id, import_id, chosen,
                                        dry_run=bool(request.form.get("again")))
    jobs.wake()
    return redirect(url_for("web.brought_in", token=token, import_id=started.id))
