"""The host's sheet: the grid, the standings, and the entry row that saves a round."""

from __future__ import annotations

import pytest


def test_the_grid_shows_each_round_the_totals_and_the_leader(start, page):
    match = start(("Ana", "Ben", "Cy"), target=100)
    match.add_round(10, 20, 5)
    match.add_round(30, -5, 5)

    sheet = page(f"/m/{match.host}")

    assert sheet.status == 200
    assert sheet.row(1) == ["10", "20", "5"]
    assert sheet.row(2) == ["30", "\u22125", "5"]
    assert sheet.totals() == [40, 15, 10]
    standings = sheet.standings()
    assert [s["total"] for s in standings.values()] == ["40", "15", "10"]
    assert "leads" in standings["Ana"]["classes"]
    assert not {"leads"} & (standings["Ben"]["classes"] | standings["Cy"]["classes"])
    assert "Ana leads." in sheet.text
    # a negative cell is marked as one
    assert "neg" in sheet.by_id("r2").find_all("td")[1].classes


def test_the_target_line_and_each_sides_distance_to_it(start, page):
    match = start(("Ana", "Ben"), target=100)
    match.add_round(35, 60)

    sheet = page(f"/m/{match.host}")

    assert "target 100" in sheet.find("p", class_="meta").text
    standings = sheet.standings()
    assert "65 to go" in standings["Ana"]["note"]
    assert "40 to go" in standings["Ben"]["note"]
    assert "leads" in standings["Ben"]["note"]


def test_a_match_of_so_many_rounds_counts_down(start, page):
    match = start(("Ana", "Ben"), rounds=3)
    match.add_round(1, 2)

    sheet = page(f"/m/{match.host}")

    assert "3 rounds" in sheet.find("p", class_="meta").text
    assert "2 rounds to play." in sheet.text
    match.add_round(1, 2)
    assert "1 round to play." in page(f"/m/{match.host}").text


def test_level_totals_name_no_leader(start, page):
    match = start(("Ana", "Ben"))
    match.add_round(7, 7)

    sheet = page(f"/m/{match.host}")

    assert "All level." in sheet.text
    assert all("leads" not in s["classes"] for s in sheet.standings().values())
    assert "to go" not in sheet.find("ol", class_="standings").text  # no target, no distance


def test_the_entry_row_saves_a_round(submit, start, page, location):
    match = start(("Ana", "Ben", "Cy"), target=100)

    response = submit(f"/m/{match.host}", "entry", s0="12", s1="0", s2="-3")

    path, _ = location(response)
    assert path == f"/m/{match.host}"
    state = match.state()
    assert [r["cells"] for r in state["rounds"]] == [[12, 0, -3]]
    sheet = page(path)
    assert sheet.row(1) == ["12", "0", "\u22123"]
    assert sheet.totals() == [12, 0, -3]
    assert "88 to go" in sheet.standings()["Ana"]["note"]
    # the next round's entry row is ready
    assert sheet.by_id("r2").find("input", id="s0") is not None


def test_a_cell_may_be_a_quick_sum(submit, start):
    match = start(("Ana", "Ben"))

    response = submit(f"/m/{match.host}", "entry", s0="10+15-5", s1="−4 + 2")

    assert response.status_code == 302
    assert match.state()["rounds"][0]["cells"] == [20, -2]


@pytest.mark.parametrize("typed", ["abc", "2.5", "1e30", "5-", "1 2"])
def test_a_bad_cell_is_refused_beside_its_input_and_kept(submit, start, page, typed):
    match = start(("Ana", "Ben", "Cy"))
    match.add_round(1, 2, 3)
    version = match.state()["version"]

    sheet = page(submit(f"/m/{match.host}", "entry", s0="10+5", s1=typed, s2="7"))

    assert sheet.status == 422
    assert sheet.field_error("s1")
    assert sheet.by_id("s1").get("aria-invalid") == "true"
    assert sheet.field_error("s0") is None and sheet.field_error("s2") is None
    assert [sheet.by_id(f"s{i}").get("value") for i in range(3)] == ["10+5", typed, "7"]
    assert sheet.by_id("s1").has("autofocus")
    state = match.state()
    assert state["version"] == version
    assert len(state["rounds"]) == 1


@pytest.mark.parametrize("options, typed", [({}, "2000000000"), ({"allow_negative": False}, "-5")])
def test_a_cell_the_rules_refuse_is_refused_beside_its_input(submit, start, page, options,
                                                             typed):
    # The arithmetic is fine here; the game's range check refuses it, and must say so at the cell.
    match = start(("Ana", "Ben", "Cy"), **options)
    version = match.state()["version"]

    sheet = page(submit(f"/m/{match.host}", "entry", s0="4", s1="5", s2=typed))

    assert sheet.status == 422
    assert sheet.field_error("s2")
    assert sheet.field_error("s0") is None
    assert sheet.by_id("s2").get("value") == typed
    assert match.state()["version"] == version


