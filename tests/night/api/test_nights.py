"""SPEC section 7: a game night through the API: starting it, its seatings, its end, reading it
with each kind of link (ETag, 304), its standings, and its refusals in section 2's order."""

from __future__ import annotations

import itertools

import pytest
from api_helpers import error_of
from jsonschema import Draft202012Validator

from app.api.openapi import document

NAMES = [f"P{i:02}" for i in range(16)]


@pytest.fixture
def club(new_group):
    """A group of sixteen."""
    return new_group(players=NAMES)


def roster(api, group) -> list[int]:
    return [p["id"] for p in api.call("GET", group.path, group.view).get_json()["players"]]


def start_night(api, group, players, game="banakil", **extra):
    response = api.call("POST", f"{group.path}/nights", group.owner,
                        json={"game": game, "players": players, **extra})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def finish(api, table, scores=None):
    """Plays one free-sheet round that ends the match (rounds=1) and banks it."""
    host = table["tokens"]["host"]
    path = f"/matches/{table['match']}"
    scores = scores or list(range(len(table["players"]), 0, -1))
    assert api.call("POST", f"{path}/rounds", host, json={"scores": scores}).status_code == 201
    assert api.call("POST", f"{path}/bank", host).status_code == 200


def test_a_night_of_sixteen_at_banakil_seats_four_partnership_tables(api, club):
    ids = roster(api, club)
    night = start_night(api, club, ids, name="Club night")

    assert night["name"] == "Club night" and night["game"] == "banakil"
    assert night["status"] == "active" and isinstance(night["version"], int)
    [first] = night["seatings"]
    assert [len(t["players"]) for t in first] == [4, 4, 4, 4]
    seated = sorted(p["player"] for t in first for p in t["players"])
    assert seated == sorted(ids)
    tokens = night["tokens"]
    assert sorted(p["player"] for p in tokens["players"]) == sorted(ids)
    assert len({tokens["tv"], *(p["token"] for p in tokens["players"])}) == 17
    for table in first:  # an ordinary match of the group, with its own links
        match = api.call("GET", f"/matches/{table['match']}", table["tokens"]["view"]).get_json()
        assert match["group"] == club.id and match["game"] == "banakil"
        assert match["options"]["target"] == 303 and len(match["sides"]) == 2
        assert [p["name"] for p in match["players"]] == [p["name"] for p in table["players"]]
        assert len(table["tokens"]["seats"]) == 4 and table["status"] == "active"


def test_sixteen_at_four_tables_meet_nobody_twice_in_three_seatings(api, club):
    ids = roster(api, club)
    night = start_night(api, club, ids, game="generic", options={"rounds": 1}, table_size=4)
    for _ in range(2):
        for table in night["seatings"][-1]:
            finish(api, table)
        response = api.call("POST", f"/nights/{night['id']}/seatings", club.owner)
        assert response.status_code == 201, response.get_json()
        night = response.get_json()
    pairs = [frozenset(pair) for seating in night["seatings"] for table in seating
             for pair in itertools.combinations([p["player"] for p in table["players"]], 2)]
    assert len(pairs) == 3 * 4 * 6 and len(set(pairs)) == len(pairs)


def test_table_sizes_follow_the_game_and_differ_by_at_most_one(api, club):
    ids = roster(api, club)
    five = start_night(api, club, ids[:5])  # Banakil: a table of 3 and one of 2
    assert sorted(len(t["players"]) for t in five["seatings"][0]) == [2, 3]
    ten = start_night(api, club, ids[:10], game="generic", table_size=4)
    assert sorted(len(t["players"]) for t in ten["seatings"][0]) == [3, 3, 4]
    response = api.call("POST", f"{club.path}/nights", club.owner,
                        json={"game": "banakil", "players": ids[:1]})
    assert error_of(response, 422)["field"] == "players"


def test_a_player_link_reads_its_own_seat_and_follows_to_the_next_table(api, club):
    ids = roster(api, club)[:8]
    night = start_night(api, club, ids, game="generic", options={"rounds": 1}, table_size=4)
    mine = night["tokens"]["players"][0]
    you = api.call("GET", f"/nights/{night['id']}", mine["token"]).get_json()["you"]
    table = next(t for t in night["seatings"][0] if you["match"] == t["match"])
    assert you["player"] == mine["player"] and you["token"] in table["tokens"]["seats"]
    seat_match = api.call("GET", f"/matches/{you['match']}", you["token"]).get_json()
    assert seat_match["players"][you["seat"]]["name"] == NAMES[ids.index(mine["player"])]
    for table in night["seatings"][0]:
        finish(api, table)
    api.call("POST", f"/nights/{night['id']}/seatings", club.owner)
    moved = api.call("GET", f"/nights/{night['id']}", mine["token"]).get_json()
    assert moved["you"]["match"] in [t["match"] for t in moved["seatings"][1]]
    assert "tokens" not in moved and all("tokens" not in t for t in moved["seatings"][1])


