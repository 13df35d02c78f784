"""The end of a match on the pages: over, banked, abandoned."""

from __future__ import annotations

YES = {"confirmed": "yes"}  # the banking confirmed (the page asks once first)


def bank_button(sheet):
    for form in sheet.forms("post"):
        button = form.find("button")
        if button is not None and button.text == "Match over: bank it":
            return form
    return None


def read_only(sheet) -> bool:
    """Nothing on the sheet changes the match: no field, no cell, no form but the host's
    rematch (which starts the next match and leaves this one as it is) and, for ten minutes,
    the host's way to take the banking back."""
    forms = [form for form in sheet.forms("post")
             if not form.get("action").endswith(("/rematch", "/unbank"))]
    return (sheet.editable_inputs() == [] and forms == []
            and sheet.find_all("a", class_="cell") == [])


def test_host_and_seats_are_asked_to_bank_a_match_that_is_over(page, over):
    for token in (over.host, *over.seats):
        sheet = page(f"/m/{token}")
        form = bank_button(sheet)
        assert form is not None, token
        assert form.get("action") == f"/m/{token}/bank"
        assert "Ana wins" in sheet.find(class_="banner").text
        assert sheet.find("input", class_="score") is None  # no round after the last
        assert "winner" in sheet.standings()["Ana"]["note"]

    assert bank_button(page(f"/m/{over.view}")) is None


def test_the_view_link_cannot_bank(client, over):
    assert client.post(f"/m/{over.view}/bank", data=YES).status_code == 403
    assert over.state()["status"] == "over"


def test_no_round_is_accepted_once_over(client, over):
    version = over.state()["version"]

    client.post(f"/m/{over.host}/round", data={"number": "3", "s0": "1", "s1": "1", "s2": "1"})

    assert over.state()["version"] == version


def test_banking_from_a_seat_banks_it_and_the_sheet_shows_the_result(client, page, over,
                                                                      location):
    response = client.post(f"/m/{over.seats[2]}/bank", data=YES)

    assert location(response)[0] == f"/m/{over.seats[2]}"
    state = over.state()
    assert state["status"] == "banked" and state["winners"] == [0]
    for token in (over.host, over.seats[2], over.view):
        sheet = page(f"/m/{token}")
        banner = sheet.find(class_="banner").text
        assert "Banked" in banner and "Ana" in banner and "35" in banner
        assert sheet.totals() == [35, 15, 3]
        assert read_only(sheet), token
        assert sheet.find("section", class_="host-tools") is None


def test_a_banked_match_refuses_every_change(client, over):
    client.post(f"/m/{over.host}/bank", data=YES)
    version = over.state()["version"]

    assert client.get(f"/m/{over.host}/round/1/seat/0").status_code == 403
    assert client.post(f"/m/{over.host}/round/1/seat/0", data={"value": "1"}).status_code == 403
    client.post(f"/m/{over.host}/round/2/delete")
    client.post(f"/m/{over.host}/abandon")
    client.post(f"/m/{over.host}/bank", data=YES)

    state = over.state()
    assert state["version"] == version and state["status"] == "banked"
    assert len(state["rounds"]) == 2


def test_a_match_still_being_played_cannot_be_banked(client, page, start):
    match = start(("Ana", "Ben"), target=30)
    match.add_round(10, 5)

    response = client.post(f"/m/{match.host}/bank", data=YES, follow_redirects=True)

    assert match.state()["status"] == "active"
    assert page(response).find(class_="flash-error") is not None
    assert bank_button(page(f"/m/{match.host}")) is None


def test_the_host_abandons_after_confirming_and_the_sheet_is_read_only(client, page, start,
                                                                       location):
    match = start(("Ana", "Ben"))
    match.add_round(3, 4)

    confirm = page(f"/m/{match.host}/abandon")
    assert confirm.status == 200
    assert match.state()["status"] == "active"  # asking is not doing
    assert confirm.forms("post") and confirm.forms("post")[0].find("button") is not None

    response = client.post(f"/m/{match.host}/abandon")

    assert location(response)[0] == f"/m/{match.host}"
    assert match.state()["status"] == "abandoned"
    for token in (match.host, match.seats[0], match.view):
        sheet = page(f"/m/{token}")
        assert "Abandoned" in sheet.find(class_="banner").text
        assert read_only(sheet), token
        assert sheet.totals() == [3, 4]
    version = match.state()["version"]
    client.post(f"/m/{match.host}/round", data={"number": "2", "s0": "1", "s1": "1"})
    client.post(f"/m/{match.seats[0]}/round", data={"number": "2", "s0": "1"})
    assert match.state()["version"] == version


