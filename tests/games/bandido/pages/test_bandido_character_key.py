"""Banana Bandido: only the phone that typed a character reads it back. The character page
gives that phone the key in a cookie of its own (for that seat's link only); another phone
opening the same link (the host's, say) is told the character is set and hidden there, and may
type it again, which moves the key to it. Also: the turn order on the sheet, and a character
typed late, which counts from the deal."""

from __future__ import annotations

import re

import pytest

STONE, WATER, COCONUT = "stone", "water", "coconut"
COCONUTS = [COCONUT] * 3
COCONUT_ICON = "icon-coconut"  # the class of our own coconut icon
# A picker's coconut (every symbol is offered on the character page): not a leak.
PICKED_COCONUT = re.compile(
    r'<span class="pic"[^>]*><svg class="icon icon-coconut".*?</svg></span>', re.S)
COOKIE = "character_key"


def at(vp=0, *symbols):
    return {"vp": vp, "symbols": list(symbols)}


def post_round(match, *lines):
    response = match.api.call("POST", f"/matches/{match.id}/rounds", match.host,
                              json={"players": list(lines)})
    assert response.status_code == 201, response.get_json()


def char_url(token):
    return f"/m/{token}/character"


@pytest.fixture
def other_phone(app):
    """A second phone: a client with cookies of its own (the host's phone opening Ben's link)."""
    return app.test_client()


def type_character(client, token, symbols, revealed=False, replace=False, seat=None):
    """Type a character on the character page of `client`'s phone, as a person would (having
    answered "Replace it" where `replace`; on the host's link, for `seat`)."""
    data = {f"symbol{i}": symbol for i, symbol in enumerate(symbols)} | {"version": ""}
    if revealed:
        data["revealed"] = "on"
    if replace:
        data["replace"] = "yes"
    if seat is not None:
        data["seat"] = str(seat)
    return client.post(char_url(token), data=data)


def mine(shown):
    section = shown.find("section", class_="my-character")
    return section.text if section is not None else None


def shown_symbols(shown):
    section = shown.find("section", class_="my-character")
    return [s.get("data-symbol") for s in section.find_all("span", class_="symbol")]


def checked_symbols(shown):
    return [node.get("value") for node in shown.find_all("input", type="radio")
            if node.has("checked")]


def api_character(match, seat, key=None):
    response = match.api.call("GET", f"/matches/{match.id}", match.seats[seat],
                              headers={"X-Character-Key": key} if key else None)
    return response.get_json()["characters"][seat]


# The cookie --------------------------------------------------------------------------------


def test_saving_gives_this_phone_the_key_in_a_cookie_for_this_seats_link_only(bandido, client):
    match = bandido()
    ben = match.seats[1]

    response = type_character(client, ben, COCONUTS)

    assert response.status_code == 302
    cookies = [value for name, value in response.headers.items() if name == "Set-Cookie"
               and value.startswith(f"{COOKIE}=")]
    assert len(cookies) == 1
    attributes = {part.split("=")[0].strip().lower(): part.partition("=")[2]
                  for part in cookies[0].split(";")[1:]}
    assert attributes["path"] == f"/m/{ben}"
    assert "httponly" in attributes
    assert attributes["samesite"] == "Lax"
    assert int(attributes["max-age"]) >= 365 * 24 * 3600
    key = client.get_cookie(COOKIE, path=f"/m/{ben}").value
    assert len(key) >= 22  # at least 128 bits
    # It is the key the service gave: it opens Ben's character through the API too.
    assert api_character(match, 1, key) == {"symbols": COCONUTS, "revealed": False}
    assert api_character(match, 1) is None


def test_the_cookie_goes_to_no_other_link(bandido, client):
    match = bandido()
    type_character(client, match.seats[1], COCONUTS)

    for token in (match.host, match.view, match.seats[0], match.seats[2]):
        assert client.get_cookie(COOKIE, path=f"/m/{token}") is None
    assert client.get_cookie(COOKIE, path="/api/v1") is None


# The phone that typed it, and another phone -------------------------------------------------


def test_the_phone_that_typed_it_sees_it_another_phone_does_not(bandido, client, other_phone,
                                                                page):
    match = bandido()
    ben = match.seats[1]
    type_character(client, ben, COCONUTS)

    own = page(f"/m/{ben}")
    assert shown_symbols(own) == COCONUTS and "0 of 3 symbols" in mine(own)

    other = page(other_phone.get(f"/m/{ben}"))
    assert other.status == 200
    assert "Your character is set, and hidden on this phone." in mine(other)
    assert COCONUT_ICON not in other.html and COCONUT not in other.html.lower()
    link = other.find("section", class_="my-character").find("a")
    assert link.text == "Type it again on this phone" and link.get("href") == char_url(ben)

    form = page(other_phone.get(char_url(ben)))
    assert form.status == 200
    assert form.find("div", class_="hidden-here") is not None
    assert not any(r.has("checked") for r in form.find_all("input", type="radio"))
    assert COCONUT_ICON not in PICKED_COCONUT.sub("", form.html)
    assert form.find("button", type="submit").text == "Replace it"
    assert "already entered for this seat on another phone" in form.find(
        "div", class_="replace-asked").text


