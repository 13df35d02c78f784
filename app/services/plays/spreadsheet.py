"""A spreadsheet's CSV of plays read into a file's plays (SPEC section 14): a header row, then one
row per player per play, a play's rows adjacent. The group's own export.csv reads back this way."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Sequence
from datetime import datetime, tzinfo
from decimal import Decimal

from ...games.say import Say
from . import contents

COLUMNS = ("date", "game", "player", "score", "winner", "team", "play")
REQUIRED = ("date", "game", "player")
# The group's own export.csv (app/services/bank/exports.py GROUP_CSV_HEADER) names four columns
# its own way.
ALIASES = {"match_id": "play", "banked_at": "date", "total": "score", "side": "team"}
# What the group's export.csv puts an apostrophe before, so that no spreadsheet runs the cell as
# a formula (app/services/bank/exports.py FORMULA_STARTS and text_cell): taken off again here.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
WINNERS = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}
DELIMITERS = (",", ";", "\t")

Row = tuple[int, list[str]]  # a row's number in the spreadsheet (the header is row 1), its cells


class _Skip(Exception):
    """The play being read cannot be brought in: the row at fault, and why."""

    def __init__(self, row: int, message: Say) -> None:
        super().__init__(message)
        self.row, self.message = row, message


def read_csv(data: bytes, zone: tzinfo) -> contents.FileContents:
    """A CSV's bytes (UTF-8, a byte order mark allowed), its times without offset read in
    `zone`."""
    return read_text(contents.decoded(data), zone)


def read_text(text: str, zone: tzinfo) -> contents.FileContents:
    """A CSV's text."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text))
    try:
        header = next(reader, None)
        if header is None:
            raise contents.FileRefused(Say("This file is empty."))
        columns = _columns(header)
        plays = _grouped(reader, columns)
    except csv.Error as error:
        raise contents.FileRefused(Say("This CSV cannot be read at its line %(line)s.",
                                       line=reader.line_num)) from error
    read: list[contents.FilePlay] = []
    problems: list[contents.Problem] = []
    players: dict[str, contents.FilePlayer] = {}
    games: dict[str, contents.FileGame] = {}
    for key, rows in plays.items():
        try:
            play, game, its_players = _play(key, rows, columns, zone)
        except _Skip as skip:
            problems.append(contents.Problem(f"row {skip.row}", skip.message))
            continue
        read.append(play)
        games.setdefault(game.key, game)
        for player in its_players:
            players.setdefault(player.key, player)
    return contents.FileContents("csv", players, games, tuple(read), tuple(problems))


def _plain(cell: str) -> str:
    """A cell as it was before the group's export wrote it: without the apostrophe put before
    text a spreadsheet would run as a formula."""
    return cell[1:] if cell.startswith("'") and cell[1:].startswith(FORMULA_STARTS) else cell


def _named(header: Sequence[str]) -> dict[str, int]:
    """The columns the header names, by their name here, each at its first place."""
    names = [_plain(name).strip().casefold() for name in header]
    found = {name: at for at, name in reversed(list(enumerate(names))) if name in COLUMNS}
    for at, name in reversed(list(enumerate(names))):
        if name in ALIASES and ALIASES[name] not in found:
            found[ALIASES[name]] = at
    return found


def _delimiter(text: str) -> str:
    """The character the header's cells are separated by: a comma, else the semicolon or the tab
    that a spreadsheet in some languages writes."""
    first = text.split("\n", 1)[0][:10_000]
    for delimiter in DELIMITERS:
        header = next(csv.reader([first], delimiter=delimiter), [])
        if set(REQUIRED) <= set(_named(header)):
            return delimiter
    return ","


def _columns(header: Sequence[str]) -> dict[str, int]:
    found = _named(header)
    missing = [name for name in REQUIRED if name not in found]
    if missing:
        raise contents.FileRefused(Say.many(
            "This CSV has no %(columns)s column: a CSV needs date, game and player.",
            "This CSV has no %(columns)s columns: a CSV needs date, game and player.",
            len(missing), columns=", ".join(missing)))
    return found


