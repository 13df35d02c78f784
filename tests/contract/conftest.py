"""The contract's fixtures: the app Schemathesis sends its cases to (one per module: its fuzzing
shares it) and the world its operations are tried on."""

from __future__ import annotations

import pytest
from fresh_app import fresh_app
from world import World

from app.services.notify import networks


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
