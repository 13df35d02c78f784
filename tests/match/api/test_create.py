"""POST /api/v1/matches: a new match, its options filled in, a token for everyone at the table."""

from __future__ import annotations

import os
import re

import pytest
from api_helpers import error_of, match_count

URLSAFE_128_BITS = re.compile(r"[A-Za-z0-9_-]{22,}")  # 22 base64 characters carry 132 bits


def test_create_answers_201_with_the_match_and_a_token_per_role(client):
    response = client.post("/api/v1/matches", json={
        "game": "generic", "players": ["Ana", "Ben", "Cy"], "options": {"target": 100},
        "name": "Friday"})

    assert response.status_code == 201
    assert response.headers["ETag"] == '"1"'
    created = response.get_json()
    assert response.headers["Location"].endswith(f"/api/v1/matches/{created['id']}")
    assert created["game"] == "generic"
    assert created["name"] == "Friday"
    assert created["status"] == "active"
    assert created["version"] == 1
    assert created["players"] == [{"seat": 0, "name": "Ana"}, {"seat": 1, "name": "Ben"},
                                  {"seat": 2, "name": "Cy"}]
    assert created["sides"] == [{"index": i, "name": name, "seats": [i]}
                                for i, name in enumerate(["Ana", "Ben", "Cy"])]
    assert created["rounds"] == []
    assert created["totals"] == [0, 0, 0]
    assert created["winners"] == []
    assert set(created["tokens"]) == {"host", "view", "seats"}
    assert len(created["tokens"]["seats"]) == 3


def test_the_created_match_is_what_get_shows_every_token(api):
    created = api.create()
    tokens = created.pop("tokens")
    created.pop("links", None)

    for token in [tokens["host"], tokens["view"], *tokens["seats"]]:
        response = api.call("GET", f"/matches/{created['id']}", token)
        assert response.status_code == 200
        assert response.get_json() == created


def test_tokens_are_long_random_and_never_shared(api):
    seen = []
    for _ in range(4):
        tokens = api.create()["tokens"]
        seen += [tokens["host"], tokens["view"], *tokens["seats"]]

    assert all(URLSAFE_128_BITS.fullmatch(token) for token in seen), seen
    assert len(set(seen)) == len(seen)


def test_match_ids_are_not_counters(api):
    ids = [api.create()["id"] for _ in range(5)]

    assert len(set(ids)) == 5
    for match_id in ids:
        assert not match_id.isdigit()
        assert re.fullmatch(r"[A-Za-z0-9_-]{10,}", match_id), match_id
    # Consecutive ids that only differ at the end would betray a counter, however encoded.
    assert len(os.path.commonprefix(ids)) < 4


def test_options_have_their_defaults_filled_in(api):
    assert api.create()["options"] == {
        "target": None, "rounds": None, "lowest_wins": False, "allow_negative": True}
    assert api.create(options={"target": 50, "lowest_wins": True})["options"] == {
        "target": 50, "rounds": None, "lowest_wins": True, "allow_negative": True}
    assert api.create(options={"rounds": 8, "allow_negative": False})["options"] == {
        "target": None, "rounds": 8, "lowest_wins": False, "allow_negative": False}


def test_names_are_trimmed_and_forty_characters_is_enough(api):
    forty = "x" * 40
    created = api.create(["  Ana ", f"\t{forty}\n"], name="  Friday night  ")

    assert [p["name"] for p in created["players"]] == ["Ana", forty]
    assert [s["name"] for s in created["sides"]] == ["Ana", forty]
    assert created["name"] == "Friday night"
    shown = api.call("GET", f"/matches/{created['id']}", created["tokens"]["view"]).get_json()
    assert [p["name"] for p in shown["players"]] == ["Ana", forty]
    assert shown["name"] == "Friday night"


@pytest.mark.parametrize("count", [1, 12])
def test_one_to_twelve_players_may_play(api, count):
    created = api.create([f"P{i}" for i in range(count)])
    assert len(created["players"]) == count
    assert len(created["tokens"]["seats"]) == count
    assert created["totals"] == [0] * count


