"""Phones at one table follow each other's saves over the event stream (issue 14), and a refresh
changes only what changed: a tap, the focus, what is being typed, the scroll position and an
open <details> all survive it (issue 15)."""

from __future__ import annotations

import re
import threading

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def phone(browser):
    return browser.new_context(**PHONE).new_page()


def polls(page):
    """The requests this page makes to the match's JSON (the 1.5 s poll), and to its stream."""
    seen = {"polls": 0, "streams": 0}

    def count(request):
        if "/api/v1/matches/" in request.url:
            seen["polls"] += 1
        if request.url.endswith("/events"):
            seen["streams"] += 1

    page.on("request", count)
    return seen


def streaming(page):
    """Waits until the page's EventSource has had its first event (the page is up to date)."""
    page.wait_for_function(
        "() => window.SquareScores && window.SquareScores.liveState === 'streaming'")


def test_a_viewers_totals_change_within_a_second_of_the_hosts_save(live_server, browser, api):
    created = api.create(("Ana", "Ben"))
    host, viewer = phone(browser), phone(browser)
    seen = polls(viewer)
    host.goto(f"{live_server}/m/{created['tokens']['host']}")
    viewer.goto(f"{live_server}/m/{created['tokens']['view']}")
    streaming(viewer)
    expect(viewer.locator(".standing .total")).to_have_text(["0", "0"])
    viewer.evaluate("window.untouched = true")  # gone if the page reloads

    for number, (ana, ben) in enumerate([(12, 30), (5, 1), (20, 0)], start=1):
        host.get_by_label(f"Round {number}, Ana").fill(str(ana))
        host.get_by_label(f"Round {number}, Ben").fill(str(ben))
        host.get_by_role("button", name=f"Save round {number}").click()
        expect(host.locator(".sheet-state")).to_have_attribute("data-version", str(number + 1))
        totals = host.locator(".standing .total").all_text_contents()
        expect(viewer.locator(".standing .total")).to_have_text(totals, timeout=1000)

    assert viewer.evaluate("window.untouched") is True
    assert seen == {"polls": 0, "streams": 1}, seen  # pushed, not polled
    host.context.close()
    viewer.context.close()


@pytest.mark.parametrize("proxy", ["refuses", "buffers"])
def test_where_the_stream_cannot_get_through_the_page_polls(live_server, browser, api, proxy):
    created = api.create(("Ana", "Ben"))
    viewer = phone(browser)
    held = []
    # "buffers": a proxy that holds the response back, so no first event ever arrives.
    viewer.route("**/m/*/events", (lambda route: route.abort()) if proxy == "refuses"
                 else lambda route: held.append(route))
    seen = polls(viewer)
    viewer.clock.install()  # the page's own clock, moved on past the wait for a first event
    viewer.goto(f"{live_server}/m/{created['tokens']['view']}")
    expect(viewer.locator(".standing .total")).to_have_text(["0", "0"])
    viewer.wait_for_function("() => window.SquareScores.liveState === 'connecting'")
    viewer.clock.fast_forward(4_000)
    assert viewer.evaluate("window.SquareScores.liveState") == "connecting"
    with viewer.expect_request(re.compile(r"/api/v1/matches/")):
        viewer.clock.fast_forward(1_000)  # no first event within 5 s: the fallback's first poll

    saved = api.call("POST", f"/matches/{created['id']}/rounds", created["tokens"]["host"],
                     json={"scores": [7, 9]})
    assert saved.status_code == 201
    expect(viewer.locator(".standing .total")).to_have_text(["7", "9"], timeout=4000)
    expect(viewer.locator(".offline")).to_have_count(0)
    assert seen["polls"] >= 1
    viewer.context.close()


