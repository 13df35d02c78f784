"""The live table: edits typed on a stale page, cell history, undo, the invite page and its QR
codes, replacing a link, the table view, and no caching of any link page."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from urllib.parse import urlsplit

import pytest

SVG = "{http://www.w3.org/2000/svg}"


def cell_url(token: str, number: int, seat: int) -> str:
    return f"/m/{token}/round/{number}/seat/{seat}"


def post_form(client, shown, form, **changes):
    """Post one form node of a page (one without an id of its own) as a browser would."""
    data = {node.get("name"): node.get("value") or "" for node in form.find_all("input")
            if node.get("name")}
    data.update(changes)
    action = form.get("action") or urlsplit(shown.response.request.url).path
    return client.post(action, data=data)


def form_with_button(shown, label: str):
    buttons = [b for b in shown.find_all("button") if b.text == label]
    assert len(buttons) == 1, [b.text for b in shown.find_all("button")]
    form = buttons[0].ancestor("form")
    assert form is not None and (form.get("method") or "").lower() == "post"
    return form


def save_again(client, shown, form_id: str):
    """Press Save on a page that came back refused (409): its form as it now stands."""
    action, data = shown.form_data(form_id)
    return client.post(action, data=data)


def choose(client, shown, kind: str):
    """Tap one choice of a save that lost a race ("keep-mine" or "keep-saved"): its form, as
    rendered, posted where it says."""
    form = next(form for form in shown.forms("post") if form.find("button", class_=kind))
    data = {field.get("name"): field.get("value") or "" for field in form.find_all("input")}
    return client.post(form.get("action"), data=data)


def lost_race(shown) -> list[str]:
    """What a refused save's choice says of each cell: "Round 2, Ben: yours 9, saved 8"."""
    conflict = shown.find(class_="conflict")
    assert conflict is not None, "no choice shown"
    return [" ".join(item.text.split()) for item in conflict.find_all("li")]


def put_part(api, match, number, seat, score, token=None):
    response = api.call("PUT", f"/matches/{match.id}/rounds/{number}/seats/{seat}",
                        token or match.seats[seat], json={"score": score})
    assert response.status_code in (200, 201), response.get_json()
    return response.get_json()


# A cell typed on a stale page -------------------------------------------------------------


def test_a_cell_someone_else_saved_meanwhile_asks_instead_of_overwriting(page, submit, api,
                                                                         played):
    stale = page(cell_url(played.host, 1, 1))
    put_part(api, played, 1, 1, 25)  # Ben, from his phone
    version = played.state()["version"]

    asked = page(submit(stale, value="42"))

    assert asked.status == 409
    banner = asked.find(class_="conflict")
    assert banner is not None and banner.get("role") == "alert"
    assert "Ben" in banner.text
    assert "25" in banner.text and "42" in banner.text
    keep = banner.find("a")
    assert keep.text == "Keep 25"
    assert urlsplit(keep.get("href")).path == f"/m/{played.host}"
    assert form_with_button(asked, "Use 42") is not None
    # nothing was written: Ben's 25 stands until the host chooses
    state = played.state()
    assert state["version"] == version
    assert state["rounds"][0]["cells"] == [10, 25, 30]


def test_use_mine_after_a_conflict_stores_mine(client, page, submit, api, played, location):
    stale = page(cell_url(played.host, 1, 1))
    put_part(api, played, 1, 1, 25)
    asked = page(submit(stale, value="40+2"))

    response = post_form(client, asked, form_with_button(asked, "Use 42"))

    path, _ = location(response)
    assert path == f"/m/{played.host}"
    state = played.state()
    assert state["rounds"][0]["cells"] == [10, 42, 30]
    assert state["totals"] == [15, 47, 35]


def test_keep_theirs_after_a_conflict_changes_nothing(page, submit, api, played):
    stale = page(cell_url(played.host, 1, 1))
    put_part(api, played, 1, 1, 25)
    asked = page(submit(stale, value="42"))
    version = played.state()["version"]

    sheet = page(asked.find(class_="conflict").find("a").get("href"))

    assert sheet.status == 200
    assert sheet.row(1) == ["10", "25", "30"]
    assert played.state()["version"] == version


