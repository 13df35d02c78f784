"""A seat option on the new-match form (Banakil's first dealer, Bandido's first player) is
asked by name: a choice per player line, "the first name" until the script puts the names in;
a choice past the names typed is said beside it, and what was typed stays."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from app.extensions import db
from app.models import Match, Token

PLAYERS = {"banakil": ("opt_first_dealer", 4), "bandido": ("opt_first_seat", 5)}


def stored(app, location):
    secret = location.rsplit("/", 1)[-1]
    with app.app_context():
        token = db.session.scalar(select(Token).where(Token.secret == secret))
        match = db.session.get(Match, token.match_id)
        return [seat.name for seat in match.seats], dict(match.options)


def beside(shown, field_id):
    block = shown.by_id(field_id).ancestor("div")
    return " ".join(error.text for error in block.find_all(class_="error")) or None


@pytest.mark.parametrize("game", PLAYERS)
def test_the_seat_option_is_a_choice_of_the_names(page, game):
    field_id, most = PLAYERS[game]

    form = page(f"/new/{game}")

    select_ = form.by_id(field_id)
    assert select_.tag == "select" and select_.has("data-seats")
    labels = [option.text for option in select_.find_all("option")]
    assert labels == ["the first name", "the second name", "the third name", "the fourth name",
                      "the fifth name"][:most]
    assert [o.get("value") for o in select_.find_all("option")] == [str(i) for i in range(most)]
    # It sits with the names it chooses among, not with the other options.
    assert select_.ancestor("fieldset").find("legend").text == "Players, in seat order"


def test_banakil_says_which_way_the_deal_passes(page):
    hint = page("/new/banakil").by_id("opt_first_dealer").ancestor("div").find(
        "p", class_="hint").text
    assert "passes to the right: in the order the names are typed" in hint


def test_bandido_says_turns_go_round_in_the_order_typed(page):
    form = page("/new/bandido")
    hint = form.by_id("opt_first_seat").ancestor("div").find("p", class_="hint").text
    assert "Turns then go round in the order the names are typed" in hint
    # Bandido's one option is the first player: no empty "Options" box beside it.
    assert [legend.text for legend in form.find_all("legend")] == ["Players, in seat order"]


def test_the_choice_is_the_nth_name_typed_empty_lines_skipped(app, submit, location):
    response = submit("/new/banakil", **{"players-0": "Ana", "players-1": "  ",
                                         "players-2": "Ben", "players-3": "Cy",
                                         "opt_first_dealer": "2"})

    players, options = stored(app, location(response)[0])
    assert players == ["Ana", "Ben", "Cy"]
    assert options["first_dealer"] == 2  # "the third name": Cy


def test_the_sheet_then_names_the_one_chosen(submit, page, location):
    response = submit("/new/banakil", **{"players-0": "Ana", "players-1": "Ben",
                                         "players-2": "Cy", "opt_first_dealer": "1"})

    deal = page(location(response)[0]).find("p", class_="deal").text
    assert deal == "Hand 1: Ben deals, Cy plays first."


@pytest.mark.parametrize("game", PLAYERS)
def test_a_choice_past_the_names_typed_is_said_beside_it_and_the_typing_kept(app, submit, page,
                                                                            game):
    field_id, _ = PLAYERS[game]

    response = submit(f"/new/{game}", **{"players-0": "Ana", "players-1": "Ben",
                                         field_id: "2", "name": "Friday"})

    assert response.status_code == 422
    shown = page(response)
    label = "first dealer" if game == "banakil" else "first player"
    assert beside(shown, field_id) == (
        f"The third name is not typed: only 2 names are typed. Choose the {label} among them.")
    assert shown.by_id(field_id).get("aria-invalid") == "true"
    assert [o.get("value") for o in shown.by_id(field_id).find_all("option")
            if o.has("selected")] == ["2"]
    assert shown.by_id("players-0").get("value") == "Ana"
    assert shown.by_id("players-1").get("value") == "Ben"
    assert shown.by_id("name").get("value") == "Friday"
    with app.app_context():
        assert db.session.scalar(select(Match)) is None


@pytest.mark.parametrize("posted", ["9", "x", "-1", ""])
def test_a_choice_that_is_no_seat_at_all_is_refused(app, client, page, posted):
    shown = page("/new/bandido")
    _, data = shown.form_data(**{"players-0": "Ana", "players-1": "Ben",
                                 "opt_first_seat": posted})

    response = page(client.post("/new/bandido", data=data))

    assert response.status == 422
    assert beside(response, "opt_first_seat") == "Choose one of the names."
    with app.app_context():
        assert db.session.scalar(select(Match)) is None


def test_too_few_names_is_said_at_the_names_not_at_the_seat(submit, page):
    shown = page(submit("/new/banakil", **{"players-0": "Ana", "opt_first_dealer": "1"}))

    assert shown.status == 422
    assert "2 to 4 players" in shown.text
    assert beside(shown, "opt_first_dealer") is None
