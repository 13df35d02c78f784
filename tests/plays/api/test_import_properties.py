"""What holds for any BG Stats export (hypothesis, over exports made up at random): the bank's
statistics equal a count made from the file alone; the same file twice changes nothing; and
the group's export.json, imported, holds the same plays."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.services.plays.jobs import run_pending

sys.path.insert(0, str(Path(__file__).parent.parent))
from exports import make_export  # noqa: E402

PROPERTIES = settings(max_examples=12, deadline=None,
                      suppress_health_check=[HealthCheck.too_slow,
                                             HealthCheck.function_scoped_fixture])


def bring(api, group_id, token, document):
    response = api.client.post(f"/api/v1/groups/{group_id}/imports",
                               headers={"Authorization": f"Bearer {token}"},
                               data=json.dumps(document), content_type="application/json")
    assert response.status_code == 202, response.get_data(as_text=True)
    run_pending(api.client.application)
    state = api.call("GET", f"/groups/{group_id}/imports/{response.get_json()['id']}",
                     token).get_json()
    assert state["state"] == "done", state
    return state


class Client:
    """The API as a phone speaks it, with a token."""

    def __init__(self, client):
        self.client = client

    def call(self, method, path, token=None, json=None):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return self.client.open(f"/api/v1{path}", method=method, json=json, headers=headers)


def new_group(api):
    made = api.call("POST", "/groups", json={"name": "Moving in"}).get_json()
    return made["id"], made["tokens"]["owner"]


def counted_from_the_file(document, skipped):
    """Per named player: plays played and won, from the file alone (ignored plays, anonymous
    players and the plays the import listed as problems left out; a team shares its win)."""
    names = {p["id"]: p["name"].strip() for p in document["players"] if not p["isAnonymous"]}
    board: dict[str, list[int]] = {}
    for play in document["plays"]:
        if play["ignored"] or play["uuid"] in skipped:
            continue
        # With teams, a team's players share its result (SPEC section 14).
        teamed = play["usesTeams"]
        team_won = {line["team"] for line in play["playerScores"]
                    if teamed and line["team"] not in ("0", "") and line["winner"]}
        for line in play["playerScores"]:
            if line["playerRefId"] in names:
                won_it = bool(line["winner"]) or line["team"] in team_won
                played, won = board.get(names[line["playerRefId"]], [0, 0])
                board[names[line["playerRefId"]]] = [played + 1, won + won_it]
    return {name: tuple(counts) for name, counts in board.items()}


@PROPERTIES
@given(seed=st.integers(0, 10_000), plays=st.integers(1, 40))
def test_statistics_equal_a_count_from_the_file_and_twice_changes_nothing(
        fuzz_client, seed, plays):
    api = Client(fuzz_client)
    document = make_export(plays, seed, players=7, games=5)
    group_id, token = new_group(api)
    state = bring(api, group_id, token, document)
    skipped = {problem["play"] for problem in state["problems"]}
    assert state["plays"]["added"] + state["plays"]["skipped"] == len(document["plays"])

    stats = api.call("GET", f"/groups/{group_id}/stats", token).get_json()
    assert {p["name"]: (p["played"], p["won"]) for p in stats["players"]} == \
        counted_from_the_file(document, skipped)

    bank = api.call("GET", f"/groups/{group_id}", token).get_json()
    again = bring(api, group_id, token, document)
    assert again["plays"]["added"] == again["plays"]["updated"] == 0
    assert again["plays"]["unchanged"] == state["plays"]["added"]
    after = api.call("GET", f"/groups/{group_id}", token).get_json()
    assert after["matches"] == bank["matches"] and after["players"] == bank["players"]

    export = api.call("GET", f"/groups/{group_id}/export.json", token).get_json()
    moved = api.call("POST", "/groups/import", json=export)
    assert moved.status_code == 201, moved.get_json()
    other = moved.get_json()
    copy = api.call("GET", f"/groups/{other['id']}", other["tokens"]["owner"]).get_json()

    def shown(matches):
        return sorted(json.dumps({k: v for k, v in m.items() if k not in ("id", "played_game")}
                                 | {"players": [{k: v for k, v in p.items() if k != "player"}
                                                for p in m["players"]],
                                    "game_name": m.get("played_game", {}).get("name")},
                                 sort_keys=True) for m in matches)

    assert shown(copy["matches"]) == shown(after["matches"])