def test_a_cell_saved_unchanged_on_a_stale_page_keeps_the_newer_value(page, submit, api,
                                                                        played):
    stale = page(cell_url(played.seats[1], 1, 1))
    assert stale.by_id("value").get("value") == "20"
    put_part(api, played, 1, 1, 25, token=played.host)

    response = submit(stale)  # Save pressed without typing

    assert response.status_code == 302
    assert played.state()["rounds"][0]["cells"] == [10, 25, 30]


def test_changes_to_other_cells_meanwhile_are_no_conflict(page, submit, api, played):
    stale = page(cell_url(played.host, 1, 1))
    put_part(api, played, 1, 0, 11)  # same round, another seat
    put_part(api, played, 2, 1, 6)  # same seat, another round

    response = submit(stale, value="21")

    assert response.status_code == 302
    assert [r["cells"] for r in played.state()["rounds"]] == [[11, 21, 30], [5, 6, 5]]


def test_a_whole_round_edit_of_other_cells_meanwhile_is_no_conflict(page, submit, api, played):
    # The host corrects Cy's cell by replacing round 1; Ben's cell is untouched by it.
    stale = page(cell_url(played.seats[1], 1, 1))
    edited = api.call("PUT", f"/matches/{played.id}/rounds/1", played.host,
                      json={"scores": [10, 20, 31]})
    assert edited.status_code == 200

    response = submit(stale, value="22")

    assert response.status_code == 302, page(response).find(class_="conflict").text
    assert played.state()["rounds"][0]["cells"] == [10, 22, 31]


def test_a_cell_changed_and_changed_back_meanwhile_is_no_conflict(page, submit, api, played):
    stale = page(cell_url(played.host, 1, 1))
    put_part(api, played, 1, 1, 25)
    put_part(api, played, 1, 1, 20)  # Ben thought better of it

    response = submit(stale, value="42")

    assert response.status_code == 302
    assert played.state()["rounds"][0]["cells"] == [10, 42, 30]


# The entry row typed on a stale page ------------------------------------------------------


@pytest.fixture
def half_typed(start, api):
    """Round 1 complete; round 2 open with Ana's 5 and Ben's 6, Cy's part missing."""
    match = start(("Ana", "Ben", "Cy"))
    match.add_round(10, 20, 30)
    put_part(api, match, 2, 0, 5)
    put_part(api, match, 2, 1, 6)
    return match


def test_the_entry_row_keeps_what_others_saved_in_cells_left_untouched(page, submit, api,
                                                                      half_typed):
    stale = page(f"/m/{half_typed.host}")
    assert [stale.by_id(f"s{i}").get("value") for i in range(3)] == ["5", "6", ""]
    put_part(api, half_typed, 2, 0, 7)  # Ana corrects hers from her phone

    response = submit(stale, "entry", s2="3")  # the host types Cy's only

    assert response.status_code == 302
    state = half_typed.state()
    assert state["rounds"][1]["cells"] == [7, 6, 3]
    assert state["totals"] == [17, 26, 33]


def test_the_entry_row_offers_a_choice_for_a_cell_someone_else_changed(client, page, submit,
                                                                         api, half_typed):
    stale = page(f"/m/{half_typed.host}")
    put_part(api, half_typed, 2, 1, 8)  # Ben
    version = half_typed.state()["version"]

    asked = page(submit(stale, "entry", s1="9", s2="3"))

    assert asked.status == 409
    assert "Ben saved this cell" in asked.find(class_="conflict").text
    assert lost_race(asked) == ["Round 2, Ben: yours 9, saved 8"]
    # nothing was written; the row shows the saved value in the cell that changed, and in the
    # cell nobody else touched what this phone typed (still to be saved with the choice)
    state = half_typed.state()
    assert state["version"] == version
    assert state["rounds"][1]["input"]["scores"] == [5, 8, None]
    assert [asked.by_id(f"s{i}").get("value") for i in (1, 2)] == ["8", "3"]

    # Keep mine: the host's 9, and Cy's 3 typed beside it
    response = choose(client, asked, "keep-mine")

    assert response.status_code == 302
    assert half_typed.state()["rounds"][1]["cells"] == [5, 9, 3]


def test_keeping_the_saved_cell_still_saves_the_cells_nobody_else_changed(client, page, submit,
                                                                          api, half_typed):
    stale = page(f"/m/{half_typed.host}")
    put_part(api, half_typed, 2, 1, 8)  # Ben

    asked = page(submit(stale, "entry", s1="9", s2="3"))
    response = choose(client, asked, "keep-saved")

    assert response.status_code == 302
    assert half_typed.state()["rounds"][1]["cells"] == [5, 8, 3]


