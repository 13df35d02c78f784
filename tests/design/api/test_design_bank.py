"""A design's matches in a group's bank, as any game's: ranks by total then the tie-breaks,
statistics with each player's rows (`game=custom&design=<id>`), the export carrying the design's
copy and the import rebuilding the same statistics, and a night whose tables play a design."""

from __future__ import annotations

from api_helpers import error_of
from design_fixtures import SEVEN, tally_in


def finishes(api, group, match_id):
    summary = next(m for m in api.call("GET", f"/groups/{group.id}", group.owner)
                   .get_json()["matches"] if m["id"] == match_id)
    return {p["name"]: (p["total"], p["rank"], p["place"], p["winner"])
            for p in summary["players"]}


def test_a_tie_on_the_total_is_ranked_by_the_tiebreak_then_shared(api, group):
    lines = [SEVEN | {"military": 10, "coins": 2}, SEVEN | {"civilian": 9, "coins": 3},
             SEVEN | {"civilian": 9, "coins": 3}]
    match = tally_in(api, group, "7-wonders", lines)

    # Each 3 coins make a point: Ana 10, Ben and Cy 10 each, with more coins: they share first.
    assert finishes(api, group, match["id"]) == {
        "Ana": (10, 3, 3, False), "Ben": (10, 1, 1, True), "Cy": (10, 1, 1, True)}
    shown = api.call("GET", f"/matches/{match['id']}", match["tokens"]["view"]).get_json()
    assert shown["winners"] == [1, 2] and shown["places"] == [3, 1, 1]
    assert shown["decided_by"] == ["coins", "coins", "coins"]


def test_statistics_of_one_design_add_each_players_rows(api, group, made):
    created = made()
    line = {"sixes": 4, "pair": True}
    tally_in(api, group, created["id"], [line, {"sixes": 1, "pair": False}, line])
    tally_in(api, group, created["id"], [{"sixes": 2, "pair": True}, line, line])
    tally_in(api, group, "yahtzee", [
        {"ones": 1, "twos": 0, "threes": 0, "fours": 0, "fives": 0, "sixes": 0, "three_kind": 0,
         "four_kind": 0, "full_house": False, "small_straight": False, "large_straight": False,
         "yahtzee": False, "chance": 5, "yahtzee_bonus": 0}] * 3)

    answer = api.call("GET", f"/groups/{group.id}/stats?game=custom&design={created['id']}",
                      group.owner)

    assert answer.status_code == 200 and answer.headers["ETag"]
    stats = answer.get_json()
    assert stats["matches"] == 2 and stats["design"] == created["id"]
    ana = next(p for p in stats["players"] if p["name"] == "Ana")
    assert ana["played"] == 2 and ana["points"] == {"total": 32, "mean": 16.0, "best": 23}
    assert ana["rows"] == {"sixes": {"mean": 6.0, "best": 8}, "pair": {"mean": 5.0, "best": 5},
                           "bonus": {"mean": 5.0, "best": 10}}
    # Every design's matches together, without rows: the game's own statistics.
    assert api.call("GET", f"/groups/{group.id}/stats?game=custom",
                    group.owner).get_json()["matches"] == 3
    error_of(api.call("GET", f"/groups/{group.id}/stats?game=generic&design={created['id']}",
                      group.owner), 422)


def test_an_export_carries_the_design_and_an_import_rebuilds_its_statistics(api, group, made):
    created = made()
    tally_in(api, group, created["id"], [{"sixes": 4, "pair": True}, {"sixes": 1, "pair": True},
                                         {"sixes": 0, "pair": False}])
    exported = api.call("GET", f"/groups/{group.id}/export.json", group.owner).get_json()
    match = exported["matches"][0]
    assert match["design"] == {"id": created["id"], "version": 1}
    assert match["options"]["design"] == created["design"]

    imported = api.call("POST", "/groups/import", json=exported).get_json()
    query = f"/stats?game=custom&design={created['id']}"
    again = api.call("GET", f"/groups/{imported['id']}{query}", imported["tokens"]["owner"])
    original = api.call("GET", f"/groups/{group.id}{query}", group.owner)
    def without_ids(stats):  # the import's roster has ids of its own
        return [{**line, "player": None} for line in stats["players"]]

    assert without_ids(again.get_json()) == without_ids(original.get_json())
    broken = exported | {"matches": [match | {"design": {"id": 7}}]}
    assert error_of(api.call("POST", "/groups/import", json=broken), 422)["field"] == \
        "matches[0].design.id"


def test_a_nights_tables_each_play_the_design(api, group, made):
    created = made()
    players = [p["id"] for p in api.call("GET", f"/groups/{group.id}",
                                         group.owner).get_json()["players"]]
    night = api.call("POST", f"/groups/{group.id}/nights", group.owner, json={
        "game": "custom", "design": created["id"], "players": players, "table_size": 3})

    assert night.status_code == 201, night.get_json()
    table = night.get_json()["seatings"][0][0]
    host = table["tokens"]["host"]
    shown = api.call("GET", f"/matches/{table['match']}", host).get_json()
    assert shown["design"] == {"id": created["id"], "version": 1, "design": created["design"]}
