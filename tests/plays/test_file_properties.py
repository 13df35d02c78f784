"""Properties of reading files of plays, over made-up BG Stats exports (tests/plays/exports.py):
every play read back as the export holds it, exactly the broken plays listed as problems, the
same plays read back from a CSV, and scores summed exactly."""

from __future__ import annotations

import copy
import csv
import io
import json
import re
from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from exports import make_export
from hypothesis import given, settings
from hypothesis import strategies as st

from app.services.plays.files import read_file, score_of

ZONES = st.sampled_from([ZoneInfo(name) for name in (
    "UTC", "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu")])
EXPORTS = st.builds(make_export, plays=st.integers(0, 40), seed=st.integers(0, 2**32),
                    players=st.integers(1, 30), games=st.integers(1, 30))


def typed_total(text: str) -> Decimal | None:
    """What a score typed in BG Stats adds up to, worked out apart from the reader: each
    signed term of the text, summed."""
    if not text:
        return None
    return sum((Decimal(term) for term in re.findall(r"[+-]?[^+-]+", text)), Decimal(0))


def by_id(export: dict, part: str) -> dict:
    return {entry["id"]: entry for entry in export[part]}


@settings(max_examples=60, deadline=None)
@given(export=EXPORTS, zone=ZONES)
def test_every_play_of_an_export_is_read_as_the_export_holds_it(export, zone):
    contents = read_file(json.dumps(export).encode(), zone)
    players, games, places = by_id(export, "players"), by_id(export, "games"), by_id(
        export, "locations")
    assert contents.problems == ()
    assert len(contents.plays) == len(export["plays"])
    used_players, used_games = set(), set()
    for raw, play in zip(export["plays"], contents.plays, strict=True):
        game = games[raw["gameRefId"]]
        used_games.add(game["uuid"])
        assert (play.key, play.game, play.ignored) == (raw["uuid"], game["uuid"], raw["ignored"])
        assert play.uses_teams is raw["usesTeams"]
        assert play.minutes == (raw["durationMin"] or None)
        wall = datetime.strptime(raw["playDate"], "%Y-%m-%d %H:%M:%S")
        assert play.played_at.replace(tzinfo=None) == wall
        assert play.played_at.utcoffset() == wall.replace(tzinfo=zone).utcoffset()
        place = raw.get("locationRefId")
        assert play.note == (f"At {places[place]['name']}" if place else None)
        assert len(play.lines) == len(raw["playerScores"])
        for typed, line in zip(raw["playerScores"], play.lines, strict=True):
            player = players[typed["playerRefId"]]
            used_players.add(player["uuid"])
            assert line.player == player["uuid"]
            assert line.score == typed_total(typed["score"])
            assert (line.winner, line.first) == (typed["winner"], typed["startPlayer"])
            assert line.team == (None if typed["team"] == "0" else typed["team"])
    assert set(contents.players) == used_players and set(contents.games) == used_games
    for key, player in contents.players.items():
        (raw,) = [p for p in export["players"] if p["uuid"] == key]
        assert (player.name, player.guest) == (raw["name"], raw["isAnonymous"])
    winners = sum(line.winner for play in contents.plays for line in play.lines)
    assert winners == sum(typed["winner"] for raw in export["plays"]
                          for typed in raw["playerScores"])


def _break(play: dict, how: str) -> None:
    if how == "game":
        play["gameRefId"] = 10_000
    elif how == "player":
        play["playerScores"][-1]["playerRefId"] = 10_000
    elif how == "location":
        play["locationRefId"] = 10_000
    elif how == "nobody":
        play["playerScores"] = []
    elif how == "score":
        play["playerScores"][0]["score"] = "12+"
    elif how == "date":
        play["playDate"] = "2019-02-30 10:00:00"
    elif how == "twice":  # player 1, never the anonymous one, who may sit twice
        play["playerScores"][0]["playerRefId"] = 1
        play["playerScores"].append(dict(play["playerScores"][0]))


HOWS = ("game", "player", "location", "nobody", "score", "date", "twice")


