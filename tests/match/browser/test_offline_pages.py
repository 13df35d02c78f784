"""Nothing typed is lost on any page that saves (issue 20): a counted Banakil hand, a Blue Banana
count, a Bandido turn and a free sheet's cell, saved from their own pages while the server cannot
be reached, wait on the phone (the sheet shows them too), survive a reload and a closed tab, and
land once when the server answers, the phone ending where the save would have taken it. A save
that lost a race is a choice in its own round ("yours 7, saved 5"), never a value put into the
next round."""

from __future__ import annotations

import re

import pytest
from browser_kit.fixtures import OFFLINE_PHONE
from playwright.sync_api import expect
from sqlalchemy import select

from app.extensions import db
from app.models import Change

pytestmark = pytest.mark.browser
PHONE = OFFLINE_PHONE  # with the service worker
PART_SAVE = re.compile(r"/m/[^/]+/round/\d+/(hand|seat)/\d+$")
ROUND_SAVE = re.compile(r"/m/[^/]+/round$")
# The outbox's path is the same in every language; only its words differ, which the page gives
# it (`data-say-*`, read by tests/js/sheet_words.test.mjs) and the catalogs hold
# (tests/i18n). So each case runs once, the cases taking English and Arabic in turn, and
# each language still sees every step of a save kept offline.


def phone(browser, live_server, lang, **extra):
    context = browser.new_context(**PHONE, **extra)
    context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    return context


def is_part_save(environ) -> bool:
    return environ["REQUEST_METHOD"] == "POST" and bool(PART_SAVE.search(environ["PATH_INFO"]))


def turned_away(response) -> bool:
    return bool(PART_SAVE.search(response.url)) and response.status == 503


def part_changes(app, match_id):
    with app.app_context():
        return [(c.round_number, c.seat, c.after) for c in db.session.scalars(
            select(Change).where(Change.match_id == match_id, Change.action == "set_part")
            .order_by(Change.id))]


def banakil(api):
    created = api.create(("Dana", "Ravi"), game="banakil")
    return created, 0, "hand", lambda page: (
        page.locator("input[name=mode][value=score]").check(),
        page.locator("#score").fill("40")), "40"


def blue_banana(api):
    created = api.create(("Ana", "Ben"), game="blue_banana")
    return created, 0, "hand", lambda page: (
        page.locator("#correct").fill("6"), page.locator("#incorrect").fill("2")), "6"


def bandido(api):
    created = api.create(("Ana", "Ben"), game="bandido")
    return created, 0, "hand", lambda page: page.locator("#vp").fill("3"), "3"


def free_sheet(api):
    created = api.create(("Ana", "Ben"))
    api.call("POST", f"/matches/{created['id']}/rounds", created["tokens"]["host"],
             json={"scores": [5, 30]})
    return created, 1, "seat", lambda page: page.locator("#value").fill("31"), "31"


KINDS = {"banakil calculator": banakil, "blue banana count": blue_banana,
         "bandido turn": bandido, "free sheet cell": free_sheet}


@pytest.mark.parametrize(("kind", "lang"), [
    ("banakil calculator", "ar"), ("blue banana count", "en"), ("bandido turn", "ar"),
    ("free sheet cell", "en")])