def test_typing_it_again_moves_the_key_to_the_other_phone(bandido, client, other_phone, page):
    match = bandido()
    ben = match.seats[1]
    type_character(client, ben, COCONUTS)
    first_key = client.get_cookie(COOKIE, path=f"/m/{ben}").value

    asked = type_character(other_phone, ben, [STONE, WATER, COCONUT])
    assert asked.status_code == 409  # asked first: nothing replaced yet
    assert "Replace it?" in asked.get_data(as_text=True)
    assert api_character(match, 1, first_key)["symbols"] == COCONUTS
    assert type_character(other_phone, ben, [STONE, WATER, COCONUT],
                          replace=True).status_code == 302

    other = page(other_phone.get(f"/m/{ben}"))
    assert shown_symbols(other) == [STONE, WATER, COCONUT]
    first = page(f"/m/{ben}")  # the first phone: its key is retired
    assert "set, and hidden on this phone" in mine(first)
    assert api_character(match, 1, first_key) is None
    new_key = other_phone.get_cookie(COOKIE, path=f"/m/{ben}").value
    assert new_key != first_key
    assert api_character(match, 1, new_key)["symbols"] == [STONE, WATER, COCONUT]


@pytest.mark.parametrize("first", ["keyed", "keyless"])
def test_the_kept_sheet_never_crosses_between_the_phones(bandido, client, other_phone, first):
    """The sheet of a version is drawn once and kept: whether the key opened the character is
    part of what it is kept under, so neither phone is ever served the other's."""
    match = bandido()
    ben = match.seats[1]
    type_character(client, ben, COCONUTS)
    phones = {"keyed": client, "keyless": other_phone}
    order = [first, "keyless" if first == "keyed" else "keyed"]

    for url in (f"/m/{ben}", f"/m/{ben}?fragment=1"):
        seen = {who: phones[who].get(url).get_data(as_text=True) for who in order}
        seen |= {who: phones[who].get(url).get_data(as_text=True) for who in order}  # kept
        assert COCONUT_ICON in seen["keyed"], url
        assert (COCONUT_ICON not in seen["keyless"]
                and "hidden on this phone" in seen["keyless"]), url


def test_a_key_from_elsewhere_opens_nothing(bandido, client, other_phone):
    match = bandido()
    type_character(client, match.seats[1], COCONUTS)
    other_phone.set_cookie(COOKIE, "x" * 32, path=f"/m/{match.seats[1]}")

    html = other_phone.get(f"/m/{match.seats[1]}").get_data(as_text=True)

    assert COCONUT_ICON not in html and "hidden on this phone" in html


@pytest.mark.parametrize("how", ["revealed", "over"])
def test_revealed_or_the_match_over_every_phone_sees_it(bandido, client, other_phone, page,
                                                        how):
    match = bandido()
    ben = match.seats[1]
    type_character(client, ben, COCONUTS, revealed=how == "revealed")
    if how == "over":
        post_round(match, at(5), at(0), at(0))

    for phone in (client, other_phone):
        shown = page(phone.get(f"/m/{ben}"))
        assert shown_symbols(shown) == COCONUTS
        assert "hidden on this phone" not in shown.html
    host = page(client.get(f"/m/{match.host}"))
    ben_line = next(li for li in host.find("section", class_="characters").find_all("li")
                    if li.text.startswith("Ben"))
    assert [s.get("data-symbol") for s in ben_line.find_all("span", class_="symbol")] == COCONUTS


def test_the_host_phone_never_sees_a_hidden_one(bandido, client, other_phone):
    """The host, on their own phone, opens Ben's seat link after Ben typed his character."""
    match = bandido()
    type_character(client, match.seats[1], COCONUTS)
    other_phone.get(f"/m/{match.host}")

    for url in (f"/m/{match.host}", f"/m/{match.seats[1]}", char_url(match.seats[1]),
                f"/m/{match.seats[1]}/table"):
        html = other_phone.get(url).get_data(as_text=True)
        assert COCONUT_ICON not in PICKED_COCONUT.sub("", html), url


