"""Changing one cell on its own page: the host any cell, a seat its own, a viewer none."""

from __future__ import annotations

import re

import pytest


def cell_url(token: str, number: int, seat: int) -> str:
    return f"/m/{token}/round/{number}/seat/{seat}"


def test_the_host_edits_any_cell_and_later_totals_follow(submit, page, played, location):
    form = page(cell_url(played.host, 1, 1))

    assert form.status == 200
    assert form.by_id("value").get("value") == "20"
    assert "Ben" in form.find("h1").text and "1" in form.find("h1").text

    response = submit(form, value="20+22")

    path, _ = location(response)
    assert path == f"/m/{played.host}"
    assert response.headers["Location"].endswith("#r1")
    state = played.state()
    assert [r["cells"] for r in state["rounds"]] == [[10, 42, 30], [5, 5, 5]]
    assert state["totals"] == [15, 47, 35]
    sheet = page(path)
    assert sheet.row(1)[1] == "42"
    assert sheet.totals() == [15, 47, 35]
    assert "53 to go" in sheet.standings()["Ben"]["note"]


def test_the_sheet_links_each_cell_the_host_may_change(page, played):
    sheet = page(f"/m/{played.host}")

    hrefs = {a.get("href") for a in sheet.find_all("a", class_="cell")}

    assert hrefs == {cell_url(played.host, n, s) for n in (1, 2) for s in range(3)}


@pytest.mark.parametrize("typed", ["abc", "2.5", "1e30", ""])
def test_a_bad_cell_is_refused_beside_the_input_and_kept(submit, page, played, typed):
    version = played.state()["version"]

    form = page(submit(cell_url(played.host, 2, 0), value=typed))

    assert form.status == 422
    assert form.field_error("value")
    assert form.by_id("value").get("value") == typed
    assert form.by_id("value").get("aria-invalid") == "true"
    assert played.state()["version"] == version


def test_an_edit_that_would_end_the_match_early_is_refused(client, submit, page, played):
    version = played.state()["version"]

    # 30 -> 100 reaches the target after round 1, with round 2 still after it
    response = submit(cell_url(played.host, 1, 2), value="100")
    response = client.get(response.headers["Location"])

    assert played.state()["version"] == version
    assert page(response).find(class_="flash-error") is not None


def test_a_seat_edits_its_own_cells_only(client, submit, page, played):
    ben = played.seats[1]

    response = submit(cell_url(ben, 2, 1), value="8")
    assert response.status_code == 302
    assert played.state()["rounds"][1]["cells"] == [5, 8, 5]

    version = played.state()["version"]
    assert client.get(cell_url(ben, 2, 0)).status_code == 403
    assert client.post(cell_url(ben, 2, 0), data={"value": "1"}).status_code == 403
    assert client.post(cell_url(ben, 1, 2), data={"value": "1"}).status_code == 403
    assert played.state()["version"] == version

    seat_sheet = page(f"/m/{ben}")
    hrefs = {a.get("href") for a in seat_sheet.find_all("a", class_="cell")}
    assert hrefs == {cell_url(ben, 1, 1), cell_url(ben, 2, 1)}


@pytest.mark.parametrize("number, seat", [(3, 0), (0, 1), (99, 1), (1, 3)])
def test_an_unknown_round_or_seat_is_not_found(client, played, number, seat):
    for token in (played.host, played.seats[1]):
        assert client.get(cell_url(token, number, seat)).status_code == 404
        assert client.post(cell_url(token, number, seat), data={"value": "1"}).status_code == 404


def test_the_view_link_changes_nothing(client, page, played):
    sheet = page(f"/m/{played.view}")
    version = played.state()["version"]

    assert sheet.status == 200
    assert sheet.find(class_="role").text == "Viewer"
    assert sheet.editable_inputs() == []
    assert sheet.forms("post") == []
    assert sheet.find_all("a", class_="cell") == []
    # No link to any action: the table view (read only too) is the one page it leads to, and
    # the event stream its script follows (#sheet's data-events-url) the one it reads.
    actions = set(re.findall(rf"/m/{re.escape(played.view)}/[a-z]+", sheet.html))
    assert actions <= {f"/m/{played.view}/table", f"/m/{played.view}/events"}
    assert sheet.totals() == [15, 25, 35]

    assert client.get(cell_url(played.view, 1, 0)).status_code == 403
    assert client.post(cell_url(played.view, 1, 0), data={"value": "1"}).status_code == 403
    assert client.post(f"/m/{played.view}/round",
                       data={"number": "3", "s0": "1", "s1": "2", "s2": "3"}).status_code == 403
    assert client.post(f"/m/{played.view}/round/2/delete").status_code == 403
    assert client.get(f"/m/{played.view}/abandon").status_code == 403
    assert client.post(f"/m/{played.view}/abandon").status_code == 403
    state = played.state()
    assert state["version"] == version and state["status"] == "active"
    assert len(state["rounds"]) == 2
