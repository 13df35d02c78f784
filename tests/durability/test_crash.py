"""The short crash test: gunicorn killed (-9) three times under writers loses no answered write."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "perf"))
from crash import run  # noqa: E402

pytestmark = pytest.mark.live


def test_killing_the_server_loses_no_answered_write():
    report = run(kills=3, writers=3, seed=7, quiet=True)

    assert report["acknowledged"] > 0, "the writers never got a write through"
    assert report["integrity"] == "ok"
    assert report["missing"] == 0, report
    assert report["server_errors"] == 0, report
