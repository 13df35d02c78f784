"""A group's page with matches of designs: each design its own leaderboard and chart, named by
the design's name (the bank names them so too), never all designs as one game."""

from __future__ import annotations

from design_fixtures import TALLY

SEVEN = {"military": 0, "coins": 0, "wonder": 0, "civilian": 0, "commercial": 0, "guilds": 0,
         "gear": 0, "compass": 0, "tablet": 0}


def tally_in(api, group, reference, lines, players=("Ana", "Ben")):
    made = api.call("POST", "/matches", group.owner, json={
        "game": "custom", "players": list(players), "design": reference, "group": group.id})
    assert made.status_code == 201, made.get_json()
    match = made.get_json()
    done = api.call("POST", f"/matches/{match['id']}/rounds", match["tokens"]["host"],
                    json={"players": lines}).get_json()
    assert done["status"] == "over", done
    assert api.call("POST", f"/matches/{match['id']}/bank",
                    match["tokens"]["host"]).status_code == 200


def test_each_design_has_its_leaderboard_and_chart_by_its_own_name(api, client, page, group):
    club = group()
    for _ in range(2):
        tally_in(api, club, TALLY, [{"sixes": 4, "pair": True}, {"sixes": 1, "pair": False}])
    tally_in(api, club, "7-wonders", [SEVEN | {"military": 9}, SEVEN | {"wonder": 3}])

    shown = page(f"/g/{club.owner}")
    boards = [h2.text for h2 in shown.find_all("h2") if "leaderboard" in h2.text]
    assert boards == ["7 Wonders: leaderboard", "Dice night: leaderboard"], boards
    assert "Dice night: totals by match" in shown.text
    dice = shown.by_id("board-custom-2").ancestor("section")
    assert "2 matches counted." in dice.text
    assert "A sheet for any game: totals by match" not in shown.text

    client.set_cookie("lang", "de")
    german = page(f"/g/{club.owner}?game=custom")
    assert "Würfelabend" in german.by_id("board-custom-2").text
