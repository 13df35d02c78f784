"""Banana Bandido on the pages: the secret character page, the progress line, secrecy on
every page the others can open, the win line, and a seat's turn page.

The secrecy tests give Ben a character of three coconuts while no seat ever lays a coconut face
up: the coconut icon or the word "coconut" on a page of the host, the view link or another
seat is then a leak. Pages that name every symbol anyway (a turn page's steppers) are compared
instead: they must not change at all when the hidden character does."""

from __future__ import annotations

import re

import pytest

STONE, WATER, COCONUT = "stone", "water", "coconut"
COCONUTS = [COCONUT] * 3
COCONUT_ICON = "icon-coconut"  # the class of our own coconut icon


def at(vp=0, *symbols):
    return {"vp": vp, "symbols": list(symbols)}


KEY_COOKIE = "character_key"


def set_character(match, seat, symbols, revealed=False):
    """The seat types its character on its phone: the test client, which keeps the answer's key
    in the cookie the character page would have set (for that seat's link only)."""
    response = match.api.call("PUT", f"/matches/{match.id}/seats/{seat}/character",
                              match.seats[seat],
                              json={"symbols": list(symbols), "revealed": revealed})
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    match.api.client.set_cookie(KEY_COOKIE, body["character_key"],
                                path=f"/m/{match.seats[seat]}")
    return body


def phone_key(match, seat):
    """The key the test client's phone holds for a seat (None: none)."""
    cookie = match.api.client.get_cookie(KEY_COOKIE, path=f"/m/{match.seats[seat]}")
    return cookie.value if cookie is not None else None


def post_round(match, *lines):
    response = match.api.call("POST", f"/matches/{match.id}/rounds", match.host,
                              json={"players": list(lines)})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def own_character(match, seat):
    """The seat's character as its own phone reads it through the API, with the key it holds."""
    key = phone_key(match, seat)
    response = match.api.call("GET", f"/matches/{match.id}", match.seats[seat],
                              headers={"X-Character-Key": key} if key else None)
    return response.get_json()["characters"][seat]


def char_url(token):
    return f"/m/{token}/character"


def hand_url(token, seat, number=1):
    return f"/m/{token}/round/{number}/hand/{seat}"


def normalised(html):
    """A page without what changes from one render to the next whatever the match holds:
    the CSRF token and the match's version."""
    html = re.sub(r'name="csrf_token" value="[^"]*"', 'name="csrf_token"', html)
    html = re.sub(r'name="csrf-token" content="[^"]*"', 'name="csrf-token"', html)
    html = re.sub(r'name="version" value="\d+"', 'name="version"', html)
    return re.sub(r'data-version="\d+"', "data-version", html)


def no_coconut(html, where):
    assert COCONUT_ICON not in html, f"the hidden character's coconut shows on {where}"
    assert COCONUT not in html.lower(), f"the word coconut shows on {where}"


def others_pages(match, seat):
    """(who, url) for every page the host, the view link and the other seats can open."""
    tokens = {"host": match.host, "view": match.view} | {
        f"seat {i}": token for i, token in enumerate(match.seats) if i != seat}
    for who, token in tokens.items():
        for url in (f"/m/{token}", f"/m/{token}?fragment=1", f"/m/{token}/table",
                    f"/m/{token}/table?fragment=1"):
            yield who, url
    yield "host", f"/m/{match.host}/links"


# The character page -----------------------------------------------------------------------


def test_the_character_page_has_three_symbol_pickers_and_a_reveal_box(bandido, page):
    match = bandido()

    shown = page(char_url(match.seats[1]))

    assert shown.status == 200
    form = shown.forms()[0]
    for i in range(3):
        radios = form.find_all("input", type="radio", name=f"symbol{i}")
        assert [r.get("value") for r in radios] == [STONE, WATER, COCONUT]
        assert not any(r.has("checked") for r in radios)
    box = form.find("input", type="checkbox", name="revealed")
    assert box is not None and not box.has("checked") and not box.has("disabled")
    assert form.find("input", type="hidden", name="csrf_token") is not None
    assert form.find("input", type="hidden", name="version").get("value") == "1"


