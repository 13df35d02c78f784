"""The big screen (`/tv/<tv link>`): every table of the current seating with its live totals,
who leads, what is left to play, and the night's standings; a QR code of its own link for
spectators. One event stream for the whole night brings each save within a second."""

from __future__ import annotations

import io

import segno
from flask import Response, render_template

from ..blueprint import bp
from .view import night_link, screen_url, shown, standings_chart


def _screen(token: str, template: str) -> str:
    data = shown(*night_link(token, "tv"))
    return render_template(template, token=token, night=data, link=screen_url(token),
                           chart=standings_chart(data, "large"))


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
