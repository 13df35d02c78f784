"""The sheet's pages: the sheet itself for every link (kept per version), the table view for a
tablet, and the host's buttons on it (delete a round, undo, abandon)."""

from __future__ import annotations

from collections.abc import Callable

from flask import flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_wtf.csrf import generate_csrf as csrf_token
from markupsafe import Markup
from werkzeug.wrappers import Response

from ...cache import kept
from ...i18n import language
from ...services.match import edits, history, writes
from ...services.match.access import Access
from ...services.match.characters import phone_seat
from ...services.match.sheet import load_sheet
from ..blueprint import bp, host_access, link_access, link_access_at, refusals_flashed, remember
from ..games import GamePages, pages_of, view_of
from ..sheet.drawn import Rendered, draw, sheet_page
from ..sheet.forms import CsrfForm, posted
from ..sheet.secrets import phone_key
from ..sheet.words import ROUNDS, RoundWords


@bp.get("/m/<token>")
def sheet(token: str) -> ResponseReturnValue:
    access, version = link_access_at(token)
    remember(token)
    drawn, focus = _kept_sheet(token, access, version), request.args.get("focus")
    if focus:
        return sheet_page(token, drawn.with_csrf(csrf_token()).with_focus(focus))
    return sheet_page(token, drawn, csrf=csrf_token())


def _kept_sheet(token: str, access: Access, version: int) -> Rendered:
    """The sheet of one version for one link: everything on it follows from the version, and
    from which seat's hidden character this phone's key opens, so it is drawn once per
    pair and kept in the app's cache (the form's CSRF token is put in per request)."""
    loaded, opened, key = None, None, phone_key(access)
    if key is not None:  # only a phone that typed a secret holds a key
        loaded = load_sheet(access.match_id)
        opened = phone_seat(loaded, access, key)

    def make() -> tuple[Rendered, int, bool]:
        view = view_of(loaded or load_sheet(access.match_id), access)
        rendered = draw(token, view)
        return rendered, rendered.size, (view.match.version == version
                                         and view.opened_seat == opened)

    return kept(("page", token, version, opened, language()), make)


@bp.post("/m/<token>/round/<int:number>/delete")
def delete_round(token: str, number: int) -> Response:
    access = link_access(token)
    words = pages_of(load_sheet(access.match_id).game.name).round_words
    return _act(token, lambda: writes.delete_round(access, access.match_id, number),
                words.of("deleted", number=number), words)


@bp.post("/m/<token>/undo")
def undo(token: str) -> Response:
    access = link_access(token)
    return _act(token, lambda: history.undo(access, access.match_id), _("Undone."))


@bp.get("/m/<token>/table")
def table(token: str) -> str:
    """The sheet for a tablet in the middle of the table: big totals, the last round. Drawn
    once per version and link, and kept (SPEC section 6), as the sheet is; the page around it
    is put together per request."""
    access, version = link_access_at(token)

    def make() -> tuple[tuple[Markup, str, str, GamePages], int, bool]:
        view = view_of(load_sheet(access.match_id), access)
        drawn = Markup(render_template("sheet/table_fragment.html", token=token, view=view))
        return (drawn, view.match.id, view.match_name, pages_of(view.sheet.game.name)), (
            2 * len(drawn) + 200), view.match.version == version

    drawn, match_id, name, pages = kept(("table", token, version, language()), make)
    if request.args.get("fragment"):
        return drawn
    return render_template("sheet/table.html", token=token, drawn=drawn, match_id=match_id,
                           name=name, game=pages)


@bp.route("/m/<token>/abandon", methods=["GET", "POST"])
def abandon(token: str) -> ResponseReturnValue:
    access = host_access(token)
    if request.method == "POST":
        return _act(token, lambda: edits.abandon(access, access.match_id),
                    _("Match abandoned."))
    view = view_of(load_sheet(access.match_id), access)
    return render_template("match/abandon.html", token=token, view=view, form=CsrfForm())


def _act(token: str, action: Callable[[], object], done: str,
         words: RoundWords = ROUNDS) -> Response:
    """One of the host's buttons on the sheet: done, or refused, said on the sheet."""
    posted()
    back = url_for("web.sheet", token=token)
    with refusals_flashed(back, words.service_said, forbidden_page=True):
        action()
    flash(done, "info")
    return redirect(back)
