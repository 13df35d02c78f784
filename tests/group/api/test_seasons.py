"""SPEC section 11: a group's seasons through the API: each row of its table (create, list, read
with an ETag and a 304, change, delete), the 422s it names by field, section 2's order of
refusals, and a season's table over banked matches of known days (made by an import)."""

from __future__ import annotations

from datetime import date

import pytest
from api_helpers import StartedGroup, error_of

from app.extensions import db
from app.models import Season

NAMES = ["Ana", "Ben", "Cy", "Dee"]


def imported(api, matches, names=NAMES) -> StartedGroup:
    """A group whose bank is these matches, as export.json gives them: each `(players, scores,
    banked_at)` a free sheet of one round (its players roster ids 1.., in seat order), or a
    dict for anything else."""
    body = {"format": "squarescores-group", "format_version": 1, "name": "Club",
            "players": [{"id": i, "name": name} for i, name in enumerate(names, start=1)],
            "matches": [m if isinstance(m, dict) else free(*m) for m in matches]}
    response = api.call("POST", "/groups/import", json=body)
    assert response.status_code == 201, response.get_json()
    made = response.get_json()
    return StartedGroup(made["id"], made["tokens"]["owner"], made["tokens"]["view"], made)


def free(players, scores, banked_at, taken_out=False, game="generic"):
    return {"game": game, "name": "M", "options": {"rounds": 1},
            "players": [{"seat": s, "name": NAMES[p - 1], "player": p}
                        for s, p in enumerate(players)],
            "rounds": [{"scores": scores}], "started_at": banked_at, "banked_at": banked_at,
            "place": None, "note": None, "taken_out": taken_out}


