"""Moving the line from the host's sheet: the target (and the free sheet's round count), as
far as the game lets a table move it; a line already passed is refused beside its field, one
the latest round reaches ends the match, one no total reaches any more lets play go on."""

from __future__ import annotations

import pytest


def line_url(token):
    return f"/m/{token}/line"


def hand(score, went_out=False):
    return {"score": score, "went_out": went_out}


def banakil_round(match, dana, ravi):
    """A hand of Dana's and Ravi's typed as scores; Dana goes out."""
    response = match.api.call("POST", f"/matches/{match.id}/rounds", match.host,
                              json={"dead": False, "hands": [hand(dana, True), hand(ravi)]})
    assert response.status_code == 201, response.get_json()


@pytest.fixture
def three_hands(banakil):
    """Dana and Ravi, target 150, three hands in: Dana 60, 110, 140; Ravi 10, 20, 25."""
    match = banakil()
    banakil_round(match, 60, 10)
    banakil_round(match, 50, 10)
    banakil_round(match, 30, 5)
    assert match.state()["totals"] == [140, 25]
    return match


def move_links(sheet):
    return [a for a in sheet.find_all("a") if (a.get("href") or "").endswith("/line")]


def beside(shown, field_id):
    block = shown.by_id(field_id).ancestor("div")
    return " ".join(error.text for error in block.find_all(class_="error")) or None


# Where it is offered --------------------------------------------------------------------


@pytest.mark.parametrize("game", ["banakil", "generic"])
def test_the_host_sheet_offers_to_move_the_line(start, page, game):
    match = start(("Ana", "Ben"), game=game)

    sheet = page(f"/m/{match.host}")

    links = move_links(sheet)
    assert [a.text for a in links] == ["Move the line…"]
    assert links[0].get("href") == line_url(match.host)
    assert links[0].ancestor("section").get("class") == "host-tools"


@pytest.mark.parametrize("game", ["blue_banana", "bandido"])
def test_a_game_whose_end_is_fixed_offers_nothing(start, page, game):
    match = start(("Ana", "Ben"), game=game)

    assert move_links(page(f"/m/{match.host}")) == []
    assert page(line_url(match.host)).status == 404


def test_only_the_host_may_move_it(three_hands, page, client):
    match = three_hands
    for token in (match.view, match.seats[0]):
        assert move_links(page(f"/m/{token}")) == []
        assert page(line_url(token)).status == 403
        assert client.post(line_url(token), data={"opt_target": "500"}).status_code == 403
    assert match.state()["target"] == 150


def test_the_form_asks_what_the_game_declares_movable_filled_in(three_hands, played, page):
    banakil_form = page(line_url(three_hands.host))
    assert banakil_form.status == 200
    fields = [n.get("name") for n in banakil_form.editable_inputs()]
    assert fields == ["opt_target"]
    assert banakil_form.by_id("opt_target").get("value") == "150"
    assert "Dana 140, Ravi 25" in banakil_form.find("p", class_="meta").text

    free_form = page(line_url(played.host))  # the free sheet: target 100, no round count
    assert [n.get("name") for n in free_form.editable_inputs()] == ["opt_target", "opt_rounds"]
    assert free_form.by_id("opt_target").get("value") == "100"
    assert free_form.by_id("opt_rounds").get("value") == ""


# Moving it ------------------------------------------------------------------------------


def test_moving_the_target_on_and_the_sheet_follows(three_hands, submit, page, location):
    match = three_hands

    response = submit(line_url(match.host), opt_target="200")

    assert location(response)[0] == f"/m/{match.host}"
    assert match.state()["target"] == 200 and match.state()["status"] == "active"
    sheet = page(f"/m/{match.host}")
    assert sheet.find("p", class_="flash").text == "The line moved (target 200)."
    assert "target 200" in sheet.find("p", class_="meta").text
    assert sheet.standings()["Dana"]["note"].endswith("60 to go")