def test_a_seat_link_asks_before_replacing_a_character_typed_since_its_page_was_shown(
        bandido, client, other_phone, page):
    match = bandido()
    ben = match.seats[1]
    form = page(other_phone.get(char_url(ben)))  # shown before Ben typed anything
    assert form.find("div", class_="replace-asked") is None
    type_character(client, ben, COCONUTS)
    key = client.get_cookie(COOKIE, path=f"/m/{ben}").value

    asked = page(type_character(other_phone, ben, [STONE, STONE, STONE]))
    assert asked.status == 409
    assert asked.find("div", class_="replace-asked") is not None
    assert checked_symbols(asked) == [STONE, STONE, STONE]  # the picks kept for the answer
    assert asked.find("button", type="submit").get("value") == "yes"
    assert api_character(match, 1, key)["symbols"] == COCONUTS
    assert other_phone.get_cookie(COOKIE, path=f"/m/{ben}") is None
    # The phone that typed it changes it without being asked.
    assert type_character(client, ben, [WATER] * 3).status_code == 302


# A host who plays ---------------------------------------------------------------------------


def test_the_host_sheet_says_how_each_player_enters_a_character(bandido, page):
    match = bandido()
    howto = page(f"/m/{match.host}").find("section", class_="characters-howto")
    assert "seat link" in howto.text and "Invite the table" in howto.text
    seats = howto.find_all("a", class_="my-seat")
    assert [a.text for a in seats] == ["I am Ana", "I am Ben", "I am Cy"]
    assert [a.get("href") for a in seats] == [f"{char_url(match.host)}?seat={seat}"
                                              for seat in range(3)]
    for token in (match.view, *match.seats):
        assert page(f"/m/{token}").find("section", class_="characters-howto") is None


def test_a_host_who_plays_types_their_character_on_the_hosts_phone(bandido, client,
                                                                    other_phone, page):
    match = bandido()
    host = match.host
    form = page(client.get(f"{char_url(host)}?seat=2"))
    assert form.status == 200 and "Cy" in form.find("p", class_="meta").text
    assert form.find("input", name="seat").get("value") == "2"

    response = type_character(client, host, COCONUTS, seat=2)
    assert response.status_code == 302
    key = client.get_cookie(COOKIE, path=f"/m/{host}")
    assert key is not None and client.get_cookie(COOKIE, path=f"/m/{match.seats[2]}") is None
    # Saved as Cy's own character, under the key this phone alone holds.
    assert api_character(match, 2, key.value)["symbols"] == COCONUTS
    assert api_character(match, 2) is None

    sheet = page(client.get(f"/m/{host}"))
    assert shown_symbols(sheet) == COCONUTS
    assert sheet.find("section", class_="characters-howto").find("a", class_="my-seat") is None
    # The character page opens on that seat again, with no seat named.
    again = page(client.get(char_url(host)))
    assert again.status == 200 and checked_symbols(again) == COCONUTS
    # Only on this phone, and never through the API: the host's token opens no character.
    elsewhere = page(other_phone.get(f"/m/{host}"))
    assert COCONUT_ICON not in elsewhere.html and elsewhere.find(
        "section", class_="my-character") is None
    got = match.api.call("GET", f"/matches/{match.id}", host,
                         headers={"X-Character-Key": key.value}).get_json()
    assert got["characters"] == [None, None, None]
    assert page(f"/m/{match.seats[2]}").find("section", class_="my-character").find(
        "span", class_="symbol") is None  # Cy's link on another phone: hidden there too


def test_naming_a_seat_is_no_peek_at_a_character_typed_on_another_phone(bandido, client,
                                                                         other_phone, page):
    match = bandido()
    type_character(other_phone, match.seats[1], COCONUTS)  # Ben, on his own phone
    ben_key = other_phone.get_cookie(COOKIE, path=f"/m/{match.seats[1]}").value
    host = match.host
    client.get(f"/m/{host}")

    form = page(client.get(f"{char_url(host)}?seat=1"))
    assert form.find("div", class_="replace-asked") is not None
    assert checked_symbols(form) == []
    assert COCONUT_ICON not in PICKED_COCONUT.sub("", form.html)
    asked = type_character(client, host, [STONE] * 3, seat=1)
    assert asked.status_code == 409
    assert api_character(match, 1, ben_key)["symbols"] == COCONUTS
    assert client.get_cookie(COOKIE, path=f"/m/{host}") is None
    html = client.get(f"/m/{host}").get_data(as_text=True)
    assert COCONUT_ICON not in html and "my-character" not in html

    # Typing Ana's on the host's phone opens Ana's alone, never Ben's.
    type_character(client, host, [WATER] * 3, seat=0)
    sheet = page(client.get(f"/m/{host}"))
    assert shown_symbols(sheet) == [WATER] * 3
    assert COCONUT_ICON not in sheet.html
    assert page(client.get(f"{char_url(host)}?seat=1")).find("div", class_="replace-asked")


# The turn order ---------------------------------------------------------------------------


