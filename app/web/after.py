"""After a match: banking it into a group this phone knows, and the rematch every phone follows.

The sheet is drawn once per version and link and kept (drawn.py), so what depends on the phone
rather than the link (the groups it remembers) is put in per request, where the sheet keeps a
slot for it."""

from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from markupsafe import Markup

from .. import services
from ..errors import ServiceError
from ..services.matches import next_link
from ..i18n import say
from .blueprint import bp, link_access, remember
from .forms import CellForm

# Where the over banner's choice of groups goes in a kept sheet.
GROUPS_SLOT = "<!--@@groups-slot@@-->"


def owned_groups() -> list[dict[str, Any]]:
    """The groups whose owner link this phone has opened (their links still work)."""
    return [group for group in services.recent_groups(session.get("groups", []))
            if group["role"] == "owner"]


def with_groups(html: str) -> str:
    """The kept sheet with this phone's groups put in its slot (where it has one)."""
    if GROUPS_SLOT not in html:
        return html
    groups = owned_groups()
    chosen = render_template("_bank_into.html", groups=groups) if groups else ""
    # As text: Markup's own replace would escape what it puts in.
    return Markup(str(html).replace(GROUPS_SLOT, str(chosen)))


@bp.app_template_global()
def groups_slot() -> Markup:
    return Markup(GROUPS_SLOT)


@bp.post("/m/<token>/bank")
def bank(token: str):
    """Bank a match that is over; one of no group may go into a group this phone owns."""
    access = link_access(token)
    form = CellForm()
    if not form.validate_on_submit():
        abort(400)
    body, chosen = None, request.form.get("group") or ""
    if chosen:
        group = next((g for g in owned_groups() if g["id"] == chosen), None)
        if group is None:
            flash(_("This phone no longer holds that group's owner link: open it once, "
                    "then bank again."), "error")
            return redirect(url_for("web.sheet", token=token))
        body = {"group": group["id"], "group_token": group["token"]}
    try:
        services.bank(access, access.match_id, body=body)
    except ServiceError as error:
        if error.status == 403 and body is None:
            abort(403)
        flash(say(error.message), "error")
    else:
        flash(_("Match banked.") if body is None else _("Match banked into the group's bank."),
              "info")
    return redirect(url_for("web.sheet", token=token))


@bp.post("/m/<token>/rematch")
def rematch(token: str):
    """The host's one tap on a finished match: the next one, same players, options and group."""
    access = link_access(token)
    if access.role != "host":
        abort(403)
    form = CellForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        _made, tokens = services.rematch(access, access.match_id, address=request.remote_addr)
    except ServiceError as error:
        flash(say(error.message), "error")
        return redirect(url_for("web.sheet", token=token))
    remember(tokens["host"])
    flash(_("The rematch has begun: every phone on the last match is offered its new link."),
          "info")
    return redirect(url_for("web.sheet", token=tokens["host"]))


def next_match(view: Any) -> dict[str, str] | None:
    """This link's own link to the rematch (a seat's to its seat), once there is one."""
    match = view.match
    return next_link(match.next_id, view.access) if match.next_id else None


@bp.app_template_global()
def next_match_url(view: Any) -> str | None:
    found = next_match(view)
    return url_for("web.sheet", token=found["token"]) if found else None