def test_a_seat_saves_its_character_on_its_own_page(bandido, page, submit, location):
    match = bandido()

    response = submit(char_url(match.seats[1]), symbol0=COCONUT, symbol1=STONE,
                      symbol2=COCONUT)

    assert location(response)[0] == f"/m/{match.seats[1]}"
    assert own_character(match, 1) == {"symbols": [COCONUT, STONE, COCONUT], "revealed": False}
    sheet = page(f"/m/{match.seats[1]}")
    assert "Your character is saved." in sheet.find("p", class_="flash").text
    assert match.state()["characters"][1] is None  # the host still sees nothing


def test_the_character_page_shows_the_character_back_to_change_it(bandido, page, submit):
    match = bandido()
    set_character(match, 1, [WATER, STONE, STONE])

    shown = page(char_url(match.seats[1]))

    checked = [shown.find("input", name=f"symbol{i}", checked=True).get("value")
               for i in range(3)]
    assert checked == [WATER, STONE, STONE]
    submit(shown, symbol2=COCONUT)
    assert own_character(match, 1)["symbols"] == [WATER, STONE, COCONUT]


def test_a_character_missing_a_symbol_is_refused_with_a_message(bandido, page, client):
    match = bandido()
    _, data = page(char_url(match.seats[1])).form_data(symbol0=STONE, symbol1=WATER)

    response = page(client.post(char_url(match.seats[1]), data=data))

    assert response.status == 422
    message = response.by_id("character-error").text
    assert "Pick all three symbols" in message and "symbol 3" in message
    assert "None" not in message
    assert own_character(match, 1) is None
    # What was picked is still picked.
    assert response.find("input", name="symbol0", checked=True).get("value") == STONE


def test_an_unknown_symbol_posted_is_refused(bandido, page, client):
    match = bandido()
    _, data = page(char_url(match.seats[1])).form_data(symbol0=STONE, symbol1=WATER,
                                                       symbol2="banana")

    response = page(client.post(char_url(match.seats[1]), data=data))

    assert response.status == 422 and response.by_id("character-error") is not None
    assert own_character(match, 1) is None


def test_revealing_is_for_good(bandido, page, submit):
    match = bandido()
    submit(char_url(match.seats[1]), symbol0=STONE, symbol1=STONE, symbol2=WATER,
           revealed=True)
    assert match.state()["characters"][1] == {"symbols": [STONE, STONE, WATER],
                                              "revealed": True}

    shown = page(char_url(match.seats[1]))
    box = shown.find("input", name="revealed")
    assert box.has("checked") and box.has("disabled")
    assert "for good" in box.ancestor("label").text
    # The disabled box is not posted: the character stays revealed all the same.
    submit(shown, symbol2=COCONUT)
    assert match.state()["characters"][1] == {"symbols": [STONE, STONE, COCONUT],
                                              "revealed": True}


@pytest.mark.parametrize(("who", "status"), [("host", 404), ("view", 403)])
def test_only_a_seat_has_a_character_page(bandido, page, client, who, status):
    """The view link has none; the host's link has one only for the seat the host names as
    theirs (a host who plays): without a seat named there is no such page."""
    match = bandido()
    token = match.host if who == "host" else match.view

    assert page(char_url(token)).status == status
    for seat in ("", "3", "-1", "x", "9" * 5000):
        assert page(char_url(token) + f"?seat={seat}").status == status
    response = client.post(char_url(token), data={
        "symbol0": COCONUT, "symbol1": COCONUT, "symbol2": COCONUT, "version": "1"})
    assert response.status_code == status
    assert [own_character(match, s) for s in range(3)] == [None, None, None]


def test_a_seat_page_sets_only_its_own_character(bandido, client):
    match = bandido()

    client.post(char_url(match.seats[0]), data={
        "symbol0": COCONUT, "symbol1": COCONUT, "symbol2": COCONUT, "version": "1"})

    assert own_character(match, 0) == {"symbols": COCONUTS, "revealed": False}
    assert own_character(match, 1) is None and own_character(match, 2) is None


def test_another_game_has_no_character_page(start, page):
    match = start(("Ana", "Ben"))

    assert page(char_url(match.seats[0])).status == 404


def test_an_unknown_link_has_no_character_page(page):
    assert page(char_url("nope")).status == 404


def test_a_character_cannot_change_once_the_match_is_over(bandido, page, submit, location):
    match = bandido()
    set_character(match, 1, [STONE, STONE, WATER])
    post_round(match, at(5), at(0), at(0))

    response = submit(char_url(match.seats[1]), symbol2=COCONUT)

    assert location(response)[0] == f"/m/{match.seats[1]}"
    assert own_character(match, 1)["symbols"] == [STONE, STONE, WATER]
    flash = page(f"/m/{match.seats[1]}").find("p", class_="flash-error")
    assert flash is not None and "over" in flash.text


