"""What the night's pages share: the night read through a link of its group, its standings as
a chart and a table, and where a phone's links go."""

from __future__ import annotations

from typing import Any

from flask import abort, request, url_for
from flask_babel import gettext as _

from ...errors import ServiceError
from ...games import GAMES
from ...hosting.lan import for_phones
from ...models import Night
from ...services.night.access import NightAccess, authenticate_night
from ...services.night.reads import night_json
from ..blueprint import unknown_link
from ..charts import Chart, bars


def night_link(token: str, role: str) -> tuple[NightAccess, Night]:
    """A night's link for a page of `role`'s (a player's phone, the big screen), and its night:
    404 for any other link, 429 while this address guesses too fast."""
    try:
        access = authenticate_night(token, request.remote_addr)
    except ServiceError as error:
        unknown_link(error)
    if access.role != role or access.night_id is None:
        abort(404)
    return access, access.check(access.night_id)


def group_night(group_id: str, role: str, night_id: str) -> tuple[NightAccess, Night]:
    """The night `night_id` of the group whose link (owner or view) is in the address; another
    group's night, or none, is a plain 404."""
    access = NightAccess(role, group_id=group_id)
    try:
        return access, access.check(night_id)
    except Exception:  # NotFound: a page says 404 in its own way
        abort(404)


def shown(access: NightAccess, night: Night) -> dict[str, Any]:
    """The night as its GET shows it to this link, with what pages add: the game's title, the
    latest seating, and each table's leaders by name."""
    data = night_json(access, night)
    data["title"] = GAMES[night.game].title
    data["latest"] = data["seatings"][-1] if data["seatings"] else []
    for seating in data["seatings"]:
        for table in seating:
            names = {side["index"]: side["name"] for side in table["sides"]}
            leading = table["leaders"] if len(table["leaders"]) < len(names) else []
            table["leader_names"] = [names[i] for i in leading]
            table["winner_names"] = [names[i] for i in table["winners"]]
            # How many people those names are (a partnership is two): "Amira & Chadi lead".
            seats = {side["index"]: len(side["seats"]) for side in table["sides"]}
            table["leader_players"] = sum(seats[i] for i in leading)
            table["winner_players"] = sum(seats[i] for i in table["winners"])
    data["playing"] = [t for t in data["latest"] if t["status"] not in ("banked", "abandoned")]
    return data


def standings_chart(night: dict[str, Any], size: str = "small") -> Chart | None:
    rows = [s for s in night["standings"] if s["played"]]
    if not rows:
        return None
    return bars(f"night-standings-{night['id']}", _("The night's standings"),
                [s["name"] for s in rows],
                [(_("Won"), [s["won"] for s in rows]), (_("Points"), [s["points"] for s in rows])],
                size)


# A night's links as phones open them: on a page opened on the server itself, at an address
# phones can reach (app/hosting/lan.py), as the invite pages' codes are.


def sheet_url(token: str) -> str:
    return for_phones(url_for("web.sheet", token=token, _external=True))


def player_url(token: str) -> str:
    return for_phones(url_for("web.night_phone", token=token, _external=True))


def screen_url(token: str) -> str:
    return for_phones(url_for("web.night_screen", token=token, _external=True))
