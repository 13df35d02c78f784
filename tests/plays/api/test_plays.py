"""SPEC section 14 through API v1: played games and recorded plays, banked as they are made and
counted wherever a banked match counts; every refusal in SPEC's order."""

from __future__ import annotations

import pytest
from api_helpers import error_of


def add_game(api, group, status=201, **fields):
    response = api.call("POST", f"{group.path}/games", group.owner,
                        json={"name": "Wingspan"} | fields)
    assert response.status_code == status, response.get_json()
    return response.get_json()


def log(api, group, game, players, status=201, **more):
    body = {"game": game["id"], "played_at": "2026-03-14T20:30:00+01:00", "players": players}
    response = api.call("POST", f"{group.path}/plays", group.owner, json=body | more)
    assert response.status_code == status, response.get_json()
    return response.get_json()


def roster(group):
    return {p["name"]: p["id"] for p in group.created["players"]}


def test_a_logged_play_is_banked_with_exact_decimals_and_found_winners(api, group):
    game = add_game(api, group, bgg_id=266192)
    ids = roster(group)
    summary = log(api, group, game, [
        {"player": ids["Ana"], "score": "86.5"}, {"player": ids["Ben"], "score": "91"},
        {"name": "Dee", "score": "91"}, {"guest": "Visitor", "score": "-3"}], minutes=55,
        note="Oceania expansion")

    assert summary["game"] == "played" and summary["played_game"] == {"id": game["id"],
                                                                    "name": "Wingspan"}
    assert summary["view_token"] is None and summary["note"] == "Oceania expansion"
    assert summary["banked_at"] == "2026-03-14T19:30:00+00:00"  # when it was played
    assert summary["duration"] == 55 * 60
    lines = {p["name"]: p for p in summary["players"]}
    assert lines["Ana"]["total"] == 86.5 and lines["Ana"]["rank"] == 3
    assert lines["Ben"]["winner"] and lines["Dee"]["winner"]  # a tie: each
    assert lines["Ben"]["rank"] == lines["Dee"]["rank"] == 1 and lines["Ben"]["place"] == 1
    assert lines["Visitor"] == lines["Visitor"] | {"player": None, "guest": True, "rank": 4,
                                                   "total": -3, "winner": False}
    assert isinstance(lines["Dee"]["player"], int)  # a typed name joined the roster

    bank = api.call("GET", group.path, group.view).get_json()
    assert [m["id"] for m in bank["matches"]] == [summary["id"]]
    assert bank["matches"][0] == summary
    assert "Dee" in {p["name"] for p in bank["players"]}
    assert "Visitor" not in {p["name"] for p in bank["players"]}


def test_statistics_of_a_played_game_count_its_plays_and_no_guest(api, group):
    game = add_game(api, group)
    ids = roster(group)
    log(api, group, game, [{"player": ids["Ana"], "score": "10.25"},
                           {"player": ids["Ben"], "score": "7"}, {"guest": "Zed", "score": "50"}],
        )
    log(api, group, game, [{"player": ids["Ana"], "score": "4", "winner": True},
                           {"player": ids["Ben"], "score": "9"}])
    body = api.call("GET", f"{group.path}/stats?played_game={game['id']}", group.view).get_json()

    assert body["game"] == "played" and body["played_game"]["name"] == "Wingspan"
    assert body["matches"] == 2
    players = {p["name"]: p for p in body["players"]}
    assert set(players) == {"Ana", "Ben"}  # the guest is in no statistic
    assert players["Ana"]["won"] == 1 and players["Ben"]["won"] == 0  # Zed's 50 won the first
    assert players["Ana"]["points"] == {"total": 14.25, "mean": 7.12, "best": 10.25}
    every = api.call("GET", f"{group.path}/stats", group.view).get_json()
    assert every["matches"] == 2

    games = api.call("GET", f"{group.path}/games", group.view).get_json()["games"]
    assert games == [game | {"plays": 2}]


