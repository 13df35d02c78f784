"""What the tests of a sheet for any game share: small designs, and one made through the API."""

from __future__ import annotations

import copy
from typing import Any

import pytest

# A tally of three rows: a count worth 2 each, a check worth 5, and their bonus, with a tie-break
# on the count. The shape a person designs first.
TALLY: dict[str, Any] = {
    "name": "Dice night", "players": [2, 6],
    "tiebreak": [{"row": "sixes", "order": "most"}],
    "rows": [
        {"key": "sixes", "label": "Sixes", "kind": "count", "max": 5, "points": 2},
        {"key": "pair", "label": "A pair", "kind": "check", "points": 5},
        {"key": "bonus", "label": "Bonus", "kind": "formula",
         "formula": "if(sixes >= 8, 10, 0)"},
    ],
    "labels": {"de": {"name": "Würfelabend", "rows": {"sixes": "Sechser"}},
               "ar": {"name": "ليلة النرد", "rows": {"sixes": "الستات"}}},
}

# The gallery's 7 Wonders (a tally; coins break a tie on the total), one player's column with
# nothing scored: a line to add to.
SEVEN = {"military": 0, "coins": 0, "wonder": 0, "civilian": 0, "commercial": 0, "guilds": 0,
         "gear": 0, "compass": 0, "tablet": 0}


def tally_in(api, group, reference, lines, players=("Ana", "Ben", "Cy"), **extra):
    """A design's tally in the group (`reference`: a design's id, or a design given whole;
    `extra`: more of the match's fields), each column typed, banked."""
    made = api.call("POST", "/matches", group.owner, json={
        "game": "custom", "players": list(players), "design": reference, "group": group.id,
        **extra})
    assert made.status_code == 201, made.get_json()
    match = made.get_json()
    done = api.call("POST", f"/matches/{match['id']}/rounds", match["tokens"]["host"],
                    json={"players": lines}).get_json()
    assert done["status"] == "over", done
    banked = api.call("POST", f"/matches/{match['id']}/bank", match["tokens"]["host"])
    assert banked.status_code == 200
    return match


# Round by round, ending at 50 points: what each player typed, and the best of the round.
ROUNDS: dict[str, Any] = {
    "name": "Tricks", "scoring": "rounds", "target": 50,
    "rows": [
        {"key": "tricks", "label": "Tricks", "kind": "number", "min": 0, "max": 13},
        {"key": "best", "label": "Most tricks", "kind": "rank", "of": "tricks",
         "points": [5]},
    ],
}


def design(base: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """A copy of a design, some of its fields changed."""
    return copy.deepcopy(base) | changes


@pytest.fixture
def made(api):
    """made(design=TALLY): a design made through the API: its answer (id, version, tokens)."""

    def made_(body: dict[str, Any] | None = None) -> dict[str, Any]:
        response = api.call("POST", "/designs", json=TALLY if body is None else body)
        assert response.status_code == 201, response.get_json()
        return response.get_json()

    return made_


@pytest.fixture
def played_design(api):
    """played_design(design_ref, players=("Ana", "Ben")): a match of a design (an id or a
    design whole), as its create answers it."""

    def played_(reference: Any, players=("Ana", "Ben"), **extra: Any) -> dict[str, Any]:
        response = api.call("POST", "/matches", json={"game": "custom", "players": list(players),
                                                      "design": reference, **extra})
        assert response.status_code == 201, response.get_json()
        return response.get_json()

    return played_
