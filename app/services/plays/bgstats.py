"""A BG Stats export (the JSON its backup writes) read into a file's plays: only the keys SPEC
section 14 names are read, every other key is left alone."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, tzinfo
from decimal import Decimal
from typing import Any, TypeGuard, TypeVar

from ...games.say import Say
from . import contents

# The largest whole number a count of minutes or a game's BGG id is kept as.
LARGEST = 2**31 - 1


class _Skip(Exception):
    """The play being read cannot be brought in, for this reason."""

    def __init__(self, message: Say) -> None:
        super().__init__(message)
        self.message = message


def read_bgstats(data: bytes, zone: tzinfo) -> contents.FileContents:
    """A BG Stats export's bytes, its play dates read in `zone`."""
    return read_export(contents.parsed_json(contents.decoded(data)), zone)


def read_export(document: Any, zone: tzinfo) -> contents.FileContents:
    """A BG Stats export already parsed from its JSON."""
    if not isinstance(document, dict) or not isinstance(document.get("plays"), list):
        raise contents.FileRefused(Say("This is not a BG Stats export: it has no list of plays."))
    plays = document["plays"]
    if len(plays) > contents.MAX_PLAYS:
        raise contents.too_many_plays()
    players = _entries(document, "players", _player)
    games = _entries(document, "games", _game)
    locations = _entries(document, "locations", _location)
    read: list[contents.FilePlay] = []
    problems: list[contents.Problem] = []
    players_read: dict[str, contents.FilePlayer] = {}
    games_read: dict[str, contents.FileGame] = {}
    keys: set[str] = set()
    for index, raw in enumerate(plays, start=1):
        uuid = raw.get("uuid") if isinstance(raw, dict) else None
        key = uuid.strip() if isinstance(uuid, str) and uuid.strip() else f"play {index}"
        try:
            if not isinstance(raw, dict):
                raise _Skip(Say("It is not a play."))
            if key != uuid:
                raise _Skip(Say("It has no uuid."))
            if key in keys:
                raise _Skip(Say("Its uuid is the uuid of an earlier play of the file."))
            play, game, its_players = _play(key, raw, players, games, locations, zone)
        except _Skip as skip:
            problems.append(contents.Problem(key, skip.message))
            continue
        keys.add(key)
        read.append(play)
        games_read[game.key] = game
        for player in its_players:
            players_read[player.key] = player
    return contents.FileContents("bgstats", players_read, games_read, tuple(read), tuple(problems))


def _entries(document: dict[str, Any], part: str, made: Any) -> dict[object, Any]:
    """A part of the export (players, games or locations) by id, each entry as `made` makes it
    (a value, or the Say of why it cannot be brought in). Entries without an id are left out:
    no play can refer to them."""
    entries = document.get(part, [])
    if entries is None:
        entries = []
    if not isinstance(entries, list):
        raise contents.FileRefused(
            Say("This is not a BG Stats export: its %(part)s are not a list.", part=part))
    return {entry["id"]: made(entry) for entry in entries
            if isinstance(entry, dict) and _is_id(entry.get("id"))}


def _is_id(value: object) -> bool:
    return isinstance(value, int | str) and not isinstance(value, bool)


# What _named makes of an entry.
Named = TypeVar("Named", contents.FilePlayer, contents.FileGame)


def _uuid(entry: dict[str, Any]) -> str | None:
    uuid = entry.get("uuid")
    return uuid if isinstance(uuid, str) and uuid.strip() == uuid and uuid else None


def _named(entry: dict[str, Any], name_problem: Callable[[object], Say | None],
           no_uuid: Callable[[str], Say], made: Callable[[str, str], Named]) -> Named | Say:
    """A player or a game as `made` makes it from its uuid and its name (trimmed), or why it
    cannot be brought in: its name's problem, else no uuid (said with its name as shown)."""
    name = entry.get("name")
    problem = name_problem(name)
    if problem is not None:
        return problem
    assert isinstance(name, str)
    uuid = _uuid(entry)
    if uuid is None:
        return no_uuid(contents.shown(name))
    return made(uuid, name.strip())


def _player(entry: dict[str, Any]) -> contents.FilePlayer | Say:
    return _named(entry, contents.player_name_problem,
                  lambda name: Say("The player “%(name)s” has no uuid.", name=name),
                  lambda uuid, name: contents.FilePlayer(uuid, name,
                                                         entry.get("isAnonymous") is True))


def _game(entry: dict[str, Any]) -> contents.FileGame | Say:
    bgg_id = entry.get("bggId")
    return _named(entry, contents.game_name_problem,
                  lambda name: Say("The game “%(name)s” has no uuid.", name=name),
                  lambda uuid, name: contents.FileGame(
                      key=uuid, name=name,
                      bgg_id=bgg_id if _whole(bgg_id) and 0 < bgg_id <= LARGEST else None,
                      highest_wins=_flag(entry, "highestWins", True),
                      no_points=_flag(entry, "noPoints", False),
                      cooperative=_flag(entry, "cooperative", False),
                      uses_teams=_flag(entry, "usesTeams", False)))


