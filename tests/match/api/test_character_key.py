"""A Bandido character's key: only the phone that typed the character reads it back.

The host holds every seat's link to hand them out, so a link alone must not show a hidden
character: its PUT answers a `character_key`, and the seat's link reads the character only with
`X-Character-Key: <key>`. Once revealed, or once the match is over, everyone sees it as before."""

from __future__ import annotations

import hashlib

import pytest
from api_helpers import changes, error_of
from sqlalchemy import select

from app.extensions import db
from app.models import Seat

STONE, WATER, COCONUT = "stone", "water", "coconut"
COCONUTS = [COCONUT] * 3
BENS = {"symbols": COCONUTS, "revealed": False}


def at(vp=0, *symbols):
    return {"vp": vp, "symbols": list(symbols)}


def put_character(api, match, seat=1, symbols=COCONUTS, revealed=False, headers=None):
    response = api.call("PUT", f"{match.path}/seats/{seat}/character", match.seats[seat],
                        json={"symbols": list(symbols), "revealed": revealed}, headers=headers)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def seen(api, match, token, key=None):
    """Seat 1's character as this token shows it, on a phone holding `key` (if any)."""
    response = api.call("GET", match.path, token,
                        headers={"X-Character-Key": key} if key is not None else None)
    assert response.status_code == 200, response.get_json()
    return response.get_json()["characters"][1]


def everyone(match):
    """Every token of the match, by who holds it."""
    return {"host": match.host, "view": match.view} | {
        f"seat {i}": token for i, token in enumerate(match.seats)}


@pytest.fixture
def bandido(start):
    return start(game="bandido")


# The key's life ---------------------------------------------------------------------------


def test_setting_a_character_answers_a_fresh_key_of_at_least_128_bits(api, bandido):
    body = put_character(api, bandido)

    key = body["character_key"]
    assert isinstance(key, str) and len(key) >= 22  # 22 URL-safe characters carry 132 bits
    assert body["characters"][1] == BENS  # the answer is read with the new key
    again = put_character(api, bandido)["character_key"]
    assert again != key


def test_the_seat_reads_its_hidden_character_only_with_its_key(api, bandido):
    key = put_character(api, bandido)["character_key"]

    assert seen(api, bandido, bandido.seats[1], key) == BENS
    assert seen(api, bandido, bandido.seats[1]) is None  # the same link on another phone
    assert seen(api, bandido, bandido.seats[1], "") is None
    assert seen(api, bandido, bandido.seats[1], key[:-1] + ("A" if key[-1] != "A" else "B")) \
        is None
    assert seen(api, bandido, bandido.seats[1], key * 3) is None


def test_a_second_put_gives_a_new_key_and_retires_the_old_one(api, bandido):
    old = put_character(api, bandido)["character_key"]

    new = put_character(api, bandido, symbols=[STONE, STONE, WATER])["character_key"]

    assert seen(api, bandido, bandido.seats[1], old) is None
    assert seen(api, bandido, bandido.seats[1], new) == {"symbols": [STONE, STONE, WATER],
                                                         "revealed": False}


def test_typing_the_same_character_again_on_another_phone_moves_the_key_there(api, bandido):
    first_phone = put_character(api, bandido)["character_key"]

    second_phone = put_character(api, bandido)["character_key"]

    assert seen(api, bandido, bandido.seats[1], first_phone) is None
    assert seen(api, bandido, bandido.seats[1], second_phone) == BENS


def test_a_refused_put_keeps_the_key(api, bandido):
    key = put_character(api, bandido)["character_key"]

    response = api.call("PUT", f"{bandido.path}/seats/1/character", bandido.seats[1],
                        json={"symbols": ["banana"], "revealed": False})

    error_of(response, 422)
    assert seen(api, bandido, bandido.seats[1], key) == BENS


@pytest.mark.parametrize("who", ["host", "view", "seat 0", "seat 2"])
def test_no_other_token_reads_it_even_with_the_key(api, bandido, who):
    key = put_character(api, bandido)["character_key"]

    response = api.call("GET", bandido.path, everyone(bandido)[who],
                        headers={"X-Character-Key": key})

    assert response.get_json()["characters"][1] is None
    assert COCONUT not in response.get_data(as_text=True)


def test_another_seats_key_does_not_open_this_seat(api, bandido):
    ana = put_character(api, bandido, seat=0, symbols=[STONE, STONE, WATER])["character_key"]
    put_character(api, bandido)

    assert seen(api, bandido, bandido.seats[1], ana) is None


def test_the_key_shows_the_character_in_the_seats_own_write_answers(api, bandido):
    key = put_character(api, bandido)["character_key"]

    with_key = api.call("PUT", f"{bandido.path}/rounds/1/seats/1", bandido.seats[1],
                        json=at(1, STONE), headers={"X-Character-Key": key})
    without = api.call("PUT", f"{bandido.path}/rounds/1/seats/1", bandido.seats[1],
                       json=at(2, STONE))

    assert with_key.status_code == 201 and with_key.get_json()["characters"][1] == BENS
    assert without.status_code == 200 and without.get_json()["characters"][1] is None