def test_a_refresh_answered_by_anything_but_the_sheet_is_tried_again(
        live_server, browser, api, stand_in):
    created = api.create(("Ana", "Ben"))
    viewer = phone(browser)
    errors = []
    viewer.on("pageerror", lambda error: errors.append(str(error)))
    viewer.goto(f"{live_server}/m/{created['tokens']['view']}")
    streaming(viewer)

    def is_refresh(environ):
        return "fragment=1" in environ.get("QUERY_STRING", "")

    # A café's Wi-Fi asks to sign in again just as the host saves.
    with stand_in(is_refresh, "200 OK", "text/html", b"<h1>Sign in to the Wi-Fi</h1>"):
        with viewer.expect_response(lambda response: bool(response.headers.get("x-stand-in"))):
            saved = api.call("POST", f"/matches/{created['id']}/rounds", created["tokens"]["host"],
                             json={"scores": [7, 9]})
            assert saved.status_code == 201
    expect(viewer.locator(".standing .total")).to_have_text(["7", "9"])
    expect(viewer.get_by_text("Sign in")).to_have_count(0)
    assert errors == []
    viewer.context.close()


def test_a_refresh_leaves_focus_typing_caret_scroll_and_open_details_alone(
        live_server, browser, api):
    created = api.create(("Ana", "Ben"))
    host, ben = created["tokens"]["host"], created["tokens"]["seats"][1]
    for scores in ([10, 20], [5, 5], [3, 8], [12, 1], [0, 9], [4, 4], [7, 2], [9, 9]):
        api.call("POST", f"/matches/{created['id']}/rounds", host, json={"scores": scores})
    ana = phone(browser)
    ana.goto(f"{live_server}/m/{created['tokens']['seats'][0]}")
    streaming(ana)
    figures = ana.locator("details.chart-figures").first
    figures.locator("summary").click()
    expect(figures).to_have_attribute("open", "")
    field = ana.get_by_label("Round 9, Ana")
    field.click()
    field.press_sequentially("10+")
    field.press("ArrowLeft")  # the caret between "10" and "+"
    ana.evaluate("document.getElementById('s0').mark = 'kept'; window.scrollTo(0, 400)")
    scrolled = ana.evaluate("window.scrollY")
    assert scrolled > 0

    saved = api.call("PUT", f"/matches/{created['id']}/rounds/9/seats/1", ben, json={"score": 6})
    assert saved.status_code == 201
    expect(ana.locator(".sheet-state")).to_have_attribute("data-version", "10")
    expect(ana.locator("#r9 .waiting")).to_have_text("6")
    expect(field).to_have_value("10+")
    expect(field).to_be_focused()
    assert ana.evaluate("document.getElementById('s0').mark") == "kept"  # the same element
    assert ana.evaluate("[document.activeElement.selectionStart, "
                        "document.activeElement.selectionEnd]") == [2, 2]
    assert ana.evaluate("window.scrollY") == scrolled
    expect(figures).to_have_attribute("open", "")
    # The typing began at version 9: saving it now still says so.
    assert ana.locator("#entry input[name=version]").input_value() == "9"
    field.press("End")
    field.press_sequentially("5")
    field.press("Enter")
    expect(ana.locator("#r9 td").first).to_have_text("15")
    ana.context.close()


