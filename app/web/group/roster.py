"""A group's roster (add, rename, merge players), and starting a match from it: roster names
tapped into seat order."""

from __future__ import annotations

from flask import abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ...errors import Conflict, Invalid, ServiceError, read_or_invalid
from ...games import GAMES
from ...i18n import say
from ...services.bank.banking import bank_at
from ...services.group.groups import GroupAccess, last_options
from ...services.group.roster import add_player as add_player_
from ...services.group.roster import merge_players as merge_players_
from ...services.group.roster import read_player_name
from ...services.group.roster import rename_player as rename_player_
from ..blueprint import bp, group_link, owner_link
from ..games import pages_of
from ..match.forms import start_faults
from ..match.start import new_match_answered
from ..words import isolated
from .forms import MergeForm, PlayerForm
from .page import ROLE_LABELS, page_number

# Players listed a page at a time (SPEC section 6: no page grows with what a client stored): a
# roster of 1,000 was 786 KB and 0.44 s a drawing on one page.
ROSTER_PAGE = 50


def _roster_page(token: str, access: GroupAccess, version: int, add: PlayerForm | None = None,
                 rename: PlayerForm | None = None, renamed: int | None = None,
                 merge: MergeForm | None = None, status: int = 200) -> tuple[str, int]:
    bank = bank_at(access, access.group_id, version)
    choices = [(str(pid), name) for pid, name in bank.players]
    pages = max(1, -(-len(bank.players) // ROSTER_PAGE))
    at = next((i for i, (pid, _name) in enumerate(bank.players) if pid == renamed), None)
    page = min(max(1, page_number(request.args.get("page"))), pages) if at is None \
        else at // ROSTER_PAGE + 1
    listed = bank.players[(page - 1) * ROSTER_PAGE: page * ROSTER_PAGE]
    if merge is None:
        merge = MergeForm(formdata=None, data={"into": choices[1][0] if len(choices) > 1
                                               else None})
    merge.player.choices, merge.into.choices = choices, choices
    played: dict[int, int] = {}
    for match in bank.counted:
        for finish in match.players:
            if finish.player is not None:
                played[finish.player] = played.get(finish.player, 0) + 1
    renames = {pid: rename if pid == renamed and rename is not None
               else PlayerForm(formdata=None, prefix=f"p{pid}", data={"name": name})
               for pid, name in listed}
    return render_template(
        "group/roster.html", token=token, access=access, role_label=str(ROLE_LABELS[access.role]),
        bank=bank, listed=listed, page=page, pages=pages, first=(page - 1) * ROSTER_PAGE + 1,
        played=played, add=add or PlayerForm(formdata=None, prefix="add"),
        renames=renames, renamed=renamed, merge=merge), status


@bp.get("/g/<token>/players")
def roster(token: str) -> tuple[str, int]:
    access, version = group_link(token)
    return _roster_page(token, access, version)


@bp.post("/g/<token>/players")
def add_player(token: str) -> ResponseReturnValue:
    access, version = owner_link(token)
    form, status = PlayerForm(request.form, prefix="add"), 422
    if form.validate_on_submit():
        try:
            player = add_player_(access, access.group_id,
                                 read_or_invalid(read_player_name, form.name.data))
        except (Invalid, Conflict) as error:
            form.name.errors, status = [say(error.message)], error.status
        else:
            flash(_("%(name)s joined the roster.", name=isolated(player.name)), "info")
            return redirect(url_for("web.roster", token=token))
    return _roster_page(token, access, version, add=form, status=status)


@bp.post("/g/<token>/players/<int:player_id>")
def rename_player(token: str, player_id: int) -> ResponseReturnValue:
    access, version = owner_link(token)
    form, status = PlayerForm(request.form, prefix=f"p{player_id}"), 422
    if form.validate_on_submit():
        try:
            player = rename_player_(access, access.group_id, player_id,
                                    read_or_invalid(read_player_name, form.name.data))
        except (Invalid, Conflict) as error:
            form.name.errors, status = [say(error.message)], error.status
        except ServiceError as error:
            if error.status == 404:
                abort(404)
            raise
        else:
            flash(_("Renamed: %(name)s.", name=isolated(player.name)), "info")
            return redirect(url_for("web.roster", token=token, page=request.args.get("page"),
                                    _anchor=f"player-{player_id}"))
    return _roster_page(token, access, version, rename=form, renamed=player_id, status=status)


@bp.post("/g/<token>/merge")
def merge_players(token: str) -> ResponseReturnValue:
    access, version = owner_link(token)
    form, status = MergeForm(request.form), 422
    bank = bank_at(access, access.group_id, version)
    choices = [(str(pid), name) for pid, name in bank.players]
    form.player.choices, form.into.choices = choices, choices
    if form.validate_on_submit():
        try:
            player = merge_players_(access, access.group_id, int(form.player.data),
                                            int(form.into.data))
        except (Invalid, Conflict) as error:
            form.into.errors, status = [say(error.message)], error.status
        except ServiceError as error:
            if error.status != 404:
                raise
            form.player.errors, status = [say(error.message)], 404
        else:
            flash(_("Merged: their matches are %(name)s's now.", name=isolated(player.name)),
                  "info")
            return redirect(url_for("web.roster", token=token))
    return _roster_page(token, access, version, merge=form, status=status)


@bp.route("/g/<token>/new/<game_name>", methods=["GET", "POST"])
def group_match(token: str, game_name: str) -> ResponseReturnValue:
    """Start a match in the group: roster names tapped into seat order (new names join the
    roster), the game's options as the group last played them."""
    access, version = owner_link(token)
    game = GAMES.get(game_name) or abort(404)
    bank = bank_at(access, access.group_id, version)
    form, answered = new_match_answered(game, group=access)
    if answered is not None:
        return answered
    if request.method == "POST":
        status = 422  # the form says beside its fields what is wrong
    else:
        status = 200
        last = last_options(access.group_id, game.name) or {}
        for spec in game.options:
            if spec.name in last and spec.kind not in ("seat", "data"):
                form[f"opt_{spec.name}"].data = last[spec.name]
    return render_template("match/new_match.html", game=game, form=form,
                           faults=start_faults(form), group=bank, token=token,
                           roster=[name for _, name in bank.players],
                           last_played=last_options(access.group_id, game.name)
                           is not None, **pages_of(game.name).start_context(form)), status
