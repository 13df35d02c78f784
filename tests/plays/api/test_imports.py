"""SPEC section 14: a group's plays brought in from a BG Stats export or a CSV, by a job beside
the requests: its progress, what it matched, added and skipped; twice adds nothing; a dry run
writes nothing; a job stopped between batches is taken up again with nothing half written."""

from __future__ import annotations

import io
import json

import pytest
from api_helpers import error_of

from app.services.plays import importing
from app.services.plays.jobs import run_pending

ANA, BEN, ANON = "u-ana", "u-ben", "u-anon"
WINGSPAN, CREW = "g-wingspan", "g-crew"


def line(ref, score, winner=False, team="0", start=False):
    return {"playerRefId": ref, "score": score, "winner": winner, "team": team,
            "startPlayer": start, "seatOrder": 0}


def play(uuid, game, scores, date="2019-03-02 19:30:00", modified="2019-03-03 10:00:00",
         **extra):
    return {"uuid": uuid, "gameRefId": game, "playDate": date, "durationMin": 45,
            "ignored": False, "usesTeams": False, "modificationDate": modified,
            "playerScores": scores, "entryDate": "2019-03-03 10:00:00"} | extra


def export(*plays):
    return {
        "userInfo": {"meRefId": 1},
        "players": [{"id": 1, "uuid": ANA, "name": "ana", "isAnonymous": False},
                    {"id": 2, "uuid": BEN, "name": "Benedikt", "isAnonymous": False},
                    {"id": 9, "uuid": ANON, "name": "Anonymous player", "isAnonymous": True}],
        "games": [{"id": 1, "uuid": WINGSPAN, "name": "Wingspan", "bggId": 266192,
                   "highestWins": True, "noPoints": False, "cooperative": False,
                   "usesTeams": False},
                  {"id": 2, "uuid": CREW, "name": "The Crew", "bggId": 284083,
                   "highestWins": True, "noPoints": True, "cooperative": True,
                   "usesTeams": False}],
        "locations": [{"id": 1, "name": "Café Mox"}],
        "plays": list(plays),
    }


FILE = export(
    play("p1", 1, [line(1, "10+20+30.5", winner=True), line(2, "44"), line(9, "12")],
         locationRefId=1),
    play("p2", 2, [line(1, "", winner=True), line(2, "", winner=True)],
         date="2019-03-09 21:00:00"),
    play("p3", 1, [line(1, "3"), line(2, "9", winner=True)], ignored=True,
         date="2019-03-02 23:00:00"),
    play("p4", 7, [line(1, "1")]),  # a game of nothing: skipped, said
    play("p5", 1, [line(1, "ten")]),  # no number: skipped, said
)


def send(api, group, document, query="", status=202, token=None, **form):
    data = json.dumps(document).encode() if not isinstance(document, bytes) else document
    headers = {"Authorization": f"Bearer {token or group.owner}"}
    client = api.client
    if form:
        response = client.post(f"/api/v1/groups/{group.id}/imports{query}", headers=headers,
                               data={"file": (io.BytesIO(data), "export.json"),
                                     **form}, content_type="multipart/form-data")
    else:
        response = client.post(f"/api/v1/groups/{group.id}/imports{query}", headers=headers,
                               data=data, content_type="application/json")
    assert response.status_code == status, response.get_data(as_text=True)
    return response


def job_state(api, group, response):
    body = response.get_json()
    return api.call("GET", f"/groups/{group.id}/imports/{body['id']}", group.owner).get_json()


@pytest.fixture
def brought(api, app, group):
    def brought(document, query="", **form):
        response = send(api, group, document, query, **form)
        assert response.get_json()["state"] == "queued"
        assert response.headers["Location"].endswith(f"/imports/{response.get_json()['id']}")
        run_pending(app)
        return job_state(api, group, response)
    return brought


