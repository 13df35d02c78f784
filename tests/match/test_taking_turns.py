"""Long work that takes turns (app/turns.py): a match's replay gives way between its rounds, and
an import between the rounds of each match it checks, not only between matches (issue 41: one
read or import of a long designed match held its worker until gunicorn killed it)."""

from __future__ import annotations

import pytest
from api_helpers import bank_export, free_sheet, imported

from app import turns
from app.extensions import db
from app.services.match.sheet import load_sheet


@pytest.fixture
def turns_taken(monkeypatch):
    """Every time long work offers to give way (whether or not its slice is up)."""
    offered: list[int] = []
    real = turns.turn

    def counted() -> None:
        offered.append(1)
        real()

    monkeypatch.setattr(turns, "turn", counted)
    return offered


def test_a_first_read_of_a_long_match_gives_way_between_its_rounds(app, api, turns_taken):
    match = api.call("POST", "/matches", json={"game": "generic", "players": ["Ana", "Ben"]})
    made = match.get_json()
    for n in range(300):
        assert api.call("POST", f"/matches/{made['id']}/rounds", made["tokens"]["host"],
                        json={"scores": [n, 1]}).status_code == 201
    with app.app_context():
        app.extensions["squarescores.cache"].__init__(app.config["CACHE_BYTES"])  # nothing kept
        turns_taken.clear()
        sheet = load_sheet(made["id"])
        db.session.rollback()
    assert len(sheet.rounds) == 300
    assert len(turns_taken) >= 300


def test_an_import_gives_way_between_the_rounds_of_one_long_match(api, turns_taken):
    roster = {1: "Ana", 2: "Ben"}
    rounds = [[n % 7, 3] for n in range(400)]
    export = bank_export(roster, [free_sheet(roster, [1, 2], rounds)])
    turns_taken.clear()
    imported(api, export)
    # Each round read, then each replayed: twice the rounds at least, where giving way only
    # between matches offered a handful.
    assert len(turns_taken) >= 2 * len(rounds)
