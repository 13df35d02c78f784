"""Starting a game night from the group's page: the owner ticks who is here (and types new
names), picks the game, its options and the table size; the night's page follows."""

from __future__ import annotations

from flask import abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...errors import Conflict, Invalid, NotFound, read_or_invalid
from ...games import GAMES, Game
from ...i18n import say
from ...services.bank.banking import bank_at
from ...services.group.groups import GroupAccess
from ...services.night.nights import create_night, join_roster, read_night_plan
from ..blueprint import bp, owner_link
from ..games import pages_of
from ..match.forms import StartForm, new_match_form, option_values
from ..match.start import chooser
from ..words import isolated


def _typed_names(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def _table_size(game: Game) -> int | None:
    typed = request.form.get("table_size", "")
    return int(typed) if typed.isascii() and typed.isdigit() and len(typed) < 3 else None


@bp.route("/g/<token>/nights/new", methods=["GET", "POST"])
def new_night(token: str) -> ResponseReturnValue:
    """The game first (a link each), then who is here, the options and the table size."""
    access, version = owner_link(token)
    bank = bank_at(access, access.group_id, version)
    game = GAMES.get(request.args.get("game", "")) if request.args.get("game") else None
    if game is None:
        if request.method == "POST":
            abort(404)
        return render_template("night/start.html", token=token, bank=bank, game=None,
                               games=GAMES.values())
    form = new_match_form(game, request.form if request.method == "POST" else None)
    choose = chooser(game, form)
    if choose is not None:
        return choose
    ticked: set[int] = set()
    errors: dict[str, str] = {}
    status = 200
    if request.method == "POST":
        ticked = {int(p) for p in request.form.getlist("present") if p.isascii() and p.isdigit()
                  and len(p) < 10}
        made = _start(access, token, game, form, ticked, errors)
        if made is not None:
            return made
        status = 422
    sizes = list(range(game.min_players, game.max_players + 1))
    return render_template(
        "night/start.html", token=token, bank=bank, game=game, form=form, ticked=ticked,
        errors=errors, sizes=sizes, typed=request.form.get("new_names", ""),
        seating=request.form.get("seating", "mixed"),
        table_size=request.form.get("table_size", ""), name=request.form.get("name", ""),
        **pages_of(game.name).start_context(form)), status


def _start(access: GroupAccess, token: str, game: Game, form: StartForm, ticked: set[int],
           errors: dict[str, str]) -> Response | None:
    """The night the form describes, or None with `errors` saying what is wrong (by field)."""
    if not form.validate_on_submit():
        return None
    names = _typed_names(request.form.get("new_names", ""))
    try:
        joined = join_roster(access, access.group_id, names) if names else []
        plan = read_or_invalid(
            read_night_plan, game.name, [*ticked, *(p for p in joined if p not in ticked)],
            _table_size(game), option_values(form, game), request.form.get("name") or None,
            request.form.get("seating") or "mixed")
        night = create_night(access, access.group_id, plan)
    except (Invalid, Conflict, NotFound) as error:  # a design gone meanwhile: 404
        match error.at:
            case ("options", str(name), *_inside) if hasattr(form, f"opt_{name}"):
                getattr(form, f"opt_{name}").errors = [say(error.message)]
            case (("players" | "table_size" | "name" | "seating") as field, *_inside):
                errors[field] = say(error.message)
            case _:
                errors["players"] = say(error.message)
        return None
    flash(_("%(name)s has begun: show each player their code.", name=isolated(night.name)),
          "info")
    return redirect(url_for("web.night_page", token=token, night_id=night.id))
