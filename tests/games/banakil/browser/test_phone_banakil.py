"""Banakil at the table: hands counted card by card on phones, the sheet matching the rulebook."""

from __future__ import annotations

import re

import pytest
from browser_kit.landing import on_the_sheet
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
PREVIEW = re.compile(r"/m/[^/]+/round/\d+/hand/\d+/preview$")


def count(page, pile, cls, n):
    page.locator(f"#{pile}-{cls}").fill(str(n))


def dana_and_ravi(page, live_server):
    """A two-player match started on the phone: Dana's and Ravi's sheet."""
    page.goto(live_server + "/new/banakil")
    page.get_by_label("Player 1", exact=True).fill("Dana")
    page.get_by_label("Player 2", exact=True).fill("Ravi")
    page.get_by_role("button", name="Start the match").click()


def test_the_rulebooks_worked_hand_from_card_counts(live_server, phone):
    page = phone
    dana_and_ravi(page, live_server)
    expect(page.locator(".meta").first).to_contain_text("target 150")
    expect(page.locator(".deal")).to_contain_text("Dana deals, Ravi plays first")

    # Dana: hearts 3–9, spades 10–A, three aces, three threes; went out.
    page.get_by_role("link", name="Dana: count the hand").click()
    for _ in range(7):
        page.get_by_role("button", name="One more threes to sixes").first.click()
    count(page, "melded", "7-K", 7)
    count(page, "melded", "A", 4)
    page.get_by_label("Dana went out").check()
    expect(page.locator(".preview-box")).to_have_text("Hand score 36.5 · Dana's cell: 37")
    page.get_by_role("button", name="Save Dana's hand").click()
    on_the_sheet(page)

    # Ravi: clubs 5–J and three aces melded; K, Q, 9, 7, 6, 4, 4 and a two in hand.
    page.get_by_role("link", name="Ravi: count the hand").click()
    count(page, "melded", "3-6", 2)
    count(page, "melded", "7-K", 5)
    count(page, "melded", "A", 3)
    count(page, "in_hand", "7-K", 4)
    count(page, "in_hand", "3-6", 3)
    count(page, "in_hand", "2", 1)
    expect(page.locator(".preview-box")).to_have_text("Hand score 3 · Ravi's cell: 3")
    page.get_by_role("button", name="Save Ravi's hand").click()

    expect(page.locator(".standing .total")).to_have_text(["37", "3"])
    expect(page.locator(".standing").first).to_contain_text("113 to go")
    page.get_by_role("link", name="Hand 1: how it was scored").click()
    expect(page.locator(".working")).to_contain_text("16.5 melded − 0 in hand + 20 for going out")
    expect(page.locator(".working-sides")).to_contain_text("rounded to 37")


# Every text the preview box shows, as it shows it (a MutationObserver, set before load).
BOX_SEEN = """document.addEventListener("DOMContentLoaded", () => {
  const box = document.querySelector(".preview-box");
  if (!box) return;
  window.seen = [];
  new MutationObserver(() => { if (!box.hidden) window.seen.push(box.textContent); })
    .observe(box, {childList: true, characterData: true, subtree: true, attributes: true});
});"""


def test_the_typed_score_says_nothing_is_wrong_before_anything_is_typed(live_server, phone):
    page = phone
    page.add_init_script(BOX_SEEN)
    dana_and_ravi(page, live_server)
    page.get_by_role("link", name="Dana: count the hand").click()

    page.get_by_label("Type the score (counted on paper)").check()
    expect(page.get_by_label("Hand score")).to_be_visible()
    page.get_by_label("Hand score").fill("36.5")
    page.get_by_label("Dana went out").check()

    expect(page.locator(".preview-box")).to_have_text("Hand score 36.5 · Dana's cell: 37")
    assert not [text for text in page.evaluate("window.seen") if "Type the" in text]
    # A score typed wrong is still pointed out, beside nothing else.
    page.get_by_label("Hand score").fill("36.25")
    expect(page.locator(".preview-box")).to_have_class(re.compile(r"\berror\b"))


