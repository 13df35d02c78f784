"""A page typed on a stale version: every cell both sides changed is one clash, reported at once,
and a cell left as first seen keeps what someone else saved since."""

from __future__ import annotations

import pytest

from app.errors import Clash, EditConflict
from app.services.match.access import Access
from app.services.match.parts import set_parts
from app.services.match.sheet import load_sheet


@pytest.fixture
def table(app, api):
    """Ana, Ben and Cy with round 1 in (10, 20, 30); answers the match and the version the
    host's page was drawn at."""
    created = api.create(("Ana", "Ben", "Cy"))
    match_id, tokens = created["id"], created["tokens"]
    put = api.call("POST", f"/matches/{match_id}/rounds", tokens["host"],
                   json={"scores": [10, 20, 30]})
    assert put.status_code == 201
    with app.test_request_context():
        yield created, put.get_json()["version"]


def part(api, created, seat: int, score: int, token: str | None = None) -> None:
    response = api.call("PUT", f"/matches/{created['id']}/rounds/1/seats/{seat}",
                        token or created["tokens"]["seats"][seat], json={"score": score})
    assert response.status_code == 200, response.get_json()


def typed(match_id: str, based_on: int, **scores: int):
    """The host's page saved at `based_on` with these cells typed (s0=..., s1=...)."""
    parts = {int(name[1:]): {"score": score} for name, score in scores.items()}
    return set_parts(Access(match_id, "host"), match_id, 1, parts,
                              based_on=based_on)


def cells(match_id: str) -> tuple[int, ...]:
    return load_sheet(match_id).result.rounds[0].cells


def test_a_stale_two_seat_edit_reports_both_clashing_seats(api, table):
    created, seen = table
    part(api, created, 0, 11)  # Ana, from her phone
    part(api, created, 1, 21)  # Ben, from his
    version = load_sheet(created["id"]).version

    with pytest.raises(EditConflict) as raised:
        typed(created["id"], seen, s0=4, s1=9, s2=30)

    conflict = raised.value
    assert conflict.clashes == {
        0: Clash("Ana", theirs={"score": 11}, yours={"score": 4}),
        1: Clash("Ben", theirs={"score": 21}, yours={"score": 9}),
    }
    assert conflict.refreshed == frozenset()
    # the first clash, as a single-cell page reads it
    assert (conflict.seat, conflict.theirs, conflict.yours) == (0, {"score": 11}, {"score": 4})
    assert conflict.message == "Ana saved this cell while you were typing."
    assert conflict.status == 409 and conflict.code == "edit_conflict"
    # nothing was written
    assert load_sheet(created["id"]).version == version
    assert cells(created["id"]) == (11, 21, 30)


def test_a_cell_typed_as_first_seen_is_refreshed_beside_a_clash(api, table):
    created, seen = table
    part(api, created, 0, 11)
    part(api, created, 1, 21)

    with pytest.raises(EditConflict) as raised:
        typed(created["id"], seen, s0=10, s1=9)  # Ana's cell left as the host saw it

    assert set(raised.value.clashes) == {1}
    assert raised.value.refreshed == frozenset({0})
    assert raised.value.seat == 1


def test_the_clash_names_who_saved_what_the_cell_now_holds(api, table):
    created, seen = table
    part(api, created, 1, 21)  # Ben first ...
    part(api, created, 1, 22, token=created["tokens"]["seats"][1])
    part(api, created, 2, 31, token=created["tokens"]["host"])  # another cell, by the host
    api.call("PUT", f"/matches/{created['id']}/rounds/1", created["tokens"]["host"],
             json={"scores": [10, 23, 31]})  # ... then the host, editing the whole round

    with pytest.raises(EditConflict) as raised:
        typed(created["id"], seen, s1=9)

    assert raised.value.clashes == {1: Clash("The host", {"score": 23}, {"score": 9})}


def test_without_a_clash_the_refreshed_cells_keep_the_newer_value(api, table):
    created, seen = table
    part(api, created, 0, 11)

    sheet, opened = typed(created["id"], seen, s0=10, s1=25)

    assert not opened
    assert sheet.result.rounds[0].cells == (11, 25, 30)


def test_a_cell_changed_and_changed_back_since_is_no_clash(api, table):
    created, seen = table
    part(api, created, 1, 21)
    part(api, created, 1, 20)

    sheet, _ = typed(created["id"], seen, s1=9)

    assert sheet.result.rounds[0].cells == (10, 9, 30)
