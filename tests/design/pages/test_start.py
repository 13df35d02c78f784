"""A design's match started from a group's page and a game night's, each asking for the design
first; and two phones saving one column, the later asked which to keep."""

from __future__ import annotations

from design_fixtures import TALLY, design


def send(client, form):
    action, data = form
    return client.post(action, data=data)


def shown_match(api, page, sheet_path):
    """The match a sheet's page shows, as its host's API GET answers it."""
    host = sheet_path.split("/")[2]
    match_id = page(sheet_path).by_id("sheet").get("data-match")
    return api.call("GET", f"/matches/{match_id}", host).get_json()


def test_a_groups_new_match_asks_for_a_design_then_starts_it_in_the_group(api, client, page,
                                                                        location, group):
    club = group()
    chooser = page(f"/g/{club.owner}/new/custom")
    pick = chooser.find("a", href=f"/g/{club.owner}/new/custom?opt_design=7-wonders")
    assert chooser.status == 200 and pick is not None

    form = page(pick.get("href"))
    assert "7 Wonders" in form.find("section", class_="design-start").text
    assert form.by_id("opt_target") is None  # a tally has no line to end at
    sheet, _ = location(send(client, form.form_data(**{"players-0": "Ana", "players-1": "Ben"})))

    match = shown_match(api, page, sheet)
    assert match["group"] == club.id and match["design"]["id"] == "7-wonders"
    assert [p["name"] for p in match["players"]] == ["Ana", "Ben"]


def test_a_night_of_a_design_seats_its_tables_each_with_the_designs_copy(api, client, page,
                                                                        location, group):
    club = group()
    chooser = page(f"/g/{club.owner}/nights/new?game=custom")
    pick = chooser.find("a", href=f"/g/{club.owner}/nights/new?game=custom&opt_design=yahtzee")
    assert pick is not None

    form = page(pick.get("href"))
    assert "Yahtzee" in form.find("section", class_="design-start").text
    players = [str(club.player_id(name)) for name in ("Ana", "Ben", "Cy")]
    _, data = form.form_data()  # posted to the page's own address, its game in the query
    night = client.post(pick.get("href"), data={**data, "present": players, "table_size": "3"})

    assert location(night)[0].startswith(f"/g/{club.owner}/nights/")
    seating = api.call("GET", f"/groups/{club.id}", club.owner).get_json()
    assert seating["version"] > 1
    nights = page(f"/g/{club.owner}")
    assert nights.status == 200


def test_two_phones_saving_one_column_the_later_is_asked(api, client, page):
    made = api.call("POST", "/matches", json={"game": "custom", "design": "yahtzee",
                                              "players": ["Ana", "Ben"]}).get_json()
    host, seat = made["tokens"]["host"], made["tokens"]["seats"][0]
    on_seat = page(f"/m/{seat}/round/1/hand/0")
    on_host = page(f"/m/{host}/round/1/hand/0")  # both opened before either saved

    assert send(client, on_seat.form_data(**{"count-ones": "3"})).status_code == 302
    later = page(send(client, on_host.form_data(**{"count-ones": "2"})))

    assert later.status == 409
    assert "while you were typing" in later.find("div", class_="conflict").text
    assert later.by_id("f-ones").get("value") == "2"  # what the host typed, kept
    kept = api.call("GET", f"/matches/{made['id']}", host).get_json()
    assert kept["rounds"][0]["input"]["players"][0]["ones"] == 3


def test_the_new_match_page_of_a_design_says_its_own_players_and_too_many_of_them_all(
        client, page, made):
    made_ = made(design(TALLY, players=[2, 5]))
    form = page(f"/new/custom?opt_design={made_['id']}")
    said = form.text.replace("\u2068", "").replace("\u2069", "")
    assert "2 to 5 players" in said and "1 to 12" not in said

    typed = ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay")
    names = {f"players-{i}": name for i, name in enumerate(typed)}
    action, data = form.form_data(**names)
    refused = page(client.post(action, data=data))

    assert refused.status == 422
    # The players as a whole are at fault, not one line: said beside their list and at the top.
    assert "not 6" in refused.field_error("players")
    lines = [node for node in refused.find_all("input")
             if (node.get("name") or "").startswith("players-")]
    assert [node.get("value") for node in lines] == [*typed] + [""] * (len(lines) - 6)
    assert not [node for node in lines if node.has("aria-invalid")]
    assert not refused.find("ol", class_="players").find_all(class_="error")
    summary = refused.by_id("error-summary")
    assert summary is not None and summary.has("autofocus")
    assert "not 6" in summary.find("a", href="#players").ancestor("li").text
    assert refused.find("ol", class_="players").get("data-most") == "5"
    assert "1 to 12 players" in page("/new/generic").text.replace("\u2068", "").replace(
        "\u2069", "")


def test_the_new_match_page_of_a_design_is_headed_by_the_designs_name(client, page, made):
    made_ = made(TALLY)
    form = page(f"/new/custom?opt_design={made_['id']}")
    assert form.find("h1").text == "New match: Dice night"
    assert "A sheet for any game" not in form.find("title").text
    client.set_cookie("lang", "de")
    assert "Würfelabend" in page(f"/new/custom?opt_design={made_['id']}").find("h1").text
    # The chooser, and the generic sheet's own page, keep their headings.
    client.set_cookie("lang", "en")
    assert page("/new/custom").find("h1").text == "A sheet for any game"
    assert page("/new/generic").find("h1").text == "New match: Free score sheet"
