"""Fuzzing the group endpoints (and the match endpoints that reach a group): never a 5xx,
errors in SPEC's body, and a refusal changes neither the group nor the number of groups."""

from __future__ import annotations

import json

from api_fuzz import FUZZ, HEADER_TEXT, JSON, TEXT, check_match, encoded, mostly, segment
from api_helpers import bank_export, free_sheet
from hypothesis import event, given, settings
from hypothesis import strategies as st

ROSTER = {1: "Ana", 2: "Ben", 3: "Cy"}
EXPORT = bank_export(ROSTER, [free_sheet(ROSTER, [1, 2], [[1, 5]]),
                              free_sheet(ROSTER, [2, 3], [[4, 4], [0, 1]], lowest_wins=True)])


def export_like(value) -> st.SearchStrategy:
    """The good export with one field anywhere in it replaced by `value`."""
    paths = [("name",), ("players",), ("players", 0, "name"), ("players", 1, "id"),
             ("matches",), ("matches", 0, "game"), ("matches", 0, "rounds"),
             ("matches", 0, "rounds", 0), ("matches", 0, "players", 1, "player"),
             ("matches", 1, "options"), ("matches", 1, "banked_at"), ("matches", 0, "characters"),
             ("format",)]

    def put(path):
        copy = json.loads(json.dumps(EXPORT))
        node = copy
        for step in path[:-1]:
            node = node[step]
        node[path[-1]] = value
        return copy

    return st.sampled_from(paths).map(put)


NAME = mostly(st.text(min_size=1, max_size=42), TEXT | JSON)
PID = mostly(st.sampled_from(["1", "2", "3", "4"]),
             TEXT.map(segment) | st.integers(-1, 10**40).map(str))


@st.composite
def requests(draw):
    kind = draw(st.sampled_from([
        "get", "get", "stats", "h2h", "tonight", "csv", "json", "tokens", "add", "add", "rename",
        "merge", "take_out", "put_back", "replace", "create_group", "import", "import",
        "create_match", "bank", "rematch", "details"]))
    body: st.SearchStrategy = st.none()
    method, path = "GET", "/groups/{g}"
    if kind == "stats":
        path += "/stats?game=" + draw(mostly(st.sampled_from(["generic", "", "banakil"]),
                                             TEXT.map(segment)))
    elif kind == "h2h":
        path += f"/head-to-head?a={draw(PID)}&b={draw(PID)}"
    elif kind in ("tonight", "tokens"):
        path += "/" + kind
    elif kind in ("csv", "json"):
        path += f"/export.{kind}"
    elif kind == "add":
        method, path, body = "POST", path + "/players", st.fixed_dictionaries({"name": NAME})
    elif kind == "rename":
        method, path = "PUT", path + f"/players/{draw(PID)}"
        body = st.fixed_dictionaries({"name": NAME})
    elif kind == "merge":
        method, path = "POST", path + f"/players/{draw(PID)}/merge"
        body = st.fixed_dictionaries({"into": mostly(st.integers(0, 5),
                                                     JSON | st.integers(-1, 10**40))})
    elif kind in ("take_out", "put_back"):
        method = "DELETE" if kind == "take_out" else "POST"
        path += "/matches/" + draw(st.sampled_from(["{banked}", "{over}", "x"]))
    elif kind == "replace":
        method, path = "POST", path + "/tokens/replace"
        body = st.fixed_dictionaries({"role": mostly(st.sampled_from(["owner", "view"]), JSON)})
    elif kind == "create_group":
        method, path = "POST", "/groups"
        body = st.fixed_dictionaries({"name": NAME}, optional={"players": st.lists(NAME)}) | JSON
    elif kind == "import":
        method, path = "POST", "/groups/import"
        body = mostly(JSON.flatmap(export_like), JSON, times=3) | st.just(EXPORT)
    elif kind == "create_match":
        method, path = "POST", "/matches"
        body = st.fixed_dictionaries({
            "game": st.just("generic"), "players": st.lists(NAME, min_size=1, max_size=4),
            "group": mostly(st.just("{g}"), JSON)})
    elif kind == "bank":
        method, path = "POST", "/matches/{over}/bank"
        body = st.none() | st.fixed_dictionaries({
            "group": mostly(st.just("{g}"), JSON),
            "group_token": st.sampled_from(["{owner}", "{view}", "x"]) | JSON})
    elif kind == "rematch":
        method, path = "POST", "/matches/{over}/rematch"
    elif kind == "details":
        method, path = "PATCH", "/matches/{over}"
        body = st.fixed_dictionaries({}, optional={"place": NAME, "note": NAME}) | JSON
    return {"kind": kind, "method": method, "path": path, "body": draw(encoded(body)),
            "token": draw(st.sampled_from(["owner"] * 5 + ["view", "other", "none", "garbage",
                                                           "host"])),
            "garbage": draw(HEADER_TEXT),
            "if_match": draw(st.sampled_from([None] * 5 + ["now", "stale"]))}


