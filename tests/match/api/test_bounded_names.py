"""Work bounded before it is done (SPEC section 6): a name is judged on its raw length before it
is normalised (NFKC turns U+FDFA into 18 characters), a refused create counts toward the
creation limit, a roster holds at most 1,000 players however they join, and a name that shows
nothing is refused like an empty one.

The attack these reproduce: a 5 MiB import whose group name was U+FDFA repeated held a worker
17.5 s at 2.5 GB; a 256 KiB create of such names cost 0.68 s and was never counted (12 × 422
after the limit, 0 × 429); a 26,000-player roster made every roster page take 9.7 s."""

from __future__ import annotations

import unicodedata

import pytest
from api_helpers import error_of

from app import create_app, ratelimit
from app.extensions import db
from config import TestConfig

EXPANDS = "\ufdfa"  # ARABIC LIGATURE SALLALLAHOU ALAYHE WASALLAM: 18 characters after NFKC
CREATES = 3


@pytest.fixture
def normalised(monkeypatch):
    """The length of every text the app normalises from here on (the real normalisation runs):
    what a bound judged before it is done never reaches it."""
    lengths: list[int] = []
    normalize = unicodedata.normalize

    def measured(form, text):
        lengths.append(len(text))
        return normalize(form, text)

    monkeypatch.setattr(unicodedata, "normalize", measured)
    return lengths


def test_a_name_that_nfkc_would_expand_is_refused_by_its_raw_length_at_once(api, normalised):
    response = api.call("POST", "/matches", None,
                        json={"game": "generic", "players": [EXPANDS * 40_000, "Ben"]})
    error = error_of(response, 422)
    assert error["field"] == "players[0]" and "at most 40 characters" in error["message"]
    assert max(normalised, default=0) < 40_000  # the raw length alone: it was never normalised


def test_a_short_raw_name_that_expands_past_the_limit_is_refused_too(api):
    error = error_of(api.call("POST", "/matches", None,
                              json={"game": "generic", "players": [EXPANDS * 3, "Ben"]}), 422)
    assert error["field"] == "players[0]"
    ok = api.call("POST", "/matches", None, json={"game": "generic", "players": [EXPANDS, "Ben"]})
    assert ok.status_code == 201  # 18 characters once normalised: a name
    assert ok.get_json()["players"][0]["name"] == "صلى الله عليه وسلم"


@pytest.mark.parametrize("where", ["group", "import", "match_name", "place", "night_name"])
def test_every_name_is_judged_raw_before_it_is_normalised(api, where, start, new_group,
                                                         normalised):
    # 40,000 raw (within a request body of 256 KiB), 720,000 once normalised; the import takes
    # up to 5 MiB: 800,000 raw (each sent as a 6-byte escape), 14 MB once normalised.
    big = EXPANDS * (800_000 if where == "import" else 40_000)
    match = start() if where == "place" else None
    owner = new_group(players=["Ana", "Ben"]) if where == "night_name" else None
    normalised.clear()
    if where == "group":
        response = api.call("POST", "/groups", None, json={"name": big})
    elif where == "import":
        response = api.call("POST", "/groups/import", None,
                            json={"format": "squarescores-group", "name": big})
    elif where == "match_name":
        response = api.call("POST", "/matches", None,
                            json={"game": "generic", "players": ["Ana"], "name": big})
    elif where == "place":
        response = api.call("PATCH", match.path, match.host, json={"place": big})
    else:
        ids = [p["id"] for p in owner.created["players"]]
        response = api.call("POST", f"/groups/{owner.id}/nights", owner.owner,
                            json={"game": "generic", "players": ids, "name": big})
    error_of(response, 422)
    assert max(normalised, default=0) < len(big), where  # refused before it was normalised


@pytest.mark.parametrize("name", [
    "\U0003fffd",  # unassigned
    "\U0003fffd\U0003fffe\u0378",
    "\u0301",  # a combining mark with nothing to combine with
    "\u0301\u20dd\u0308",
    "\U00016fe4",  # Khitan small script filler
    "\u3164\uffa0",  # Hangul fillers
    "\u115f\u1160",
    " \u0301 ",
])
def test_a_name_that_shows_nothing_is_refused_like_an_empty_one(api, name):
    error = error_of(api.call("POST", "/matches", None,
                              json={"game": "generic", "players": [name, "Ben"]}), 422)
    assert error["field"] == "players[0]" and "needs some text" in error["message"]
    error_of(api.call("POST", "/groups", None, json={"name": name}), 422)


