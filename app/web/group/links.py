"""A group's links for its owner: QR codes to scan, links to copy or share, and replacing one."""

from __future__ import annotations

import io

import segno
from flask import Response, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ...errors import read_or_invalid
from ...hosting.lan import for_phones, loopback_warning
from ...services.bank.banking import bank_at
from ...services.group import groups
from ...services.group.groups import group_tokens
from ..blueprint import bp, owner_link, refusals_flashed, remember
from ..sheet.forms import CsrfForm, posted
from .page import ROLE_LABELS


def _group_url(secret: str) -> str:
    return for_phones(url_for("web.group", token=secret, _external=True))


@bp.get("/g/<token>/links")
def group_links(token: str) -> str:
    access, version = owner_link(token)
    tokens = group_tokens(access, access.group_id)
    bank = bank_at(access, access.group_id, version)
    entries = [{"label": _("View only"), "role": "view", "url": _group_url(tokens["view"]),
                "qr": url_for("web.group_qr", token=token, role="view"),
                "hint": _("Anyone with it sees the bank, the leaderboards and the charts; "
                          "they can change nothing.")},
               {"label": _("Owner"), "role": "owner", "url": _group_url(tokens["owner"]),
                "qr": url_for("web.group_qr", token=token, role="owner"),
                "hint": _("It can change everything and start matches: share it only with "
                          "whoever keeps the scores.")}]
    return render_template("group/group_links.html", token=token, bank=bank, entries=entries,
                           role_label=str(ROLE_LABELS[access.role]), form=CsrfForm(),
                           loopback=loopback_warning())


@bp.get("/g/<token>/qr/<any(owner, view):role>.svg")
def group_qr(token: str, role: str) -> Response:
    """A group link as a QR code (SVG, drawn here: no outside service sees the link)."""
    access, _version = owner_link(token)
    out = io.BytesIO()
    secret = group_tokens(access, access.group_id)[role]
    segno.make(_group_url(secret), error="m").save(out, kind="svg", scale=6, border=2,
                                                   xmldecl=False, title=None)
    return Response(out.getvalue(), mimetype="image/svg+xml")


@bp.post("/g/<token>/links/replace")
def replace_group_link(token: str) -> ResponseReturnValue:
    access, _version = owner_link(token)
    posted()
    role = request.form.get("role")
    with refusals_flashed(url_for("web.group_links", token=token)):
        tokens = groups.replace_group_link(access, access.group_id,
                                           read_or_invalid(groups.read_role, role))
    if role == "owner":
        remember(tokens["owner"], "groups")
        flash(_("Your owner link is new: the old one no longer works. Keep this page's address."),
              "info")
        return redirect(url_for("web.group_links", token=tokens["owner"]))
    flash(_("New view link made: the old one no longer works."), "info")
    return redirect(url_for("web.group_links", token=token))