@pytest.mark.parametrize("body, field", [
    ({"game": "generic", "players": [f"P{i}" for i in range(13)]}, "players"),
    ({"game": "generic", "players": []}, "players"),
    ({"game": "generic"}, "players"),
    ({"game": "generic", "players": "Ana, Ben"}, "players"),
    ({"game": "generic", "players": ["Ana", ""]}, "players[1]"),
    ({"game": "generic", "players": ["Ana", "   "]}, "players[1]"),
    ({"game": "generic", "players": ["Ana", "x" * 41]}, "players[1]"),
    ({"game": "generic", "players": [" " + "x" * 41 + " "]}, "players[0]"),
    ({"game": "generic", "players": ["Ana", 7]}, "players[1]"),
    ({"game": "generic", "players": ["Ana", None]}, "players[1]"),
    ({"game": "poker", "players": ["Ana"]}, "game"),
    ({"players": ["Ana"]}, "game"),
    ({"game": "generic", "players": ["Ana"], "options": {"colour": "red"}}, "options.colour"),
    ({"game": "generic", "players": ["Ana"], "options": ["target"]}, "options"),
    ({"game": "generic", "players": ["Ana"], "options": {"target": 0}}, "options.target"),
    ({"game": "generic", "players": ["Ana"], "options": {"target": 2.5}}, "options.target"),
    ({"game": "generic", "players": ["Ana"], "options": {"target": "100"}}, "options.target"),
    ({"game": "generic", "players": ["Ana"], "options": {"target": True}}, "options.target"),
    ({"game": "generic", "players": ["Ana"], "options": {"rounds": 0}}, "options.rounds"),
    ({"game": "generic", "players": ["Ana"], "options": {"lowest_wins": "yes"}},
     "options.lowest_wins"),
    ({"game": "generic", "players": ["Ana"], "options": {"allow_negative": None}},
     "options.allow_negative"),
    ({"game": "generic", "players": ["Ana"], "name": "x" * 81}, "name"),
    ({"game": "generic", "players": ["Ana"], "name": 12}, "name"),
])
def test_invalid_new_matches_are_422_on_their_field_and_create_nothing(app, client, body, field):
    before = match_count(app)

    error = error_of(client.post("/api/v1/matches", json=body), 422)

    assert error["field"] == field
    assert match_count(app) == before


def test_a_body_that_is_not_an_object_is_422(app, client):
    error_of(client.post("/api/v1/matches", json=["generic", ["Ana"]]), 422)
    assert match_count(app) == 0


@pytest.mark.parametrize("raw", [
    b'{"game": "generic", "players": ["Ana"]',
    b'{"game": "generic", "players": ["Ana"], "options": {"target": NaN}}',
    b'{"game": "generic", "players": ["Ana"], "options": {"target": Infinity}}',
    b'{"game": "generic", "players": ["\xff\xfe"]}',
    b'{"game": "generic", "players": ["\\ud800"]}',
    b'{"game": "generic", "players": ["Ana"], "name": "\\udfff"}',
    b"",
])
def test_malformed_json_is_400_and_creates_nothing(app, client, raw):
    error_of(client.post("/api/v1/matches", data=raw, content_type="application/json"), 400)
    assert match_count(app) == 0


@pytest.mark.parametrize("typed, kept", [
    ("Ana\x00", "Ana"), ("A\nna", "Ana"), ("B\x07en", "Ben"), ("C\x7fy", "Cy"),
    ("Ana\u200b", "Ana"), ("\u202eAna", "Ana"), ("ＡＮＡ", "ANA"), ("  Ana   Lee ", "Ana Lee"),
    ("Ana\u3000Lee", "Ana Lee"), ("\ufeffZoe\u2060", "Zoe"), ("E\u0301va", "Éva"),
])
def test_a_name_is_kept_in_its_normal_form(api, typed, kept):
    """SPEC section 6: NFKC, nothing invisible (control, format, zero-width, bidi), each run of
    spaces one, trimmed; for players' and matches' names alike."""
    body = api.create([typed, "Dee"], name=typed)
    assert body["players"][0]["name"] == kept
    assert body["name"] == kept


@pytest.mark.parametrize("name", ["\u200b", "\u202e\u202c", "\u3164", "\u2800 \u2800", "\x00",
                                  "\ufe0f", " \u00ad "])
def test_a_name_of_nothing_visible_is_422(api, name):
    response = api.call("POST", "/matches", json={"game": "generic", "players": [name, "Dee"]})
    assert response.status_code == 422
    assert response.get_json()["error"]["field"] == "players[0]"
    response = api.call("POST", "/matches", json={"game": "generic", "players": ["Dee"],
                                                  "name": name})
    assert response.status_code == 422
    assert response.get_json()["error"]["field"] == "name"


def test_a_match_named_after_long_names_keeps_each_name_whole(api):
    names = ["Maximiliane Schwarzenberg", "Konstantin Alexandrowitsch", "Bartholomäus Oberhuber",
             "Wilhelmine Zimmermann"]
    created = api.call("POST", "/matches", json={"game": "generic", "players": names})
    assert created.status_code == 201

    name = created.get_json()["name"]

    assert len(name) <= 80 and name.endswith(", …")
    assert [part for part in name.split(", ")[:-1]] == names[:len(name.split(", ")) - 1]
    short = api.call("POST", "/matches", json={"game": "generic", "players": ["Ana", "Ben"]})
    assert short.get_json()["name"] == "Ana, Ben"
