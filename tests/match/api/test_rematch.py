"""SPEC section 3, rematch: the host starts the next match of a finished one, and every link of
the old match is offered its own link to the new one. Also the match's place and note."""

from __future__ import annotations

import pytest
from api_helpers import error_of, get, match_count


@pytest.fixture
def over(start, play, api):
    """Three players, the line moved to 12 and reached: over."""
    match = start(("Ana", "Ben", "Cy"), target=10)
    assert api.call("PATCH", f"{match.path}/options", match.host,
                    json={"target": 12}).status_code == 200
    play(match, [5, 12, 3])
    return match


@pytest.mark.parametrize("end", ["over", "banked", "abandoned"])
def test_the_host_starts_the_next_match_like_a_create(api, over, end):
    if end != "over":
        api.call("POST", f"{over.path}/{'bank' if end == 'banked' else 'abandon'}", over.host)

    response = api.call("POST", f"{over.path}/rematch", over.host)

    assert response.status_code == 201
    new = response.get_json()
    assert new["id"] != over.id and new["status"] == "active" and new["rounds"] == []
    assert new["game"] == "generic" and new["name"] == over.created["name"]
    assert new["players"] == over.created["players"]
    assert new["options"]["target"] == 12  # as moved
    assert set(new["tokens"]) == {"host", "view", "seats"} and len(new["tokens"]["seats"]) == 3
    assert response.headers["Location"].endswith(f"/api/v1/matches/{new['id']}")
    assert get(api, over)["status"] == end


def test_every_old_link_is_offered_its_own_new_link(api, over):
    before = get(api, over)["version"]
    new = api.call("POST", f"{over.path}/rematch", over.host).get_json()["tokens"]

    mine = {over.host: new["host"], over.view: new["view"],
            **{old: fresh for old, fresh in zip(over.seats, new["seats"], strict=True)}}
    for old, fresh in mine.items():
        body = get(api, over, old)
        assert body["next"]["token"] == fresh
        assert body["version"] == before + 1  # polling and streaming phones notice
        assert get(api, type(over)(body["next"]["id"], "", "", (), {}), fresh)["rounds"] == []


def test_the_next_link_stays_true_when_a_new_link_is_replaced(api, over):
    new = api.call("POST", f"{over.path}/rematch", over.host).get_json()
    version = get(api, over)["version"]

    fresh = api.call("POST", f"/matches/{new['id']}/tokens/replace", new["tokens"]["host"],
                     json={"role": "seat", "seat": 1}).get_json()["seats"][1]

    body = get(api, over, over.seats[1])
    assert body["next"]["token"] == fresh and body["version"] == version + 1
    assert get(api, over, over.seats[0])["next"]["token"] == new["tokens"]["seats"][0]


def test_before_a_rematch_there_is_no_next(api, over):
    assert get(api, over)["next"] is None


def test_no_rematch_while_the_match_is_played(app, start, refused):
    match = start()
    before = match_count(app)
    refused(match, 409, "POST", f"{match.path}/rematch", match.host)
    assert match_count(app) == before


def test_one_rematch_per_match(app, api, over, refused):
    assert api.call("POST", f"{over.path}/rematch", over.host).status_code == 201
    refused(over, 409, "POST", f"{over.path}/rematch", over.host)


def test_only_the_host_starts_a_rematch_401_404_403_412_409_in_order(api, start, over, refused):
    other = start()
    refused(over, 401, "POST", f"{over.path}/rematch", None)
    refused(over, 404, "POST", f"{over.path}/rematch", other.host)
    for token in (over.view, *over.seats):
        refused(over, 403, "POST", f"{over.path}/rematch", token, headers={"If-Match": '"0"'})
    refused(over, 412, "POST", f"{over.path}/rematch", over.host, headers={"If-Match": '"0"'})
    refused(other, 409, "POST", f"{other.path}/rematch", other.host, headers={"If-Match": '"1"'})


