"""Fuzzing every endpoint: never a 5xx, errors in SPEC's body, and a refusal changes nothing."""

from __future__ import annotations

from api_fuzz import (
    FUZZ,
    HEADER_TEXT,
    JSON,
    TEXT,
    WILD_NUMBER,
    check_answer,
    encoded,
    mostly,
    segment,
)
from hypothesis import event, given, settings
from hypothesis import strategies as st

# Mostly plausible input, so that requests get past validation and change the match.
SCORE = st.integers(-20, 20)
CELL = SCORE | st.integers(-1_000_000_000, 1_000_000_000) | st.none() | JSON
OPTIONS = st.fixed_dictionaries({}, optional={
    "target": st.none() | st.integers(-5, 60) | JSON,
    "rounds": st.none() | st.integers(-1, 4) | JSON,
    "lowest_wins": st.booleans() | JSON,
    "allow_negative": st.booleans() | JSON,
}) | JSON
PLAUSIBLE_CREATE = st.fixed_dictionaries(
    {"game": st.just("generic"),
     "players": st.lists(st.text(min_size=1, max_size=42), min_size=1, max_size=13)},
    optional={"options": st.fixed_dictionaries({}, optional={
        "target": st.none() | st.integers(-5, 60), "rounds": st.none() | st.integers(-1, 4),
        "lowest_wins": st.booleans(), "allow_negative": st.booleans()}),
        "name": st.text(max_size=90)},
)
CREATE = PLAUSIBLE_CREATE | st.fixed_dictionaries(
    {"game": st.just("generic") | JSON, "players": st.lists(TEXT | JSON, max_size=14) | JSON},
    optional={"options": OPTIONS, "name": st.text(max_size=90) | JSON},
) | JSON


# Tags a version parser trips on: digits int() refuses, weak tags, lists, huge numbers.
ODD_TAGS = st.sampled_from(["²", '"¹"', 'W/"1"', '""', ",", "*, 1", "1" * 30, "-1", "0x1"])


@FUZZ
@given(body=encoded(CREATE), content_type=st.none() | HEADER_TEXT)
def test_any_create_body_is_answered_below_500(fuzz_client, body, content_type):
    headers = {} if content_type is None else {"Content-Type": content_type}

    response = fuzz_client.post("/api/v1/matches", data=body, headers=headers)

    created = check_answer(response)
    event(str(response.status_code))
    if response.status_code == 201:
        assert 1 <= len(created["players"]) <= 12
        for player in created["players"]:
            assert 1 <= len(player["name"]) <= 40
            assert player["name"] == player["name"].strip()
        read = fuzz_client.get(f"/api/v1/matches/{created['id']}",
                               headers={"Authorization": f"Bearer {created['tokens']['view']}"})
        assert read.status_code == 200
        assert read.get_json()["players"] == created["players"]


# One request: (method, path template, body strategy). {n} is a round, {seat} a seat.
def endpoints(players: int):
    scores = st.lists(SCORE | st.none(), min_size=players, max_size=players)
    round_ = mostly(st.fixed_dictionaries({"scores": scores}),
                    st.fixed_dictionaries({"scores": st.lists(CELL, max_size=5)}) | JSON)
    part = mostly(st.fixed_dictionaries({"score": SCORE}),
                  st.fixed_dictionaries({"score": CELL}) | JSON)
    line = mostly(st.fixed_dictionaries({}, optional={
        "target": st.none() | st.integers(1, 40), "rounds": st.none() | st.integers(1, 5)}),
        OPTIONS)
    # Repeated entries weigh the writes that build a match up.
    return [
        ("GET", "", st.none()),
        *[("POST", "/rounds", encoded(round_))] * 4,
        *[("PUT", "/rounds/{n}", encoded(round_))] * 2,
        ("DELETE", "/rounds/{n}", st.none()),
        *[("PUT", "/rounds/{n}/seats/{seat}", encoded(part))] * 4,
        *[("PATCH", "/options", encoded(line))] * 2,
        ("POST", "/bank", st.none() | encoded(JSON)),
        ("POST", "/abandon", st.none()),
        ("GET", "/tokens", st.none()),
    ]


