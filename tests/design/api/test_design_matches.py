"""SPEC section 10, a match of a design: started from an id or a design whole (its copy kept, and
where it came from), each line typed as a seat's part, the rows and row totals, a tally's one
round, a rounds design's end, and the refusals of each, with their fields."""

from __future__ import annotations

import pytest
from api_helpers import error_of
from design_fixtures import ROUNDS, TALLY, design

LINE = {"sixes": 4, "pair": True}  # 8 + 5 + the bonus of 10


def seat(api, match, number, index, line, token=None):
    return api.call("PUT", f"/matches/{match['id']}/rounds/{number}/seats/{index}",
                    token or match["tokens"]["seats"][index], json=line)


def test_a_match_of_a_design_id_copies_its_latest_version(api, made, played_design):
    created = made()
    owner = created["tokens"]["owner"]
    api.call("PUT", f"/designs/{created['id']}", owner, json=design(TALLY, name="Dice v2"))

    match = played_design(created["id"])

    assert match["game"] == "custom"
    assert match["design"]["id"] == created["id"] and match["design"]["version"] == 2
    assert match["design"]["design"]["name"] == "Dice v2"
    assert match["options"] == {"design": match["design"]["design"], "target": None,
                                "rounds": None}
    # A version made after the match began changes nothing of it.
    api.call("PUT", f"/designs/{created['id']}", owner, json=design(TALLY, name="Dice v3"))
    again = api.call("GET", f"/matches/{match['id']}", match["tokens"]["host"]).get_json()
    assert again["design"]["version"] == 2 and again["design"]["design"]["name"] == "Dice v2"


def test_a_design_sent_whole_is_kept_with_no_id_nor_version(played_design):
    match = played_design(TALLY)

    assert match["design"]["id"] is None and match["design"]["version"] is None
    assert match["design"]["design"]["rows"][2]["formula"] == "if(sixes >= 8, 10, 0)"


@pytest.mark.parametrize("body, status, field", [
    ({"game": "generic", "design": "yahtzee"}, 422, "design"),
    ({"game": "custom"}, 422, "design"),
    ({"game": "custom", "design": "yahtzee", "options": {"design": TALLY}}, 422,
     "options.design"),
    ({"game": "custom", "design": design(TALLY, rows=[{"kind": "dice"}])}, 422,
     "design.rows[0].kind"),
    ({"game": "custom", "design": 7}, 422, "design"),
    ({"game": "custom", "design": "nosuchdesign"}, 404, None),
    ({"game": "custom", "design": TALLY, "players": ["Ana"]}, 422, "players"),
    ({"game": "custom", "design": TALLY, "options": {"target": 10}}, 422, "options.target"),
])
def test_a_match_of_no_design_or_a_broken_one_is_refused_at_its_field(api, body, status, field):
    error = error_of(api.call("POST", "/matches", json={"players": ["Ana", "Ben"]} | body),
                     status)

    assert error.get("field") == field


def test_each_phone_fills_its_column_and_computed_rows_fill_in_as_they_are_known(
        api, played_design):
    match = played_design(TALLY, ("Ana", "Ben", "Cy"))

    half = seat(api, match, 1, 0, {"sixes": 4})
    assert half.status_code == 201  # the tally opened
    rows = half.get_json()["rounds"][0]["rows"]
    assert rows[0] == {"sixes": 8, "pair": None, "bonus": 10}  # 4 × 2 ≥ 8: known already
    assert rows[1] == {"sixes": None, "pair": None, "bonus": None}
    assert half.get_json()["rounds"][0]["status"] == "open"
    assert half.get_json()["rounds"][0]["cells"] is None
    # A seat's link types its own column only; a part sent again replaces the one before.
    error_of(seat(api, match, 1, 1, LINE, match["tokens"]["seats"][0]), 403)
    seat(api, match, 1, 0, LINE)
    seat(api, match, 1, 1, {"sixes": 1, "pair": False})
    done = seat(api, match, 1, 2, {"sixes": 4, "pair": False}).get_json()

    assert done["status"] == "over"
    assert done["rounds"][0]["cells"] == [23, 2, 18] and done["totals"] == [23, 2, 18]
    assert done["row_totals"][2] == {"sixes": 8, "pair": 0, "bonus": 10}
    assert done["winners"] == [0]


