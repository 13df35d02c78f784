"""SPEC section 14 on a phone: the owner logs a play by tapping the roster's chips and typing
scores, and reads its page; then brings a small BG Stats export in through its preview and
watches the progress bar reach the end."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from app.services.plays.jobs import Runner

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}

EXPORT = {
    "players": [{"id": 1, "uuid": "u-ana", "name": "Ana", "isAnonymous": False},
                {"id": 2, "uuid": "u-dee", "name": "Dee", "isAnonymous": False}],
    "games": [{"id": 1, "uuid": "g-azul", "name": "Azul", "bggId": 230802, "highestWins": True,
               "noPoints": False, "cooperative": False, "usesTeams": False}],
    "locations": [],
    "plays": [{"uuid": f"p{n}", "gameRefId": 1, "playDate": f"2019-03-{n + 1:02d} 20:00:00",
               "durationMin": 30, "ignored": False, "usesTeams": False,
               "modificationDate": "2019-04-01 10:00:00",
               "playerScores": [{"playerRefId": 1, "score": str(40 + n), "winner": False},
                                {"playerRefId": 2, "score": str(50 - n), "winner": False}]}
              for n in range(12)],
}


@pytest.fixture
def imports_running(app):
    """The imports' runner of a server's worker, beside the test's server."""
    app.config["IMPORTS_POLL_SECONDS"] = 0.1
    runner = Runner(app).start()
    yield runner
    runner.stop()
    runner.thread.join(timeout=10)
    if hasattr(runner.held, "close"):  # the imports' lock file of the test's database
        runner.held.close()


def test_a_phone_logs_a_play_and_brings_a_bg_stats_file_in(live_server, browser, api,
                                                          imports_running):
    made = api.call("POST", "/groups", json={"name": "Thursday", "players": ["Ana", "Ben", "Cy"]})
    owner = made.get_json()["tokens"]["owner"]
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    phone = context.new_page()
    errors: list[str] = []
    phone.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)

    phone.goto(f"{live_server}/g/{owner}")
    phone.get_by_role("link", name="Log a play").tap()
    expect(phone.locator("h1")).to_have_text("Log a play")
    phone.get_by_label("Game").select_option("new")
    phone.get_by_label("Its name").fill("Wingspan")
    ana_score = phone.get_by_label("Score of Ana")
    expect(ana_score).to_be_hidden()  # a chip not ticked keeps its line closed
    phone.locator("label.player-chip", has_text="Ana").tap()
    phone.locator("label.player-chip", has_text="Ben").tap()
    expect(ana_score).to_be_visible()
    expect(phone.get_by_label("Score of Cy")).to_be_hidden()
    ana_score.fill("86.5")
    phone.get_by_label("Score of Ben").fill("-3")
    assert ana_score.get_attribute("inputmode") == "decimal"
    expect(phone.get_by_label("When it was played")).not_to_have_value("")
    expect(phone.locator("#played_at-hint")).to_be_hidden()  # the phone's own time, not UTC
    phone.get_by_role("button", name="Log the play").tap()

    expect(phone.locator("h1")).to_have_text("Wingspan")
    expect(phone.locator(".flash")).to_contain_text("The play of Wingspan is in the bank.")
    rows = phone.locator("table.play-result tbody tr")
    expect(rows.first.locator("th")).to_have_text("Ana")
    expect(rows.first.locator("td").nth(1)).to_have_text("86.5")
    expect(rows.nth(1).locator("td").nth(1)).to_have_text("−3")

    phone.get_by_role("link", name="Thursday").tap()
    phone.get_by_role("link", name="Bring plays in").tap()
    expect(phone.get_by_label("Time zone of its times")).not_to_have_value("")
    phone.get_by_label("The file (BGStatsExport.json, or a CSV)").set_input_files(files=[{
        "name": "BGStatsExport.json", "mimeType": "application/json",
        "buffer": json.dumps(EXPORT).encode()}])
    phone.get_by_role("button", name="Preview").tap()

    expect(phone.locator("h1")).to_have_text("What the file would bring in")
    dee = phone.get_by_label("Dee", exact=True)
    expect(dee).to_have_value("new")
    expect(phone.get_by_label("Ana", exact=True)).to_contain_text("Ana")
    dee.select_option(label="Cy")  # Dee is what Cy is called in the file
    phone.get_by_role("button", name="Bring 12 plays in").tap()

    expect(phone.locator("h1")).to_have_text("Plays brought in")
    bar = phone.locator("progress")
    expect(bar).to_have_attribute("max", "12")
    expect(bar).to_have_attribute("value", "12")
    expect(phone.locator(".import-counts")).to_contain_text("Added")
    phone.get_by_role("link", name="The group's bank").tap()
    expect(phone.locator("#bank li.banked")).to_have_count(13)
    assert errors == [], errors
    context.close()
