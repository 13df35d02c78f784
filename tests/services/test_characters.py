"""What the pages ask of the services here: a Bandido character set (and the phone's key for
it), whether this phone may read a seat's character, and a moved line."""

from __future__ import annotations

import pytest

from app import services
from app.errors import Conflict

COCONUTS = ["coconut"] * 3


@pytest.fixture
def bandido(app, api):
    """Ana, Ben and Cy at Banana Bandido; answers the match as created, in a request context."""
    created = api.create(("Ana", "Ben", "Cy"), game="bandido")
    with app.test_request_context():
        yield created


def seat(created, number: int) -> services.Access:
    return services.Access(created["id"], "seat", number)


def test_set_character_answers_the_sheet_and_a_new_key_each_time(bandido):
    match_id = bandido["id"]

    sheet, key = services.set_character(seat(bandido, 1), match_id, 1,
                                        {"symbols": COCONUTS, "revealed": False})
    _, again = services.set_character(seat(bandido, 1), match_id, 1,
                                      {"symbols": COCONUTS, "revealed": False})

    assert sheet.match.seats[1].character == COCONUTS
    assert isinstance(key, str) and len(key) >= 22 and again != key


def test_character_visible_answers_for_this_phone(bandido):
    match_id = bandido["id"]
    _, key = services.set_character(seat(bandido, 1), match_id, 1,
                                    {"symbols": COCONUTS, "revealed": False})
    sheet = services.load_sheet(match_id)
    host, view = services.Access(match_id, "host"), services.Access(match_id, "view")

    assert services.character_visible(sheet, seat(bandido, 1), 1, key)
    assert not services.character_visible(sheet, seat(bandido, 1), 1, None)
    assert not services.character_visible(sheet, seat(bandido, 1), 1, "not the key")
    assert not services.character_visible(sheet, seat(bandido, 0), 1, key)
    assert not services.character_visible(sheet, host, 1, key)
    assert not services.character_visible(sheet, view, 1, key)
    # The match as the pages draw it follows the same answer.
    assert services.match_json(sheet, seat(bandido, 1), key)["characters"][1] == {
        "symbols": COCONUTS, "revealed": False}
    assert services.match_json(sheet, seat(bandido, 1))["characters"][1] is None


def test_move_line_answers_the_sheet_with_the_new_line(app, api):
    created = api.create(("Dana", "Ravi"), game="banakil")
    with app.test_request_context():
        host = services.Access(created["id"], "host")

        sheet = services.move_line(host, created["id"], {"target": 250})

        assert sheet.match.options["target"] == 250 and sheet.result.target == 250
        assert sheet.version == 2
        services.abandon(host, created["id"])
        with pytest.raises(Conflict):
            services.move_line(host, created["id"], {"target": 300})
