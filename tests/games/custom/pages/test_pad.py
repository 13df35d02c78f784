"""A design's sheet: the paper pad of a tally (rows down, players across, each seat filling its
own column on a page of its own, computed rows filled in as soon as known, totals at the foot,
the winner and the tie-break in a sentence), in the phone's language; and a rounds design's
rounds, each with its rows a tap away."""

from __future__ import annotations

from design_fixtures import ROUNDS, SEVEN, TALLY


def design_match(api, design, players=("Ana", "Ben")):
    answer = api.call("POST", "/matches", json={"game": "custom", "players": list(players),
                                                "design": design})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def pad(page_):
    """The pad as shown: each row's label, then each column's cell."""
    return {tr.find("th").text.split(" ")[0]: [td.text for td in tr.find_all("td")]
            for tr in page_.find("table", class_="pad").find("tbody").find_all("tr")}


def test_each_seat_fills_its_column_and_the_pad_shows_it_to_everyone(api, client, page,
                                                                    location):
    match = design_match(api, TALLY)
    seat, host = match["tokens"]["seats"][0], match["tokens"]["host"]
    sheet = page(f"/m/{seat}")
    column = sheet.by_id("s0").get("href")
    assert column == f"/m/{seat}/round/1/hand/0" and sheet.by_id("s1") is None

    form = page(column)
    assert form.by_id("f-sixes") is not None and form.by_id("f-bonus").tag == "output"
    action, data = form.form_data(**{"count-sixes": "4"})
    saved = client.post(action, data=data)
    assert location(saved)[0] == f"/m/{seat}"

    # The other phones see it; the bonus is known from this column alone (4 × 2 ≥ 8).
    shown = pad(page(f"/m/{host}"))
    assert shown["Sixes"] == ["8 (4)", "…"] and shown["Bonus"] == ["10", "…"]
    assert shown["A"] == ["0", "…"]  # a box not ticked is no box left to fill
    foot = page(f"/m/{host}").find("tfoot").find_all("td")
    assert [td.text for td in foot] == ["18", "0"]
    assert page(f"/m/{seat}/round/1/hand/1").status == 403


def test_the_tally_complete_names_the_winner_and_the_tiebreak_that_made_them(api, client,
                                                                               page):
    match = design_match(api, "7-wonders", ("Ana", "Ben"))
    host = match["tokens"]["host"]
    api.call("POST", f"/matches/{match['id']}/rounds", host, json={"players": [
        SEVEN | {"military": 9, "coins": 5}, SEVEN | {"wonder": 9, "coins": 3}]})

    sheet = page(f"/m/{host}")

    banner = sheet.find("div", class_="over").text
    assert "Ana wins on the tie-break: more “Coins” (5)." in banner.replace("\u2068", "") \
        .replace("\u2069", "")
    assert [td.text for td in sheet.find("tfoot").find_all("td")] == ["10", "10"]
    card = client.get(f"/m/{host}/card.png")
    assert card.status_code == 200 and card.mimetype == "image/png"
    assert "7 Wonders" in page(f"/m/{host}/table").text


def test_the_pad_speaks_the_design_in_the_phones_language(api, client, page):
    match = design_match(api, TALLY)
    client.set_cookie("lang", "de")

    sheet = page(f"/m/{match['tokens']['host']}")

    assert "Würfelabend" in sheet.find("p", class_="meta").text
    assert "Sechser" in pad(sheet)
    client.set_cookie("lang", "ar")
    assert "الستات" in pad(page(f"/m/{match['tokens']['host']}"))


def test_a_rounds_design_shows_each_rounds_total_with_its_rows_a_tap_away(api, page):
    match = design_match(api, ROUNDS, ("Ana", "Ben", "Cy"))
    host = match["tokens"]["host"]
    api.call("POST", f"/matches/{match['id']}/rounds", host, json={"players": [
        {"tricks": 4}, {"tricks": 2}, {"tricks": 4}]})

    sheet = page(f"/m/{host}")
    assert sheet.row(1) == ["9", "2", "9"]
    link = sheet.find("a", class_="round-link").get("href")
    rows = page(link)
    assert rows.status == 200
    assert pad(rows) == {"Tricks": ["4", "2", "4"], "Most": ["5", "0", "5"]}
    assert [td.text for td in rows.find("tfoot").find_all("td")] == ["9", "2", "9"]
    line = page(f"/m/{host}/round/2/hand/2")
    assert line.status == 200 and line.by_id("f-tricks") is not None


