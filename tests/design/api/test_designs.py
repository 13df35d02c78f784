"""SPEC section 10, the designs' endpoints row by row: made by anyone (201, its owner's link),
read by anyone with the id (ETag, 304), a new version and a deletion by its owner alone (401,
404, 403 in that order; If-Match and 412), the gallery, and every refusal with its field."""

from __future__ import annotations

import json

import pytest
from api_helpers import error_of
from design_fixtures import ROUNDS, TALLY, design
from sqlalchemy import func, select

from app import create_app, ratelimit
from app.extensions import db
from app.models import Design, DesignVersion
from config import TestConfig


def stored_designs(app) -> tuple[int, int]:
    with app.app_context():
        return (db.session.scalar(select(func.count()).select_from(Design)),
                db.session.scalar(select(func.count()).select_from(DesignVersion)))


def test_a_design_is_made_by_anyone_and_kept_with_every_default_filled_in(api, made):
    answer = api.call("POST", "/designs", json=TALLY)

    assert answer.status_code == 201
    body = answer.get_json()
    assert set(body) == {"id", "version", "design", "tokens", "links"}
    assert body["version"] == 1 and len(body["tokens"]["owner"]) >= 32
    assert answer.headers["ETag"] == '"1"'
    assert answer.headers["Location"].endswith(f"/api/v1/designs/{body['id']}")
    kept = body["design"]
    assert kept["scoring"] == "game" and kept["winner"] == "highest"
    assert kept["rows"][0] == {"key": "sixes", "label": "Sixes", "kind": "count", "counts": True,
                               "max": 5, "points": 2}
    assert body["links"]["owner"].endswith(f"/d/{body['id']}/{body['tokens']['owner']}")
    # Two designs are never the same id, and an id tells nothing of another.
    assert made()["id"] != body["id"]


def test_anyone_with_the_id_reads_it_and_a_poll_that_has_it_is_304(api, made):
    created = made()
    path = f"/designs/{created['id']}"

    read = api.call("GET", path)
    assert read.status_code == 200 and read.get_json() == {
        "id": created["id"], "version": 1, "design": created["design"]}
    assert read.headers["ETag"] == '"1"' and read.headers["Cache-Control"] == "no-store"
    unchanged = api.call("GET", path, headers={"If-None-Match": '"1"'})
    assert unchanged.status_code == 304 and unchanged.data == b""
    error_of(api.call("GET", "/designs/nosuchdesign"), 404)
    error_of(api.call("GET", f"{path}?version=2"), 404)
    assert error_of(api.call("GET", f"{path}?version=x"), 422)["field"] == "version"


def test_the_owner_makes_a_new_version_and_the_old_one_stays_readable(api, made):
    created = made()
    path, owner = f"/designs/{created['id']}", created["tokens"]["owner"]

    changed = api.call("PUT", path, owner, json=design(TALLY, winner="lowest"),
                       headers={"If-Match": '"1"'})

    assert changed.status_code == 200 and changed.headers["ETag"] == '"2"'
    assert changed.get_json()["version"] == 2
    assert changed.get_json()["design"]["winner"] == "lowest"
    assert api.call("GET", path).get_json()["version"] == 2
    assert api.call("GET", f"{path}?version=1").get_json()["design"]["winner"] == "highest"
    # A poll holding version 1 hears of version 2.
    assert api.call("GET", path, headers={"If-None-Match": '"1"'}).status_code == 200


def test_a_version_made_meanwhile_is_412_and_changes_nothing(app, api, made):
    created = made()
    path, owner = f"/designs/{created['id']}", created["tokens"]["owner"]
    api.call("PUT", path, owner, json=design(TALLY, name="Second"))
    before = stored_designs(app)

    error = error_of(api.call("PUT", path, owner, json=design(TALLY, name="Third"),
                              headers={"If-Match": "1"}), 412)

    assert "version 2" in error["message"]
    assert stored_designs(app) == before
    # SPEC order: 412 before the 422 of a design that breaks a rule; 400 before both.
    error_of(api.call("PUT", path, owner, json={"rows": []}, headers={"If-Match": "1"}), 412)
    error_of(api.call("PUT", path, owner, data="{", headers={"If-Match": "1"},
                      content_type="application/json"), 400)


def test_only_its_owner_link_changes_or_deletes_it_in_spec_order(api, made):
    mine, theirs = made(), made()
    path = f"/designs/{mine['id']}"
    body = design(TALLY, name="Stolen")

    for method in ("PUT", "DELETE"):
        error_of(api.call(method, path, json=body), 401)
        error_of(api.call(method, path, "no-such-link", json=body), 401)
        # 401 before 404: an unknown link learns nothing of which designs exist.
        error_of(api.call(method, "/designs/nosuchdesign", "no-such-link", json=body), 401)
        error_of(api.call(method, "/designs/nosuchdesign", theirs["tokens"]["owner"], json=body),
                 404)
        error_of(api.call(method, path, theirs["tokens"]["owner"], json=body), 403)
        error_of(api.call(method, "/designs/yahtzee", theirs["tokens"]["owner"], json=body), 403)
    assert api.call("GET", path).get_json()["design"]["name"] == "Dice night"