def test_a_tap_lands_while_another_phones_save_refreshes_the_sheet(live_server, browser, api):
    """Twenty times: the finger goes down on a link, the sheet is refreshed by another phone's
    save, the finger comes up. Every tap does what it should (a refresh that threw the element
    away would turn it into a tap on nothing)."""
    created = api.create(("Ana", "Ben"))
    host, ben = created["tokens"]["host"], created["tokens"]["seats"][1]
    api.call("POST", f"/matches/{created['id']}/rounds", host, json={"scores": [1, 1]})
    page = phone(browser)
    held, holding = [], [False]

    def hold(route):
        """The refresh that Ben's save sets off waits for the tap. Any other (the page asking
        again, a poll beside the stream on a loaded machine) goes through: held, it would keep
        the page's one refresh in flight forever."""
        if holding[0] and not held:
            held.append(route)
        else:
            route.continue_()

    page.route(re.compile(r"fragment=1"), hold)
    sheet = f"{live_server}/m/{host}"
    page.goto(sheet)
    streaming(page)
    landed = 0
    for tap in range(20):
        version = int(page.locator(".sheet-state").get_attribute("data-version"))
        # Ben's phone saves his cell: this phone hears of it and asks for the new sheet.
        holding[0] = True
        with page.expect_request(re.compile(r"fragment=1")):
            saved = api.call("PUT", f"/matches/{created['id']}/rounds/1/seats/1", ben,
                             json={"score": tap + 2})
            assert saved.status_code == 200
        for _ in range(1000):
            if held:
                break
            page.evaluate("0")  # lets Playwright hand the intercepted request over
        # The finger goes down on Ben's cell (the one that changes) or on "Table view".
        target = (page.locator("#r1 a.cell").nth(1) if tap % 2 else
                  page.get_by_role("link", name="Table view"))
        target.scroll_into_view_if_needed()
        box = target.bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        holding[0] = False
        held.pop().continue_()
        expect(page.locator(".sheet-state")).to_have_attribute("data-version", str(version + 1))
        page.mouse.up()
        if tap % 2:
            editor = page.locator("#r1 td input.score")
            expect(editor).to_have_value(str(tap + 2))
            editor.press("Escape")
            expect(page.locator("#r1 a.cell").nth(1)).to_have_text(str(tap + 2))
        else:
            expect(page).to_have_url(re.compile(r"/table$"))
            page.goto(sheet)
            streaming(page)
        landed += 1
    assert landed == 20
    page.context.close()


SAVE = re.compile(r"/m/[^/]+/round$")
# Each answer the page has read, by its address, so that a test can wait until the page has
# taken in an answer it was sent late.
ANSWERS_READ = """(() => {
  const text = Response.prototype.text;
  window.answersRead = [];
  Response.prototype.text = function () {
    const url = this.url;
    return text.call(this).then((body) => { window.answersRead.push(url); return body; });
  };
})()"""


class FirstAnswerLate:
    """The page's first save reaches the server at once, but its answer waits until the test
    sends it on (a slow network); later saves go and come back as usual."""

    def __init__(self, page):
        self.page, self.late = page, []
        page.route(SAVE, self.hold)

    def hold(self, route):
        if self.late:
            route.fallback()
        else:
            self.late.append((route, route.fetch()))

    def reached(self):
        """Until the first save has reached the server and been answered there. (The route's
        handler runs only while Playwright is being called: it is called until then.)"""
        for _ in range(1000):
            if self.late:
                return
            self.page.wait_for_timeout(10)
        raise AssertionError("the first save never reached the server")

    def send_on(self):
        """The held answer, to the page; back once the page has read it."""
        route, answer = self.late[0]
        route.fulfill(response=answer)
        self.page.wait_for_function(
            "() => window.answersRead.some((url) => /\\/round$/.test(url))")


def host_with_first_answer_late(browser, link):
    """The host's phone on `link`, its event stream up, its first save's answer held back."""
    host = phone(browser)
    host.add_init_script(ANSWERS_READ)
    late = FirstAnswerLate(host)
    host.goto(link)
    streaming(host)
    return host, late


def save_round(page, number, **typed):
    """Type each player's cell of round `number` (by name) and tap its Save."""
    for name, value in typed.items():
        page.get_by_label(f"Round {number}, {name}").fill(value)
    page.get_by_role("button", name=f"Save round {number}").click()


