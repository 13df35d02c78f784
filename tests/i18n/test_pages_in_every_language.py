"""Every page speaks German and Arabic whole: drawn with the phone's language (the `lang` cookie),
it says `<html lang dir>` and shows none of the English the catalog holds (SPEC section 5).

The pages are those of one app holding a match of each game in each state (active, over,
banked, abandoned), with their part, round and cell pages, invite and link pages, a group with
its bank, roster, links and head to head, the forms, and a page that is not there. Each page is
drawn in English first, as a real table would: a page kept in the app's cache must not come
back in the language of whoever opened it first. Names people typed are no English words."""

from __future__ import annotations

import re

import pytest
import toy_game
from fresh_app import fresh_app
from i18n_helpers import LANGUAGES, english_phrases, read

from app.games import GAMES as REGISTERED

GAMES = ("generic", "banakil", "blue_banana", "bandido", "custom")
STATES = ("active", "over", "banked", "abandoned")
PLAYERS = {"generic": ["Ana", "Ben", "Cy"], "banakil": ["Dana", "Ravi"],
           "blue_banana": ["Ana", "Ben"], "bandido": ["Ana", "Ben", "Cy"],
           "custom": ["Ana", "Ben"]}
COCONUTS = ["coconut"] * 3
# The Latin words an Arabic page may show: the names typed here (players, the group, the matches:
# "Qx" and a number), the app's and other apps' names, file kinds, the languages' own names in
# the switch, the time zone, and the letters printed on cards (A, K, and the mode card's red X).
LATIN = re.compile(r"[A-Za-z]+")
NAMES = {name for names in PLAYERS.values() for name in names} | {"Zirkel", "Qx"}
BRANDS = {"SquareScores", "BG", "Stats", "CSV", "JSON", "QR", "UTC", "English", "Deutsch",
          "export", "json", "A", "K", "X",
          # Technical names Arabic writes in Latin letters too (the screen and link notes).
          "HTTP", "HTTPS", "Wi", "Fi"}

PAGES = ["home", "new group", "import a group", "not found", "group (owner)", "group (view)",
         "group, one game", "group head to head", "group roster", "group links",
         "group new match", "group player"]
PAGES += [f"new {game}" for game in GAMES]
PAGES += [f"{game} {state}" for game in GAMES for state in STATES]
PAGES += [f"{game} {page}" for game in GAMES
          for page in ("seat", "view", "table", "links", "details", "abandon")]
PAGES += ["generic cell", "generic line", "banakil line", "banakil hand", "banakil round",
          "banakil open hand", "blue_banana line", "blue_banana round", "blue_banana task",
          "blue_banana check", "bandido turn", "bandido character", "custom column",
          "custom round", "custom start", "custom rounds", "custom rounds round",
          "custom rounds line", "design", "design (owner)", "designer", "designer (owner)",
          "import a design", "group new custom"]
# A sheet for any game: Yahtzee's tally (the pad) and Wizard's rounds, both from the gallery,
# which gives every word of theirs in German and Arabic too.
YAHTZEE = {"ones": 3, "twos": 4, "threes": 3, "fours": 3, "fives": 3, "sixes": 3,
           "three_kind": 20, "four_kind": 0, "full_house": True, "small_straight": False,
           "large_straight": False, "yahtzee": False, "chance": 22, "yahtzee_bonus": 0}


class Phone:
    """The API as a script speaks it, on the app's own test client."""

    def __init__(self, client):
        self.client = client

    def call(self, method, path, token=None, json=None):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = self.client.open(f"/api/v1{path}", method=method, json=json, headers=headers)
        assert response.status_code < 300, (path, response.get_json())
        return response.get_json()

    def start(self, game, name, token=None, **extra):
        design = {"design": "yahtzee"} if game == "custom" else {}
        return self.call("POST", "/matches", token, {"game": game, "players": PLAYERS[game],
                                                     "name": name, **design, **extra})

    def play(self, match, *rounds):
        """The match after these rounds (with its tokens, which only its creation answers)."""
        for body in rounds:
            match = self.call("POST", f"/matches/{match['id']}/rounds", match["tokens"]["host"],
                              body) | {"tokens": match["tokens"]}
        return match