@pytest.mark.parametrize(("first", "says"), [
    (0, "Every round Ana begins: Ana, then Ben, then Cy."),
    (2, "Every round Cy begins: Cy, then Ana, then Ben."),
])
def test_the_sheet_says_in_which_order_the_seats_play(bandido, page, first, says):
    match = bandido(first_seat=first)

    for token in (match.host, match.view, match.seats[1]):
        assert page(f"/m/{token}").find("p", class_="deal").text == says


# A character typed late ------------------------------------------------------------------


def test_a_late_character_that_wins_an_earlier_round_is_refused_on_its_page(bandido, page,
                                                                           client):
    match = bandido()
    post_round(match, at(0), at(0, COCONUT, COCONUT, COCONUT), at(1))  # Ben's three coconuts
    post_round(match, at(1), at(0, COCONUT, COCONUT, COCONUT), at(2))
    before = match.state()

    response = page(type_character(client, match.seats[1], COCONUTS, revealed=True))

    assert response.status == 409
    message = response.by_id("character-error").text
    assert "already have won in round 1" in message
    checked = [response.find("input", name=f"symbol{i}", checked=True).get("value")
               for i in range(3)]
    assert checked == COCONUTS  # what was picked is kept
    assert response.find("input", name="revealed").has("checked")
    assert match.state() == before
    assert client.get_cookie(COOKIE, path=f"/m/{match.seats[1]}") is None


def test_a_late_character_that_wins_the_latest_round_ends_the_match(bandido, page, client,
                                                                  location):
    match = bandido()
    post_round(match, at(1), at(0, STONE), at(2))
    post_round(match, at(1), at(0, COCONUT, COCONUT, COCONUT), at(2))

    response = type_character(client, match.seats[1], COCONUTS)

    assert location(response)[0] == f"/m/{match.seats[1]}"
    sheet = page(f"/m/{match.seats[1]}")
    assert sheet.find("p", class_="flash").text == (
        "Your character is saved, and its symbols lie face up in round 2: you win, the match "
        "is over.")
    banner = sheet.find("div", class_="over").text
    assert "\u2068Ben\u2069 wins: the three symbols of their character lie face up." in banner
    assert match.state()["status"] == "over"
    host = page(f"/m/{match.host}")
    assert "\u2068Ben\u2069 wins: the three symbols" in host.find("div", class_="over").text


def test_a_late_character_that_wins_nothing_just_counts(bandido, page, client):
    match = bandido()
    post_round(match, at(1), at(0, STONE, COCONUT), at(2))

    type_character(client, match.seats[1], COCONUTS)

    sheet = page(f"/m/{match.seats[1]}")
    assert sheet.find("p", class_="flash").text == (
        "Your character is saved. Only this phone shows it.")
    assert "1 of 3 symbols" in mine(sheet)
    assert match.state()["status"] == "active"


# A refused write: the seat's own only on the phone that typed the character -----------------


def _guess_on(phone, token, symbols):
    """Ben's round-1 part typed on `phone` through Ben's link: the symbols `symbols` face up."""
    form = {"vp": "0", "version": ""} | {s: str(symbols.count(s)) for s in (STONE, WATER, COCONUT)}
    return phone.post(f"/m/{token}/round/1/hand/1", data=form)


def test_a_guess_from_the_phone_that_typed_the_character_stays_with_that_phone(
        bandido, client, page):
    match = bandido()
    ben = match.seats[1]
    type_character(client, ben, [STONE, WATER, WATER])
    post_round(match, at(0), at(0), at(0))
    post_round(match, at(0), at(0), at(0))

    response = _guess_on(client, ben, [WATER, STONE, WATER])

    assert response.status_code == 302  # refused, said to this phone alone
    said = page(client.get(response.headers["Location"]))
    assert "already have won in round 1" in said.html or "would end the match" in said.html
    body = match.api.call("GET", f"/matches/{match.id}", match.host).get_json()
    assert body["rounds"][0]["input"]["players"][1] == at(0)  # nothing saved
    assert api_character(match, 1) is None
    for token in (match.host, match.view, match.seats[0]):
        assert COCONUT_ICON not in page(f"/m/{token}").html


def test_a_guess_through_a_seats_link_on_another_phone_reveals_to_everyone(
        bandido, client, other_phone, page):
    """The host opens Ben's link on the host's own phone (which never typed Ben's character)
    and types guesses: the right one's refusal shows Ben's character on every sheet."""
    match = bandido()
    ben = match.seats[1]
    type_character(client, ben, [STONE, WATER, WATER])
    post_round(match, at(0), at(0), at(0))
    post_round(match, at(0), at(0), at(0))

    _guess_on(other_phone, ben, [WATER, STONE, WATER])

    assert api_character(match, 1) == {"symbols": [STONE, WATER, WATER], "revealed": True}
    why = page(f"/m/{match.view}").find("p", class_="revealed-why")
    assert why is not None and "Ben" in why.text
