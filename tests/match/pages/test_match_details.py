"""A match's details (when, how long, where, a note), its play for BG Stats, its CSV, and the
sheet as it prints."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from urllib.parse import unquote

import pytest

BGSTATS = "bgstats://app.bgstatsapp.com/createPlay.html?data="


@pytest.fixture
def banked(start):
    """Ana, Ben, Cy to 30; Ana wins in round 2; banked."""
    match = start(("Ana", "Ben", "Cy"), target=30)
    match.add_round(10, 5, 0)
    match.add_round(25, 10, 3)
    response = match.api.call("POST", f"/matches/{match.id}/bank", match.host)
    assert response.status_code == 200
    return match


def bgstats_json(sheet) -> dict:
    link = next(a for a in sheet.find_all("a") if (a.get("href") or "").startswith(BGSTATS))
    return json.loads(unquote(link.get("href")[len(BGSTATS):]))


def test_every_sheet_says_when_it_started_and_a_banked_one_how_long_it_took(page, played,
                                                                            banked):
    active = page(f"/m/{played.view}").find(class_="details")
    assert "Started" in active.text and "banked" not in active.text
    times = active.find_all("time")
    assert len(times) == 1 and datetime.fromisoformat(times[0].get("datetime"))

    done = page(f"/m/{banked.seats[0]}").find(class_="details")
    started, ended = (datetime.fromisoformat(t.get("datetime")) for t in done.find_all("time"))
    assert started <= ended
    assert "banked" in done.text and "min" in done.text


def test_the_host_adds_a_place_and_a_note_and_every_link_sees_them(client, page, submit,
                                                                   banked, location):
    sheet = page(f"/m/{banked.host}")
    link = next(a for a in sheet.find_all("a") if "place" in a.text)
    form = page(link.get("href"))
    assert form.status == 200

    response = submit(form, place="Mia's kitchen", note="Ben's birthday.\nCake after.")
    assert location(response)[0] == f"/m/{banked.host}"
    for token in (banked.host, banked.view, banked.seats[1]):
        shown = page(f"/m/{token}")
        assert "Mia's kitchen" in shown.find(class_="details").text
        assert "Cake after." in shown.find(class_="match-note").text
    again = page(link.get("href"))
    assert again.by_id("place").get("value") == "Mia's kitchen"

    # Cleared: both go.
    submit(again, place="", note="")
    assert page(f"/m/{banked.view}").find(class_="match-note") is None


def test_a_place_too_long_is_refused_beside_it_with_what_was_typed(page, submit, played):
    long = "x" * 81
    response = submit(f"/m/{played.host}/details", place=long, note="kept")
    shown = page(response)
    assert shown.status == 422
    assert shown.field_error("place")
    assert shown.by_id("place").get("value") == long
    assert shown.by_id("note").text == "kept"


def test_only_the_host_sets_the_place(client, played):
    for token in (played.view, played.seats[0]):
        assert client.get(f"/m/{token}/details").status_code == 403
        assert client.post(f"/m/{token}/details", data={"place": "x"}).status_code == 403
    assert client.get("/m/not-a-link/details").status_code == 404


def test_a_banked_match_offers_its_play_to_bg_stats_as_a_link_and_a_file(client, page, banked):
    sheet = page(f"/m/{banked.view}")
    play = bgstats_json(sheet)

    assert play["sourceName"] == "SquareScores" and play["sourcePlayId"] == banked.id
    assert datetime.strptime(play["playDate"], "%Y-%m-%d %H:%M:%S")
    assert play["durationMin"] >= 0
    assert play["game"] == {"name": "Free score sheet", "sourceGameId": "generic",
                            "highestWins": True, "noPoints": False, "usesTeams": False}
    assert [(p["name"], p["score"], p["winner"], p["rank"]) for p in play["players"]] == [
        ("Ana", 35, True, 1), ("Ben", 15, False, 2), ("Cy", 3, False, 3)]
    assert [p["startPlayer"] for p in play["players"]] == [False, False, False]

    download = sheet.find("a", href=f"/m/{banked.view}/bgstats.json")
    assert download is not None and download.has("download")
    response = client.get(download.get("href"))
    assert response.status_code == 200
    assert "attachment" in response.headers["Content-Disposition"]
    assert response.get_json() == play


def test_a_lowest_wins_match_tells_bg_stats_so_and_ranks_lowest_first(page, start):
    match = start(("Ana", "Ben", "Cy"), rounds=1, lowest_wins=True)
    match.add_round(9, 2, 5)
    match.api.call("POST", f"/matches/{match.id}/bank", match.host)

    play = bgstats_json(page(f"/m/{match.host}"))
    assert play["game"]["highestWins"] is False
    assert [(p["name"], p["rank"], p["winner"]) for p in play["players"]] == [
        ("Ana", 3, False), ("Ben", 1, True), ("Cy", 2, False)]


def test_partners_share_their_sides_score_and_the_first_leader_starts(page, banakil):
    match = banakil(("Ana", "Ben", "Cy", "Dee"), target=150)
    hand = {"score": 160, "went_out": True}
    response = match.api.call("POST", f"/matches/{match.id}/rounds", match.host, json={
        "dead": False, "hands": [hand, {"score": 0, "went_out": False},
                                 {"score": 0, "went_out": False},
                                 {"score": 0, "went_out": False}]})
    assert response.status_code == 201, response.get_json()
    assert match.api.call("POST", f"/matches/{match.id}/bank", match.host).status_code == 200

    play = bgstats_json(page(f"/m/{match.host}"))
    assert play["game"]["usesTeams"] is True
    by_name = {p["name"]: p for p in play["players"]}
    assert by_name["Ana"]["score"] == by_name["Cy"]["score"]
    assert by_name["Ana"]["team"] == by_name["Cy"]["team"]
    # Partners share their side's rank, counted in teams as BG Stats counts them: the losing
    # partnership is second (the bank's summary, per seat, says 1, 1, 3, 3).
    assert [(p["name"], p["rank"], p["winner"]) for p in play["players"]] == [
        ("Ana", 1, True), ("Ben", 2, False), ("Cy", 1, True), ("Dee", 2, False)]
    # rules/banakil.txt: the player to the dealer's right leads (the first dealer is seat 0).
    assert [p["name"] for p in play["players"] if p["startPlayer"]] == ["Ben"]


def test_only_a_banked_match_offers_bg_stats(client, page, played):
    assert client.get(f"/m/{played.host}/bgstats.json").status_code == 404
    assert not any((a.get("href") or "").startswith(BGSTATS)
                   for a in page(f"/m/{played.host}").find_all("a"))


def test_the_rounds_download_as_csv_from_any_link(client, banked):
    response = client.get(f"/m/{banked.seats[2]}/export.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert response.get_data(as_text=True).splitlines() == [
        "round,Ana,Ben,Cy", "1,10,5,0", "2,25,10,3", "total,35,15,3"]
    assert client.get("/m/not-a-link/export.csv").status_code == 404


def test_a_banked_sheet_prints_without_its_buttons(app, page, banked):
    sheet = page(f"/m/{banked.host}")
    assert sheet.find("button", class_="print-sheet") is not None  # shown by sheet.js
    css = (Path(app.static_folder) / "app.css").read_text()
    assert "@page { size: A4" in css
    printed = css[css.index("@media print"):]
    hidden = printed[:printed.index("display: none")]
    for part in (".bar", ".tools", ".host-tools", ".elsewhere", ".chart", "form", "button"):
        assert part in hidden, part
