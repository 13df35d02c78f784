"""A player's phone (`/n/<player link>`): always at their seat of their current table. The link
leads to that seat's sheet; the sheet follows the night (night.js) and moves to the next table
by itself when a seating starts, and the link itself is the one-tap way there."""

from __future__ import annotations

from flask import Response, jsonify, redirect, render_template, url_for
from flask.typing import ResponseReturnValue

from ...services.night.reads import current_seat, night_json
from ..blueprint import bp, remember
from .view import night_link


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
    seat = where(token)
    return jsonify({"url": url_for("web.sheet", token=seat) if seat else
                    url_for("web.night_phone", token=token)})