@pytest.mark.parametrize("name", ["e\u0301", "\u0e33", "Ana\U0003fffd", "٣", "😀", "\u2603"])
def test_a_name_that_shows_something_is_kept(api, name):
    response = api.call("POST", "/matches", None,
                        json={"game": "generic", "players": [name, "Ben"]})
    assert response.status_code == 201, response.get_json()


def test_a_place_that_shows_nothing_clears_it(api, start):
    match = start()
    api.call("PATCH", match.path, match.host, json={"place": "Kitchen"})
    body = api.call("PATCH", match.path, match.host, json={"place": "\u0301\u0301"}).get_json()
    assert body.get("place") is None


# The roster's bound -----------------------------------------------------------------------------


def names(count, prefix="P"):
    return [f"{prefix}{i}" for i in range(count)]


def test_a_group_starts_with_at_most_1000_players(api, normalised):
    big = api.call("POST", "/groups", None, json={"name": "Club", "players": names(1001)})
    assert "at most 1,000" in error_of(big, 422)["message"]
    normalised.clear()
    huge = api.call("POST", "/groups", None, json={"name": "Club", "players": names(26_000)})
    error_of(huge, 422)
    assert len(normalised) < 1_000, len(normalised)  # counted before the names are read
    assert api.call("POST", "/groups", None,
                    json={"name": "Club", "players": names(1000)}).status_code == 201


def test_no_player_joins_a_full_roster_by_any_way(api):
    created = api.call("POST", "/groups", None,
                       json={"name": "Club", "players": names(999)}).get_json()
    owner, gid = created["tokens"]["owner"], created["id"]
    # A match's new names would take it past 1,000: refused, nothing made.
    two_new = api.call("POST", "/matches", owner, json={"game": "generic", "group": gid,
                                                        "players": ["New1", "New2"]})
    assert "at most 1,000" in error_of(two_new, 422)["message"]
    # One new name with a roster name fits; then the roster is full.
    assert api.call("POST", "/matches", owner, json={"game": "generic", "group": gid,
                                                     "players": ["P0", "New1"]}).status_code == 201
    error_of(api.call("POST", f"/groups/{gid}/players", owner, json={"name": "Late"}), 422)
    # A night's names typed on the spot join through the roster too.
    again = api.call("POST", "/matches", owner, json={"game": "generic", "group": gid,
                                                      "players": ["p1", "NEW1"]})
    assert again.status_code == 201  # both already on the roster: nobody joins
    roster = api.call("GET", f"/groups/{gid}", owner).get_json()["players"]
    assert len(roster) == 1000


def test_an_import_of_more_than_1000_players_is_refused(api):
    body = {"format": "squarescores-group", "name": "Club",
            "players": [{"id": i, "name": f"P{i}"} for i in range(1001)], "matches": []}
    assert "at most 1,000" in error_of(api.call("POST", "/groups/import", None, json=body),
                                       422)["message"]


# A refused create counts --------------------------------------------------------------------


@pytest.fixture
def limited(tmp_path):
    class Limited(TestConfig):
        SQLALCHEMY_DATABASE_URI = f"sqlite:///{tmp_path / 'test.db'}"
        RATELIMIT_ENABLED = True
        RATELIMIT_CREATE_PER_MINUTE = CREATES

    app = create_app(Limited)
    with app.app_context():
        db.create_all()
    ratelimit.reset()
    yield app.test_client()
    ratelimit.reset()
    with app.app_context():
        db.session.remove()
        db.drop_all()
        db.engine.dispose()


@pytest.mark.parametrize("path, body", [
    ("/api/v1/matches", {"game": "generic", "players": [EXPANDS * 20_000]}),
    ("/api/v1/groups", {"name": EXPANDS * 20_000}),
    ("/api/v1/groups/import", {"format": "squarescores-group", "name": EXPANDS * 20_000}),
])
def test_a_refused_create_counts_toward_the_limit_as_an_accepted_one(limited, path, body):
    for _ in range(CREATES):
        error_of(limited.post(path, json=body), 422)
    error_of(limited.post(path, json=body), 429)
    good = {"game": "generic", "players": ["Ana"]}
    error_of(limited.post("/api/v1/matches", json=good), 429)  # one limit for every create