def test_a_cooperative_play_is_won_or_lost_by_all(api, group):
    game = add_game(api, group, name="Pandemic", cooperative=True, no_points=True)
    ids = roster(group)
    lost = log(api, group, game, [{"player": ids["Ana"]}, {"player": ids["Ben"]}])
    assert [(p["rank"], p["winner"], p["place"]) for p in lost["players"]] == [(1, False, 1)] * 2
    won = log(api, group, game, [{"player": ids["Ana"], "winner": True},
                                 {"player": ids["Ben"], "winner": True}])
    assert [p["winner"] for p in won["players"]] == [True, True]
    mixed = api.call("POST", f"{group.path}/plays", group.owner, json={
        "game": game["id"], "played_at": "2026-03-14T20:30:00Z",
        "players": [{"player": ids["Ana"], "winner": True}, {"player": ids["Ben"]}]})
    assert error_of(mixed, 422)["field"] == "players"


def test_teams_share_their_result(api, group):
    game = add_game(api, group, name="Codenames", uses_teams=True, no_points=True)
    ids = roster(group)
    body = log(api, group, game, [
        {"player": ids["Ana"], "team": "Red", "winner": True},
        {"player": ids["Ben"], "team": "Blue"},
        {"player": ids["Cy"], "team": "Red"}, {"guest": "Zed", "team": "Blue"}])
    placed = [(p["name"], p["side"], p["rank"], p["winner"], p["place"])
              for p in body["players"]]
    assert placed == [("Ana", 0, 1, True, 1), ("Ben", 1, 3, False, 2), ("Cy", 0, 1, True, 1),
                      ("Zed", 1, 3, False, 2)]


def test_correcting_and_deleting_a_play_and_its_game(api, group):
    game = add_game(api, group)
    ids = roster(group)
    play = log(api, group, game, [{"player": ids["Ana"], "score": "3"},
                                  {"player": ids["Ben"], "score": "5"}])
    path = f"{group.path}/plays/{play['id']}"
    fixed = api.call("PUT", path, group.owner, json={
        "game": game["id"], "played_at": "2026-03-14T20:30:00Z",
        "players": [{"player": ids["Ana"], "score": "30"}, {"player": ids["Ben"], "score": "5"}]})
    assert fixed.status_code == 200, fixed.get_json()
    assert [p["winner"] for p in fixed.get_json()["players"]] == [True, False]
    # Lowest wins now: its plays are placed again.
    changed = api.call("PUT", f"{group.path}/games/{game['id']}", group.owner,
                       json={"name": "Wingspan", "highest_wins": False})
    assert changed.status_code == 200, changed.get_json()
    bank = api.call("GET", group.path, group.view).get_json()
    assert [p["winner"] for p in bank["matches"][0]["players"]] == [False, True]

    error_of(api.call("DELETE", f"{group.path}/games/{game['id']}", group.owner), 409)
    assert api.call("DELETE", path, group.owner).status_code == 204
    error_of(api.call("DELETE", path, group.owner), 404)
    assert api.call("DELETE", f"{group.path}/games/{game['id']}", group.owner).status_code == 204
    assert api.call("GET", group.path, group.view).get_json()["matches"] == []


@pytest.mark.parametrize(("players", "field"), [
    ([], "players"),
    ([{"guest": "A", "score": "ten"}], "players[0].score"),
    ([{"guest": "A", "score": "1e400"}], "players[0].score"),
    ([{"guest": "A", "player": 1}], "players[0]"),
    ([{"guest": "A", "winner": "yes"}], "players[0].winner"),
    ([{"guest": "A", "colour": "red"}], "players[0].colour"),
    ([{"player": 999999}], "players[0].player"),
])
def test_a_play_that_cannot_be_read_is_refused_at_its_field(api, group, players, field):
    game = add_game(api, group)
    response = api.call("POST", f"{group.path}/plays", group.owner, json={
        "game": game["id"], "played_at": "2026-03-14T20:30:00Z", "players": players})
    assert error_of(response, 422).get("field") == field
    assert api.call("GET", group.path, group.view).get_json()["matches"] == []


