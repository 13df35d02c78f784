"""Where a group's results go (SPEC section 12), its owner's page: add a destination (a sentence
for each kind and each event), send it a test, remove it, and read its latest deliveries in
plain words."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from flask import flash, make_response, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue
from flask_babel import format_datetime, ngettext
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from markupsafe import Markup

from ...errors import ServiceError, read_or_invalid
from ...i18n import LANGUAGES, say
from ...services.bank.banking import bank_at
from ...services.group.groups import GroupAccess
from ...services.notify import destinations as service
from ...services.notify.outbox import EVENTS
from ..blueprint import bp, done_flashed, owner_link
from ..sheet.forms import posted
from .page import ROLE_LABELS

KINDS = {
    "notify": (_l("A chat, a phone or e-mail"),
               _l("An Apprise URL: Discord, Telegram, Matrix, ntfy, Slack, e-mail and many "
                  "more. The message comes in the language you choose, with the result card "
                  "where the service takes pictures."),
               "discord://webhook_id/webhook_token"),
    "webhook": (_l("A program of your own (webhook)"),
                _l("Each event is sent to its URL as JSON, signed with a secret this page shows "
                   "you once: Home Assistant, a bot, a spreadsheet's script."),
                "https://example.org/squarescores-hook"),
}
EVENT_WORDS = {
    "match_banked": (_l("A match is banked"),
                     _l("The game, the sides in order with their totals, the winners.")),
    "match_unbanked": (_l("A banking is taken back"), _l("A typo found afterwards.")),
    "night_started": (_l("A game night begins"), _l("Who sits at which table.")),
    "seating_started": (_l("The next seating of a night"),
                        _l("The new tables, and the standings so far.")),
    "night_ended": (_l("A game night ends"), _l("Its standings.")),
    "test": (_l("Test message"), ""),
}
REACHES = {"public": _l("This server sends to the internet only, encrypted (NOTIFY_NETWORKS)."),
           "private": _l("This server also sends to its own network: Home Assistant on the LAN, "
                         "say (NOTIFY_NETWORKS)."),
           "any": _l("This server sends anywhere, itself included (NOTIFY_NETWORKS).")}


def delivery_words(delivery: dict[str, Any]) -> Markup:
    """A delivery as a person reads it: what happened, and what comes next."""
    code = delivery["code"]
    answer = (_("answered %(code)s", code=code) if code is not None
              else _("no answer"))
    tries = delivery["attempts"]
    # Every value said is the server's own (a status code, a moment): the sentence is markup,
    # its moment a <time> the phone says in its own zone (times.js).
    if delivery["status"] == "delivered":
        return Markup(_("Delivered (%(answer)s).", answer=answer))
    if delivery["status"] == "pending":
        return Markup(_("Waiting to be sent."))
    if delivery["status"] == "retrying":
        return Markup(ngettext("Not delivered yet (%(answer)s): tried once, trying again at "
                        "%(when)s.", "Not delivered yet (%(answer)s): tried %(num)s times, "
                        "trying again at %(when)s.", tries, answer=answer,
                        when=_when(delivery["next_attempt_at"])))
    return Markup(_("Failed after %(tries)s tries (last: %(answer)s).", tries=tries,
                    answer=answer))


def _when(at: str | None) -> Markup:
    """A moment of the server's (UTC), as a <time> each phone shows in its own zone; the
    server's own words for it until the page's script runs, and without one."""
    if not at:
        return Markup("")
    return Markup('<time datetime="%s" data-local="moment">%s</time>') % (
        at, format_datetime(datetime.fromisoformat(at), "short"))


def _page(token: str, access: GroupAccess, version: int, asked: dict[str, Any] | None = None,
          errors: dict[str, str] | None = None, secret: str | None = None,
          status: int = 200) -> tuple[str, int]:
    bank = bank_at(access, access.group_id, version)
    shown = service.listed(access, access.group_id)
    for destination in shown:
        for delivery in destination["deliveries"]:
            delivery["words"] = delivery_words(delivery)
            delivery["when"] = _when(delivery["at"])
    networks = service.networks()
    return render_template(
        "group/destinations.html", token=token, bank=bank, destinations=shown,
        role_label=str(ROLE_LABELS[access.role]), kinds=KINDS, event_words=EVENT_WORDS,
        events=EVENTS, languages=LANGUAGES, reaches=REACHES[networks],
        asked=asked or {"kind": "notify", "url": "", "events": ["match_banked"],
                        "language": "en"},
        errors=errors or {}, secret=secret, most=service.MOST,
        full=len(shown) >= service.MOST), status


# Where the session carries a webhook's secret from its Add to the page it leads to, once.
SECRET_SHOWN = "destination_secret"


@bp.get("/g/<token>/destinations")
def destinations(token: str) -> ResponseReturnValue:
    access, version = owner_link(token)
    kept = session.pop(SECRET_SHOWN, None)
    secret = kept.get("secret") if isinstance(kept, dict) and kept.get("group") == \
        access.group_id else None
    html, status = _page(token, access, version, secret=secret)
    response = make_response(html, status)
    if secret is not None:  # shown this once: never kept by a cache, nor shown by Back
        response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/g/<token>/destinations")
def add_destination(token: str) -> ResponseReturnValue:
    """A destination added, answered by a redirect to the page (a reload adds nothing again);
    a webhook's secret goes there in the session, shown once and gone from it."""
    access, version = owner_link(token)
    posted()
    asked = {"kind": request.form.get("kind", ""), "url": request.form.get("url", ""),
             "events": request.form.getlist("events"),
             "language": request.form.get("language", "en")}
    try:
        _made, secret = service.add(access, access.group_id,
                                    read_or_invalid(service.read_destination, asked))
    except ServiceError as refusal:
        errors = {refusal.field or "form": say(refusal.message)}
        return _page(token, access, version, asked, errors, status=refusal.status)
    if secret is None:
        flash(_("Added: its first message goes out with the next event. Send a test to see "
                "it arrive."), "info")
        return redirect(url_for("web.destinations", token=token), 303)
    session[SECRET_SHOWN] = {"group": access.group_id, "secret": secret}
    return redirect(url_for("web.destinations", token=token), 303)


@bp.post("/g/<token>/destinations/<destination_id>/test")
def test_destination(token: str, destination_id: str) -> ResponseReturnValue:
    return _to_destination(token, destination_id, service.test,
                           _("A test message is on its way: its delivery shows below in a "
                             "moment."))


@bp.post("/g/<token>/destinations/<destination_id>/remove")
def remove_destination(token: str, destination_id: str) -> ResponseReturnValue:
    return _to_destination(token, destination_id, service.remove,
                           _("Removed: nothing more goes there."))


def _to_destination(token: str, destination_id: str,
                    act: Callable[[GroupAccess, str, str], object], done: str
                    ) -> ResponseReturnValue:
    """The owner's button on one destination: `act` on it, then back to the page saying `done`."""
    access, _version = owner_link(token)
    posted()
    return done_flashed(url_for("web.destinations", token=token),
                        lambda: act(access, access.group_id, destination_id), done)