def test_an_earlier_previews_late_answer_does_not_replace_a_later_one(live_server, phone):
    # On a slow Wi-Fi the preview asked at load (nothing counted: −20) is answered after the
    # one asked once seven cards were counted: the box keeps the later one.
    page = phone
    page.add_init_script(BOX_SEEN)
    dana_and_ravi(page, live_server)
    held = []

    def hold_the_first(route):
        if held:
            route.continue_()
        else:
            held.append(route)

    asked = re.compile(r"/round/\d+/hand/\d+/preview\?")
    page.route(asked, hold_the_first)
    with page.expect_request(asked):  # the preview of the hand as it loads: nothing counted
        page.get_by_role("link", name="Dana: count the hand").click()
    count(page, "melded", "7-K", 7)
    expect(page.locator(".preview-box")).to_have_text(re.compile(r"^Hand score 7 · "))
    assert len(held) == 1

    with page.expect_response(asked):
        held[0].continue_()
    count(page, "melded", "7-K", 8)

    expect(page.locator(".preview-box")).to_have_text(re.compile(r"^Hand score 8 · "))
    seen = page.evaluate("window.seen")
    assert not [text for text in seen[seen.index(next(t for t in seen if "score 7" in t)):]
                if "\u221220" in text], seen


def test_four_phones_each_type_their_own_hand(live_server, browser):
    host = browser.new_context(viewport=PHONE, is_mobile=True).new_page()
    host.goto(live_server + "/new/banakil")
    for seat, name in enumerate(["Ana", "Ben", "Cy", "Dee"], start=1):
        host.get_by_label(f"Player {seat}", exact=True).fill(name)
    host.get_by_role("button", name="Start the match").click()
    on_the_sheet(host)  # its scripts run before the next tap
    host.get_by_role("link", name="Invite the table").click()
    links = [host.locator(".invite input.link").nth(i).input_value() for i in range(4)]
    host.get_by_role("link", name="Back to the sheet").click()
    on_the_sheet(host)  # its scripts run before the next tap
    expect(host.locator(".standing .side-name")).to_have_text(["Ana & Cy", "Ben & Dee"])

    phones = []
    for link in links:
        phone = browser.new_context(viewport=PHONE, is_mobile=True).new_page()
        phone.goto(link)
        phones.append(phone)
    ana, ben, cy, dee = phones
    expect(ana.locator(".hand-list a")).to_have_count(2)  # her own hand and her partner's

    # Ana goes out: 10 sevens-to-kings melded + 20 = 30.
    ana.get_by_role("link", name="Ana: count the hand").click()
    count(ana, "melded", "7-K", 10)
    ana.get_by_label("Ana went out").check()
    expect(ana.locator(".preview-box")).to_have_text("Hand score 30 · Ana & Cy's cell: 30")
    ana.get_by_role("button", name="Save Ana's hand").click()

    # Ben: 4 melded, a joker in hand: 0. Dee: melded nothing: −20. Cy (Ana's partner): 6.5.
    ben.get_by_role("link", name="Ben: count the hand").click()
    count(ben, "melded", "7-K", 4)
    count(ben, "in_hand", "joker", 1)
    ben.get_by_role("button", name="Save Ben's hand").click()
    dee.get_by_role("link", name="Dee: count the hand").click()
    count(dee, "in_hand", "A", 2)
    dee.get_by_role("button", name="Save Dee's hand").click()
    expect(host.locator("#r1 td").nth(1)).to_have_text("…", timeout=3000)

    cy.get_by_role("link", name="Cy: count the hand").click()
    count(cy, "melded", "3-6", 3)
    count(cy, "melded", "7-K", 5)
    cy.get_by_role("button", name="Save Cy's hand").click()

    # Ben & Dee: 0 + (−20) − 6.5 (Cy's hand) = −26.5 → −26: cell 0, owes 26.
    for phone in (host, ana, ben, cy, dee):
        expect(phone.locator(".standing .total")).to_have_text(["30", "0"], timeout=3000)
    expect(host.locator(".standing").nth(1)).to_contain_text("owes 26")
    for phone in phones + [host]:
        phone.context.close()


# What else than the server's preview can answer it: a café's Wi-Fi asking to sign in first, a
# proxy's error in JSON of its own.
NOT_THE_PREVIEW = {
    "sign-in page": ("200 OK", "text/html; charset=utf-8",
                     "<title>Wi-Fi</title><h1>Sign in to the café's Wi-Fi</h1>".encode()),
    "proxy's error in JSON": ("502 Bad Gateway", "application/json",
                              b'{"ok": false, "message": "Bad gateway"}'),
}


def is_preview(environ) -> bool:
    return bool(PREVIEW.search(environ.get("PATH_INFO", "")))


