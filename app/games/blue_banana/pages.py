"""Blue Banana's pages: a player's cards, the chips, the mode card, the task cards, the checker."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ...errors import Invalid
from ...i18n import say
from ...models import Change
from ...services.match.writes import add_round, replace_round
from ...web.blueprint import refusals_flashed
from ...web.games.base import Form, GamePages, load_view, read_count
from ...web.sheet.forms import VersionedForm, posted
from ...web.sheet.view import SheetView
from ...web.sheet.words import PartWords
from ..base import RoundInput
from ..reading import InvalidInput
from . import engine

# The motifs are drawn by our own icons (games/_icons.html, by the motif's code).
BANANA_CHOICES = tuple(choice or "none" for choice in engine.BANANA)  # as the form says it

bp = Blueprint("blue_banana", __name__, template_folder="templates", static_folder="static",
               static_url_path="/static/games/blue_banana")


@bp.app_template_filter("motif")
def motif_filter(motif: str) -> str:
    """A motif as people say it ("top_hat" → "top hat"), in the page's language."""
    return say(engine.motif_name(motif))


@bp.app_template_filter("motif_colour")
def colour_filter(color: str) -> str:
    """A task card's colour as people say it, in the page's language."""
    return say(engine.color_name(color))


class BlueBananaView(SheetView):
    motif_name = staticmethod(engine.motif_name)
    max_chips = engine.MAX_CHIPS  # the large chip's worth

    def chips(self, seat: int, before: int | None = None) -> dict[str, int]:
        """A player's penalty chips as they lie on the table: small ones, or one large. With
        `before`, as they lay when round `before` was played (what its mistakes cost)."""
        value = self.sheet.result.detail.chips[seat]
        if before is not None:
            awarded = [outcome.detail.chips for outcome in self.sheet.result.rounds[:before - 1]
                       if outcome.detail.chips is not None]
            value = (awarded[-1] if awarded else self.sheet.replay(()).detail.chips)[seat]
        if value >= self.max_chips:
            return {"large": 1, "small": 0}
        return {"large": 0, "small": value}

    def round_change_said(self, change: Change, who: str) -> str | None:
        """Turning up a round's task cards (or changing them) collected no card yet: said as
        what it is, not as a round saved."""
        before, after = change.before or {}, change.after or {}
        lines_before = before.get("players") or [None] * len(self.sheet.players)
        if after.get("players") == lines_before and after.get("task") != before.get("task"):
            return str(_("%(who)s turned up the task cards of round %(number)s.", who=who,
                         number=change.round_number))
        return None

    def round_context(self, number: int) -> dict[str, Any]:
        """What the round's page says besides its lines: whether its banana is snatched (the
        card checker answers from then on), and who took a chip after it: the most cards
        overall (rules/blue-banana.txt, "Distributing the Penalty Chips"); None while open."""
        snatched = engine.banana_snatched(self.sheet.rounds[number - 1])
        outcome = self.sheet.result.rounds[number - 1]
        if outcome.detail.chips is None:
            return {"snatched": snatched, "chip_takers": None}
        totals = [sum(row.cells[seat].value or 0 for row in self.rows[:number])
                  for seat in range(len(self.sheet.players))]
        most = max(totals)
        takers = [seat for seat, total in enumerate(totals) if total == most]
        return {"snatched": snatched,
                "chip_takers": [self.sheet.players[seat] for seat in takers], "most": most,
                "at_most": [self.sheet.players[seat] for seat in takers
                            if self.chips(seat, number)["large"]]}

    @property
    def starts_next(self) -> str | None:
        seat = self.sheet.result.detail.starts_next
        return None if seat is None else self.sheet.players[seat]

    @property
    def entry_mode(self) -> str:
        """The mode card's side for the round being played."""
        if self.playing_number <= len(self.rows):
            return str(self.sheet.result.rounds[self.playing_number - 1].detail.mode)
        return str(self.sheet.result.detail.next_mode)

    @property
    def entry_task(self) -> list[dict[str, str]] | None:
        if self.playing_number <= len(self.rows):
            return self.sheet.rounds[self.playing_number - 1].common.get("task")
        return None


def read_line(form: Form) -> tuple[dict[str, Any] | None, dict[str, str]]:
    """A player's line: the cards collected, right and wrong, and the banana."""
    line: dict[str, Any] = {}
    errors: dict[str, str] = {}
    for name in ("correct", "incorrect"):
        count = read_count(form.get(name, ""))
        if count is None:
            errors[name] = _("Count whole cards: 0, 1, 2…")
        else:
            line[name] = count
    banana = form.get("banana", "none")
    if banana not in BANANA_CHOICES:
        errors["banana"] = _("Choose: no banana, snatched correctly, or too early.")
    line["banana"] = None if banana == "none" else banana
    return (None, errors) if errors else (line, {})


def typed_line(part: dict[str, Any] | None) -> dict[str, Any]:
    part = part or {"correct": 0, "incorrect": 0, "banana": None}
    return {"correct": str(part["correct"]), "incorrect": str(part["incorrect"]),
            "banana": part["banana"] or "none"}


def form_line(form: Form) -> dict[str, Any]:
    return {name: form.get(name, "") for name in ("correct", "incorrect")} | {
        "banana": form.get("banana", "none")}


