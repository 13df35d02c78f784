"""Deliveries (SPEC section 12) to real receivers on loopback: a banking is told once, signed; a
receiver that fails then recovers gets the same delivery again; one that never answers holds up
no other; retries on SPEC's schedule, then failed; redirects not followed."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from datetime import UTC, datetime, timedelta

import pytest
from design_fixtures import tally_in
from receivers import until

from app.extensions import db
from app.hosting import lan
from app.models import Delivery, Told


def destination(api, group, url, kind="webhook", events=("match_banked",), **extra):
    response = api.call("POST", f"/groups/{group.id}/destinations", group.owner,
                        json={"kind": kind, "url": url, "events": list(events), **extra})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def listed(api, group):
    response = api.call("GET", f"/groups/{group.id}/destinations", group.owner)
    assert response.status_code == 200, response.get_json()
    return {d["id"]: d for d in response.get_json()["destinations"]}


def deliveries(api, group, made):
    return listed(api, group)[made["id"]]["deliveries"]


def test_a_banking_is_delivered_once_signed_with_the_bank_summary(
        app, api, group, passes, receiver, banked_in):
    hook = destination(api, group, receiver.url)
    match = banked_in(group, ["Ana", "Ben", "Cy"], [5, 3, 1], [4, 2, 0])
    # In the outbox with the banking, sent by nobody yet: the banking waited for no one.
    with app.app_context():
        assert [told.event for told in db.session.scalars(db.select(Told))] == ["match_banked"]
    assert deliveries(api, group, hook) == []
    assert receiver.received == []

    passes.run()
    (got,) = receiver.wait_for(1)
    passes.run()  # delivered: never sent again
    assert len(receiver.received) == 1
    assert got.path == "/hook/secret-path-0123456789abcdef"
    expected = "sha256=" + hmac.new(hook["secret"].encode(), got.body,
                                    hashlib.sha256).hexdigest()
    assert got.headers["X-SquareScores-Signature"] == expected
    assert got.headers["Content-Type"] == "application/json"
    body = json.loads(got.body)
    assert got.headers["X-SquareScores-Event"] == body["event"] == "match_banked"
    assert got.headers["X-SquareScores-Delivery"] == body["id"]
    assert body["group"] == {"id": group.id, "name": "Thursday"}
    summary = body["match"]
    assert summary["id"] == match.id and summary["rounds"] == 2
    assert summary["link"] == f"http://localhost/m/{match.view}"
    assert [(p["name"], p["total"], p["rank"], p["place"], p["winner"])
            for p in summary["players"]] == [("Ana", 9, 1, 1, True), ("Ben", 5, 2, 2, False),
                                            ("Cy", 1, 3, 3, False)]
    assert datetime.fromisoformat(body["occurred_at"]) <= datetime.now(UTC)
    (shown,) = deliveries(api, group, hook)
    assert (shown["id"], shown["event"], shown["status"], shown["attempts"], shown["code"]) == (
        body["id"], "match_banked", "delivered", 1, 200)


def test_a_receiver_that_fails_then_recovers_gets_the_same_delivery_again(
        api, group, passes, receiver, banked_in):
    hook = destination(api, group, receiver.url)
    receiver.answers = [500]
    banked_in(group, ["Ana", "Ben"], [3, 1])
    passes.run()
    (first,) = receiver.wait_for(1)
    (shown,) = deliveries(api, group, hook)
    assert (shown["status"], shown["attempts"], shown["code"]) == ("retrying", 1, 500)
    due = datetime.fromisoformat(shown["next_attempt_at"])
    assert timedelta(seconds=55) < due - datetime.now(UTC) <= timedelta(minutes=1)

    passes.run()  # not due yet: a minute after the try before
    assert len(receiver.received) == 1
    passes.run(due + timedelta(seconds=1))
    second = receiver.wait_for(2)[1]
    assert second.body == first.body  # the same id, the same bytes, the same signature
    assert second.headers["X-SquareScores-Delivery"] == first.headers["X-SquareScores-Delivery"]
    assert second.headers["X-SquareScores-Signature"] == first.headers["X-SquareScores-Signature"]
    (shown,) = deliveries(api, group, hook)
    assert (shown["status"], shown["attempts"], shown["code"]) == ("delivered", 2, 200)


def test_a_delivery_is_tried_again_1_5_30_120_and_720_minutes_on_then_failed(
        app, api, group, passes, receiver, banked_in):
    destination(api, group, receiver.url)
    receiver.answers = [503] * 6
    banked_in(group, ["Ana", "Ben"], [3, 1])
    waits = []
    now = datetime.now(UTC)
    for _ in range(6):
        passes.run(now)
        with app.app_context():
            row = db.session.scalars(db.select(Delivery)).one()
            if row.status == "retrying":
                waits.append(row.next_attempt_at - row.last_attempt_at)
                now = row.next_attempt_at.replace(tzinfo=UTC) + timedelta(seconds=1)
    assert waits == [timedelta(minutes=m) for m in (1, 5, 30, 120, 720)]
    assert (row.status, row.attempts, row.code) == ("failed", 6, 503)
    passes.run(now + timedelta(days=1))
    assert len(receiver.received) == 6


def test_a_receiver_that_never_answers_holds_up_neither_the_banking_nor_another(
        app, api, group, passes, receiver, another_receiver, banked_in):
    # Long enough that no load reaches it: the prompt delivery lands while the silent try waits.
    app.config["NOTIFY_TIMEOUT_SECONDS"] = 5.0
    silent = destination(api, group, receiver.url)
    prompt = destination(api, group, another_receiver.url)
    receiver.answers = ["silent"]
    started = time.monotonic()
    banked_in(group, ["Ana", "Ben"], [3, 1])
    tries = passes.run(wait=False)
    receiver.wait_for(1)
    until(lambda: deliveries(api, group, prompt)[0]["status"] == "delivered")
    # All of that before the silent one's timeout: its try still waits (a state, not a time).
    assert deliveries(api, group, silent)[0]["status"] == "pending"
    assert time.monotonic() - started < app.config["NOTIFY_TIMEOUT_SECONDS"]
    for attempt in tries:
        attempt.join(10)
    (shown,) = deliveries(api, group, silent)
    assert (shown["status"], shown["attempts"], shown["code"]) == ("retrying", 1, None)


def test_a_redirect_is_not_followed(api, group, passes, receiver, another_receiver, banked_in):
    hook = destination(api, group, receiver.url)
    receiver.answers = [("redirect", another_receiver.url)]
    banked_in(group, ["Ana", "Ben"], [3, 1])
    passes.run()
    receiver.wait_for(1)
    (shown,) = deliveries(api, group, hook)
    assert (shown["status"], shown["code"]) == ("retrying", 302)
    assert another_receiver.received == []


def test_each_event_goes_only_where_it_was_asked_for(api, group, passes, receiver,
                                                   another_receiver, start_in, play):
    banked = destination(api, group, receiver.url, events=["match_banked"])
    unbanked = destination(api, group, another_receiver.url, events=["match_unbanked"])
    match = start_in(group, ("Ana", "Ben"), rounds=1)
    play(match, [3, 1])
    assert api.call("POST", f"{match.path}/bank", match.host).status_code == 200
    assert api.call("POST", f"{match.path}/unbank", match.host).status_code == 200
    passes.run()
    (told,) = receiver.wait_for(1)
    (taken_back,) = another_receiver.wait_for(1)
    assert json.loads(told.body)["event"] == "match_banked"
    body = json.loads(taken_back.body)
    assert body["event"] == "match_unbanked"
    # What it takes back: the summary as it was banked.
    assert [p["winner"] for p in body["match"]["players"]] == [True, False]
    assert len(deliveries(api, group, banked)) == len(deliveries(api, group, unbanked)) == 1


def test_a_refused_banking_tells_nobody(api, group, reach_anything, receiver, start_in):
    hook = destination(api, group, receiver.url)
    match = start_in(group, ("Ana", "Ben"), rounds=2)
    assert api.call("POST", f"{match.path}/bank", match.host).status_code == 409
    assert deliveries(api, group, hook) == []


def test_a_night_is_told_as_its_big_screen_sees_it(api, group, passes, receiver):
    destination(api, group, receiver.url,
                events=["night_started", "seating_started", "night_ended"])
    players = [p["id"] for p in api.call("GET", f"/groups/{group.id}", group.owner)
               .get_json()["players"]]
    night = api.call("POST", f"/groups/{group.id}/nights", group.owner,
                     json={"game": "generic", "players": players[:2]}).get_json()
    table = night["seatings"][0][0]
    assert api.call("POST", f"/matches/{table['match']}/abandon",
                    table["tokens"]["host"]).status_code == 200
    assert api.call("POST", f"/nights/{night['id']}/seatings", group.owner).status_code == 201
    assert api.call("POST", f"/nights/{night['id']}/end", group.owner).status_code == 200
    passes.run()
    passes.run()
    passes.run()  # one at a time to a destination, oldest first
    bodies = [json.loads(got.body) for got in receiver.wait_for(3)]
    assert [b["event"] for b in bodies] == ["night_started", "seating_started", "night_ended"]
    assert [len(b["night"]["seatings"]) for b in bodies] == [1, 2, 2]
    assert bodies[2]["night"]["status"] == "ended"
    # As the big screen sees it: no link of the night's or of its tables' is told.
    told = "".join(got.body.decode() for got in receiver.received)
    secrets = {table["tokens"]["host"], table["tokens"]["view"], *table["tokens"]["seats"],
               night["tokens"]["tv"], group.owner, group.view}
    assert not [secret for secret in secrets if secret in told]


@pytest.mark.parametrize("public", [None, "https://scores.example.org"])
def test_a_match_banked_on_the_server_itself_tells_a_link_phones_can_open(
        app, api, group, passes, receiver, banked_in, monkeypatch, public):
    monkeypatch.setattr(lan, "lan_address", lambda toward=lan.TOWARD: "192.168.1.23")
    app.config["PUBLIC_URL"] = public
    destination(api, group, receiver.url)
    # Banked through http://localhost, as a browser on the server's own machine does.
    match = banked_in(group, ["Ana", "Ben"], [5, 3])

    passes.run()
    (got,) = receiver.wait_for(1)

    link = json.loads(got.body)["match"]["link"]
    assert link == f"{public or 'http://192.168.1.23'}/m/{match.view}"


def test_a_logged_play_is_told_as_a_banking_with_its_played_game(
        api, group, passes, receiver):
    hook = destination(api, group, receiver.url)
    game = api.call("POST", f"/groups/{group.id}/games", group.owner,
                    json={"name": "Cascadia"}).get_json()
    ids = {p["name"]: p["id"] for p in group.created["players"]}
    logged = api.call("POST", f"/groups/{group.id}/plays", group.owner, json={
        "game": game["id"], "played_at": "2026-11-20T21:00:00+01:00",
        "players": [{"player": ids["Ana"], "score": "88.5"}, {"guest": "Zoe", "score": "90"}]})
    assert logged.status_code == 201, logged.get_json()

    passes.run()
    (got,) = receiver.wait_for(1)
    body = json.loads(got.body)
    assert body["event"] == "match_banked"
    summary = body["match"]
    assert summary["game"] == "played" and summary["name"] == "Cascadia"
    assert summary["played_game"] == {"id": game["id"], "name": "Cascadia"}
    assert summary["link"] is None  # a play has no link of its own
    assert [(p["name"], p["total"], p["winner"], p["guest"]) for p in summary["players"]] == [
        ("Ana", 88.5, False, False), ("Zoe", 90, True, True)]
    assert deliveries(api, group, hook)[0]["status"] == "delivered"


def test_an_import_of_plays_tells_the_chat_nothing(app, api, group, passes, receiver):
    from app.services.plays.jobs import run_pending
    destination(api, group, receiver.url)
    export = {"players": [{"id": 1, "uuid": "u1", "name": "Ana", "isAnonymous": False}],
              "games": [{"id": 1, "uuid": "g1", "name": "Heat"}],
              "plays": [{"uuid": "p1", "gameRefId": 1, "playDate": "2024-01-01 20:00:00",
                         "playerScores": [{"playerRefId": 1, "score": "3", "winner": True}]}]}
    started = api.client.post(f"/api/v1/groups/{group.id}/imports", data=json.dumps(export),
                              content_type="application/json",
                              headers={"Authorization": f"Bearer {group.owner}"})
    assert started.status_code == 202, started.get_json()
    run_pending(app)
    assert len(api.call("GET", f"/groups/{group.id}", group.view).get_json()["matches"]) == 1
    with app.app_context():
        assert db.session.scalars(db.select(Told)).all() == []


def test_a_designs_match_is_told_with_its_design_beside_its_game(api, group, passes, receiver):
    destination(api, group, receiver.url)
    design = api.call("POST", "/designs", json=DICE).get_json()
    tally_in(api, group, design["id"], [{"sixes": 4}, {"sixes": 1}], ("Ana", "Ben"))

    passes.run()
    (got,) = receiver.wait_for(1)
    summary = json.loads(got.body)["match"]
    assert summary["game"] == "custom"  # what it said before keeps its meaning
    assert summary["design"] == {"id": design["id"], "version": 1, "name": "Dice night",
                                 "names": {"de": "Würfelabend"}}


# A tally of one row, named in German too.
DICE = {"name": "Dice night", "rows": [
    {"key": "sixes", "label": "Sixes", "kind": "count", "points": 2}],
    "labels": {"de": {"name": "Würfelabend"}}}
