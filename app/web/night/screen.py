"""The big screen (`/tv/<tv link>`): every table of the current seating with its live totals,
who leads, what is left to play, and the night's standings; a QR code of its own link for
spectators. One event stream for the whole night brings each save within a second."""

from __future__ import annotations

import io

import segno
from flask import Response, abort, render_template, request

from ...errors import ServiceError
from ...services.night import authenticate_night
from ..blueprint import bp
from .view import screen_url, shown, standings_chart


def _screen(token: str, template: str):
    try:
        access = authenticate_night(token, request.remote_addr)
    except ServiceError as error:
        abort(429 if error.status == 429 else 404)
    if access.role != "tv" or access.night_id is None:
        abort(404)
    data = shown(access, access.check(access.night_id))
    return render_template(template, token=token, night=data, link=screen_url(token),
                           chart=standings_chart(data, "large"))


@bp.get("/tv/<token>")
def night_screen(token: str):
    return _screen(token, "night/screen.html")


@bp.get("/tv/<token>/live")
def night_screen_live(token: str):
    """The part of the screen that moves, for its script to swap in."""
    return _screen(token, "night/_screen_live.html")


@bp.get("/tv/<token>/qr.svg")
def night_screen_qr(token: str):
    """The screen's own link as a QR code, for spectators' phones."""
    try:
        access = authenticate_night(token, request.remote_addr)
    except ServiceError:
        abort(404)
    if access.role != "tv":
        abort(404)
    out = io.BytesIO()
    segno.make(screen_url(token), error="m").save(out, kind="svg", scale=6, border=2,
                                                  xmldecl=False, title=None)
    return Response(out.getvalue(), mimetype="image/svg+xml")
