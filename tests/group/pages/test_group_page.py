"""A group's page: starting one from home, the bank, leaderboards, tonight, head to head, charts,
taking a match out, and the exports."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime

import pytest
from sqlalchemy import update

from app.extensions import db
from app.logs import redact
from app.models import Group, Match


@pytest.fixture
def thursday(group):
    """Ana, Ben, Cy: three banked free-sheet matches (Ben, Ana, Ben win), newest last."""
    club = group()
    club.first = club.play(("Ana", "Ben"), (5, 9))
    club.second = club.play(("Ana", "Ben", "Cy"), (12, 3, 4))
    club.third = club.play(("Ben", "Cy"), (8, 1), name="Late one")
    return club


def board(page_, game: str) -> dict[str, list[str]]:
    table = page_.by_id(f"board-{game}").ancestor("section").find("table")
    return {tr.find("th").text: [td.text for td in tr.find_all("td")]
            for tr in table.find("tbody").find_all("tr")}


def test_home_starts_a_group_and_remembers_it(client, page, submit, location):
    home = page("/")
    form = home.find("form", action="/groups/new")
    assert form is not None and form.find("textarea", id="roster") is not None

    response = submit("/groups/new", name="Thursday table", roster="Ana\nBen, Cy")
    path, _ = location(response)
    assert path.startswith("/g/")
    shown = page(path)
    assert shown.status == 200 and shown.find("h1").text == "Thursday table"
    assert "3 players" in shown.find(class_="meta").text
    assert shown.find("a", href="#start") is not None  # the owner's page

    listed = page("/").find("a", href=path)
    assert listed is not None and listed.text == "Thursday table"


def test_a_group_without_a_name_is_refused_with_what_was_typed(page, submit):
    response = page(submit("/groups/new", name="  ", roster="Ana\nBen"))
    assert response.status == 422
    assert response.field_error("name")
    assert "Ana\nBen</textarea>" in response.html


def test_a_roster_typing_one_person_twice_is_refused_beside_it(page, submit):
    response = page(submit("/groups/new", name="Club", roster="Ana\nana "))
    assert response.status == 409
    assert response.field_error("roster")
    assert response.by_id("name").get("value") == "Club"


def test_an_unknown_group_link_is_a_plain_404_and_no_page_is_kept(client, page, thursday):
    assert page("/g/not-a-group-link").status == 404
    assert "Not found" in page("/g/" + "x" * 43).find("h1").text
    response = client.get(f"/g/{thursday.view}")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    assert "Disallow: /g/" in client.get("/robots.txt").get_data(as_text=True)


def test_a_group_link_in_a_log_line_is_masked():
    token = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde"
    assert token not in redact(f'"GET /g/{token}?game=generic HTTP/1.1" 200')
    assert token not in redact(f"/g/{token}/export.json")
    # Even a short group token is masked where a page's path holds it, and the path stays legible.
    assert redact("/g/AbCdEfGhIjKlMnOpQrSt/players") == "/g/…/players"


def test_the_bank_lists_every_banked_match_newest_first_each_opening_its_sheet(page,
                                                                                thursday):
    shown = page(f"/g/{thursday.view}")
    items = shown.by_id("bank").find_all("li", class_="banked")
    assert [li.find("a").text for li in items] == ["Late one", "Ana, Ben, Cy", "Ana, Ben"]
    assert [li.find(class_="won").text for li in items] == ["Ben won", "Ana won", "Ben won"]
    first = items[0]
    assert "1 round" in first.text and "min" in first.text and first.find("time") is not None
    sheet = page(first.find("a").get("href"))
    assert sheet.status == 200 and "Banked" in sheet.find(class_="banner").text
    assert sheet.editable_inputs() == []


def test_each_games_leaderboard_played_won_rate_mean_best(page, thursday, api):
    shown = page(f"/g/{thursday.owner}")
    assert board(shown, "generic") == {
        "Ben": ["3", "2", "67%", "6.7", "9"],
        "Ana": ["2", "1", "50%", "8.5", "12"],
        "Cy": ["2", "0", "0%", "2.5", "4"],
    }
    stats = thursday.stats("generic")
    assert [p["name"] for p in stats["players"]] == ["Ben", "Ana", "Cy"]


def test_the_page_draws_wins_per_player_and_totals_over_time(page, thursday):
    shown = page(f"/g/{thursday.view}")
    wins = shown.by_id("wins-chart")
    assert wins.find("svg").find("title").text == "Wins per player, every game"
    rows = [[c.text for c in tr.iter() if c.tag in ("th", "td")]
            for tr in wins.find("tbody").find_all("tr")]
    assert rows == [["Ben", "2", "3"], ["Ana", "1", "2"], ["Cy", "0", "2"]]
    over = shown.by_id("over-time-generic")
    assert over.find("svg").find("title").text == "Free score sheet: totals by match"
    head = [th.text for th in over.find("thead").find_all("th")]
    assert head[0] == "Match" and sorted(head[1:]) == ["Ana", "Ben", "Cy"]
    body = [[c.text for c in tr.iter() if c.tag in ("th", "td")]
            for tr in over.find("tbody").find_all("tr")]
    by_player = {name: [row[i + 1] for row in body] for i, name in enumerate(head[1:])}
    assert by_player["Cy"] == ["–", "4", "1"]  # oldest first; a match not played is a gap
    for figure in (wins, over):
        assert figure.find("script") is None and figure.find("style") is None


def test_tonight_names_who_leads_the_night(page, thursday):
    tonight = page(f"/g/{thursday.view}").find("section", class_="tonight")
    assert tonight.find("h2").text == "Tonight"
    assert tonight.find(class_="night-lead").text.startswith("Ben leads the night with 2 wins")
    assert len(tonight.find_all("li")) == 3


def test_a_bank_stored_at_the_first_moment_there_is_draws_every_page(app, api, page, thursday):
    # Issue 41: an import took matches banked on 0001-01-01 (an older version stored them so),
    # and the group's page was a 500 from then on: its evening is the six hours before its
    # latest match. (At 9999-12-31T23:59:59.999999 every page drew already.)
    moment = datetime.min.replace(tzinfo=UTC)
    with app.app_context():
        db.session.execute(update(Match).where(Match.group_id == thursday.id).values(
            created_at=moment, banked_at=moment, updated_at=moment))
        db.session.execute(update(Group).where(Group.id == thursday.id).values(
            version=Group.version + 1))
        db.session.commit()
    for token in (thursday.owner, thursday.view):
        shown = page(f"/g/{token}")
        assert shown.status == 200, shown.html
        assert len(shown.find("section", class_="tonight").find_all("li")) == 3
    for path in (f"/groups/{thursday.id}", f"/groups/{thursday.id}/stats"):
        assert api.call("GET", path, thursday.owner).status_code == 200
    assert page(f"/m/{thursday.third.view}").status == 200


def test_an_evening_of_hundreds_of_matches_lists_its_latest_and_says_where_the_rest_are(
        api, page):
    """An imported bank may have banked hundreds of matches at one moment: the evening lists
    its newest 30 (a page of 5,000 took 1.9 s to draw at every visit) and points to the bank."""
    match = {"game": "generic", "name": "A match", "options": {"rounds": 1},
             "players": [{"seat": 0, "name": "Ana", "player": 1},
                         {"seat": 1, "name": "Ben", "player": 2}],
             "rounds": [{"scores": [3, 1]}], "started_at": "2026-11-20T19:00:00+00:00",
             "banked_at": "2026-11-20T21:00:00+00:00"}
    made = api.call("POST", "/groups/import", json={
        "format": "squarescores-group", "format_version": 1, "name": "Club",
        "players": [{"id": 1, "name": "Ana"}, {"id": 2, "name": "Ben"}],
        "matches": [match | {"name": f"Match {n}"} for n in range(200)]}).get_json()
    shown = page(f"/g/{made['tokens']['view']}")
    tonight = shown.find("section", class_="tonight")
    assert tonight.find(class_="night-lead").text.startswith("Ana leads the night with 200 wins")
    assert "200 matches." in tonight.find(class_="night-lead").text
    assert len(tonight.find_all("li")) == 30
    assert tonight.find("a", href="#bank").text == (
        "The evening's earlier matches are in the bank below.")
    assert shown.by_id("bank") is not None


def test_the_game_filter_keeps_one_game(page, thursday, banakil):
    shown = page(f"/g/{thursday.view}?game=generic")
    current = shown.find("nav", class_="filter").find("a", aria_current="page")
    assert current.text == "Free score sheet"
    assert shown.by_id("wins-chart").find("title").text.endswith("Free score sheet")
    assert shown.by_id("board-generic") is not None
    # A game the bank has no match of, or no game at all, shows everything.
    for query in ("?game=banakil", "?game=nonsense", "?page=abc", "?page=999"):
        assert page(f"/g/{thursday.view}{query}").status == 200


def test_head_to_head_between_two_chosen_players(page, thursday):
    ana, ben = thursday.player_id("Ana"), thursday.player_id("Ben")
    shown = page(f"/g/{thursday.view}?a={ana}&b={ben}")
    result = shown.find(class_="h2h-result").text
    assert result.startswith("Ana 1 – 1 Ben") and "the 2 matches both played" in result
    assert shown.by_id("a").find("option", selected=True).text == "Ana"

    same = page(f"/g/{thursday.view}?a={ana}&b={ana}")
    assert same.status == 200 and "two different players" in same.by_id("h2h-error").text
    junk = page(f"/g/{thursday.view}?a=x&b=%00")
    assert junk.status == 200 and junk.by_id("h2h-error") is not None


def test_the_owner_takes_a_practice_match_out_and_puts_it_back(client, page, thursday):
    shown = page(f"/g/{thursday.owner}")
    form = next(f for f in shown.forms() if f.get("action").endswith(f"{thursday.first.id}/out"))
    client.post(form.get("action"))
    assert board(page(f"/g/{thursday.owner}"), "generic")["Ben"][:2] == ["2", "1"]
    item = next(li for li in page(f"/g/{thursday.owner}").find_all("li", class_="banked")
                if "taken-out" in li.classes)
    assert "taken out" in item.text

    client.post(f"/g/{thursday.owner}/matches/{thursday.first.id}/back")
    assert board(page(f"/g/{thursday.owner}"), "generic")["Ben"][:2] == ["3", "2"]


def test_the_view_link_changes_nothing(client, page, thursday):
    shown = page(f"/g/{thursday.view}")
    assert shown.forms("post") == []
    assert shown.by_id("start") is None
    assert client.post(f"/g/{thursday.view}/matches/{thursday.first.id}/out").status_code == 403
    assert thursday.stats()["matches"] == 3
    assert client.get(f"/g/{thursday.view}/links").status_code == 403
    assert client.get(f"/g/{thursday.view}/new/generic").status_code == 403


def test_a_match_of_another_group_cannot_be_taken_out(client, page, thursday, group):
    other = group("Other")
    response = client.post(f"/g/{other.owner}/matches/{thursday.first.id}/out",
                           follow_redirects=True)
    assert page(response).find(class_="flash-error") is not None
    assert thursday.stats()["matches"] == 3


def test_the_bank_exports_as_csv_and_json_from_the_page(client, thursday):
    response = client.get(f"/g/{thursday.view}/export.csv")
    assert response.status_code == 200 and "attachment" in response.headers[
        "Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0] == ["match_id", "game", "banked_at", "player", "seat", "side", "total",
                       "rank", "winner", "place"]
    assert len(rows) == 1 + 2 + 3 + 2

    backup = client.get(f"/g/{thursday.owner}/export.json")
    assert backup.status_code == 200
    data = backup.get_json()
    assert data["name"] == "Thursday" and len(data["matches"]) == 3
    assert thursday.owner not in backup.get_data(as_text=True)
    assert client.get("/g/nope/export.json").status_code == 404


def test_a_partnership_that_came_second_is_second_on_the_players_page(page, group, api):
    """SPEC section 3: a side's place among the sides. The bank's seat ranks of two
    partnerships are 1, 1, 3, 3; a player's page says the losers came second, not third."""
    club = group(players=("Ana", "Ben", "Cy", "Dee"))
    made = api.call("POST", "/matches", club.owner, json={
        "game": "banakil", "group": club.id, "players": ["Ana", "Ben", "Cy", "Dee"],
        "options": {"target": 1}}).get_json()
    path, host = f"/matches/{made['id']}", made["tokens"]["host"]
    goer = {"melded": {"7-K": 6, "A": 2}, "went_out": True}
    hand = {"melded": {"3-6": 3, "7-K": 4}, "in_hand": {"A": 1}}
    assert api.call("POST", f"{path}/rounds", host,
                    json={"hands": [goer, hand, hand, hand]}).status_code == 201
    assert api.call("POST", f"{path}/bank", host).status_code == 200
    shown = page(f"/g/{club.view}/players/{club.player_id('Ben')}")
    assert "Place 2" in shown.text and "Place 3" not in shown.text