def test_keeping_mine_after_a_conflict_keeps_what_others_saved_in_untouched_cells(
        client, page, submit, api, half_typed):
    stale = page(f"/m/{half_typed.host}")
    put_part(api, half_typed, 2, 0, 7)  # Ana, in a cell the host leaves alone
    put_part(api, half_typed, 2, 1, 8)  # Ben, in the cell the host changes too

    asked = page(submit(stale, "entry", s1="9", s2="3"))
    assert asked.status == 409
    # the page now shows Ana's newer 7, not the 5 the host first saw; her cell is no clash
    assert asked.by_id("s0").get("value") == "7"
    assert lost_race(asked) == ["Round 2, Ben: yours 9, saved 8"]

    response = choose(client, asked, "keep-mine")

    assert response.status_code == 302
    assert half_typed.state()["rounds"][1]["cells"] == [7, 9, 3]


def test_every_cell_both_sides_changed_is_offered_not_only_the_first(client, page, submit, api,
                                                                     half_typed):
    stale = page(f"/m/{half_typed.host}")
    put_part(api, half_typed, 2, 0, 7)  # Ana
    put_part(api, half_typed, 2, 1, 8)  # Ben

    asked = page(submit(stale, "entry", s0="4", s1="9", s2="3"))

    assert asked.status == 409
    assert lost_race(asked) == ["Round 2, Ana: yours 4, saved 7", "Round 2, Ben: yours 9, saved 8"]
    assert half_typed.state()["rounds"][1]["input"]["scores"] == [7, 8, None]
    # both were shown, so keeping mine puts both of the host's numbers
    assert choose(client, asked, "keep-mine").status_code == 302
    assert half_typed.state()["rounds"][1]["cells"] == [4, 9, 3]


# A cell's history -------------------------------------------------------------------------


def test_the_cell_page_lists_who_changed_the_cell_newest_first(client, page, submit, api,
                                                                played):
    put_part(api, played, 1, 1, 25)  # Ben
    put_part(api, played, 1, 2, 31)  # Cy: another cell, not in Ben's history
    assert submit(cell_url(played.host, 1, 1), value="42").status_code == 302
    assert client.post(f"/m/{played.host}/undo").status_code == 302

    shown = page(cell_url(played.host, 1, 1))

    items = shown.find("section", class_="history").find_all("li")
    assert [item.find(class_="who").text for item in items] == ["Host", "Host", "Ben", "Host"]
    texts = [item.text for item in items]
    assert "undid a change" in texts[0] and "42 → 25" in texts[0]
    assert "25 → 42" in texts[1] and "undid" not in texts[1]
    assert "20 → 25" in texts[2]
    assert "— → 20" in texts[3]  # the round as first added
    assert all("31" not in text for text in texts)
    assert all(item.find("time").get("datetime") for item in items)
    # the history reads the same from Ben's own link
    own = page(cell_url(played.seats[1], 1, 1))
    assert [item.text for item in own.find("section", class_="history").find_all("li")] == texts


def test_the_cell_page_lists_only_its_latest_changes(page, api, played, monkeypatch):
    """A cell edited thousands of times (one client made 24,000 changes in minutes) shows its
    latest changes: reading them all took 2 s at every visit."""
    import importlib

    monkeypatch.setattr(importlib.import_module("app.services.match.history"), "CELL_HISTORY", 2)
    for value in (25, 26, 27):
        put_part(api, played, 1, 1, value)
    items = page(cell_url(played.host, 1, 1)).find("section", class_="history").find_all("li")
    assert ["26 → 27" in items[0].text, "25 → 26" in items[1].text, len(items)] == [
        True, True, 2]


# Undo from the page -----------------------------------------------------------------------


