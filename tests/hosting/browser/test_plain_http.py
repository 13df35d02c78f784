"""Over plain HTTP on a LAN (no secure context: no clipboard, no share sheet, no wake lock) the
pages still hand out links and say how to keep the screen on; where the browser allows a wake
lock, the sheet holds one and asks again when the tab comes back (SPEC section 9).

The browser's loopback is a secure context, so the missing APIs are taken away before the page
loads, as a LAN address over HTTP has them."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
PLAIN_HTTP = """
    Object.defineProperty(window, 'isSecureContext', {value: false});
    for (const name of ['clipboard', 'share', 'wakeLock']) delete Navigator.prototype[name];
"""
# A wake lock the test can watch: how often it was asked for, and the browser's letting it go.
WATCHED_LOCK = """
    window.wakeLocksAsked = 0;
    Object.defineProperty(Navigator.prototype, 'wakeLock', {get: () => ({
      request() {
        window.wakeLocksAsked += 1;
        const lock = new EventTarget();
        lock.released = false;
        window.heldLock = lock;
        return Promise.resolve(lock);
      }})});
    window.letGo = () => {
      heldLock.released = true; heldLock.dispatchEvent(new Event('release'));
    };
    window.pageLetGo = 0;
    EventTarget.prototype.release = function () {
      window.pageLetGo += 1; this.released = true; this.dispatchEvent(new Event('release'));
      return Promise.resolve();
    };
"""


def test_copy_and_share_select_the_link_where_the_page_is_not_secure(live_server, browser, api):
    created = api.create(("Ana", "Ben"))
    context = browser.new_context(**PHONE)
    context.add_init_script(PLAIN_HTTP)
    page = context.new_page()
    page.goto(f"{live_server}/m/{created['tokens']['host']}/links")
    ana = page.locator(".invite").first
    link = ana.locator("input.link")
    selected = "el => el === document.activeElement && el.selectionStart === 0 " \
               "&& el.selectionEnd === el.value.length"

    ana.get_by_role("button", name="Share").click()
    assert link.evaluate(selected)
    expect(ana.locator(".link-said")).to_contain_text("copy it and send it")

    page.evaluate("document.activeElement.blur()")
    ana.get_by_role("button", name="Copy").click()
    assert link.evaluate(selected)
    # Headless Chromium copies the old way (execCommand) or the phone's menu is named.
    expect(ana.get_by_role("button", name="Copied").or_(
        ana.locator(".link-said", has_text="phone's menu"))).to_be_visible()

    page.goto(f"{live_server}/m/{created['tokens']['host']}")
    expect(page.locator("#awake-note")).to_be_visible()
    expect(page.locator("#awake-note")).to_contain_text("auto-lock")
    context.close()


def test_the_sheet_and_the_table_keep_the_screen_on_and_ask_again_when_back(
        live_server, browser, api):
    created = api.create(("Ana", "Ben"))
    context = browser.new_context(**PHONE)
    context.add_init_script(WATCHED_LOCK)
    page = context.new_page()
    for view in ("", "/table"):
        page.goto(f"{live_server}/m/{created['tokens']['host']}{view}")
        page.wait_for_function("() => document.documentElement.hasAttribute('data-awake')")
        assert page.evaluate("wakeLocksAsked") == 1
        expect(page.locator("#awake-note")).to_be_hidden()
        # The tab was hidden: the browser let the lock go. Back in view, it is asked for again.
        page.evaluate("letGo()")
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        page.wait_for_function("() => document.documentElement.hasAttribute('data-awake')")
        assert page.evaluate("wakeLocksAsked") == 2
    context.close()


def test_an_ended_match_says_nothing_of_keeping_the_screen_on(live_server, browser, api):
    created = api.create(("Ana", "Ben"), options={"rounds": 1})
    host = created["tokens"]["host"]
    context = browser.new_context(**PHONE)
    context.add_init_script(PLAIN_HTTP)
    page = context.new_page()
    page.goto(f"{live_server}/m/{host}/table")
    expect(page.locator("#awake-note")).to_be_visible()

    # The last round is saved on another phone: the match is over, live, on this one.
    api.call("POST", f"/matches/{created['id']}/rounds", host, json={"scores": [3, 5]})
    expect(page.locator(".sheet-state")).to_have_attribute("data-status", "over")
    expect(page.locator("#awake-note")).to_be_hidden()

    api.call("POST", f"/matches/{created['id']}/bank", host)
    for view in ("", "/table"):
        page.goto(f"{live_server}/m/{host}{view}")
        expect(page.locator(".sheet-state")).to_have_attribute("data-status", "banked")
        expect(page.locator("#awake-note")).to_be_hidden()
    context.close()


def test_the_screen_may_sleep_once_the_match_is_over(live_server, browser, api):
    created = api.create(("Ana", "Ben"), options={"rounds": 1})
    host = created["tokens"]["host"]
    context = browser.new_context(**PHONE)
    context.add_init_script(WATCHED_LOCK)
    page = context.new_page()
    page.goto(f"{live_server}/m/{host}")
    page.wait_for_function("() => document.documentElement.hasAttribute('data-awake')")

    api.call("POST", f"/matches/{created['id']}/rounds", host, json={"scores": [3, 5]})
    page.wait_for_function("() => !document.documentElement.hasAttribute('data-awake')")
    assert page.evaluate("pageLetGo") == 1
    # Back in view, an ended match asks for no lock.
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.goto(f"{live_server}/m/{host}/table")
    expect(page.locator(".sheet-state")).to_have_attribute("data-status", "over")
    assert page.evaluate("wakeLocksAsked") == 0
    context.close()
