"""The main pages at a phone's size (390×844), light and dark, English and Arabic, as screenshots
to look at by eye: the Arabic sheet mirrored, the dark theme legible, nothing overlapping.

They go to the folder named by SCREENS_DIR, in all four pairings. Without it, nobody is to look
at them: each page is drawn in light English and dark Arabic and measured, not photographed. The
test asserts that no page is wider than the phone (no sideways scrolling), and with SCREENS_DIR
that each screenshot was made."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from test_accessibility import LANGUAGES, THEMES

pytestmark = [pytest.mark.browser, pytest.mark.look]

PHONE = {"width": 390, "height": 844}
SCREENS = ("home", "new banakil", "sheet generic", "sheet generic over", "cell generic",
           "sheet banakil", "hand banakil", "hand banakil typed", "round banakil", "line banakil",
           "sheet blue_banana", "task blue_banana", "check blue_banana", "hand blue_banana",
           "sheet bandido", "character bandido", "links", "table", "group", "roster",
           "group links", "404")


@pytest.fixture(scope="module")
def folder():
    """Where the screenshots go (SCREENS_DIR), or None: none made."""
    path = os.environ.get("SCREENS_DIR")
    if path:
        Path(path).mkdir(parents=True, exist_ok=True)
        return Path(path)
    return None


# What is asserted (no page wider than the phone) is the language's, never the theme's: a
# theme changes colours alone. So `make test` makes each theme and each language once; all four
# pairings are made where someone is to look at them (SCREENS_DIR).
PAIRINGS = ([(theme, lang) for theme in THEMES for lang in LANGUAGES]
            if os.environ.get("SCREENS_DIR") else [("light", "en"), ("dark", "ar")])


@pytest.mark.parametrize("theme, lang", PAIRINGS)
def test_the_main_pages_fit_a_phone(browser, site, folder, theme, lang):
    base, paths = site
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True,
                                  has_touch=True, color_scheme=theme, reduced_motion="reduce")
    host = urlsplit(base).hostname
    context.add_cookies([{"name": "theme", "value": theme, "domain": host, "path": "/"},
                         {"name": "lang", "value": lang, "domain": host, "path": "/"}])
    page = context.new_page()
    too_wide = []
    try:
        for name in SCREENS:
            page.goto(base + paths[name])
            if folder is not None:
                shot = folder / f"{name.replace(' ', '-')}-{theme}-{lang}.png"
                page.screenshot(path=str(shot), full_page=True)
                assert shot.stat().st_size > 0
            width = page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
            if width[0] > width[1]:
                too_wide.append(f"{name}: {width[0]} px > {width[1]} px")
    finally:
        context.close()
    assert not too_wide, f"wider than the phone ({theme}, {lang}): " + "; ".join(too_wide)