def test_the_host_undoes_from_the_sheet_one_change_at_a_time(client, page, api, played,
                                                            location):
    put_part(api, played, 2, 1, 8)

    sheet = page(f"/m/{played.host}")
    form = form_with_button(sheet, "Undo round 2, Ben: 5 → 8")
    assert form.get("action") == f"/m/{played.host}/undo"

    response = post_form(client, sheet, form)

    path, _ = location(response)
    assert path == f"/m/{played.host}"
    assert played.state()["rounds"][1]["cells"] == [5, 5, 5]
    sheet = page(path)
    assert "Undone." in sheet.find(class_="flash-info").text
    assert sheet.row(2) == ["5", "5", "5"]

    response = post_form(client, sheet, form_with_button(sheet, "Undo adding round 2"))

    assert response.status_code == 302
    assert [r["cells"] for r in played.state()["rounds"]] == [[10, 20, 30]]
    sheet = page(f"/m/{played.host}")
    assert sheet.totals() == [10, 20, 30]
    form_with_button(sheet, "Undo adding round 1")


def test_the_undo_button_says_what_it_takes_back(client, page, api, played):
    def label():
        sheet = page(f"/m/{played.host}")
        return [b.text for b in sheet.find_all("button") if b.text.startswith("Undo")]

    assert label() == ["Undo adding round 2"]
    api.call("PUT", f"/matches/{played.id}/rounds/1", played.host, json={"scores": [1, 2, 3]})
    assert label() == ["Undo the change to round 1"]
    api.call("DELETE", f"/matches/{played.id}/rounds/2", played.host)
    assert label() == ["Undo deleting round 2"]
    put_part(api, played, 1, 2, 33)
    assert label() == ["Undo round 1, Cy: 3 → 33"]

    client.post(f"/m/{played.host}/undo")
    client.post(f"/m/{played.host}/undo")

    assert label() == ["Undo the change to round 1"]
    assert [r["cells"] for r in played.state()["rounds"]] == [[1, 2, 3], [5, 5, 5]]


def test_with_nothing_left_to_undo_the_sheet_offers_no_undo(client, page, start):
    match = start(("Ana", "Ben"))
    match.add_round(1, 2)
    assert client.post(f"/m/{match.host}/undo").status_code == 302

    sheet = page(f"/m/{match.host}")

    assert not [b for b in sheet.find_all("button") if b.text.startswith("Undo")]
    assert match.state()["rounds"] == []
    # a stale Undo button pressed anyway says why, and changes nothing
    response = client.post(f"/m/{match.host}/undo", follow_redirects=True)
    assert "nothing to undo" in page(response).find(class_="flash-error").text.lower()
    assert match.state()["version"] == 3


def test_only_the_host_undoes_from_a_page(client, page, played):
    version = played.state()["version"]

    for token in (*played.seats, played.view):
        shown = page(f"/m/{token}")
        assert not [b for b in shown.find_all("button") if b.text.startswith("Undo")]
        assert client.post(f"/m/{token}/undo").status_code == 403

    assert played.state()["version"] == version
    assert len(played.state()["rounds"]) == 2


# The invite page and its QR codes ---------------------------------------------------------


def test_the_invite_page_shows_each_link_with_its_qr_code(page, played):
    invites = page(f"/m/{played.host}/links")

    assert invites.status == 200
    for seat, secret in enumerate(played.seats):
        entry = invites.by_id(f"link-seat{seat}")
        assert entry.find("h2").text == ("Ana", "Ben", "Cy")[seat]
        assert entry.find("input", class_="link").get("value") == f"http://localhost/m/{secret}"
        assert entry.find("img", class_="qr").get("src") == f"/m/{played.host}/qr/seat-{seat}.svg"
        replace_form = entry.find("form")
        assert replace_form.get("action") == f"/m/{played.host}/links/replace"
        assert replace_form.find("input", name="role").get("value") == "seat"
        assert replace_form.find("input", name="seat").get("value") == str(seat)
    view = invites.by_id("link-view")
    assert view.find("input", class_="link").get("value") == f"http://localhost/m/{played.view}"
    assert view.find("img", class_="qr").get("src") == f"/m/{played.host}/qr/view.svg"
    assert view.find("input", name="role").get("value") == "view"


@pytest.mark.parametrize("which", ["seat-0", "seat-2", "view"])
def test_a_qr_code_is_an_svg_drawing(client, played, which):
    response = client.get(f"/m/{played.host}/qr/{which}.svg")

    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    root = ET.fromstring(response.get_data())
    assert root.tag == f"{SVG}svg"
    paths = root.findall(f".//{SVG}path")
    assert paths and all(len(path.get("d", "")) > 50 for path in paths)