def test_a_revealed_character_shows_to_every_token_with_or_without_a_key(api, bandido):
    key = put_character(api, bandido, revealed=True)["character_key"]
    shown = {"symbols": COCONUTS, "revealed": True}

    for who, token in everyone(bandido).items():
        assert seen(api, bandido, token) == shown, who
        assert seen(api, bandido, token, key) == shown, who


@pytest.mark.parametrize("ending", ["over", "banked"])
def test_once_over_or_banked_every_token_sees_it(api, bandido, ending):
    put_character(api, bandido)
    assert api.call("POST", f"{bandido.path}/rounds", bandido.host,
                    json={"players": [at(5), at(0), at(0)]}).status_code == 201
    if ending == "banked":
        assert api.call("POST", f"{bandido.path}/bank", bandido.host).status_code == 200

    for who, token in everyone(bandido).items():
        assert seen(api, bandido, token) == BENS, who


def test_an_abandoned_match_shows_it_to_no_token_without_the_key(api, bandido):
    key = put_character(api, bandido)["character_key"]
    assert api.call("POST", f"{bandido.path}/abandon", bandido.host).status_code == 200

    for who, token in everyone(bandido).items():
        assert seen(api, bandido, token) is None, who
    assert seen(api, bandido, bandido.host, key) is None
    assert seen(api, bandido, bandido.seats[1], key) == BENS  # the phone that typed it


def test_replacing_the_seats_link_keeps_the_phones_key(api, bandido):
    key = put_character(api, bandido)["character_key"]
    response = api.call("POST", f"{bandido.path}/tokens/replace", bandido.host,
                        json={"role": "seat", "seat": 1})
    new_link = response.get_json()["seats"][1]

    shown = api.call("GET", bandido.path, new_link, headers={"X-Character-Key": key})

    assert shown.get_json()["characters"][1] == BENS


# The key is nowhere else --------------------------------------------------------------------


def test_the_key_is_never_in_the_history_nor_stored(api, app, bandido):
    keys = [put_character(api, bandido)["character_key"],
            put_character(api, bandido, symbols=[STONE, WATER, WATER])["character_key"]]

    history = api.call("GET", f"{bandido.path}/history", bandido.host).get_data(as_text=True)
    logged = repr([(c.before, c.after) for c in changes(app, bandido)])
    with app.app_context():
        stored = db.session.scalars(select(Seat.character_key).where(
            Seat.match_id == bandido.id).order_by(Seat.position)).all()

    for key in keys:
        assert key not in history and key not in logged
        assert key not in repr(stored)
    assert stored == [None, hashlib.sha256(keys[1].encode()).hexdigest(), None]


def test_the_key_is_in_no_other_answer(api, bandido):
    key = put_character(api, bandido)["character_key"]

    answers = [api.call("GET", bandido.path, token, headers={"X-Character-Key": key})
               for token in everyone(bandido).values()]
    answers.append(api.call("POST", f"{bandido.path}/rounds", bandido.host,
                            json={"players": [at(1), at(1), at(1)]}))
    answers.append(api.call("GET", f"{bandido.path}/tokens", bandido.host))

    for response in answers:
        assert response.status_code in (200, 201)
        assert key not in response.get_data(as_text=True)
        assert "character_key" not in response.get_json()


# The kept views --------------------------------------------------------------------------


def test_a_view_kept_for_a_phone_with_the_key_never_goes_to_one_without(api, bandido):
    key = put_character(api, bandido)["character_key"]

    ben = bandido.seats[1]
    reads = [seen(api, bandido, ben, key), seen(api, bandido, ben),
             seen(api, bandido, ben, "wrong"), seen(api, bandido, ben, key),
             seen(api, bandido, ben)]

    assert reads == [BENS, None, None, BENS, None]


def test_a_view_kept_for_a_phone_without_the_key_never_goes_to_one_with_it(api, bandido):
    key = put_character(api, bandido)["character_key"]

    reads = [seen(api, bandido, bandido.seats[1]), seen(api, bandido, bandido.seats[1], key),
             seen(api, bandido, bandido.seats[1])]

    assert reads == [None, BENS, None]


def test_an_old_key_after_a_new_put_reads_no_kept_view_of_before(api, bandido):
    old = put_character(api, bandido)["character_key"]
    assert seen(api, bandido, bandido.seats[1], old) == BENS  # kept for this version

    put_character(api, bandido)

    assert seen(api, bandido, bandido.seats[1], old) is None


def test_reads_vary_by_the_key(api, bandido):
    response = api.call("GET", bandido.path, bandido.seats[1])

    assert "X-Character-Key" in response.headers.get("Vary", "")
