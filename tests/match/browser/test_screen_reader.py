"""A player who cannot see the screen (issue 13, "Accessible"): what other phones change is said
once, politely, in one live region; a round goes in with the keyboard alone, and the focus then
waits in the next round's first cell."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
REGION = "#sheet-announce"
# A name in a sentence heard aloud is isolated (FSI … PDI), as the page says it.
ANA, BEN = "\u2068Ana\u2069", "\u2068Ben\u2069"


def phone(browser, base, lang=None):
    context = browser.new_context(**PHONE)
    if lang:
        context.add_cookies([{"name": "lang", "value": lang, "domain": urlsplit(base).hostname,
                              "path": "/"}])
    return context.new_page()


def streaming(page):
    page.wait_for_function(
        "() => window.SquareScores && window.SquareScores.liveState === 'streaming'")


def listen(page):
    """Counts every sentence the page puts in its live region (an emptied region says nothing)."""
    page.evaluate("""() => {
        window.heard = [];
        const region = document.querySelector('#sheet-announce');
        new MutationObserver(() => {
            const text = region.textContent.trim();
            if (text) window.heard.push(text);
        }).observe(region, {childList: true, characterData: true, subtree: true});
    }""")


def heard(page):
    return page.evaluate("window.heard")


def save_round(page, number, scores):
    for name, score in scores.items():
        page.get_by_label(f"Round {number}, {name}").fill(str(score))
    page.get_by_role("button", name=f"Save round {number}").click()
    expect(page.locator(".sheet-state")).to_have_attribute("data-version", str(number + 1))


def test_a_viewer_hears_the_hosts_change_once_and_the_host_hears_nothing(live_server, browser, api):
    created = api.create(("Ana", "Ben"))
    host = phone(browser, live_server)
    viewer = phone(browser, live_server)
    host.goto(f"{live_server}/m/{created['tokens']['host']}")
    viewer.goto(f"{live_server}/m/{created['tokens']['view']}")
    streaming(host)
    streaming(viewer)
    region = viewer.locator(REGION)
    expect(region).to_have_attribute("aria-live", "polite")
    expect(region).to_have_attribute("role", "status")
    expect(region).to_have_text("")  # opening the page says nothing
    listen(viewer)
    listen(host)

    save_round(host, 1, {"Ana": 12, "Ben": 30})
    expect(region).to_have_text(f"Host saved round 1. {BEN} leads.", timeout=3000)
    save_round(host, 2, {"Ana": 25, "Ben": 0})
    expect(region).to_have_text(f"Host saved round 2. {ANA} leads.", timeout=3000)
    # One sentence, not a log: the region holds the latest alone, as plain text.
    assert viewer.locator(f"{REGION} *").count() == 0

    # A new version that changes nothing on the sheet (a seat's link replaced) says nothing.
    # Ben's save after it is said: by the time it is, anything said again before it is in too.
    replaced = api.call("POST", f"/matches/{created['id']}/tokens/replace",
                        created["tokens"]["host"], json={"role": "seat", "seat": 0})
    assert replaced.status_code == 200, replaced.get_json()
    said_by_ben = said_once_by_ben(api, created, round_number=3)
    expect(region).to_contain_text(said_by_ben, timeout=3000)
    assert heard(viewer)[:2] == [f"Host saved round 1. {BEN} leads.",
                                 f"Host saved round 2. {ANA} leads."]
    assert len(heard(viewer)) == 3 and said_by_ben in heard(viewer)[2]
    # This phone's own saves are not said to it; Ben's is.
    expect(host.locator(REGION)).to_contain_text(said_by_ben, timeout=3000)
    assert len(heard(host)) == 1
    host.context.close()
    viewer.context.close()


def said_once_by_ben(api, created, round_number):
    """Ben saves his own cell of `round_number` from his phone: what the others are then told."""
    saved = api.call("PUT", f"/matches/{created['id']}/rounds/{round_number}/seats/1",
                     created["tokens"]["seats"][1], json={"score": 4})
    assert saved.status_code == 201, saved.get_json()
    return f"Saved: {BEN}'s score in round {round_number}."


def test_a_seats_own_cell_is_said_by_what_changed(live_server, browser, api):
    created = api.create(("Ana", "Ben"))
    ben = phone(browser, live_server)
    viewer = phone(browser, live_server)
    ben.goto(f"{live_server}/m/{created['tokens']['seats'][1]}")
    viewer.goto(f"{live_server}/m/{created['tokens']['view']}")
    streaming(ben)
    streaming(viewer)
    listen(ben)
    ben.get_by_label("Round 1, Ben").fill("7")
    ben.get_by_role("button", name="Save round 1").click()
    expect(viewer.locator(REGION)).to_contain_text(f"Saved: {BEN}'s score in round 1.",
                                                   timeout=3000)
    # Ben's phone is told of Ana's save, and of nothing before it: not of his own.
    saved = api.call("PUT", f"/matches/{created['id']}/rounds/1/seats/0",
                     created["tokens"]["seats"][0], json={"score": 5})
    assert saved.status_code == 200, saved.get_json()  # round 1, begun by Ben, completed
    expect(ben.locator(REGION)).to_contain_text(f"Saved: {ANA}'s score in round 1.", timeout=3000)
    assert len(heard(ben)) == 1
    ben.context.close()
    viewer.context.close()


def test_the_sentence_is_in_the_viewers_language(live_server, browser, api):
    created = api.create(("Ana", "Ben"))
    host = phone(browser, live_server)
    viewer = phone(browser, live_server, lang="ar")
    host.goto(f"{live_server}/m/{created['tokens']['host']}")
    viewer.goto(f"{live_server}/m/{created['tokens']['view']}")
    expect(viewer.locator("html")).to_have_attribute("lang", "ar")
    streaming(viewer)
    listen(viewer)
    save_round(host, 1, {"Ana": 12, "Ben": 30})
    region = viewer.locator(REGION)
    expect(region).to_contain_text("حفظ المضيف الجولة 1.", timeout=3000)
    expect(region).to_contain_text("Ben")
    assert not re.search(r"saved|leads|Host", region.text_content())
    save_round(host, 2, {"Ana": 1, "Ben": 1})
    expect(region).to_contain_text("حفظ المضيف الجولة 2.", timeout=3000)
    assert len(heard(viewer)) == 2  # each said once
    host.context.close()
    viewer.context.close()


def tab_to(page, check, most=60):
    """Presses Tab until `check(page)` holds (the way a keyboard reaches a control)."""
    for _ in range(most):
        if check(page):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"never reached by Tab; the focus is on {label_of_focus(page)!r}")


def label_of_focus(page):
    """What a screen reader names the focused control by (its aria-label, else its text)."""
    return page.evaluate("""() => {
        const focused = document.activeElement;
        return focused ? (focused.getAttribute('aria-label') || focused.textContent.trim()) : '';
    }""")


def test_a_round_of_the_free_sheet_with_the_keyboard_alone(live_server, browser, api):
    created = api.create(("Ana", "Ben"))
    host = phone(browser, live_server)
    host.goto(f"{live_server}/m/{created['tokens']['host']}")
    streaming(host)

    tab_to(host, lambda page: label_of_focus(page) == "Round 1, Ana")
    host.keyboard.type("10+5")
    host.keyboard.press("Tab")
    assert label_of_focus(host) == "Round 1, Ben"
    host.keyboard.type("8")
    host.keyboard.press("Tab")
    assert label_of_focus(host) == "Save round 1"
    host.keyboard.press("Enter")
    expect(host.locator("#r1 td")).to_have_text(["15", "8"])
    expect(host.get_by_label("Round 2, Ana")).to_be_focused()

    # The focus is already there: type, Tab, type, Tab to the button, Space.
    host.keyboard.type("1")
    host.keyboard.press("Tab")
    host.keyboard.type("20")
    host.keyboard.press("Tab")
    assert label_of_focus(host) == "Save round 2"
    host.keyboard.press("Space")
    expect(host.locator("#r2 td")).to_have_text(["1", "20"])
    expect(host.get_by_label("Round 3, Ana")).to_be_focused()
    expect(host.locator(".standing .total")).to_have_text(["16", "28"])
    host.context.close()


def on_stepper(label, field):
    """Whether the focus is on the stepper button `label` of `field`. Each pile (melded, in hand)
    has the same buttons under its own group name; the buttons show once the page's script runs,
    and until then Tab passes them by."""
    def check(page):
        return (label_of_focus(page) == label
                and page.evaluate("document.activeElement.dataset.for") == field)
    return check


def test_a_banakil_hand_with_the_keyboard_alone(live_server, browser, api):
    created = api.create(("Dana", "Ravi"), game="banakil")
    host = phone(browser, live_server)
    host.goto(f"{live_server}/m/{created['tokens']['host']}")

    # Dana: ten sevens to kings melded with the + stepper, and she went out: 10 + 20 = 30.
    tab_to(host, lambda page: label_of_focus(page).startswith("Dana: count the hand"))
    host.keyboard.press("Enter")
    expect(host.get_by_role("heading", name="Hand 1: Dana")).to_be_visible()
    # The steppers are up.
    expect(host.get_by_role("button", name="One more sevens to kings").first).to_be_visible()
    tab_to(host, on_stepper("One more sevens to kings", "melded-7-K"))
    for press in ["Enter", "Space"] * 5:
        host.keyboard.press(press)
    expect(host.locator("#melded-7-K")).to_have_value("10")
    tab_to(host, lambda page: page.evaluate("document.activeElement.name") == "went_out")
    host.keyboard.press("Space")
    expect(host.get_by_label("Dana went out")).to_be_checked()
    expect(host.locator(".preview-box")).to_contain_text("Hand score 30")
    tab_to(host, lambda page: label_of_focus(page) == "Save Dana's hand")
    host.keyboard.press("Enter")

    # Back on the sheet, the focus waits on the next hand to count: Ravi's.
    expect(host.get_by_role("link", name="Ravi: count the hand")).to_be_focused()
    host.keyboard.press("Enter")
    expect(host.get_by_role("heading", name="Hand 1: Ravi")).to_be_visible()
    # The steppers are up.
    expect(host.get_by_role("button", name="One more threes to sixes").first).to_be_visible()
    tab_to(host, on_stepper("One more threes to sixes", "melded-3-6"))
    for _ in range(3):
        host.keyboard.press("Enter")
    tab_to(host, lambda page: label_of_focus(page) == "Save Ravi's hand")
    host.keyboard.press("Enter")

    expect(host.locator("#r1")).to_be_visible()
    expect(host.locator(".standing .total").first).to_have_text("30")
    # The hand is in: the focus waits on the next hand's first seat.
    expect(host.get_by_role("link", name="Dana: count the hand")).to_be_focused()
    expect(host.locator(".hands h2")).to_contain_text("Hand 2")
    host.context.close()