def round_of(game, finishing):
    """A round of `game`: one that ends a match where `finishing`, an ordinary one otherwise."""
    if game == "generic":
        return {"scores": [60, 20, 5] if finishing else [10, 20, 5]}
    if game == "banakil":
        score = 200 if finishing else 36.5
        return {"dead": False, "hands": [{"score": score, "went_out": True},
                                         {"score": -20, "went_out": False}]}
    if game == "blue_banana":
        return {"players": [{"correct": 2, "incorrect": 1, "banana": None},
                            {"correct": 1, "incorrect": 0, "banana": None}]}
    if game == "custom":
        return {"players": [YAHTZEE, YAHTZEE | {"chance": 5}] if finishing
                else [YAHTZEE, None]}
    return {"players": [{"vp": 1, "symbols": []}, {"vp": 5 if finishing else 2, "symbols": []},
                        {"vp": 0, "symbols": ["water"]}]}


def played(phone, game, state, name, group=None):
    """A match of `game` in `state`, its rounds played through the API (in `group`, a group's
    answer, where given)."""
    extra = {"options": {"target": 50}} if game == "generic" else {}
    token = None
    if group is not None:
        extra["group"], token = group["id"], group["tokens"]["owner"]
    match = phone.start(game, name, token, **extra)
    host = match["tokens"]["host"]
    if game == "bandido":
        phone.call("PUT", f"/matches/{match['id']}/seats/1/character", match["tokens"]["seats"][1],
                   {"symbols": COCONUTS, "revealed": False})
    if state == "active":
        return phone.play(match, round_of(game, False))
    if state == "abandoned":
        phone.play(match, round_of(game, False))
        return phone.call("POST", f"/matches/{match['id']}/abandon", host) | {
            "tokens": match["tokens"]}
    finishing = 8 if game == "blue_banana" else 1
    rounds = [round_of(game, n == finishing - 1) for n in range(finishing)]
    over = phone.play(match, *rounds)
    assert over["status"] == "over", (game, over["status"])
    if state == "banked":
        phone.call("POST", f"/matches/{match['id']}/bank", host)
    return over


def designs_of(phone, owner) -> dict[str, str]:
    """A sheet for any game's own pages: a rounds design's match, the designs' pages."""
    wizard = phone.call("POST", "/matches", json={"game": "custom", "design": "wizard",
                                                  "players": ["Ana", "Ben", "Cy"],
                                                  "name": "Qx9"})
    host = wizard["tokens"]["host"]
    phone.call("POST", f"/matches/{wizard['id']}/rounds", host, {"players": [
        {"bid": 1, "tricks": 1}, {"bid": 0, "tricks": 1}, {"bid": 2, "tricks": 0}]})
    phone.call("PUT", f"/matches/{wizard['id']}/rounds/2/seats/0", host, {"bid": 1})
    design = phone.call("POST", "/designs", json=phone.call("GET", "/designs/yahtzee")["design"])
    mine, token = design["id"], design["tokens"]["owner"]
    return {"custom start": "/new/custom?opt_design=yahtzee", "custom rounds": f"/m/{host}",
            "custom rounds round": f"/m/{host}/round/1",
            "custom rounds line": f"/m/{host}/round/2/hand/1",
            "design": "/d/yahtzee", "design (owner)": f"/d/{mine}/{token}",
            "designer": "/designs/new", "designer (owner)": f"/d/{mine}/{token}/edit",
            "import a design": "/designs/import",
            "group new custom": f"/g/{owner}/new/custom?opt_design=7-wonders"}


