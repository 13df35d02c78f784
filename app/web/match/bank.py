"""A match banked (into a group this phone owns, where it is of none), and the rematch every
phone at the table follows to its own next link."""

from __future__ import annotations

from typing import Any

from flask import flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ...services.bank import banking
from ...services.match.answers import next_link
from ...services.match.rematch import rematch as rematch_
from ...services.match.sheet import load_sheet
from ..blueprint import bp, done_flashed, host_access, link_access, refusals_flashed, remember
from ..games import view_of
from ..sheet.drawn import owned_groups
from ..sheet.forms import posted


@bp.post("/m/<token>/bank")
def bank(token: str) -> ResponseReturnValue:
    """Bank a match that is over, once the phone has said yes to it (a banked match is read
    only); one of no group may go into a group this phone owns."""
    access = link_access(token)
    posted()
    filing: banking.Filing | None = None
    chosen, group = request.form.get("group") or "", None
    if chosen:
        group = next((g for g in owned_groups() if g["id"] == chosen), None)
        if group is None:
            flash(_("This phone no longer holds that group's owner link: open it once, "
                    "then bank again."), "error")
            return redirect(url_for("web.sheet", token=token))
        filing = banking.Filing(group["id"], group["token"])
    if request.form.get("confirmed") != "yes" and access.role != "view":
        view = view_of(load_sheet(access.match_id), access)
        if view.status == "over":
            return render_template("match/bank.html", token=token, view=view, group=group)
    # Into a group: its owner link may have been replaced since (a 403 said on the sheet).
    return done_flashed(url_for("web.sheet", token=token),
                        lambda: banking.bank(access, access.match_id, filing=filing),
                        _("Match banked.") if filing is None
                        else _("Match banked into the group's bank."),
                        forbidden_page=filing is None)


@bp.post("/m/<token>/unbank")
def unbank(token: str) -> ResponseReturnValue:
    """The host takes a banking back (a mistake found afterwards): the match is over again."""
    access = host_access(token)
    posted()
    return done_flashed(url_for("web.sheet", token=token),
                        lambda: banking.unbank(access, access.match_id),
                        _("The banking is taken back: the match is over again, and out of the "
                          "bank."))


@bp.post("/m/<token>/rematch")
def rematch(token: str) -> ResponseReturnValue:
    """The host's one tap on a finished match: the next one, same players, options and group."""
    access = host_access(token)
    posted()
    with refusals_flashed(url_for("web.sheet", token=token)):
        _made, tokens = rematch_(access, access.match_id, address=request.remote_addr)
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
