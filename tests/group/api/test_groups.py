"""SPEC section 3: a group, its links, its roster (add, rename, merge), and taking a match out of
the bank and back."""

from __future__ import annotations

import gzip
import json

import pytest
from api_helpers import error_of, group_count

NAMES = ["Ana", "Ben", "Cy"]


def roster(api, group) -> dict[str, int]:
    body = api.call("GET", group.path, group.view).get_json()
    return {player["name"]: player["id"] for player in body["players"]}


# --- starting a group ----------------------------------------------------------------------


def test_anyone_starts_a_group_with_its_roster_and_two_links(api):
    response = api.call("POST", "/groups", json={"name": " Thursday ", "players": NAMES})

    assert response.status_code == 201
    body = response.get_json()
    assert body["name"] == "Thursday"
    assert [p["name"] for p in body["players"]] == NAMES
    assert len({p["id"] for p in body["players"]}) == 3
    assert body["matches"] == [] and body["version"] >= 1
    tokens = body["tokens"]
    assert set(tokens) == {"owner", "view"} and tokens["owner"] != tokens["view"]
    for secret in tokens.values():  # 32 random bytes in base64: 256 bits
        assert len(secret) >= 43
    assert body["links"]["owner"].endswith(f"/g/{tokens['owner']}")
    assert response.headers["Location"].endswith(f"/api/v1/groups/{body['id']}")
    assert response.headers["ETag"] == f'"{body["version"]}"'


def test_group_ids_are_not_counters(new_group):
    ids = {new_group().id for _ in range(5)}
    assert len(ids) == 5 and all(len(i) >= 12 for i in ids)


def test_a_group_starts_without_a_roster_too(api, new_group):
    group = new_group()
    assert api.call("GET", group.path, group.owner).get_json()["players"] == []


@pytest.mark.parametrize("body, field", [
    ({}, "name"), ({"name": "   "}, "name"), ({"name": 7}, "name"), ({"name": "x" * 81}, "name"),
    ({"name": "\u200b\x00"}, "name"), ({"name": "T", "players": "Ana"}, "players"),
    ({"name": "T", "players": ["Ana", ""]}, "players[1]"),
    ({"name": "T", "players": ["x" * 41]}, "players[0]"),
    ({"name": "T", "players": ["\u202e\u2800"]}, "players[0]"),
])
def test_a_group_needs_a_name_and_plain_names(app, api, body, field):
    error = error_of(api.call("POST", "/groups", json=body), 422)
    assert error["field"] == field
    assert group_count(app) == 0


@pytest.mark.parametrize("twin", [" ANA ", "Ana\u200b", "Ana\u202e", "ＡＮＡ", "A\u00adna"])
def test_names_that_are_one_after_normalising_are_one_player(app, api, new_group, twin):
    """SPEC section 6: "ＡＮＡ", "Ana\u200b" and "ana" are one player: a roster cannot hold both
    (409), and a match started from the group seats the one already on it."""
    error = error_of(api.call("POST", "/groups", json={"name": "T", "players": ["Ana", twin]}),
                     409)
    assert error["field"] == "players[1]"
    group = new_group(players=["Ana"])
    error_of(api.call("POST", f"{group.path}/players", group.owner, json={"name": twin}), 409)
    assert [p["name"] for p in api.call("GET", group.path, group.owner).get_json()["players"]] \
        == ["Ana"]


def test_one_name_twice_ignoring_case_and_spaces_is_409(app, api):
    error = error_of(api.call("POST", "/groups", json={"name": "T", "players": ["Ana", " ANA "]}),
                     409)
    assert error["field"] == "players[1]"
    assert group_count(app) == 0


def test_a_body_that_is_not_json_is_400(app, api):
    error_of(api.call("POST", "/groups", data=b"{", content_type="application/json"), 400)
    error_of(api.call("POST", "/groups", json=["T"]), 422)
    assert group_count(app) == 0


# --- reading it ----------------------------------------------------------------------------


