"""Several phones at once on a real server: no lost update, no locked database, one bank."""

from __future__ import annotations

import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

pytestmark = pytest.mark.live

PLAYERS = 8
WRITES_PER_CLIENT = 25
GIVE_UP_AFTER = 20  # seconds: an increment still refused by then is not retried again


def _own_value(seat: int, k: int) -> int:
    # Every write differs from the one before (so each is logged), and half are negative.
    return (-1) ** (k // 2) * (1000 * (seat + 1) + k)


def test_eight_phones_write_at_once_and_no_update_is_lost(live):
    match = live.create(PLAYERS, allow_negative=True)
    match_id, host, seats = match["id"], match["tokens"]["host"], match["tokens"]["seats"]
    # Round 1 complete; round 2 is opened by whichever seat writes into it first.
    assert live.api("POST", f"/matches/{match_id}/rounds", host,
                    {"scores": [0] * PLAYERS}).status == 201
    setup_writes = 1

    start = threading.Barrier(PLAYERS, timeout=20)
    give_up = time.monotonic() + GIVE_UP_AFTER

    def client(seat: int) -> dict:
        done = {"own": [], "increments": 0, "refused": 0, "odd": [], "bodies": []}
        start.wait()
        for k in range(WRITES_PER_CLIENT):
            if k % 2 == 0:
                value = _own_value(seat, k)
                reply = live.api("PUT", f"/matches/{match_id}/rounds/2/seats/{seat}",
                                 seats[seat], {"score": value})
                done["bodies"].append(reply.body)
                if reply.status in (200, 201):
                    done["own"].append((value, reply.status))
                else:
                    done["odd"].append(("own", reply.status, reply.body[:200]))
                continue
            while time.monotonic() < give_up:
                read = live.api("GET", f"/matches/{match_id}", host)
                if read.status != 200:
                    done["odd"].append(("read", read.status, read.body[:200]))
                    break
                seen = read.json()
                assert read.etag == f'"{seen["version"]}"'
                shared = seen["rounds"][0]["input"]["scores"][0]
                reply = live.api("PUT", f"/matches/{match_id}/rounds/1/seats/0", host,
                                 {"score": shared + 1},
                                 headers={"If-Match": f'"{seen["version"]}"'})
                done["bodies"].append(reply.body)
                if reply.status == 200:
                    done["increments"] += 1
                    break
                if reply.status != 412:
                    done["odd"].append(("increment", reply.status, reply.body[:200]))
                    break
                done["refused"] += 1
        return done

    began = time.monotonic()
    with ThreadPoolExecutor(PLAYERS) as pool:
        results = list(pool.map(client, range(PLAYERS)))
    took = time.monotonic() - began

    assert [r["odd"] for r in results] == [[]] * PLAYERS
    assert not [body for r in results for body in r["bodies"] if b"database is locked" in body]
    # Exactly one write opened round 2 (201); every other write to it found it open.
    assert Counter(status for r in results for _, status in r["own"])[201] == 1
    own_writes = sum(len(r["own"]) for r in results)
    increments = sum(r["increments"] for r in results)
    assert own_writes == PLAYERS * (WRITES_PER_CLIENT + 1) // 2
    assert increments > 0

    final = live.api("GET", f"/matches/{match_id}", host).json()
    assert len(final["rounds"]) == 2
    round_1, round_2 = (r["input"]["scores"] for r in final["rounds"])
    assert round_1 == [increments] + [0] * (PLAYERS - 1), "an increment was lost or doubled"
    assert round_2 == [r["own"][-1][0] for r in results]
    assert final["version"] == 1 + setup_writes + own_writes + increments

    # The change log tells the same story: one change per version, the shared cell a chain.
    changes = live.api("GET", f"/matches/{match_id}/history", host).json()["changes"]
    assert [c["version"] for c in changes] == list(range(1, final["version"] + 1))
    chain = [(c["before"]["score"], c["after"]["score"]) for c in changes
             if c["action"] == "set_part" and c["round"] == 1]
    assert chain == [(n, n + 1) for n in range(increments)]
    for seat in range(PLAYERS):
        logged = [c["after"]["score"] for c in changes
                  if c["action"] == "set_part" and c["round"] == 2 and c["seat"] == seat]
        assert logged == [value for value, _ in results[seat]["own"]]
        assert {c["by"] for c in changes if c["round"] == 2 and c["seat"] == seat} == {
            f"seat {seat}"}
    print(f"\n{own_writes} own writes, {increments} increments, "
          f"{sum(r['refused'] for r in results)} refused with 412, in {took:.1f} s")


@pytest.mark.parametrize("race", range(3))
def test_fifty_phones_bank_at_once_and_the_match_is_banked_once(live, race):
    match = live.create(4, rounds=1)
    match_id, tokens = match["id"], match["tokens"]
    over = live.api("POST", f"/matches/{match_id}/rounds", tokens["host"],
                    {"scores": [5, 3, 8, 1]})
    assert over.status == 201 and over.json()["status"] == "over"
    version = over.json()["version"]

    callers = [tokens["host"] if i % 5 == 0 else tokens["seats"][i % 4] for i in range(50)]
    # Each caller connects first; the barrier then lets all fifty requests go at once.
    start = threading.Barrier(len(callers), timeout=20)

    def bank(token: str):
        return live.api("POST", f"/matches/{match_id}/bank", token, start=start)

    with ThreadPoolExecutor(len(callers)) as pool:
        replies = list(pool.map(bank, callers))

    assert Counter(reply.status for reply in replies) == {200: 1, 409: 49}
    banked = next(reply for reply in replies if reply.status == 200).json()
    assert banked["status"] == "banked" and banked["version"] == version + 1
    assert {reply.json()["error"]["code"] for reply in replies if reply.status == 409} == {
        "conflict"}

    final = live.api("GET", f"/matches/{match_id}", tokens["view"]).json()
    assert final["status"] == "banked" and final["version"] == version + 1
    changes = live.api("GET", f"/matches/{match_id}/history", tokens["host"]).json()["changes"]
    assert [c["action"] for c in changes].count("bank") == 1
