"""A game that lives only in the tests plays through the engine, the API and the pages (and a
phone: browser/test_phone_tally.py)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from app.games import GAMES
from app.web.games import PAGES

from .engine import GAME

ROOT = Path(__file__).resolve().parents[2]


def counts(*tricks):
    return {"counts": [{"tricks": n} for n in tricks]}


def replay(*rounds, players=3, rounds_to_play=3):
    options = GAME.parse_options({"rounds": rounds_to_play}, players)
    entered = [GAME.parse_round(counts(*r), players, options) for r in rounds]
    return GAME.replay(players, options, entered, [None] * players)


# --- the engine -------------------------------------------------------------------------------

def test_the_rounds_best_take_the_bonus_and_ties_share_it():
    result = replay((4, 6, 6), (5, 1, 0))
    assert [r.cells for r in result.rounds] == [(4, 11, 11), (10, 1, 0)]
    assert [r.detail.best for r in result.rounds] == [(1, 2), (0,)]
    assert result.totals == (14, 12, 11) and result.leaders == (0,) and not result.over


def test_the_tally_ends_after_its_rounds_with_the_highest_total():
    result = replay((4, 6, 6), (5, 1, 0), (0, 9, 0))
    assert result.over and result.winners == (1,)


def test_it_joined_the_registries_from_the_tests_alone():
    assert GAMES["tally"] is GAME and PAGES["tally"].game is GAME
    # No file of the app names the game: the shared code learnt nothing to play it.
    found = subprocess.run(["grep", "-rnIE", r"""["'/]tally\b|TALLY""", "app/"], cwd=ROOT,
                           capture_output=True, text=True)
    assert found.stdout == ""


# --- the API ----------------------------------------------------------------------------------

def test_a_tally_plays_through_the_api_like_any_game(api):
    created = api.create(["Ana", "Ben"], game="tally", options={"rounds": 2})
    host, seats = created["tokens"]["host"], created["tokens"]["seats"]
    assert created["options"] == {"rounds": 2}

    answer = api.call("POST", f"/matches/{created['id']}/rounds", host, json=counts(3, 7))
    assert answer.status_code == 201
    assert answer.get_json()["rounds"][0] | {"input": None} == {
        "number": 1, "status": "complete", "input": None, "cells": [3, 12], "best": [1]}

    # A seat types its own part of round 2; the other part is not its to type.
    path = f"/matches/{created['id']}/rounds/2/seats"
    assert api.call("PUT", f"{path}/0", seats[0], json={"tricks": 9}).status_code == 201
    assert api.call("PUT", f"{path}/1", seats[0], json={"tricks": 1}).status_code == 403
    refused = api.call("PUT", f"{path}/1", seats[1], json={"tricks": 14})
    assert refused.status_code == 422 and refused.get_json()["error"]["field"] == "tricks"
    done = api.call("PUT", f"{path}/1", seats[1], json={"tricks": 1}).get_json()
    assert done["status"] == "over" and done["totals"] == [17, 13] and done["winners"] == [0]
    assert api.call("POST", f"/matches/{created['id']}/bank", seats[1]).status_code == 200


# --- the pages --------------------------------------------------------------------------------

def test_a_tally_is_started_and_typed_on_the_shared_pages(page, submit, location):
    assert page("/").find("a", href="/new/tally").text == "Tally"
    sheet_path, _ = location(submit("/new/tally", **{"players-0": "Ana", "players-1": "Ben"}))
    sheet = page(sheet_path)
    assert sheet.status == 200
    part = sheet.by_id("s1").get("href")
    assert part.endswith("/round/1/hand/1")

    refused = submit(part, tricks="x")
    assert refused.status_code == 422
    assert "Count the tricks" in page(refused).by_id("tricks-error").text
    assert page(refused).by_id("tricks").get("value") == "x"  # what was typed is kept

    submit(part, tricks="5")
    submit(page(sheet_path).by_id("s0").get("href"), tricks="2")
    row = page(sheet_path).by_id("r1")
    assert [td.text for td in row.find_all("td")] == ["2", "10 ★ +5"]
