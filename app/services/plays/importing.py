"""Bringing a group's plays in from a file (SPEC section 14), as a job beside the requests: a
file asked for (stored whole with what was asked), then read, planned (who each of the file's
players and games is in the group, which plays are new, newer or unchanged) and written a batch
of plays per transaction, its progress in the same transaction. A job stopped anywhere (its
server killed) is taken up again from its last batch: no play is half written, none twice.
A dry run plans and writes nothing but its answer."""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import select, update

from ...errors import Conflict, Invalid, NotFound, Refusal, unless_refused
from ...extensions import begin_writing, db
from ...games.say import Say
from ...models import Match, PlayedGame, Player, PlayImport
from ...turns import in_turns
from ..group.groups import ROSTER_LIMIT, GroupAccess, locked_group, on_roster, touch_group
from ..text import NAME_LIMIT, fold
from .contents import FileContents, FilePlay, FileRefused
from .files import read_file
from .games import GAMES_LIMIT, GameFields, new_game
from .plays import PlayFields, Seated, insert_plays, play_rows, write_play

# A batch of plays per transaction: short enough that no other write waits long on it; and
# between two, a pause past the longest a waiting writer sleeps between its tries for SQLite's
# lock (server_files.WAIT_LONGEST), so that the next batch never takes it first every time.
BATCH = 250
PAUSE_SECONDS = 0.06
MAX_BYTES = 50 * 1024 * 1024


@dataclass(frozen=True)
class Asked:
    """An import as its owner asked for it, read once at the edge."""

    data: bytes
    time_zone: str
    dry_run: bool
    players: Mapping[str, int | str]  # a file player's key: a roster id, or "new"


def read_asked(data: bytes, time_zone: Any, dry_run: Any, players: Any) -> Asked:
    """The file, `time_zone` (an IANA name), `dry_run` ("true"/"false") and the `players` part
    (JSON text: a file player's key to a roster id or "new")."""
    zone = "UTC" if time_zone in (None, "") else time_zone
    try:
        if not isinstance(zone, str) or len(zone) > 64:
            raise ValueError
        ZoneInfo(zone)
    except (ValueError, ZoneInfoNotFoundError):
        raise Invalid(Say("“time_zone” is a time zone's name, like Europe/Berlin."),
                      ("time_zone",)) from None
    if dry_run not in (None, "", "true", "false"):
        raise Invalid(Say("“dry_run” is true or false."), ("dry_run",))
    chosen: dict[str, int | str] = {}
    if players not in (None, ""):
        try:
            read = json.loads(players) if isinstance(players, (str, bytes)) else None
        except ValueError:
            read = None
        if not isinstance(read, dict) or len(read) > 10 * ROSTER_LIMIT:
            raise Invalid(Say("“players” is a JSON object from a file's player to a roster "
                              "player's id or \"new\"."), ("players",))
        for key, value in read.items():
            if len(key) > 200 or not (value == "new" or (
                    isinstance(value, int) and not isinstance(value, bool))):
                raise Invalid(Say("Each of the file's players becomes a roster player's id, or "
                                  "\"new\"."), ("players", key))
            chosen[key] = value
    if not data.strip():
        raise Invalid(Say("Send the file: a BG Stats export or a CSV."), ("file",))
    return Asked(data, zone, dry_run == "true", chosen)


def refuse_under_way(group_id: str) -> None:
    """409 while an import of the group is queued or running (one at a time per group)."""
    if db.session.scalar(select(PlayImport.id).where(
            PlayImport.group_id == group_id, PlayImport.state.in_(("queued", "running")))):
        raise Conflict(Say("An import is under way in this group: wait for it to end."))


