"""A group's bank carried elsewhere: exported as CSV or JSON, and a backup imported as a new
group (on this server or another)."""

from __future__ import annotations

from flask import Response, current_app, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from werkzeug.exceptions import RequestEntityTooLarge

from ...errors import Invalid
from ...extensions import csrf
from ...i18n import say
from ...services.bank import imports
from ...services.bank.exports import group_csv, group_export_json
from ...wire import parse_json
from ..blueprint import bp, group_link, remember
from .forms import ImportForm

# An import may weigh this unless IMPORT_MAX_BYTES says otherwise (as the API's).
IMPORT_MAX_BYTES = 5 * 1024 * 1024


def _size(limit: int) -> str:
    if limit >= 1024 * 1024:
        return str(_("%(size)s MB", size=f"{limit / (1024 * 1024):g}"))
    return str(_("%(size)s bytes", size=f"{limit:,}"))


@bp.get("/g/<token>/export.csv")
def export_csv(token: str) -> Response:
    access, version = group_link(token)
    return Response(group_csv(access, access.group_id, version), mimetype="text/csv",
                    headers={"Content-Disposition":
                             f'attachment; filename="squarescores-group-{access.group_id}.csv"'})


@bp.get("/g/<token>/export.json")
def export_json(token: str) -> Response:
    access, version = group_link(token)
    body = group_export_json(access, access.group_id, version)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition":
            f'attachment; filename="squarescores-group-{access.group_id}.json"'})


@bp.route("/groups/import", methods=["GET", "POST"])
@csrf.exempt  # its form checks its own CSRF token, once the larger upload limit is set
def import_group() -> ResponseReturnValue:
    """A group's backup (its export.json, from this server or another) made a new group."""
    limit = current_app.config.get("IMPORT_MAX_BYTES", IMPORT_MAX_BYTES)
    if request.method == "GET":
        return render_template("group/import_group.html", form=ImportForm(formdata=None),
                               limit=limit)
    request.max_content_length = limit + 64 * 1024  # the form's own fields, besides the file
    try:
        form = ImportForm()
        valid = form.validate_on_submit()
    except RequestEntityTooLarge:
        form = ImportForm(formdata=None)
        form.form_errors.append(_("That backup is too large: at most %(size)s.", size=_size(limit)))
        return render_template("group/import_group.html", form=form, limit=limit), 413
    if not valid:
        return render_template("group/import_group.html", form=form, limit=limit), 400
    upload = form.backup.data
    text = upload.read(limit + 1) if upload else (form.pasted.data or "").encode()
    if len(text) > limit:
        form.form_errors.append(_("That backup is too large: at most %(size)s.", size=_size(limit)))
        return render_template("group/import_group.html", form=form, limit=limit), 413
    if not text.strip():
        form.backup.errors = [_("Choose the backup file (or paste it below).")]
        return render_template("group/import_group.html", form=form, limit=limit), 422
    try:
        body = parse_json(text)
    except ValueError:
        form.form_errors.append(_("That is not a backup: a group's export.json is JSON."))
        return render_template("group/import_group.html", form=form, limit=limit), 422
    try:
        _made, tokens = imports.import_group(body, request.remote_addr)
    except Invalid as error:
        form.form_errors.append(
            _("The backup was not imported: %(reason)s (at %(field)s)", reason=say(error.message),
              field=error.field) if error.field
            else _("The backup was not imported: %(reason)s", reason=say(error.message)))
        return render_template("group/import_group.html", form=form, limit=limit), 422
    remember(tokens["owner"], "groups")
    flash(_("Imported: this is the new group's owner page."), "info")
    return redirect(url_for("web.group", token=tokens["owner"]))