@pytest.mark.parametrize("answer", NOT_THE_PREVIEW)
def test_a_preview_answered_by_anything_but_the_server_is_hidden(
        live_server, stand_in, phone, answer):
    page = phone
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    dana_and_ravi(page, live_server)
    page.get_by_role("link", name="Dana: count the hand").click()
    box = page.locator(".preview-box")
    count(page, "melded", "7-K", 7)
    expect(box).to_have_text(re.compile(r"^Hand score 7 · "))

    with stand_in(is_preview, *NOT_THE_PREVIEW[answer]):
        with page.expect_response(lambda response: bool(response.headers.get("x-stand-in"))):
            count(page, "melded", "7-K", 8)
        expect(box).to_be_hidden()
    expect(page.get_by_text("Sign in")).to_have_count(0)
    expect(page.get_by_text("Bad gateway")).to_have_count(0)

    # The server answers again: so does the preview.
    count(page, "melded", "7-K", 9)
    expect(box).to_have_text(re.compile(r"^Hand score 9 · "))
    assert errors == []


# How far the first letter after a name starts from the name's end: a space's width, not a
# space and the label's gap ("Chadi  went out": the name was a flex item of its own).
GAP_AFTER_NAME = """label => {
  const name = label.querySelector('bdi'), after = name.nextSibling;
  const range = document.createRange();
  const first = after.data.search(/\\S/);
  range.setStart(after, first); range.setEnd(after, first + 1);
  const space = parseFloat(getComputedStyle(label).fontSize) * 0.4;
  return range.getBoundingClientRect().left - name.getBoundingClientRect().right - space;
}"""


@pytest.mark.parametrize("label", ["Dana went out", "Dana melded nothing"])
def test_a_hands_ticks_read_with_one_space_after_the_name(live_server, phone, label):
    page = phone
    dana_and_ravi(page, live_server)
    page.get_by_role("link", name="Dana: count the hand").click()
    if label.endswith("nothing"):
        page.get_by_label("Type the score (counted on paper)").check()
    tick = page.locator("label.check", has_text=label)
    expect(tick).to_be_visible()
    assert tick.evaluate(GAP_AFTER_NAME) <= 1


def test_the_preview_says_why_a_hand_out_all_at_once_is_no_dhamoon(live_server, browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    made = page.request.post(f"{live_server}/api/v1/matches", data={
        "game": "banakil", "players": ["Ana", "Ben", "Cy", "Dee"]}).json()
    host = made["tokens"]["host"]
    nothing = {"melded": {}, "in_hand": {"7-K": 2}, "went_out": False}
    for seat, hand in ((1, {"melded": {"7-K": 3}, "in_hand": {}, "went_out": False}),
                       (2, nothing), (3, nothing)):
        assert page.request.put(f"{live_server}/api/v1/matches/{made['id']}/rounds/1/seats/{seat}",
                                headers={"Authorization": f"Bearer {host}"}, data=hand).ok
    page.goto(f"{live_server}/m/{host}/round/1/hand/0")
    count(page, "melded", "7-K", 10)
    page.get_by_label("Ana went out").check()
    page.get_by_label("All at once, nothing melded before (dhamoon)").check()
    box = page.locator(".preview-box")
    expect(box).to_contain_text("Hand score 30 · Ana & Cy's cell: 30")
    # The name isolated in its own direction (FSI, PDI), as every name in a plain sentence is.
    expect(box.locator(".why")).to_have_text(
        "Out all at once, but no dhamoon: \u2068Ben\u2069 had melded.")
    context.close()


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_save_button_stays_where_it_is_when_the_preview_comes(live_server, browser, api,
                                                                 lang):
    """The preview comes when the server answers, on a busy Wi-Fi just as a finger comes down on
    Save below it: the box keeps its place from the start (a tap landed on it instead, and the
    hand was never saved)."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    page = context.new_page()
    created = api.create(("Dana", "Ravi"), game="banakil")
    page.goto(f"{live_server}/m/{created['tokens']['host']}/round/1/hand/0")
    page.locator("input[name=mode][value=score]").check()
    box, save = page.locator(".preview-box"), page.locator("form.hand-form [type=submit]")
    expect(box).to_be_hidden()  # nothing typed, nothing said
    where = save.bounding_box()
    page.locator("#score").fill("36.5")
    page.locator("input[name=went_out]").check()
    expect(box).to_contain_text(re.compile("37|٣٧"))
    moved = save.bounding_box()["y"] - where["y"]
    assert abs(moved) < 1, f"Save moved {moved:.1f} px when the preview came"
    context.close()
