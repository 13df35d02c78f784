"""The sentence a screen reader hears when another phone changes the sheet: the sheet's
`data-announce` (sheet.js copies it into the page's live region), said in the page's language."""

from __future__ import annotations

import pytest


def i(name):
    """A name as a plain-text sentence isolates it: FSI, the name, PDI."""
    return f"\u2068{name}\u2069"


def said(page, token, version=False):
    state = page(f"/m/{token}?fragment=1").find(class_="sheet-state")
    if version:
        return state.get("data-announce"), state.get("data-announce-version")
    return state.get("data-announce")


def test_each_change_says_what_it_did_then_who_leads(page, start, api):
    match = start(("Ana", "Ben"), target=100)
    assert said(page, match.view) is None  # nothing changed yet: nothing to say
    match.add_round(12, 30)
    assert said(page, match.view) == f"Host saved round 1. {i('Ben')} leads."

    def call(method, path, **kwargs):
        return api.call(method, f"/matches/{match.id}{path}", match.host, **kwargs)

    assert call("PUT", "/rounds/1", json={"scores": [30, 30]}).status_code == 200
    assert said(page, match.view) == "Host changed round 1. All level."
    assert call("PUT", "/rounds/2/seats/0", json={"score": 5}).status_code == 201  # opens it
    assert said(page, match.view) == f"Saved: {i('Ana')}'s score in round 2. All level."
    assert call("PUT", "/rounds/2/seats/1", json={"score": 1}).status_code == 200
    assert said(page, match.view) == f"Saved: {i('Ben')}'s score in round 2. {i('Ana')} leads."
    assert call("DELETE", "/rounds/2").status_code == 200
    assert said(page, match.view) == "Host deleted round 2. All level."
    assert call("POST", "/undo").status_code == 200
    assert said(page, match.view) == f"Host undid the last change. {i('Ana')} leads."
    assert call("PATCH", "/options", json={"target": 35}).status_code == 200
    assert said(page, match.view) == f"Host moved the line. Match over: {i('Ana')} wins."
    # A replaced link changes nothing anyone sees: the sheet says what it said, for the version
    # it said it of (so a phone has nothing new to hear).
    before = said(page, match.view, version=True)
    assert call("POST", "/tokens/replace", json={"role": "seat", "seat": 1}).status_code == 200
    assert said(page, match.view, version=True) == before


def test_a_seat_names_itself_and_banakil_says_hands(page, banakil, api):
    match = banakil()
    hand = {"melded": {"7-K": 10}, "in_hand": {}, "went_out": True}
    response = api.call("PUT", f"/matches/{match.id}/rounds/1/seats/0", match.seats[0], json=hand)
    assert response.status_code == 201, response.get_json()
    assert said(page, match.view) == f"Saved: {i('Dana')}'s hand in hand 1. All level."


@pytest.mark.parametrize("lang, sentence", [
    ("de", "Gastgeber hat Runde 1 gespeichert. \u2068Ben\u2069 führt."),
    ("ar", "حفظ المضيف الجولة 1."),
])
def test_said_in_the_pages_language(page, start, client, lang, sentence):
    match = start(("Ana", "Ben"))
    match.add_round(12, 30)
    client.set_cookie("lang", lang)
    assert said(page, match.view).startswith(sentence)


@pytest.mark.parametrize("lang, sentence", [
    ("en", f"{i('Ana')}, {i('Ben')} and {i('Carla')} lead."),
    ("de", f"{i('Ana')}, {i('Ben')} und {i('Carla')} führen."),
    ("ar", f"في الصدارة: {i('Ana')}، {i('Ben')} و{i('Carla')}."),
])
def test_each_name_of_a_list_is_isolated_and_the_list_is_the_pages(page, start, client, lang,
                                                                    sentence):
    match = start(("Ana", "Ben", "Carla", "Dan"))
    match.add_round(10, 10, 10, -20)
    client.set_cookie("lang", lang)
    assert said(page, match.view).endswith(sentence)


def test_turning_up_blue_bananas_task_cards_is_no_round_saved_and_plays_no_round(
        page, blue_banana, api):
    """Turning up round 1's task cards had the sheet say "7 rounds to play", and the other
    phones hear "Host saved round 1" before anyone collected a card."""
    match = blue_banana(("Ana", "Ben", "Cy"))
    task = [{"motif": "flamingo", "color": "blue"}, {"motif": "frog", "color": "yellow"}]
    response = api.call("POST", f"/matches/{match.id}/rounds", match.host,
                        json={"players": [None, None, None], "task": task})
    assert response.status_code == 201, response.get_json()
    assert said(page, match.view).startswith("Host turned up the task cards of round 1.")
    sheet = page(f"/m/{match.view}")
    assert "8 rounds to play" in sheet.text and "7 rounds to play" not in sheet.text
    other = [{"motif": "whale", "color": "red"}, {"motif": "frog", "color": "yellow"}]
    api.call("PUT", f"/matches/{match.id}/rounds/1", match.host,
             json={"players": [None, None, None], "task": other})
    assert said(page, match.view).startswith("Host turned up the task cards of round 1.")
    line = {"correct": 2, "incorrect": 0, "banana": None}
    api.call("PUT", f"/matches/{match.id}/rounds/1", match.host,
             json={"players": [line, line, line], "task": other})
    assert said(page, match.view).startswith("Host changed round 1.")
    assert "7 rounds to play" in page(f"/m/{match.view}").text
