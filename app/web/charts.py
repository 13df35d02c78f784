"""Charts as inline SVG drawn on the server (pygal), styled by chart.css, their figures as a table.

The page's CSP allows neither inline script nor inline style. pygal is told to bring neither
(`css=[]`, `js=[]`: its documented options for "add or replace css/js files") and to leave its
classes unprefixed (`no_prefix`: "if you use external styling"); what it still writes in any case
(its base font sizes in a <style>, its configuration in a <script>, the tooltip's inline
`style`, and the <desc>s only its tooltip script reads) is taken out by an xml filter before the
SVG is written. The colours, lines and fonts are chart.css's (`.chart ...`): nothing needs
script."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any
from xml.etree.ElementTree import Element

import pygal
from babel.numbers import format_decimal
from flask_babel import gettext
from markupsafe import Markup
from pygal.style import Style

from ..cache import kept
from ..i18n import language, num
from .words import FSI, PDI

# Sizes pygal lays the chart out with: chart.css draws the text at the same sizes (in the SVG's
# own units), so labels land where pygal measured them.
FONT = "system-ui, sans-serif"
SIZES = {"small": dict(width=380, height=300, label=14, title=16, legend=14, value=14, scale=6),
         "large": dict(width=600, height=330, label=16, title=20, legend=18, value=16, scale=6)}
NUMBER = re.compile(r"-?\d+\.\d{2,}")
DOTS_UP_TO = 16  # points worth marking; past that the line alone reads better
CUT = "…"  # what pygal ends a legend or label with that it cut short (truncate_legend)


@dataclass(frozen=True)
class Chart:
    """A chart as the page shows it: the SVG, and the same figures as a table."""

    key: str  # unique on its page: the SVG's title is named by it
    title: str
    kind: str  # "line" or "bar": chart.css draws each its own way
    svg: Markup
    columns: tuple[str, ...]  # the table's head: what the rows are, then one per series
    rows: tuple[tuple[str, tuple[Any, ...]], ...]


def _style(size: str) -> Style:
    s = SIZES[size]
    return Style(font_family=FONT, label_font_size=s["label"], major_label_font_size=s["label"],
                 title_font_size=s["title"], legend_font_size=s["legend"],
                 value_font_size=s["value"], tooltip_font_size=s["label"],
                 background="transparent", plot_background="transparent")


def _figure(value: float) -> str:
    """A figure on a chart as the page's language writes it, grouped (German 1.000), its minus
    the one `num` writes everywhere else."""
    written = format_decimal(abs(value), locale=language())
    return num(-1).removesuffix(num(1)) + written if value < 0 else written


def _whole_ticks(values: Sequence[int | float | None]) -> list[int]:
    """The value axis in whole steps of 1, 2 or 5 (times ten): points, cards and victory
    points have no fractions, so the axis has none either (pygal would mark 0.2, 0.4...)."""
    known = [v for v in values if v is not None] or [0]
    low, high = math.floor(min(known)), math.ceil(max(known))
    high = max(high, low + 1)
    step = 1
    while (high - low) / step > SIZES["small"]["scale"]:
        step = next(s * 10 ** e for e in range(12) for s in (1, 2, 5) if s * 10 ** e > step)
    first = low // step * step
    return list(range(first, -(-high // step) * step + 1, step))


def _config(size: str, **extra: Any) -> dict[str, Any]:
    s = SIZES[size]
    return dict(css=[], js=[], no_prefix=True, disable_xml_declaration=True,
                value_formatter=_figure,
                width=s["width"], height=s["height"], style=_style(size), margin=8,
                margin_bottom=s["legend"] + 8, max_scale=s["scale"],
                legend_at_bottom=True, legend_box_size=s["legend"], truncate_legend=14,
                truncate_label=14, classes=("chart-svg",), **extra)


def _local(tag: Any) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _without_script(key: str, title: str) -> Callable[[Element], Element]:
    """The xml filter: what the CSP would refuse (and what only pygal's script reads) goes;
    the chart is named for screen readers by its one remaining <title>."""

    # pygal hands its filters the SVG's root as xml.etree builds it (it would build lxml's,
    # were lxml installed: the same calls).
    def keep_only_what_draws(root: Element) -> Element:
        parents = {child: parent for parent in root.iter() for child in parent}
        for node in list(root.iter()):
            name = _local(node.tag)
            drop = (
                not isinstance(node.tag, str)  # pygal's comments: its version and address
                or name in ("style", "script", "desc", "defs")
                or (name == "title" and parents.get(node) is not root)
                or (name == "g" and "tooltip-overlay" in node.get("class", ""))
            )
            if drop and node in parents:
                parents[node].remove(node)
                continue
            for attribute in ("style", "id"):
                node.attrib.pop(attribute, None)
            if node.get("class") == "":
                del node.attrib["class"]
            if name == "text" and node.text and node.text.endswith(CUT):
                # A name cut short: isolated, its ellipsis ends it in its own direction (an
                # Arabic name's at its left), not at the right of the chart's left-to-right.
                node.text = f"{FSI}{node.text}{PDI}"
            for attribute, value in list(node.attrib.items()):
                node.set(attribute, NUMBER.sub(lambda m: f"{float(m.group()):.1f}", value))
        root.set("role", "img")
        root.set("aria-labelledby", f"{key}-title")
        for node in root:
            if _local(node.tag) == "title":
                node.set("id", f"{key}-title")
                node.text = title
        return root

    return keep_only_what_draws


def _sparse(labels: Sequence[str]) -> dict[str, Any]:
    """Past a dozen points, only every fifth label (and the first and last) is written."""
    if len(labels) <= 12:
        return {}
    major = [label for i, label in enumerate(labels)
             if i == 0 or i == len(labels) - 1 or (i + 1) % 5 == 0]
    return {"x_labels_major": major, "show_minor_x_labels": False}


def _render(chart: Any, key: str, title: str) -> Markup:
    chart.add_xml_filter(_without_script(key, title))
    return Markup(chart.render())


def running_totals(key: str, title: str, names: Sequence[str],
                   rounds: Sequence[tuple[int, Sequence[int]]], size: str = "small",
                   axis: str | None = None, head: str | None = None) -> Chart:
    """A line per side: its total after each round (`rounds`: the round's number and the totals
    after it); `axis` and `head` name a round on the axis and in the table (Banakil: hand)."""
    labels = [str(number) for number, _ in rounds]
    chart = pygal.Line(**_config(size, show_dots=len(rounds) <= DOTS_UP_TO, dots_size=4,
                                 x_title=axis or gettext("round"), title=title,
                                 **_sparse(labels),
                                 y_labels=_whole_ticks([t for _, row in rounds for t in row])))
    chart.x_labels = labels
    for side, name in enumerate(names):
        chart.add(name, [totals[side] for _, totals in rounds])
    return Chart(key, title, "line", _render(chart, key, title), (head or gettext("Round"), *names),
                 tuple((str(number), tuple(totals)) for number, totals in rounds))


def bars(key: str, title: str, labels: Sequence[str], series: Sequence[tuple[str, Sequence[int]]],
         size: str = "small") -> Chart:
    """Horizontal bars, a row per label (a player), a bar per series (won, played)."""
    rows = max(1, len(labels))
    s = SIZES[size]
    height = 96 + rows * (12 + 20 * len(series))
    top = max((max(values, default=0) for _, values in series), default=0)
    step = max(1, -(-top // 5))  # whole numbers on the axis: counts have no fractions
    chart = pygal.HorizontalBar(**{**_config(size, print_values=True, title=title,
                                             print_values_position="top",
                                             show_legend=len(series) > 1,
                                             y_labels=list(range(0, top + step + 1, step))),
                                   "height": min(height, 3 * s["height"]),
                                   "margin_bottom": 4})
    # pygal lays horizontal bars out from the bottom up: reversed, the first label is on top.
    chart.x_labels = list(reversed(labels))
    for name, values in series:
        chart.add(name, list(reversed(values)))
    return Chart(key, title, "bar", _render(chart, key, title),
                 (gettext("Player"), *(name for name, _ in series)),
                 tuple((label, tuple(values[i] for _, values in series))
                       for i, label in enumerate(labels)))


def lines_over(key: str, title: str, x_labels: Sequence[str],
               series: Sequence[tuple[str, Sequence[float | None]]], x_title: str,
               size: str = "small", table_labels: Sequence[str] | None = None) -> Chart:
    """A line per series over the x labels (a player's total in each match); None: a gap.
    The table may name its rows more fully than the axis can (`table_labels`)."""
    chart = pygal.Line(**_config(size, show_dots=len(x_labels) <= DOTS_UP_TO, dots_size=4,
                                 x_title=x_title, title=title, allow_interruptions=False,
                                 **_sparse(x_labels),
                                 y_labels=_whole_ticks([v for _, vs in series for v in vs])))
    chart.x_labels = list(x_labels)
    for name, values in series:
        chart.add(name, list(values))
    head = (x_title.split(",")[0].capitalize(), *(name for name, _ in series))
    return Chart(key, title, "line", _render(chart, key, title), head,
                 tuple((label, tuple(values[i] for _, values in series))
                       for i, label in enumerate(table_labels or x_labels)))


def sheet_chart(view: Any, size: str = "small") -> Chart | None:
    """A match's running totals, as its sheet (size "small") or its table view ("large") draws
    them; None before the first round is in. Every link of the match sees the same chart, so
    it is drawn once per version and kept."""
    rounds = view.totals_by_round()
    if not rounds:
        return None
    names = [side.name for side in view.sheet.sides]

    def make() -> tuple[Chart, int, bool]:
        words = view.round_words
        unit, axis = (str(said) for said in words.axis)
        chart = running_totals(f"running-{size}", str(words.running_totals), names, rounds, size,
                               unit, axis)
        return chart, 2 * len(chart.svg) + 64 * len(rounds) * len(names), True

    return kept(("chart", view.match.id, view.match.version, size, language()), make)
