"""Matches and groups on the pages: starting one from the group's roster, banking one made
elsewhere into a group this phone owns, and the rematch every phone follows."""

from __future__ import annotations


def test_starting_from_the_group_offers_its_roster_and_its_last_options(page, group):
    club = group()
    club.play(("Ana", "Ben"), (1, 2), (3, 4), (5, 6), lowest_wins=True)
    shown = page(f"/g/{club.owner}/new/generic")
    assert shown.status == 200
    picks = [b.text for b in shown.find_all("button", class_="pick-name")]
    assert picks == ["Ana", "Ben", "Cy"]
    assert [o.get("value") for o in shown.by_id("roster-names").find_all("option")] == picks
    assert shown.by_id("players-0").get("list") == "roster-names"
    assert shown.by_id("opt_rounds").get("value") == "3"
    assert shown.by_id("opt_lowest_wins").has("checked")
    fresh = page(f"/g/{club.owner}/new/banakil")  # never played: the game's own defaults
    assert fresh.by_id("opt_target").get("value") == page("/new/banakil").by_id(
        "opt_target").get("value")


def test_a_match_started_from_the_group_goes_to_its_host_sheet_in_the_group(
        client, page, submit, group, location, api):
    club = group()
    response = submit(f"/g/{club.owner}/new/generic", **{
        "players-0": "ben", "players-1": "Dana", "players-2": ""})
    path, _ = location(response)
    host = path.removeprefix("/m/")
    sheet = page(path)
    assert sheet.find(class_="role").text == "Host"
    match_id = sheet.by_id("sheet").get("data-match")
    state = api.call("GET", f"/matches/{match_id}", host).get_json()
    assert state["group"] == club.id
    assert [p["name"] for p in state["players"]] == ["ben", "Dana"]
    # Dana joined the roster; "ben" is Ben.
    assert [p["name"] for p in club.state()["players"]] == ["Ana", "Ben", "Cy", "Dana"]
    assert any(a.get("href") == path for a in page("/").find_all("a"))


def test_a_refused_start_keeps_what_was_typed(page, submit, group):
    club = group()
    shown = page(submit(f"/g/{club.owner}/new/generic", **{
        "players-0": "Ana", "players-1": "ANA", "opt_rounds": "4"}))
    assert shown.status == 422
    assert shown.field_error("players-1")
    assert shown.by_id("players-1").get("value") == "ANA"
    assert shown.by_id("opt_rounds").get("value") == "4"
    assert page(f"/g/{club.owner}/new/no-such-game").status == 404


def test_a_match_made_elsewhere_banks_into_a_group_this_phone_owns(client, page, group, over):
    club = group()
    before = page(f"/m/{over.seats[1]}")
    assert before.by_id("bank-group") is None  # this phone knows no group yet
    page(f"/g/{club.owner}")  # now it does (a view link would not do)
    sheet = page(f"/m/{over.seats[1]}")
    choice = sheet.by_id("bank-group")
    assert [o.text for o in choice.find_all("option")][1:] == ["Thursday"]
    # The default, on its own, says what it means: the match then counts in no bank.
    said = sheet.by_id(choice.get("aria-describedby")).text
    assert "On its own, the match keeps its result but joins no bank" in said

    client.post(f"/m/{over.seats[1]}/bank", data={"group": club.id, "confirmed": "yes"})
    bank = club.state()["matches"]
    assert [m["id"] for m in bank] == [over.id]
    assert [p["name"] for p in club.state()["players"]] == ["Ana", "Ben", "Cy"]
    assert "Banked" in page(f"/m/{over.host}").find(class_="banner").text


def test_a_phone_only_files_into_groups_it_holds_the_owner_link_of(client, page, group, over):
    club = group()
    page(f"/g/{club.view}")  # a viewer of the group
    assert page(f"/m/{over.host}").by_id("bank-group") is None
    response = client.post(f"/m/{over.host}/bank", data={"group": club.id, "confirmed": "yes"},
                           follow_redirects=True)
    assert page(response).find(class_="flash-error") is not None
    assert over.state()["status"] == "over" and club.state()["matches"] == []


def test_the_kept_sheet_never_shows_one_phones_groups_to_another(app, page, group, over):
    club = group()
    mine = app.test_client()
    mine.get(f"/g/{club.owner}")
    assert b"Thursday" in mine.get(f"/m/{over.seats[0]}").data
    theirs = app.test_client()
    assert b"Thursday" not in theirs.get(f"/m/{over.seats[0]}").data