def test_the_refusals_come_in_spec_order(api, group, new_group):
    game = add_game(api, group)
    ids = roster(group)
    body = {"game": game["id"], "played_at": "2026-03-14T20:30", "players": []}
    error_of(api.call("POST", f"{group.path}/plays", "nobody", json=body), 401)
    other = new_group()
    error_of(api.call("POST", f"{other.path}/plays", group.owner, json=body), 404)
    error_of(api.call("POST", f"{group.path}/plays", group.view, json=body), 403)
    assert error_of(api.call("POST", f"{group.path}/plays", group.owner, json=body),
                    422)["field"] == "played_at"
    twice = body | {"played_at": "2026-03-14T20:30:00Z",
                    "players": [{"player": ids["Ana"]}, {"name": "ana"}]}
    error_of(api.call("POST", f"{group.path}/plays", group.owner, json=twice), 409)
    add_game(api, group, status=409, name=" wingspan ")
    error_of(api.call("PUT", f"{group.path}/games/999", group.owner, json={"name": "X"}), 404)


def test_an_export_imported_again_keeps_its_played_games_and_plays_exactly(api, group):
    game = add_game(api, group, bgg_id=266192, highest_wins=False)
    coop = add_game(api, group, name="Spirit Island", cooperative=True, no_points=True)
    ids = roster(group)
    first = log(api, group, game, [
        {"player": ids["Ana"], "score": "0.1", "first": True, "team": "x"},
        {"guest": "Visitor", "score": "-2.50"}], minutes=40, note="Rainy day",
        played_at="2026-03-13T18:00:00+01:00")
    log(api, group, coop, [{"player": ids["Ben"], "winner": True},
                           {"player": ids["Cy"], "winner": True}])
    assert api.call("DELETE", f"{group.path}/matches/{first['id']}", group.owner
                    ).status_code == 200  # taken out: travels so

    export = api.call("GET", f"{group.path}/export.json", group.view).get_json()
    assert [g["name"] for g in export["played_games"]] == ["Wingspan", "Spirit Island"]
    assert export["plays"][0]["players"][1] == {"guest": "Visitor", "score": "-2.5"}
    again = api.call("POST", "/groups/import", json=export)
    assert again.status_code == 201, again.get_json()
    token, gid = again.get_json()["tokens"]["owner"], again.get_json()["id"]

    def without_ids(bank):
        return [{k: v for k, v in m.items() if k not in ("id", "players", "played_game")}
                | {"players": [{k: v for k, v in p.items() if k != "player"}
                               for p in m["players"]],
                   "played_game": m["played_game"]["name"]} for m in bank["matches"]]

    before = api.call("GET", group.path, group.view).get_json()
    after = api.call("GET", f"/groups/{gid}", token).get_json()
    assert without_ids(after) == without_ids(before)
    assert after["matches"][1]["taken_out"] is True
    exported_again = api.call("GET", f"/groups/{gid}/export.json", token).get_json()
    assert [{k: v for k, v in g.items() if k != "id"} for g in exported_again["played_games"]] \
        == [{k: v for k, v in g.items() if k != "id"} for g in export["played_games"]]

    def named(export_):
        names = {p["id"]: p["name"] for p in export_["players"]}
        return [[line | ({"player": names[line["player"]]} if "player" in line else {})
                 for line in play["players"]] for play in export_["plays"]]

    assert named(exported_again) == named(export)
    assert named(export)[0] == [{"player": "Ana", "score": "0.1", "first": True, "team": "x"},
                                {"guest": "Visitor", "score": "-2.5"}]
    assert [(p["minutes"], p["note"], p["played_at"], p["taken_out"])
            for p in exported_again["plays"]] == [(p["minutes"], p["note"], p["played_at"],
                                                   p["taken_out"]) for p in export["plays"]]


def test_an_import_refuses_a_play_of_no_game_at_its_path(api, group):
    export = api.call("GET", f"{group.path}/export.json", group.view).get_json()
    export["plays"] = [{"game": 7, "played_at": "2026-01-01T00:00:00Z",
                        "players": [{"guest": "A"}]}]
    response = api.call("POST", "/groups/import", json=export)
    assert error_of(response, 422)["field"] == "plays[0].game"


