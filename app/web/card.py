"""The result card (SPEC section 8): a 1200×630 PNG of a finished match, drawn with Pillow
from the fonts on this machine (no request to another host), in the page's language.

Text is laid out by Pillow's raqm engine (HarfBuzz shaping, FriBiDi for direction), so that
Arabic is joined and runs right to left, and a name keeps its own direction inside it. The font
is DejaVu Sans (Debian's fonts-dejavu-core; free licence, with Arabic), found at CARD_FONTS."""

from __future__ import annotations

import io
import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont, features

log = logging.getLogger(__name__)

WIDTH, HEIGHT = 1200, 630
MARGIN = 56
BAND = 150  # the top band: icon, game, group and date
FOOT = 78

# The app's colours (app.css, light theme): groups have none of their own.
PAPER = (251, 250, 247)
INK = (29, 35, 39)
MUTED = (86, 98, 107)
LINE = (213, 219, 224)
BAR = (31, 111, 74)
BAR_INK = (255, 255, 255)
BAR_SOFT = (214, 236, 224)
LEAD = (255, 244, 204)
LEAD_LINE = (168, 138, 42)

# Draws a game's icon into a square box (x, y, size) in the given colour.
IconDrawer = Callable[[ImageDraw.ImageDraw, tuple[int, int, int], tuple[int, int, int]], None]


@dataclass(frozen=True)
class Row:
    """One side on the card: its place, name, total, and whether it won."""

    place: str
    name: str
    total: str
    winner: bool


@dataclass(frozen=True)
class Card:
    """What the card says, already in the page's language."""

    game: str
    icon: IconDrawer | None
    rows: tuple[Row, ...]
    winners: str  # the sentence naming the winners
    date: str
    group: str | None
    brand: str
    language: str
    rtl: bool


def app_icon(draw: ImageDraw.ImageDraw, box: tuple[int, int, int],
             colour: tuple[int, int, int]) -> None:
    """The app's own mark (static/icon.svg): a square in a square."""
    x, y, size = box
    inset, stroke = size * 8 // 32, max(2, size * 3 // 32)
    draw.rectangle((x + inset, y + inset, x + size - inset, y + size - inset), outline=colour,
                   width=stroke)


@cache
def _font(folder: str, bold: bool, size: int) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    engine = ImageFont.Layout.RAQM if shaping() else ImageFont.Layout.BASIC
    return ImageFont.truetype(str(Path(folder) / name), size, layout_engine=engine)


@cache
def shaping() -> bool:
    """Whether Pillow has raqm (with FriBiDi): without it Arabic would come out unjoined and
    left to right, so the machine is told once."""
    found = bool(features.check("raqm"))
    if not found:
        log.warning("Pillow has no raqm layout here (libfribidi missing?): the result card's "
                    "Arabic will not be shaped.")
    return found