def test_an_earlier_saves_answer_arriving_late_does_not_take_the_sheet_back(
        live_server, browser, api):
    created = api.create(("Ana", "Ben"))
    host, late = host_with_first_answer_late(browser,
                                             f"{live_server}/m/{created['tokens']['host']}")

    save_round(host, 1, Ana="10", Ben="20")
    # Saved: the stream brings round 1 before its answer does, and the host goes on.
    save_round(host, 2, Ana="1", Ben="2")
    expect(host.locator(".standing .total")).to_have_text(["11", "22"])

    late.send_on()  # round 1's answer, the sheet as it was after round 1
    expect(host.locator(".standing .total")).to_have_text(["11", "22"])
    expect(host.locator(".sheet-state")).to_have_attribute("data-version", "3")
    expect(host.get_by_label("Round 3, Ana")).to_be_visible()
    expect(host.get_by_label("Round 2, Ana", exact=True)).to_have_count(0)  # no entry row for it
    expect(host.locator(".flash-error")).to_have_count(0)
    assert [r["input"]["scores"] for r in api.call(
        "GET", f"/matches/{created['id']}", created["tokens"]["host"]).get_json()["rounds"]] == [
        [10, 20], [1, 2]]
    host.context.close()


def test_a_refusal_arriving_after_a_newer_sheet_is_still_said(live_server, browser, api):
    created = api.create(("Ana", "Ben"))
    host, late = host_with_first_answer_late(browser,
                                             f"{live_server}/m/{created['tokens']['host']}")

    save_round(host, 1, Ana="12", Ben="7 apples")
    late.reached()  # refused there, on the sheet as it is now
    # Meanwhile Ben saves his own cell from his phone, and the host's sheet shows it.
    saved = api.call("PUT", f"/matches/{created['id']}/rounds/1/seats/1",
                     created["tokens"]["seats"][1], json={"score": 9})
    assert saved.status_code == 201
    expect(host.locator(".sheet-state")).to_have_attribute("data-version", "2")

    late.send_on()  # the refusal, drawn on the sheet before Ben's save
    refused = host.locator(".flash-error")
    expect(refused).to_contain_text("Not saved:")
    expect(refused.locator("li")).to_have_text(["Round 1, Ana: 12", "Round 1, Ben: 7 apples"])
    expect(host.locator(".sheet-state")).to_have_attribute("data-version", "2")
    expect(host.get_by_role("button", name="Undo round 1, Ben: — → 9")).to_be_visible()
    expect(host.get_by_label("Round 1, Ben", exact=True)).to_have_value("7 apples")
    host.context.close()


def test_the_stream_closes_once_a_finished_match_has_its_rematch(live_server, browser, api):
    created = api.create(("Ana", "Ben"))
    host = created["tokens"]["host"]
    viewer = phone(browser)
    viewer.goto(f"{live_server}/m/{created['tokens']['view']}")
    streaming(viewer)
    assert api.call("POST", f"/matches/{created['id']}/abandon", host).status_code == 200
    expect(viewer.locator(".sheet-state")).to_have_attribute("data-status", "abandoned")
    # Still listening: a rematch is offered to every phone at the table.
    assert viewer.evaluate("window.SquareScores.liveState") == "streaming"
    assert api.call("POST", f"/matches/{created['id']}/rematch", host).status_code == 201
    expect(viewer.get_by_role("link", name="Next match")).to_be_visible()
    viewer.wait_for_function("() => window.SquareScores.liveState === 'stopped'")
    viewer.context.close()


def test_a_replaced_link_ends_its_stream_and_says_so(live_server, browser, api):
    created = api.create(("Ana", "Ben"))
    viewer = phone(browser)
    seen = polls(viewer)
    viewer.goto(f"{live_server}/m/{created['tokens']['view']}")
    streaming(viewer)
    replaced = api.call("POST", f"/matches/{created['id']}/tokens/replace",
                        created["tokens"]["host"], json={"role": "view"})
    assert replaced.status_code == 200, replaced.get_json()
    expect(viewer.locator(".offline")).to_have_text(
        "This link no longer works. Ask the host for a new one.")
    viewer.wait_for_function("() => window.SquareScores.liveState === 'stopped'")
    # Asked at most once why the stream was refused (or learnt it from the sheet), then no more.
    assert seen["polls"] <= 1
    viewer.context.close()