def test_the_seats_sheet_links_to_its_character_page(bandido, page):
    match = bandido()

    sheet = page(f"/m/{match.seats[1]}")

    mine = sheet.find("section", class_="my-character")
    assert "not in yet" in mine.text
    assert mine.find("a").get("href") == char_url(match.seats[1])
    assert page(f"/m/{match.host}").find("section", class_="my-character") is None
    assert char_url(match.seats[1]) not in page(f"/m/{match.host}").html


# Progress -------------------------------------------------------------------------------


def test_progress_shows_on_the_seats_own_sheet_only(bandido, page):
    match = bandido()
    set_character(match, 1, [STONE, STONE, WATER])
    set_character(match, 0, COCONUTS)
    post_round(match, at(0, WATER), at(1, STONE, WATER, COCONUT), at(0))

    ben = page(f"/m/{match.seats[1]}")
    mine = ben.find("section", class_="my-character")
    assert "2 of 3 symbols" in mine.text  # one stone of two, the water
    assert "secret" in mine.text
    assert [s.get("data-symbol") for s in mine.find_all("span", class_="symbol")] == [
        STONE, STONE, WATER]
    assert ben.html.count("of 3 symbols") == 1
    assert "0 of 3 symbols" in page(f"/m/{match.seats[0]}").find(
        "section", class_="my-character").text
    for token in (match.host, match.view, match.seats[2]):
        assert "of 3 symbols" not in page(f"/m/{token}").html


def test_progress_counts_repeated_symbols_as_the_card_wants_them(bandido, page):
    match = bandido()
    set_character(match, 1, [STONE, STONE, WATER])

    post_round(match, at(0), at(0, STONE, STONE, STONE, COCONUT), at(0))

    assert "2 of 3 symbols" in page(f"/m/{match.seats[1]}").find(
        "section", class_="my-character").text


# Secrecy --------------------------------------------------------------------------------


@pytest.fixture
def secret_match(bandido):
    """Ben's hidden character is three coconuts; no seat ever lays a coconut face up."""
    match = bandido()
    set_character(match, 0, [STONE, STONE, WATER])
    set_character(match, 1, COCONUTS)
    post_round(match, at(1, STONE), at(0, WATER, STONE), at(2))
    response = match.api.call("PUT", f"/matches/{match.id}/rounds/2/seats/2", match.seats[2],
                              json=at(2, WATER))
    assert response.status_code == 201
    return match


def test_the_hidden_character_is_on_no_page_of_the_others(secret_match, page):
    match = secret_match
    for who, url in others_pages(match, 1):
        shown = page(url)
        assert shown.status == 200, (who, url)
        no_coconut(shown.html, f"{who}'s {url}")
    # The owner's own page does show it: the test would see a leak.
    assert COCONUT_ICON in page(f"/m/{match.seats[1]}").html


def test_the_others_refused_pages_do_not_show_it_either(secret_match, page):
    match = secret_match
    host, view, ana = match.host, match.view, match.seats[0]
    # Every page the others may not open, and how it refuses them. (The host may type Ben's
    # turn: the next test compares that page; Ana's character page is her own.)
    refused = [(char_url(host), 404), (f"/m/{host}/round/1", 404),
               (char_url(view), 403), (hand_url(view, 1, 2), 403), (f"/m/{view}/round/1", 404),
               (hand_url(ana, 1, 2), 403), (f"/m/{ana}/round/1", 404)]
    for url, status in refused:
        shown = page(url)
        assert shown.status == status, url
        no_coconut(shown.html, url)


@pytest.mark.parametrize("who", ["host", "view", "seat 0", "seat 2"])
def test_the_others_pages_do_not_change_with_the_hidden_character(secret_match, page, who):
    """Every page of theirs is the same whatever Ben's hidden character is (or whoever holds
    which hidden character): the pages cannot give it away, even by its shape."""
    match = secret_match
    token = {"host": match.host, "view": match.view, "seat 0": match.seats[0],
             "seat 2": match.seats[2]}[who]
    urls = [f"/m/{token}", f"/m/{token}?fragment=1", f"/m/{token}/table",
            f"/m/{token}/table?fragment=1"]
    if who == "host":
        urls += [hand_url(token, seat, 2) for seat in range(3)] + [f"/m/{token}/links"]
    elif who.startswith("seat"):
        urls.append(hand_url(token, int(who[-1]), 2))

    def render():
        pages = {}
        for url in urls:
            shown = page(url)
            assert shown.status == 200, url
            pages[url] = normalised(shown.html)
        return pages

    before = render()
    for character in ([STONE, STONE, STONE], [WATER, STONE, WATER], COCONUTS):
        set_character(match, 1, character)
        assert render() == before, character


