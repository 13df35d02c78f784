"""Words several wings of the pages say: names listed as a sentence, how long a match took, and
small numbers in words, each in the page's language."""

from __future__ import annotations

from collections.abc import Sequence

from flask_babel import gettext as _
from flask_babel import pgettext
from markupsafe import Markup, escape

from ..i18n import num

# What isolates a name in plain text (a screen reader's sentence, a flash message), where a page
# would use <bdi>: FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE.
FSI, PDI = "\u2068", "\u2069"


def spoken(names: Sequence[str]) -> Markup:
    """Names as a sentence lists them, each in a <bdi> of its own so that every name keeps its
    own direction while the list ("، " and " و" in Arabic) follows the page's: "Ana", "Ana and
    Ben", "Ana, Ben and Cy"."""
    return Markup(_listed([Markup("<bdi>%s</bdi>") % escape(name) for name in names]))


def spoken_links(people: Sequence[tuple[str, str | None]]) -> Markup:
    """`spoken`, each name a link where it has an address: (name, address) pairs."""
    return Markup(_listed([Markup('<a href="%s"><bdi>%s</bdi></a>') % (href, name) if href
                           else Markup("<bdi>%s</bdi>") % escape(name) for name, href in people]))


def spoken_plain(names: Sequence[str]) -> str:
    """`spoken` for plain text: each name isolated between FSI and PDI."""
    return _listed([isolated(name) for name in names])


def isolated(name: str) -> str:
    """One name in a plain-text sentence, isolated from the words around it."""
    return f"{FSI}{name}{PDI}"


def _listed(names: Sequence[str]) -> str:
    # The page's own words join the list (a translator's, as Babel's format_list would be, but
    # CLDR's Arabic has no "، " and its English an Oxford comma the pages never wrote).
    if len(names) < 2:
        return names[0] if names else str(_("nobody"))
    if len(names) == 2:
        return str(_("%(first)s and %(last)s", first=names[0], last=names[1]))
    return str(_("%(some)s and %(last)s", some=_(", ").join(names[:-1]), last=names[-1]))


def whole_percents(shares: Sequence[float]) -> list[int]:
    """Shares of a whole (chances of winning) as whole percents that add to 100, as a person
    reading them expects: each rounded down, then the points left over given to the largest
    remainders (33.3 + 33.3 + 33.3 is 34 + 33 + 33, never 33 + 33 + 33 or 101 in all)."""
    total = sum(shares)
    if not shares or total <= 0:
        return [0] * len(shares)
    exact = [100 * share / total for share in shares]
    whole = [int(value) for value in exact]
    by_remainder = sorted(range(len(exact)), key=lambda i: (whole[i] - exact[i], i))
    for i in by_remainder[:100 - sum(whole)]:
        whole[i] += 1
    return whole


def spoken_minutes(minutes: int) -> str:
    """How long a match took, as people say it ("1 h 05 min"), in the page's language."""
    if minutes < 1:
        return str(_("under a minute"))
    if minutes >= 60:
        return str(_("%(hours)s h %(minutes)s min", hours=minutes // 60,
                     minutes=f"{minutes % 60:02d}"))
    return str(_("%(minutes)s min", minutes=minutes))


def _number_words() -> tuple[str, ...]:
    # In the page's language; "number" tells a translator (and the catalog) which "one" it is.
    return (pgettext("number", "zero"), pgettext("number", "one"), pgettext("number", "two"),
            pgettext("number", "three"), pgettext("number", "four"), pgettext("number", "five"),
            pgettext("number", "six"), pgettext("number", "seven"), pgettext("number", "eight"),
            pgettext("number", "nine"), pgettext("number", "ten"), pgettext("number", "eleven"),
            pgettext("number", "twelve"))


def in_words(number: int) -> str:
    """A small number as a sentence says it ("five wins"), in the page's language; a larger one
    in digits."""
    return _number_words()[number] if 0 <= number <= 12 else num(number)
