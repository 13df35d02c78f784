"""The start-a-match form: players in seat order, option defaults, errors beside their field."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from app.extensions import db
from app.models import Match, Token
from app.web.match.forms import PLAYER_FIELDS


def match_count(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Match))


def host_match(app, sheet_path: str) -> dict:
    """What was stored for the match whose host sheet is at `sheet_path`."""
    secret = sheet_path.rsplit("/", 1)[-1]
    with app.app_context():
        token = db.session.scalar(select(Token).where(Token.secret == secret))
        assert token is not None and token.role == "host"
        match = db.session.get(Match, token.match_id)
        return {"players": [seat.name for seat in match.seats], "options": dict(match.options),
                "name": match.name}


def beside(form_page, input_id: str) -> str | None:
    """The error shown in the same block as the input (its list item or option box)."""
    field = form_page.by_id(input_id)
    assert field is not None, f"no #{input_id}"
    block = field.ancestor("li") or field.ancestor("div")
    errors = block.find_all(class_="error")
    return " ".join(error.text for error in errors) or None


def test_the_form_shows_player_lines_and_option_defaults(page):
    form = page("/new/generic")

    assert form.status == 200
    players = [node for node in form.find_all("input") if (node.get("name") or "").startswith(
        "players-")]
    assert len(players) == PLAYER_FIELDS and all(node.get("value") == "" for node in players)
    assert form.by_id("opt_allow_negative").has("checked")
    assert not form.by_id("opt_lowest_wins").has("checked")
    assert form.by_id("opt_target").get("value") == ""
    assert form.by_id("opt_rounds").get("value") == ""
    assert form.find("input", name="csrf_token") is not None


def test_starting_a_match_skips_empty_lines_and_opens_the_host_sheet(app, submit, page,
                                                                     location):
    response = submit("/new/generic", **{"players-0": "  Ana ", "players-2": "Ben",
                                         "players-3": "   ", "players-4": "Cy",
                                         "opt_target": "50"})

    sheet_path, _ = location(response)
    assert sheet_path.startswith("/m/")
    stored = host_match(app, sheet_path)
    assert stored["players"] == ["Ana", "Ben", "Cy"]
    assert stored["options"] == {"target": 50, "rounds": None, "lowest_wins": False,
                                 "allow_negative": True}
    assert stored["name"] == "Ana, Ben, Cy"

    sheet = page(sheet_path)
    assert sheet.status == 200
    assert sheet.find(class_="role").text == "Host"
    assert [th.text for th in sheet.find("thead").find_all("th")] == ["#", "Ana", "Ben", "Cy"]


def test_the_options_as_set_are_stored(app, submit, location):
    response = submit("/new/generic", **{"players-0": "Ana", "players-1": "Ben",
                                         "opt_lowest_wins": True, "opt_allow_negative": None,
                                         "opt_rounds": " 5 "})

    stored = host_match(app, location(response)[0])
    assert stored["options"]["allow_negative"] is False
    assert stored["options"]["lowest_wins"] is True
    assert stored["options"]["rounds"] == 5


def test_a_name_of_forty_characters_with_spaces_around_is_accepted(app, submit, location):
    # SPEC: names are 1–40 characters after trimming; the page agrees with the API.
    response = submit("/new/generic", **{"players-0": "  " + "A" * 40 + " ", "players-1": "Ben"})

    assert host_match(app, location(response)[0])["players"] == ["A" * 40, "Ben"]


def test_no_names_at_all_is_refused_beside_the_players(app, submit, page):
    form = page(submit("/new/generic", **{"players-1": "  ", "opt_target": "40"}))

    assert form.status == 422
    assert "players" in (beside(form, "players-0") or "")
    assert form.by_id("players-0").get("aria-invalid") == "true"
    assert form.by_id("opt_target").get("value") == "40"
    assert match_count(app) == 0


def test_a_name_over_forty_characters_is_refused_beside_it_and_kept(app, submit, page):
    long_name = "B" * 41
    form = page(submit("/new/generic", **{"players-0": "Ana", "players-1": long_name}))

    assert form.status == 422
    assert "40" in beside(form, "players-1")
    assert beside(form, "players-0") is None
    assert form.by_id("players-1").get("value") == long_name
    assert form.by_id("players-0").get("value") == "Ana"
    assert match_count(app) == 0


@pytest.mark.parametrize("typed", ["abc", "1e30", "0", "-5", "2.5"])
def test_a_target_that_is_not_a_whole_number_from_one_is_refused_beside_it(app, submit, page,
                                                                           typed):
    form = page(submit("/new/generic", **{"players-0": "Ana", "players-1": "Ben",
                                          "opt_target": typed, "name": "Tuesday"}))

    assert form.status == 422
    assert beside(form, "opt_target")
    assert form.by_id("opt_target").get("value") == typed
    assert form.by_id("players-1").get("value") == "Ben"
    assert form.by_id("name").get("value") == "Tuesday"
    # what was ticked stays ticked, what was not stays unticked
    assert form.by_id("opt_allow_negative").has("checked")
    assert not form.by_id("opt_lowest_wins").has("checked")
    assert match_count(app) == 0


def test_a_field_shows_one_message_not_a_pile(submit, page):
    # "abc" is not a number; saying also that it is out of range would mislead.
    form = page(submit("/new/generic", **{"players-0": "Ana", "opt_target": "abc"}))

    assert form.status == 422
    assert len(form.by_id("opt_target").ancestor("div").find_all(class_="error")) == 1
    assert beside(form, "opt_rounds") is None  # left empty, as it may be


@pytest.mark.parametrize("blank", ["", "  "])
def test_options_left_empty_mean_none(app, submit, location, blank):
    # What a browser sends for an untouched number field is an empty string, not nothing.
    response = submit("/new/generic", **{"players-0": "Ana", "opt_target": blank,
                                         "opt_rounds": blank})

    options = host_match(app, location(response)[0])["options"]
    assert options["target"] is None and options["rounds"] is None


def test_an_unknown_game_is_not_found(page, app):
    assert page("/new/chess").status == 404
    assert page("/new/chess").find("h1").text == "Not found"
    assert match_count(app) == 0


def test_a_refused_start_is_summed_up_at_the_top_with_a_link_to_each_field_at_fault(submit, page):
    assert page("/new/generic").by_id("error-summary") is None  # nothing refused, nothing said

    form = page(submit("/new/generic", **{"players-0": "Ana", "players-1": "B" * 41,
                                          "opt_target": "abc"}))

    assert form.status == 422
    summary = form.by_id("error-summary")
    assert summary is not None and summary.has("autofocus") and summary.get("tabindex") == "-1"
    assert summary.get("role") == "alert"
    assert "not started" in summary.find("h2").text
    links = {link.get("href"): link.ancestor("li").text for link in summary.find_all("a")}
    assert list(links) == ["#players-1", "#opt_target"]  # in the page's order
    assert links["#players-1"].startswith("Player 2:") and "40" in links["#players-1"]
    assert links["#opt_target"] == f"{form.find('label', **{'for': 'opt_target'}).text}: " \
        f"{beside(form, 'opt_target')}"
    main = form.find("main")
    assert main.find("h2") is summary.find("h2")  # above the page's own heading and form

