"""A sheet for any game's pages: the paper pad of a design scored in one tally (rows down, players
across, each phone filling its own column as its seat's part), a rounds design's rounds with each
round's rows a tap away, a seat's column as a form, and the winner with the tie-break that made
them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from flask import Blueprint, Response, jsonify, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ...errors import Invalid
from ...i18n import num
from ...services.match.parts import preview_part
from ...services.match.sheet import Sheet
from ...web.design.start import choose_design, start_context
from ...web.design.words import design_name, option_labels, row_label, worth
from ...web.games.base import Form, GamePages, part_view, read_count, read_parts
from ...web.sheet.arithmetic import NotANumber, evaluate
from ...web.sheet.view import SheetView
from ...web.sheet.words import ROUNDS, PartWords, RoundWords
from ...web.words import isolated, spoken_plain
from ..say import Say
from . import GAME, CountRow, Design, Row, design_of

# A typed row's field on a seat's column page: its kind, then its key ("count-ones"), so that
# the column is read without its design (the engine checks each against it).
PREFIXES = ("number", "count", "check", "choice")


@dataclass(frozen=True)
class PadCell:
    seat: int
    value: int | None  # what the row adds for this player; None until known
    typed: Any = None  # what was typed (a count's count), where the row is typed


@dataclass(frozen=True)
class PadRow:
    """One row of the paper pad: the design's row, its label here, and each side's cell."""

    row: Row
    label: str
    worth: str
    cells: tuple[PadCell, ...]

    @property
    def worked_out(self) -> bool:
        return self.row.kind in ("rank", "formula")


# A tally is one round, the pad: what the pages say of a round, said of the pad.
PAD_WORDS = replace(
    ROUNDS,
    none_yet=_l("Nothing filled in yet."),
    sheet=_l("The score pad"),
    adding=_l("filling in the pad"),
    deleting=_l("clearing the pad"),
    changing=_l("the change to the pad"),
    delete=_l("Clear the pad"),
    deleted=_l("The pad cleared."),
    latest=_l("the pad: <bdi>%(points)s</bdi>"),
    saved_by=_l("%(who)s filled in the pad."),
    changed_by=_l("%(who)s changed the pad."),
    deleted_by=_l("%(who)s cleared the pad."),
    part_label=_l("The pad, %(name)s"),
)


class CustomView(SheetView):
    """The sheet of a design: a tally's paper pad, or rounds with their rows a tap away."""

    @cached_property
    def design(self) -> Design:
        return design_of(self.match.options)

    @property
    def game_title(self) -> str:
        """The design's name, in the page's language."""
        return design_name(self.design)

    @property
    def tally(self) -> bool:
        """Scored in one tally at the end (the paper pad), not round by round."""
        return self.design.scoring == "game"

    @property
    def round_words(self) -> RoundWords:
        """A tally's one round is the pad: never "round 1"."""
        return PAD_WORDS if self.tally else super().round_words

    @property
    def part_words(self) -> PartWords:
        """A tally's seat fills its column of the pad: never "rows in round 1"."""
        return PAD_COLUMNS if self.tally else super().part_words

    @property
    def running_chart(self) -> Any:
        """A tally is one round: no running totals to draw."""
        return None if self.tally else super().running_chart

    @property
    def table_chart(self) -> Any:
        return None if self.tally else super().table_chart

    @property
    def may_move_line(self) -> bool:
        """A tally has no line to move: it ends when it is filled in."""
        return not self.tally and super().may_move_line

    def label(self, key: str) -> str:
        return row_label(self.design, key)

    def options_of(self, key: str) -> tuple[str, ...]:
        return option_labels(self.design, key)

    @property
    def facts(self) -> list[str]:
        said = [_("one tally at the end") if self.tally else _("round by round")]
        if self.lowest_wins:
            said.append(_("lowest total wins"))
        return [*said, *super().facts]

    def rows_of(self, number: int) -> tuple[dict[str, int | None], ...]:
        """Every row's value in round `number`, per side (None until known)."""
        detail = self.sheet.result.rounds[number - 1].detail
        return tuple(detail.rows)

    def pad(self, number: int = 1) -> tuple[PadRow, ...]:
        """Round `number` as the paper pad shows it: each row down, each side across."""
        rounds = self.sheet.rounds
        values = (self.rows_of(number) if number <= len(rounds)
                  else tuple({} for _ in self.sheet.sides))
        parts = rounds[number - 1].parts if number <= len(rounds) else ()
        pad = []
        for row in self.design.rows:
            cells = tuple(PadCell(side.seats[0], values[side.index].get(row.key),
                                  (parts[side.seats[0]] or {}).get(row.key) if parts else None)
                          for side in self.sheet.sides)
            pad.append(PadRow(row, self.label(row.key), worth(self.design, row), cells))
        return tuple(pad)

    def missing(self, part: Mapping[str, Any] | None) -> tuple[str, ...] | None:
        """The typed rows a column (or a line of a round) still lacks, by label; None while
        nothing of it is typed: a column saved row by row is done only once every typed row is
        in it."""
        if part is None:
            return None
        return tuple(self.label(row.key) for row in self.design.typed if row.key not in part)

    def entry_missing(self, seat: int) -> tuple[str, ...] | None:
        return self.missing(self.entry_value_part(seat))

    @property
    def still_to_fill(self) -> list[tuple[str, tuple[str, ...]]]:
        """Each player whose column of the open round is begun but not done, with the rows
        still empty in it."""
        rounds = self.sheet.rounds
        if self.status != "active" or not rounds \
                or self.sheet.result.rounds[-1].status != "open":
            return []
        missing = ((name, self.missing(part))
                   for name, part in zip(self.sheet.players, rounds[-1].parts, strict=True))
        return [(name, rows) for name, rows in missing if rows]

    def so_far(self, number: int = 1) -> tuple[int, ...]:
        """Each side's sum of the counted values known so far in round `number` (the pad's
        foot while the tally is still being filled in)."""
        if number > len(self.sheet.rounds):
            return tuple(0 for _ in self.sheet.sides)
        return tuple(sum(value for key, value in values.items()
                         if value is not None and self.design.by_key[key].counts)
                     for values in self.rows_of(number))

    @cached_property
    def _leading(self) -> tuple[int, ...]:
        """The sides who lead; while a tally is being filled in, by the sums known so far."""
        if not self.tally or not self.sheet.rounds \
                or self.sheet.result.rounds[0].status != "open":
            return tuple(self.sheet.result.leaders)
        sums = self.so_far()
        best = min(sums) if self.lowest_wins else max(sums)
        return tuple(side for side, total in enumerate(sums) if total == best)

    @property
    def leaders(self) -> list[str]:
        return [self.sheet.sides[side].name for side in self._leading]

    @property
    def leader_players(self) -> int:
        """How many people lead (the verb's number: "Ben leads.")."""
        return sum(len(self.sheet.sides[side].seats) for side in self._leading)

    @property
    def filling_in(self) -> bool:
        """A tally begun and not yet complete."""
        return self.tally and bool(self.sheet.rounds) \
            and self.sheet.result.rounds[0].status == "open"

    def aside(self, side: int) -> str | None:
        return str(_("so far")) if self.filling_in else None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.filling_in:
            # Each side's total is the sum of its values known so far (a total of 0 with "59
            # so far" under it read as two numbers), and who leads by it.
            sums, leading = self.so_far(), self._leading
            self.standings = tuple(
                replace(standing, total=sums[standing.side],
                        leads=standing.side in leading and len(leading) < len(sums))
                for standing in self.standings)

    def shown(self, row: Row, typed: Any, value: int | None) -> str:
        """A cell as the pad shows it: the value it adds (a count's count beside it)."""
        if value is None:
            return "…"
        if isinstance(row, CountRow) and typed is not None and row.points != 1:
            return f"{num(value)} ({num(typed)})"
        return num(value)

    @property
    def win_line(self) -> str | None:
        """The winner, and the tie-break that made them, where one did."""
        result = self.sheet.result
        decided = [result.detail.decided_by[side] for side in result.winners
                   if result.detail.decided_by[side] is not None]
        if not result.winners or not decided:
            return None
        key = decided[0]
        rule = next(rule for rule in self.design.tiebreak if rule.row == key)
        names = spoken_plain([self.sheet.sides[side].name for side in result.winners])
        row = isolated(self.label(key))
        total = max(result.detail.row_totals[side][key] for side in result.winners)
        said = (Say("more “%(row)s” (%(total)s)", row=row, total=num(total))
                if rule.order == "most"
                else Say("fewer “%(row)s” (%(total)s)", row=row, total=num(total)))
        return Say.many("%(names)s wins on the tie-break: %(rule)s.",
                        "%(names)s win on the tie-break: %(rule)s.", len(result.winners),
                        names=names, rule=said)


