"""A group's seasons on its pages (SPEC section 11): a season's page (its whole table, its chart
of each player's counted points over time, its rules in a sentence), and the owner's forms to
start, change and delete one; the group page's list of them is view.py's `seasons_listed`."""

from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import format_date, ngettext
from flask_babel import gettext as _

from ...cache import kept
from ...errors import Invalid, NotFound, Refusal, ServiceError, read_or_invalid
from ...games import GAMES
from ...i18n import language, say
from ...services import dates
from ...services.bank.seasons import (
    Rules,
    SeasonFields,
    Table,
    change_season,
    create_season,
    current_table,
    delete_season,
    group_name,
    read_season,
    season_table,
)
from ...services.group.groups import GroupAccess
from .. import charts
from ..blueprint import bp, group_link, owner_link, refusals_flashed
from ..sheet.forms import posted
from .forms import SeasonForm
from .page import ROLE_LABELS, page_number
from .view import days_said, game_said, top_of

CHART_DAYS = 60  # days the chart draws at most (spread over the season, the last included)
# A season's table lists this many players a page (SPEC section 6: a roster of 1,000 would
# make a page of every one).
TABLE_PAGE = 100


def rules_said(rules: Rules) -> str:
    """best_of and at_least in a sentence each, as the season's page and the form say them."""
    counted = (ngettext("Each player's best match counts.",
                        "Each player's best %(num)s matches count.", rules.best_of)
               if rules.best_of else _("Every match counts."))
    ranked = (ngettext("One match is enough to be ranked.",
                       "A player is ranked from %(num)s matches on; who played fewer is listed "
                       "after the ranked players, without a rank.", rules.at_least)
              if rules.at_least else _("Everyone who played is ranked."))
    return f"{counted} {ranked}"


def screen_season(group_id: str, game: str) -> dict[str, Any] | None:
    """The big screen's season: the current one of the night's game (or of every game), its
    top five (and who shares fifth); None while none runs or nobody is ranked yet."""
    table = current_table(group_id, game)
    top = top_of(table.rows) if table else []
    return {"table": table, "top": top} if table and top else None


def over_time_chart(table: Table) -> charts.Chart | None:
    """Lines: each of the table's first players' counted points at the end of each day of the
    season with a match (at most CHART_DAYS days, spread evenly, the last one kept); after its
    first day alone, a bar each."""
    if not table.days or not table.over_time:
        return None
    if len(table.days) == 1:
        # One day is one column of dots, the players level hidden behind each other: bars show
        # each one.
        return charts.bars(f"season-{table.id}", _("Counted points after one day"),
                           [name for name, _values in table.over_time],
                           [(_("Counted points"),
                             [values[0] or 0 for _name, values in table.over_time])])
    picked = list(range(len(table.days)))
    if len(picked) > CHART_DAYS:
        step = len(picked) / CHART_DAYS
        picked = sorted({int(i * step) for i in range(CHART_DAYS)} | {len(picked) - 1})
    labels = [format_date(table.days[i], "d MMM") for i in picked]
    series = [(name, [values[i] for i in picked]) for name, values in table.over_time]
    return charts.lines_over(f"season-{table.id}", _("Counted points over the season"), labels,
                             series, _("day, first to last"),
                             table_labels=[format_date(table.days[i], "d MMM y")
                                           for i in picked])


def _season_or_404(access: GroupAccess, version: int, season_id: int) -> Table:
    try:
        return season_table(access, access.group_id, version, season_id)
    except NotFound:
        abort(404)