def check_answer(response) -> None:
    """Below 500 always; an error in SPEC's body; a group's or a match's ETag its version."""
    assert response.status_code < 500, response.get_data(as_text=True)
    if response.status_code == 304 or response.mimetype != "application/json":
        return
    body = response.get_json()
    if response.status_code >= 400:
        assert isinstance(body, dict) and set(body) == {"error"}, body
        assert body["error"]["code"] and body["error"]["message"]
    elif isinstance(body, dict) and "version" in body:
        assert response.headers["ETag"] == f'"{body["version"]}"'
        if "sides" in body:
            check_match(body)


@settings(FUZZ, max_examples=150)
@given(steps=st.lists(requests(), min_size=1, max_size=6))
def test_any_request_to_a_group_is_answered_below_500_and_refusals_change_nothing(
        fuzz_client, steps):
    def send(method, path, token=None, body=None, headers=None):
        headers = dict(headers or {})
        if token:
            headers["Authorization"] = f"Bearer {token}"
        return fuzz_client.open(f"/api/v1{path}", method=method, data=body, headers=headers,
                                content_type="application/json")

    group = send("POST", "/groups", body=json.dumps({"name": "G", "players": ["Ana", "Ben"]}))
    group = group.get_json()
    other = send("POST", "/groups", body=json.dumps({"name": "O"})).get_json()
    made = {}
    for key in ("banked", "over"):
        created = send("POST", "/matches", group["tokens"]["owner"] if key == "banked" else None,
                       json.dumps({"game": "generic", "players": ["Ana", "Cy"],
                                   "options": {"rounds": 1}} | (
                           {"group": group["id"]} if key == "banked" else {}))).get_json()
        host = created["tokens"]["host"]
        send("POST", f"/matches/{created['id']}/rounds", host, json.dumps({"scores": [1, 2]}))
        if key == "banked":
            send("POST", f"/matches/{created['id']}/bank", host)
        made[key] = (created["id"], host)
    tokens = dict(group["tokens"])

    def read():
        response = send("GET", f"/groups/{group['id']}", tokens["owner"])
        assert response.status_code == 200
        return response.get_json()

    before = read()
    for step in steps:
        values = {"g": group["id"], "owner": tokens["owner"], "view": tokens["view"],
                  "banked": made["banked"][0], "over": made["over"][0]}
        path = step["path"]
        body = step["body"]
        for name, value in values.items():
            path = path.replace("{" + name + "}", value)
            if body is not None:
                body = body.replace(b"{" + name.encode() + b"}", value.encode())
        token = {"owner": tokens["owner"], "view": tokens["view"],
                 "other": other["tokens"]["owner"], "none": None, "garbage": step["garbage"],
                 "host": made["over"][1]}[step["token"]]
        if path.startswith("/matches/") and step["token"] == "owner":
            token = made["over"][1]  # a match's own link reaches it
        headers = {}
        if step["if_match"]:
            version = before["version"] - (step["if_match"] == "stale")
            headers["If-Match"] = f'"{version}"'
        response = send(step["method"], path, token, body, headers)

        check_answer(response)
        event(f"{step['kind']} {response.status_code}")
        if step["kind"] == "replace" and response.status_code == 200:
            tokens = {role: response.get_json()[role] for role in ("owner", "view")}
        after = read()
        if response.status_code >= 400 or step["method"] == "GET":
            assert after == before, (step, response.get_json())
        before = after
