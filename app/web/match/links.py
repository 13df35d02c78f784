"""The host's links for the table: QR codes to scan, links to share, and replacing a link."""

from __future__ import annotations

import io

import segno
from flask import Response, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ...errors import read_or_invalid
from ...hosting.lan import for_phones, loopback_warning
from ...services.match.links import read_link
from ...services.match.links import replace_link as replace_link_
from ...services.match.links import tokens as tokens_
from ...services.match.sheet import load_sheet
from ..blueprint import bp, host_access, refusals_flashed
from ..games import view_of
from ..sheet.forms import posted
from .forms import ReplaceLinkForm


def _small_number(text: str | None) -> int:
    """A seat number as typed in a path or form; anything else is a number no seat has."""
    if text and text.isascii() and text.isdigit() and len(text) <= 3:
        return int(text)
    return 10**6


def _link(secret: str) -> str:
    return for_phones(url_for("web.sheet", token=secret, _external=True))


@bp.get("/m/<token>/links")
def links(token: str) -> str:
    access = host_access(token)
    view = view_of(load_sheet(access.match_id), access)
    tokens = tokens_(access, access.match_id)
    entries = [{"label": name, "role": "seat", "seat": seat, "url": _link(secret),
                "qr": url_for("web.qr", token=token, which=f"seat-{seat}")}
               for seat, (name, secret)
               in enumerate(zip(view.sheet.players, tokens["seats"], strict=True))]
    entries.append({"label": _("View only"), "role": "view", "seat": None,
                    "url": _link(tokens["view"]),
                    "qr": url_for("web.qr", token=token, which="view")})
    host = {"url": _link(tokens["host"])}
    return render_template("match/links.html", token=token, view=view, entries=entries, host=host,
                           form=ReplaceLinkForm(), loopback=loopback_warning())


@bp.get("/m/<token>/qr/<which>.svg")
def qr(token: str, which: str) -> Response:
    """A link as a QR code (SVG, drawn here: no outside service sees the link)."""
    access = host_access(token)
    tokens = tokens_(access, access.match_id)
    if which == "view":
        secret = tokens["view"]
    elif which.startswith("seat-") and _small_number(which[5:]) < len(tokens["seats"]):
        secret = tokens["seats"][int(which[5:])]
    else:
        abort(404)
    out = io.BytesIO()
    segno.make(_link(secret), error="m").save(out, kind="svg", scale=6, border=2,
                                              xmldecl=False, title=None)
    return Response(out.getvalue(), mimetype="image/svg+xml")


@bp.post("/m/<token>/links/replace")
def replace_link(token: str) -> ResponseReturnValue:
    access = host_access(token)
    form = ReplaceLinkForm(request.form)
    posted(form)
    seat = _small_number(form.seat.data) if form.role.data == "seat" else None
    with refusals_flashed(url_for("web.links", token=token)):
        tokens = replace_link_(access, access.match_id,
                               read_or_invalid(read_link, form.role.data, seat))
    if form.role.data == "host":
        flash(_("Your host link is new: the old one no longer works. Keep this page's address."),
              "info")
        return redirect(url_for("web.links", token=tokens["host"]))
    flash(_("New link made: the old one no longer works."), "info")
    return redirect(url_for("web.links", token=token))