def read_column(form: Form) -> tuple[dict[str, Any] | None, dict[str, str]]:
    """A seat's column as typed: each row's field named by its kind and key; a field left
    empty is a row not typed yet (a check's box is read whenever the column is saved)."""
    part: dict[str, Any] = {}
    errors: dict[str, str] = {}
    checks = form.get("checks", "").split()
    for name, text in form.items():
        kind, _dash, key = name.partition("-")
        if kind not in PREFIXES or kind == "check" or not key or not text.strip():
            continue
        if kind == "number":
            try:
                part[key] = evaluate(text)
            except NotANumber as error:
                errors[key] = error.args[0]
        elif kind == "count":
            count = read_count(text, digits=7)
            if count is None:
                errors[key] = _("Type a whole number: 0, 1, 2…")
            else:
                part[key] = count
        elif text.isascii() and text.isdigit() and len(text) < 3:
            part[key] = int(text)
        else:
            errors[key] = _("Choose one of the answers.")
    for key in checks[:64]:
        part[key] = f"check-{key}" in form
    return (None, errors) if errors else (part, {})


def typed_column(part: Mapping[str, Any] | None) -> dict[str, Any]:
    return {key: value if isinstance(value, bool) else str(value)
            for key, value in (part or {}).items()}


def form_column(form: Form) -> dict[str, Any]:
    typed: dict[str, Any] = {}
    for name, text in form.items():
        kind, _dash, key = name.partition("-")
        if kind in PREFIXES and kind != "check" and key:
            typed[key] = text
    for key in form.get("checks", "").split()[:64]:
        typed[key] = f"check-{key}" in form
    return typed