def test_a_column_typed_wrong_is_said_beside_its_row_and_nothing_is_saved(api, client, page):
    match = design_match(api, TALLY)
    host = match["tokens"]["host"]
    form = page(f"/m/{host}/round/1/hand/1")

    action, data = form.form_data(**{"count-sixes": "9"})
    refused = page(client.post(action, data=data))

    assert refused.status == 422 and "at most 5" in refused.field_error("f-sixes")
    assert refused.by_id("f-sixes").get("value") == "9"
    assert api.call("GET", f"/matches/{match['id']}", host).get_json()["rounds"] == []


# Three rows each player types, none of them a tick (a box is read whenever a column is saved).
TREASURE = {"name": "Treasure", "players": [2, 4], "rows": [
    {"key": "gold", "label": "Gold", "kind": "count", "points": 3},
    {"key": "shells", "label": "Shells", "kind": "count", "points": 1},
    {"key": "pearls", "label": "Pearls", "kind": "number"},
]}


def test_a_half_filled_column_is_not_done_and_the_pad_names_what_each_still_has_to_fill(
        api, page):
    match = design_match(api, TREASURE, ("Ana", "Ben"))
    host, (ana, ben) = match["tokens"]["host"], match["tokens"]["seats"]
    for token, seat, line in ((ana, 0, {"pearls": 4}), (ben, 1, {"gold": 2, "pearls": 1})):
        saved = api.call("PUT", f"/matches/{match['id']}/rounds/1/seats/{seat}", token,
                         json=line)
        assert saved.status_code in (200, 201), saved.get_json()

    sheet = page(f"/m/{host}")

    hints = [node.text for node in sheet.find("ul", class_="hand-list").find_all(class_="hint")]
    assert not any("✓" in hint for hint in hints), hints
    still = [item.text.replace("\u2068", "").replace("\u2069", "")
             for item in sheet.find(class_="still-to-fill").find_all("li")]
    assert still == ["Ana: Gold, Shells", "Ben: Shells"]
    # Ana's phone waits for Ben, whose column is begun but not done.
    assert "Waiting for Ben" in page(f"/m/{ana}").text.replace("\u2068", "").replace("\u2069", "")

    api.call("PUT", f"/matches/{match['id']}/rounds/1/seats/0", ana,
             json={"pearls": 4, "gold": 1, "shells": 0})
    done = page(f"/m/{host}")
    hints = [node.text for node in done.find("ul", class_="hand-list").find_all(class_="hint")]
    assert "✓" in hints[0] and "✓" not in hints[1]
    still = [item.text.replace("\u2068", "").replace("\u2069", "")
             for item in done.find(class_="still-to-fill").find_all("li")]
    assert still == ["Ben: Shells"]


def test_one_player_ahead_on_a_half_filled_pad_leads_in_the_singular(api, client, page):
    match = design_match(api, TREASURE, ("Ana", "Ben"))
    host, ben = match["tokens"]["host"], match["tokens"]["seats"][1]
    api.call("PUT", f"/matches/{match['id']}/rounds/1/seats/1", ben, json={"gold": 2})

    said = page(f"/m/{host}").text.replace("\u2068", "").replace("\u2069", "")
    assert "Ben leads." in said and "Ben lead." not in said
    client.set_cookie("lang", "de")
    said = page(f"/m/{host}").text.replace("\u2068", "").replace("\u2069", "")
    assert "Ben führt." in said


