"""What a game's pages say of its rounds and of what one seat types, as whole sentences, so that a
translator words each one (a noun in another language carries its own gender and case). Every
game says "round" and "score" unless its page adapter gives its own (Banakil's rounds are hands).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from flask_babel import get_translations
from flask_babel import lazy_gettext as _l

from ...games.say import Say
from ...i18n import say

Sentence = Any  # flask_babel's LazyString: a sentence said in the page's language when used


@dataclass(frozen=True)
class RoundWords:
    """Every sentence a page says about one round of a game, in that game's word for it."""

    none_yet: Sentence
    sheet: Sentence  # the grid's caption
    adding: Sentence  # what Undo takes back
    deleting: Sentence
    changing: Sentence
    delete: Sentence  # the host's button
    deleted: Sentence  # its flash
    latest: Sentence  # the table view's latest round
    reached: Sentence  # the line moved onto the latest round
    saved_by: Sentence  # what another phone hears
    changed_by: Sentence
    deleted_by: Sentence
    part_label: Sentence  # a seat's part, as a list of saves names it
    running_totals: Sentence  # the chart's title
    axis: tuple[Sentence, Sentence] = (_l("round"), _l("Round"))  # the chart's axis: its unit
    line_lead: Sentence = _l("Change where “<bdi>%(name)s</bdi>” ends. A line reached before "
                             "the last round can't be chosen; one the latest round reaches ends "
                             "the match there; one no total reaches yet lets play go on.")
    # "Now, after 3 rounds: …", on the page that moves the line: the sentence for that count,
    # in the page's language, its values not yet put in.
    line_now: Callable[[int], str] = lambda played: get_translations().ngettext(
        "Now, after %(num)s round: %(totals)s", "Now, after %(num)s rounds: %(totals)s", played)
    # What the services say of rounds, as this game says it, by the sentence's meaning (a
    # Say's `meaning`); a sentence not here is said as the service said it.
    said: Mapping[str, Sentence] = field(default_factory=dict)

    def of(self, what: str, **values: Any) -> str:
        """One of the sentences above, in the page's language, with its values put in."""
        return str(getattr(self, what)) % values

    def service_said(self, text: Any) -> str:
        """What a service said, in the page's language and this game's word for a round."""
        if isinstance(text, Say) and text.meaning is not None and text.meaning in self.said:
            return str(self.said[text.meaning]) % text.values
        return say(text)


@dataclass(frozen=True)
class PartWords:
    """What a page says of one seat's part of a round (a score, cards, a turn, a hand)."""

    saved: Sentence  # "Ana's score saved."
    in_round: Sentence  # "Ana's score in round 3"
    change: Sentence  # the link to a part once typed

    def saved_said(self, name: str) -> str:
        return str(self.saved) % {"name": name}

    def in_round_said(self, name: str, number: Any) -> str:
        return str(self.in_round) % {"name": name, "number": number}


ROUNDS = RoundWords(
    none_yet=_l("No rounds yet."),
    sheet=_l("The sheet, round by round"),
    adding=_l("adding round %(number)s"),
    deleting=_l("deleting round %(number)s"),
    changing=_l("the change to round %(number)s"),
    delete=_l("Delete round %(number)s"),
    deleted=_l("Round %(number)s deleted."),
    latest=_l("round <bdi>%(number)s</bdi>: <bdi>%(points)s</bdi>"),
    reached=_l("The line moved (%(moved)s): the latest round reaches it, the match is over."),
    saved_by=_l("%(who)s saved round %(number)s."),
    changed_by=_l("%(who)s changed round %(number)s."),
    deleted_by=_l("%(who)s deleted round %(number)s."),
    part_label=_l("Round %(number)s, %(name)s"),
    running_totals=_l("Running totals, round by round"),
)

SCORES = PartWords(saved=_l("%(name)s's score saved."),
                   in_round=_l("%(name)s's score in round %(number)s"),
                   change=_l("change the score"))
