"""A BG Stats export read into plays: the keys it reads, the ones it leaves alone, and every
play it skips, with why, while the others are read."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from app.games.say import Say
from app.services.plays.bgstats import read_bgstats
from app.services.plays.files import MAX_PLAYS, FileRefused, read_file

BERLIN = ZoneInfo("Europe/Berlin")
ANA, BEN = "a1a1a1a1-0000-4000-8000-000000000001", "b2b2b2b2-0000-4000-8000-000000000002"
CY, GUEST = "c3c3c3c3-0000-4000-8000-000000000003", "d4d4d4d4-0000-4000-8000-000000000004"
AZUL, CREW = "9a9a9a9a-0000-4000-8000-00000000000a", "9b9b9b9b-0000-4000-8000-00000000000b"


def line(ref, score, winner=False, team="0", start=False, **extra):
    return {"playerRefId": ref, "score": score, "winner": winner, "team": team,
            "startPlayer": start, "newPlayer": False, "rank": 0, "seatOrder": 0, **extra}


def play(uuid, game=1, date="2019-03-02 19:30:00", scores=(), **extra):
    return {"uuid": uuid, "gameRefId": game, "playDate": date, "durationMin": 45,
            "ignored": False, "usesTeams": False, "modificationDate": "2019-03-03 10:00:00",
            "entryDate": "2019-03-02 22:00:00", "manualWinner": False, "rounds": 0,
            "playImages": "[]", "expansionPlays": [], "metaData": "{}",
            "playerScores": list(scores), **extra}


def export(*plays, players=None, games=None, locations=None):
    return {
        "userInfo": {"meRefId": 1, "bggUsername": "ana"},
        "challenges": [{"id": 1, "name": "10x10"}],
        "tags": [{"id": 4, "name": "campaign"}],
        "groups": [{"id": 1, "name": "Tuesdays", "players": [1, 2]}],
        "players": players if players is not None else [
            {"id": 1, "uuid": ANA, "name": " Ana ", "isAnonymous": False, "bggUsername": "x"},
            {"id": 2, "uuid": BEN, "name": "Ben", "isAnonymous": False, "metaData": "{}"},
            {"id": 3, "uuid": CY, "name": "Cy", "isAnonymous": False},
            {"id": 7, "uuid": GUEST, "name": "Anonymous player", "isAnonymous": True},
        ],
        "games": games if games is not None else [
            {"id": 1, "uuid": AZUL, "name": "Azul", "bggId": 230802, "highestWins": True,
             "noPoints": False, "cooperative": False, "usesTeams": False, "urlThumb": "x"},
            {"id": 2, "uuid": CREW, "name": "The Crew", "bggId": 0, "highestWins": True,
             "noPoints": True, "cooperative": True, "usesTeams": False},
            {"id": 3, "uuid": "9c", "name": "Tichu", "bggId": 215, "highestWins": True,
             "noPoints": False, "cooperative": False, "usesTeams": True},
            {"id": 4, "uuid": "9d", "name": "Golf", "highestWins": False},
        ],
        "locations": locations if locations is not None else [
            {"id": 1, "uuid": "l1", "name": "  The Dice Café "}, {"id": 2, "name": ""}],
        "plays": list(plays),
    }


def read(document, zone=BERLIN):
    return read_file(json.dumps(document).encode(), zone)


def test_a_play_read_with_its_sums_empty_scores_start_player_and_location():
    contents = read(export(play("p1", scores=[
        line(1, "10+10+15", winner=True, start=True), line(2, "-10+7+22"), line(3, ""),
        line(7, 12)], locationRefId=1)))
    assert contents.kind == "bgstats" and contents.problems == ()
    (only,) = contents.plays
    assert only.key == "p1" and only.game == AZUL
    assert [(x.player, x.score, x.winner, x.first) for x in only.lines] == [
        (ANA, Decimal(35), True, True), (BEN, Decimal(19), False, False),
        (CY, None, False, False), (GUEST, Decimal(12), False, False)]
    assert only.note == "At The Dice Café"
    assert only.minutes == 45 and only.ignored is False and only.uses_teams is False
    assert contents.players[ANA].name == "Ana" and contents.players[ANA].guest is False
    assert contents.players[GUEST].guest is True
    game = contents.games[AZUL]
    assert (game.name, game.bgg_id, game.highest_wins, game.no_points) == (
        "Azul", 230802, True, False)


def test_only_the_players_and_games_of_plays_read_are_listed():
    contents = read(export(play("p1", scores=[line(1, "3"), line(2, "4")]),
                           play("bad", game=99, scores=[line(3, "1")])))
    assert set(contents.players) == {ANA, BEN}
    assert set(contents.games) == {AZUL}


def test_the_flags_of_a_game_and_a_plays_own_teams():
    contents = read(export(
        play("coop", game=2, scores=[line(1, "", winner=True), line(2, "", winner=True)]),
        play("tichu", game=3, scores=[line(1, "100", team="1"), line(2, "100", team="1"),
                                      line(3, "0", team=2), line(7, "0", team="")],
             usesTeams=True),
        play("tichu alone", game=3, scores=[line(1, "5")], usesTeams=False),
        play("golf", game=4, scores=[line(1, "72")])))
    coop, tichu, alone, golf = contents.plays
    crew = contents.games[CREW]
    assert (crew.cooperative, crew.no_points, crew.bgg_id) == (True, True, None)
    assert [x.team for x in tichu.lines] == ["1", "1", "2", None]
    assert tichu.uses_teams is True and alone.uses_teams is False
    assert contents.games["9c"].uses_teams is True
    assert contents.games["9d"].highest_wins is False and golf.uses_teams is False


def test_a_play_without_usesTeams_takes_its_games():
    raw = play("t", game=3, scores=[line(1, "1", team="1"), line(2, "2", team="2")])
    del raw["usesTeams"]
    assert read(export(raw)).plays[0].uses_teams is True


def test_ignored_plays_are_read_marked_and_minutes_of_nothing_are_none():
    contents = read(export(play("i", scores=[line(1, "1")], ignored=True, durationMin=0),
                           play("n", scores=[line(1, "1")], durationMin=-5),
                           play("m", scores=[line(1, "1")], durationMin=None)))
    assert [(p.ignored, p.minutes) for p in contents.plays] == [
        (True, None), (False, None), (False, None)]


def test_play_dates_are_local_time_in_the_zone_across_a_change_of_summer_time():
    contents = read(export(
        play("winter", date="2019-03-30 20:00:00", scores=[line(1, "1")],
             modificationDate="2019-03-31 12:00:00"),
        play("summer", date="2019-03-31 20:00:00", scores=[line(1, "1")])))
    winter, summer = contents.plays
    assert winter.played_at.astimezone(UTC) == datetime(2019, 3, 30, 19, tzinfo=UTC)
    assert summer.played_at.astimezone(UTC) == datetime(2019, 3, 31, 18, tzinfo=UTC)
    assert summer.played_at - winter.played_at == timedelta(hours=23)
    assert winter.modified is not None
    assert winter.modified.astimezone(UTC) == datetime(2019, 3, 31, 10, tzinfo=UTC)
    elsewhere = read(export(play("w", date="2019-03-30 20:00:00", scores=[line(1, "1")])),
                     ZoneInfo("America/New_York"))
    assert elsewhere.plays[0].played_at.astimezone(UTC) == datetime(2019, 3, 31, 0, tzinfo=UTC)
    assert read(export(play("x", scores=[line(1, "1")], modificationDate=None))
                ).plays[0].modified is None


def test_scores_as_json_numbers_and_decimals_are_exact():
    data = json.dumps(export(play("p", scores=[
        line(1, 12.5), line(2, 7), line(3, "0.1+0.2"), line(7, 0)]))).replace(
            '"score": 0', '"score": 1e3').encode()
    contents = read_file(data, BERLIN)
    scores = [x.score for x in contents.plays[0].lines]
    assert scores == [Decimal("12.5"), Decimal(7), Decimal("0.3"), Decimal(1000)]
    assert [str(score) for score in scores] == ["12.5", "7", "0.3", "1000"]
    tiny = read_file(json.dumps(export(play("p", scores=[line(1, 0)]))).replace(
        '"score": 0', '"score": 1e-999999').encode(), BERLIN)
    assert tiny.plays == () and "15 digits" in tiny.problems[0].message


PROBLEMS = {
    "no game": (play("no game", game=42, scores=[line(1, "1")]), "game (id 42)"),
    "no player": (play("no player", scores=[line(1, "1"), line(5, "2")]), "players (id 5)"),
    "no place": (play("no place", scores=[line(1, "1")], locationRefId=9), "location (id 9)"),
    "nobody": (play("nobody", scores=[]), "no players"),
    "bad score": (play("bad score", scores=[line(1, "12 points")]), "“12 points” of Ana"),
    "huge score": (play("huge score", scores=[line(1, "1000000000000")]), "15 digits"),
    "long score": (play("long score", scores=[line(1, "1.234567890123456")]), "15 digits"),
    "true score": (play("true score", scores=[line(1, True)]), "neither a number"),
    "bad date": (play("bad date", date="last Tuesday", scores=[line(1, "1")]), "last Tuesday"),
    "bad change": (play("bad change", scores=[line(1, "1")], modificationDate="soon"), "soon"),
    "twice": (play("twice", scores=[line(1, "1"), line(2, "2"), line(1, "3")]), "Ana"),
}


def test_every_play_that_cannot_be_read_is_listed_with_why_while_the_rest_are_read():
    good = [play(f"good {n}", scores=[line(1, str(n)), line(2, "1")]) for n in range(3)]
    bad = [raw for raw, _ in PROBLEMS.values()]
    contents = read(export(good[0], *bad[:5], good[1], *bad[5:], good[2]))
    assert [p.key for p in contents.plays] == ["good 0", "good 1", "good 2"]
    assert [p.play for p in contents.problems] == list(PROBLEMS)
    for problem, (_, why) in zip(contents.problems, PROBLEMS.values(), strict=True):
        assert isinstance(problem.message, Say) and why in problem.message, problem


def test_a_play_without_a_uuid_or_a_second_of_one_uuid_is_a_problem():
    nameless = play("x", scores=[line(1, "1")])
    del nameless["uuid"]
    contents = read(export(play("a", scores=[line(1, "1")]), nameless,
                           play("a", scores=[line(2, "1")]), "not a play"))
    assert [p.key for p in contents.plays] == ["a"]
    assert [p.play for p in contents.problems] == ["play 2", "a", "play 4"]
    assert "uuid" in contents.problems[0].message and "earlier" in contents.problems[1].message


def test_the_anonymous_player_may_sit_twice_in_a_play_and_a_named_one_not():
    contents = read(export(play("p", scores=[line(7, "3"), line(1, "2"), line(7, "1")]),
                           play("q", scores=[line(2, "3"), line(1, "2"), line(2, "1")])))
    assert [x.player for x in contents.plays[0].lines] == [GUEST, ANA, GUEST]
    assert [p.play for p in contents.problems] == ["q"] and "Ben" in contents.problems[0].message


def test_two_ids_of_one_uuid_are_one_player_twice():
    players = [{"id": 1, "uuid": ANA, "name": "Ana"}, {"id": 2, "uuid": ANA, "name": "Ana"}]
    contents = read(export(play("p", scores=[line(1, "1"), line(2, "2")]), players=players))
    assert contents.plays == () and "twice" in contents.problems[0].message


@pytest.mark.parametrize(("name", "kind", "ok"), [
    ("x" * 40, "player", True), ("x" * 41, "player", False),
    ("  " + "x" * 40 + "  ", "player", True),
    (" " * 197 + "Ana", "player", True), (" " * 198 + "Ana", "player", False),
    ("x" * 60, "game", True), ("x" * 61, "game", False), ("   ", "game", False),
    (None, "player", False), ("", "player", False),
])
def test_names_are_bounded_raw_then_trimmed_and_never_cut(name, kind, ok):
    document = export(play("p", scores=[line(1, "1")]))
    part = document["players" if kind == "player" else "games"][0]
    part["name"] = name
    contents = read(document)
    if ok:
        named = contents.players[ANA] if kind == "player" else contents.games[AZUL]
        assert named.name == name.strip()
    else:
        assert contents.plays == () and [p.play for p in contents.problems] == ["p"]


def test_a_player_or_game_without_uuid_is_a_problem_for_its_plays():
    document = export(play("p", scores=[line(1, "1")]), play("q", game=2, scores=[line(2, "")]))
    del document["players"][0]["uuid"]
    del document["games"][1]["uuid"]
    contents = read(document)
    assert [p.play for p in contents.problems] == ["p", "q"]
    assert "Ana" in contents.problems[0].message and "The Crew" in contents.problems[1].message


def test_a_location_without_a_name_is_no_note_and_one_too_long_a_problem():
    document = export(play("p", scores=[line(1, "1")], locationRefId=2),
                      play("q", scores=[line(1, "1")], locationRefId=3))
    document["locations"].append({"id": 3, "name": "x" * 498})
    contents = read(document)
    assert [p.note for p in contents.plays] == [None]
    assert [p.play for p in contents.problems] == ["q"]


@pytest.mark.parametrize("document", [
    [], {"players": []}, {"plays": {}}, {"plays": [], "players": {"id": 1}}, 3, "plays"])
def test_json_that_is_not_an_export_is_refused(document):
    with pytest.raises(FileRefused) as refused:
        read(document)
    assert "not a BG Stats export" in refused.value.message
    assert refused.value.too_large is False


def test_broken_json_and_other_text_than_utf8_are_refused():
    for data in (b'{"plays": [', '{"plays": []}'.encode("utf-16"), b"\xff\xfe{}"):
        with pytest.raises(FileRefused):
            read_file(data, BERLIN)


def test_a_byte_order_mark_and_an_export_without_plays_read():
    data = b"\xef\xbb\xbf" + json.dumps(export()).encode()
    contents = read_bgstats(data, BERLIN)
    assert (contents.plays, contents.problems, dict(contents.players)) == ((), (), {})


def test_more_plays_than_a_file_brings_is_refused_as_too_large():
    at_most = export(*([{}] * MAX_PLAYS))
    assert len(read(at_most).problems) == MAX_PLAYS
    with pytest.raises(FileRefused) as refused:
        read(export(*([{}] * (MAX_PLAYS + 1))))
    assert refused.value.too_large is True


def test_keys_not_read_change_nothing():
    plain = export(play("p", scores=[line(1, "3", winner=True), line(2, "1")], locationRefId=1))
    noisy = copy.deepcopy(plain)
    noisy["plays"][0].update(board="x", rating=9, scoringSetting=2, bggId=7, rounds=4)
    noisy["plays"][0]["playerScores"][0].update(role="red", rank=3, seatOrder=5, score="3")
    noisy["players"][0].update(metaData='{"x":1}', bggUsername="ana", placement=[1])
    noisy["unknownSection"] = {"plays": "not these"}
    assert read(noisy) == read(plain)


PROBE = """
import json, sys, types
for package, folder in (("app", "app"), ("app.games", "app/games")):
    sys.modules[package] = types.ModuleType(package)
    sys.modules[package].__path__ = [folder]
import app.services.plays.files
import app.services.plays.rules
print(json.dumps(sorted(name for name in sys.modules
                        if name.split(".")[0] in ("flask", "sqlalchemy", "werkzeug"))))
"""


def test_the_readers_are_pure():
    """Read alone in a fresh interpreter (the app's __init__, which makes the Flask app, left
    unrun), the readers bring in no Flask, no SQLAlchemy and no Werkzeug."""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=root, text=True,
                          capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []
