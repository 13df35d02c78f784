"""The pages a night's own links open, on the night's side of the table: a player's phone
(`/n/<player link>`), always at their seat of their current table, and the big screen
(`/tv/<tv link>`) for the room.

The player's link leads to that seat's sheet; the sheet follows the night (night.js) and moves to
the next table by itself when a seating starts, and the link itself is the one-tap way there. The
big screen shows every table of the current seating with its live totals, who leads, what is left
to play, and the night's standings, with a QR code of its own link for spectators: one event
stream for the whole night brings each save within a second."""

from __future__ import annotations

import io

import segno
from flask import Response, jsonify, redirect, render_template, url_for
from flask.typing import ResponseReturnValue

from ...hosting.lan import loopback_warning
from ...services.night.reads import current_seat, night_json
from ..blueprint import bp, remember
from ..group.seasons import screen_season
from .view import night_link, screen_url, shown, standings_chart

# A player's phone -------------------------------------------------------------------------------


def where(token: str) -> str | None:
    """The seat link of the player's current table (None while they sit this seating out)."""
    access, night = night_link(token, "player")
    return current_seat(night.id, access.player_id)


@bp.get("/n/<token>")
def night_phone(token: str) -> ResponseReturnValue:
    seat = where(token)
    if seat is None:
        access, night = night_link(token, "player")
        return render_template("night/waiting.html", token=token, night=night_json(access, night))
    remember(seat)
    return redirect(url_for("web.sheet", token=seat))


@bp.get("/n/<token>/where")
def night_phone_where(token: str) -> Response:
    """Where the player's phone belongs now: their seat's sheet, as its script asks."""
    access, night = night_link(token, "player")
    seat = current_seat(night.id, access.player_id)
    return jsonify({"url": url_for("web.sheet", token=seat) if seat else
                    url_for("web.night_phone", token=token), "ended": bool(night.ended)})


# The big screen ---------------------------------------------------------------------------------


def _screen(token: str, template: str) -> str:
    data = shown(*night_link(token, "tv"))
    return render_template(template, token=token, night=data, link=screen_url(token),
                           chart=standings_chart(data, "large"), loopback=loopback_warning(),
                           season=screen_season(data["group"], data["game"]))


@bp.get("/tv/<token>")
def night_screen(token: str) -> str:
    return _screen(token, "night/screen.html")


@bp.get("/tv/<token>/live")
def night_screen_live(token: str) -> str:
    """The part of the screen that moves, for its script to swap in."""
    return _screen(token, "night/_screen_live.html")


@bp.get("/tv/<token>/qr.svg")
def night_screen_qr(token: str) -> Response:
    """The screen's own link as a QR code, for spectators' phones."""
    night_link(token, "tv")
    out = io.BytesIO()
    segno.make(screen_url(token), error="m").save(out, kind="svg", scale=6, border=2,
                                                  xmldecl=False, title=None)
    return Response(out.getvalue(), mimetype="image/svg+xml")
