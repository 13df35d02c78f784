"""Two servers on one PostgreSQL: a write answered by one reaches a phone streaming from the
other within a second (LISTEN/NOTIFY), both ways. Run by `make test-postgres`."""

from __future__ import annotations

import json
import os
import secrets
import time
from urllib.parse import quote

import pytest
from event_streams import HTTPEvents
from launcher import Server, request
from sqlalchemy import create_engine, text

pytestmark = [pytest.mark.live, pytest.mark.live_postgres]

DATABASE = os.environ.get("TEST_DATABASE_URL", "")
WITHIN = 1.0  # seconds, the bound


@pytest.fixture
def shared_database():
    """A schema of its own in TEST_DATABASE_URL's database, migrated by the first server."""
    if not DATABASE.startswith("postgresql"):
        pytest.skip("needs TEST_DATABASE_URL naming PostgreSQL (make test-postgres)")
    schema = f"live_{secrets.token_hex(6)}"
    engine = create_engine(DATABASE)
    with engine.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    separator = "&" if "?" in DATABASE else "?"
    yield f"{DATABASE}{separator}options={quote(f'-csearch_path={schema}')}"
    with engine.begin() as connection:
        connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
    engine.dispose()


def test_a_write_on_one_server_reaches_a_stream_on_the_other(shared_database, tmp_path):
    with Server(tmp_path / "a", database_url=shared_database) as one, \
            Server(tmp_path / "b", database_url=shared_database) as other:
        status, _, body = request(one.port, "POST", "/api/v1/matches",
                                  json_body={"game": "generic", "players": ["Ana", "Ben"]})
        assert status == 201
        match = json.loads(body)
        host, view = match["tokens"]["host"], match["tokens"]["view"]
        streams = {one: HTTPEvents(one.port, f"/m/{view}/events"),
                   other: HTTPEvents(other.port, f"/api/v1/matches/{match['id']}/events", view)}
        try:
            for stream in streams.values():
                assert stream.next()["id"] == "1"
            for version, (writer, watcher) in enumerate(
                    [(one, other), (other, one), (one, other)], start=2):
                status, _, body = request(writer.port, "POST",
                                          f"/api/v1/matches/{match['id']}/rounds", host,
                                          {"scores": [version, 1]})
                answered = time.monotonic()
                assert status == 201 and json.loads(body)["version"] == version
                heard = streams[watcher].next()
                took = time.monotonic() - answered
                assert heard == {"id": str(version), "event": "version",
                                 "data": {"version": version, "status": "active"}}
                assert took < WITHIN, f"the other server's phone heard it after {took:.2f} s"
                assert streams[writer].next()["id"] == str(version)
        finally:
            for stream in streams.values():
                stream.close()