@bp.get("/g/<token>/seasons/<int:season_id>")
def season(token: str, season_id: int) -> str:
    access, version = group_link(token)
    table = _season_or_404(access, version, season_id)
    pages = max(1, -(-len(table.rows) // TABLE_PAGE))
    page = min(page_number(request.args.get("page")), pages)
    return render_template(
        "group/season.html", token=token, access=access,
        role_label=str(ROLE_LABELS[access.role]), table=table, rules=rules_said(table.rules),
        days=days_said(table.rules), game=game_said(table.rules.game),
        group_name=group_name(access.group_id), chart=chart_kept(table),
        shown=table.rows[(page - 1) * TABLE_PAGE: page * TABLE_PAGE], page=page, pages=pages,
        first=(page - 1) * TABLE_PAGE + 1)


def chart_kept(table: Table) -> charts.Chart | None:
    """The season's chart, drawn once per version of its table and language, and kept."""

    def make() -> tuple[charts.Chart | None, int, bool]:
        chart = over_time_chart(table)
        return chart, 2 * len(chart.svg) + 500 if chart else 100, True

    return kept(("chart", "season", table.id, table.version, table.rules, language()), make)


def _form_page(token: str, form: SeasonForm, season_id: int | None, status: int = 200
               ) -> tuple[str, int]:
    form.game.choices = [("", _("Every game"))] + [(g.name, say(g.title))
                                                    for g in GAMES.values()]
    return render_template("group/season_form.html", token=token, form=form,
                           season_id=season_id, days={"min": dates.FIRST.isoformat(),
                                                      "max": dates.LAST.isoformat()}), status


def _fields(form: SeasonForm, creating: bool) -> SeasonFields | Refusal:
    """The form's season as its fields read (every one given: an empty one cleared), or the
    refusal of the field at fault. A count is read as a whole number where it is one; anything
    else is passed on for the reading to refuse by its field."""

    def count(text: str | None) -> int | str | None:
        if not text:
            return None
        return int(text) if text.isascii() and text.isdigit() and len(text) < 9 else text

    return read_or_invalid(read_season, {
        "name": form.name.data, "starts": form.starts.data, "ends": form.ends.data or None,
        "game": form.game.data or None, "best_of": count(form.best_of.data),
        "at_least": count(form.at_least.data)}, creating)


def _saved(token: str, form: SeasonForm, access: GroupAccess, season_id: int | None
           ) -> ResponseReturnValue:
    """The form's season made or changed, or the form again with what is wrong by field."""
    if not form.validate_on_submit():
        if "csrf_token" in form.errors:
            abort(400)
        return _form_page(token, form, season_id, 422)
    try:
        if season_id is None:
            made = create_season(access, access.group_id, _fields(form, True))
            season_id = made.id
        else:
            change_season(access, access.group_id, season_id, _fields(form, False))
    except Invalid as error:
        field = getattr(form, str(error.at[0]) if error.at else "name", form.name)
        field.errors = [say(error.message)]
        return _form_page(token, form, season_id, 422)
    except ServiceError as error:
        if error.status == 404:
            abort(404)
        raise
    flash(_("The season is saved: its table counts the bank's matches of its days."), "info")
    return redirect(url_for("web.season", token=token, season_id=season_id))


@bp.route("/g/<token>/seasons/new", methods=["GET", "POST"])
def new_season(token: str) -> ResponseReturnValue:
    access, _version = owner_link(token)
    if request.method == "POST":
        return _saved(token, SeasonForm(request.form), access, None)
    return _form_page(token, SeasonForm(formdata=None), None)


@bp.route("/g/<token>/seasons/<int:season_id>/edit", methods=["GET", "POST"])
def edit_season(token: str, season_id: int) -> ResponseReturnValue:
    access, version = owner_link(token)
    table = _season_or_404(access, version, season_id)
    if request.method == "POST":
        return _saved(token, SeasonForm(request.form), access, season_id)
    rules = table.rules
    return _form_page(token, SeasonForm(formdata=None, data={
        "name": rules.name, "starts": rules.starts.isoformat(),
        "ends": rules.ends.isoformat() if rules.ends else "", "game": rules.game or "",
        "best_of": str(rules.best_of or ""), "at_least": str(rules.at_least or "")}),
        season_id)


@bp.post("/g/<token>/seasons/<int:season_id>/delete")
def remove_season(token: str, season_id: int) -> ResponseReturnValue:
    access, _version = owner_link(token)
    posted()
    back = url_for("web.season", token=token, season_id=season_id)
    with refusals_flashed(back):
        delete_season(access, access.group_id, season_id)
    flash(_("The season is deleted; the bank's matches stay as they were."), "info")
    return redirect(url_for("web.group", token=token, _anchor="seasons-title"))