def test_a_revealed_character_shows_on_the_others_pages(secret_match, page):
    match = secret_match
    set_character(match, 1, COCONUTS, revealed=True)

    for token in (match.host, match.view, match.seats[0]):
        sheet = page(f"/m/{token}")
        section = next(s for s in sheet.find_all("section") if s.find("h2") is not None
                       and s.find("h2").text == "Characters")
        ben = next(li for li in section.find_all("li") if li.text.startswith("Ben"))
        assert [s.get("data-symbol") for s in ben.find_all("span", class_="symbol")] == COCONUTS
        # Ana's is still hidden from everyone but Ana.
        ana = next(li for li in section.find_all("li") if li.text.startswith("Ana"))
        if token != match.seats[0]:
            assert ana.find("span", class_="symbol") is None and "secret" in ana.text
        cy = next(li for li in section.find_all("li") if li.text.startswith("Cy"))
        assert "not entered" in cy.text


def test_no_characters_section_while_none_is_revealed(secret_match, page):
    for token in (secret_match.host, secret_match.view, secret_match.seats[0]):
        assert page(f"/m/{token}").find("section", class_="characters") is None


# Waiting for characters ------------------------------------------------------------------


def test_the_sheet_says_whose_characters_are_missing(bandido, page):
    match = bandido()
    set_character(match, 1, COCONUTS)

    for token in (match.host, match.view, match.seats[1]):
        hint = page(f"/m/{token}").html
        assert "waiting for <bdi>Ana</bdi> and <bdi>Cy</bdi>." in hint

    set_character(match, 0, COCONUTS)
    assert "waiting for <bdi>Cy</bdi>." in page(f"/m/{match.host}").html
    set_character(match, 2, COCONUTS)
    assert "waiting for" not in page(f"/m/{match.host}").html


def test_the_sheet_names_who_begins(bandido, page):
    match = bandido(first_seat=2)

    deal = page(f"/m/{match.host}").find("p", class_="deal")

    assert "Cy begins" in deal.text


# The win line ----------------------------------------------------------------------------


def test_a_win_by_victory_points_says_who_and_how(bandido, page):
    match = bandido()
    set_character(match, 1, COCONUTS)
    post_round(match, at(1), at(0), at(5))

    for token in (match.host, match.view, match.seats[0]):
        banner = page(f"/m/{token}").find("div", class_="over")
        assert banner.text == "Match over: \u2068Cy\u2069 wins with five victory points." + (
            " Match over: bank it" if token != match.view else "")
    assert "\u2068Cy\u2069 wins" in page(f"/m/{match.host}/table").find("p", class_="big-meta").text


def test_a_win_by_symbols_says_who_and_how_and_shows_every_character(bandido, page):
    match = bandido()
    set_character(match, 1, COCONUTS)
    set_character(match, 0, [STONE, STONE, WATER])
    post_round(match, at(1), at(0, STONE), at(0))
    post_round(match, at(1), at(0, COCONUT, COCONUT, COCONUT), at(4))

    sheet = page(f"/m/{match.view}")

    assert ("Match over: \u2068Ben\u2069 wins: the three symbols of their character lie face up."
            in sheet.find("div", class_="over").text)
    standing = sheet.standings()["Ben"]
    assert "wins" in standing["classes"] and standing["note"].startswith("winner")
    section = next(s for s in sheet.find_all("section") if s.find("h2") is not None
                   and s.find("h2").text == "Characters")
    shown = {li.text.split(":")[0]:
             [s.get("data-symbol") for s in li.find_all("span", class_="symbol")]
             for li in section.find_all("li")}
    assert shown == {"Ana": [STONE, STONE, WATER], "Ben": COCONUTS, "Cy": []}
    assert "not entered" in section.text  # Cy's