@bp.route("/m/<token>/task", methods=["GET", "POST"])
def task(token: str) -> ResponseReturnValue:
    """The host turns up the round's two task cards by tapping a motif and a colour for each."""
    view = load_view(token, PAGES)
    if view.access.role != "host":
        abort(403)
    number = view.entry_number
    if number is None:
        flash(_("There is no round to turn task cards up for."), "error")
        return redirect(url_for("web.sheet", token=token))
    form = VersionedForm(request.form if request.method == "POST" else None)
    current = (view.sheet.rounds[number - 1].common.get("task")
               if number <= len(view.sheet.rounds) else None) or [{}] * engine.TASK_CARDS
    chosen = [{"motif": request.form.get(f"motif{i}", current[i].get("motif")),
               "color": request.form.get(f"color{i}", current[i].get("color"))}
              for i in range(engine.TASK_CARDS)]
    error, status = None, 200
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400)
        if request.form.get("number") not in (None, str(number)):
            flash(_("Round %(finished)s was finished meanwhile: these task cards were not saved. "
                    "Round %(number)s is the one in play now.",
                    finished=request.form.get("number"), number=number), "error")
            # The sheet, where a phone that kept these cards (entry.js) reads it as answered.
            return redirect(url_for("web.sheet", token=token))
        back = url_for("web.sheet", token=token)
        with refusals_flashed(back):
            try:
                cards = engine.parse_task(chosen)
                if number > len(view.sheet.rounds):
                    add_round(view.access, view.match.id,
                              RoundInput({"task": cards}, (None,) * len(view.sheet.players)))
                else:
                    entered = view.sheet.rounds[number - 1]
                    replace_round(view.access, view.match.id, number,
                                  RoundInput(dict(entered.common) | {"task": cards},
                                             entered.parts))
            except (InvalidInput, Invalid) as problem:
                error, status = problem.message, 422
            else:
                flash(_("Round %(number)s's task cards are up. Go!", number=number), "info")
                return redirect(back)
    return render_template(PAGES.template("task.html"), token=token, view=view, form=form,
                           number=number, chosen=chosen, error=error,
                           motifs=engine.MOTIFS, colors=engine.COLORS), status


@bp.get("/m/<token>/round/<int:number>/check")
def check_card(token: str, number: int) -> str:
    """Was this collected card sought? Tap its motif and colour; the answer comes at once, once
    the round's banana is snatched."""
    view = load_view(token, PAGES)
    if not 1 <= number <= len(view.sheet.rounds):
        abort(404)
    entered = view.sheet.rounds[number - 1]
    mode = engine.mode_of_round(view.match.options, number)
    motif, color = request.args.get("motif"), request.args.get("color")
    verdict = None
    if motif in engine.MOTIFS and color in engine.COLORS:
        verdict = engine.check_card(entered, mode, motif, color)
    return render_template(PAGES.template("check.html"), token=token, view=view, number=number,
                           task=entered.common.get("task"), mode=mode, motif=motif, color=color,
                           verdict=verdict, snatched=engine.banana_snatched(entered),
                           motifs=engine.MOTIFS, colors=engine.COLORS)


@bp.post("/m/<token>/round/<int:number>/snatched")
def mark_snatched(token: str, number: int) -> ResponseReturnValue:
    """The host marks the round's banana snatched before anyone's cards are typed: the card
    checker answers from then on. Kept in the round as entered (its `snatched` field)."""
    view = load_view(token, PAGES)
    if view.access.role != "host":
        abort(403)
    if not 1 <= number <= len(view.sheet.rounds):
        abort(404)
    posted()
    entered = view.sheet.rounds[number - 1]
    if engine.banana_snatched(entered):  # a line typed meanwhile said so already
        return redirect(url_for("blue_banana.check_card", token=token, number=number))
    snatched = RoundInput(dict(entered.common) | {"snatched": True}, entered.parts)
    with refusals_flashed(url_for("web.round_detail", token=token, number=number)):
        # Based on the round as just read: a line typed since is never written over.
        replace_round(view.access, view.match.id, number, snatched, (view.match.version,))
    flash(_("Round %(number)s: the banana is snatched, and the card checker answers.",
            number=number), "info")
    return redirect(url_for("blue_banana.check_card", token=token, number=number))


def card_icon(draw: Any, box: tuple[int, int, int], colour: tuple[int, int, int]) -> None:
    """The result card's icon: the blue banana, a crescent with its stalk."""
    x, y, s = box
    blue = (37, 99, 175)
    draw.ellipse((x + s * 0.06, y - s * 0.2, x + s * 0.94, y + s * 0.8), fill=blue)
    draw.ellipse((x + s * 0.02, y - s * 0.42, x + s * 0.98, y + s * 0.6), fill=(255, 255, 255))
    draw.line((x + s * 0.86, y + s * 0.36, x + s * 0.97, y + s * 0.22), fill=colour,
              width=max(3, s // 12))


# A seat's part of a round is the cards it collected.
CARDS = PartWords(saved=_l("%(name)s's cards saved."),
                  in_round=_l("%(name)s's cards in round %(number)s"),
                  change=_l("change the cards"))

PAGES = GamePages(engine.GAME, view=BlueBananaView, part_words=CARDS,
                  read_part=read_line, typed_values=typed_line, form_values=form_line,
                  round_page=True, whole_part_fields=("players",), blueprint=bp,
                  card_icon=card_icon)