def start_import(access: GroupAccess, group_id: str, asked: Asked | Refusal) -> PlayImport:
    """An import queued for the job (one at a time per group: 409 while another is under way;
    then the refusal of what was sent, read_asked's)."""
    access.check(group_id, "import_plays")
    with locked_group(group_id):
        refuse_under_way(group_id)
        asked = unless_refused(asked)
        # A file chosen anew: the previews of files chosen before keep theirs no longer.
        db.session.execute(update(PlayImport).where(
            PlayImport.group_id == group_id, PlayImport.file.is_not(None),
            PlayImport.state.in_(("done", "failed"))).values(file=None))
        job = PlayImport(id=secrets.token_urlsafe(9), group_id=group_id, state="queued",
                         file=asked.data, time_zone=asked.time_zone, dry_run=asked.dry_run,
                         chosen=dict(asked.players), progress=_empty())
        db.session.add(job)
    return job


def start_again(access: GroupAccess, group_id: str, import_id: str,
                players: Mapping[str, int | str], dry_run: bool) -> PlayImport:
    """An import of the file a finished dry run kept (its preview's "bring them in", or another
    preview), with the owner's choice of each file player's roster player: the new job takes
    the file, and the dry run keeps it no longer. 404 for no such dry run; 409 where its file
    is gone (an import of it began) or another import is under way."""
    access.check(group_id, "import_plays")
    with locked_group(group_id):
        source = db.session.scalar(select(PlayImport).where(
            PlayImport.id == import_id, PlayImport.group_id == group_id,
            PlayImport.dry_run.is_(True)).with_for_update(of=PlayImport))
        if source is None:
            raise NotFound(Say("No such import in the group."))
        if source.state != "done" or source.file is None:
            raise Conflict(Say("This preview's file is no longer kept: choose the file again."))
        refuse_under_way(group_id)
        job = PlayImport(id=secrets.token_urlsafe(9), group_id=group_id, state="queued",
                         file=source.file, time_zone=source.time_zone, dry_run=dry_run,
                         chosen=dict(players), progress=_empty())
        source.file = None
        db.session.add(job)
    return job


def _empty() -> dict[str, Any]:
    return {"plays": {"total": 0, "done": 0, "added": 0, "updated": 0, "unchanged": 0,
                      "skipped": 0},
            "players_added": [], "games_added": [], "players": [], "problems": []}


def import_view(access: GroupAccess, group_id: str, import_id: str,
                said: bool = False) -> dict[str, Any]:
    """An import as GET answers it: its state and how far it has come."""
    access.check(group_id, "import_plays")
    row = db.session.execute(select(PlayImport.id, PlayImport.state, PlayImport.progress,
                                    PlayImport.dry_run)
                             .where(PlayImport.id == import_id,
                                    PlayImport.group_id == group_id)).first()
    if row is None:
        raise NotFound(Say("No such import in the group."))
    progress = _empty() | dict(row.progress)
    progress.pop("planned", None)
    progress.pop("plan", None)
    # Each problem is kept as its sentence and its values: the API says it in English, a page
    # (`said`) in its own language.
    progress["problems"] = [
        {"play": problem["play"],
         "message": Say(problem["said"][0], **problem["said"][1])
         if said and "said" in problem else problem["message"]}
        for problem in progress["problems"]]
    return {"id": row.id, "state": row.state, "dry_run": row.dry_run} | progress


def problem_of(play: str | None, message: str) -> dict[str, Any]:
    """A problem as the job keeps it: its play, its English sentence, and what makes it again
    in another language (a Say's message and values)."""
    kept: dict[str, Any] = {"play": play, "message": str(message)}
    if isinstance(message, Say) and message.plural is None:
        values = {key: value if isinstance(value, (int, float)) else str(value)
                  for key, value in message.values.items()}
        kept["said"] = [message.message, values]
    return kept


# The job ---------------------------------------------------------------------------------


def next_job() -> str | None:
    """The import to run next: one taken up before (its server stopped), else the oldest asked."""
    return db.session.scalar(select(PlayImport.id).where(
        PlayImport.state.in_(("queued", "running")))
        .order_by(PlayImport.state.desc(), PlayImport.created_at).limit(1))