@settings(max_examples=60, deadline=None)
@given(export=EXPORTS, data=st.data())
def test_exactly_the_broken_plays_are_listed_and_the_others_read_unchanged(export, data):
    count = len(export["plays"])
    broken = data.draw(st.dictionaries(st.integers(0, max(count - 1, 0)), st.sampled_from(HOWS),
                                       max_size=count))
    spoiled = copy.deepcopy(export)
    for index, how in broken.items():
        _break(spoiled["plays"][index], how)
    zone = ZoneInfo("Europe/Berlin")
    whole = read_file(json.dumps(export).encode(), zone)
    contents = read_file(json.dumps(spoiled).encode(), zone)
    assert [p.play for p in contents.problems] == [
        export["plays"][index]["uuid"] for index in sorted(broken)]
    assert contents.plays == tuple(play for index, play in enumerate(whole.plays)
                                   if index not in broken)
    assert set(contents.games) == {play.game for play in contents.plays}


def as_csv(contents) -> bytes:
    """The plays read, written as a spreadsheet's CSV (its columns in an order of its own)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["Winner", "Player", "Score", "Game", "Play", "Date", "Team"])
    for play in contents.plays:
        for line in play.lines:
            score = "" if line.score is None else str(line.score)
            writer.writerow(["" if line.winner is None else ("no", "yes")[line.winner],
                             contents.players[line.player].name, score,
                             contents.games[play.game].name, play.key,
                             play.played_at.isoformat(), line.team or ""])
    return out.getvalue().encode()


@settings(max_examples=40, deadline=None)
@given(export=EXPORTS, zone=ZONES)
def test_the_plays_of_an_export_read_back_the_same_from_a_csv(export, zone):
    original = read_file(json.dumps(export).encode(), zone)
    again = read_file(as_csv(original), ZoneInfo("Pacific/Auckland"))
    assert again.kind == "csv" and again.problems == ()
    assert len(again.plays) == len(original.plays)
    for first, second in zip(original.plays, again.plays, strict=True):
        assert second.key == first.key and second.played_at == first.played_at
        assert second.game == original.games[first.game].name.casefold()
        assert [(original.players[x.player].name, x.score, x.winner) for x in first.lines] == [
            (x.player, x.score, x.winner) for x in second.lines]
        teams = [x.team for x in first.lines if x.team is not None]
        if len(set(teams)) < len(teams):
            assert [x.team for x in second.lines] == [x.team for x in first.lines]


TERMS = st.decimals(min_value=-10**6, max_value=10**6, places=2, allow_nan=False)


@given(st.lists(TERMS, min_size=1, max_size=8))
def test_a_sum_as_typed_is_the_sum_of_its_terms(terms):
    text = str(terms[0]) + "".join(f"+{t}" if t >= 0 else str(t) for t in terms[1:])
    assert score_of(text) == sum(terms, Decimal(0))
    assert score_of(f" {text} ".replace("+", " + ")) == sum(terms, Decimal(0))


@given(st.decimals(min_value=-(10**12) + 1, max_value=10**12 - 1, places=3, allow_nan=False))
def test_a_number_as_typed_is_itself(number):
    assert score_of(str(number)) == number
    assert str(score_of(str(number))) == str(number)


@pytest.mark.parametrize("text", ["12 points", "1e3", "+", "1++2", "1-", "--1", "1.2.3", "0x10",
                                  "NaN", "Infinity", "½", "١٢", "1,5", "1000000000000",
                                  "999999999999+1", "1.0000000000000001",
                                  "0.0000000000000001", "1+0." + "0" * 400 + "1"])
def test_what_is_neither_a_number_nor_a_sum_nor_kept_exactly_is_refused(text):
    with pytest.raises(ValueError):
        score_of(text)


@pytest.mark.parametrize(("text", "score"), [
    ("", None), ("   ", None), ("12.5", Decimal("12.5")), ("-3", Decimal(-3)),
    ("10+10+15", Decimal(35)), ("-10+7+22", Decimal(19)), ("+4", Decimal(4)),
    (".5", Decimal("0.5")),
    ("999999999999.999", Decimal("999999999999.999"))])
def test_scores_as_typed(text, score):
    assert score_of(text) == score
