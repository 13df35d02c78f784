"""The designer on a phone: a new design, or its owner's next version, as plain forms (rows added,
moved and removed by buttons the server answers, each formula checked on Check); with its script,
the same without a page load, and each formula checked as it is typed."""

from __future__ import annotations

from flask import abort, flash, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...errors import NotFound, ServiceError, VersionMismatch
from ...games.custom import kept_design
from ...i18n import say
from ...services.design import designs
from ..blueprint import bp, remember, unknown_link
from ..sheet.forms import posted
from .form import (
    FIELD_KINDS,
    MOST_ROWS,
    SAMPLE_COUNT,
    SAMPLE_NUMBER,
    SAMPLE_PLAYERS,
    Draft,
    act,
    blank_row,
    checked,
    draft_of,
    empty_draft,
    read_form,
)
from .start import start_path
from .words import GRAMMAR, KIND_NAMES


def owner_of(design_id: str, token: str) -> designs.Owner:
    """The owner link in the address: an unknown link is a plain 404, another's 403."""
    try:
        return designs.owner_access(token, design_id, request.remote_addr)
    except ServiceError as error:
        if error.status == 403:
            abort(403)
        unknown_link(error)


@bp.route("/designs/new", methods=["GET", "POST"])
def designer() -> ResponseReturnValue:
    """A new design: empty, or a copy of one to change (`?from=<id>`: the gallery's too)."""
    if request.method == "POST":
        return _posted(None, None)
    draft = empty_draft()
    source = request.args.get("from", "")
    if source:
        try:
            draft = draft_of(designs.find_design(source).design)
        except NotFound:
            abort(404)
    return _page(draft, None, None)


@bp.route("/d/<design_id>/<token>/edit", methods=["GET", "POST"])
def edit_design(design_id: str, token: str) -> ResponseReturnValue:
    """The owner's next version of a design: its matches keep the versions they copied."""
    owner = owner_of(design_id, token)
    if request.method == "POST":
        return _posted(owner, token)
    stored = designs.find_design(design_id)
    return _page(draft_of(stored.design), token, stored)


@bp.post("/designs/check")
def check_design() -> Response:
    """The designer's script asks as it is typed: every refusal at its field, and each
    formula's value on the sample numbers (nothing is stored)."""
    posted()
    draft = read_form(request.form)
    checked(draft)
    return jsonify({"errors": draft.errors,
                    "samples": {f"rows-{index}-formula": value
                                for index, value in draft.samples.items()},
                    "keys": {f"rows-{index}-key": row["key"]
                             for index, row in enumerate(draft.rows)}})


def _page(draft: Draft, token: str | None, stored: designs.Stored | None,
          status: int = 200, said: str | None = None,
          version: str | None = None) -> tuple[str, int]:
    if version is None and request.method == "POST":
        version = request.form.get("version")  # what the page was typed over, kept
    return render_template(
        "design/designer.html", draft=draft, token=token, stored=stored, said=said,
        version=version or (str(stored.version) if stored else ""), grammar=GRAMMAR,
        kind_names=KIND_NAMES, field_kinds=FIELD_KINDS, blank=blank_row(),
        most_rows=MOST_ROWS, sample=(SAMPLE_NUMBER, SAMPLE_COUNT, SAMPLE_PLAYERS),
        kept_design=kept_design), status


def _posted(owner: designs.Owner | None, token: str | None) -> ResponseReturnValue:
    posted()
    draft = read_form(request.form)
    action = request.form.get("action", "check")
    stored = designs.find_design(owner.design_id) if owner is not None else None
    if act(draft, action):
        return _page(draft, token, stored)
    design = checked(draft)
    if design is None:
        return _page(draft, token, stored, 422)
    if action not in ("save", "start"):
        return _page(draft, token, stored, said=_("All rows hold together."))
    try:
        if owner is None:
            stored, token = designs.create_design(design, request.remote_addr)
        else:
            stored = designs.new_version(owner, design, _versions())
    except VersionMismatch:
        current = designs.find_design(owner.design_id) if owner is not None else None
        said = _("Someone saved version %(version)s of this design while you were changing "
                 "it. Yours is below: save again to make it the next version, or open the "
                 "design to see theirs.", version=current.version if current else "?")
        # Saving again now means "mine over theirs": the page is typed over theirs.
        return _page(draft, token, current, 409, said,
                     str(current.version) if current else None)
    except ServiceError as error:
        draft.errors[""] = say(error.message)
        return _page(draft, token, stored, error.status)
    assert token is not None
    remember(token, "designs")
    if action == "start":
        return redirect(start_path(stored.id))
    flash(_("Saved as version %(version)s. This page's link changes the design: keep it.",
            version=stored.version), "info")
    return redirect(url_for("web.own_design", design_id=stored.id, token=token))


def _versions() -> set[int] | None:
    """The version the designer was opened at (what a save was typed over)."""
    typed = request.form.get("version", "")
    return {int(typed)} if typed.isascii() and typed.isdigit() and len(typed) < 10 else None
