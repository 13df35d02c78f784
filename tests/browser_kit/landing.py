"""Where a save from a page of its own takes the phone: back to the sheet. (A Banakil hand's page
needs no such wait: it is drawn from the start as its scripts leave it, and nothing on it moves
when they run, which tests/look/test_phone_first_paint.py asserts.)"""

from __future__ import annotations

import re

SHEET = re.compile(r"/m/[^/?#]+(\?[^#]*)?(#.*)?$")


def on_the_sheet(page) -> None:
    """Until the phone is back on the sheet with its scripts run. entry.js goes there once the
    save's answer came, and the sheet's script then puts the focus on what is next to type,
    scrolling it into view: a tap before that lands where a link was a moment before."""
    page.wait_for_url(SHEET)  # and the page's load: its deferred scripts have run
