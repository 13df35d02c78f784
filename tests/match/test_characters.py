"""What the pages ask of the services here: a Bandido character set (and the phone's key for
it), whether this phone may read a seat's character, and a moved line."""

from __future__ import annotations

import pytest

from app.errors import Conflict, Forbidden, TypedElsewhere
from app.games import GAMES
from app.services.match.access import Access
from app.services.match.answers import match_json
from app.services.match.characters import (
    Character,
    as_seat,
    character_visible,
    phone_seat,
    read_character,
    set_character,
)
from app.services.match.edits import abandon, move_line
from app.services.match.sheet import load_sheet

COCONUTS = ["coconut"] * 3


@pytest.fixture
def bandido(app, api):
    """Ana, Ben and Cy at Banana Bandido; answers the match as created, in a request context."""
    created = api.create(("Ana", "Ben", "Cy"), game="bandido")
    with app.test_request_context():
        yield created


def typed(symbols: list[str]) -> Character:
    """A character as a phone typed it, read as its edge reads it."""
    return read_character(GAMES["bandido"], symbols)


def seat(created, number: int) -> Access:
    return Access(created["id"], "seat", number)


def test_set_character_answers_the_sheet_and_a_new_key_each_time(bandido):
    match_id = bandido["id"]

    sheet, key = set_character(seat(bandido, 1), match_id, 1,
                                        typed(COCONUTS))
    _, again = set_character(seat(bandido, 1), match_id, 1,
                                      typed(COCONUTS))

    assert sheet.match.seats[1].character == COCONUTS
    assert isinstance(key, str) and len(key) >= 22 and again != key


def test_character_visible_answers_for_this_phone(bandido):
    match_id = bandido["id"]
    _, key = set_character(seat(bandido, 1), match_id, 1,
                                    typed(COCONUTS))
    sheet = load_sheet(match_id)
    host, view = Access(match_id, "host"), Access(match_id, "view")

    assert character_visible(sheet, seat(bandido, 1), 1, key)
    assert not character_visible(sheet, seat(bandido, 1), 1, None)
    assert not character_visible(sheet, seat(bandido, 1), 1, "not the key")
    assert not character_visible(sheet, seat(bandido, 0), 1, key)
    assert not character_visible(sheet, host, 1, None)
    assert not character_visible(sheet, host, 1, "not the key")
    assert not character_visible(sheet, view, 1, key)
    # The API's host token never reads one, whatever key it sends.
    assert match_json(sheet, host, key)["characters"][1] is None
    # The match as the pages draw it follows the same answer.
    assert match_json(sheet, seat(bandido, 1), key)["characters"][1] == {
        "symbols": COCONUTS, "revealed": False}
    assert match_json(sheet, seat(bandido, 1))["characters"][1] is None


def test_without_replace_a_character_typed_on_another_phone_is_kept_and_asked_about(bandido):
    match_id = bandido["id"]
    body = typed(COCONUTS)
    # Nothing typed yet: nothing to ask about.
    _, key = set_character(seat(bandido, 1), match_id, 1, body, replace=False)
    # The phone that typed it (holding its key) changes it without being asked.
    _, key = set_character(seat(bandido, 1), match_id, 1, body, key=key,
                                    replace=False)

    for other in (None, "not the key"):
        with pytest.raises(TypedElsewhere) as asked:
            set_character(seat(bandido, 1), match_id, 1,
                                   typed(["stone"] * 3), key=other,
                                   replace=False)
        assert asked.value.status == 409 and "Replace it?" in asked.value.message
    sheet = load_sheet(match_id)
    assert sheet.match.seats[1].character == COCONUTS
    assert character_visible(sheet, seat(bandido, 1), 1, key)  # the key still opens
    version = sheet.version
    set_character(seat(bandido, 1), match_id, 1,
                           typed(["stone"] * 3))  # replace: the API's
    assert load_sheet(match_id).version == version + 1


def test_a_host_who_plays_types_their_seats_character_and_its_phone_alone_reads_it(bandido):
    match_id = bandido["id"]
    host, view = Access(match_id, "host"), Access(match_id, "view")
    with pytest.raises(Forbidden):
        as_seat(seat(bandido, 0), 1)
    with pytest.raises(Forbidden):
        as_seat(view, 1)
    _, ben_key = set_character(seat(bandido, 1), match_id, 1,
                                        typed(COCONUTS))

    _, key = set_character(as_seat(host, 0), match_id, 0,
                                    typed(["water"] * 3))
    sheet = load_sheet(match_id)

    assert phone_seat(sheet, host, key) == 0
    assert character_visible(sheet, host, 0, key)
    assert not character_visible(sheet, host, 1, key)  # never another seat's
    assert phone_seat(sheet, host, None) is None
    assert phone_seat(sheet, host, "not the key") is None
    assert phone_seat(sheet, view, key) is None
    assert phone_seat(sheet, seat(bandido, 1), ben_key) == 1
    assert phone_seat(sheet, seat(bandido, 1), key) is None


def test_move_line_answers_the_sheet_with_the_new_line(app, api):
    created = api.create(("Dana", "Ravi"), game="banakil")
    with app.test_request_context():
        host = Access(created["id"], "host")

        sheet = move_line(host, created["id"], {"target": 250})

        assert sheet.match.options["target"] == 250 and sheet.result.target == 250
        assert sheet.version == 2
        abandon(host, created["id"])
        with pytest.raises(Conflict):
            move_line(host, created["id"], {"target": 300})