def test_once_over_nobody_but_the_winner_is_marked_as_leading(bandido, page):
    match = bandido()
    set_character(match, 1, COCONUTS)
    post_round(match, at(1), at(0, COCONUT, COCONUT, COCONUT), at(4))

    standings = page(f"/m/{match.host}").standings()

    assert standings["Ben"]["note"] == "winner" and "wins" in standings["Ben"]["classes"]
    for name in ("Ana", "Cy"):
        assert "leads" not in standings[name]["classes"] and standings[name]["note"] == "", name


def test_the_win_line_stays_once_banked(bandido, page, client):
    match = bandido()
    set_character(match, 2, [WATER, WATER, STONE])
    post_round(match, at(1), at(0), at(0, WATER, STONE, WATER))
    assert client.post(f"/m/{match.host}/bank", data={"confirmed": "yes"}).status_code == 302

    sheet = page(f"/m/{match.seats[0]}")

    assert "\u2068Cy\u2069 wins: the three symbols of their character lie face up." in sheet.html
    assert sheet.find("div", class_="banked") is not None


def test_no_win_line_while_active(bandido, page):
    match = bandido()
    post_round(match, at(4), at(4), at(4))

    sheet = page(f"/m/{match.host}")

    assert sheet.find("div", class_="over") is None
    assert "wins" not in sheet.find("div", class_="sheet-state").text.replace("five wins", "")


# A seat's turn page ----------------------------------------------------------------------


def test_the_turn_page_has_victory_points_and_a_count_per_symbol(bandido, page):
    match = bandido()

    shown = page(hand_url(match.host, 1))

    assert shown.status == 200
    form = shown.forms()[0]
    assert [i.get("name") for i in form.find_all("input", class_="count")] == [
        "vp", STONE, WATER, COCONUT]
    assert all(i.get("value") == "0" for i in form.find_all("input", class_="count"))


def test_the_turn_page_saves_victory_points_and_symbols(bandido, page, submit, location):
    match = bandido()

    response = submit(hand_url(match.host, 1), vp="2", stone="1", coconut="2")

    assert location(response)[0] == f"/m/{match.host}"
    state = match.state()
    assert state["rounds"][0]["input"]["players"] == [None, at(2, STONE, COCONUT, COCONUT), None]
    assert state["rounds"][0]["status"] == "open"
    again = page(hand_url(match.host, 1))
    assert [again.by_id(name).get("value") for name in ("vp", STONE, WATER, COCONUT)] == [
        "2", "1", "0", "2"]


def test_a_seat_types_its_own_turn_and_the_round_completes(bandido, submit):
    match = bandido()
    submit(hand_url(match.host, 0), vp="1")
    submit(hand_url(match.host, 2), vp="3", water="1")

    submit(hand_url(match.seats[1], 1), vp="0", stone="2", water="2")

    state = match.state()
    assert state["rounds"][0]["status"] == "complete"
    assert state["rounds"][0]["cells"] == [1, 0, 3]
    assert state["rounds"][0]["symbols"] == [[], [STONE, STONE, WATER, WATER], [WATER]]


def test_five_symbols_are_refused_with_a_message(bandido, page, client):
    match = bandido()
    _, data = page(hand_url(match.host, 1)).form_data(stone="2", water="2", coconut="1")

    response = page(client.post(hand_url(match.host, 1), data=data))

    assert response.status == 422
    assert "At most 4" in response.by_id("hand-error").text
    assert match.state()["rounds"] == []
    # What was typed is still there to correct.
    assert [response.by_id(n).get("value") for n in (STONE, WATER, COCONUT)] == ["2", "2", "1"]


@pytest.mark.parametrize("typed", ["-1", "x", "2.5", "٢٫٥"])
def test_victory_points_that_are_not_a_count_are_refused(bandido, page, client, typed):
    match = bandido()
    _, data = page(hand_url(match.host, 0)).form_data(vp=typed)

    response = page(client.post(hand_url(match.host, 0), data=data))

    assert response.status == 422
    assert response.field_error("vp")
    assert match.state()["rounds"] == []


def test_counts_typed_in_arabic_indic_digits_count(bandido, page, client):
    match = bandido()
    _, data = page(hand_url(match.host, 0)).form_data(vp="٣", stone="١", water="۲")

    response = client.post(hand_url(match.host, 0), data=data)

    assert response.status_code == 302
    part = match.state()["rounds"][0]["input"]["players"][0]
    assert part == {"vp": 3, "symbols": ["stone", "water", "water"]}


