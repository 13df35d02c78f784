"""A group's page (`/g/<token>`: the bank, leaderboards, tonight, head to head, charts),
starting a group, and taking a match out of the bank or putting it back."""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ...errors import Conflict, Invalid, read_or_invalid
from ...games import GAMES
from ...i18n import say
from ...services.bank.banking import bank_at
from ...services.bank.ratings import ratings_of
from ...services.bank.stats import group_head_to_head, group_stats, group_tonight
from ...services.group import groups
from ...services.group.groups import GroupChange, change_group, create_group, read_new_group
from ...services.night.reads import group_nights, nights_of_matches
from ..blueprint import bp, done_flashed, group_link, owner_link, remember
from ..sheet.forms import CsrfForm, posted
from . import view as group_view
from .forms import GroupForm, HeadToHeadForm, roster_lines

ROLE_LABELS = {"owner": _l("Owner"), "view": _l("Viewer")}


def page_number(text: str | None, default: int = 1) -> int:
    """A page asked for by `?page=` (a small whole number), else `default`."""
    return int(text) if text and text.isascii() and text.isdigit() and len(text) < 7 else default


@bp.route("/groups/new", methods=["GET", "POST"])
def new_group() -> ResponseReturnValue:
    """Start a group: its name and, if known, who plays."""
    form = GroupForm(request.form if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        status = 422
        if form.validate_on_submit():
            try:
                new = read_or_invalid(read_new_group, form.name.data,
                                      roster_lines(form.roster.data))
                _made, tokens = create_group(new, request.remote_addr)
            except (Invalid, Conflict) as error:
                field = form.name if error.at == ("name",) else form.roster
                field.errors, status = [say(error.message)], error.status
            else:
                remember(tokens["owner"], "groups")
                flash(_("Your group is ready. Keep this page's address: it is the owner link."),
                      "info")
                return redirect(url_for("web.group", token=tokens["owner"]))
    return render_template("group/new_group.html", form=form), status


@bp.get("/g/<token>")
def group(token: str) -> str:
    """The group's page, for its owner link or its view link."""
    access, version = group_link(token)
    remember(token, "groups")
    gid = access.group_id
    bank = bank_at(access, gid, version)
    played = group_view.games_played(bank)
    game = request.args.get("game")
    game = game if game in GAMES else None
    stats = group_stats(access, gid, version, game)
    panels = [panel for g in played if game in (None, g.name)
              for panel in group_view.game_panels(bank, g, group_stats(access, gid, version,
                                                                       g.name))]
    matches, pages = group_view.bank_page(bank, game, page_number(request.args.get("page")))
    h2h_form = HeadToHeadForm(request.args)
    choices = [("", _("choose…"))] + [(str(pid), name) for pid, name in bank.players]
    h2h_form.a.choices, h2h_form.b.choices = choices, choices
    h2h, h2h_error = None, None
    if request.args.get("a") or request.args.get("b"):
        try:
            h2h = group_head_to_head(access, gid, version, request.args.get("a"),
                                              request.args.get("b"), game)
        except Invalid as error:
            h2h_error = say(error.message)
    tonight = group_tonight(access, gid, version)
    nights_page = page_number(request.args.get("nights"))
    nights, nights_pages = group_nights(gid, nights_page)
    nights_page = min(nights_page, nights_pages)
    # With ratings off no page shows one (SPEC section 8): nothing rated reaches the template.
    rated = ({g.name: ratings_of(bank, g.name) for g in played} if bank.ratings
             else {})
    return render_template(
        "group/group.html", token=token, access=access, role_label=str(ROLE_LABELS[access.role]),
        bank=bank, played=played, game=game, stats=stats, panels=panels,
        wins_chart=group_view.wins_chart(bank, stats, game), matches=matches,
        page=min(max(1, page_number(request.args.get("page"))), pages), pages=pages,
        h2h_form=h2h_form, h2h=h2h, h2h_error=h2h_error, tonight=tonight,
        evening=group_view.evening_label(tonight), games=GAMES, view=group_view,
        rated=rated, nights=nights, nights_page=nights_page, nights_pages=nights_pages,
        night_of=nights_of_matches([match.id for match in matches]), form=CsrfForm(),
        seasons=group_view.seasons_listed(gid, page_number(request.args.get("seasons"))))


@bp.post("/g/<token>/ratings/<any(on, off):switch>")
def switch_ratings(token: str, switch: str) -> ResponseReturnValue:
    """The owner switches the group's skill ratings on or off."""
    access, _version = owner_link(token)
    posted()
    change_group(access, access.group_id, GroupChange(ratings=switch == "on"))
    flash(_("Ratings are on: each game's leaderboard shows them beside the win rate.")
          if switch == "on" else _("Ratings are off: no page shows them."), "info")
    return redirect(url_for("web.group", token=token, _anchor="ratings"))


@bp.post("/g/<token>/matches/<match_id>/<any(out, back):move>")
def take_out(token: str, match_id: str, move: str) -> ResponseReturnValue:
    """The owner takes a banked match out of the bank (a practice game), or puts it back."""
    access, version = owner_link(token)
    posted()
    return done_flashed(url_for("web.group", token=token, _anchor="bank"),
                        lambda: groups.take_out(access, access.group_id, match_id, move == "out"),
                        _("Taken out of the bank: it counts in no statistics.") if move == "out"
                        else _("Back in the bank."))
