"""The home page (the matches and groups this phone knows) and starting a match: the new-match
form for a game, and the match it describes made (also from a group's roster)."""

from __future__ import annotations

from flask import abort, flash, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...errors import Conflict, Invalid, NotFound, read_or_invalid
from ...games import GAMES, Game
from ...i18n import num, say
from ...services.bank.ratings import match_chances
from ...services.group.groups import GroupAccess, recent_groups
from ...services.match import answers
from ...services.match.create import create_match, read_new_match
from ..blueprint import bp, remember
from ..games import pages_of
from ..group.forms import GroupForm
from ..site import here
from ..words import isolated, whole_percents
from .forms import (
    StartForm,
    check_seat_options,
    new_match_form,
    option_values,
    start_faults,
)


@bp.get("/")
def home() -> str:
    recent = answers.recent(session.get("recent", []))
    for item in recent:  # a match called by more than its game: a design's own name
        item["game"] = pages_of(item["sheet"].match.game).title(item["sheet"])
    groups = recent_groups(session.get("groups", []))
    return render_template("match/home.html", games=GAMES.values(), recent=recent, groups=groups,
                           group_form=GroupForm(formdata=None))


@bp.route("/new/<game_name>", methods=["GET", "POST"])
def new_match(game_name: str) -> ResponseReturnValue:
    game = GAMES.get(game_name) or abort(404)
    form, answered = new_match_answered(game)
    if answered is not None:
        return answered
    status = 422 if request.method == "POST" else 200
    return render_template("match/new_match.html", game=game, form=form,
                           faults=start_faults(form),
                           **pages_of(game.name).start_context(form)), status


def chooser(game: Game, form: StartForm) -> str | None:
    """The game's own page that chooses what its new-match form carries (a design), where
    the form asks for that and carries none yet (the address's `opt_<name>` chooses it)."""
    pages = pages_of(game.name)
    carried = [spec.name for spec in game.options if spec.kind == "data"]
    if pages.chooser is None or not carried:
        return None
    for name in carried:
        if request.method == "GET":
            form[f"opt_{name}"].data = request.args.get(f"opt_{name}", "")
        if not form[f"opt_{name}"].data:
            return pages.chooser(here())
    return None


def new_match_answered(game: Game, group: GroupAccess | None = None
                       ) -> tuple[StartForm, ResponseReturnValue | None]:
    """The new-match form as this request brings it, and what answers the request before the
    form's page is drawn: the game's own chooser, or a POST's match started (in `group`, its
    owner's access, if any). None on a GET, or on a POST whose form says what is wrong."""
    form = new_match_form(game, request.form if request.method == "POST" else None)
    answered: ResponseReturnValue | None = chooser(game, form)
    if answered is None and request.method == "POST":
        answered = start_match(game, form, group=group)
    return form, answered


def start_match(game: Game, form: StartForm, group: GroupAccess | None = None
                ) -> Response | None:
    """Start the match the new-match form describes (in `group`, its owner's access, if any):
    the host's sheet, or None with the form's fields saying what is wrong."""
    if not form.validate_on_submit():
        return None
    typed = [(i, entry.data.strip()) for i, entry in enumerate(form.players.entries)
             if entry.data and entry.data.strip()]
    # A seat option names a player by the order the names are typed: one past them is said
    # beside it in those words (too few names at all is the service's to say).
    if len(typed) >= game.min_players and not check_seat_options(form, game, len(typed)):
        return None
    seats = [i for i, _name in typed]
    new = read_or_invalid(read_new_match, game.name, [name for _i, name in typed],
                          option_values(form, game), form.name.data or None)
    try:
        made, tokens = create_match(new, request.remote_addr, group=group)
    except (Invalid, Conflict, NotFound) as error:  # a group's: two names one person's, 409
        _place_error(form, error, seats)
        return None
    remember(tokens["host"])
    odds = match_chances(group, made) if group is not None else None
    if odds:
        percents = whole_percents([chance for _side, chance in odds])
        flash(_("Chances of winning, from the group's ratings: %(chances)s.",
                chances=_(", ").join(_("%(side)s %(percent)s%%", side=isolated(side),
                                       percent=num(percent))
                                     for (side, _chance), percent in zip(odds, percents,
                                                                         strict=True))), "info")
    return redirect(url_for("web.sheet", token=tokens["host"]))


def _place_error(form: StartForm, error: Invalid | Conflict | NotFound,
                 seats: list[int]) -> None:
    """The refusal beside the field it names (by its place: `("players", 1)` is the second
    name typed; the players as a whole: beside their list), else above the form."""
    match error.at:
        case ("players", int(index)):
            form.players.entries[seats[index]].errors = [say(error.message)]
        case ("players",) if len(seats) > getattr(error.message, "values", {}).get("most", 99):
            # Too many names: said of the players as a whole (no line is the one at fault).
            form.players_errors.append(say(error.message))
        case ("players",):
            # Too few: at the first empty line, where a name would go.
            empty = [i for i in range(len(form.players.entries)) if i not in seats]
            form.players.entries[empty[0] if empty else 0].errors = [say(error.message)]
        case ("options", str(name), *_inside) if hasattr(form, f"opt_{name}"):
            getattr(form, f"opt_{name}").errors = [say(error.message)]
        case ("name",):
            form.name.errors = [say(error.message)]
        case _:
            form.form_errors.append(say(error.message))