def test_rematch_starts_the_next_match_and_every_link_is_offered_its_own(client, page, group,
                                                                         api, location):
    club = group()
    old = club.play(("Ana", "Ben", "Cy"), (3, 2, 1))
    sheet = page(f"/m/{old.host}")
    form = next(f for f in sheet.forms() if f.get("action").endswith("/rematch"))
    assert "Rematch" in form.find("button").text

    path, _ = location(client.post(form.get("action")))
    new_host = path.removeprefix("/m/")
    new_id = page(path).by_id("sheet").get("data-match")
    state = api.call("GET", f"/matches/{new_id}", new_host).get_json()
    assert [p["name"] for p in state["players"]] == ["Ana", "Ben", "Cy"]
    assert state["group"] == club.id and state["options"]["rounds"] == 1
    tokens = api.call("GET", f"/matches/{new_id}/tokens", new_host).get_json()

    for old_token, new_token in ((old.seats[1], tokens["seats"][1]), (old.view, tokens["view"]),
                                 (old.host, new_host)):
        offered = page(f"/m/{old_token}").find(class_="next-match")
        assert offered is not None, old_token
        assert offered.find("a").get("href") == f"/m/{new_token}"
        assert offered.find("a").text == "Next match"
    # The table view in the middle of the table follows too; and no second rematch is offered.
    assert page(f"/m/{old.view}/table").find(class_="next-match") is not None
    assert not any(f.get("action").endswith("/rematch") for f in page(f"/m/{old.host}").forms())


def test_the_seat_page_learns_of_the_rematch_from_its_live_fragment(client, page, group):
    club = group()
    old = club.play(("Ana", "Ben"), (3, 2))
    version = int(page(f"/m/{old.seats[0]}").find(class_="sheet-state").get("data-version"))
    client.post(f"/m/{old.host}/rematch")
    fragment = page(f"/m/{old.seats[0]}?fragment=1")
    assert int(fragment.find(class_="sheet-state").get("data-version")) > version
    assert fragment.find(class_="next-match") is not None


def test_only_the_host_rematches_and_only_a_finished_match(client, page, played, over):
    assert client.post(f"/m/{over.seats[0]}/rematch").status_code == 403
    assert client.post(f"/m/{over.view}/rematch").status_code == 403
    response = client.post(f"/m/{played.host}/rematch", follow_redirects=True)
    assert page(response).find(class_="flash-error") is not None
    assert not any(f.get("action").endswith("/rematch") for f in page(f"/m/{played.host}").forms())
    assert client.post("/m/nope/rematch").status_code == 404


def test_an_over_match_without_a_group_rematches_too(client, page, over, location):
    path, _ = location(client.post(f"/m/{over.host}/rematch"))
    assert page(path).find(class_="role").text == "Host"
    assert "same group" not in page(f"/m/{over.host}").text


TREASURE = {"name": "Treasure", "players": [2, 4], "rows": [
    {"key": "gold", "label": "Gold", "kind": "count", "points": 3},
    {"key": "pearls", "label": "Pearls", "kind": "number"},
]}


def test_a_banked_tally_is_listed_by_its_designs_name_and_speaks_of_no_rounds(api, page, group):
    club = group()
    started = api.call("POST", "/matches", club.owner, json={
        "game": "custom", "players": ["Ana", "Ben"], "design": TREASURE, "group": club.id})
    assert started.status_code == 201, started.get_json()
    match = started.get_json()
    for seat, token in enumerate(match["tokens"]["seats"]):
        saved = api.call("PUT", f"/matches/{match['id']}/rounds/1/seats/{seat}", token,
                         json={"gold": seat + 1, "pearls": 2})
        assert saved.status_code in (200, 201), saved.get_json()
    banked = api.call("POST", f"/matches/{match['id']}/bank", match["tokens"]["host"])
    assert banked.status_code == 200, banked.get_json()

    shown = page(f"/g/{club.owner}")

    listed = [item.text for item in shown.find_all("li") if "Ana" in item.text
              and "Treasure" in item.text]
    assert len(listed) >= 2, listed  # tonight's list and the bank's
    assert not any("A sheet for any game" in item.text for item in shown.find_all("li")
                   if "Ana" in item.text)
    banked_line = next(item.text for item in shown.by_id("bank-title").ancestor("section")
                       .find_all("li") if "Treasure" in item.text)
    assert "round" not in banked_line.lower(), banked_line
