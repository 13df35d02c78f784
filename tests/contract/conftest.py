"""The contract's fixtures: the app Schemathesis sends its cases to (one per module: its fuzzing
shares it) and the world its operations are tried on."""

from __future__ import annotations

from pathlib import Path

import pytest
from fresh_app import fresh_app
from world import World

from app.services.notify import networks

FUZZING = Path(__file__).with_name("test_schemathesis.py")


def pytest_ignore_collect(collection_path, config):
    """Schemathesis makes each operation's coverage cases as its module is collected: 3.5 s of
    the 8 s a process spends collecting the suite. A run that leaves the fuzzing out (`make
    check`'s "not fuzz") does not collect it."""
    if collection_path == FUZZING and "not fuzz" in (config.option.markexpr or ""):
        return True
    return None


@pytest.fixture(scope="module")
def contract_app(tmp_path_factory):
    """The app of a module's fuzzing: any host a destination names resolves to a public
    address at once (no lookup leaves the machine; nothing is sent: the delivery worker runs
    only in a server's worker)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(networks, "resolved", lambda host, port: ["93.184.215.14"])
        yield from fresh_app(tmp_path_factory.mktemp("contract"))


@pytest.fixture(scope="module")
def world(contract_app):
    return World(contract_app.test_client())