def test_every_link_reads_the_night_with_an_etag_and_a_304(api, club):
    ids = roster(api, club)[:4]
    night = start_night(api, club, ids)
    path = f"/nights/{night['id']}"
    for token in (club.owner, club.view, night["tokens"]["tv"],
                  night["tokens"]["players"][1]["token"]):
        response = api.call("GET", path, token)
        assert response.status_code == 200
        assert response.headers["ETag"] == f'"{night["version"]}"'
        again = api.call("GET", path, token, headers={"If-None-Match": response.headers["ETag"]})
        assert again.status_code == 304
    shown = api.call("GET", path, night["tokens"]["tv"]).get_json()
    assert "tokens" not in shown and "you" not in shown


def test_a_save_at_any_table_moves_the_nights_version(api, club):
    ids = roster(api, club)[:8]
    night = start_night(api, club, ids, game="generic", table_size=4)
    table = night["seatings"][0][1]
    response = api.call("PUT", f"/matches/{table['match']}/rounds/1/seats/0",
                        table["tokens"]["seats"][0], json={"score": 7})
    assert response.status_code == 201
    after = api.call("GET", f"/nights/{night['id']}", night["tokens"]["tv"],
                     headers={"If-None-Match": f'"{night["version"]}"'})
    assert after.status_code == 200 and after.get_json()["version"] > night["version"]


def test_standings_count_sides_finished_ahead_and_share_ranks(api, new_group):
    group = new_group(players=["Ana", "Ben", "Cy", "Dee"])
    ids = roster(api, group)
    night = start_night(api, group, ids, game="generic", options={"rounds": 1}, table_size=4)
    [table] = night["seatings"][0]
    names = [p["name"] for p in table["players"]]
    finish(api, table, [9, 5, 5, 1])  # first, two sharing second, last
    read = api.call("GET", f"/nights/{night['id']}", group.view).get_json()
    standings, before = read["standings"], read["version"]
    by_name = {s["name"]: s for s in standings}
    assert by_name[names[0]] | {"player": 0} == {"player": 0, "name": names[0], "played": 1,
                                                 "won": 1, "points": 3, "opponents": 2,
                                                 "rank": 1}
    assert by_name[names[1]]["points"] == by_name[names[2]]["points"] == 1
    assert by_name[names[1]]["rank"] == by_name[names[2]]["rank"] == 2
    assert by_name[names[3]]["points"] == 0 and by_name[names[3]]["rank"] == 4
    assert [s["name"] for s in standings][0] == names[0]
    # Taken out of the bank (a practice game): in no standings.
    assert api.call("DELETE", f"{group.path}/matches/{table['match']}",
                    group.owner).status_code == 200
    shown = api.call("GET", f"/nights/{night['id']}", group.view,
                     headers={"If-None-Match": f'"{before}"'})
    assert shown.status_code == 200 and shown.get_json()["version"] > before
    after = shown.get_json()["standings"]
    assert {(s["played"], s["won"], s["points"], s["rank"]) for s in after} == {(0, 0, 0, 1)}


def test_the_next_seating_waits_for_every_table_and_names_the_one_still_playing(api, club):
    ids = roster(api, club)[:8]
    night = start_night(api, club, ids, game="generic", options={"rounds": 1}, table_size=4)
    first, second = night["seatings"][0]
    finish(api, first)
    error = error_of(api.call("POST", f"/nights/{night['id']}/seatings", club.owner), 409)
    assert "Table 2" in error["message"] and second["players"][0]["name"] in error["message"]
    # Abandoned is as good as banked; who is here may change between seatings.
    api.call("POST", f"/matches/{second['match']}/abandon", second["tokens"]["host"])
    newcomer = roster(api, club)[8]
    response = api.call("POST", f"/nights/{night['id']}/seatings", club.owner,
                        json={"players": ids[:5] + [newcomer]})
    assert response.status_code == 201
    body = response.get_json()
    assert sorted(p["player"] for t in body["seatings"][1] for p in t["players"]) == sorted(
        ids[:5] + [newcomer])
    assert newcomer in [p["player"] for p in body["tokens"]["players"]]


