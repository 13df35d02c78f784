"""Reading the sheet: sentences that agree with how many they name, Banakil's hands called hands,
"lowest wins" said as it is meant, and no sheet with a stray "·" or a double space."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

LANGUAGES = ("en", "de", "ar")


def post_hands(match, *hands):
    response = match.api.call("POST", f"/matches/{match.id}/rounds", match.host,
                              json={"dead": False, "hands": list(hands)})
    assert response.status_code == 201, response.get_json()


def post_players(match, *players):
    response = match.api.call("POST", f"/matches/{match.id}/rounds", match.host,
                              json={"players": list(players)})
    assert response.status_code == 201, response.get_json()


@pytest.mark.parametrize("lang, said", [
    ("en", "Ana and Ben won"), ("de", "Ana und Ben gewannen"), ("ar", "فاز Ana وBen")])
def test_a_match_two_won_says_so_in_the_plural(group, page, client, lang, said):
    club = group()
    club.play(("Ana", "Ben", "Cy"), (9, 9, 2))
    client.set_cookie("lang", lang)
    won = page(f"/g/{club.owner}").find(class_="won")
    assert won.text == said
    assert [name.text for name in won.find_all("bdi")] == ["Ana", "Ben"]  # each in its direction


def test_a_match_one_won_keeps_the_singular(group, page, client):
    club = group()
    club.play(("Ana", "Ben", "Cy"), (9, 3, 2))
    client.set_cookie("lang", "de")
    assert page(f"/g/{club.owner}").find(class_="won").text == "Ana gewann"


@pytest.mark.parametrize("lang, latest, delete, undo, deleted, round_", [
    ("en", "hand 1: 40", "Delete hand 1", "Undo adding hand 1", "Hand 1 deleted.", "round"),
    ("de", "Hand 1: 40", "Hand 1 löschen", "Rückgängig: Hand 1 hinzufügen", "Hand 1 gelöscht.",
     "Runde"),
    ("ar", "اليد 1: 40", "احذف اليد 1", "تراجع عن إضافة اليد 1", "حُذفت اليد 1.", "الجولة"),
])
def test_banakil_says_hand_on_the_sheet_and_the_table(banakil, page, client, lang,
                                                      latest, delete, undo, deleted, round_):
    match = banakil()
    post_hands(match, {"score": 40, "went_out": True}, {"score": -20, "went_out": False})
    client.set_cookie("lang", lang)
    note = page(f"/m/{match.host}/table").find(class_="note").text
    assert note.startswith(latest) and round_ not in note
    sheet = page(f"/m/{match.host}")
    buttons = [b.text for b in sheet.find(class_="host-tools").find_all("button")]
    assert buttons == [undo, delete]
    if lang == "en":  # the running totals' chart too
        assert "hand by hand" in sheet.html and "round by round" not in sheet.html
    after = page(client.post(f"/m/{match.host}/round/1/delete",
                             data={"csrf_token": sheet.csrf_token() or ""}, follow_redirects=True))
    assert deleted in after.find(class_="flash-info").text


@pytest.mark.parametrize("lang, nearest, fact, to_go", [
    ("en", "Nearest the end at 100: Ben, 80 away.", "ends at 100", "to go"),
    ("de", "Am nächsten am Ende bei 100: Ben, noch 80.", "endet bei 100", "noch 95"),
    ("ar", "الأقرب إلى النهاية عند 100: Ben، على بعد 80.", "تنتهي عند 100", "95")])
def test_lowest_wins_says_once_who_is_nearest_the_end(start, page, client, lang, nearest, fact,
                                                      to_go):
    match = start(("Ana", "Ben"), target=100, lowest_wins=True)
    match.add_round(5, 20)
    client.set_cookie("lang", lang)
    sheet = page(f"/m/{match.host}")
    notes = [standing["note"] for standing in sheet.standings().values()]
    assert not any(to_go in note or "80" in note for note in notes), notes  # never under a total
    said = sheet.find(class_="end-nearest").text.replace("\u2068", "").replace("\u2069", "")
    assert said == nearest
    assert fact in sheet.find(class_="meta").text
    table = page(f"/m/{match.host}/table")
    assert nearest in table.find(class_="terms").text.replace("\u2068", "").replace("\u2069", "")
    assert not any("80" in note.text for note in table.find_all(class_="note"))


# ---- No stray "·" nor double space on any sheet ------------------------------------------------

class _Stray(HTMLParser):
    """What a page says wrongly: a sentence, cell or note starting or ending with "·", a double
    space inside one line of text, or in a label a screen reader reads."""

    WHOLE = {"p", "li", "td", "th", "h1", "h2", "dd", "dt", "caption", "button", "title"}
    EMPTY = {"br", "input", "img", "meta", "link", "source", "hr"}

    def __init__(self):
        super().__init__()
        self.open: list[list] = []
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("aria-label", "title", "placeholder") and value and (
                    "  " in value or value.strip().startswith("·")
                    or value.strip().endswith("·")):
                self.found.append(f"{name}: {value!r}")
        if tag not in self.EMPTY:
            note = "note" in (dict(attrs).get("class") or "").split()
            self.open.append([tag, "", note])

    def handle_endtag(self, tag):
        while self.open:
            opened, text, note = self.open.pop()
            said = " ".join(text.split())
            whole = opened in self.WHOLE or note
            if whole and said != "·" and (said.startswith("·") or said.endswith("·")):
                self.found.append(f"{opened}: {said!r}")
            if self.open:
                self.open[-1][1] += text
            if opened == tag:
                break

    def handle_data(self, data):
        if re.search(r"\S {2,}\S", data):
            self.found.append(f"double space: {data!r}")
        if self.open:
            self.open[-1][1] += data


def _sheets(start, banakil, blue_banana, bandido) -> list[str]:
    paths = []
    fresh = start(("Ana", "Ben"), target=50)
    paths += [f"/m/{fresh.host}", f"/m/{fresh.host}/table"]
    played = start(("Ana", "Ben", "Cy"), target=100)
    played.add_round(10, -20, 30)
    paths += [f"/m/{played.host}", f"/m/{played.seats[1]}", f"/m/{played.view}",
              f"/m/{played.host}/table"]
    over = start(("Ana", "Ben"), target=30)
    over.add_round(35, 5)
    paths += [f"/m/{over.host}", f"/m/{over.host}/table"]
    lowest = start(("Ana", "Ben"), target=100, lowest_wins=True)
    lowest.add_round(5, 20)
    paths += [f"/m/{lowest.host}", f"/m/{lowest.host}/table"]
    hands = banakil()
    post_hands(hands, {"score": 40, "went_out": True}, {"score": -20, "went_out": False})
    owing = banakil(target=150)
    post_hands(owing, {"score": 160, "went_out": True}, {"score": -20, "went_out": False})
    for match in (hands, owing):
        paths += [f"/m/{match.host}", f"/m/{match.host}/table", f"/m/{match.host}/round/1"]
    blue = blue_banana()
    post_players(blue, *({"correct": c, "incorrect": i, "banana": None}
                         for c, i in ((3, 1), (3, 0), (1, 2))))
    paths += [f"/m/{blue.host}", f"/m/{blue.host}/table", f"/m/{blue.host}/round/1"]
    symbols = bandido()
    post_players(symbols, {"vp": 1, "symbols": ["stone"]}, {"vp": 0, "symbols": []},
                 {"vp": 2, "symbols": []})
    paths += [f"/m/{symbols.host}", f"/m/{symbols.seats[0]}", f"/m/{symbols.host}/table"]
    return paths


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_sheet_starts_a_part_with_a_dot_or_says_a_double_space(
        start, banakil, blue_banana, bandido, client, lang):
    found = []
    paths = _sheets(start, banakil, blue_banana, bandido)
    client.set_cookie("lang", lang)
    for path in paths:
        response = client.get(path)
        assert response.status_code == 200, path
        stray = _Stray()
        stray.feed(response.get_data(as_text=True))
        found += [f"{path}: {line}" for line in stray.found]
    assert not found, "\n".join(found)


def test_the_blue_banana_round_says_who_took_a_chip_and_why(blue_banana, page):
    match = blue_banana()
    post_players(match, *({"correct": c, "incorrect": 0, "banana": None} for c in (3, 3, 1)))
    said = page(f"/m/{match.host}/round/1").find(class_="chips-taken").text
    assert said == "Ana and Ben had the most cards overall (3): one more penalty chip each."
    post_players(match, *({"correct": c, "incorrect": 0, "banana": None} for c in (1, 0, 0)))
    said = page(f"/m/{match.host}/round/2").find(class_="chips-taken").text
    assert said == "Ana had the most cards overall (4): one more penalty chip."
    legend = page(f"/m/{match.host}").find(class_="chip-legend")
    assert "A penalty chip" in legend.text and legend.find(class_="large").text == "5"


@pytest.mark.parametrize("lang, said", [
    ("en", "No hands yet."), ("de", "Noch keine Hände."), ("ar", "لا أيادٍ بعد.")])
def test_banakil_before_its_first_hand_says_no_hands_yet(banakil, page, client, lang, said):
    match = banakil()
    client.set_cookie("lang", lang)
    assert said in page(f"/m/{match.host}").find("div", class_="sheet-state").text
    assert said in page(f"/m/{match.host}/table").find(class_="big-meta").text
