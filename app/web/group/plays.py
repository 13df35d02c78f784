"""A group's recorded plays on its pages (SPEC section 14): the owner's phone form that logs one
(its game picked, the most recently played first, or a new one typed; the roster's players as
chips, guests typed; scores and wins), a play's own page, and the owner's correction and
deletion of one."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask import Response, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ...errors import Conflict, Invalid, NotFound, read_or_invalid
from ...services.bank.banking import Bank, Summary, bank_at
from ...services.group.groups import GroupAccess
from ...services.match.access import match_version
from ...services.plays import games as played_games
from ...services.plays import plays
from ...services.plays.games import GameFields, read_game
from ...services.text import fold
from ..blueprint import bp, group_link, owner_link, refusals_flashed
from ..match.share import result_card
from ..sheet.forms import CsrfForm, posted
from . import play_form
from .page import ROLE_LABELS
from .play_form import Typed
from .view import duration


def games_by_recency(access: GroupAccess, bank: Bank) -> list[dict[str, Any]]:
    """The group's played games (with their ways), the most recently played first, then the
    others by name."""
    listed = played_games.list_games(access, bank.id)
    order: dict[int, int] = {}
    for match in bank.matches:
        if match.played_game is not None:
            order.setdefault(match.played_game[0], len(order))
    return sorted(listed, key=lambda game: order.get(game["id"], len(order)))


def _form_page(token: str, access: GroupAccess, bank: Bank, typed: Typed,
               match_id: str | None, status: int = 200) -> tuple[str, int]:
    games = games_by_recency(access, bank)
    return render_template(
        "group/play_form.html", token=token, bank=bank, games=games, typed=typed,
        match_id=match_id, roster=bank.players, form=CsrfForm(),
        faults=play_form.faults(typed, bank.players),
        flags=zip(play_form.FLAGS, play_form.FLAG_LABELS, strict=True)), status


def _saved(token: str, access: GroupAccess, bank: Bank, match_id: str | None
           ) -> ResponseReturnValue:
    """The form's play logged (or corrected), or the form again with what is wrong beside its
    field and what was typed kept."""
    posted()
    typed = play_form.from_form(request.form, {pid for pid, _name in bank.players})
    games = {str(game["id"]): game for game in games_by_recency(access, bank)}
    chosen = games.get(typed.game)
    made: GameFields | None = None
    if chosen is None and typed.game != "new":
        typed.errors["game"] = _("Choose the game, or a new one and type its name.")
    elif chosen is None and not typed.new_game:
        typed.errors["new_game"] = _("Type the new game's name.")
    elif chosen is None:  # a game of a name the group has is that game
        chosen = next((game for game in games.values()
                       if fold(game["name"]) == fold(typed.new_game)), None)
        if chosen is None:
            read = read_or_invalid(read_game, {
                "name": typed.new_game, "highest_wins": "lowest_wins" not in typed.flags,
                **{flag: flag in typed.flags for flag in play_form.FLAGS[1:]}})
            if isinstance(read, GameFields):
                made = read
            else:
                play_form.place_refusal(typed, read, game=True)
    cooperative = bool(chosen["cooperative"] if chosen else made and made.cooperative)
    built = play_form.body_of(typed, chosen["id"] if chosen else 0, cooperative)
    if built is None or typed.errors:
        return _form_page(token, access, bank, typed, match_id, 422)
    fields = read_or_invalid(plays.read_play, built.body)
    if isinstance(fields, (Invalid, Conflict)):
        play_form.place_refusal(typed, fields, built.keys)
        return _form_page(token, access, bank, typed, match_id, 422)
    added = None
    try:
        if made is not None:
            plays.refuse_unplaceable(fields.players, made.ways)  # before its game is added
            added = played_games.add_game(access, bank.id, made)
            fields = replace(fields, game=added.id)
        if match_id is None:
            match, game = plays.log_play(access, bank.id, fields)
        else:
            match, game = plays.correct_play(access, bank.id, match_id, fields)
    except (Invalid, Conflict) as error:
        if added is not None:  # the new game goes with the play it came for
            played_games.delete_game(access, bank.id, added.id)
        play_form.place_refusal(typed, error, built.keys)
        return _form_page(token, access, bank, typed, match_id, 422)
    except NotFound:
        abort(404)
    flash(_("The play of %(game)s is in the bank.", game=game.name) if match_id is None
          else _("The play is corrected."), "info")
    return redirect(url_for("web.play", token=token, match_id=match.id))


@bp.route("/g/<token>/plays/new", methods=["GET", "POST"])
def log_play(token: str) -> ResponseReturnValue:
    """Log a play: a result entered after the fact, banked as it is made."""
    access, version = owner_link(token)
    bank = bank_at(access, access.group_id, version)
    if request.method == "POST":
        return _saved(token, access, bank, None)
    return _form_page(token, access, bank, play_form.fresh(), None)


def _the_play(bank: Bank, match_id: str) -> Summary:
    found = next((match for match in bank.matches
                  if match.id == match_id and match.played_game is not None), None)
    if found is None:
        abort(404)
    return found


@bp.get("/g/<token>/plays/<match_id>")
def play(token: str, match_id: str) -> str:
    """A recorded play: its game, when, how long, its note, and each player's result."""
    access, version = group_link(token)
    bank = bank_at(access, access.group_id, version)
    summary = _the_play(bank, match_id)
    game = next((g for g in played_games.list_games(access, bank.id)
                 if summary.played_game and g["id"] == summary.played_game[0]), None)
    minutes = int((summary.banked_at - summary.started_at).total_seconds() // 60)
    return render_template(
        "group/play.html", token=token, access=access, bank=bank, play=summary, game=game,
        role_label=str(ROLE_LABELS[access.role]), duration=duration(summary) if minutes else None,
        finishes=sorted(summary.players, key=lambda f: (f.rank, f.seat)))


@bp.get("/g/<token>/plays/<match_id>/card.png")
def play_card(token: str, match_id: str) -> Response:
    """A recorded play's result card, to share (drawn once per version and language)."""
    access, version = group_link(token)
    _the_play(bank_at(access, access.group_id, version), match_id)
    png = result_card(match_id, match_version(match_id) or 1)
    if png is None:
        abort(404)
    response = Response(png, mimetype="image/png")
    response.headers["Content-Disposition"] = 'inline; filename="squarescores-result.png"'
    response.headers["Cache-Control"] = "private, max-age=60"
    return response


@bp.route("/g/<token>/plays/<match_id>/edit", methods=["GET", "POST"])
def correct_play(token: str, match_id: str) -> ResponseReturnValue:
    """Correct a recorded play: the same form, filled in as it was entered."""
    access, version = owner_link(token)
    bank = bank_at(access, access.group_id, version)
    _the_play(bank, match_id)
    if request.method == "POST":
        return _saved(token, access, bank, match_id)
    try:
        entered = plays.as_entered(access, bank.id, match_id)
    except NotFound:
        abort(404)
    cooperative = any(game["id"] == entered.game and game["cooperative"]
                      for game in played_games.list_games(access, bank.id))
    return _form_page(token, access, bank, play_form.from_play(entered, cooperative), match_id)


@bp.route("/g/<token>/plays/<match_id>/delete", methods=["GET", "POST"])
def delete_play(token: str, match_id: str) -> ResponseReturnValue:
    """Delete a recorded play, once asked again: it leaves the bank and every statistic."""
    access, version = owner_link(token)
    bank = bank_at(access, access.group_id, version)
    summary = _the_play(bank, match_id)
    if request.method == "GET":
        return render_template("group/play_delete.html", token=token, play=summary,
                               form=CsrfForm())
    posted()
    with refusals_flashed(url_for("web.play", token=token, match_id=match_id)):
        plays.delete_play(access, bank.id, match_id)
    flash(_("The play is deleted."), "info")
    return redirect(url_for("web.group", token=token, _anchor="bank"))