def test_owner_and_view_read_the_group_and_its_etag_answers_304(api, group):
    owner = api.call("GET", group.path, group.owner)
    view = api.call("GET", group.path, group.view)

    assert owner.status_code == view.status_code == 200
    assert owner.get_json() == view.get_json()
    assert set(owner.get_json()) == {"id", "name", "ratings", "players", "matches", "version",
                                     "next"}
    assert owner.get_json()["next"] is None
    tag = owner.headers["ETag"]
    again = api.call("GET", group.path, group.view, headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.headers["ETag"] == tag
    weak = api.call("GET", group.path, group.view, headers={"If-None-Match": f"W/{tag}"})
    assert weak.status_code == 304
    assert "no-store" in owner.headers["Cache-Control"]


def test_every_change_to_the_group_changes_its_etag(api, group):
    tag = api.call("GET", group.path, group.view).headers["ETag"]
    assert api.call("POST", f"{group.path}/players", group.owner,
                    json={"name": "Dee"}).status_code == 201
    after = api.call("GET", group.path, group.view, headers={"If-None-Match": tag})
    assert after.status_code == 200 and after.headers["ETag"] != tag


@pytest.mark.parametrize("path", ["", "/stats", "/stats?game=generic", "/tonight",
                                  "/head-to-head?a=1&b=2", "/export.csv", "/export.json"])
def test_reads_are_401_404_in_order(api, group, new_group, path):
    other = new_group()
    error_of(api.call("GET", group.path + path), 401)
    error_of(api.call("GET", group.path + path, "not-a-token"), 401)
    error_of(api.call("GET", group.path + path, other.owner), 404)
    error_of(api.call("GET", "/groups/nope" + path, group.owner), 404)
    match_token = api.create()["tokens"]["host"]  # a match's link is no group's
    error_of(api.call("GET", group.path + path, match_token), 401)


WRITES = [
    ("POST", "/players", {"name": "Dee"}),
    ("PUT", "/players/{pid}", {"name": "Dee"}),
    ("POST", "/players/{pid}/merge", {"into": 1}),
    ("POST", "/tokens/replace", {"role": "view"}),
    ("GET", "/tokens", None),
    ("DELETE", "/matches/{mid}", None),
    ("POST", "/matches/{mid}", None),
]


@pytest.mark.parametrize("method, tail, body", WRITES)
def test_writes_are_the_owners_401_404_403_in_order(api, group, new_group, group_refused,
                                                    method, tail, body):
    other = new_group()
    path = group.path + tail.format(pid=roster(api, group)["Ben"], mid="nope")
    group_refused(group, 401, method, path, None, json=body)
    group_refused(group, 404, method, path, other.owner, json=body)
    group_refused(group, 403, method, path, group.view, json=body)
    # 403 comes before a body that is not JSON, and before a stale If-Match
    group_refused(group, 403, method, path, group.view, data=b"{",
                  content_type="application/json", headers={"If-Match": '"0"'})


def test_unknown_group_links_are_rate_limited(app, api, group):
    app.config["RATELIMIT_ENABLED"] = True
    app.config["RATELIMIT_UNKNOWN_TOKEN_PER_MINUTE"] = 3
    from app import ratelimit

    ratelimit.reset()
    for _ in range(3):
        error_of(api.call("GET", group.path, "guess"), 401)
    response = api.call("GET", group.path, "guess")
    error_of(response, 429)
    assert int(response.headers["Retry-After"]) > 0
    ratelimit.reset()


def test_starting_groups_is_rate_limited(app, api):
    app.config["RATELIMIT_ENABLED"] = True
    app.config["RATELIMIT_CREATE_PER_MINUTE"] = 2
    from app import ratelimit

    ratelimit.reset()
    for _ in range(2):
        assert api.call("POST", "/groups", json={"name": "T"}).status_code == 201
    response = api.call("POST", "/groups", json={"name": "T"})
    error_of(response, 429)
    assert response.headers["Retry-After"]
    assert group_count(app) == 2
    ratelimit.reset()


# --- the roster ----------------------------------------------------------------------------


def test_the_owner_adds_a_player(api, group):
    response = api.call("POST", f"{group.path}/players", group.owner, json={"name": "  Dee "})

    assert response.status_code == 201
    body = response.get_json()
    assert body["player"]["name"] == "Dee"
    assert {"id": body["player"]["id"], "name": "Dee"} in body["players"]
    assert response.headers["ETag"] == f'"{body["version"]}"'


@pytest.mark.parametrize("name", ["ana", " ANA ", "Ana"])
def test_a_name_on_the_roster_already_is_409(group, group_refused, name):
    error = group_refused(group, 409, "POST", f"{group.path}/players", group.owner,
                          json={"name": name})
    assert "Ana" in error["message"]


@pytest.mark.parametrize("body", [{}, {"name": ""}, {"name": "x" * 41}, {"name": 5},
                                  {"name": "\u200b\t\u2800"}, []])
def test_a_players_name_is_1_to_40_characters_of_plain_text(group, group_refused, body):
    group_refused(group, 422, "POST", f"{group.path}/players", group.owner, json=body)


def test_an_invalid_name_is_422_before_it_is_judged_a_duplicate(group, group_refused):
    group_refused(group, 422, "POST", f"{group.path}/players", group.owner,
                  json={"name": "ana" + "x" * 40})


def test_a_stale_if_match_is_412_before_409_and_422(api, group, group_refused):
    version = api.call("GET", group.path, group.view).get_json()["version"]
    for body in ({"name": "Ana"}, {"name": ""}):
        group_refused(group, 412, "POST", f"{group.path}/players", group.owner, json=body,
                      headers={"If-Match": f'"{version - 1}"'})
    assert api.call("POST", f"{group.path}/players", group.owner, json={"name": "Dee"},
                    headers={"If-Match": f'"{version}"'}).status_code == 201


def test_rename_keeps_the_id(api, group):
    ben = roster(api, group)["Ben"]

    response = api.call("PUT", f"{group.path}/players/{ben}", group.owner, json={"name": "Benny"})

    assert response.status_code == 200
    assert roster(api, group)["Benny"] == ben and "Ben" not in roster(api, group)
    # a new spelling of one's own name is fine
    assert api.call("PUT", f"{group.path}/players/{ben}", group.owner,
                    json={"name": "BENNY"}).status_code == 200


def test_renaming_to_another_players_name_is_409(api, group, group_refused):
    ben = roster(api, group)["Ben"]
    group_refused(group, 409, "PUT", f"{group.path}/players/{ben}", group.owner,
                  json={"name": " ana"})


def test_an_unknown_player_is_404_before_the_body(api, group, new_group, group_refused):
    other = new_group(players=["Zed"])
    zed = roster(api, other)["Zed"]
    for pid in (999, zed):
        group_refused(group, 404, "PUT", f"{group.path}/players/{pid}", group.owner,
                      data=b"{", content_type="application/json")
        group_refused(group, 404, "POST", f"{group.path}/players/{pid}/merge", group.owner,
                      json={"into": 1}, headers={"If-Match": '"0"'})
    group_refused(group, 404, "PUT", f"{group.path}/players/abc", group.owner,
                  json={"name": "X"})


def test_merging_one_person_typed_twice_joins_their_matches(api, new_group, banked_in):
    group = new_group(players=["Ana", "Ben", "Benjamin"])
    ids = roster(api, group)
    banked_in(group, ["Ana", "Ben"], [1, 5])
    banked_in(group, ["Ana", "Benjamin"], [1, 5])
    before = api.call("GET", f"{group.path}/stats", group.view).get_json()

    response = api.call("POST", f"{group.path}/players/{ids['Benjamin']}/merge", group.owner,
                        json={"into": ids["Ben"]})

    assert response.status_code == 200
    assert response.get_json()["player"] == {"id": ids["Ben"], "name": "Ben"}
    assert roster(api, group) == {"Ana": ids["Ana"], "Ben": ids["Ben"]}
    stats = api.call("GET", f"{group.path}/stats", group.view).get_json()
    ben = next(p for p in stats["players"] if p["player"] == ids["Ben"])
    assert (ben["played"], ben["won"]) == (2, 2)
    assert sum(p["played"] for p in stats["players"]) == sum(
        p["played"] for p in before["players"])
    summaries = api.call("GET", group.path, group.view).get_json()["matches"]
    assert {p["name"] for m in summaries for p in m["players"]} == {"Ana", "Ben"}


def test_two_who_sat_at_one_match_are_not_merged(api, group, start_in, group_refused):
    ids = roster(api, group)
    start_in(group, ["Ana", "Ben"])  # not even banked: still one table
    group_refused(group, 409, "POST", f"{group.path}/players/{ids['Ben']}/merge", group.owner,
                  json={"into": ids["Ana"]})


@pytest.mark.parametrize("into", [None, "1", True, 999, "self"])
def test_a_merge_names_another_player_of_the_roster(api, group, group_refused, into):
    ben = roster(api, group)["Ben"]
    error = group_refused(group, 422, "POST", f"{group.path}/players/{ben}/merge", group.owner,
                          json={"into": ben if into == "self" else into})
    assert error["field"] == "into"


# --- links ---------------------------------------------------------------------------------


def test_the_owner_reads_and_replaces_the_links(api, group):
    read = api.call("GET", f"{group.path}/tokens", group.owner).get_json()
    assert (read["owner"], read["view"]) == (group.owner, group.view)

    response = api.call("POST", f"{group.path}/tokens/replace", group.owner,
                        json={"role": "view"})

    assert response.status_code == 200
    tokens = response.get_json()
    assert tokens["owner"] == group.owner and tokens["view"] != group.view
    error_of(api.call("GET", group.path, group.view), 401)
    assert api.call("GET", group.path, tokens["view"]).status_code == 200

    replaced = api.call("POST", f"{group.path}/tokens/replace", group.owner,
                        json={"role": "owner"}).get_json()
    error_of(api.call("GET", group.path, group.owner), 401)
    assert api.call("GET", f"{group.path}/tokens", replaced["owner"]).status_code == 200


@pytest.mark.parametrize("body", [{}, {"role": "host"}, {"role": "seat"}, {"role": None}])
def test_a_link_to_replace_is_owner_or_view(group, group_refused, body):
    group_refused(group, 422, "POST", f"{group.path}/tokens/replace", group.owner, json=body)


# --- taking a match out of the bank --------------------------------------------------------


def test_the_owner_takes_a_practice_game_out_and_puts_it_back(api, group, banked_in):
    practice = banked_in(group, ["Ana", "Ben"], [1, 5])
    banked_in(group, ["Ana", "Ben"], [7, 5])

    response = api.call("DELETE", f"{group.path}/matches/{practice.id}", group.owner)

    assert response.status_code == 200
    shown = {m["id"]: m["taken_out"] for m in response.get_json()["matches"]}
    assert shown[practice.id] is True and list(shown.values()).count(False) == 1
    stats = api.call("GET", f"{group.path}/stats", group.view).get_json()
    assert stats["matches"] == 1
    assert {p["name"]: p["won"] for p in stats["players"]} == {"Ana": 1, "Ben": 0}
    again = api.call("DELETE", f"{group.path}/matches/{practice.id}", group.owner)
    assert again.status_code == 200  # taken out already: still out

    back = api.call("POST", f"{group.path}/matches/{practice.id}", group.owner)
    assert back.status_code == 200
    stats = api.call("GET", f"{group.path}/stats", group.view).get_json()
    assert stats["matches"] == 2
    assert {p["name"]: p["won"] for p in stats["players"]} == {"Ana": 1, "Ben": 1}


def test_only_a_banked_match_of_this_group_can_be_taken_out(api, group, new_group, start_in,
                                                           banked_in, group_refused):
    active = start_in(group, ["Ana", "Ben"])
    other = new_group(players=["Ana", "Ben"])
    elsewhere = banked_in(other, ["Ana", "Ben"], [1, 2])
    for match_id in (active.id, elsewhere.id, "nope"):
        group_refused(group, 404, "DELETE", f"{group.path}/matches/{match_id}", group.owner,
                      headers={"If-Match": '"0"'})


def test_a_player_id_past_any_stored_one_is_no_player(api, group, group_refused):
    ben = roster(api, group)["Ben"]
    for pid in (2**31, 10**30):
        group_refused(group, 404, "PUT", f"{group.path}/players/{pid}", group.owner,
                      json={"name": "X"})
        group_refused(group, 404, "POST", f"{group.path}/players/{pid}/merge", group.owner,
                      json={"into": ben})
        group_refused(group, 422, "POST", f"{group.path}/players/{ben}/merge", group.owner,
                      json={"into": pid})


def test_a_phone_that_takes_gzip_gets_the_group_gzipped(api, group, banked_in):
    import gzip
    import json

    banked_in(group, ["Ana", "Ben"], [1, 5])
    plain = api.call("GET", group.path, group.view)

    packed = api.call("GET", group.path, group.view, headers={"Accept-Encoding": "gzip, br"})

    assert packed.status_code == 200 and packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert packed.headers["ETag"] == plain.headers["ETag"]
    assert json.loads(gzip.decompress(packed.get_data())) == plain.get_json()
    assert "Content-Encoding" not in plain.headers


def test_the_bank_is_listed_a_page_at_a_time_newest_first(api, group, banked_in, monkeypatch):
    """SPEC section 6: no answer grows with what a client stored. The group's GET lists its
    banked matches a page at a time, with `next` pointing to the page after."""
    from app.services.bank import banking

    monkeypatch.setattr(banking, "MATCHES_PAGE", 2)
    ids = [banked_in(group, ["Ana", "Ben"], [i, 0]).id for i in range(5)]
    seen, path, pages = [], group.path, 0
    while path is not None:
        response = api.call("GET", path.removeprefix("/api/v1"), group.view)
        assert response.status_code == 200
        body = response.get_json()
        packed = api.call("GET", path.removeprefix("/api/v1"), group.view,
                          headers={"Accept-Encoding": "gzip"})
        assert json.loads(gzip.decompress(packed.get_data())) == body
        assert len(body["matches"]) <= 2 and body["players"]
        seen += [match["id"] for match in body["matches"]]
        path, pages = body["next"], pages + 1
    assert pages == 3 and seen == ids[::-1]
    assert api.call("GET", f"{group.path}?page=9", group.view).get_json()["matches"] == []
    for bad in ("0", "x", "-1", "1" * 8):
        assert error_of(api.call("GET", f"{group.path}?page={bad}", group.view),
                        422)["field"] == "page"
