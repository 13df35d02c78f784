"""SPEC section 14's pages for plays brought in, without a browser: the owner chooses a file
and a time zone, the dry run's preview shows what it would add and each of the file's players
beside the roster player they become (changeable), and the import's page shows its progress,
then its summary with every problem; the view link is refused."""

from __future__ import annotations

import io
import json

from app.services.plays.jobs import run_pending

ANA, BEN, ANON = "u-ana", "u-ben", "u-anon"


def score(ref, points, winner=False):
    return {"playerRefId": ref, "score": points, "winner": winner, "team": "0",
            "startPlayer": False}


def play(uuid, game, scores, date="2019-03-02 19:30:00"):
    return {"uuid": uuid, "gameRefId": game, "playDate": date, "durationMin": 45,
            "ignored": False, "usesTeams": False, "modificationDate": "2019-03-03 10:00:00",
            "playerScores": scores}


EXPORT = {
    "players": [{"id": 1, "uuid": ANA, "name": "ana", "isAnonymous": False},
                {"id": 2, "uuid": BEN, "name": "Benedikt", "isAnonymous": False},
                {"id": 9, "uuid": ANON, "name": "Anonymous player", "isAnonymous": True}],
    "games": [{"id": 1, "uuid": "g-wingspan", "name": "Wingspan", "bggId": 266192,
               "highestWins": True, "noPoints": False, "cooperative": False,
               "usesTeams": False}],
    "locations": [],
    "plays": [play("p1", 1, [score(1, "10+20", winner=True), score(2, "25"), score(9, "3")]),
              play("p2", 1, [score(1, "7"), score(2, "9", winner=True)],
                   date="2019-03-09 21:00:00"),
              play("p3", 1, [score(1, "ten")])],  # no number: left out, and said
}


def choose_file(client, club, document=EXPORT, time_zone="Europe/Berlin"):
    form = client.get(f"/g/{club.owner}/plays/bring-in")
    assert form.status_code == 200
    return client.post(f"/g/{club.owner}/plays/bring-in", data={
        "file": (io.BytesIO(json.dumps(document).encode()), "BGStatsExport.json"),
        "time_zone": time_zone}, content_type="multipart/form-data")


def roster(club):
    return {p["name"]: p["id"] for p in club.state()["players"]}


def file_players(shown):
    """Each of the file's players on the preview: its name, and what its select has chosen
    (None for a guest, who has none)."""
    found = {}
    for item in shown.find("ul", class_="file-players").find_all("li"):
        select = item.find("select")
        name = item.find(class_="file-player").text
        found[name] = (select.find("option", selected=True).text if select is not None
                       else None)
    return found


def counted(shown):
    """The import's counts, each term with its value."""
    facts = shown.find("dl", class_="import-counts")
    return dict(zip([dt.text for dt in facts.find_all("dt")],
                    [dd.text for dd in facts.find_all("dd")], strict=True))


def test_the_group_page_leads_its_owner_to_bring_plays_in(group, page):
    club = group()
    links = [a.get("href") for a in page(f"/g/{club.owner}").find_all("a")]
    assert f"/g/{club.owner}/plays/bring-in" in links
    form = page(f"/g/{club.owner}/plays/bring-in")
    assert "Settings → Backup → Export data" in form.text
    assert form.find("input", type="file") is not None
    assert form.by_id("time_zone") is not None
    assert f"/g/{club.owner}/plays/bring-in" not in page(f"/g/{club.view}").html


