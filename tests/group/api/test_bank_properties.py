"""What holds for any bank (hypothesis): won ≤ played, every banked match has a winner, an
import of an export has the same statistics, and merging two players keeps the sum of played
(or is refused, changing nothing, when the two sat at one match)."""

from __future__ import annotations

from api_helpers import bank_export, free_sheet
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

PROPERTIES = settings(max_examples=40, deadline=None,
                      suppress_health_check=[HealthCheck.too_slow,
                                             HealthCheck.function_scoped_fixture])
NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]


@st.composite
def banks(draw):
    """An export.json of a random bank: free sheets of random seats, scores and endings."""
    roster = {pid: name for pid, name in enumerate(NAMES[:draw(st.integers(2, 6))], start=1)}
    matches = []
    for _ in range(draw(st.integers(0, 7))):
        seats = draw(st.permutations(list(roster)))[:draw(st.integers(1, min(4, len(roster))))]
        rounds = draw(st.lists(st.lists(st.integers(-5, 12), min_size=len(seats),
                                        max_size=len(seats)), min_size=1, max_size=3))
        match = free_sheet(roster, seats, rounds, f"2026-11-{draw(st.integers(1, 28)):02}"
                           f"T{draw(st.integers(0, 23)):02}:00:00+00:00",
                           lowest_wins=draw(st.booleans()))
        match["taken_out"] = draw(st.booleans())
        matches.append(match)
    return bank_export(roster, matches)


def call(client, method, path, token=None, json=None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = client.open(f"/api/v1{path}", method=method, json=json, headers=headers)
    assert response.status_code < 500, response.get_data(as_text=True)
    return response


def imported(client, export):
    response = call(client, "POST", "/groups/import", json=export)
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    return body["id"], body["tokens"]["owner"], body


def stats(client, group_id, token, game=""):
    return call(client, "GET", f"/groups/{group_id}/stats?game={game}", token).get_json()


def by_name(body) -> list[dict]:
    return sorted(({k: v for k, v in p.items() if k != "player"} for p in body["players"]),
                  key=lambda p: p["name"])


@PROPERTIES
@given(export=banks())
def test_won_never_exceeds_played_and_every_banked_match_has_a_winner(fuzz_client, export):
    group_id, owner, body = imported(fuzz_client, export)
    counted = [m for m in export["matches"] if not m["taken_out"]]
    for game in ("", "generic"):
        body = stats(fuzz_client, group_id, owner, game)
        assert body["matches"] == len(counted)
        for player in body["players"]:
            assert 0 <= player["won"] <= player["played"] and player["played"] >= 1
            assert 0 <= player["win_rate"] <= 1
        assert sum(p["played"] for p in body["players"]) == sum(
            len(m["players"]) for m in counted)
        assert sum(p["won"] for p in body["players"]) >= len(counted)
    for summary in call(fuzz_client, "GET", f"/groups/{group_id}", owner).get_json()["matches"]:
        ranks = [p["rank"] for p in summary["players"]]
        assert any(p["winner"] for p in summary["players"])
        assert all((p["rank"] == 1) == p["winner"] for p in summary["players"])
        assert all(r == 1 + sum(other < r for other in ranks) for r in ranks)


@PROPERTIES
@given(export=banks())
def test_an_import_of_an_export_has_the_same_statistics(fuzz_client, export):
    group_id, owner, _ = imported(fuzz_client, export)
    again = call(fuzz_client, "GET", f"/groups/{group_id}/export.json", owner).get_json()

    copy_id, copy_owner, _ = imported(fuzz_client, again)

    for game in ("", "generic"):
        assert by_name(stats(fuzz_client, copy_id, copy_owner, game)) == by_name(
            stats(fuzz_client, group_id, owner, game))


@PROPERTIES
@given(export=banks(), data=st.data())
def test_merging_keeps_the_sum_of_played_or_is_refused_for_two_at_one_table(fuzz_client,
                                                                            export, data):
    group_id, owner, body = imported(fuzz_client, export)
    ids = {p["name"]: p["id"] for p in body["players"]}
    first, second = data.draw(st.permutations(sorted(ids)))[:2]
    together = any({first, second} <= {seat["name"] for seat in match["players"]}
                   for match in export["matches"])
    before = stats(fuzz_client, group_id, owner)
    shown = call(fuzz_client, "GET", f"/groups/{group_id}", owner).get_json()

    response = call(fuzz_client, "POST", f"/groups/{group_id}/players/{ids[first]}/merge",
                    owner, json={"into": ids[second]})

    after = stats(fuzz_client, group_id, owner)
    if together:
        assert response.status_code == 409
        assert after == before
        assert call(fuzz_client, "GET", f"/groups/{group_id}", owner).get_json() == shown
    else:
        assert response.status_code == 200
        assert sum(p["played"] for p in after["players"]) == sum(
            p["played"] for p in before["players"])
        assert sum(p["won"] for p in after["players"]) == sum(
            p["won"] for p in before["players"])
        merged = [p for p in after["players"] if p["player"] == ids[second]]
        played = sum(p["played"] for p in before["players"]
                     if p["player"] in (ids[first], ids[second]))
        assert (merged[0]["played"] if merged else 0) == played
        assert ids[first] not in {p["player"] for p in after["players"]}