def created(api, group, **fields):
    body = {"name": "Autumn", "starts": "2026-09-01"} | fields
    response = api.call("POST", f"{group.path}/seasons", group.owner, json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def table_of(season):
    return {row["name"]: {k: v for k, v in row.items() if k not in ("player", "name")}
            for row in season["table"]}


def test_a_season_is_made_listed_read_changed_and_deleted(api, group):
    season = created(api, group, ends="2026-11-30", game="generic", best_of=3, at_least=2)
    assert {k: season[k] for k in ("name", "starts", "ends", "game", "best_of", "at_least",
                                   "table", "matches")} == {
        "name": "Autumn", "starts": "2026-09-01", "ends": "2026-11-30", "game": "generic",
        "best_of": 3, "at_least": 2, "table": [], "matches": 0}
    path = f"{group.path}/seasons/{season['id']}"
    for token in (group.owner, group.view):
        listed = api.call("GET", f"{group.path}/seasons", token).get_json()
        assert [s["id"] for s in listed["seasons"]] == [season["id"]]
        assert listed["seasons"][0]["name"] == "Autumn" and listed["next"] is None
        read = api.call("GET", path, token)
        assert read.status_code == 200 and read.get_json() == season
        etag = read.headers["ETag"]
        assert api.call("GET", path, token, headers={"If-None-Match": etag}).status_code == 304
    plain = api.call("POST", f"{group.path}/seasons", group.owner,
                     json={"name": "Open", "starts": "2027-01-01"}).get_json()
    assert (plain["ends"], plain["game"], plain["best_of"], plain["at_least"]) == (
        None, None, None, None)
    changed = api.call("PATCH", path, group.owner, json={"name": "Fall", "ends": None,
                                                         "best_of": None})
    assert changed.status_code == 200
    after = changed.get_json()
    assert (after["name"], after["ends"], after["best_of"], after["at_least"]) == (
        "Fall", None, None, 2)
    # The change moved the version: the old ETag reads the season anew.
    assert api.call("GET", path, group.view,
                    headers={"If-None-Match": etag}).status_code == 200
    listed = api.call("GET", f"{group.path}/seasons", group.view).get_json()["seasons"]
    assert [s["name"] for s in listed] == ["Open", "Fall"]  # the latest to start first
    assert api.call("DELETE", path, group.owner).status_code == 204
    assert error_of(api.call("GET", path, group.view), 404)
    assert [s["name"] for s in api.call("GET", f"{group.path}/seasons",
                                        group.view).get_json()["seasons"]] == ["Open"]


@pytest.mark.parametrize("fields, field", [
    ({"starts": "2026-09-01", "ends": "2026-08-31"}, "ends"),
    ({"starts": "2026-02-30"}, "starts"),
    ({"starts": "1 Sept 2026"}, "starts"),
    ({"ends": "2026-13-01"}, "ends"),
    ({"best_of": 0}, "best_of"),
    ({"at_least": 0}, "at_least"),
    ({"best_of": True}, "best_of"),
    ({"at_least": "3"}, "at_least"),
    ({"game": "chess"}, "game"),
    ({"game": {}}, "game"),  # Schemathesis found it: a game that is no text was a 500
    ({"game": ["generic"]}, "game"),
    ({"name": "  "}, "name"),
    ({"colour": "red"}, "colour"),
    # Issue 41: a day is one every sum done with it later can hold (its table counts up to
    # the day after its last), with room to spare: from 1900 to 2999.
    ({"ends": "9999-12-31"}, "ends"),
    ({"starts": "9999-12-31"}, "starts"),
    ({"starts": "0001-01-01"}, "starts"),
    ({"starts": "1899-12-31"}, "starts"),
    ({"ends": "3000-01-01"}, "ends"),
])
def test_what_is_not_a_season_is_422_naming_its_field(api, group, fields, field):
    body = {"name": "Autumn", "starts": "2026-09-01"} | fields
    error = error_of(api.call("POST", f"{group.path}/seasons", group.owner, json=body), 422)
    assert error["field"] == field
    assert api.call("GET", f"{group.path}/seasons", group.owner).get_json()["seasons"] == []
    season = created(api, group)
    error = error_of(api.call("PATCH", f"{group.path}/seasons/{season['id']}", group.owner,
                              json=fields), 422)
    assert error["field"] == field
    again = api.call("GET", f"{group.path}/seasons/{season['id']}", group.owner).get_json()
    assert again == season


def test_a_create_needs_a_name_and_its_first_day(api, group):
    for body, field in (({"starts": "2026-09-01"}, "name"), ({"name": "Autumn"}, "starts")):
        error = error_of(api.call("POST", f"{group.path}/seasons", group.owner, json=body), 422)
        assert error["field"] == field


def test_refusals_come_in_section_twos_order(api, group, new_group):
    other = new_group(name="Elsewhere")
    season = created(api, group)
    path = f"{group.path}/seasons/{season['id']}"
    seasons = f"{group.path}/seasons"
    bad = {"data": b"{not json", "content_type": "application/json"}
    # 401: no link, or an unknown one, whatever else is wrong.
    for token in (None, "no-such-link"):
        error_of(api.call("PATCH", f"{group.path}/seasons/999", token, **bad), 401)
        error_of(api.call("GET", seasons, token), 401)
    # 404: another group's link, or no such season, before the view link's 403.
    error_of(api.call("GET", path, other.owner), 404)
    error_of(api.call("POST", seasons, other.owner, json={}), 404)
    error_of(api.call("PATCH", f"{group.path}/seasons/999", group.view, **bad), 404)
    error_of(api.call("DELETE", f"{other.path}/seasons/{season['id']}", other.owner), 404)
    error_of(api.call("GET", f"{group.path}/seasons/0", group.view), 404)
    # 403: the view link writes nothing, before its body is read.
    error_of(api.call("POST", seasons, group.view, **bad), 403)
    error_of(api.call("PATCH", path, group.view, **bad), 403)
    error_of(api.call("DELETE", path, group.view), 403)
    # 400, then 412, then 422.
    error_of(api.call("PATCH", path, group.owner, headers={"If-Match": '"1"'}, **bad), 400)
    stale = {"If-Match": '"1"'}
    error_of(api.call("PATCH", path, group.owner, headers=stale, json={"best_of": 0}), 412)
    error_of(api.call("PATCH", path, group.owner, headers=stale, json=[1]), 412)
    error_of(api.call("POST", seasons, group.owner, headers=stale, json={"x": 1}), 412)
    error_of(api.call("DELETE", path, group.owner, headers=stale), 412)
    now = api.call("GET", path, group.owner).headers["ETag"]
    error_of(api.call("PATCH", path, group.owner, headers={"If-Match": now},
                      json={"best_of": 0}), 422)
    answer = api.call("PATCH", path, group.owner, headers={"If-Match": now},
                      json={"best_of": 2})
    assert answer.status_code == 200 and answer.get_json()["best_of"] == 2
    assert api.call("GET", path, group.view).get_json()["name"] == "Autumn"


def test_the_table_counts_places_best_of_and_ranks_by_counted_then_won_then_fewer_played(api):
    day = "2026-09-{:02}T20:00:00+00:00".format
    group = imported(api, [
        ((1, 2, 3), [9, 5, 1], day(1)),   # Ana 2 (won), Ben 1, Cy 0
        ((1, 2, 3), [1, 9, 5], day(2)),   # Ben 2 (won), Cy 1, Ana 0
        ((1, 2), [5, 5], day(3)),         # Ana and Ben share: both won, no points
        ((2, 3, 4), [9, 9, 1], day(4)),   # Ben and Cy share first: 1 each; Dee 0
    ])
    season = created(api, group, starts="2026-09-01")
    assert table_of(season) == {
        "Ben": {"played": 4, "won": 3, "points": 4, "counted": 4, "rank": 1},
        "Ana": {"played": 3, "won": 2, "points": 2, "counted": 2, "rank": 2},
        "Cy": {"played": 3, "won": 1, "points": 2, "counted": 2, "rank": 3},
        "Dee": {"played": 1, "won": 0, "points": 0, "counted": 0, "rank": 4}}
    assert [row["name"] for row in season["table"]] == ["Ben", "Ana", "Cy", "Dee"]
    assert season["matches"] == 4
    # Each one's best match only: Ben's 2 and Ana's 2, Ben with more wins.
    best = created(api, group, starts="2026-09-01", best_of=1)
    assert {name: (row["counted"], row["rank"]) for name, row in table_of(best).items()} == {
        "Ben": (2, 1), "Ana": (2, 2), "Cy": (1, 3), "Dee": (0, 4)}


def test_equal_counted_and_won_go_to_fewer_played_and_all_three_equal_share(api):
    day = "2026-09-{:02}T20:00:00+00:00".format
    group = imported(api, [
        ((1, 2, 3), [5, 5, 1], day(1)),  # Ana and Ben share first: a win and a point each
        ((3, 4), [9, 1], day(2)),        # Cy: a win, a point
        ((4, 3), [9, 1], day(3)),        # Dee: a win, a point; Cy a third match, no point
    ])
    season = created(api, group, starts="2026-09-01")
    assert [(row["name"], row["counted"], row["won"], row["played"], row["rank"])
            for row in season["table"]] == [
        ("Ana", 1, 1, 1, 1), ("Ben", 1, 1, 1, 1), ("Dee", 1, 1, 2, 3), ("Cy", 1, 1, 3, 4)]


def test_fewer_than_at_least_are_listed_after_unranked(api):
    day = "2026-10-{:02}T20:00:00+00:00".format
    group = imported(api, [((1, 2), [1, 9], day(1)), ((1, 3), [9, 1], day(2)),
                           ((1, 3), [9, 1], day(3))])
    season = created(api, group, starts="2026-10-01", at_least=2)
    assert [(row["name"], row["rank"], row["counted"]) for row in season["table"]] == [
        ("Ana", 1, 2), ("Cy", 2, 0), ("Ben", None, 1)]


def test_the_days_are_the_groups_in_utc_both_ends_counted_and_taken_out_matches_left_out(api):
    group = imported(api, [
        ((1, 2), [9, 1], "2026-08-31T23:59:00+00:00"),  # the day before: out
        ((1, 2), [9, 1], "2026-09-01T00:00:00+00:00"),  # the first day: in
        ((2, 3), [9, 1], "2026-09-30T23:59:59+00:00"),  # the last day: in
        ((3, 4), [9, 1], "2026-10-01T01:30:00+02:00"),  # the 30th in UTC (23:30): in
        ((1, 4), [9, 1], "2026-10-01T00:00:00+00:00"),  # the day after: out
        ((1, 3), [9, 1], "2026-09-15T20:00:00+00:00", True),  # taken out: out
    ])
    season = created(api, group, starts="2026-09-01", ends="2026-09-30")
    assert season["matches"] == 3
    assert {name: row["played"] for name, row in table_of(season).items()} == {
        "Ana": 1, "Ben": 2, "Cy": 2, "Dee": 1}
    open_ended = created(api, group, starts="2026-09-01")
    assert open_ended["matches"] == 4


def test_a_seasons_game_counts_that_game_alone_and_partners_share_their_sides_points(api):
    hands = [{"score": 400, "went_out": True}, {"score": 10}, {"score": 5}, {"score": 10}]
    banakil = {"game": "banakil", "name": "B", "options": {},
               "players": [{"seat": s, "name": NAMES[s], "player": s + 1} for s in range(4)],
               "rounds": [{"dead": False, "hands": hands}],
               "started_at": "2026-09-02T20:00:00+00:00",
               "banked_at": "2026-09-02T21:00:00+00:00", "place": None, "note": None,
               "taken_out": False}
    group = imported(api, [((2, 3), [9, 1], "2026-09-01T20:00:00+00:00"), banakil])
    season = created(api, group, starts="2026-09-01", game="banakil")
    # Partners sit across: Ana and Cy (seats 0 and 2) won, one side behind them.
    assert {name: (row["won"], row["points"], row["rank"])
            for name, row in table_of(season).items()} == {
        "Ana": (1, 1, 1), "Cy": (1, 1, 1), "Ben": (0, 0, 3), "Dee": (0, 0, 3)}
    every = created(api, group, starts="2026-09-01")
    assert table_of(every)["Ben"]["played"] == 2 and every["matches"] == 2


def test_a_match_banked_later_moves_the_seasons_table_and_its_etag(api, group, banked_in):
    season = created(api, group, starts="2000-01-01")
    path = f"{group.path}/seasons/{season['id']}"
    etag = api.call("GET", path, group.view).headers["ETag"]
    banked_in(group, ["Ana", "Ben"], [3, 8])
    read = api.call("GET", path, group.view, headers={"If-None-Match": etag})
    assert read.status_code == 200 and read.headers["ETag"] != etag
    assert table_of(read.get_json())["Ben"] == {"played": 1, "won": 1, "points": 1,
                                                "counted": 1, "rank": 1}


def test_a_season_ending_9999_12_31_is_422_and_the_group_answers_on(api, group, banked_in):
    # Issue 41's attack: the season was stored, its answer was a 500, and so was every read of
    # the group from then on (its table counts the matches banked before the day after its last).
    banked_in(group, ["Ana", "Ben"], [3, 8])
    error = error_of(api.call("POST", f"{group.path}/seasons", group.owner, json={
        "name": "Forever", "starts": "2026-01-01", "ends": "9999-12-31"}), 422)
    assert error["field"] == "ends"
    assert error["message"] == "A date from 1900-01-01 to 2999-12-31."
    assert api.call("GET", f"{group.path}/seasons", group.view).get_json()["seasons"] == []
    for path in (group.path, f"{group.path}/stats"):
        assert api.call("GET", path, group.view).status_code == 200
    # The last day there is a season may end on counts the match banked today.
    last = created(api, group, starts="1900-01-01", ends="2999-12-31")
    assert table_of(last)["Ben"]["played"] == 1


def stored(app, group_id: str, starts: date, ends: date | None) -> int:
    """A season written straight into the database, as an older version could have, with days
    the API takes no more."""
    with app.app_context():
        season = Season(group_id=group_id, name="Forever", starts=starts, ends=ends)
        db.session.add(season)
        db.session.commit()
        return season.id


@pytest.mark.parametrize("starts, ends", [(date(2026, 1, 1), date.max), (date.min, date.max),
                                          (date.min, None)])
def test_a_season_stored_at_a_dates_edge_is_read_and_changed_never_a_500(
        app, api, group, banked_in, starts, ends):
    banked_in(group, ["Ana", "Ben"], [3, 8])
    sid = stored(app, group.id, starts, ends)
    path = f"{group.path}/seasons/{sid}"
    read = api.call("GET", path, group.view)
    assert read.status_code == 200, read.get_data(as_text=True)
    season = read.get_json()
    assert (season["starts"], season["ends"]) == (
        starts.isoformat(), ends.isoformat() if ends else None)
    assert table_of(season)["Ben"] == {"played": 1, "won": 1, "points": 1, "counted": 1,
                                       "rank": 1}
    for listed in (group.path, f"{group.path}/seasons", f"{group.path}/stats"):
        assert api.call("GET", listed, group.view).status_code == 200
    # A change judges the days it gives; the stored ones it keeps are read as they are.
    renamed = api.call("PATCH", path, group.owner, json={"name": "Always"})
    assert renamed.status_code == 200, renamed.get_data(as_text=True)
    assert renamed.get_json()["name"] == "Always"
    assert renamed.get_json()["ends"] == season["ends"]
    assert error_of(api.call("PATCH", path, group.owner, json={"ends": "9999-12-31"}),
                    422)["field"] == "ends"
    mended = api.call("PATCH", path, group.owner, json={"starts": "2026-01-01",
                                                        "ends": "2999-12-31"})
    assert mended.status_code == 200, mended.get_data(as_text=True)
    assert table_of(mended.get_json())["Ben"]["played"] == 1