def run_import(import_id: str) -> None:
    """Run one import to its end: done, or failed with why."""
    # Begun as a write, before the row is read: a read's snapshot cannot take SQLite's write
    # lock once another write has committed ("database is locked", at once, without waiting).
    begin_writing()
    job = db.session.get_one(PlayImport, import_id)
    job.state = "running"
    db.session.commit()
    try:
        contents = read_file(job.file or b"", ZoneInfo(job.time_zone))
    except FileRefused as refused:
        _finish(job, "failed", problems=[problem_of(None, refused.message)])
        return
    progress = dict(job.progress)
    if not progress.get("planned"):
        try:
            progress = _plan(job, contents)
        except Invalid as error:
            _finish(job, "failed", problems=[problem_of(None, error.message)])
            return
    if job.dry_run:
        _finish(job, "done", progress)
        return
    _write(job, contents, progress)


def fail(import_id: str, why: str) -> None:
    """An import stopped by a fault of the server's own: failed, and said so."""
    _finish(db.session.get_one(PlayImport, import_id), "failed", problems=[problem_of(
        None, Say("The import stopped on an error of the server (%(error)s); the plays before "
                  "it are in.", error=why))])


def _finish(job: PlayImport, state: str, progress: dict[str, Any] | None = None,
            problems: list[dict[str, Any]] | None = None) -> None:
    begin_writing()  # the read under way ended: its snapshot could not take the write lock
    made = dict(progress if progress is not None else job.progress)
    if problems is not None:
        made["problems"] = [*made.get("problems", []), *problems]
    job.state, job.progress, job.updated_at = state, made, datetime.now(UTC)
    # Kept only while it is needed: a finished dry run's, for the import its preview leads to
    # (start_again), which takes it.
    if not (job.dry_run and state == "done"):
        job.file = None
    db.session.commit()


def play_key(kind: str, play: FilePlay) -> str:
    """A play's key in the group (Match.import_key): BG Stats' uuid; a spreadsheet's play by
    what it holds, so that the same file brought in twice adds nothing."""
    if kind == "bgstats":
        return play.key[:64]
    said = json.dumps([play.game, play.played_at.isoformat(), [
        [line.player, str(line.score), line.winner, line.team] for line in play.lines]])
    return "csv:" + hashlib.sha256(said.encode()).hexdigest()[:48]