def test_a_bg_stats_export_is_brought_in_and_said(api, group, brought):
    state = brought(FILE, "?time_zone=Europe/Berlin")

    assert state["state"] == "done"
    assert state["plays"] == {"total": 5, "done": 5, "added": 3, "updated": 0, "unchanged": 0,
                              "skipped": 2}
    assert state["players_added"] == ["Benedikt"]  # "ana" is the roster's Ana
    assert state["games_added"] == ["The Crew", "Wingspan"]
    assert {p["play"] for p in state["problems"]} == {"p4", "p5"}
    roster = {p["name"]: p["id"] for p in api.call("GET", group.path, group.view
                                                  ).get_json()["players"]}
    players = {p["uuid"]: p for p in state["players"]}
    assert players[ANA]["player"] == roster["Ana"] and players[ANON]["guest"] is True

    bank = api.call("GET", group.path, group.view).get_json()
    by_date = sorted(bank["matches"], key=lambda m: m["banked_at"])
    first, ignored, crew = by_date  # p1 and p3 one evening, p3 ignored: taken out
    assert first["banked_at"] == "2019-03-02T18:30:00+00:00"  # 19:30 in Berlin
    assert first["note"] == "At Café Mox" and first["duration"] == 45 * 60
    assert [(p["name"], p["total"], p["winner"], p["guest"]) for p in first["players"]] == [
        ("Ana", 60.5, True, False), ("Benedikt", 44, False, False),
        ("Anonymous player", 12, False, True)]
    assert ignored["taken_out"] is True
    assert [p["winner"] for p in crew["players"]] == [True, True]
    stats = api.call("GET", f"{group.path}/stats", group.view).get_json()
    assert stats["matches"] == 2  # the ignored play counts nowhere
    assert {p["name"]: p["won"] for p in stats["players"]} == {"Ana": 2, "Benedikt": 1}


def test_the_same_file_twice_adds_nothing_and_a_newer_play_is_updated(api, group, brought):
    brought(FILE)
    version = api.call("GET", group.path, group.view).get_json()["version"]
    again = brought(FILE)
    assert again["plays"] | {"done": 0} == {"total": 5, "done": 0, "added": 0, "updated": 0,
                                            "unchanged": 3, "skipped": 2}
    assert again["players_added"] == [] and again["games_added"] == []
    assert len(api.call("GET", group.path, group.view).get_json()["matches"]) == 3
    assert api.call("GET", group.path, group.view).get_json()["version"] >= version

    newer = export(play("p1", 1, [line(1, "1"), line(2, "2", winner=True)],
                        modified="2020-01-01 00:00:00"))
    state = brought(newer)
    assert (state["plays"]["updated"], state["plays"]["added"]) == (1, 0)
    bank = api.call("GET", group.path, group.view).get_json()
    p1 = next(m for m in bank["matches"] if m["banked_at"].startswith("2019-03-02T19:30"))
    assert [(p["name"], p["total"], p["winner"]) for p in p1["players"]] == [
        ("Ana", 1, False), ("Benedikt", 2, True)]


def test_a_dry_run_writes_nothing_and_says_what_would_be(api, group, brought):
    before = api.call("GET", group.path, group.view).get_json()
    state = brought(FILE, "?dry_run=true")
    assert state["state"] == "done" and state["dry_run"] is True
    assert state["plays"]["added"] == 3 and state["players_added"] == ["Benedikt"]
    after = api.call("GET", group.path, group.view).get_json()
    assert after == before
    assert api.call("GET", f"{group.path}/games", group.view).get_json()["games"] == []


def test_the_owner_chooses_who_a_files_player_becomes(api, group, brought):
    roster = {p["name"]: p["id"] for p in group.created["players"]}
    state = brought(FILE, players=json.dumps({BEN: roster["Cy"], ANA: "new"}))
    assert state["players_added"] == ["ana (2)"]  # "new", though the roster has an Ana
    players = {p["uuid"]: p["player"] for p in state["players"]}
    assert players[BEN] == roster["Cy"]
    names = {p["name"] for p in api.call("GET", group.path, group.view).get_json()["players"]}
    assert names == {"Ana", "ana (2)", "Ben", "Cy"}
    stats = api.call("GET", f"{group.path}/stats", group.view).get_json()
    assert {p["name"]: p["played"] for p in stats["players"]} == {"ana (2)": 2, "Cy": 2}


def test_a_spreadsheet_and_the_groups_own_csv_come_in(api, app, group, brought):
    csv = (b"date,game,player,score,winner\r\n"
           b"2024-05-01,Cascadia,Ana,81,\r\n2024-05-01,Cascadia,Zoe,90,\r\n"
           b"2024-05-02T20:00:00+02:00,Cascadia,Ana,70.5,yes\r\n"
           b"2024-05-02T20:00:00+02:00,Cascadia,Zoe,99,no\r\n")
    state = brought(csv)
    assert state["state"] == "done", state
    assert state["plays"]["added"] == 2 and state["games_added"] == ["Cascadia"]
    assert state["players_added"] == ["Zoe"]
    again = brought(csv)
    assert again["plays"]["unchanged"] == 2 and again["plays"]["added"] == 0

    own = api.call("GET", f"{group.path}/export.csv", group.view).get_data()
    other = api.call("POST", "/groups", json={"name": "Elsewhere"}).get_json()
    from api_helpers import StartedGroup
    elsewhere = StartedGroup(other["id"], other["tokens"]["owner"], other["tokens"]["view"],
                             other)
    response = send(api, elsewhere, own)
    run_pending(app)
    moved = job_state(api, elsewhere, response)
    assert moved["state"] == "done" and moved["plays"]["added"] == 2, moved
    stats = lambda g: {p["name"]: (p["played"], p["won"]) for p in api.call(  # noqa: E731
        "GET", f"{g.path}/stats", g.view).get_json()["players"]}
    assert stats(elsewhere) == stats(group)


