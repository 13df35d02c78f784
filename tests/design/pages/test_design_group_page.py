"""A group's page with matches of designs: each design its own leaderboard and chart, named by
the design's name (the bank names them so too), never all designs as one game."""

from __future__ import annotations

from design_fixtures import SEVEN, TALLY, tally_in


def test_each_design_has_its_leaderboard_and_chart_by_its_own_name(api, client, page, group):
    club = group()
    for _ in range(2):
        tally_in(api, club, TALLY, [{"sixes": 4, "pair": True}, {"sixes": 1, "pair": False}],
                 ("Ana", "Ben"))
    tally_in(api, club, "7-wonders", [SEVEN | {"military": 9}, SEVEN | {"wonder": 3}],
             ("Ana", "Ben"))

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
