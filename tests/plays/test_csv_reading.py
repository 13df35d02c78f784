"""A spreadsheet's CSV of plays read into plays: columns by name in any order, plays by their
`play` value or by adjacent rows of one date and game, and the group's own export.csv read back."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest

from app.services.bank import exports
from app.services.plays import spreadsheet
from app.services.plays.files import MAX_PLAYS, FileRefused, read_file
from app.services.plays.spreadsheet import read_csv

BERLIN = ZoneInfo("Europe/Berlin")


def read(text, zone=BERLIN):
    return read_file(text.encode(), zone)


def summary(contents):
    return [(p.key, p.game, [(x.player, x.score, x.winner, x.team) for x in p.lines])
            for p in contents.plays]


def test_columns_in_any_order_by_name_with_a_play_column():
    contents = read(" Player ,SCORE,Play,game,Date,winner,team\n"
                    "Ana,10+5,n1,Azul,2024-05-01,yes,\n"
                    "Ben,12,n1,Azul,2024-05-01,no,\n"
                    "Ana,3,n2,Azul,2024-05-01,,\n")
    assert contents.kind == "csv" and contents.problems == ()
    assert summary(contents) == [
        ("n1", "azul", [("Ana", Decimal(15), True, None), ("Ben", Decimal(12), False, None)]),
        ("n2", "azul", [("Ana", Decimal(3), None, None)])]
    assert contents.games["azul"].name == "Azul" and contents.games["azul"].bgg_id is None
    assert contents.games["azul"].highest_wins is True
    assert contents.players["Ana"].guest is False


def test_without_a_play_column_adjacent_rows_of_one_date_and_game_are_one_play():
    contents = read("date,game,player,score\n"
                    "2024-05-01,Azul,Ana,1\n"
                    "2024-05-01, azul ,Ben,2\n"
                    "2024-05-01,Catan,Ana,3\n"
                    "2024-05-01,Catan,Cy,4\n"
                    "\n"
                    "2024-05-02,Catan,Cy,5\n"
                    "2024-05-01,Azul,Ana,6\n")
    assert [(p.key, p.game, len(p.lines)) for p in contents.plays] == [
        ("row 2", "azul", 2), ("row 4", "catan", 2), ("row 7", "catan", 1),
        ("row 8", "azul", 1)]
    assert contents.games["azul"].name == "Azul"


def test_a_play_value_groups_its_rows_and_adjacent_rows_without_one_are_grouped():
    contents = read("play,date,game,player\n"
                    "x,2024-05-01,Azul,Ana\n"
                    ",2024-05-01,Azul,Ben\n"
                    ",2024-05-01,Azul,Cy\n"
                    "x,2024-05-01,Azul,Dora\n")
    assert [(p.key, [x.player for x in p.lines]) for p in contents.plays] == [
        ("x", ["Ana", "Dora"]), ("row 3", ["Ben", "Cy"])]


def test_dates_alone_are_midnight_in_the_zone_and_offsets_are_kept():
    contents = read("date,game,player,play\n"
                    "2024-03-31,Azul,Ana,1\n"
                    "2024-03-31T12:00:00,Azul,Ana,2\n"
                    "2024-03-31T12:00:00Z,Azul,Ana,3\n"
                    "2024-03-31 09:00:00-05:00,Azul,Ana,4\n")
    stamps = [p.played_at.astimezone(UTC) for p in contents.plays]
    assert stamps == [datetime(2024, 3, 30, 23, tzinfo=UTC), datetime(2024, 3, 31, 10, tzinfo=UTC),
                      datetime(2024, 3, 31, 12, tzinfo=UTC), datetime(2024, 3, 31, 14, tzinfo=UTC)]
    assert contents.plays[3].played_at.utcoffset() == timedelta(hours=-5)
    assert all(p.minutes is None and p.note is None and p.modified is None and not p.ignored
               for p in contents.plays)


GROUP_EXPORT = (
    "match_id,game,banked_at,player,seat,side,total,rank,winner,place\r\n"
    "m1,Blue Banana,2024-05-01T20:15:00+00:00,Ana,0,0,120,1,true,1\r\n"
    "m1,Blue Banana,2024-05-01T20:15:00+00:00,'=Ben,1,1,-20,2,false,2\r\n"
    "m2,Banakil,2024-05-02T21:00:00+02:00,Ana,0,0,300,1,true,1\r\n"
    "m2,Banakil,2024-05-02T21:00:00+02:00,Ben,1,1,200,3,false,2\r\n"
    "m2,Banakil,2024-05-02T21:00:00+02:00,Cy,2,0,300,1,true,1\r\n"
    "m2,Banakil,2024-05-02T21:00:00+02:00,\"Dora, Jr.\",3,1,200,3,false,2\r\n")


def test_the_groups_own_export_reads_back():
    assert GROUP_EXPORT.split("\r\n")[0] == ",".join(exports.GROUP_CSV_HEADER)
    contents = read(GROUP_EXPORT)
    assert contents.problems == ()
    assert summary(contents) == [
        ("m1", "blue banana", [("Ana", Decimal(120), True, None),
                               ("=Ben", Decimal(-20), False, None)]),
        ("m2", "banakil", [("Ana", Decimal(300), True, "0"), ("Ben", Decimal(200), False, "1"),
                           ("Cy", Decimal(300), True, "0"),
                           ("Dora, Jr.", Decimal(200), False, "1")])]
    assert [p.uses_teams for p in contents.plays] == [False, True]
    assert contents.plays[1].played_at == datetime(2024, 5, 2, 19, tzinfo=UTC)
    assert contents.plays[1].played_at.utcoffset() == timedelta(hours=2)


def test_the_apostrophe_the_export_adds_is_taken_off_exactly():
    names = ["=1+1", "+Ana", "-Ben", "@Cy", "\tDora", "'Eli", "Fay's", "Gus"]
    rows = "".join(f'2024-05-01,Azul,"{exports.text_cell(name)}"\n' for name in names)
    contents = read("date,game,player\n" + rows + "2024-05-01,Azul,'Hana\n")
    assert [x.player for x in contents.plays[0].lines] == [
        "=1+1", "+Ana", "-Ben", "@Cy", "Dora", "'Eli", "Fay's", "Gus", "'Hana"]
    assert spreadsheet.FORMULA_STARTS == exports.FORMULA_STARTS
    assert set(spreadsheet.ALIASES) <= set(exports.GROUP_CSV_HEADER)


def test_a_byte_order_mark_quoted_commas_and_semicolons():
    text = ('\ufeffDate;Game;Player;Score\n2024-05-01;"Brass; Birmingham";"Ana ""A"", B";12\n'
            '2024-05-02;Azul;Ben;12,5\n')
    contents = read_csv(text.encode(), BERLIN)
    assert summary(contents) == [
        ("row 2", "brass; birmingham", [('Ana "A", B', Decimal(12), None, None)])]
    # "12,5" (a decimal comma) is no score here: its play is a problem, not 125 nor 12.5.
    assert [p.play for p in contents.problems] == ["row 3"]
    text = '\ufeffdate,game,player,score\n2024-05-01,"Brass, Birmingham","Ana ""A"", B",12.5\n'
    contents = read_csv(text.encode(), BERLIN)
    assert summary(contents) == [
        ("row 2", "brass, birmingham", [('Ana "A", B', Decimal("12.5"), None, None)])]


@pytest.mark.parametrize(("header", "missing"), [
    ("game,player,score", "date"), ("date,player", "game"), ("date,game,name", "player"),
    ("when,what,who", "date, game, player")])
def test_a_required_column_missing_refuses_the_file_naming_it(header, missing):
    with pytest.raises(FileRefused) as refused:
        read(header + "\n2024-05-01,Azul,Ana\n")
    assert f"no {missing} column" in refused.value.message
    assert refused.value.too_large is False


def test_every_bad_row_makes_its_play_a_problem_and_the_rest_are_read():
    contents = read("date,game,player,score,winner\n"
                    "2024-05-01,Azul,Ana,1,\n"  # a good play
                    "2024-05-02,Azul,Ana,12 points,\n"
                    "2024-05-03,Azul,Ana,1,maybe\n"
                    "someday,Azul,Ana,1,\n"
                    "2024-05-05,Azul,Ana,1,\n"
                    "2024-05-05,Azul,ana,2,\n"
                    "2024-05-06,Azul,,1,\n"
                    f"2024-05-07,{'x' * 61},Ana,1,\n"
                    f"2024-05-08,Azul,{'x' * 41},1,\n"
                    "2024-05-09,Azul,Ben,1e3,\n"
                    "2024-05-10,Azul,Ben,1,TRUE\n")  # a good play
    assert [p.key for p in contents.plays] == ["row 2", "row 12"]
    assert contents.plays[1].lines[0].winner is True
    assert [p.play for p in contents.problems] == [
        "row 3", "row 4", "row 5", "row 7", "row 8", "row 9", "row 10", "row 11"]
    messages = [p.message for p in contents.problems]
    assert "12 points" in messages[0] and "maybe" in messages[1] and "someday" in messages[2]
    assert "twice" in messages[3] and "no name" in messages[4] and "60" in messages[5]
    assert "40" in messages[6] and "1e3" in messages[7]


def test_rows_of_one_play_value_with_different_games_are_a_problem():
    contents = read("play,date,game,player\n1,2024-05-01,Azul,Ana\n1,2024-05-01,Catan,Ben\n")
    assert contents.plays == () and [p.play for p in contents.problems] == ["row 3"]


def test_more_plays_than_a_file_brings_is_refused_as_too_large():
    rows = "".join(f"{n},2024-05-01,Azul,Ana\n" for n in range(MAX_PLAYS + 1))
    with pytest.raises(FileRefused) as refused:
        read("play,date,game,player\n" + rows)
    assert refused.value.too_large is True
    assert len(read("play,date,game,player\n" + rows[: rows.rindex("100000,")]).plays) == \
        MAX_PLAYS


@pytest.mark.parametrize("data", [b"", b"\xef\xbb\xbf", b"date,game,player\n\xff\n"])
def test_empty_files_and_other_text_than_utf8_are_refused(data):
    with pytest.raises(FileRefused):
        read_file(data, BERLIN)


def test_a_header_only_reads_nothing():
    contents = read("date,game,player\n")
    assert (contents.plays, contents.problems, dict(contents.games)) == ((), (), {})


def test_a_fixed_offset_zone_is_used_for_times_without_one():
    zone = timezone(timedelta(hours=9))
    contents = read("date,game,player\n2024-05-01T10:00,Azul,Ana\n", zone)
    assert contents.plays[0].played_at == datetime(2024, 5, 1, 1, tzinfo=UTC)
