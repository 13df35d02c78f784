"""SPEC section 11's pages without a browser: the group page lists its seasons with the current
one's top, a season's page shows its whole table, its chart and its rules in a sentence, and the
owner's forms start, change and delete one (what was typed kept beside its message on a
refusal); the view link sees it all but the forms."""

from __future__ import annotations

import re
from datetime import date

from app.extensions import db
from app.models import Season


def cells(row):
    return [cell.text for cell in row.children if not isinstance(cell, str)]


def season_of(api, club, **fields):
    body = {"name": "Winter league", "starts": "2000-01-01"} | fields
    response = api.call("POST", f"/groups/{club.id}/seasons", club.owner, json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def test_the_group_page_lists_seasons_with_the_current_ones_top(group, api, page):
    club = group(players=("Ana", "Ben", "Cy"))
    club.play(("Ana", "Ben", "Cy"), (3, 9, 1))
    club.play(("Ana", "Ben"), (2, 8))
    season = season_of(api, club, best_of=5)
    season_of(api, club, name="Long ago", starts="1999-01-01", ends="1999-12-31")
    shown = page(f"/g/{club.owner}")
    section = shown.by_id("seasons-title").parent
    links = [a.text for a in section.find_all("a")
             if re.search(r"/seasons/\d+$", a.get("href") or "")]
    assert links == ["Winter league", "Winter league", "Long ago"]  # the top's title, the list
    top = section.find("table", class_="season-top")
    rows = [cells(tr) for tr in top.find("tbody").find_all("tr")]
    assert [r[:2] for r in rows] == [["1", "Ben"], ["2", "Ana"], ["3", "Cy"]]
    assert rows[0][-1] == "3"  # Ben: 2 + 1
    viewer = page(f"/g/{club.data['tokens']['view']}")
    assert "Winter league" in viewer.html and "/seasons/new" not in viewer.html
    assert f"/seasons/{season['id']}" in viewer.html


def test_a_seasons_page_shows_its_table_chart_and_rules(group, api, page):
    club = group(players=("Ana", "Ben", "Cy"))
    club.play(("Ana", "Ben", "Cy"), (3, 9, 1))
    club.play(("Ana", "Cy"), (8, 2))
    season = season_of(api, club, best_of=3, at_least=2)
    shown = page(f"/g/{club.owner}/seasons/{season['id']}")
    assert shown.status == 200
    assert shown.response.headers["Cache-Control"] == "no-store"
    assert "Each player's best 3 matches count." in shown.text
    assert "A player is ranked from 2 matches on" in shown.text
    body = shown.find("table", class_="season-table").find("tbody")
    rows = [cells(tr) for tr in body.find_all("tr")]
    assert [(r[0], r[1]) for r in rows] == [("1", "Ana"), ("2", "Cy"), ("not ranked–", "Ben")]
    chart = shown.by_id(f"season-{season['id']}")
    assert chart is not None and chart.find("svg") is not None
    # One day of matches: a bar each (one column of dots would hide the level ones).
    assert "Counted points after one day" in chart.text and "over the season" not in chart.text
    bars = chart.find("svg").find_all(class_="bar")
    assert len(bars) == 3, len(bars)
    forms = [f.get("action") for f in shown.forms()]
    assert forms == [f"/g/{club.owner}/seasons/{season['id']}/delete"]
    viewer = page(f"/g/{club.data['tokens']['view']}/seasons/{season['id']}")
    assert viewer.status == 200 and not viewer.forms() and "Edit the season" not in viewer.html
    assert page(f"/g/{club.owner}/seasons/99999").status == 404


def test_the_owner_starts_changes_and_deletes_a_season(group, page, submit, client, api):
    club = group()
    form = page(f"/g/{club.owner}/seasons/new")
    assert form.by_id("starts").get("type") == "date"
    assert form.by_id("best_of-hint") is not None and form.by_id("at_least-hint") is not None
    refused = submit(form, name="Spring", starts="2026-03-01", ends="2026-02-01",
                     best_of="4", game="banakil")
    assert refused.status_code == 422
    again = page(refused)
    assert again.field_error("ends") == "A season ends on or after the day it starts."
    assert again.by_id("name").get("value") == "Spring"
    assert again.by_id("best_of").get("value") == "4"
    assert again.find("option", value="banakil").has("selected")
    action, data = again.form_data(ends="2026-05-31")  # the refused page's form, as it was
    made = client.post(action, data=data)
    assert made.status_code == 302
    sid = int(re.search(r"/seasons/(\d+)$", made.headers["Location"]).group(1))
    read = api.call("GET", f"/groups/{club.id}/seasons/{sid}", club.owner).get_json()
    assert (read["name"], read["ends"], read["best_of"], read["game"]) == (
        "Spring", "2026-05-31", 4, "banakil")
    edit = page(f"/g/{club.owner}/seasons/{sid}/edit")
    assert edit.by_id("starts").get("value") == "2026-03-01"
    assert submit(edit, best_of="", at_least="x").status_code == 422
    assert submit(edit, best_of="", game="").status_code == 302
    read = api.call("GET", f"/groups/{club.id}/seasons/{sid}", club.owner).get_json()
    assert (read["best_of"], read["game"]) == (None, None)
    shown = page(f"/g/{club.owner}/seasons/{sid}")
    gone = client.post(f"/g/{club.owner}/seasons/{sid}/delete",
                       data={"csrf_token": shown.csrf_token() or ""})
    assert gone.status_code == 302
    assert api.call("GET", f"/groups/{club.id}/seasons/{sid}", club.owner).status_code == 404


def test_the_view_link_may_not_use_the_forms(group, api, client):
    club = group()
    season = season_of(api, club)
    view = club.data["tokens"]["view"]
    assert client.get(f"/g/{view}/seasons/new").status_code == 403
    assert client.get(f"/g/{view}/seasons/{season['id']}/edit").status_code == 403
    assert client.post(f"/g/{view}/seasons/{season['id']}/delete").status_code == 403


def test_a_day_past_what_a_date_holds_is_refused_beside_its_field_as_typed(group, page,
                                                                           submit, client):
    # Issue 41: a season ending 9999-12-31 was stored, and the group's pages were 500s after.
    club = group()
    form = page(f"/g/{club.owner}/seasons/new")
    for field in ("starts", "ends"):  # the phone's date picker offers those days alone
        assert (form.by_id(field).get("min"), form.by_id(field).get("max")) == (
            "1900-01-01", "2999-12-31")
    refused = submit(form, name="Forever", starts="2026-01-01", ends="9999-12-31")
    assert refused.status_code == 422
    again = page(refused)
    assert again.field_error("ends") == "A date from 1900-01-01 to 2999-12-31."
    assert again.by_id("ends").get("value") == "9999-12-31"
    assert again.by_id("name").get("value") == "Forever"
    action, data = again.form_data(starts="0001-01-01", ends="")  # the refused page's form
    refused = page(client.post(action, data=data))
    assert refused.status == 422
    assert refused.field_error("starts") == "A date from 1900-01-01 to 2999-12-31."
    assert refused.by_id("starts").get("value") == "0001-01-01"
    shown = page(f"/g/{club.owner}")
    assert shown.status == 200 and "Forever" not in shown.text


def stored(app, group_id: str, starts: date, ends: date | None) -> int:
    """A season written straight into the database, as an older version could have, with days
    the pages take no more."""
    with app.app_context():
        season = Season(group_id=group_id, name="Forever", starts=starts, ends=ends)
        db.session.add(season)
        db.session.commit()
        return season.id


def test_a_season_stored_at_a_dates_edge_shows_on_every_page(app, group, api, page, submit,
                                                              client):
    players = ("Ana", "Ben", "Cy", "Dee")
    club = group(players=players)
    club.play(players, (3, 9, 1, 2))
    sid = stored(app, club.id, date(2026, 1, 1), date.max)
    old = stored(app, club.id, date.min, date(1, 12, 31))
    view = club.data["tokens"]["view"]
    for token in (club.owner, view):
        shown = page(f"/g/{token}")
        assert shown.status == 200, shown.html
        top = shown.find("table", class_="season-top")
        assert top is not None and "Ben" in top.text  # the current season: the stored one
        for season in (sid, old):
            assert page(f"/g/{token}/seasons/{season}").status == 200
    assert "31 Dec 9999" in page(f"/g/{view}/seasons/{sid}").text
    ids = [p["id"] for p in club.state()["players"]]
    night = api.call("POST", f"/groups/{club.id}/nights", club.owner, json={
        "game": "generic", "players": ids, "table_size": 4, "options": {"rounds": 1}})
    assert night.status_code == 201, night.get_json()
    screen = page(f"/tv/{night.get_json()['tokens']['tv']}")
    assert screen.status == 200 and "Forever" in screen.find(class_="screen-season").text
    # The edit form shows the day as stored, and says what to mend beside it.
    edit = page(f"/g/{club.owner}/seasons/{sid}/edit")
    assert edit.status == 200 and edit.by_id("ends").get("value") == "9999-12-31"
    refused = submit(edit, name="Always")
    assert refused.status_code == 422
    assert page(refused).field_error("ends") == "A date from 1900-01-01 to 2999-12-31."
    action, data = page(refused).form_data(ends="")  # the refused page's form, as it was
    assert client.post(action, data=data).status_code == 302
    read = api.call("GET", f"/groups/{club.id}/seasons/{sid}", club.owner).get_json()
    assert (read["name"], read["ends"]) == ("Always", None)


def test_the_top_five_takes_in_whoever_shares_fifth():
    from types import SimpleNamespace

    from app.web.group.view import top_of

    rows = [SimpleNamespace(name=name, rank=rank) for name, rank in
            [("Ana", 1), ("Ben", 2), ("Cy", 3), ("Dev", 4), ("Fara", 4), ("Hana", 4),
             ("Ivo", 7), ("Jo", None)]]
    assert [row.name for row in top_of(rows)] == ["Ana", "Ben", "Cy", "Dev", "Fara", "Hana"]
    assert [row.name for row in top_of(rows[:3] + rows[-1:])] == ["Ana", "Ben", "Cy"]
    untied = rows[:4] + [SimpleNamespace(name="Eve", rank=5), SimpleNamespace(name="Fi", rank=6)]
    assert [row.name for row in top_of(untied)] == ["Ana", "Ben", "Cy", "Dev", "Eve"]