def site_of(client) -> dict[str, str]:
    """Every page's address, by its name in PAGES."""
    phone = Phone(client)
    pages = {"home": "/", "new group": "/groups/new", "import a group": "/groups/import",
             "not found": "/no/such/page"}
    group = phone.call("POST", "/groups", json={"name": "Zirkel", "players": ["Ana", "Ben", "Cy"]})
    owner, view = group["tokens"]["owner"], group["tokens"]["view"]
    for game in GAMES:
        pages[f"new {game}"] = f"/new/{game}"
        for state in STATES:
            match = played(phone, game, state, f"Qx{GAMES.index(game)}{STATES.index(state)}",
                           group=group if game == "generic" else None)
            host = match["tokens"]["host"]
            pages[f"{game} {state}"] = f"/m/{host}"
            if state == "banked":
                pages[f"{game} details"] = f"/m/{host}/details"
            if state == "active":
                seat, viewer = match["tokens"]["seats"][0], match["tokens"]["view"]
                pages |= {f"{game} seat": f"/m/{seat}", f"{game} view": f"/m/{viewer}",
                          f"{game} table": f"/m/{host}/table", f"{game} links": f"/m/{host}/links",
                          f"{game} abandon": f"/m/{host}/abandon"}
                if game == "generic":
                    pages |= {"generic cell": f"/m/{host}/round/1/seat/0",
                              "generic line": f"/m/{host}/line"}
                elif game == "banakil":
                    pages |= {"banakil line": f"/m/{host}/line",
                              "banakil hand": f"/m/{host}/round/1/hand/0",
                              "banakil round": f"/m/{host}/round/1",
                              "banakil open hand": f"/m/{host}/round/2/hand/1"}
                elif game == "blue_banana":
                    pages |= {"blue_banana line": f"/m/{host}/round/1/hand/0",
                              "blue_banana round": f"/m/{host}/round/1",
                              "blue_banana task": f"/m/{host}/task",
                              "blue_banana check": f"/m/{host}/round/1/check"}
                elif game == "bandido":
                    pages |= {"bandido turn": f"/m/{host}/round/1/hand/0",
                              "bandido character": f"/m/{seat}/character"}
                else:
                    pages |= {"custom column": f"/m/{host}/round/1/hand/1",
                              "custom round": f"/m/{host}/round/1"}
    pages |= designs_of(phone, owner)
    players = {p["name"]: p["id"] for p in phone.call("GET", f"/groups/{group['id']}",
                                                      owner)["players"]}
    # With ratings on, so that what they add to the pages is read in every language too.
    phone.call("PATCH", f"/groups/{group['id']}", owner, {"ratings": True})
    pages |= {"group (owner)": f"/g/{owner}", "group (view)": f"/g/{view}",
              "group, one game": f"/g/{owner}?game=generic",
              "group head to head": f"/g/{owner}?a={players['Ana']}&b={players['Ben']}",
              "group roster": f"/g/{owner}/players", "group links": f"/g/{owner}/links",
              "group new match": f"/g/{owner}/new/generic",
              "group player": f"/g/{view}/players/{players['Ana']}"}
    return pages


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    for app in fresh_app(tmp_path_factory.mktemp("site")):
        client = app.test_client()
        pages = site_of(client)
        for name, url in pages.items():  # in English first: the app keeps what these draw
            assert client.get(url).status_code == (404 if name == "not found" else 200), name
        yield client, pages


@pytest.fixture(scope="module")
def phrases(tmp_path_factory):
    folder = str(tmp_path_factory.mktemp("pot"))
    return {lang: english_phrases(lang, folder) for lang in LANGUAGES}


def test_the_sweep_names_every_page_it_draws(site):
    _, pages = site
    assert sorted(pages) == sorted(PAGES)


def test_the_sweep_plays_every_game_of_the_app():
    # The tests' own game (tests/toy_game) may stay English.
    assert set(GAMES) == set(REGISTERED) - {toy_game.GAME.name}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", PAGES)
def test_a_page_speaks_the_phones_language_whole(site, phrases, name, lang):
    client, pages = site
    client.set_cookie("lang", lang)
    try:
        response = client.get(pages[name])
    finally:
        client.delete_cookie("lang")
    assert response.status_code == (404 if name == "not found" else 200)
    root, text = read(response.get_data(as_text=True))

    assert (root.get("lang"), root.get("dir")) == (lang, "rtl" if lang == "ar" else "ltr")
    leaks = sorted({phrase for phrase in phrases[lang] if phrase in text})
    assert not leaks, f"{name} ({pages[name]}) shows English in {lang}: {leaks}"


@pytest.mark.parametrize("name", PAGES)
def test_an_arabic_page_shows_no_latin_word_but_names(site, name):
    client, pages = site
    client.set_cookie("lang", "ar")
    try:
        html = client.get(pages[name]).get_data(as_text=True)
    finally:
        client.delete_cookie("lang")
    text = read(html)[1]
    for toy_words in (toy_game.GAME.title, toy_game.GAME.summary):  # the tests' own game
        text = text.replace(str(toy_words), "")

    assert set(LATIN.findall(text)) - NAMES - BRANDS == set(), name
