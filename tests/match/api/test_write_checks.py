"""A write's checks before its body is read (SPEC order: 401, 404, 403) use the table that the
version's last read or write kept, and ask the database only where none is kept."""

from __future__ import annotations

from api_helpers import sql_seen
from sqlalchemy import event

from app import cache
from app.services.match.sheet import _table


def rights_queries(statements: list[str]) -> list[str]:
    """precheck's own queries: the match's game, options and number of rounds; its seats' names."""
    return [s for s in statements if "count(round.id)" in s
            or s.startswith("SELECT seat.name \nFROM seat")]


def test_the_next_write_checks_its_rights_without_a_query(app, api):
    created = api.create(("Ana", "Ben"))
    path, host = f"/matches/{created['id']}/rounds", created["tokens"]["host"]
    assert api.call("POST", path, host, json={"scores": [1, 2]}).status_code == 201

    with sql_seen(app) as statements:
        answer = api.call("POST", path, host, json={"scores": [3, 4]})

    assert answer.status_code == 201
    assert rights_queries(statements) == []
    # A view link is refused (403) from the kept table too, before its body is looked at.
    with sql_seen(app) as statements:
        refused = api.call("POST", path, created["tokens"]["view"], data="not json")
    assert refused.status_code == 403
    assert rights_queries(statements) == []


def test_where_nothing_is_kept_the_checks_ask_the_database(app, api):
    created = api.create(("Ana", "Ben"))
    path, host = f"/matches/{created['id']}/rounds", created["tokens"]["host"]
    assert api.call("POST", path, host, json={"scores": [1, 2]}).status_code == 201
    app.extensions[cache.EXTENSION] = cache.Cache(app.config["CACHE_BYTES"])  # a new worker's

    with sql_seen(app) as statements:
        answer = api.call("POST", path, host, json={"scores": [3, 4]})

    assert answer.status_code == 201
    assert len(rights_queries(statements)) == 2


def test_the_table_a_version_keeps_is_what_the_database_says(app, api):
    created = api.create(("Ana", "Ben", "Cy", "Dee"), game="banakil")
    host = created["tokens"]["host"]
    for _ in range(3):
        api.call("POST", f"/matches/{created['id']}/rounds", host, json={
            "dead": False, "hands": [{"score": 30, "went_out": True}, {"score": -5},
                                     {"score": 10}, {"score": 0}]})
    version = api.call("GET", f"/matches/{created['id']}", host).get_json()["version"]
    with app.test_request_context():
        kept = app.extensions[cache.EXTENSION].peek(("table", created["id"], version))
        assert kept is not None
        assert kept == _table(created["id"])
        assert kept.rounds == 3 and kept.players == ("Ana", "Ben", "Cy", "Dee")


def test_a_write_is_one_transaction_begun_as_a_writes(app, api):
    """The link's lookup and the write share one transaction, begun as a write's (SQLite's
    BEGIN IMMEDIATE), where a read's used to end before the write began its own."""
    from sqlalchemy.orm import Session

    created = api.create(("Ana", "Ben"))
    path, host = f"/matches/{created['id']}/rounds", created["tokens"]["host"]
    begun = []

    def began(session, transaction, connection):
        begun.append(transaction)

    event.listen(Session, "after_begin", began)
    try:
        answer = api.call("POST", path, host, json={"scores": [1, 2]})
        assert answer.status_code == 201
        assert len(begun) == 1
    finally:
        event.remove(Session, "after_begin", began)
    assert api.call("GET", f"/matches/{created['id']}", host).get_json()["version"] == 2
