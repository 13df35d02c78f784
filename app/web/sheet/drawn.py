"""The sheet drawn as HTML, for the page, its live fragment and the app's cache of both.

A sheet is drawn once per version and link and kept, so what belongs to the phone rather than
the link (its CSRF token, the groups it may bank into) is put in per request, where the drawing
keeps a slot for it (and for the link back to its group). The kept drawing is also kept encoded,
cut at its slots: a read sends those pieces as they are, with what it puts in the slots between
them, and copies none of it (a 2.9 MB sheet took 26 ms a read, copied six times over)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from flask import Response, render_template, request, session
from flask_babel import ngettext
from flask_wtf.csrf import generate_csrf as csrf_token
from markupsafe import Markup

from ...i18n import num
from ...services.bank.banking import standings
from ...services.group.groups import group_link_of, recent_groups
from ...services.match.history import last_undoable, latest_changes
from ...services.match.sheet import Sheet
from ...services.night.reads import follow_link
from ..blueprint import bp
from ..words import FSI, PDI, spoken_plain
from .announce import announcement
from .view import SheetView

# Where the form's CSRF token goes in a sheet drawn once and kept: each request puts its own in.
CSRF_SLOT = "@@csrf-slot@@"


# A cell a page may be sent to after a save (view.focus_after): a seat's input or button.
FOCUS = re.compile(r"s\d{1,2}")

# Where the over banner's choice of groups goes in a kept sheet.
GROUPS_SLOT = "<!--@@groups-slot@@-->"
# Where the link back to the match's group goes: which of the group's links depends on the
# phone (the ones it has opened), and the group may replace its links without the match changing.
GROUP_LINK_SLOT = "<!--@@group-link-slot@@-->"
SLOTS = (CSRF_SLOT, GROUPS_SLOT, GROUP_LINK_SLOT)
_AT_SLOTS = re.compile("(" + "|".join(re.escape(slot) for slot in SLOTS) + ")")
# Where the sheet goes in the page drawn around it for one read.
_SHEET_HERE = "<!--@@the-sheet@@-->"


# The matches a result card and a link preview show: over (not yet banked) or banked.
SHOWN = ("over", "banked")


def finish_order(sheet: Sheet) -> list[tuple[Any, int]]:
    """The sides in rank order (ties in side order), each with its place among the sides: two
    partnerships finish 1 and 2, where the bank's seat ranks say 1, 1, 3, 3; ties share a place
    and the next is skipped (1, 1, 3)."""
    ranks = {standing.side: standing.rank for standing in standings(sheet)}
    order = sorted(sheet.sides, key=lambda side: (ranks[side.index], side.index))
    return [(side, 1 + sum(ranks[other.index] < ranks[side.index] for other in order))
            for side in order]


def open_graph(sheet_view: Any) -> dict[str, str] | None:
    """The title and description a link preview shows, for a finished match opened through
    its view link; None for any other link (SPEC: no host or seat link in such a tag)."""
    if sheet_view.access.role != "view" or sheet_view.status not in SHOWN:
        return None
    sheet = sheet_view.sheet
    order = finish_order(sheet)
    winners = [side.name for side, _ in order if side.index in sheet.result.winners]
    won = sum(len(side.seats) for side, _ in order if side.index in sheet.result.winners)
    title = ngettext("%(names)s won", "%(names)s won", won, names=spoken_plain(winners))
    lines = " · ".join(f"{side.name} {num(sheet.result.totals[side.index])}"
                       for side, _ in order)
    # A chat's preview shows a tag's text as it is: the isolates that keep a name's direction
    # inside a sentence on a page would show as boxes or stray marks there.
    return {"title": _unisolated(f"{sheet_view.pages.title(sheet)}: {title}"),
            "description": _unisolated(lines)}


def _unisolated(text: str) -> str:
    return text.replace(FSI, "").replace(PDI, "")


@dataclass(frozen=True)
class Rendered:
    """The sheet as HTML, with what the page around it needs."""

    html: Markup
    name: str
    role_label: str
    match_id: str
    role: str  # the link's role at the match: host, seat or view
    # A link preview's title and description (Open Graph): a finished match's view link only.
    og: dict[str, str] | None = None
    scripts: tuple[str, ...] = ()  # the game's own scripts (GamePages.scripts)

    def with_csrf(self, value: str) -> Rendered:
        return replace(self, html=Markup(self.html.replace(CSRF_SLOT, value)))

    def with_focus(self, cell: str) -> Rendered:
        """The kept sheet with the cell to type next (`?focus=s2`, where a save sends the page)
        put in: said on the sheet for sheet.js, and as the input's autofocus where the sheet
        has one (its slot), so that the sheet is not drawn again for it. Anything else asked
        is no cell of a sheet: it is left out."""
        if not FOCUS.fullmatch(cell):
            return self
        html = self.html.replace(Markup('<div class="sheet-state"'), Markup(
            f'<div class="sheet-state" data-focus="{cell}"'), 1)
        html = html.replace(Markup(f'data-focus-slot="{cell}"'), Markup("autofocus"), 1)
        return replace(self, html=Markup(html))

    @property
    def size(self) -> int:
        """Roughly what keeping it costs, in bytes (its text, and its pieces once sent)."""
        return 3 * len(self.html) + len(self.name) + len(self.role_label) + 200

    @cached_property
    def pieces(self) -> tuple[bytes | str, ...]:
        """The drawing encoded as UTF-8, cut at its slots: bytes, and each slot's marker (a
        str) where a read puts its own in. Made at the first read of a kept drawing."""
        return tuple(piece if piece in SLOTS else piece.encode()
                     for piece in _AT_SLOTS.split(str(self.html)) if piece)


def owned_groups() -> list[dict[str, Any]]:
    """The groups whose owner link this phone has opened (their links still work)."""
    return [group for group in recent_groups(session.get("groups", []))
            if group["role"] == "owner"]


def with_groups(html: str) -> str:
    """The kept sheet with this phone's groups put in its slot (where it has one)."""
    if GROUPS_SLOT not in html:
        return html
    groups = owned_groups()
    chosen = render_template("sheet/_bank_into.html", groups=groups) if groups else ""
    # As text: Markup's own replace would escape what it puts in.
    return Markup(str(html).replace(GROUPS_SLOT, str(chosen)))