def _grouped(rows: Iterator[list[str]], columns: dict[str, int]) -> dict[str, list[Row]]:
    """The rows of each play, by the play's key, in the file's order: rows of one `play` value
    are one play; rows without one are a play with the adjacent rows of their date and game."""
    plays: dict[str, list[Row]] = {}
    last: tuple[str, str] | None = None  # the date and game of the play the last row began
    key = ""
    for number, cells in enumerate(rows, start=2):
        if not any(cell.strip() for cell in cells):
            continue
        named = _cell(cells, columns, "play")
        if named:
            key, last = named, None
        else:
            when = (_cell(cells, columns, "date"), _cell(cells, columns, "game").casefold())
            if when != last:
                key, last = f"row {number}", when
        if key not in plays:
            if len(plays) >= contents.MAX_PLAYS:
                raise contents.too_many_plays()
            plays[key] = []
        plays[key].append((number, cells))
    return plays


def _cell(cells: list[str], columns: dict[str, int], name: str, raw: bool = False) -> str:
    """A row's cell of a column (trimmed, unless `raw`), "" where the row or the header has
    none."""
    at = columns.get(name)
    cell = _plain(cells[at]) if at is not None and at < len(cells) else ""
    return cell if raw else cell.strip()


def _play(key: str, rows: list[Row], columns: dict[str, int], zone: tzinfo
          ) -> tuple[contents.FilePlay, contents.FileGame, list[contents.FilePlayer]]:
    first, cells = rows[0]
    game_name = _cell(cells, columns, "game", raw=True)
    problem = contents.game_name_problem(game_name)
    if problem is not None:
        raise _Skip(first, problem)
    game = contents.FileGame(key=game_name.strip().casefold(), name=game_name.strip(), bgg_id=None)
    date = _cell(cells, columns, "date")
    played_at = _when(first, date, zone)
    if len(rows) > contents.MAX_PLAYERS:
        raise _Skip(first, Say("It has more than %(most)s players.", most=contents.MAX_PLAYERS))
    players: list[contents.FilePlayer] = []
    lines: list[contents.FileLine] = []
    folded: set[str] = set()
    for number, cells in rows:
        if (_cell(cells, columns, "game").casefold() != game.key
                or _cell(cells, columns, "date") != date):
            raise _Skip(number, Say("Its rows do not all have one date and one game."))
        name = _cell(cells, columns, "player", raw=True)
        problem = contents.player_name_problem(name)
        if problem is not None:
            raise _Skip(number, problem)
        player = contents.FilePlayer(name.strip(), name.strip(), False)
        if player.key.casefold() in folded:
            raise _Skip(number, Say("The player “%(name)s” is in it twice.", name=player.name))
        folded.add(player.key.casefold())
        players.append(player)
        team = _cell(cells, columns, "team", raw=True)
        if len(team) > 200:
            raise _Skip(number, Say("Its team has a name longer than 200 characters."))
        lines.append(contents.FileLine(player.key,
                                       _score(number, _cell(cells, columns, "score"), name),
                                       _winner(number, _cell(cells, columns, "winner")),
                                       team.strip() or None))
    teams = [line.team for line in lines if line.team is not None]
    uses_teams = len(set(teams)) < len(teams)
    if not uses_teams:
        # Every player a side of their own (as the group's export writes a game without
        # partnerships): no teams.
        lines = [contents.FileLine(line.player, line.score, line.winner, None) for line in lines]
    play = contents.FilePlay(key, game.key, played_at, None, None, False, None, uses_teams,
                             tuple(lines))
    return play, game, players


def _when(row: int, text: str, zone: tzinfo) -> datetime:
    """An ISO 8601 date, or date and time; without an offset, read in `zone` (a date alone is
    its midnight)."""
    if not text:
        raise _Skip(row, Say("It has no date."))
    try:
        when = datetime.fromisoformat(text) if len(text) <= 40 else None
    except ValueError:
        when = None
    if when is None:
        raise _Skip(row, Say("Its date “%(date)s” cannot be read.", date=text[:40]))
    return contents.placed(when, zone)


def _score(row: int, text: str, name: str) -> Decimal | None:
    try:
        return contents.score_of(text)
    except ValueError as error:
        raise _Skip(row, contents.score_problem(text, name, error)) from error


def _winner(row: int, text: str) -> bool | None:
    if not text:
        return None
    winner = WINNERS.get(text.casefold())
    if winner is None:
        raise _Skip(row, Say("Its winner “%(winner)s” is not true or false, yes or no, 1 or 0.",
                             winner=text[:40]))
    return winner