def test_after_a_save_the_next_empty_cell_has_the_focus(submit, start, page, location):
    match = start(("Ana", "Ben", "Cy"))

    response = submit(f"/m/{match.host}", "entry", s0="4")

    path, query = location(response)
    assert query["focus"] == ["s1"]
    sheet = page(response.headers["Location"])
    assert sheet.by_id("s1").has("autofocus")
    assert not sheet.by_id("s0").has("autofocus") and not sheet.by_id("s2").has("autofocus")
    assert sheet.by_id("s0").get("value") == "4"  # the round stays open, its part kept
    assert match.state()["rounds"][0]["status"] == "open"

    response = submit(page(response.headers["Location"]), "entry", s1="5", s2="6")

    _, query = location(response)
    assert query["focus"] == ["s0"]  # the next round's first cell
    sheet = page(response.headers["Location"])
    assert sheet.by_id("r2").find("input", id="s0").has("autofocus")
    assert match.state()["rounds"][0]["cells"] == [4, 5, 6]


def test_an_empty_entry_row_stores_nothing(submit, start):
    match = start(("Ana", "Ben"))

    response = submit(f"/m/{match.host}", "entry", s1="  ")

    assert response.status_code == 302
    assert match.state()["rounds"] == [] and match.state()["version"] == 1


def test_a_row_typed_for_a_round_finished_meanwhile_is_not_put_in_the_next(submit, start,
                                                                         page, api):
    # The host's page shows round 1 open; the players finish it from their own phones;
    # the host's numbers were meant for round 1: a choice in round 1, never round 2's row.
    match = start(("Ana", "Ben"))
    host_page = page(f"/m/{match.host}")
    assert host_page.find("input", name="number").get("value") == "1"
    for seat, score in enumerate((3, 4)):
        response = api.call("PUT", f"/matches/{match.id}/rounds/1/seats/{seat}", match.seats[seat],
                            json={"score": score})
        assert response.status_code in (200, 201)
    version = match.state()["version"]

    sheet = page(submit(host_page, "entry", s0="30", s1="40"))

    assert sheet.status == 409
    conflict = sheet.find(class_="conflict")
    assert [" ".join(li.text.split()) for li in conflict.find_all("li")] == [
        "Round 1, Ana: yours 30, saved 3", "Round 1, Ben: yours 40, saved 4"]
    state = match.state()
    assert state["version"] == version
    assert [r["cells"] for r in state["rounds"]] == [[3, 4]]
    # nothing typed for round 1 waits in round 2's row
    assert [sheet.by_id(f"s{i}").get("value") for i in range(2)] == ["", ""]
    assert sheet.by_id("entry").find("input", name="number").get("value") == "2"


def test_the_host_deletes_the_last_round(client, start, page):
    match = start(("Ana", "Ben"))
    match.add_round(1, 2)
    match.add_round(3, 4)

    refused = client.post(f"/m/{match.host}/round/1/delete", follow_redirects=True)
    assert len(match.state()["rounds"]) == 2
    assert page(refused).find(class_="flash-error") is not None

    response = client.post(f"/m/{match.host}/round/2/delete")

    assert response.status_code == 302
    assert [r["cells"] for r in match.state()["rounds"]] == [[1, 2]]
    assert page(f"/m/{match.host}").totals() == [1, 2]


def test_the_host_sees_every_link_of_the_table(start, page):
    match = start(("Ana", "Ben"))

    sheet = page(f"/m/{match.host}")
    assert sheet.find("a", href=f"/m/{match.host}/links") is not None

    invites = page(f"/m/{match.host}/links")
    links = [node.get("value") for node in invites.find_all("input", class_="link")]
    assert all(node.has("readonly") for node in invites.find_all("input", class_="link"))
    assert [link.rsplit("/", 1)[-1] for link in links] == [*match.seats, match.view, match.host]


def test_a_kept_sheet_is_sent_as_its_pieces_without_a_copy(app, start):
    """SPEC section 6: a read of a kept sheet sends the drawing kept for its version as it is,
    with each phone's own (its CSRF token) put in between: the attack found a cached 4 MB sheet
    costing 30 ms a read, copied several times over, and 100 readers holding /health 3.6 s."""
    match = start(("Ana", "Ben", "Cy"))
    match.add_round(1, 2, 3)
    path = f"/m/{match.host}"
    reads = []
    for _ in range(2):
        phone = app.test_client()  # each phone its own session, so its own CSRF token
        response = phone.get(path, buffered=False)
        chunks = list(response.response)
        reads.append((chunks, b"".join(chunks)))
        assert int(response.headers["Content-Length"]) == len(reads[-1][1])
        response.close()
    (first, whole), (second, again) = reads
    largest = max(range(len(first)), key=lambda i: len(first[i]))
    assert first[largest] is second[largest]  # the kept bytes themselves, not a copy
    tokens = [page.split(b'name="csrf_token" value="')[1].split(b'"')[0] for page in (whole, again)]
    assert tokens[0] != tokens[1] and all(tokens)
    assert b"@@" not in whole  # every slot filled
    assert whole.replace(tokens[0], b"") == again.replace(tokens[1], b"")
