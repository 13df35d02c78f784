"""Every table on the main pages at a phone's size, in English, German and Arabic: it fits its
box, or it shows that it scrolls (a cue at the scrolling edge) and can be scrolled from the
keyboard and named by a screen reader (a focusable region with a label). No column is ever
hidden off-screen unseen, as the German leaderboard's last two were."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
PAGES = ("group", "group view", "sheet generic", "sheet generic over", "sheet banakil",
         "round banakil", "sheet blue_banana", "round blue_banana", "sheet bandido",
         "table", "sheet twelve")

# (A match's details and its history are lists, not tables.)
# For each table: whether it fits its box, and if not, what its scroll box offers.
MEASURE = """() => [...document.querySelectorAll('main table')].map(table => {
  const box = table.closest('.scrolls') || table.parentElement;
  const edges = box.getBoundingClientRect();
  const fits = table.getBoundingClientRect().width <= box.clientWidth + 1
    && edges.right <= innerWidth + 1 && edges.left >= -1;
  const before = box.scrollLeft;
  box.scrollBy({left: document.dir === 'rtl' ? -40 : 40, behavior: 'instant'});
  const scrolled = box.scrollLeft !== before;
  box.scrollLeft = before;
  const label = box.getAttribute('aria-label') || (box.getAttribute('aria-labelledby')
    && document.getElementById(box.getAttribute('aria-labelledby'))?.textContent.trim());
  return {table: (table.className || 'table') + ' ' + table.querySelector('th')?.textContent.trim(),
          fits, scrolled, cue: box.classList.contains('scrolls')
          && getComputedStyle(box).backgroundImage.includes('gradient'),
          region: box.getAttribute('role') === 'region' && box.tabIndex === 0 && !!label};
})"""


@pytest.mark.parametrize("lang", ("en", "de", "ar"))
def test_no_table_hides_columns_unseen(browser, site, lang):
    base, paths = site
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True,
                                  has_touch=True)
    context.add_cookies([{"name": "lang", "value": lang, "domain": urlsplit(base).hostname,
                          "path": "/"}])
    page = context.new_page()
    hidden, bare = [], []
    try:
        for name in PAGES:
            assert page.goto(base + paths[name]).ok, name
            page.evaluate("document.querySelectorAll('main details').forEach(d => d.open = true)")
            tables = page.evaluate(MEASURE)
            if not tables:
                bare.append(name)
            for table in tables:
                if not table["fits"] and not (table["scrolled"] and table["cue"]
                                              and table["region"]):
                    hidden.append(f"{name}: {table}")
    finally:
        context.close()
    assert not bare, f"no table on {bare}"
    assert not hidden, f"columns hidden unseen ({lang}):\n" + "\n".join(hidden)
