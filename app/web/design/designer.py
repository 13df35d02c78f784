"""The designer on a phone: a new design, or its owner's next version, as plain forms (rows added,
moved and removed by buttons the server answers, each formula checked on Check); with its script,
the same without a page load, and each formula checked as it is typed."""

from __future__ import annotations

import re

from flask import abort, flash, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
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
from .words import KIND_NAMES, grammar


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


# What each field is called on the page (its label there), for the list of faults at the top.
TOP_LABELS = {"name": _l("Name"), "least": _l("Fewest players"), "most": _l("Most players"),
              "scoring": _l("Scoring"), "rounds": _l("Rounds (optional)"),
              "target": _l("Target (optional)"), "name_de": _l("Name in German"),
              "name_ar": _l("Name in Arabic"), "rows": _l("Rows")}
ROW_LABELS = {"label": _l("Label"), "kind": _l("Kind"), "min": _l("Lowest value"),
              "max": _l("Highest value"), "options": _l("Answers, one a line, with their "
                                                         "points after “=”"),
              "of": _l("Compares the players on the row keyed"),
              "at_least": _l("Takes a place from (optional)"), "formula": _l("Formula"),
              "key": _l("Key"), "de": _l("Label in German"), "ar": _l("Label in Arabic"),
              "options_de": _l("Answers in German, one a line"),
              "options_ar": _l("Answers in Arabic, one a line")}
PAGE_ORDER = ("label", "kind", "min", "max", "points", "options", "of", "at_least", "formula",
              "key", "de", "ar", "options_de", "options_ar")
POINTS_LABELS = {"count": _l("Points each"), "check": _l("Points when ticked"),
                 "rank": _l("Points of the places, the first place's first")}


def faults(draft: Draft) -> list[tuple[str | None, str, str]]:
    """Each refusal of the draft in the page's order, as the list at its top says it: the
    field's id (None for the design whole), where it is ("Row 4: Points each"), the message."""
    said: list[tuple[tuple[int, ...], str | None, str, str]] = []
    for name, message in draft.errors.items():
        found = re.fullmatch(r"rows-(\d+)-(\w+)", name)
        if found and int(found.group(1)) < len(draft.rows):
            index, part = int(found.group(1)), found.group(2)
            kind = draft.rows[index]["kind"]
            label = POINTS_LABELS.get(kind, _("Points")) if part == "points" \
                else ROW_LABELS.get(part, part)
            where = _("%(row)s: %(field)s", row=_("Row %(number)s", number=index + 1),
                      field=label)
            order: tuple[int, ...] = (2, index, PAGE_ORDER.index(part)
                                      if part in PAGE_ORDER else 99)
        elif (tied := re.fullmatch(r"tiebreak-(\d+)-row", name)) is not None:
            where = _("Tie-break %(number)s", number=int(tied.group(1)) + 1)
            order = (4, int(tied.group(1)))
        elif name in TOP_LABELS:
            where = str(TOP_LABELS[name])
            order = (3,) if name == "rows" else (1, list(TOP_LABELS).index(name))
        else:
            said.append(((0,), None, "", message))
            continue
        said.append((order, name, where, message))
    return [(name, where, message) for _order, name, where, message in sorted(
        said, key=lambda fault: fault[0])]


def _page(draft: Draft, token: str | None, stored: designs.Stored | None,
          status: int = 200, said: str | None = None,
          version: str | None = None) -> tuple[str, int]:
    if version is None and request.method == "POST":
        version = request.form.get("version")  # what the page was typed over, kept
    return render_template(
        "design/designer.html", draft=draft, token=token, stored=stored, said=said,
        version=version or (str(stored.version) if stored else ""), grammar=grammar(),
        kind_names=KIND_NAMES, field_kinds=FIELD_KINDS, blank=blank_row(),
        most_rows=MOST_ROWS, sample=(SAMPLE_NUMBER, SAMPLE_COUNT, SAMPLE_PLAYERS),
        kept_design=kept_design, faults=faults(draft),
        saving=request.form.get("action") in ("save", "start")), status


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