def test_more_than_twenty_victory_points_in_play_are_refused(bandido, page, client, submit):
    match = bandido()
    submit(hand_url(match.host, 0), vp="15")
    _, data = page(hand_url(match.host, 1)).form_data(vp="6")

    response = page(client.post(hand_url(match.host, 1), data=data))

    assert response.status == 422
    assert "20" in response.html and "21" in response.html
    assert match.state()["rounds"][0]["input"]["players"][1] is None


def test_a_seat_has_no_turn_page_for_another_seat(bandido, page):
    match = bandido()

    assert page(hand_url(match.seats[0], 1)).status == 403
    assert page(hand_url(match.view, 1)).status == 403


def test_the_winning_turn_ends_the_match_from_the_turn_page(bandido, page, submit):
    match = bandido()
    set_character(match, 1, [WATER, COCONUT, WATER])
    submit(hand_url(match.host, 0), vp="1")
    submit(hand_url(match.host, 2), vp="1")

    submit(hand_url(match.seats[1], 1), water="2", coconut="1")

    state = match.state()
    assert (state["status"], state["winners"], state["win_reason"]) == ("over", [1], "symbols")
    assert "\u2068Ben\u2069 wins: the three symbols" in page(f"/m/{match.host}").html
    assert page(hand_url(match.host, 0, 2)).status == 404  # no round after the win


def test_a_cell_page_of_a_bandido_round_leads_to_the_turn_page(bandido, client):
    match = bandido()
    post_round(match, at(1), at(0), at(0))

    response = client.get(f"/m/{match.host}/round/1/seat/1")

    assert response.status_code == 302
    assert response.headers["Location"] == f"/m/{match.host}/round/1/hand/1"


# The table view ---------------------------------------------------------------------------


def test_the_table_view_says_whose_turn_it_is_in_turn_order(bandido, page):
    match = bandido(first_seat=1)
    post_round(match, at(1, STONE), at(0), at(2))

    def turn():
        board = page(f"/m/{match.view}/table").find(class_="table-board")
        return ([li.text for li in board.find_all("li")],
                board.find("li", aria_current="step").text)

    assert turn() == (["Ben", "Cy", "Ana"], "Ben")  # round 2 not begun: its first player
    for seat, then in ((2, "Ben"), (1, "Ana")):  # Cy typed early: still Ben's turn, then Ana's
        response = match.api.call("PUT", f"/matches/{match.id}/rounds/2/seats/{seat}",
                                  match.seats[seat], json=at(1))
        assert response.status_code in (200, 201), response.get_json()
        assert turn()[1] == then


def test_a_character_a_refused_change_revealed_is_shown_with_why_on_every_sheet(bandido, page):
    """SPEC section 1, no silent peeking: the host's guess at Ben's character, refused, shows
    it on every link's sheet, which says why; the others' phones hear it said once."""
    match = bandido()
    set_character(match, 1, COCONUTS)
    post_round(match, at(1), at(0), at(0))
    post_round(match, at(1), at(0), at(0))
    response = match.api.call("PUT", f"/matches/{match.id}/rounds/1", match.host,
                              json={"players": [at(1), at(0, COCONUT, COCONUT, COCONUT), at(0)]})
    assert response.status_code == 409
    for token in (match.host, match.view, match.seats[0], match.seats[2]):
        sheet = page(f"/m/{token}")
        why = sheet.find("p", class_="revealed-why")
        assert why is not None and "Ben" in why.text and "refused" in why.text
        assert COCONUT_ICON in sheet.html
        said = page(f"/m/{token}?fragment=1").find(class_="sheet-state").get("data-announce")
        assert "Ben" in said and "revealed" in said, said


def test_symbols_are_named_in_a_key_and_in_every_character(secret_match, page):
    """A symbol drawn small is named beside it where it can be: the stone read as a cloud."""
    match = secret_match
    set_character(match, 1, COCONUTS, revealed=True)
    sheet = page(f"/m/{match.host}")

    key = sheet.find("p", class_="symbol-key")
    # The key names the symbols the sheet shows (stone and water: no coconut was laid).
    assert key.text.split() == ["The", "symbols:", "stone", "water."]
    section = sheet.find("section", class_="characters")
    ben = next(li for li in section.find_all("li") if li.text.startswith("Ben"))
    assert [s.text.strip() for s in ben.find_all("span", class_="symbol-name")] == COCONUTS
