"""Starting a match of a design: the new-match page's choice of one (the gallery, this phone's own
designs, another game designed here or imported), and the design the new-match form then shows."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from flask import render_template, session, url_for

from ...errors import NotFound
from ...games.custom import GAME as CUSTOM
from ...games.custom import kept_design
from ...services.design.designs import Stored, find_design, owned_design, shipped
from ..blueprint import RECENT_LIMIT
from ..site import local_path
from .words import design_name

# Where "Save and start a match" goes: the new-match form that asked for a design (the app's,
# or a group's), kept in the phone's session rather than in an address a group's link would
# travel in.
THEN = "design_then"
DATA = "opt_design"


def start_path(design_id: str) -> str:
    """The new-match form that asked for a design, with `design_id` chosen."""
    then = local_path(session.get(THEN) or url_for("web.new_match", game_name=CUSTOM.name))
    return chosen(then, design_id)


def chosen(path: str, design_id: str) -> str:
    """The new-match form at `path` (maybe with a query of its own) with the design chosen."""
    return f"{path}{'&' if '?' in path else '?'}{DATA}={quote(design_id, safe='')}"


def own_designs() -> list[tuple[Stored, str]]:
    """The designs whose owner link this phone holds (newest first), each with that link."""
    found = []
    for secret in session.get("designs", [])[:RECENT_LIMIT]:
        stored = owned_design(secret) if isinstance(secret, str) else None
        if stored is not None:
            found.append((stored, secret))
    return found


def choose_design(path: str) -> str:
    """The new-match page at `path` before a design is chosen: the gallery, this phone's
    designs, and another game designed or imported here."""
    session[THEN] = local_path(path)
    gallery = [Stored(design_id, 1, design, gallery=True)
               for design_id, design in shipped().items()]
    return render_template("design/choose.html", path=local_path(path), gallery=gallery,
                           own=own_designs(), kept_design=kept_design, chosen=chosen)


def start_context(form: Any) -> dict[str, Any]:
    """What the new-match form shows of the design it starts (its id in the form's
    `opt_design`): the design, its name for the page's heading (never the generic sheet's),
    and the options it has no use for (a tally's end). A fresh
    form takes a rounds design's own end as its line."""
    field = form[DATA]
    chosen = field.data if isinstance(field.data, str) else ""
    try:
        stored = find_design(chosen) if chosen else None
    except NotFound:
        stored = None
    if stored is None:
        return {"start_partial": "design/_start.html", "design": None, "hidden_options": ()}
    design = kept_design(stored.design)
    if design.scoring == "game":
        hidden: tuple[str, ...] = ("target", "rounds")
    else:
        hidden = ()
        if not form.is_submitted():
            form["opt_target"].data, form["opt_rounds"].data = design.target, design.rounds
    return {"start_partial": "design/_start.html", "design": design, "stored": stored,
            "hidden_options": hidden, "players": design.players,
            "start_title": design_name(design)}