def test_a_tally_has_no_round_2(api, played_design):
    match = played_design(TALLY)
    host = match["tokens"]["host"]
    api.call("POST", f"/matches/{match['id']}/rounds", host, json={"players": [LINE, None]})

    error_of(seat(api, match, 2, 0, LINE, host), 409)
    seat(api, match, 1, 1, LINE)
    error = error_of(api.call("POST", f"/matches/{match['id']}/rounds", host,
                              json={"players": [LINE, LINE]}), 409)
    assert "no round 2" in error["message"]


@pytest.mark.parametrize("line, field", [
    ({"bonus": 3}, "bonus"),
    ({"dice": 3}, "dice"),
    ({"sixes": 6}, "sixes"),
    ({"sixes": -1}, "sixes"),
    ({"pair": 1}, "pair"),
    ({"sixes": 2.5}, "sixes"),
])
def test_a_line_that_types_what_is_not_typed_or_out_of_bounds_is_422(api, played_design, line,
                                                                     field):
    match = played_design(TALLY)
    host = match["tokens"]["host"]

    assert error_of(seat(api, match, 1, 0, line), 422)["field"] == field
    error = error_of(api.call("POST", f"/matches/{match['id']}/rounds", host,
                              json={"players": [line, None]}), 422)
    assert error["field"] == f"players[0].{field}"


def test_a_worked_out_value_past_10_to_the_12_refuses_the_entry_that_made_it(api,
                                                                            played_design):
    huge = design(TALLY, tiebreak=[], labels={}, rows=[
        {"key": "n", "label": "N", "kind": "number", "max": 1_000_000_000},
        {"key": "far", "label": "Far", "kind": "formula", "formula": "n * n"}])
    match = played_design(huge)

    assert error_of(seat(api, match, 1, 0, {"n": 2_000_000}), 422)["field"] == "far"
    assert seat(api, match, 1, 0, {"n": 1_000_000}).status_code == 201


def test_a_rounds_design_ends_at_its_own_target_which_the_table_may_move(api, played_design):
    match = played_design(ROUNDS)
    host, path = match["tokens"]["host"], f"/matches/{match['id']}"
    assert match["options"]["target"] == 50 and match["options"]["rounds"] is None

    after = api.call("POST", f"{path}/rounds", host,
                     json={"players": [{"tricks": 9}, {"tricks": 9}]}).get_json()
    assert after["rounds"][0]["rows"] == [{"tricks": 9, "best": 5}, {"tricks": 9, "best": 5}]
    assert after["totals"] == [14, 14]
    assert api.call("PATCH", f"{path}/options", host, json={"target": 20}).status_code == 200
    over = api.call("POST", f"{path}/rounds", host,
                    json={"players": [{"tricks": 7}, {"tricks": 1}]}).get_json()
    assert over["status"] == "over" and over["winners"] == [0] and over["totals"] == [26, 15]
    assert over["row_totals"] == [{"tricks": 16, "best": 10}, {"tricks": 10, "best": 5}]


def test_a_rematch_starts_from_the_same_copy_and_says_where_it_came_from(api, made,
                                                                        played_design):
    created = made()
    match = played_design(created["id"])
    for index in (0, 1):
        seat(api, match, 1, index, LINE)
    api.call("PUT", f"/designs/{created['id']}", created["tokens"]["owner"],
             json=design(TALLY, name="Changed since"))

    again = api.call("POST", f"/matches/{match['id']}/rematch", match["tokens"]["host"])

    assert again.status_code == 201
    assert again.get_json()["design"] == match["design"]