def test_a_groups_rematch_stays_in_the_group_with_its_players(api, group, banked_in):
    old = banked_in(group, [" ana", "Ben"], [1, 5])
    roster = {p["name"]: p["id"] for p in api.call("GET", group.path, group.view).json["players"]}

    new = api.call("POST", f"{old.path}/rematch", old.host).get_json()
    assert new["group"] == group.id
    api.call("POST", f"/matches/{new['id']}/rounds", new["tokens"]["host"],
             json={"scores": [9, 1]})
    assert api.call("POST", f"/matches/{new['id']}/bank", new["tokens"]["host"]).status_code == 200

    summaries = api.call("GET", group.path, group.view).get_json()["matches"]
    assert [p["player"] for p in summaries[0]["players"]] == [roster["Ana"], roster["Ben"]]
    assert [p["winner"] for p in summaries[0]["players"]] == [True, False]


def test_a_rematch_counts_toward_the_creation_limit(app, api, over):
    app.config["RATELIMIT_ENABLED"] = True
    app.config["RATELIMIT_CREATE_PER_MINUTE"] = 1
    from app import ratelimit

    ratelimit.reset()
    api.create()
    response = api.call("POST", f"{over.path}/rematch", over.host)
    error_of(response, 429)
    assert get(api, over)["next"] is None
    ratelimit.reset()


# --- place and note ------------------------------------------------------------------------


def test_the_host_adds_a_place_and_a_note_in_any_state(api, over):
    response = api.call("PATCH", over.path, over.host,
                        json={"place": " Mia's kitchen ", "note": "Ben's birthday\nCake."})
    assert response.status_code == 200
    body = response.get_json()
    assert (body["place"], body["note"]) == ("Mia's kitchen", "Ben's birthday\nCake.")
    api.call("POST", f"{over.path}/bank", over.host)
    banked = api.call("PATCH", over.path, over.host, json={"note": None})
    assert banked.status_code == 200
    assert (banked.get_json()["place"], banked.get_json()["note"]) == ("Mia's kitchen", None)
    assert get(api, over, over.view)["note"] is None


@pytest.mark.parametrize("body, field", [
    ({"place": "x" * 81}, "place"), ({"note": "x" * 501}, "note"), ({"place": 5}, "place"),
    ({"note": ["a"]}, "note"), ({"colour": "red"}, "colour"),
    ({}, None), ([], None),
])
def test_place_and_note_are_short_plain_text(over, refused, body, field):
    error = refused(over, 422, "PATCH", over.path, over.host, json=body)
    assert error.get("field") == field


def test_place_and_note_are_kept_in_the_normal_form_of_names(api, over):
    """SPEC section 6: nothing invisible, runs of spaces one; a note keeps its lines."""
    body = api.call("PATCH", over.path, over.host, json={
        "place": "Mia\u200b's\u3000 kitchen\u202e", "note": "Ben's\x00  birthday\r\n\u2060Cake."})
    assert body.status_code == 200
    assert (body.get_json()["place"], body.get_json()["note"]) == (
        "Mia's kitchen", "Ben's birthday\nCake.")
    body = api.call("PATCH", over.path, over.host, json={"place": "\u200b", "note": " \ufeff "})
    assert (body.get_json()["place"], body.get_json()["note"]) == (None, None)


def test_only_the_host_adds_them(over, refused):
    for token in (over.view, *over.seats):
        refused(over, 403, "PATCH", over.path, token, json={"place": "Home"})


def test_a_banked_matchs_place_shows_in_the_bank(api, group, banked_in):
    match = banked_in(group, ["Ana", "Ben"], [1, 5])
    version = api.call("GET", group.path, group.view).get_json()["version"]

    api.call("PATCH", match.path, match.host, json={"place": "The pub", "note": "Rain."})

    body = api.call("GET", group.path, group.view).get_json()
    assert body["version"] > version
    assert (body["matches"][0]["place"], body["matches"][0]["note"]) == ("The pub", "Rain.")