def _location(entry: dict[str, Any]) -> str | Say:
    """A location as a play's note ("At <location>"), "" for a location without a name."""
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        return ""
    if len(name) > 4 * contents.NOTE_LIMIT or len("At " + name.strip()) > contents.NOTE_LIMIT:
        return Say("Its location's name is longer than %(limit)s characters.",
                   limit=contents.NOTE_LIMIT - 3)
    return "At " + name.strip()


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _flag(entry: dict[str, Any], name: str, default: bool) -> bool:
    value = entry.get(name)
    return value if isinstance(value, bool) else default


# Why a play is skipped when it refers to nothing, by what it refers to.
_MISSING = {
    "game": "Its game (id %(id)s) is not in the file.",
    "location": "Its location (id %(id)s) is not in the file.",
    "player": "One of its players (id %(id)s) is not in the file.",
}


def _found(entries: dict[object, Any], ref: object, kind: str) -> Any:
    """The entry `ref` refers to, or the play skipped: a reference to nothing, or to an entry
    that cannot be brought in."""
    found = entries.get(ref) if _is_id(ref) else None
    if found is None:
        raise _Skip(Say(_MISSING[kind], id=str(ref)[:40]))
    if isinstance(found, Say):
        raise _Skip(found)
    return found


def _play(key: str, raw: dict[str, Any], players: dict[object, Any], games: dict[object, Any],
          locations: dict[object, Any], zone: tzinfo
          ) -> tuple[contents.FilePlay, contents.FileGame, list[contents.FilePlayer]]:
    ref = raw.get("gameRefId")
    game: contents.FileGame = _found(games, ref, "game")
    note: str | None = None
    where = raw.get("locationRefId")
    if where is not None and where != 0:  # 0: no location, as an unset reference
        note = _found(locations, where, "location") or None
    played_at = _when(raw.get("playDate"), zone)
    if played_at is None:
        raise _Skip(Say("It has no date."))
    modified = _when(raw.get("modificationDate"), zone)
    scores = raw.get("playerScores")
    if not isinstance(scores, list) or not scores:
        raise _Skip(Say("It has no players."))
    if len(scores) > contents.MAX_PLAYERS:
        raise _Skip(Say("It has more than %(most)s players.", most=contents.MAX_PLAYERS))
    its_players: list[contents.FilePlayer] = []
    lines: list[contents.FileLine] = []
    seen: set[str] = set()
    for entry in scores:
        if not isinstance(entry, dict):
            raise _Skip(Say("One of its players' lines is not a line."))
        ref = entry.get("playerRefId")
        player: contents.FilePlayer = _found(players, ref, "player")
        # No roster player twice in a play (SPEC section 14); a guest joins no roster, and
        # BG Stats seats its one anonymous player as often as a play had strangers.
        if player.key in seen and not player.guest:
            raise _Skip(Say("The player “%(name)s” is in it twice.", name=player.name))
        its_players.append(player)
        seen.add(player.key)
        winner = entry.get("winner")
        lines.append(contents.FileLine(player.key, _score(entry.get("score"), player.name),
                                       winner if isinstance(winner, bool) else None,
                                       _team(entry.get("team")), entry.get("startPlayer") is True))
    teams = raw.get("usesTeams")
    play = contents.FilePlay(key, game.key, played_at, _minutes(raw.get("durationMin")), note,
                             raw.get("ignored") is True, modified,
                             teams if isinstance(teams, bool) else game.uses_teams, tuple(lines))
    return play, game, its_players


def _when(value: object, zone: tzinfo) -> datetime | None:
    """A date of the export ("2019-03-02 19:30:00", local time), read in `zone`; None where
    there is none."""
    if value is None or value == "":
        return None
    if isinstance(value, str) and len(value) <= 40:
        try:
            when = datetime.fromisoformat(value.strip())
        except ValueError:
            pass
        else:
            return contents.placed(when, zone)
    raise _Skip(Say("Its date “%(date)s” cannot be read.", date=str(value)[:40]))


def _score(value: object, name: str) -> Decimal | None:
    try:
        if value is None:
            return None
        if isinstance(value, str):
            return contents.score_of(value)
        if isinstance(value, Decimal):
            return contents.bounded(value)
        if _whole(value):
            return contents.bounded(Decimal(value))
        raise ValueError("not a score")
    except ValueError as error:
        raise _Skip(contents.score_problem(value, name, error)) from error


def _team(value: object) -> str | None:
    """A line's team: "0", "" or none is no team."""
    if _whole(value):
        return str(value) if value != 0 else None
    if not isinstance(value, str) or value.strip() in ("", "0"):
        return None
    if len(value) > 200:
        raise _Skip(Say("One of its teams has a name longer than 200 characters."))
    return value.strip()


def _minutes(value: object) -> int | None:
    """A play's length in minutes: none where the export has 0, none or nonsense."""
    if isinstance(value, Decimal) and value.is_finite() and value == value.to_integral_value():
        value = int(value)
    if isinstance(value, str) and value.strip().isdecimal() and len(value) < 12:
        value = int(value)
    return value if _whole(value) and 0 < value <= LARGEST else None

