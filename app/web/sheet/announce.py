"""The one short sentence a phone's screen reader hears when another phone changes the sheet:
what the latest change did, then who leads (sheet.js copies it into the page's live region)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import TYPE_CHECKING, Any

from flask_babel import get_translations
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ...i18n import say
from ..words import FSI, PDI, isolated, spoken_plain
from .view import SheetView

if TYPE_CHECKING:
    from ...models import Change

# What another phone hears of a round, in its game's words (RoundWords).
ROUND_ACTIONS = {"add_round": "saved_by", "edit_round": "changed_by",
                 "delete_round": "deleted_by"}
MATCH_SAID = {
    "undo": _l("%(who)s undid the last change."),
    "move_line": _l("%(who)s moved the line."),
    "abandon": _l("%(who)s abandoned the match."),
    "bank": _l("%(who)s banked the match."),
    "unbank": _l("%(who)s took the banking back: the match is over, not banked."),
    "rematch": _l("%(who)s started a rematch."),
    "details": _l("%(who)s changed the place or note."),
    "character": _l("%(who)s entered a character."),
}
# What changes nothing on the others' sheets (a replaced link, a secret character) is not
# announced at all.


def announcement(view: SheetView, latest: Sequence[Change]) -> tuple[str, int] | None:
    """The sentence for the latest change anyone can see, with the version it made (None for
    none); `latest` is the match's latest changes, newest first. A version that changed nothing
    the others see (a replaced link, a secret character) is passed over, so the sheet it brings
    says what it said before, to the letter: a phone has nothing new to hear, and nothing tells
    the others that a secret was typed."""
    for version, changes in groupby(latest, key=lambda change: change.version):
        said = _change_said(view, sorted(changes, key=lambda change: change.id))
        if said:
            standing = _standing_said(view)
            return (f"{said} {standing}" if standing else said), version
    return None


def _change_said(view: SheetView, changes: Sequence[Change]) -> str:
    if not changes:
        return ""
    first = changes[0]
    who = view.actor_name(first.actor)
    if first.actor.startswith("seat "):  # a name, not a role's word ("Host")
        who = isolated(who)
    if first.action == "set_part":
        if len(changes) == 1 and first.seat is not None:
            # The words every game shares ("Ben's score in round 3"), not a game's own Undo
            # label (the free sheet's "round 3, Ben: — → 7" reads badly aloud).
            name = isolated(view.sheet.players[first.seat])
            return str(_("Saved: %(what)s.",
                         what=SheetView.describe_part_change(view, first, name)))
        return view.round_words.of("saved_by", who=who, number=first.round_number)
    if first.action in ROUND_ACTIONS:
        return (view.round_change_said(first, who)
                or view.round_words.of(ROUND_ACTIONS[first.action], who=who,
                                       number=first.round_number))
    if first.action == "reveal" and first.seat is not None:
        return str(_("%(name)s's character is revealed to everyone: a change by %(who)s that "
                     "it would have made an early win was refused.",
                     name=isolated(view.sheet.players[first.seat]), who=who))
    if first.action == "character" and not (first.after or {}).get("revealed"):
        return ""  # a secret character: the others' pages never tell it was even typed
    if first.action in MATCH_SAID:
        return str(MATCH_SAID[first.action]) % {"who": who}
    return ""


def _plain(message: str, plural: str | None = None, count: int = 1, **values: Any) -> str:
    """A sentence of the page's, translated, as plain text: what its HTML form isolates in a
    <bdi> is isolated between FSI and PDI."""
    translations = get_translations()
    text = (translations.ngettext(message, plural, count) if plural is not None
            else translations.gettext(message))
    return _unmarked(text % {"num": count, **values})


def _unmarked(html: str) -> str:
    return html.replace("<bdi>", FSI).replace("</bdi>", PDI)


def _standing_said(view: SheetView) -> str:
    """Who leads now (as the sheet's leader line says it), or who won."""
    if view.status == "over":
        if view.win_line:
            won = _unmarked(say(view.win_line))
        else:
            won = _plain("%(names)s wins.", "%(names)s win.",
                         view.winner_players, names=spoken_plain(view.winners))
        return f"{_('Match over:')} {won}"
    if view.status != "active":
        return ""
    leaders = view.leaders
    if leaders and len(leaders) < len(view.standings):
        return _plain("%(names)s leads.", "%(names)s lead.", view.leader_players,
                      names=spoken_plain(leaders))
    return _("All level.") if view.rows else view.round_words.of("none_yet")
