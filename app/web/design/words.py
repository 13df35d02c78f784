"""What the pages say of a design, in the page's language: its name and labels (a design's own
German and Arabic, where it gives them), each kind of row in a sentence, and what a row is worth."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import pgettext
from markupsafe import Markup, escape

from ...games import custom
from ...i18n import language, num
from ..words import isolated

# Each kind of row, in one sentence (the designer says it beside the kind's choice).
KINDS = {
    "number": _l("A whole number typed, as on a paper pad (sums like 10+5 work)."),
    "count": _l("How many of something, each worth the points you set (3 cities × 2 = 6)."),
    "check": _l("Ticked or not: worth its points when ticked (a full house: 25)."),
    "choice": _l("One answer of a list, each worth its own points (a bid, a rank reached)."),
    "rank": _l("The players compared on another row: the most (or fewest) takes the first "
               "points, the next the second (the longest road: 10)."),
    "formula": _l("Worked out from the player's other rows, like %(example)s."),
}
# A formula's example, as the designer shows it: code, written the same in every language.
EXAMPLE = "if(ones + twos >= 63, 35, 0)"
GRAMMAR = "+ − * / % ** < <= > >= == != and or not min(…) max(…) abs(x)"


def grammar() -> Markup:
    """What a formula may use, as the designer lists it: the operators and functions as they are
    written, the parts of `if` named in the page's language, `if(…)` never cut across lines (its
    parentheses would face each other's way on two)."""
    parts = (pgettext("a formula's if(…)", "condition"), pgettext("a formula's if(…)", "then"),
             pgettext("a formula's if(…)", "else"))
    # Each part isolated: Arabic words and their commas would otherwise run right to left.
    call = f"if({', '.join(isolated(str(part)) for part in parts)})"
    return Markup('%s <span class="call">%s</span>') % (GRAMMAR, call)
KIND_NAMES = {"number": _l("Number"), "count": _l("Count"), "check": _l("Tick box"),
              "choice": _l("Choice"), "rank": _l("Rank"), "formula": _l("Formula")}


def kind_said(kind: str) -> Markup:
    """A kind of row in its one sentence (a formula's example as code)."""
    return Markup(escape(str(KINDS[kind]))) % {"example": code(EXAMPLE)}


def code(text: str) -> Markup:
    """Formula text on a page: code, left to right in every language."""
    return Markup('<code dir="ltr">%s</code>') % text


def labels_here(design: custom.Design) -> custom.Labels | None:
    """The design's own words in the page's language, where it gives them."""
    return design.labels_in(language())


def design_name(design: custom.Design) -> str:
    labels = labels_here(design)
    return (labels.name if labels is not None and labels.name else None) or design.name


def row_label(design: custom.Design, key: str) -> str:
    labels = labels_here(design)
    return (labels.row(key) if labels is not None else None) or design.by_key[key].label


def option_labels(design: custom.Design, key: str) -> tuple[str, ...]:
    row = design.by_key[key]
    own = tuple(option.label for option in row.options) if isinstance(row, custom.ChoiceRow) else ()
    labels = labels_here(design)
    return (labels.choices(key) if labels is not None else None) or own


def worth(design: custom.Design, row: custom.Row) -> str:
    """What a row is worth, in a few words: "× 5", "25 when ticked", "10 · 6 · 3"."""
    if not row.counts and isinstance(row, (custom.CountRow, custom.CheckRow)) and row.points == 1:
        return ""  # a count or a tick only a formula reads: worth nothing of its own
    if isinstance(row, custom.CountRow):
        return str(_("× %(points)s", points=num(row.points)))
    if isinstance(row, custom.CheckRow):
        return str(_("%(points)s when ticked", points=num(row.points)))
    if isinstance(row, custom.ChoiceRow):
        return " · ".join(num(option.points) for option in row.options)
    if isinstance(row, custom.RankRow):
        places = " · ".join(num(points) for points in row.points)
        of = row_label(design, row.of)
        return str(_("%(places)s for the most “%(of)s”", places=places, of=of)
                   if row.order == "most"
                   else _("%(places)s for the fewest “%(of)s”", places=places, of=of))
    if isinstance(row, custom.FormulaRow):
        return Markup("= ") + code(row.formula.text)
    if isinstance(row, custom.NumberRow) and (row.minimum, row.maximum) != (-1_000_000, 1_000_000):
        return str(_("%(min)s to %(max)s", min=num(row.minimum), max=num(row.maximum)))
    return ""


def scoring_said(design: custom.Design) -> str:
    """How the design is scored and who wins, in a sentence's words."""
    said = [str(_("one tally at the end") if design.scoring == "game" else _("round by round")),
            str(_("lowest total wins") if design.winner == "lowest" else _("highest total wins"))]
    least, most = design.players
    said.append(str(_("%(least)s to %(most)s players", least=num(least), most=num(most))
                    if least != most else _("%(count)s players", count=num(least))))
    return " · ".join(said)


def kind_name(kind: str) -> str:
    return str(KIND_NAMES[kind])


def tiebreaks_said(design: custom.Design) -> str:
    """The tie-breaks in order, as a list says them: "more “Coins”, then fewer “Wonders”"."""
    said = [str(_("more “%(row)s”", row=row_label(design, rule.row)) if rule.order == "most"
                else _("fewer “%(row)s”", row=row_label(design, rule.row)))
            for rule in design.tiebreak]
    return str(_(", then ")).join(said)
