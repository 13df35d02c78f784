"""Undo, as a property: any run of writes, undone one by one, walks back through every state."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

NAMES = ("Ana", "Ben", "Cy", "Dee")


def scores_for(body: dict[str, Any]):
    score = st.integers(-5 if body["options"]["allow_negative"] else 0, 30)
    return score, st.one_of(st.none(), score)


def shown(body: dict[str, Any]) -> dict[str, Any]:
    """What the table sees of a match, less the version (which only grows)."""
    return {key: value for key, value in body.items() if key != "version"}


def write(api, match: dict[str, Any], data, body: dict[str, Any]):
    """One valid write of a kind drawn at random, for the match as it now stands."""
    path, host = f"/matches/{match['id']}", match["tokens"]["host"]
    rounds, players = body["rounds"], len(body["players"])
    can_open = body["status"] == "active" and all(r["status"] != "open" for r in rounds)
    kinds = ["add_round"] if can_open else []
    if rounds:
        kinds += ["set_part", "edit_round", "delete_round"]
    elif can_open:
        kinds.append("set_part")
    if not kinds:
        return None
    kind = data.draw(st.sampled_from(kinds), label="kind")
    score, maybe_score = scores_for(body)
    if kind == "add_round":
        scores = data.draw(st.lists(maybe_score, min_size=players, max_size=players),
                           label="scores")
        return kind, api.call("POST", f"{path}/rounds", host, json={"scores": scores})
    if kind == "delete_round":
        return kind, api.call("DELETE", f"{path}/rounds/{len(rounds)}", host)
    if kind == "edit_round":
        number = data.draw(st.integers(1, len(rounds)), label="round")
        scores = data.draw(st.lists(maybe_score, min_size=players, max_size=players),
                           label="scores")
        return kind, api.call("PUT", f"{path}/rounds/{number}", host, json={"scores": scores})
    last = len(rounds) + 1 if can_open else len(rounds)
    number = data.draw(st.integers(1, last), label="round")
    seat = data.draw(st.integers(0, players - 1), label="seat")
    token = data.draw(st.sampled_from([host, match["tokens"]["seats"][seat]]), label="who")
    return kind, api.call("PUT", f"{path}/rounds/{number}/seats/{seat}", token,
                          json={"score": data.draw(score, label="score")})


@settings(max_examples=50, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data(), players=st.integers(1, 4),
       options=st.sampled_from([{}, {"target": 40}, {"rounds": 3}, {"allow_negative": False}]))
def test_undoing_every_write_restores_each_earlier_state(api, data, players, options):
    match = api.create(NAMES[:players], options=options)
    path, host = f"/matches/{match['id']}", match["tokens"]["host"]
    latest = api.call("GET", path, host).get_json()
    states = [latest]

    for _ in range(data.draw(st.integers(1, 8), label="writes")):
        done = write(api, match, data, latest)
        if done is None:
            break
        kind, response = done
        if response.status_code == 409 or (kind, response.status_code) == ("edit_round", 422):
            # e.g. an edit that would end the match before its last round, or one that leaves
            # a part of a round before the last empty (SPEC section 2): nothing changed
            assert api.call("GET", path, host).get_json() == latest
            continue
        assert response.status_code in (200, 201), (kind, response.get_json())
        body = response.get_json()
        assert body["version"] == latest["version"] + 1
        if shown(body) != shown(latest):
            # a cell or round saved again as it was changes nothing: there is nothing to undo
            states.append(body)
        latest = body

    for earlier in reversed(states[:-1]):
        response = api.call("POST", f"{path}/undo", host)
        assert response.status_code == 200, response.get_json()
        assert shown(response.get_json()) == shown(earlier)
        assert shown(api.call("GET", path, host).get_json()) == shown(earlier)

    refused = api.call("POST", f"{path}/undo", host)
    assert refused.status_code == 409
    assert refused.get_json()["error"]["code"] == "conflict"