def test_each_qr_code_draws_its_own_link(client, played):
    def drawing(which):
        return client.get(f"/m/{played.host}/qr/{which}.svg").get_data()

    drawings = [drawing(f"seat-{seat}") for seat in range(3)] + [drawing("view")]

    assert len(set(drawings)) == 4
    # the code follows its link: a new seat link, a new code; the others stay
    assert client.post(f"/m/{played.host}/links/replace",
                       data={"role": "seat", "seat": "1"}).status_code == 302
    assert drawing("seat-1") != drawings[1]
    assert [drawing("seat-0"), drawing("seat-2"), drawing("view")] == [
        drawings[0], drawings[2], drawings[3]]


@pytest.mark.parametrize("which", ["seat-3", "seat-", "seat-x", "host", "seat--1"])
def test_an_unknown_qr_code_is_not_found(client, played, which):
    assert client.get(f"/m/{played.host}/qr/{which}.svg").status_code == 404


def test_only_the_host_sees_the_invite_page_and_the_codes(client, played):
    for token in (*played.seats, played.view):
        assert client.get(f"/m/{token}/links").status_code == 403
        assert client.get(f"/m/{token}/qr/view.svg").status_code == 403
        assert client.get(f"/m/{token}/qr/seat-0.svg").status_code == 403
    assert client.get("/m/no-such-link/links").status_code == 404


# Replacing a link from the page -----------------------------------------------------------


def test_a_new_seat_link_from_the_page_retires_the_old_one(client, page, played, location):
    invites = page(f"/m/{played.host}/links")
    old = played.seats[1]

    response = post_form(client, invites, invites.by_id("link-seat1").find("form"))

    path, _ = location(response)
    assert path == f"/m/{played.host}/links"
    after = page(path)
    assert "old one no longer works" in after.find(class_="flash-info").text
    new_url = after.by_id("link-seat1").find("input", class_="link").get("value")
    new = new_url.rsplit("/", 1)[-1]
    assert new != old
    assert client.get(f"/m/{old}").status_code == 404
    assert client.post(cell_url(old, 1, 1), data={"value": "1"}).status_code == 404
    seat = page(f"/m/{new}")
    assert seat.status == 200 and seat.find(class_="role").text == "Ben's seat"
    # the other links still work, and show as before
    for token in (played.seats[0], played.seats[2], played.view, played.host):
        assert client.get(f"/m/{token}").status_code == 200
    assert after.by_id("link-seat0").find("input", class_="link").get("value").endswith(
        played.seats[0])


def test_a_new_view_link_from_the_page(client, page, played):
    invites = page(f"/m/{played.host}/links")

    response = post_form(client, invites, invites.by_id("link-view").find("form"))

    assert response.status_code == 302
    assert client.get(f"/m/{played.view}").status_code == 404
    new = page(f"/m/{played.host}/links").by_id("link-view").find("input", class_="link")
    assert page(urlsplit(new.get("value")).path).find(class_="role").text == "Viewer"


def test_a_new_host_link_moves_the_host_to_it(client, page, played, location):
    invites = page(f"/m/{played.host}/links")

    response = post_form(client, invites, form_with_button(invites, "New host link"))

    path, _ = location(response)
    new = path.split("/")[2]
    assert path == f"/m/{new}/links" and new != played.host
    moved = page(path)
    assert moved.status == 200
    assert moved.find("input", class_="link", aria_label="Host link").get("value") == (
        f"http://localhost/m/{new}")
    assert client.get(f"/m/{played.host}").status_code == 404
    assert client.get(f"/m/{played.host}/links").status_code == 404
    assert page(f"/m/{new}").find(class_="role").text == "Host"
    # the seats keep their links
    assert [client.get(f"/m/{token}").status_code for token in played.seats] == [200] * 3


def test_only_the_host_replaces_a_link_from_a_page(client, api, played):
    before = api.call("GET", f"/matches/{played.id}/tokens", played.host).get_json()

    for token in (*played.seats, played.view):
        for data in ({"role": "seat", "seat": "0"}, {"role": "view", "seat": ""},
                     {"role": "host", "seat": ""}):
            assert client.post(f"/m/{token}/links/replace", data=data).status_code == 403

    assert api.call("GET", f"/matches/{played.id}/tokens", played.host).get_json() == before