def _plan(job: PlayImport, contents: FileContents) -> dict[str, Any]:
    """Who each of the file's players and games is in the group, and what each play does:
    reads only. Kept in the job's progress, so that a job taken up again plans nothing again."""
    group_id = job.group_id
    roster = {player.id: player for player in db.session.scalars(
        select(Player).where(Player.group_id == group_id))}
    by_uuid = {player.uuid: player.id for player in roster.values() if player.uuid}
    by_name = {player.folded: player.id for player in roster.values()}
    players: list[dict[str, Any]] = []
    for key, found in contents.players.items():
        if found.guest:
            players.append({"uuid": key, "name": found.name, "player": None, "guest": True})
            continue
        chosen = job.chosen.get(key)
        if chosen == "new":
            pid = None
        elif isinstance(chosen, int) and on_roster(group_id, chosen):
            pid = chosen
        elif contents.kind == "bgstats" and key in by_uuid:
            pid = by_uuid[key]
        else:
            pid = by_name.get(fold(found.name))
        players.append({"uuid": key, "name": found.name, "player": pid, "guest": False})
    # A new player whose name the roster has (the owner said "new"), or two of the file's new
    # players of one name: each a name of their own, "Ana (2)".
    taken = set(by_name)
    for line in players:
        if line["player"] is None and not line["guest"]:
            line["name"] = distinct(line["name"], taken)
            taken.add(fold(line["name"]))
    chosen_ids = [line["player"] for line in players if line["player"] is not None]
    if len(chosen_ids) != len(set(chosen_ids)):
        raise Invalid(Say("Two of the file's players would be one roster player: choose "
                          "another for one of them."))
    new_names = [line["name"] for line in players
                 if line["player"] is None and not line["guest"]]
    if len(new_names) + len(roster) > ROSTER_LIMIT:
        raise Invalid(Say("A roster holds at most %(most)s players.", most=f"{ROSTER_LIMIT:,}"))
    games = db.session.scalars(select(PlayedGame).where(PlayedGame.group_id == group_id)).all()
    game_uuid = {game.uuid: game.id for game in games if game.uuid}
    game_name = {game.folded: game.id for game in games}
    planned_games = {}
    for key, file_game in contents.games.items():
        gid = (game_uuid.get(key) if contents.kind == "bgstats" else None) or game_name.get(
            fold(file_game.name))
        planned_games[key] = gid
    if sum(gid is None for gid in planned_games.values()) + len(games) > GAMES_LIMIT:
        raise Invalid(Say("A group keeps at most %(most)s played games.",
                          most=f"{GAMES_LIMIT:,}"))
    known = dict(db.session.execute(select(Match.import_key, Match.modified_at).where(
        Match.group_id == group_id, Match.import_key.is_not(None))).all())
    counts = {"total": len(contents.plays) + len(contents.problems), "done": 0, "added": 0,
              "updated": 0, "unchanged": 0, "skipped": len(contents.problems)}
    for play in contents.plays:
        key = play_key(contents.kind, play)
        stored = known.get(key)
        if key not in known:
            counts["added"] += 1
        elif play.modified is not None and (stored is None or play.modified > _aware(stored)):
            counts["updated"] += 1
        else:
            counts["unchanged"] += 1
    return {"planned": True, "plays": counts, "players": players,
            "players_added": sorted(new_names, key=str.casefold),
            "games_added": sorted({fold(contents.games[k].name): contents.games[k].name
                                   for k, gid in planned_games.items() if gid is None}.values(),
                                  key=str.casefold),
            "plan": {"games": planned_games},
            "problems": [problem_of(problem.play, problem.message)
                         for problem in contents.problems]}