def test_an_ended_night_takes_no_further_seating(api, club):
    ids = roster(api, club)[:4]
    night = start_night(api, club, ids, game="generic", options={"rounds": 1})
    response = api.call("POST", f"/nights/{night['id']}/end", club.owner)
    assert response.status_code == 200 and response.get_json()["status"] == "ended"
    finish(api, night["seatings"][0][0])
    error_of(api.call("POST", f"/nights/{night['id']}/seatings", club.owner), 409)
    error_of(api.call("POST", f"/nights/{night['id']}/end", club.owner), 409)


# --- refusals, in section 2's order: 401, 404, 403, 400, 412, 409, 422 ----------------------


@pytest.mark.parametrize("body, field", [
    ({"game": "chess", "players": [1, 2]}, "game"),
    ({"game": "banakil", "players": "all"}, "players"),
    ({"game": "banakil", "players": []}, "players"),
    ({"game": "banakil", "players": [1, 1]}, "players"),
    ({"game": "banakil", "players": [1, 999999]}, "players[1]"),
    ({"game": "banakil", "players": list(range(10**6, 10**6 + 201))}, "players"),
    ({"game": "banakil", "players": [1, 2], "table_size": 5}, "table_size"),
    ({"game": "banakil", "players": [1, 2], "table_size": True}, "table_size"),
    ({"game": "banakil", "players": [1, 2], "options": {"colour": 1}}, "options.colour"),
    ({"game": "banakil", "players": [1, 2], "name": "  "}, None),
])
def test_starting_a_night_refuses_what_is_not_valid(api, new_group, body, field):
    group = new_group(players=["Ana", "Ben"])
    ids = roster(api, group)
    body = dict(body, players=[ids[0] if p == 1 else ids[1] if p == 2 else p
                               for p in body["players"]] if isinstance(body["players"], list)
                else body["players"])
    response = api.call("POST", f"{group.path}/nights", group.owner, json=body)
    if field is None:
        assert response.status_code == 201  # a blank name is the group's night
        return
    assert error_of(response, 422)["field"] == field


def test_options_sent_null_are_the_games_defaults_as_at_a_match(api, new_group):
    """SPEC section 7: each table is made as `POST /api/v1/matches` makes one, whose `options`
    may be null (the game's defaults); a night's may too."""
    group = new_group(players=["Ana", "Ben", "Cy", "Dee"])
    ids = roster(api, group)
    unsaid = start_night(api, group, ids)
    null = start_night(api, group, ids, options=None)
    assert null["options"] == unsaid["options"] == {}
    for night in (null, unsaid):
        [table] = night["seatings"][0]
        match = api.call("GET", f"/matches/{table['match']}", table["tokens"]["host"])
        assert match.get_json()["options"]["target"] == 303  # Banakil's own line


def created_night_body():
    """The schema of a night's create in the API's document, its references resolvable."""
    made = document()
    sent = made["paths"]["/groups/{group_id}/nights"]["post"]["requestBody"]
    return Draft202012Validator({**sent["content"]["application/json"]["schema"],
                                 "components": made["components"]})


@pytest.mark.parametrize("field", ["table_size", "options", "name", "seating"])
def test_the_document_takes_a_field_sent_null_as_the_server_does(api, new_group, field):
    """SPEC section 13: the document says which optional fields take null, as the server
    answers them (`options` and `name` as at a match's create; `seating` refused)."""
    group = new_group(players=["Ana", "Ben"])
    sent = {"game": "generic", "players": roster(api, group), field: None}
    response = api.call("POST", f"{group.path}/nights", group.owner, json=sent)
    assert response.status_code in (201, 422), response.get_json()
    assert created_night_body().is_valid(sent) == (response.status_code == 201), (
        field, response.status_code)


def test_starting_a_night_refuses_in_spec_order(api, new_group, club):
    path = f"{club.path}/nights"
    ids = roster(api, club)
    good = {"game": "banakil", "players": ids[:4]}
    assert api.call("POST", path, json=good).status_code == 401
    assert api.call("POST", path, "nope" * 11, json=good).status_code == 401
    other = new_group(players=["Zed"])
    assert api.call("POST", path, other.owner, data="{").status_code == 404
    assert api.call("POST", path, club.view, data="{").status_code == 403
    assert api.call("POST", path, club.owner, data="{",
                    headers={"Content-Type": "application/json"}).status_code == 400
    assert api.call("POST", "/groups/nosuchgroup/nights", club.owner,
                    json=good).status_code == 404