def test_a_part_saved_offline_waits_survives_a_reload_and_lands_once(
        app, live_server, stand_in, browser, api, kind, lang):
    created, seat, path, fill, shown = KINDS[kind](api)
    token = created["tokens"]["host"]
    sheet = f"{live_server}/m/{token}"
    link = f"{sheet}/round/1/{path}/{seat}"
    before = part_changes(app, created["id"])
    context = phone(browser, live_server, lang)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(link)
    fill(page)
    context.set_offline(True)
    page.locator("form [type=submit].primary").click()
    waiting = page.locator(".waiting-note")
    expect(waiting.locator("li")).to_have_count(1)
    expect(waiting.locator("li")).to_contain_text(shown)
    expect(page.locator("h1")).to_be_visible()  # still the page, not the browser's "No internet"
    assert part_changes(app, created["id"]) == before

    with stand_in(is_part_save, "503 Service Unavailable", "text/plain", b"Not now."):
        with page.expect_response(turned_away):
            context.set_offline(False)
        expect(page.locator(".waiting-note li")).to_have_count(1)
        # A reload, a closed tab, the sheet's own page: still waiting, tried again on each.
        with page.expect_response(turned_away):
            page.reload()
        expect(page.locator(".waiting-note li")).to_contain_text(shown)
        page.close()
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        with page.expect_response(turned_away):
            page.goto(sheet)
        expect(page.locator(".waiting-note li")).to_contain_text(shown)
        page.close()
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        with page.expect_response(turned_away):
            page.goto(link)
        expect(page.locator(".waiting-note li")).to_have_count(1)
        assert part_changes(app, created["id"]) == before

    # The server answers again: it lands once, and the phone is on the sheet, as after a save.
    context.set_offline(True)
    context.set_offline(False)
    expect(page).to_have_url(re.compile(re.escape(sheet) + r"(\?[^/]*)?(#.*)?$"))
    expect(page.locator(".waiting-note")).to_have_count(0)
    if path == "hand":  # the sheet says it was saved, as after a save made online
        expect(page.locator(".flash-info")).to_have_count(1)
    changes = part_changes(app, created["id"])
    assert len(changes) == len(before) + 1
    assert changes[-1][:2] == (1, seat)
    assert page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('squarescores.'))") == []
    page.reload()
    assert len(part_changes(app, created["id"])) == len(before) + 1
    assert errors == []
    context.close()


def two_rounds_waiting_for_pete(api):
    """Ana and Pete, round 1 done, round 2 waiting for Pete's score alone."""
    created = api.create(("Ana", "Pete"))
    host = created["tokens"]["host"]
    api.call("POST", f"/matches/{created['id']}/rounds", host, json={"scores": [1, 1]})
    saved = api.call("PUT", f"/matches/{created['id']}/rounds/2/seats/0", host, json={"score": 3})
    assert saved.status_code == 201, saved.get_json()
    return created


def rounds(api, created):
    match = api.call("GET", f"/matches/{created['id']}", created["tokens"]["host"]).get_json()
    return [r["input"]["scores"] for r in match["rounds"]]


@pytest.mark.parametrize(("choice", "lang"), [("mine", "ar"), ("saved", "en")])
def test_a_save_that_lost_a_race_is_a_choice_in_its_own_round(
        live_server, browser, api, lang, choice):
    created = two_rounds_waiting_for_pete(api)
    pete = created["tokens"]["seats"][1]
    context = phone(browser, live_server, lang)
    page = context.new_page()
    page.goto(f"{live_server}/m/{pete}")
    entry = page.locator("#entry")
    context.set_offline(True)
    page.locator("#s1").fill("7")
    entry.locator("button[type=submit]").click()
    expect(page.locator(".waiting-note li")).to_contain_text("7")

    # The host saves 5 in Pete's cell meanwhile: round 2 is complete, round 3 is next.
    saved = api.call("PUT", f"/matches/{created['id']}/rounds/2/seats/1",
                     created["tokens"]["host"], json={"score": 5})
    assert saved.status_code == 200, saved.get_json()
    context.set_offline(False)

    conflict = page.locator(".conflict")
    expect(conflict).to_be_visible()
    expect(conflict).to_contain_text("7")
    expect(conflict).to_contain_text("5")
    expect(page.locator(".waiting-note")).to_have_count(0)
    # Never put into another round: round 3's cell is empty, and waits for Pete.
    expect(page.locator("#r3 #s1")).to_have_value("")
    assert rounds(api, created) == [[1, 1], [3, 5]]

    if choice == "mine":
        conflict.locator("button.keep-mine").click()
        expect(page.locator(".standing .total")).to_have_text(["4", "8"])
        assert rounds(api, created) == [[1, 1], [3, 7]]
    else:
        conflict.locator(".keep-saved").click()
        expect(page.locator(".standing .total")).to_have_text(["4", "6"])
        assert rounds(api, created) == [[1, 1], [3, 5]]
    expect(page.locator(".conflict")).to_have_count(0)
    expect(page.locator("#r3 #s1")).to_have_value("")
    context.close()


