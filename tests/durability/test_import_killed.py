"""An import of plays with its server killed (-9) half way, then started again: the job is
taken up from its last batch and ends with every play in the bank once, none half written."""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "plays"))
from exports import make_export  # noqa: E402
from launcher import Server, request  # noqa: E402

pytestmark = pytest.mark.live


def until(check, seconds=120.0):
    """Waits for a state (never a time alone): `check()` true, or fails after `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("the state never came")


def test_a_server_killed_mid_import_takes_the_job_up_again():
    document = make_export(3000, seed=11, players=9, games=6)
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder), workers=2, access_log=False)
        with server:
            port = server.port
            made = request(port, "POST", "/api/v1/groups", json_body={"name": "Moving"}).json()
            group, owner = made["id"], made["tokens"]["owner"]
            reply = request(port, "POST", f"/api/v1/groups/{group}/imports", owner,
                            body=json.dumps(document).encode(),
                            headers={"Content-Type": "application/json"})
            assert reply.status == 202, reply.body
            job = reply.json()["id"]

            def state():
                return request(server.port, "GET", f"/api/v1/groups/{group}/imports/{job}",
                               owner).json()

            halfway = until(lambda: (lambda s: s if 0 < s["plays"]["done"] < 2000 else None)(
                state()))
            server.kill()  # -9: no batch ends, no job is told
            server.start()
            done = until(lambda: (lambda s: s if s["state"] in ("done", "failed") else None)(
                state()))
            assert done["state"] == "done", done
            assert done["plays"]["done"] == done["plays"]["total"] == 3000
            assert done["plays"]["done"] >= halfway["plays"]["done"]
            bank = []
            page = f"/api/v1/groups/{group}"
            while page:
                answer = request(server.port, "GET", page, owner).json()
                bank += answer["matches"]
                page = answer["next"]
            brought = sum(1 for play in document["plays"])
            skipped = len(done["problems"])
            assert len(bank) == brought - skipped == done["plays"]["added"]
            assert len({(m["banked_at"], tuple(p["name"] for p in m["players"]))
                        for m in bank}) == len(bank)  # none twice