def test_a_tally_speaks_of_its_pad_never_of_rounds(api, page):
    match = design_match(api, TREASURE, ("Ana", "Ben"))
    host = match["tokens"]["host"]
    assert "Nothing filled in yet." in page(f"/m/{host}").text
    api.call("POST", f"/matches/{match['id']}/rounds", host, json={"players": [
        {"gold": 1, "shells": 2, "pearls": 3}, {"gold": 0, "shells": 0, "pearls": 1}]})

    for shown in (page(f"/m/{host}"), page(f"/m/{host}/table")):
        said = shown.text.lower()
        assert shown.status == 200 and "round 1" not in said and "rounds yet" not in said, said


def test_the_home_page_lists_a_match_of_a_design_by_the_designs_name(api, client, page):
    match = design_match(api, TREASURE, ("Ana", "Ben"))
    page(f"/m/{match['tokens']['host']}")  # opened on this phone: listed on its home page

    listed = page("/").find("ul", class_="recent", id=None)
    said = " ".join(item.text for item in page("/").find_all("li") if "Ana" in item.text)
    assert listed is not None and "Treasure" in said and "A sheet for any game" not in said


def test_a_pad_being_filled_in_shows_each_sum_so_far_as_its_total(api, page):
    match = design_match(api, TREASURE, ("Ana", "Ben"))
    host, ben = match["tokens"]["host"], match["tokens"]["seats"][1]
    api.call("PUT", f"/matches/{match['id']}/rounds/1/seats/1", ben, json={"gold": 2, "pearls": 1})

    shown = page(f"/m/{host}").standings()

    assert shown["Ben"]["total"] == "7" and shown["Ana"]["total"] == "0"
    assert "so far" in shown["Ben"]["note"] and "7 so far" not in shown["Ben"]["note"]
    assert "leads" in shown["Ben"]["classes"] and "leads" not in shown["Ana"]["classes"]


WONDERS = {"name": "Coins", "players": [2, 4], "rows": [
    {"key": "coins", "label": "Coins", "kind": "number", "counts": False},
    {"key": "treasury", "label": "Treasury", "kind": "formula", "formula": "coins / 3"},
    {"key": "wonder", "label": "Wonder", "kind": "number"},
]}


def test_a_column_shows_its_formula_rows_worked_out_as_they_are_typed(api, client, page):
    match = design_match(api, WONDERS, ("Ana", "Ben"))
    ana = match["tokens"]["seats"][0]
    column = page(f"/m/{ana}/round/1/hand/0")
    form = column.find("form", class_="column-form")
    url = form.get("data-rows-url")
    assert url and "column.js" in " ".join(s.get("src") or "" for s in column.find_all("script"))

    typed = client.get(url, query_string={"number-coins": "7+3", "number-wonder": ""})

    assert typed.status_code == 200 and typed.get_json() == {"ok": True, "rows": {"treasury": "3"}}
    assert client.get(url, query_string={"number-coins": "x"}).get_json()["ok"] is False
    assert client.get(url, query_string={}).get_json() == {"ok": True, "rows": {"treasury": "…"}}
    # Nothing was stored: the column page still shows the row not yet worked out.
    assert page(f"/m/{ana}/round/1/hand/0").by_id("f-treasury").text.strip() == "…"


def test_a_column_saved_on_a_tally_is_said_as_that_column_never_as_a_round(api, client, page):
    match = design_match(api, TALLY)
    seat, host = match["tokens"]["seats"][0], match["tokens"]["host"]
    form = page(f"/m/{seat}/round/1/hand/0")
    action, data = form.form_data(**{"count-sixes": "4"})
    sheet = page(client.post(action, data=data, follow_redirects=True))

    def plain(text):
        return text.replace("\u2068", "").replace("\u2069", "")

    flashed = plain(" ".join(p.text for p in sheet.find_all(class_="flash")))
    assert "Ana's column saved." in flashed, flashed
    for shown in (sheet, page(f"/m/{host}")):
        heard = plain(shown.find(data_announce=True).get("data-announce"))
        assert heard == "Saved: Ana's column. Ana leads.", heard
    undo = page(f"/m/{host}").find("form", action=f"/m/{host}/undo").text
    assert "Ana's column" in undo and "round" not in undo.lower()
