"""The night's page for the group's links (`/g/<token>/nights/<id>`): each table of the latest
seating with its players, a QR code per player (their own link) and one for the big screen;
the next seating (refused while a table plays, saying which), who is here, the night's end,
and its standings, charted. The view link sees it all but the codes and the buttons."""

from __future__ import annotations

import io

import segno
from flask import Response, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ...errors import read_or_invalid
from ...hosting.lan import loopback_warning
from ...live.streams import night_stream
from ...services.bank.banking import bank_at
from ...services.night.nights import end_night, join_roster, next_seating, read_present
from ...services.night.reads import player_token
from ..blueprint import bp, done_flashed, group_link, owner_link, refusals_flashed
from ..sheet.forms import posted
from .view import group_night, player_url, screen_url, shown, standings_chart


def _page(token: str, night_id: str, template: str = "night/night.html",
          status: int = 200) -> tuple[str, int]:
    access, version = group_link(token)
    night_access, night = group_night(access.group_id, access.role, night_id)
    data = shown(night_access, night)
    roster = bank_at(access, access.group_id, version).players
    return render_template(template, token=token, owner=access.role == "owner", night=data,
                           roster=roster, chart=standings_chart(data),
                           tv_link=screen_url(data["tokens"]["tv"]) if "tokens" in data else None,
                           player_links={p["player"]: player_url(p["token"])
                                         for p in data.get("tokens", {}).get("players", [])},
                           loopback=loopback_warning() if "tokens" in data else None), status


@bp.get("/g/<token>/nights/<night_id>")
def night_page(token: str, night_id: str) -> tuple[str, int]:
    return _page(token, night_id)


@bp.get("/g/<token>/nights/<night_id>/live")
def night_page_live(token: str, night_id: str) -> tuple[str, int]:
    """The part of the page that moves (tables and standings), for its script to swap in."""
    return _page(token, night_id, "night/_night_live.html")


@bp.get("/g/<token>/nights/<night_id>/events")
def night_page_events(token: str, night_id: str) -> Response:
    access, _version = group_link(token)
    group_night(access.group_id, access.role, night_id)
    return night_stream(token, night_id)


@bp.post("/g/<token>/nights/<night_id>/seatings")
def night_seating(token: str, night_id: str) -> ResponseReturnValue:
    """The next seating, of the players ticked as here."""
    access, _version = owner_link(token)
    night_access, _night = group_night(access.group_id, "owner", night_id)
    posted()
    present = [int(p) for p in request.form.getlist("present")
               if p.isascii() and p.isdigit() and len(p) < 10]
    names = [line.strip() for line in request.form.get("new_names", "").splitlines()
             if line.strip()]
    back = url_for("web.night_page", token=token, night_id=night_id)
    with refusals_flashed(back):
        if names:  # newcomers join the roster, and this seating
            present += [p for p in join_roster(access, access.group_id, names)
                        if p not in present]
        next_seating(night_access, night_id, read_or_invalid(read_present, present))
    flash(_("The next seating has begun: every player's phone moves to their new table."),
          "info")
    return redirect(back)


@bp.post("/g/<token>/nights/<night_id>/end")
def night_end(token: str, night_id: str) -> ResponseReturnValue:
    access, _version = owner_link(token)
    night_access, _night = group_night(access.group_id, "owner", night_id)
    posted()
    return done_flashed(url_for("web.night_page", token=token, night_id=night_id),
                        lambda: end_night(night_access, night_id),
                        _("The night has ended. Its standings stay here."))


@bp.get("/g/<token>/nights/<night_id>/qr/<what>.svg")
def night_qr(token: str, night_id: str, what: str) -> Response:
    """A player's link (`player-<id>`) or the big screen's (`tv`) as a QR code, drawn here."""
    access, _version = owner_link(token)
    _access, night = group_night(access.group_id, "owner", night_id)
    if what == "tv":
        link = screen_url(next(t.secret for t in night.tokens if t.role == "tv"))
    elif what.startswith("player-") and what[7:].isascii() and what[7:].isdigit():
        secret = player_token(night.id, int(what[7:])) if len(what) < 20 else None
        link = player_url(secret) if secret else abort(404)
    else:
        abort(404)
    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", scale=5, border=2, xmldecl=False,
                                     title=None)
    return Response(out.getvalue(), mimetype="image/svg+xml")