def test_a_file_is_previewed_then_brought_in_as_the_owner_chose(group, page, client, app,
                                                                location):
    club = group(players=("Ana", "Ben", "Cy"))
    asked = choose_file(client, club)
    path, _query = location(asked)
    waiting = page(path)
    assert waiting.find("progress") is not None
    assert waiting.find("meta", http_equiv="refresh") is not None  # in its <noscript>
    assert club.state()["matches"] == []

    run_pending(app)
    preview = page(path)
    assert "What the file would bring in" in preview.text
    assert preview.find("meta", http_equiv="refresh") is None
    assert file_players(preview) == {"ana": "Ana", "Benedikt": "a new player",
                                     "Anonymous player": None}
    assert "guest" in preview.find("ul", class_="file-players").text
    facts = counted(preview)
    assert facts["Plays in the file"] == "3" and facts["New"] == "2"
    assert facts["New players"] == "Benedikt" and facts["New games"] == "Wingspan"
    problems = preview.find("ul", class_="problems").text
    assert "p3" in problems
    assert club.state()["matches"] == []  # a preview writes nothing

    # Benedikt is the roster's Ben, the owner says; ana a new player.
    ids = roster(club)
    action, data = preview.form_data(**{"player-0": "new", "player-1": str(ids["Ben"])})
    again = client.post(action, data=data | {"again": "1"})
    run_pending(app)
    second_path = location(again)[0]
    second = page(second_path)
    assert file_players(second) == {"ana (2)": "a new player", "Benedikt": "Ben",
                                    "Anonymous player": None}
    action, data = second.form_data()
    started = client.post(action, data=data)
    importing = location(started)[0]
    assert importing != path
    run_pending(app)
    done = page(importing)
    assert "Plays brought in" in done.text
    progress = done.find("progress")
    assert progress.get("value") == progress.get("max") == "3"
    assert "p3" in done.find("ul", class_="problems").text
    assert counted(done)["Added"] == "2" and counted(done)["Cannot be read"] == "1"
    state = club.state()
    assert {p["name"] for p in state["players"]} == {"Ana", "Ben", "Cy", "ana (2)"}
    first = min(state["matches"], key=lambda m: m["banked_at"])
    assert first["banked_at"] == "2019-03-02T18:30:00+00:00"  # 19:30 in Berlin
    assert [(p["name"], p["winner"], p.get("guest")) for p in first["players"]] == [
        ("ana (2)", True, False), ("Ben", False, False), ("Anonymous player", False, True)]
    # The preview's file went to its import: that preview cannot start another.
    refused = client.post(action, data=data)
    assert location(refused)[0] == second_path
    assert "no longer kept" in page(second_path).text


def test_an_import_page_answers_its_progress_as_json(group, client, app, location):
    club = group()
    path = location(choose_file(client, club))[0]
    answer = client.get(f"{path}/state").get_json()
    assert answer["state"] == "queued" and answer["dry_run"] is True
    run_pending(app)
    answer = client.get(f"{path}/state").get_json()
    assert answer["state"] == "done" and answer["plays"]["total"] == 3


def test_a_file_that_is_no_file_of_plays_is_said(group, page, client, app, location):
    club = group()
    path = location(choose_file(client, club, document={"hello": 1}))[0]
    run_pending(app)
    shown = page(path)
    assert "The file could not be brought in" in shown.text
    assert shown.find("ul", class_="problems") is not None

    zone = page(choose_file(client, club, time_zone="Mars/Olympus"))
    assert zone.status == 422 and "time zone" in zone.field_error("time_zone")
    empty = page(client.post(f"/g/{club.owner}/plays/bring-in", data={"time_zone": "UTC"},
                             content_type="multipart/form-data"))
    assert empty.status == 422 and empty.field_error("file")


def test_a_view_link_cannot_bring_plays_in(group, client, app, location):
    club = group()
    path = location(choose_file(client, club))[0]
    import_id = path.rsplit("/", 1)[1]
    assert client.get(f"/g/{club.view}/plays/bring-in").status_code == 403
    assert client.get(f"/g/{club.view}/imports/{import_id}").status_code == 403
    assert client.post(f"/g/{club.view}/imports/{import_id}/start").status_code == 403
    assert client.get(f"/g/{club.owner}/imports/nothing-here").status_code == 404


def test_with_csrf_on_a_file_and_a_play_need_the_pages_token(tmp_path):
    from app import create_app
    from app.extensions import db
    from config import TestConfig

    class Guarded(TestConfig):
        SQLALCHEMY_DATABASE_URI = f"sqlite:///{tmp_path / 'guarded.db'}"
        WTF_CSRF_ENABLED = True

    app = create_app(Guarded)
    with app.app_context():
        db.create_all()
    try:
        client = app.test_client()
        made = client.post("/api/v1/groups", json={"name": "T", "players": ["Ana"]}).get_json()
        owner, ana = made["tokens"]["owner"], made["players"][0]["id"]
        file = json.dumps(EXPORT).encode()
        refused = client.post(f"/g/{owner}/plays/bring-in", data={
            "file": (io.BytesIO(file), "BGStatsExport.json")},
            content_type="multipart/form-data")
        assert refused.status_code == 400
        html = client.get(f"/g/{owner}/plays/bring-in").get_data(as_text=True)
        token = html.split('name="csrf_token" value="', 1)[1].split('"', 1)[0]
        asked = client.post(f"/g/{owner}/plays/bring-in", data={
            "file": (io.BytesIO(file), "BGStatsExport.json"), "csrf_token": token},
            content_type="multipart/form-data")
        assert asked.status_code == 302

        play = {"game": "new", "new_game": "Azul", "player": str(ana),
                "played_at": "2026-03-14T20:30"}
        assert client.post(f"/g/{owner}/plays/new", data=play).status_code == 400
        logged = client.post(f"/g/{owner}/plays/new", data=play | {"csrf_token": token})
        assert logged.status_code == 302
    finally:
        with app.app_context():
            db.session.remove()
            db.drop_all()
            db.engine.dispose()