@pytest.mark.parametrize("data", [{"role": "owner", "seat": ""}, {"role": "seat", "seat": "x"},
                                  {"role": "seat", "seat": ""}, {}])
def test_a_bad_replace_form_changes_no_link(client, api, played, data):
    before = api.call("GET", f"/matches/{played.id}/tokens", played.host).get_json()

    response = client.post(f"/m/{played.host}/links/replace", data=data)

    assert response.status_code == 400
    assert api.call("GET", f"/matches/{played.id}/tokens", played.host).get_json() == before


def test_a_seat_past_the_table_is_refused_with_a_message(client, page, api, played):
    before = api.call("GET", f"/matches/{played.id}/tokens", played.host).get_json()

    response = client.post(f"/m/{played.host}/links/replace", data={"role": "seat", "seat": "3"},
                           follow_redirects=True)

    assert page(response).find(class_="flash-error") is not None
    assert api.call("GET", f"/matches/{played.id}/tokens", played.host).get_json() == before


# The table view ---------------------------------------------------------------------------


def test_the_table_view_shows_big_totals_the_leader_and_the_last_round(page, played):
    played.add_round(30, 1, 2)

    for token in (played.host, *played.seats, played.view):
        table = page(f"/m/{token}/table")
        assert table.status == 200
        standings = table.find("ol", class_="big-totals").find_all("li", class_="standing")
        assert [s.find(class_="side-name").text for s in standings] == ["Ana", "Ben", "Cy"]
        assert [s.find(class_="total").text for s in standings] == ["45", "26", "37"]
        assert [s.find(class_="note").text for s in standings] == [
            "round 3: 30 · 55 to go", "round 3: 1 · 74 to go", "round 3: 2 · 63 to go"]
        assert "leads" in standings[0].classes
        assert not {"leads"} & (standings[1].classes | standings[2].classes)
        assert table.find("p", class_="big-meta").text.strip() == "Ana leads."
        assert table.find(class_="table-board").find(class_="target").text == "Target 100."
        assert table.editable_inputs() == [] and table.forms("post") == []


def test_the_table_view_shows_an_open_rounds_missing_cells(page, api, played):
    put_part(api, played, 3, 1, 7)

    table = page(f"/m/{played.view}/table")

    notes = [n.text for n in table.find_all(class_="note")]
    assert [note.split(" · ")[0] for note in notes] == ["round 3: …", "round 3: 7", "round 3: …"]
    assert [t.text for t in table.find_all("span", class_="total")] == ["15", "25", "35"]


def test_the_table_view_says_who_won(page, start):
    match = start(("Ana", "Ben"), target=10)
    match.add_round(4, 12)

    table = page(f"/m/{match.view}/table")

    assert "Match over: Ben wins." in table.find("p", class_="big-meta").text
    assert "to go" not in table.text


def test_an_unknown_link_has_no_table_view(client):
    assert client.get("/m/no-such-link/table").status_code == 404


# No link page is ever cached --------------------------------------------------------------


def test_every_link_page_answer_forbids_caching(client, page, submit, api, played):
    stale = page(cell_url(played.host, 1, 1))
    put_part(api, played, 1, 1, 25)
    host, ben, view = played.host, played.seats[1], played.view
    answers = {
        "sheet": client.get(f"/m/{host}"),
        "fragment": client.get(f"/m/{view}?fragment=1"),
        "table": client.get(f"/m/{ben}/table"),
        "table fragment": client.get(f"/m/{ben}/table?fragment=1"),
        "cell": client.get(cell_url(ben, 1, 1)),
        "conflict": submit(stale, value="42"),
        "links": client.get(f"/m/{host}/links"),
        "qr": client.get(f"/m/{host}/qr/seat-1.svg"),
        "forbidden": client.get(f"/m/{view}/links"),
        "unknown": client.get("/m/no-such-link"),
        "undo redirect": client.post(f"/m/{host}/undo"),
        "replace redirect": client.post(f"/m/{host}/links/replace",
                                        data={"role": "view", "seat": ""}),
        "entry refused": client.post(f"/m/{host}/round", data={"number": "3", "s0": "x"}),
    }

    assert [r.status_code for r in answers.values()] == [
        200, 200, 200, 200, 200, 409, 200, 200, 403, 404, 302, 302, 422]
    assert {name: r.headers.get("Cache-Control") for name, r in answers.items()} == {
        name: "no-store" for name in answers}