def test_a_line_passed_before_the_last_hand_is_refused_beside_it(three_hands, submit, page):
    match = three_hands
    before = match.state()

    response = submit(line_url(match.host), opt_target="100")

    assert response.status_code == 409
    shown = page(response)
    assert beside(shown, "opt_target").startswith(
        "That line would already have been reached in hand 2")
    assert shown.by_id("opt_target").get("value") == "100"  # as typed
    assert shown.by_id("opt_target").get("aria-invalid") == "true"
    assert match.state() == before


def test_a_line_the_latest_hand_reaches_ends_the_match(three_hands, submit, page):
    match = three_hands

    submit(line_url(match.host), opt_target="140")

    assert match.state()["status"] == "over"
    sheet = page(f"/m/{match.host}")
    assert sheet.find("p", class_="flash").text == (
        "The line moved (target 140): the latest hand reaches it, the match is over.")
    assert sheet.find("div", class_="over").text.startswith("Match over: Dana wins.")


def test_a_line_no_total_reaches_any_more_lets_an_over_match_play_on(three_hands, submit, page):
    match = three_hands
    submit(line_url(match.host), opt_target="120")
    assert match.state()["status"] == "over"
    over = page(f"/m/{match.host}")
    # The over banner offers it too: a table that wants to play on moves the line first.
    assert [a.get("href") for a in over.find("div", class_="over").find_all("a")] == [
        line_url(match.host)]

    submit(line_url(match.host), opt_target="300")

    assert match.state()["status"] == "active"
    sheet = page(f"/m/{match.host}")
    assert sheet.find("p", class_="flash").text == (
        "The line moved (target 300): no total reaches it yet, so play on.")
    assert sheet.find("div", class_="over") is None
    assert sheet.find("section", class_="hands") is not None  # hand 4 may be typed


@pytest.mark.parametrize(("typed", "says"), [("abc", "Not a valid integer value."),
                                             ("0", "between 1 and")])
def test_a_target_that_is_no_line_is_said_beside_it(three_hands, submit, page, typed, says):
    match = three_hands

    shown = page(submit(line_url(match.host), opt_target=typed))

    assert shown.status == 422
    assert says in beside(shown, "opt_target")
    assert shown.by_id("opt_target").get("value") == typed
    assert match.state()["target"] == 150


def test_leaving_it_as_it_is_changes_nothing(three_hands, submit, page):
    match = three_hands
    version = match.state()["version"]

    submit(line_url(match.host))

    assert match.state()["version"] == version
    assert page(f"/m/{match.host}").find("p", class_="flash").text == (
        "The line stays where it was.")


def test_the_free_sheets_round_count_moves_too(played, submit, page):
    match = played  # target 100, two rounds in: totals 15, 25, 35

    refused = page(submit(line_url(match.host), opt_rounds="1"))
    assert refused.status == 409
    assert "round 1" in beside(refused, "opt_rounds")
    assert beside(refused, "opt_target") is None

    submit(line_url(match.host), opt_rounds="2")
    state = match.state()
    assert state["options"]["rounds"] == 2 and state["status"] == "over"

    submit(line_url(match.host), opt_rounds="")  # no round count: play on
    assert match.state()["options"]["rounds"] is None
    assert match.state()["status"] == "active"


@pytest.mark.parametrize("end", ["bank", "abandon"])
def test_a_banked_or_abandoned_match_keeps_its_line(three_hands, client, page, submit, end):
    match = three_hands
    submit(line_url(match.host), opt_target="140")
    # (Banking is confirmed: the page asks once first.)
    assert client.post(f"/m/{match.host}/{end}", data={"confirmed": "yes"}).status_code == 302

    assert move_links(page(f"/m/{match.host}")) == []
    response = client.post(line_url(match.host), data={"opt_target": "500"})
    assert response.status_code == 302
    flash = page(f"/m/{match.host}").find("p", class_="flash-error")
    assert flash is not None and "can no longer move" in flash.text
    assert match.state()["target"] == 140
