"""SPEC section 11 on a night's pages without a browser: the start page's choice of later
seatings, the night's page saying it, the opponents column with its sentence on the owner's page
and the big screen, and the big screen's season top five (for the night's game only)."""

from __future__ import annotations

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"]


def club_of(api):
    return api.call("POST", "/groups", json={"name": "Club", "players": NAMES}).get_json()


def test_a_night_seated_by_standings_is_started_and_says_so(client, api, page):
    club = club_of(api)
    owner = club["tokens"]["owner"]
    form = page(f"/g/{owner}/nights/new?game=generic")
    radios = form.find_all("input", type="radio", name="seating")
    assert [r.get("value") for r in radios] == ["mixed", "standings"]
    assert radios[0].has("checked") and form.by_id("seating-standings-hint") is not None
    response = client.post(f"/g/{owner}/nights/new?game=generic", data={
        "csrf_token": form.csrf_token() or "", "present": [str(p["id"]) for p in club["players"]],
        "table_size": "4", "seating": "standings", "opt_target": "", "opt_rounds": "1"})
    assert response.status_code == 302, response.get_data(as_text=True)[:500]
    night_id = response.headers["Location"].rsplit("/", 1)[1]
    night = api.call("GET", f"/nights/{night_id}", owner).get_json()
    assert night["seating"] == "standings"
    shown = page(response.headers["Location"])
    assert "Later seatings by standings" in shown.find(class_="seating-way").text
    refused = client.post(f"/g/{owner}/nights/new?game=generic", data={
        "csrf_token": form.csrf_token() or "", "present": [str(p["id"]) for p in club["players"]],
        "seating": "swiss", "opt_rounds": "1"})
    assert refused.status_code == 422
    assert page(refused).by_id("seating-error") is not None


def test_the_screen_shows_opponents_and_the_seasons_top_five_of_its_game(client, api, page):
    club = club_of(api)
    owner = club["tokens"]["owner"]
    ids = [p["id"] for p in club["players"]]
    night = api.call("POST", f"/groups/{club['id']}/nights", owner, json={
        "game": "generic", "players": ids, "table_size": 4, "options": {"rounds": 1}}).get_json()
    for table in night["seatings"][0]:
        host = table["tokens"]["host"]
        api.call("POST", f"/matches/{table['match']}/rounds", host, json={"scores": [4, 3, 2, 1]})
        api.call("POST", f"/matches/{table['match']}/bank", host)
    tv = f"/tv/{night['tokens']['tv']}"
    screen = page(tv)
    head = [th.text for th in screen.find("table", class_="night-standings").find_all("th")
            if th.get("scope") == "col"]
    assert head[-1].endswith("Opponents") and screen.by_id("screen-standings-title-opponents")
    assert screen.find(class_="screen-season") is None  # no season runs
    api.call("POST", f"/groups/{club['id']}/seasons", owner,
             json={"name": "Bandido cup", "starts": "2000-01-01", "game": "bandido"})
    assert page(tv).find(class_="screen-season") is None  # another game's
    api.call("POST", f"/groups/{club['id']}/seasons", owner,
             json={"name": "League", "starts": "2000-01-01"})
    for shown in (page(tv), page(f"{tv}/live")):
        season = shown.find(class_="screen-season")
        assert season is not None and "League" in season.text
        five = season.find_all("li")  # the top five, and whoever shares fifth: none hidden
        assert [li.find(class_="season-rank").text for li in five] == [
            "1", "1", "3", "3", "5", "5"]
    owner_page = page(f"/g/{owner}/nights/{night['id']}")
    assert owner_page.find(class_="opponents-note") is not None