def title_of(sheet: Sheet) -> str:
    return design_name(design_of(sheet.match.options))


def card_icon(draw: Any, box: tuple[int, int, int], colour: tuple[int, int, int]) -> None:
    """The result card's icon: a score pad, its rows and a tick."""
    x, y, s = box
    w = max(3, s // 16)
    draw.rounded_rectangle((x + s * 0.14, y + s * 0.06, x + s * 0.86, y + s * 0.94),
                           radius=s // 12, outline=colour, width=w)
    for row in (0.28, 0.46, 0.64, 0.82):
        draw.line((x + s * 0.3, y + s * row, x + s * 0.74, y + s * row), fill=colour, width=w)
    draw.line((x + s * 0.2, y + s * 0.46, x + s * 0.24, y + s * 0.5), fill=colour, width=w)


# A seat's part of a round is its column (in a tally) or its line of the round's rows.
COLUMNS = PartWords(saved=_l("%(name)s's rows saved."),
                    in_round=_l("%(name)s's rows in round %(number)s"),
                    change=_l("change the rows"))
# A tally's part is its column of the pad, the one round never named.
PAD_COLUMNS = PartWords(saved=_l("%(name)s's column saved."), in_round=_l("%(name)s's column"),
                        change=_l("change the rows"))

# No pages of its own here (a design's are app/web/design/): the blueprint lends its templates.
bp = Blueprint("custom", __name__, template_folder="templates")

PAGES = GamePages(GAME, view=CustomView, part_words=COLUMNS, read_part=read_column,
                  typed_values=typed_column, form_values=form_column, round_page=True,
                  card_icon=card_icon, title_of=title_of, chooser=choose_design,
                  start_context=start_context, blueprint=bp)


@bp.get("/m/<token>/round/<int:number>/column/<int:seat>/preview")
def preview(token: str, number: int, seat: int) -> Response:
    """A column's worked-out rows as they would stand with its rows typed so far (stored
    nowhere): the column page shows each formula's value live. Whatever cannot be read yet is
    not ok, and the page leaves its values as they are."""
    view = part_view(token, number, seat, PAGES)
    body, _errors = read_column(request.args)
    if body is None:
        return jsonify({"ok": False})
    try:
        sheet, _entered = preview_part(view.access, view.access.match_id, number, seat,
                                       read_parts(view.sheet, {seat: body})[seat])
    except Invalid:
        return jsonify({"ok": False})
    shown = PAGES.view_of(sheet, view.access)
    assert isinstance(shown, CustomView)
    side = sheet.side_of(seat).index
    return jsonify({"ok": True, "rows": {
        line.row.key: shown.shown(line.row, None, line.cells[side].value)
        for line in shown.pad(number) if line.row.kind == "formula"}})