def test_a_deleted_design_is_gone_but_its_matches_keep_their_copies(api, made, played_design):
    created = made()
    path, owner = f"/designs/{created['id']}", created["tokens"]["owner"]
    match = played_design(created["id"])

    gone = api.call("DELETE", path, owner)

    assert gone.status_code == 204 and gone.data == b""
    error_of(api.call("GET", path), 404)
    refused = api.call("POST", "/matches", json={"game": "custom", "players": ["Ana", "Ben"],
                                                 "design": created["id"]})
    assert error_of(refused, 404)["message"] == "No such design."
    kept = api.call("GET", f"/matches/{match['id']}", match["tokens"]["host"]).get_json()
    assert kept["design"] == {"id": created["id"], "version": 1, "design": created["design"]}
    # Its owner link went with it.
    error_of(api.call("DELETE", path, owner), 401)


@pytest.mark.parametrize("body, field, said", [
    ({"rows": TALLY["rows"]}, "name", "text"),
    (design(TALLY, rows=[]), "rows", "1 to 40"),
    (design(TALLY, rows=[*TALLY["rows"], dict(TALLY["rows"][0])]), "rows[3].key", "share"),
    (design(TALLY, rows=[TALLY["rows"][0], {"key": "x", "label": "X", "kind": "formula",
                                            "formula": "sixes +* 2"}]),
     "rows[1].formula", "character 8"),
    (design(TALLY, rows=[{"key": "a", "label": "A", "kind": "formula", "formula": "b + 1"},
                         {"key": "b", "label": "B", "kind": "formula", "formula": "a"}]),
     "rows[0].formula", "a → b → a"),
    (design(TALLY, players=[3, 2]), "players", "fewest"),
    (design(TALLY, tiebreak=[{"row": "nope"}]), "tiebreak[0].row", "nope"),
    (design(TALLY, scoring="game", rounds=3), "rounds", "tally"),
    (design(TALLY, labels={"ar": {"rows": {"nope": "لا"}}}), "labels.ar.rows.nope", "nope"),
    (design(TALLY, colour="red"), "colour", "Unknown"),
    (design(ROUNDS, rows=[ROUNDS["rows"][0], ROUNDS["rows"][1] | {"of": "best"}]),
     "rows[1].of", "rank row"),
])
def test_a_design_that_breaks_a_rule_is_422_at_its_path_and_makes_nothing(app, api, body,
                                                                           field, said):
    error = error_of(api.call("POST", "/designs", json=body), 422)

    assert error["field"] == field and said in error["message"]
    assert stored_designs(app) == (0, 0)


def test_a_design_past_64_kib_is_422_and_a_broken_body_400(app, api):
    wide = design(TALLY, tiebreak=[], labels={},
                  rows=[{"key": f"r{i}", "label": "ℵ" * 40, "kind": "choice",
                         "options": [{"label": "ℵ" * 40, "points": 1}] * 20} for i in range(40)])
    assert len(json.dumps(wide, ensure_ascii=False).encode()) > 64 * 1024

    assert "64 KiB" in error_of(api.call("POST", "/designs", json=wide), 422)["message"]
    error_of(api.call("POST", "/designs", data="{", content_type="application/json"), 400)
    error_of(api.call("POST", "/designs", json=[TALLY]), 422)
    assert stored_designs(app) == (0, 0)


def test_the_gallery_ships_its_designs_each_readable_by_its_id(api):
    answer = api.call("GET", "/designs/gallery")

    assert answer.status_code == 200
    shipped = answer.get_json()
    assert len(shipped) >= 8 and all(set(item) == {"id", "design"} for item in shipped)
    ids = [item["id"] for item in shipped]
    assert {"yahtzee", "7-wonders"} <= set(ids)
    yahtzee = shipped[ids.index("yahtzee")]["design"]
    assert api.call("GET", "/designs/yahtzee").get_json() == {
        "id": "yahtzee", "version": 1, "design": yahtzee}


@pytest.fixture
def limited(tmp_path):
    class Limited(TestConfig):
        SQLALCHEMY_DATABASE_URI = f"sqlite:///{tmp_path / 'limited.db'}"
        RATELIMIT_ENABLED = True
        RATELIMIT_CREATE_PER_MINUTE = 2

    app = create_app(Limited)
    with app.app_context():
        db.create_all()
    ratelimit.reset()
    yield app.test_client()
    ratelimit.reset()
    with app.app_context():
        db.session.remove()
        db.drop_all()
        db.engine.dispose()


def test_designs_count_toward_the_creation_limit_refused_ones_too(limited):
    assert limited.post("/api/v1/designs", json={"rows": []}).status_code == 422
    assert limited.post("/api/v1/matches", json={"game": "generic",
                                                 "players": ["Ana"]}).status_code == 201
    refused = limited.post("/api/v1/designs", json=TALLY)

    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