def test_only_the_host_may_abandon(client, start):
    match = start(("Ana", "Ben"))

    assert client.get(f"/m/{match.seats[0]}/abandon").status_code == 403
    assert client.post(f"/m/{match.seats[0]}/abandon").status_code == 403
    assert match.state()["status"] == "active"


def test_banking_asks_once_and_keeps_the_groups_choice(client, page, over):
    asked = page(client.post(f"/m/{over.seats[1]}/bank"))

    assert over.state()["status"] == "over"
    assert "Nothing can change afterwards" in asked.text
    (form,) = [f for f in asked.forms("post") if "Yes, bank it" in f.text]
    assert form.find("input", name="confirmed").get("value") == "yes"
    client.post(f"/m/{over.seats[1]}/bank", data=YES)
    assert over.state()["status"] == "banked"


def test_the_banked_sheet_says_who_banked_and_the_host_may_take_it_back(client, page, over):
    client.post(f"/m/{over.seats[1]}/bank", data=YES)

    for token in (over.host, over.seats[0], over.view):
        assert "Banked by Ben." in page(f"/m/{token}").find(class_="banner").text
    unbank = [f for f in page(f"/m/{over.host}").forms("post")
              if f.get("action") == f"/m/{over.host}/unbank"]
    assert len(unbank) == 1 and "Take the banking back" in unbank[0].text
    for token in (over.seats[0], over.view):
        assert not [f for f in page(f"/m/{token}").forms("post")
                    if f.get("action", "").endswith("/unbank")]
    assert client.post(f"/m/{over.seats[1]}/unbank").status_code == 403

    response = page(client.post(f"/m/{over.host}/unbank", follow_redirects=True))

    assert over.state()["status"] == "over"
    assert "taken back" in response.find(class_="flash-info").text
    assert bank_button(response) is not None


def test_a_read_under_way_while_the_host_takes_the_banking_back_leaves_its_message(
        app, client, page, over):
    """The phone's session travels in its cookie: a read that set the cookie again would put
    back the session it started with, from before the unbanking, and wipe out the message the
    next page is to show. A page read again sets no cookie, so the message survives it."""
    client.post(f"/m/{over.seats[1]}/bank", data=YES)
    client.get(f"/m/{over.host}")
    started = app.test_client()  # a read that set out before the unbanking: the cookie then
    started.set_cookie("session", client.get_cookie("session").value)

    client.post(f"/m/{over.host}/unbank")
    read = started.get(f"/m/{over.host}")

    assert read.status_code == 200
    assert not [c for c in read.headers.getlist("Set-Cookie") if c.startswith("session=")]
    sheet = page(f"/m/{over.host}")
    assert "taken back" in sheet.find(class_="flash-info").text
    # A match opened anew is still remembered first (the home page's list).
    assert "Set-Cookie" in client.get(f"/m/{over.view}").headers


def test_ten_minutes_after_the_banking_the_sheet_no_longer_offers_to_take_it_back(
        app, client, page, over):
    from datetime import UTC, datetime, timedelta

    from app.extensions import db
    from app.models import Match

    client.post(f"/m/{over.host}/bank", data=YES)
    with app.app_context():
        db.session.get(Match, over.id).banked_at = datetime.now(UTC) - timedelta(minutes=11)
        db.session.get(Match, over.id).version += 1  # a new drawing of the sheet
        db.session.commit()

    sheet = page(f"/m/{over.host}")

    assert not [f for f in sheet.forms("post") if f.get("action", "").endswith("/unbank")]
    response = page(client.post(f"/m/{over.host}/unbank", follow_redirects=True))
    assert "10 minutes" in response.find(class_="flash-error").text
    assert over.state()["status"] == "banked"


def test_a_banking_stored_at_the_end_of_time_draws_the_hosts_sheet(app, client, page, over):
    # Issue 41: the host's sheet offers to take a banking back until ten minutes after it; a
    # match stored banked at 9999-12-31T23:59:59.999999 (an older version's import took it) has
    # no ten minutes after it, and the sheet was a 500.
    from datetime import UTC, datetime

    from app.extensions import db
    from app.models import Match

    client.post(f"/m/{over.host}/bank", data=YES)
    with app.app_context():
        db.session.get(Match, over.id).banked_at = datetime.max.replace(tzinfo=UTC)
        db.session.get(Match, over.id).version += 1  # a new drawing of the sheet
        db.session.commit()

    sheet = page(f"/m/{over.host}")

    assert sheet.status == 200, sheet.html
    assert [f for f in sheet.forms("post") if f.get("action", "").endswith("/unbank")]
