"""A design's pages: `/d/<id>` for anyone with its link (its rows, a QR code of the link, Start a
match, its JSON to copy to another server), its owner's link (which changes or deletes it), and
the import of a design's JSON copied from another server."""

from __future__ import annotations

import io
import json

import segno
from flask import Response, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from wtforms import TextAreaField

from ...errors import NotFound, ServiceError, read_or_invalid
from ...games.custom import GAME as CUSTOM
from ...games.custom import kept_design
from ...hosting.lan import for_phones, loopback_warning
from ...i18n import say
from ...services.design import designs
from ..blueprint import bp, refusals_flashed, remember
from ..sheet.forms import posted
from .designer import owner_of
from .start import chosen
from .words import (
    code,
    design_name,
    kind_name,
    kind_said,
    row_label,
    scoring_said,
    tiebreaks_said,
    worth,
)

for _name, _said in (("design_display_name", design_name), ("design_scoring", scoring_said),
                     ("design_row_label", row_label), ("design_worth", worth),
                     ("design_kind", kind_name), ("design_tiebreaks", tiebreaks_said),
                     ("design_kind_said", kind_said), ("design_code", code)):
    bp.add_app_template_global(_said, _name)


def _stored(design_id: str) -> designs.Stored:
    try:
        return designs.find_design(design_id)
    except NotFound:
        abort(404)


def _link(design_id: str) -> str:
    return for_phones(url_for("web.design", design_id=design_id, _external=True))


def _page(stored: designs.Stored, token: str | None) -> str:
    design = kept_design(stored.design)
    return render_template(
        "design/design.html", stored=stored, design=design, token=token,
        name=design_name(design), scoring=scoring_said(design), link=_link(stored.id),
        start=chosen(url_for("web.new_match", game_name=CUSTOM.name), stored.id),
        loopback=loopback_warning(),
        copy=json.dumps(stored.design, ensure_ascii=False, indent=1))


@bp.get("/d/<design_id>")
def design(design_id: str) -> str:
    """A design for anyone with its link: its rows and who wins, Start a match, and its JSON."""
    return _page(_stored(design_id), None)


@bp.get("/d/<design_id>/<token>")
def own_design(design_id: str, token: str) -> str:
    """The design as its owner's link opens it: the same, and its changes and deletion."""
    owner_of(design_id, token)
    remember(token, "designs")
    return _page(_stored(design_id), token)


@bp.get("/d/<design_id>/qr.svg")
def design_qr(design_id: str) -> Response:
    """The design's link as a QR code (SVG, drawn here: no outside service sees it)."""
    _stored(design_id)
    out = io.BytesIO()
    segno.make(_link(design_id), error="m").save(out, kind="svg", scale=6, border=2,
                                                 xmldecl=False, title=None)
    return Response(out.getvalue(), mimetype="image/svg+xml")


@bp.post("/d/<design_id>/<token>/delete")
def delete_design(design_id: str, token: str) -> ResponseReturnValue:
    """The owner deletes the design: the matches played keep their copies."""
    owner = owner_of(design_id, token)
    posted()
    if request.form.get("sure") != "y":
        flash(_("Tick “Yes, delete it for good” to delete the design."), "error")
        return redirect(url_for("web.own_design", design_id=design_id, token=token))
    with refusals_flashed(url_for("web.own_design", design_id=design_id, token=token)):
        designs.delete_design(owner)
    flash(_("The design is deleted. The matches played with it keep their copies."), "info")
    return redirect(url_for("web.home"))


class ImportForm(FlaskForm):
    """A design's JSON, pasted as it was copied from another server's design page."""

    design = TextAreaField()


@bp.route("/designs/import", methods=["GET", "POST"])
def import_design() -> ResponseReturnValue:
    """A design's JSON copied from another server: a new design here, this phone its owner."""
    form = ImportForm(request.form if request.method == "POST" else None)
    error, status = None, 200
    if request.method == "POST":
        posted(form)
        text = form.design.data or ""
        try:
            raw = json.loads(text) if len(text) <= designs.LARGEST_BODY else None
        except ValueError:
            raw, error = None, _("That is not a design's JSON: copy all of it, from the first curly"
                                 " bracket to the last.")
        if error is None:
            try:
                design = read_or_invalid(designs.read_sent, raw, len(text.encode()))
                stored, token = designs.create_design(design, request.remote_addr)
            except ServiceError as refused:
                error = say(refused.message) + (f" ({refused.field})" if refused.field else "")
            else:
                remember(token, "designs")
                flash(_("Imported: the design is yours to change here."), "info")
                return redirect(url_for("web.own_design", design_id=stored.id, token=token))
        status = 422
    return render_template("design/import.html", form=form, error=error), status