def test_the_csv_names_a_plays_game_and_its_exact_score(api, group):
    game = add_game(api, group, name="=Cascadia")
    ids = roster(group)
    log(api, group, game, [{"player": ids["Ana"], "score": "12.5"}, {"player": ids["Ben"]}])
    text = api.call("GET", f"{group.path}/export.csv", group.view).get_data(as_text=True)
    rows = [line.split(",") for line in text.strip().splitlines()[1:]]
    assert [(r[1], r[3], r[6], r[8]) for r in rows] == [("'=Cascadia", "Ana", "12.5", "true"),
                                                        ("'=Cascadia", "Ben", "", "false")]


def test_a_players_page_and_ratings_count_a_played_game_in_the_order_played(api, group):
    game = add_game(api, group)
    ids = roster(group)
    assert api.call("PATCH", group.path, group.owner, json={"ratings": True}).status_code == 200
    # Logged out of order: the later-played one first.
    log(api, group, game, [{"player": ids["Ana"], "score": "5"},
                           {"player": ids["Ben"], "score": "9"}],
        played_at="2026-05-02T20:00:00Z")
    log(api, group, game, [{"player": ids["Ana"], "score": "8"},
                           {"player": ids["Ben"], "score": "1"}],
        played_at="2019-05-02T20:00:00Z")
    page = api.call("GET", f"{group.path}/players/{ids['Ana']}", group.view).get_json()
    (line,) = page["games"]
    assert line["game"] == "played" and line["played_game"]["name"] == "Wingspan"
    assert (line["played"], line["won"], line["best"], line["mean"]) == (2, 1, 8, 6.5)
    ratings = api.call("GET", f"{group.path}/ratings?played_game={game['id']}",
                       group.view).get_json()
    assert ratings["game"] == "played" and ratings["played_game"] == game["id"]
    rated = {r["name"]: r for r in ratings["players"]}
    assert rated["Ana"]["matches"] == rated["Ben"]["matches"] == 2
    history = page["ratings"][0]["history"]
    assert [step["banked_at"][:4] for step in history] == ["2019", "2026"]
    assert history[0]["change"] > 0 and history[1]["change"] < 0


def test_a_season_counts_the_plays_played_in_its_days_and_no_guest(api, group):
    game = add_game(api, group)
    ids = roster(group)
    season = api.call("POST", f"{group.path}/seasons", group.owner,
                      json={"name": "Autumn", "starts": "2026-09-01", "ends": "2026-11-30"})
    assert season.status_code == 201, season.get_json()
    for when, lines in (
            ("2026-10-02T20:00:00+02:00", [{"player": ids["Ana"], "score": "10"},
                                           {"player": ids["Ben"], "score": "7"},
                                           {"guest": "Zoe", "score": "3"}]),
            ("2026-12-02T20:00:00+01:00", [{"player": ids["Ben"], "score": "99"},
                                           {"player": ids["Cy"], "score": "1"}])):  # after it
        log(api, group, game, lines, played_at=when)
    table = api.call("GET", f"{group.path}/seasons/{season.get_json()['id']}",
                     group.view).get_json()
    assert table["matches"] == 1
    rows = {row["name"]: (row["played"], row["won"], row["points"]) for row in table["table"]}
    assert rows == {"Ana": (1, 1, 2), "Ben": (1, 0, 1)}  # places ahead: the guest's counts


def test_an_import_refuses_a_cooperative_play_some_won_before_writing_anything(api, group):
    game = add_game(api, group, name="Hanabi", cooperative=True, no_points=True)
    export = api.call("GET", f"{group.path}/export.json", group.view).get_json()
    ids = roster(group)
    export["plays"] = [{"game": game["id"], "played_at": "2026-01-01T20:00:00Z",
                        "players": [{"player": ids["Ana"], "winner": True},
                                    {"player": ids["Ben"], "winner": False}]}]
    groups_before = api.call("POST", "/groups", json={"name": "Probe"}).get_json()["id"]
    response = api.call("POST", "/groups/import", json=export)
    assert error_of(response, 422)["field"] == "plays[0].players"
    from app.extensions import db
    from app.models import Group
    with api.client.application.app_context():  # the import made no group, not even a part
        assert [g.id for g in db.session.scalars(db.select(Group).where(
            Group.created_at > db.select(Group.created_at).where(
                Group.id == groups_before).scalar_subquery()))] == []