def test_a_nights_writes_and_reads_refuse_in_spec_order(api, club, new_group):
    ids = roster(api, club)[:4]
    night = start_night(api, club, ids, game="generic", options={"rounds": 1})
    path = f"/nights/{night['id']}"
    other = new_group(players=["Zed"])
    elsewhere = start_night(api, other, roster(api, other), game="generic")
    for method, suffix in (("GET", ""), ("POST", "/seatings"), ("POST", "/end")):
        assert api.call(method, path + suffix).status_code == 401
        assert api.call(method, path + suffix, "x" * 43).status_code == 401
        for foreign in (other.owner, other.view, elsewhere["tokens"]["tv"]):
            assert api.call(method, path + suffix, foreign).status_code == 404
        assert api.call(method, "/nights/nosuchnight" + suffix, club.owner).status_code == 404
    for reader in (club.view, night["tokens"]["tv"], night["tokens"]["players"][0]["token"]):
        for suffix in ("/seatings", "/end"):
            assert error_of(api.call("POST", path + suffix, reader, data="{"), 403)
    assert api.call("POST", path + "/seatings", club.owner, data="{",
                    headers={"Content-Type": "application/json"}).status_code == 400
    # 412 before 409: the table still plays, but the version named is old anyway.
    error_of(api.call("POST", path + "/seatings", club.owner, headers={"If-Match": '"1"'}), 412)
    error_of(api.call("POST", path + "/seatings", club.owner, json={"players": [0]}), 409)
    finish(api, night["seatings"][0][0])
    error_of(api.call("POST", path + "/seatings", club.owner, json={"players": ids[:1] * 2}),
             422)
    assert api.call("GET", path, club.owner).get_json()["seatings"].__len__() == 1


def test_the_nights_event_stream_answers_its_links_only(api, club):
    ids = roster(api, club)[:4]
    night = start_night(api, club, ids)
    path = f"/nights/{night['id']}/events"
    assert api.call("GET", path).status_code == 401
    assert api.call("GET", "/nights/nosuchnight/events", club.owner).status_code == 404
    response = api.call("GET", path, night["tokens"]["tv"], buffered=False)
    assert response.status_code == 200 and response.mimetype == "text/event-stream"
    first = next(chunk for chunk in response.response if b"event:" in chunk)
    assert f"id: {night['version']}".encode() in first
    response.close()


# --- bounded work (SPEC section 6) ------------------------------------------------------------


def _abandon_latest(app, night_id):
    """Every table of the night ends (abandoned), as fast as the database writes it."""
    from sqlalchemy import select, update

    from app.extensions import db
    from app.models import Match, NightTable

    with app.app_context():
        db.session.execute(update(Match).where(Match.id.in_(
            select(NightTable.match_id).where(NightTable.night_id == night_id)))
            .values(ended="abandoned"))
        db.session.commit()


def test_a_night_seats_at_most_200_players(api, new_group):
    club = new_group(players=[f"P{i:03}" for i in range(201)])
    ids = roster(api, club)
    error = error_of(api.call("POST", f"{club.path}/nights", club.owner,
                              json={"game": "generic", "players": ids}), 422)
    assert error["field"] == "players" and "200" in error["message"]
    assert api.call("POST", f"{club.path}/nights", club.owner,
                    json={"game": "generic", "players": ids[:200],
                          "table_size": 2}).status_code == 201


def test_a_seatings_work_does_not_grow_with_the_nights_earlier_seatings(app, api, new_group):
    """The attack: 160 players at tables of two, seating 1 in 0.38 s and seating 30 in 3.9 s
    (every earlier table read one by one), holding the write lock throughout. A seating's SQL
    is now the same at the 3rd seating as at the 12th, whatever the night held before."""
    from api_helpers import sql_seen

    club = new_group(players=[f"P{i:03}" for i in range(40)])
    night = start_night(api, club, roster(api, club), game="generic", table_size=2)
    counts = {}
    for number in range(2, 13):
        _abandon_latest(app, night["id"])
        with sql_seen(app) as seen:
            body = api.call("POST", f"/nights/{night['id']}/seatings", club.owner)
            assert body.status_code == 201
            statements = len(seen)
        counts[number] = statements
        assert len(body.get_json()["seatings"]) == number
    assert counts[3] == counts[12], counts


def test_a_night_holds_at_most_40_seatings(app, api, club, monkeypatch):
    from app.services.night import nights

    monkeypatch.setattr(nights, "MOST_SEATINGS", 3)
    night = start_night(api, club, roster(api, club)[:4], game="generic")
    for _ in range(2):
        _abandon_latest(app, night["id"])
        assert api.call("POST", f"/nights/{night['id']}/seatings", club.owner).status_code == 201
    _abandon_latest(app, night["id"])
    error = error_of(api.call("POST", f"/nights/{night['id']}/seatings", club.owner), 409)
    assert "at most 3 seatings" in error["message"]
    assert nights.MOST_SEATINGS == 3 and len(api.call(
        "GET", f"/nights/{night['id']}", club.owner).get_json()["seatings"]) == 3
