"""A player's own link: only their cell to type, and a round that waits for the others."""

from __future__ import annotations


def score_inputs(sheet) -> list[str]:
    return [node.get("id") for node in sheet.find_all("input", class_="score")]


def test_a_seat_types_only_its_own_cell(page, start):
    match = start(("Ana", "Ben", "Cy"))

    sheet = page(f"/m/{match.seats[1]}")

    assert sheet.status == 200
    assert sheet.find(class_="role").text == "Ben's seat"
    assert score_inputs(sheet) == ["s1"]
    cells = sheet.by_id("r1").find_all("td")
    assert [td.find("input") is not None for td in cells] == [False, True, False]
    assert sheet.find("section", class_="host-tools") is None
    assert "abandon" not in sheet.html.lower()


def test_a_part_entered_leaves_the_round_open_and_waiting(submit, page, start):
    match = start(("Ana", "Ben", "Cy"))

    response = submit(f"/m/{match.seats[1]}", "entry", s1="7")

    assert response.status_code == 302
    state = match.state()
    assert [(r["status"], r["input"]["scores"]) for r in state["rounds"]] == [
        ("open", [None, 7, None])]
    assert state["totals"] == [0, 0, 0]

    own = page(f"/m/{match.seats[1]}")
    assert own.by_id("s1").get("value") == "7"
    waiting = own.by_id("r1").find_all(class_="waiting")
    assert [node.text for node in waiting] == ["…", "…"]

    host = page(f"/m/{match.host}")
    assert [host.by_id(f"s{i}").get("value") for i in range(3)] == ["", "7", ""]
    assert host.find("input", name="number").get("value") == "1"

    viewer = page(f"/m/{match.view}")
    assert "open" in viewer.by_id("r1").classes
    assert viewer.row(1) == ["·", "7", "·"]
    assert viewer.totals() == [0, 0, 0]


def test_a_seat_cannot_type_into_another_seats_cell(client, start):
    match = start(("Ana", "Ben", "Cy"))

    client.post(f"/m/{match.seats[1]}/round", data={"number": "1", "s0": "50", "s1": "7"})

    assert match.state()["rounds"][0]["input"]["scores"] == [None, 7, None]


def test_the_round_completes_when_the_last_seat_enters(submit, page, start):
    match = start(("Ana", "Ben"))
    submit(f"/m/{match.seats[0]}", "entry", s0="4+4")

    response = submit(f"/m/{match.seats[1]}", "entry", s1="3")

    assert response.status_code == 302
    assert match.state()["rounds"][0]["cells"] == [8, 3]
    sheet = page(f"/m/{match.seats[1]}")
    assert sheet.totals() == [8, 3]
    assert sheet.row(1) == ["8", "3"]
    # the next round is open to type
    assert sheet.by_id("r2").find("input", id="s1") is not None


def test_a_seat_with_its_part_in_waits_with_it_shown(submit, page, start):
    match = start(("Ana", "Ben"))
    submit(f"/m/{match.seats[0]}", "entry", s0="5")

    sheet = page(f"/m/{match.seats[0]}")

    # the seat may still correct its part; the other one is still to come
    assert sheet.by_id("s0").get("value") == "5"
    assert sheet.by_id("r1").find(class_="waiting").text == "…"


def test_a_bad_cell_from_a_seat_is_refused_beside_it(submit, page, start):
    match = start(("Ana", "Ben"))

    sheet = page(submit(f"/m/{match.seats[0]}", "entry", s0="3,5"))

    assert sheet.status == 422
    assert sheet.field_error("s0")
    assert sheet.by_id("s0").get("value") == "3,5"
    assert match.state()["rounds"] == []


def test_a_seat_may_not_delete_rounds(client, start):
    match = start(("Ana", "Ben"))
    match.add_round(1, 2)

    assert client.post(f"/m/{match.seats[0]}/round/1/delete").status_code == 403
    assert len(match.state()["rounds"]) == 1