def test_refusals(api, app, group, new_group):
    error_of(send(api, group, FILE, status=403, token=group.view), 403)
    assert error_of(send(api, group, FILE, "?time_zone=Mars/Olympus", status=422),
                    422)["field"] == "time_zone"
    assert error_of(send(api, group, b"  ", status=422), 422)["field"] == "file"
    error_of(send(api, group, FILE, players="[1]", status=422), 422)
    send(api, group, FILE)
    error_of(send(api, group, FILE, status=409), 409)  # one at a time per group
    run_pending(app)
    many = b'{"plays": [' + b",".join([b'{"playerScores": []}'] * 100_001) + b"]}"
    assert send(api, group, many, status=413).get_json()["error"]["message"]
    missing = api.call("GET", f"/groups/{group.id}/imports/nothing", group.owner)
    error_of(missing, 404)


@pytest.mark.parametrize("dies_at", [1, 5, 6, 12, 23])
def test_a_job_stopped_between_batches_is_taken_up_again_with_nothing_twice(
        api, app, group, monkeypatch, dies_at):
    plays = [play(f"q{i}", 1, [line(1, str(i)), line(2, str(50 - i))],
                  date=f"2020-01-{1 + i % 28:02} 20:00:00") for i in range(23)]
    monkeypatch.setattr(importing, "BATCH", 5)
    monkeypatch.setattr(importing, "PAUSE_SECONDS", 0)
    real = importing._bring
    seen = {"n": 0}

    def dies_mid_batch(*args, **kwargs):
        seen["n"] += 1
        if seen["n"] == dies_at:
            raise SystemExit("the server is killed")
        return real(*args, **kwargs)

    monkeypatch.setattr(importing, "_bring", dies_mid_batch)
    response = send(api, group, export(*plays))
    with pytest.raises(SystemExit):
        run_pending(app)
    halfway = job_state(api, group, response)
    landed = (dies_at - 1) // 5 * 5  # the batches of five before the one it died in
    assert halfway["state"] == "running" and halfway["plays"]["done"] == landed
    assert len(api.call("GET", group.path, group.view).get_json()["matches"]) == landed

    run_pending(app)  # the server back: taken up from its last batch
    done = job_state(api, group, response)
    assert done["state"] == "done" and done["plays"]["done"] == 23
    assert done["plays"]["added"] == 23
    matches = api.call("GET", group.path, group.view).get_json()["matches"]
    assert len(matches) == 23
    assert sorted(p["total"] for m in matches for p in m["players"] if p["name"] == "Ana") == \
        list(range(23))


def test_a_spreadsheet_with_one_play_written_twice_brings_it_in_once(api, group, brought):
    csv = (b"play,date,game,player,score\r\n"
           b"1,2024-05-01,Heat,Ana,3\r\n1,2024-05-01,Heat,Ben,5\r\n"
           b"2,2024-05-01,Heat,Ana,3\r\n2,2024-05-01,Heat,Ben,5\r\n")
    state = brought(csv)
    assert state["state"] == "done", state
    assert (state["plays"]["added"], state["plays"]["skipped"]) == (1, 1)
    assert [p["message"] for p in state["problems"]] == [
        "The file has this play twice: it is in once."]
    assert len(api.call("GET", group.path, group.view).get_json()["matches"]) == 1



def test_a_plays_own_teams_travel_with_the_groups_export(api, group, brought):
    teamed = export(play("t1", 1, [line(1, "10", winner=True, team="1"), line(2, "4", team="2"),
                                   line(9, "6", team="1")], usesTeams=True))
    assert brought(teamed)["plays"]["added"] == 1
    sides = [(p["name"], p["side"], p["winner"])
             for p in api.call("GET", group.path, group.view).get_json()["matches"][0]["players"]]
    assert sides == [("Ana", 0, True), ("Benedikt", 1, False), ("Anonymous player", 0, True)]

    again = api.call("POST", "/groups/import", json=api.call(
        "GET", f"{group.path}/export.json", group.view).get_json())
    assert again.status_code == 201, again.get_json()
    copy = again.get_json()["matches"][0]["players"]
    assert [(p["name"], p["side"], p["winner"]) for p in copy] == sides