def with_group_link(rendered: Rendered) -> str:
    """The kept sheet with the link back to its group put in its slot (where it has one)."""
    if GROUP_LINK_SLOT not in rendered.html:
        return rendered.html
    link = group_link_of(rendered.match_id, rendered.role, session.get("groups", []))
    drawn = render_template("sheet/_group_link.html", link=link) if link else ""
    return Markup(str(rendered.html).replace(GROUP_LINK_SLOT, str(drawn)))


@bp.app_template_global()
def groups_slot() -> Markup:
    return Markup(GROUPS_SLOT)


@bp.app_template_global()
def group_link_slot() -> Markup:
    return Markup(GROUP_LINK_SLOT)


def draw(token: str, view: SheetView, form: Any = None, focus: str | None = None,
         csrf: str = CSRF_SLOT, conflict: Any = None) -> Rendered:
    """The sheet of `view`; `form` is a refused entry form to show again (None: a fresh one),
    `conflict` a save that lost a race, offered as a choice (the game's grid draws it)."""
    undoable = view.undo_label(last_undoable(view.match.id)) if view.may_undo else None
    latest = latest_changes(view.match.id)
    # What another phone's screen reader hears when this version reaches it (sheet.js).
    announce = announcement(view, latest)
    banker = next((change.actor for change in latest if change.action == "bank"), None)
    html = render_template("sheet/_sheet.html", token=token, view=view, form=form, focus=focus,
                           csrf=csrf, undoable=undoable, announce=announce, conflict=conflict,
                           banked_by=None if banker is None else view.actor_name(banker))
    return Rendered(Markup(html), view.match_name, view.role_label, view.match.id,
                    view.access.role, open_graph(view), view.pages.scripts)


def sheet_page(token: str, rendered: Rendered, status: int = 200,
               csrf: str | None = None) -> Response | tuple[str, int]:
    """The sheet's page, or only its fragment where the live page asks for that; with what
    is this phone's own put in (its CSRF token, the groups it may bank into, the link back to
    its group). A kept drawing (`csrf`: the token to put in) is sent as its pieces."""
    fragment = bool(request.args.get("fragment"))
    # A seat at a game night's table: the phone follows its player to the next table.
    follow = None if fragment or len(token) > 64 else follow_link(token)
    if csrf is None:
        rendered = replace(rendered, html=Markup(with_groups(rendered.html)))
        rendered = replace(rendered, html=Markup(with_group_link(rendered)))
        return _around(token, rendered, fragment, follow), status
    around = _around(token, replace(rendered, html=Markup(_SHEET_HERE)), fragment, follow)
    before, _, after = around.partition(_SHEET_HERE)
    fills: dict[str, Callable[[], str]] = {
        CSRF_SLOT: lambda: csrf,
        GROUPS_SLOT: lambda: str(with_groups(GROUPS_SLOT)),
        GROUP_LINK_SLOT: lambda: str(with_group_link(replace(rendered,
                                                             html=Markup(GROUP_LINK_SLOT)))),
    }
    chunks = [before.encode()]
    chunks += [piece if isinstance(piece, bytes) else fills[piece]().encode()
               for piece in rendered.pieces]
    chunks.append(after.encode())
    response = Response(chunks, status, mimetype="text/html")
    response.headers["Content-Length"] = str(sum(len(chunk) for chunk in chunks))
    return response


def _around(token: str, rendered: Rendered, fragment: bool, follow: str | None) -> str:
    if fragment:
        return render_template("sheet/sheet_fragment.html", token=token, rendered=rendered)
    return render_template("sheet/sheet.html", token=token, rendered=rendered, follow=follow)


def render_sheet(token: str, view: SheetView, form: Any = None, focus: str | None = None,
                 status: int = 200, conflict: Any = None) -> Response | tuple[str, int]:
    """The sheet drawn for this request alone: with a refused form, a save that lost a race,
    or a cell to focus."""
    return sheet_page(token, draw(token, view, form, focus, csrf_token(), conflict), status)
