"""Tally's pages: each seat counts its tricks on the shared part page; the grid stars the best."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Blueprint

from app.web.games import GamePages
from app.web.sheet.view import SheetView
from app.web.sheet.words import PartWords

from .engine import BONUS, GAME, MOST_TRICKS

# No pages of its own: the blueprint only lends the game its template folder.
bp = Blueprint("tally", __name__, template_folder=str(Path(__file__).parent / "templates"))


class TallyView(SheetView):
    bonus = BONUS
    most_tricks = MOST_TRICKS

    def best(self, number: int) -> tuple[int, ...]:
        """The seats that took round `number`'s bonus."""
        return self.sheet.result.rounds[number - 1].detail.best


def read_tricks(form) -> tuple[dict[str, int] | None, dict[str, str]]:
    text = form.get("tricks", "").strip()
    if not (text.isascii() and text.isdigit() and len(text) <= 2):
        return None, {"tricks": "Count the tricks: 0, 1, 2…"}
    return {"tricks": int(text)}, {}


def typed_tricks(part: Any) -> dict[str, str]:
    return {"tricks": "" if part is None else str(part["tricks"])}


def form_tricks(form) -> dict[str, str]:
    return {"tricks": form.get("tricks", "")}


# A fifth game's own words for a seat's part (a real game's are translated: words.py).
TRICKS = PartWords(saved="%(name)s's tricks saved.",
                   in_round="%(name)s's tricks in round %(number)s", change="change the tricks")

PAGES = GamePages(game=GAME, view=TallyView, part_words=TRICKS, read_part=read_tricks,
                  typed_values=typed_tricks, form_values=form_tricks, blueprint=bp)
