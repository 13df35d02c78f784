"""How a game's pages name a round: in its own word ("hand" at Banakil), whole sentences each, so
that a translator words every one (the API keeps saying round)."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l

from ...games.say import Say
from ...i18n import say

# What the sheet says of one round, whole, in each game's word for it (Banakil's rounds are
# hands): the Undo and Delete buttons, the flash once deleted, the table view's last round.
OF_ROUND = {
    "none yet": {"round": _l("No rounds yet."), "hand": _l("No hands yet.")},
    "sheet": {"round": _l("The sheet, round by round"), "hand": _l("The sheet, hand by hand")},
    "adding": {"round": _l("adding round %(number)s"), "hand": _l("adding hand %(number)s")},
    "deleting": {"round": _l("deleting round %(number)s"),
                 "hand": _l("deleting hand %(number)s")},
    "changing": {"round": _l("the change to round %(number)s"),
                 "hand": _l("the change to hand %(number)s")},
    "delete": {"round": _l("Delete round %(number)s"), "hand": _l("Delete hand %(number)s")},
    "deleted": {"round": _l("Round %(number)s deleted."), "hand": _l("Hand %(number)s deleted.")},
    "latest": {"round": _l("round <bdi>%(number)s</bdi>: <bdi>%(points)s</bdi>"),
               "hand": _l("hand <bdi>%(number)s</bdi>: <bdi>%(points)s</bdi>")},
    "reached": {"round": _l("The line moved (%(moved)s): the latest round reaches it, the match "
                            "is over."),
                "hand": _l("The line moved (%(moved)s): the latest hand reaches it, the match "
                           "is over.")},
}
# What the services say of a round (in the API's word, round), as a game whose rounds are hands
# says it on its pages.
SAID_OF_HANDS = {
    "That line would already have been reached in round %(reached)s, before the last round "
    "(round %(last)s). Choose another, or delete the rounds after round %(reached)s first.":
        _l("That line would already have been reached in hand %(reached)s, before the last hand "
           "(hand %(last)s). Choose another, or delete the hands after hand %(reached)s first."),
    "Only the last round (round %(number)s) can be deleted.":
        _l("Only the last hand (hand %(number)s) can be deleted."),
    "Round %(number)s is not the last one: every part of it stays typed (a part left empty "
    "would open it again).":
        _l("Hand %(number)s is not the last one: every part of it stays typed (a part left "
           "empty would open it again)."),
    "That would end the match after round %(number)s, before its last round. Delete the later "
    "rounds first.":
        _l("That would end the match after hand %(number)s, before its last hand. Delete the "
           "later hands first."),
    "The match is over: bank it, or change a round instead.":
        _l("The match is over: bank it, or change a hand instead."),
    "Finish the open round before starting the next one.":
        _l("Finish the open hand before starting the next one."),
}


def of_round(what: str, noun: str, **values: Any) -> str:
    """A sentence about one round, in the game's word for a round (`noun`), as plain text."""
    return str(OF_ROUND[what].get(noun, OF_ROUND[what]["round"])) % values


def said_of(text: Any, noun: str) -> str:
    """What a service said, in the page's language and the game's word for a round (`noun`)."""
    if noun == "hand" and isinstance(text, Say) and text.message in SAID_OF_HANDS:
        return str(SAID_OF_HANDS[text.message]) % text.values
    return say(text)