@pytest.mark.parametrize("lang", ["en"])
def test_without_javascript_a_lost_race_is_a_choice_in_its_own_round(
        live_server, browser, api, lang):
    created = two_rounds_waiting_for_pete(api)
    pete = created["tokens"]["seats"][1]
    context = phone(browser, live_server, lang, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server}/m/{pete}")
    page.locator("#s1").fill("7")
    api.call("PUT", f"/matches/{created['id']}/rounds/2/seats/1", created["tokens"]["host"],
             json={"score": 5})
    page.locator("#entry button[type=submit]").click()
    conflict = page.locator(".conflict")
    expect(conflict).to_contain_text("7")
    expect(conflict).to_contain_text("5")
    expect(page.locator("#r3 #s1")).to_have_value("")
    assert rounds(api, created) == [[1, 1], [3, 5]]
    conflict.locator("button.keep-mine").click()
    expect(page.locator(".standing .total")).to_have_text(["4", "8"])
    expect(page.locator("#r3 #s1")).to_have_value("")
    assert rounds(api, created) == [[1, 1], [3, 7]]
    context.close()


@pytest.mark.parametrize("lang", ["ar"])
def test_a_kept_hand_that_lost_a_race_is_a_choice(app, live_server, stand_in, browser, api,
                                                   lang):
    created = api.create(("Dana", "Ravi"), game="banakil")
    token = created["tokens"]["host"]
    context = phone(browser, live_server, lang)
    page = context.new_page()
    page.goto(f"{live_server}/m/{token}/round/1/hand/0")
    page.locator("input[name=mode][value=score]").check()
    page.locator("#score").fill("40")
    context.set_offline(True)
    page.locator("form [type=submit].primary").click()
    expect(page.locator(".waiting-note li")).to_have_count(1)

    # The page is opened again before the server takes saves: it shows what the server holds.
    with stand_in(is_part_save, "502 Bad Gateway", "text/html", b"<h1>Bad gateway</h1>"):
        context.set_offline(False)
        with page.expect_response(lambda r: bool(PART_SAVE.search(r.url)) and r.status == 502):
            page.reload()
        expect(page.locator("#score")).to_have_value("")

        # Dana's hand is saved from another phone meanwhile.
        saved = api.call("PUT", f"/matches/{created['id']}/rounds/1/seats/0", token,
                         json={"score": 25, "went_out": False})
        assert saved.status_code in (200, 201), saved.get_json()
    context.set_offline(True)
    context.set_offline(False)
    conflict = page.locator(".conflict")
    # The Wi-Fi's return may find the 502's try still settling (the outbox sends one at a
    # time): then its own next try, RETRY_MS (10 s) on, brings the choice. Waited for as a
    # state, past that try.
    expect(conflict).to_be_visible(timeout=30_000)
    # "Yours" is the hand below, as it was counted.
    expect(page.locator("#score")).to_have_value("40")
    expect(page.locator("form.hand-form input[name=mode][value=score]")).to_be_checked()
    expect(page.locator(".waiting-note")).to_have_count(0)
    assert len(part_changes(app, created["id"])) == 1
    conflict.locator("button.keep-mine").click()
    expect(page).to_have_url(re.compile(rf"/m/{token}(\?[^/]*)?(#.*)?$"))
    changes = part_changes(app, created["id"])
    assert len(changes) == 2 and changes[-1][2]["score"] == 40
    context.close()


@pytest.mark.parametrize("lang", ["en"])
def test_task_cards_turned_up_offline_wait_and_land_once(live_server, browser, api, lang):
    created = api.create(("Ana", "Ben"), game="blue_banana")
    token = created["tokens"]["host"]
    context = phone(browser, live_server, lang)
    page = context.new_page()
    page.goto(f"{live_server}/m/{token}/task")
    for i, (motif, color) in enumerate([("flamingo", "green"), ("banana", "blue")]):
        card = page.locator("fieldset.task-card").nth(i)
        card.locator(f".motifs label.pick:has(input[value='{motif}'])").tap()
        card.locator(f".colors label.pick:has(input[value='{color}'])").tap()
    context.set_offline(True)
    page.locator("form [type=submit].primary").tap()
    expect(page.locator(".waiting-note li")).to_have_count(1)
    page.close()  # a closed tab, opened again once the server answers
    context.set_offline(False)
    page = context.new_page()
    page.goto(f"{live_server}/m/{token}/task")
    expect(page).to_have_url(re.compile(rf"/m/{token}(\?[^/]*)?(#.*)?$"))
    expect(page.locator(".waiting-note")).to_have_count(0)
    match = api.call("GET", f"/matches/{created['id']}", token).get_json()
    assert [r["input"]["task"] for r in match["rounds"]] == [
        [{"motif": "flamingo", "color": "green"}, {"motif": "banana", "color": "blue"}]]
    context.close()