def test_what_is_typed_after_a_save_survives_its_answer_coming_after_the_stream(
        live_server, browser, api, app):
    """A busy server: the stream tells the page of its own save, and the page draws that sheet,
    before the save's answer comes. The person is already typing the next round: the answer,
    drawing the same version, keeps what they typed (it wiped it, and a round saved half-typed
    left a two-round match unfinished)."""
    created = api.create(("Ana", "Ben"))
    inner, answer = app.wsgi_app, threading.Event()

    def answering_late(environ, start_response):
        answered = inner(environ, start_response)
        if environ["REQUEST_METHOD"] == "POST":
            answer.wait(timeout=30)  # saved and told: only the answer waits
        return answered

    app.wsgi_app = answering_late
    try:
        page = phone(browser)
        page.goto(f"{live_server}/m/{created['tokens']['host']}")
        streaming(page)
        page.get_by_label("Round 1, Ana").fill("3")
        page.get_by_label("Round 1, Ben").fill("4")
        page.get_by_role("button", name="Save round 1").click()
        expect(page.locator("#r1")).to_be_visible()  # drawn from the stream's news
        expect(page.locator("#sheet")).to_have_attribute("aria-busy", "true")
        page.get_by_label("Round 2, Ana").fill("7")
        answer.set()
        expect(page.locator("#sheet")).not_to_have_attribute("aria-busy", "true")
        expect(page.get_by_label("Round 2, Ana")).to_have_value("7")
        expect(page.get_by_label("Round 2, Ana")).to_be_focused()
        page.get_by_label("Round 2, Ben").fill("1")
        page.get_by_role("button", name="Save round 2").click()
        expect(page.locator("#r2 td")).to_have_text(["7", "1"])
        expect(page.locator(".standing .total")).to_have_text(["10", "5"])
    finally:
        answer.set()
        app.wsgi_app = inner
    page.context.close()


@pytest.mark.parametrize("first", ["stream", "answer"])
def test_a_cell_tapped_while_the_rounds_answer_is_on_its_way_stays_open(
        live_server, browser, api, first):
    """The host saves round 2 and, before its answer comes, taps round 1's Ana to change it.
    Whether the stream drew round 2 first or the answer does, the cell keeps its field, what is
    typed there and the focus (the answer's drawing took the field away, and the change with it)."""
    created = api.create(("Ana", "Ben"))
    api.call("POST", f"/matches/{created['id']}/rounds", created["tokens"]["host"],
             json={"scores": [10, 20]})
    host, late = host_with_first_answer_late(browser,
                                             f"{live_server}/m/{created['tokens']['host']}")
    held = []
    if first == "answer":
        host.route(re.compile(r"fragment=1"), lambda route: held.append(route))  # drawn late

    save_round(host, 2, Ana="1", Ben="2")
    late.reached()
    if first == "stream":
        expect(host.locator(".standing .total")).to_have_text(["11", "22"])
    else:
        expect(host.locator(".standing .total")).to_have_text(["10", "20"])
    host.get_by_role("link", name=re.compile(r"Round 1, Ana: 10")).click()
    editor = host.get_by_role("textbox", name=re.compile(r"Round 1, Ana"))
    expect(editor).to_be_focused()
    host.keyboard.type("15")

    late.send_on()
    expect(host.locator(".standing .total")).to_have_text(["11", "22"])
    expect(host.locator("#r2 td")).to_have_text(["1", "2"])
    expect(editor).to_be_focused()
    expect(editor).to_have_value("15")
    editor.press("Enter")
    expect(host.locator(".standing .total")).to_have_text(["16", "22"])
    expect(host.get_by_label("Round 3, Ana")).to_be_focused()
    assert [r["input"]["scores"] for r in api.call(
        "GET", f"/matches/{created['id']}", created["tokens"]["host"]).get_json()["rounds"]] == [
        [15, 20], [1, 2]]
    for route in held:
        route.continue_()
    host.context.close()