class _Pen:
    """Text drawn from the start side of the card: the left, or the right where it runs RTL."""

    def __init__(self, image: Image.Image, card: Card, folder: str):
        self.draw = ImageDraw.Draw(image)
        self.card = card
        self.folder = folder

    def font(self, size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
        return _font(self.folder, bold, size)

    def x(self, offset: int) -> int:
        """`offset` from the start edge, as an x coordinate."""
        return WIDTH - offset if self.card.rtl else offset

    def fit(self, text: str, size: int, width: int, bold: bool = False) -> ImageFont.FreeTypeFont:
        """The largest font up to `size` in which `text` fits `width`."""
        while size > 14 and self.draw.textlength(text, font=self.font(size, bold),
                                                 **self._layout()) > width:
            size -= 2
        return self.font(size, bold)

    def _layout(self, text_direction: bool = True) -> dict[str, Any]:
        if not shaping():
            return {}
        layout: dict[str, Any] = {"language": self.card.language}
        if text_direction:
            layout["direction"] = "rtl" if self.card.rtl else "ltr"
        return layout

    def text(self, offset: int, y: int, text: str, font: ImageFont.FreeTypeFont,
             fill: tuple[int, int, int], at_end: bool = False, own_direction: bool = False
             ) -> None:
        """Text at `offset` from the start edge (or, `at_end`, ending there from the far
        edge), vertically centred on `y`. A name keeps its own direction (`own_direction`)."""
        start = not at_end
        anchor = ("r" if start == self.card.rtl else "l") + "m"
        x = self.x(offset) if start else WIDTH - self.x(offset)
        self.draw.text((x, y), text, font=font, fill=fill, anchor=anchor,
                       **self._layout(not own_direction))


def draw_card(card: Card, folder: str) -> bytes:
    """The card as PNG bytes."""
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    pen = _Pen(image, card, folder)
    draw = pen.draw
    # The band: the game's icon on a white tile, the game's name, the group and the date.
    draw.rectangle((0, 0, WIDTH, BAND), fill=BAR)
    tile = 94
    left = MARGIN if not card.rtl else WIDTH - MARGIN - tile
    top = (BAND - tile) // 2
    draw.rounded_rectangle((left, top, left + tile, top + tile), radius=18, fill=BAR_INK)
    # The icon drawn four times as large and scaled down: its edges smooth, as text's are.
    big = Image.new("RGB", ((tile - 20) * 4, (tile - 20) * 4), BAR_INK)
    (card.icon or app_icon)(ImageDraw.Draw(big), (0, 0, big.width), BAR)
    image.paste(big.resize((tile - 20, tile - 20), Image.Resampling.LANCZOS),
                (left + 10, top + 10))
    text_at = MARGIN + tile + 28
    room = WIDTH - text_at - MARGIN
    pen.text(text_at, 52, card.game, pen.fit(card.game, 50, room, bold=True), BAR_INK)
    # Each part isolated (FSI … PDI): a group named in Arabic must not carry the date with it.
    under = " · ".join(f"\u2068{part}\u2069" for part in (card.group, card.date) if part)
    pen.text(text_at, 110, under, pen.fit(under, 30, room), BAR_SOFT)
    # The sides in rank order: the winners on the lead's colour.
    rows = card.rows[:12]
    body_top, body_bottom = BAND + 26, HEIGHT - FOOT - 10
    step = min(84, (body_bottom - body_top) // max(1, len(rows)))
    body_top += (body_bottom - body_top - step * len(rows)) // 2  # a few sides sit centred
    size = max(16, min(40, int(step * 0.52)))
    for index, row in enumerate(rows):
        y0 = body_top + index * step
        middle = y0 + step // 2
        if row.winner:
            draw.rounded_rectangle((MARGIN - 16, y0 + 3, WIDTH - MARGIN + 16, y0 + step - 3),
                                   radius=12, fill=LEAD, outline=LEAD_LINE, width=2)
        elif index:
            draw.line((MARGIN, y0, WIDTH - MARGIN, y0), fill=LINE, width=2)
        pen.text(MARGIN, middle, row.place, pen.font(size, bold=True), MUTED)
        total_font = pen.font(size, bold=True)
        total_width = int(draw.textlength(row.total, font=total_font)) + 24
        name_at = MARGIN + int(size * 2.2)
        pen.text(name_at, middle, row.name,
                 pen.fit(row.name, size, WIDTH - MARGIN - name_at - total_width, bold=row.winner),
                 INK, own_direction=True)
        pen.text(MARGIN, middle, row.total, total_font, INK, at_end=True, own_direction=True)
    # The foot: who won, and whose card this is.
    draw.line((0, HEIGHT - FOOT, WIDTH, HEIGHT - FOOT), fill=LINE, width=2)
    brand_font = pen.font(24, bold=True)
    brand_room = int(draw.textlength(card.brand, font=brand_font)) + 40
    pen.text(MARGIN, HEIGHT - FOOT // 2, card.winners,
             pen.fit(card.winners, 32, WIDTH - 2 * MARGIN - brand_room, bold=True), INK)
    pen.text(MARGIN, HEIGHT - FOOT // 2, card.brand, brand_font, BAR, at_end=True,
             own_direction=True)
    out = io.BytesIO()
    # zlib's level 6: a fifth of `optimize`'s time (which tries level 9) for 4 % more bytes.
    image.save(out, "PNG", compress_level=6)
    return out.getvalue()

