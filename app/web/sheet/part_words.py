"""The words for what a game's seat types (its part: a score, cards, a turn, a hand), as whole
sentences for each, so that a translator words each one as a sentence (a noun in another
language carries its own gender and case)."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

PART_SAVED = {"score": _l("%(name)s's score saved."), "cards": _l("%(name)s's cards saved."),
              "turn": _l("%(name)s's turn saved."), "hand": _l("%(name)s's hand saved.")}
PART_CHANGE = {("score", "round"): _l("%(name)s's score in round %(number)s"),
               ("cards", "round"): _l("%(name)s's cards in round %(number)s"),
               ("turn", "round"): _l("%(name)s's turn in round %(number)s"),
               ("hand", "hand"): _l("%(name)s's hand in hand %(number)s")}
CHANGE_PART = {"score": _l("change the score"), "cards": _l("change the cards"),
               "turn": _l("change the turn"), "hand": _l("change the hand")}


def part_saved(noun: str, name: str) -> str:
    """"Ana's hand saved.", in the page's language."""
    if noun in PART_SAVED:
        return str(PART_SAVED[noun]) % {"name": name}
    return _("%(name)s's %(part)s saved.", name=name, part=_(noun))


def change_part(noun: str) -> str:
    """"change the hand": the link to a seat's part once typed."""
    return str(CHANGE_PART[noun]) if noun in CHANGE_PART else _("change the %(part)s", part=_(noun))
