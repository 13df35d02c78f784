"""Where a save from a page of its own takes the phone: back to the sheet; and a Banakil hand's
page, on which the phone taps only once its scripts have drawn it."""

from __future__ import annotations

import re

SHEET = re.compile(r"/m/[^/?#]+(\?[^#]*)?(#.*)?$")
HAND = re.compile(r"/m/[^/?#]+/round/\d+/hand/\d+(\?[^#]*)?(#.*)?$")


def on_the_sheet(page) -> None:
    """Until the phone is back on the sheet with its scripts run. entry.js goes there once the
    save's answer came, and the sheet's script then puts the focus on what is next to type,
    scrolling it into view: a tap before that lands where a link was a moment before."""
    page.wait_for_url(SHEET)  # and the page's load: its deferred scripts have run


def on_the_hand(page) -> None:
    """Until the phone is on a Banakil hand's page with its scripts run: after the link to it,
    or after a save refused there (the refusal beside its field seen first: the page that says
    it has the hand's address too, as the page before it had). The server draws the page as a
    phone without scripts has it, both ways of typing a hand shown; part.js then hides the way
    not chosen and keeps the preview's place, and Save moves. A click is a press and a release:
    Save pressed before that and released after it is no click (Playwright checks what the
    press hits, not the release), and the hand is never saved."""
    page.wait_for_url(HAND)  # and the page's load: its deferred scripts have run