@st.composite
def requests(draw, players: int):
    method, template, bodies = draw(st.sampled_from(endpoints(players)))
    if draw(st.integers(0, 9)) == 0:
        method = draw(st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD"]))
    return {
        "method": method,
        "path": template.format(
            n=segment(draw(mostly(st.sampled_from("1123"), WILD_NUMBER))),
            seat=segment(draw(mostly(st.integers(0, players).map(str), WILD_NUMBER)))),
        "which": draw(st.sampled_from(["mine"] * 8 + ["other", "random"])),
        "random_id": draw(TEXT),
        "token": draw(st.sampled_from(["host"] * 6 + ["seat0"] * 2 + ["seat1"] * 2
                                      + ["view", "other", "none", "garbage"])),
        "garbage": draw(HEADER_TEXT),
        "if_match": draw(mostly(st.sampled_from([None] * 6 + ["now", "now", "stale", "*"]),
                                ODD_TAGS | HEADER_TEXT, times=3)),
        "if_none_match": draw(mostly(st.sampled_from([None] * 6 + ["now"]),
                                     ODD_TAGS | HEADER_TEXT, times=3)),
        "body": draw(bodies),
    }


@settings(FUZZ, max_examples=200)
@given(
    players=st.integers(1, 3),
    options=st.fixed_dictionaries({}, optional={
        "target": st.integers(1, 30), "rounds": st.integers(1, 3),
        "lowest_wins": st.booleans(), "allow_negative": st.booleans()}),
    data=st.data(),
)
def test_any_request_to_any_endpoint_is_answered_below_500_and_refusals_change_nothing(
        fuzz_client, players, options, data):
    steps = data.draw(st.lists(requests(players), min_size=1, max_size=8))
    def new_match():
        response = fuzz_client.post("/api/v1/matches", json={
            "game": "generic", "players": [f"P{i}" for i in range(players)],
            "options": options})
        assert response.status_code == 201
        return response.get_json()

    mine, other = new_match(), new_match()
    tokens = {"host": mine["tokens"]["host"], "view": mine["tokens"]["view"],
              "seat0": mine["tokens"]["seats"][0], "seat1": mine["tokens"]["seats"][-1],
              "other": other["tokens"]["host"]}
    host = {"Authorization": f"Bearer {tokens['host']}"}

    def read():
        response = fuzz_client.get(f"/api/v1/matches/{mine['id']}", headers=host)
        assert response.status_code == 200
        return response.get_json()

    before = read()
    for step in steps:
        match_id = {"mine": mine["id"], "other": other["id"],
                    "random": segment(step["random_id"])}[step["which"]]
        headers = {}
        if step["token"] == "garbage":
            headers["Authorization"] = step["garbage"]
        elif step["token"] != "none":
            headers["Authorization"] = f"Bearer {tokens[step['token']]}"
        tags = {"now": f'"{before["version"]}"', "stale": f'"{before["version"] - 1}"'}
        for name, value in (("If-Match", step["if_match"]),
                            ("If-None-Match", step["if_none_match"])):
            if value is not None:
                headers[name] = tags.get(value, value)

        response = fuzz_client.open(f"/api/v1/matches/{match_id}{step['path']}",
                                    method=step["method"], data=step["body"], headers=headers)

        check_answer(response, step["method"])
        event(f"{step['method']} {response.status_code}")
        after = read()
        if (response.status_code >= 400 or step["method"] in ("GET", "HEAD")
                or step["which"] != "mine"):
            assert after == before
        else:
            assert after["version"] == before["version"] + 1
            if step["token"] == "host":
                assert response.get_json() == after
        before = after
