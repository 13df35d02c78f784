"""A group's owner at work: the roster (add, rename, merge), the group's links (QR codes, copy,
share, replace), and starting a match from the roster."""

from __future__ import annotations

import io

import segno
from flask import Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from .. import services
from ..errors import Conflict, Invalid, ServiceError
from ..games import GAMES
from ..i18n import say
from .bank_forms import MergeForm, PlayerForm
from .blueprint import bp, remember
from .forms import CellForm, new_match_form
from .groups import ROLE_LABELS, group_link, owner_link
from .routes import start_match


def _roster_page(token: str, access, version, add=None, rename=None, renamed=None, merge=None,
                 status: int = 200):
    bank = services.bank_at(access, access.group_id, version)
    choices = [(str(pid), name) for pid, name in bank.players]
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
               for pid, name in bank.players}
    return render_template(
        "roster.html", token=token, access=access, role_label=str(ROLE_LABELS[access.role]),
        bank=bank, played=played, add=add or PlayerForm(formdata=None, prefix="add"),
        renames=renames, renamed=renamed, merge=merge), status


@bp.get("/g/<token>/players")
def roster(token: str):
    access, version = group_link(token)
    return _roster_page(token, access, version)


@bp.post("/g/<token>/players")
def add_player(token: str):
    access, version = owner_link(token)
    form, status = PlayerForm(request.form, prefix="add"), 422
    if form.validate_on_submit():
        try:
            player = services.add_player(access, access.group_id, form.name.data)
        except (Invalid, Conflict) as error:
            form.name.errors, status = [say(error.message)], error.status
        else:
            flash(_("%(name)s joined the roster.", name=player.name), "info")
            return redirect(url_for("web.roster", token=token))
    return _roster_page(token, access, version, add=form, status=status)


@bp.post("/g/<token>/players/<int:player_id>")
def rename_player(token: str, player_id: int):
    access, version = owner_link(token)
    form, status = PlayerForm(request.form, prefix=f"p{player_id}"), 422
    if form.validate_on_submit():
        try:
            player = services.rename_player(access, access.group_id, player_id, form.name.data)
        except (Invalid, Conflict) as error:
            form.name.errors, status = [say(error.message)], error.status
        except ServiceError as error:
            if error.status == 404:
                abort(404)
            raise
        else:
            flash(_("Renamed: %(name)s.", name=player.name), "info")
            return redirect(url_for("web.roster", token=token))
    return _roster_page(token, access, version, rename=form, renamed=player_id, status=status)


@bp.post("/g/<token>/merge")
def merge_players(token: str):
    access, version = owner_link(token)
    form, status = MergeForm(request.form), 422
    bank = services.bank_at(access, access.group_id, version)
    choices = [(str(pid), name) for pid, name in bank.players]
    form.player.choices, form.into.choices = choices, choices
    if form.validate_on_submit():
        try:
            player = services.merge_players(access, access.group_id, int(form.player.data),
                                            int(form.into.data))
        except (Invalid, Conflict) as error:
            form.into.errors, status = [say(error.message)], error.status
        except ServiceError as error:
            if error.status != 404:
                raise
            form.player.errors, status = [say(error.message)], 404
        else:
            flash(_("Merged: their matches are %(name)s's now.", name=player.name), "info")
            return redirect(url_for("web.roster", token=token))
    return _roster_page(token, access, version, merge=form, status=status)


def _group_url(secret: str) -> str:
    return url_for("web.group", token=secret, _external=True)


@bp.get("/g/<token>/links")
def group_links(token: str):
    access, version = owner_link(token)
    tokens = services.group_tokens(access, access.group_id)
    bank = services.bank_at(access, access.group_id, version)
    entries = [{"label": _("View only"), "role": "view", "url": _group_url(tokens["view"]),
                "qr": url_for("web.group_qr", token=token, role="view"),
                "hint": _("Anyone with it sees the bank, the leaderboards and the charts; "
                          "they can change nothing.")},
               {"label": _("Owner"), "role": "owner", "url": _group_url(tokens["owner"]),
                "qr": url_for("web.group_qr", token=token, role="owner"),
                "hint": _("It can change everything and start matches: share it only with "
                          "whoever keeps the scores.")}]
    return render_template("group_links.html", token=token, bank=bank, entries=entries,
                           role_label=str(ROLE_LABELS[access.role]), form=CellForm())


@bp.get("/g/<token>/qr/<any(owner, view):role>.svg")
def group_qr(token: str, role: str):
    """A group link as a QR code (SVG, drawn here: no outside service sees the link)."""
    access, _version = owner_link(token)
    out = io.BytesIO()
    secret = services.group_tokens(access, access.group_id)[role]
    segno.make(_group_url(secret), error="m").save(out, kind="svg", scale=6, border=2,
                                                   xmldecl=False, title=None)
    return Response(out.getvalue(), mimetype="image/svg+xml")


@bp.post("/g/<token>/links/replace")
def replace_group_link(token: str):
    access, _version = owner_link(token)
    if not CellForm().validate_on_submit():
        abort(400)
    role = request.form.get("role")
    try:
        tokens = services.replace_group_link(access, access.group_id, role)
    except ServiceError as error:
        flash(say(error.message), "error")
        return redirect(url_for("web.group_links", token=token))
    if role == "owner":
        remember(tokens["owner"], "groups")
        flash(_("Your owner link is new: the old one no longer works. Keep this page's address."),
              "info")
        return redirect(url_for("web.group_links", token=tokens["owner"]))
    flash(_("New view link made: the old one no longer works."), "info")
    return redirect(url_for("web.group_links", token=token))


@bp.route("/g/<token>/new/<game_name>", methods=["GET", "POST"])
def group_match(token: str, game_name: str):
    """Start a match in the group: roster names tapped into seat order (new names join the
    roster), the game's options as the group last played them."""
    access, version = owner_link(token)
    game = GAMES.get(game_name) or abort(404)
    bank = services.bank_at(access, access.group_id, version)
    form = new_match_form(game, request.form if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        started = start_match(game, form, group=access)
        if started is not None:
            return started
        status = 422
    else:
        last = services.last_options(access.group_id, game.name) or {}
        for spec in game.options:
            if spec.name in last and spec.kind != "seat":
                form[f"opt_{spec.name}"].data = last[spec.name]
    return render_template("new_match.html", game=game, form=form, group=bank, token=token,
                           roster=[name for _, name in bank.players],
                           last_played=services.last_options(access.group_id, game.name)
                           is not None), status
