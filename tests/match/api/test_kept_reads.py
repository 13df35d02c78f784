"""A version's rounds and replay are kept (SPEC section 6: every read of a match answers again at
the same version without drawing it anew): once a worker holds them, no read of that version, on
any page, reads its rounds or entries again, and the home page replays none of its recent
matches. A 1,000-round match's round page took 107 ms and a home page listing ten of them 1.7 s,
every time, before."""

from __future__ import annotations

import dataclasses
import re

import pytest
from api_helpers import sql_seen

from app.cache import EXTENSION, Cache
from app.games import GAMES

HANDS = [{"score": 22, "went_out": True}, {"score": -3}, {"score": 14}]
# A statement that reads the stored rounds or their entries (the ORM's or our own plain one).
CSRF = re.compile(r'(?<=csrf_token" value=")[^"]+|(?<=csrf-token" content=")[^"]+')
READS_ROUNDS = re.compile(r'\b(FROM|JOIN)\s+"?(round|entry)"?(\s|$)', re.IGNORECASE)


@pytest.fixture
def replays(monkeypatch):
    """How many times Banakil's engine replayed a whole match."""
    calls = [0]
    game = GAMES["banakil"]

    def replay(*args, _replay=game.replay):
        calls[0] += 1
        return _replay(*args)

    monkeypatch.setitem(GAMES, "banakil", dataclasses.replace(game, replay=replay))
    return calls


@pytest.fixture
def played(api):
    """Two Banakil matches of twelve hands each, far from their target."""
    made = []
    for _ in range(2):
        match = api.create(["Ana", "Ben", "Cy"], game="banakil", options={"target": 1_000_000})
        for n in range(12):
            reply = api.call("POST", f"/matches/{match['id']}/rounds", match["tokens"]["host"],
                             {"dead": False, "hands": HANDS[n % 3:] + HANDS[:n % 3]})
            assert reply.status_code == 201, reply.get_json()
        made.append(match)
    return made


def pages_of(match) -> list[str]:
    host, view = match["tokens"]["host"], match["tokens"]["view"]
    return [f"/m/{host}/round/5", f"/m/{host}/round/12/hand/1", f"/m/{host}/details",
            f"/m/{host}/line", f"/m/{host}/abandon", f"/m/{view}", f"/m/{view}/table",
            f"/m/{view}/export.csv"]


def drawn(reply) -> str:
    """A page as drawn, without its CSRF token (signed afresh each second)."""
    return CSRF.sub("", reply.get_data(as_text=True))


def test_a_kept_version_is_read_on_every_page_without_its_rounds(app, client, api, played):
    for match in played:
        for path in pages_of(match):  # the first reads: each version drawn and kept
            assert client.get(path).status_code == 200, path
    assert client.get("/").status_code == 200

    with sql_seen(app) as seen:
        for match in played:
            for path in pages_of(match):
                reply = client.get(path)
                assert reply.status_code == 200, path
            assert api.call("GET", f"/matches/{match['id']}",
                            match["tokens"]["view"]).status_code == 200
        home = client.get("/")
    assert home.status_code == 200
    assert seen, "the reads ran no SQL at all: the listener heard nothing"
    assert [statement for statement in seen if READS_ROUNDS.search(statement)] == []
    # What the pages drew from the kept rounds is what a worker that kept nothing draws.
    kept_pages = [drawn(client.get(path)) for match in played for path in pages_of(match)]
    app.extensions[EXTENSION] = Cache(app.config["CACHE_BYTES"])
    assert drawn(client.get("/")) == drawn(home)
    assert [drawn(client.get(path)) for match in played
            for path in pages_of(match)] == kept_pages


def test_the_home_page_replays_each_recent_match_once_per_version(app, client, api, played,
                                                                  replays):
    for match in played:
        assert client.get(f"/m/{match['tokens']['host']}").status_code == 200
    app.extensions[EXTENSION] = Cache(app.config["CACHE_BYTES"])  # a worker that kept nothing
    first = drawn(client.get("/"))
    assert replays[0] == 2  # one per match
    assert drawn(client.get("/")) == first
    assert replays[0] == 2  # nothing replayed again

    # A new version of one of them is replayed once more, and shown.
    match = played[0]
    reply = api.call("POST", f"/matches/{match['id']}/rounds", match["tokens"]["host"],
                     {"dead": False, "hands": HANDS})
    assert reply.status_code == 201
    replays[0] = 0
    again = drawn(client.get("/"))
    assert replays[0] <= 1
    assert again != first


def test_a_cell_to_focus_is_put_into_the_kept_sheet_not_drawn_anew(client, played,
                                                                   monkeypatch):
    from app.web.match import sheet as sheet_page
    from app.web.sheet import drawn as drawing

    draw, drawings = drawing.draw, []

    def counted(*args, **kwargs):
        drawings.append(args)
        return draw(*args, **kwargs)

    monkeypatch.setattr(sheet_page, "draw", counted)  # the kept sheet's
    monkeypatch.setattr(drawing, "draw", counted)  # a sheet drawn for one request
    host = played[0]["tokens"]["host"]
    plain = client.get(f"/m/{host}")
    assert plain.status_code == 200 and len(drawings) == 1
    for cell in ("s0", "s2", "s11"):
        reply = client.get(f"/m/{host}", query_string={"focus": cell})
        assert reply.status_code == 200
        html = reply.get_data(as_text=True)
        assert html.count("data-focus=") == 1 and f'data-focus="{cell}"' in html
        # The rest of the page is the kept one (its language links come back to this address).
        assert re.sub(r"next=[^\"]*", "", drawn(reply)).replace(
            f' data-focus="{cell}"', "") == re.sub(r"next=[^\"]*", "", drawn(plain))
    # What is no cell of a sheet is left out, never echoed.
    for asked in ('"><b>x</b>', "x" * 2000, "s", "s123", "r3"):
        reply = client.get(f"/m/{host}", query_string={"focus": asked})
        assert reply.status_code == 200
        assert "data-focus=" not in reply.get_data(as_text=True) and "<b>x" not in drawn(reply)
    assert len(drawings) == 1


def test_the_cell_to_type_next_has_the_focus_on_a_kept_free_sheet(client, api, monkeypatch):
    """On the free sheet the next empty input also takes autofocus (a page without JavaScript
    starts there), put into the kept drawing rather than drawn anew."""
    match = api.create(["Ana", "Ben", "Cy"])
    host = match["tokens"]["host"]
    plain = client.get(f"/m/{host}").get_data(as_text=True)
    assert "autofocus" not in plain
    for seat in range(3):
        html = client.get(f"/m/{host}", query_string={"focus": f"s{seat}"}).get_data(
            as_text=True)
        inputs = re.findall(r'<input form="entry" id="(s\d)"[^>]*>', html)
        assert inputs == ["s0", "s1", "s2"]
        focused = [i for i in inputs
                   if re.search(rf'<input form="entry" id="{i}"[^>]*\bautofocus\b', html)]
        assert focused == [f"s{seat}"]