def distinct(name: str, taken: set[str]) -> str:
    """`name`, or where a player of it is taken, "name (2)", "name (3)"… (within 40 characters)."""
    if fold(name) not in taken:
        return name
    number = 2
    while True:
        tail = f" ({number})"
        made = name[:NAME_LIMIT - len(tail)].rstrip() + tail
        if fold(made) not in taken:
            return made
        number += 1


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _write(job: PlayImport, contents: FileContents, progress: dict[str, Any]) -> None:
    """The plan carried out: the new players and games, then the plays a batch at a time."""
    group_id = job.group_id
    with locked_group(group_id) as group:
        ids: dict[str, int | None] = {}
        made: dict[str, Player] = {}
        # The uuids an earlier import gave the roster's players, read once: a uuid is one
        # player's in a group.
        taken = set(db.session.scalars(select(Player.uuid).where(
            Player.group_id == group_id, Player.uuid.is_not(None))))
        for line in progress["players"]:
            if line["guest"]:
                continue
            pid = line["player"]
            if pid is None:  # a new roster player (one per name), or one made before a stop
                key = fold(line["name"])
                player = made.get(key) or db.session.scalar(select(Player).where(
                    Player.group_id == group_id, Player.folded == key))
                if player is None:
                    player = Player(group_id=group_id, name=line["name"], folded=key)
                    db.session.add(player)
                made[key] = player
            else:
                player = db.session.get_one(Player, pid)
            if contents.kind == "bgstats" and player.uuid is None and line["uuid"] not in taken:
                player.uuid = line["uuid"]
                taken.add(line["uuid"])
            db.session.flush()
            ids[line["uuid"]] = player.id
        games: dict[str, PlayedGame] = {}
        for key, gid in progress["plan"]["games"].items():
            found = contents.games[key]
            game = db.session.get(PlayedGame, gid) if gid is not None else db.session.scalar(
                select(PlayedGame).where(PlayedGame.group_id == group_id,
                                         PlayedGame.folded == fold(found.name)))
            if game is None:
                game = new_game(group_id, GameFields(
                    found.name, found.bgg_id, found.highest_wins, found.no_points,
                    found.cooperative, found.uses_teams and not found.cooperative),
                    found.key if contents.kind == "bgstats" else None)
            elif contents.kind == "bgstats" and game.uuid is None:
                game.uuid = found.key
            games[key] = game
        touch_group(group)
    guests = {key: player.name for key, player in contents.players.items() if player.guest}
    start = progress["plays"]["done"]
    if start == 0:  # what the plan foresaw is now counted as it lands
        progress = progress | {"plays": progress["plays"] | {
            "added": 0, "updated": 0, "unchanged": 0, "done": len(contents.problems)}}
        start = len(contents.problems)
    plays = contents.plays
    made_now: set[str] = set()  # the keys of this run's plays: a play twice in a file is once
    offset = len(contents.problems)  # the problems are done first: skipped
    for first in in_turns(range(start - offset, len(plays), BATCH)):
        with locked_group(group_id) as group:
            counts = dict(progress["plays"])
            problems = list(progress["problems"])
            batch = plays[first:first + BATCH]
            keys = [play_key(contents.kind, play) for play in batch]
            known = {match.import_key: match for match in db.session.scalars(
                select(Match).where(Match.group_id == group_id, Match.import_key.in_(keys)))}
            # The file's roster players, each read once a batch (no flush between plays).
            roster = {player.id: player for player in db.session.scalars(select(Player).where(
                Player.id.in_([pid for pid in ids.values() if pid is not None])))}
            new_matches: list[dict[str, Any]] = []
            new_seats: list[dict[str, Any]] = []
            for play, key in zip(batch, keys, strict=True):
                did = _bring(group, play, key, known.get(key), games, ids, roster, guests) \
                    if key not in made_now else Say("The file has this play twice: it is in once.")
                made_now.add(key)
                if isinstance(did, tuple):  # a new play: its rows, inserted with the batch's
                    new_matches.append(did[0])
                    new_seats += did[1]
                    did = "added"
                if isinstance(did, Say):
                    problems.append(problem_of(play.key, did))
                    did = "skipped"
                counts[did] += 1
                counts["done"] += 1
            insert_plays(new_matches, new_seats)
            progress = progress | {"plays": counts, "problems": problems}
            job.progress, job.updated_at = progress, datetime.now(UTC)
            touch_group(group)
        time.sleep(PAUSE_SECONDS)  # under gevent, the worker's other requests meanwhile
    _finish(job, "done", progress)


def _bring(group: Any, play: FilePlay, key: str, match: Match | None,
           games: Mapping[str, PlayedGame], ids: Mapping[str, int | None],
           roster: Mapping[int, Player], guests: Mapping[str, str]
           ) -> str | Say | tuple[dict[str, Any], list[dict[str, Any]]]:
    """One play brought in: a new one's rows (for the batch to insert), "updated" where the
    file's is newer (written), "unchanged", or why it could not come over."""
    if match is not None and not (play.modified is not None and (
            match.modified_at is None or play.modified > _aware(match.modified_at))):
        return "unchanged"
    seated = tuple(
        Seated(player=ids.get(line.player), guest=guests.get(line.player)
               if line.player in guests else None, score=line.score, winner=line.winner,
               team=line.team, first=line.first)
        for line in play.lines)
    fields = PlayFields(0, play.played_at, seated, play.minutes, play.note)
    players = [None if s.player is None else roster[s.player] for s in seated]
    game = games[play.game]
    if game.cooperative and len({bool(line.winner) for line in play.lines}) > 1:
        return Say("It is a cooperative game's play that some players won and others lost: "
                   "change the game or the play, then bring the file in again.")
    own_teams = play.uses_teams if play.uses_teams != game.uses_teams else None
    if match is None:
        return play_rows(group.id, game, fields, players, key, play.modified, own_teams,
                         play.ignored)
    match.seats = []
    db.session.flush()
    write_play(group, game, fields, match, players, import_key=key, modified_at=play.modified,
               uses_teams=own_teams)
    match.taken_out = play.ignored
    return "updated"
