"""Starting a match (in a group or not): its seats, its links, its first change."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...errors import Invalid, NotFound, Refusal, unless_refused
from ...extensions import begin_writing, db, write_intent
from ...games import GAMES, Game, InvalidInput
from ...games.say import Say
from ...models import Change, Match, Player, Seat, Token
from ..design.copies import Chosen, Origin, match_options, read_choice
from ..group.groups import GroupAccess, lock_group, touch_group
from ..group.roster import roster_players
from ..limits import count_new
from ..text import NAME_LIMIT, clean_optional_name, clean_text, refuse_repeats
from .access import Access
from .links import tokens
from .sheet import Sheet, load_sheet

MATCH_NAME_LIMIT = 80


@dataclass(frozen=True)
class NewMatch:
    """A new match as a client asked for it, read once at its edge (read_new_match): the game,
    the players' names in seat order (each clean), the options as sent (the game's engine reads
    them when the match is made, with the design's copy), the match's name (None: the players'
    names) and the design it is played from, if any."""

    game: Game
    players: tuple[str, ...]
    options: Mapping[str, Any] | None = None
    name: str | None = None
    design: Chosen | None = None


def read_new_match(game_name: Any, players: Any, options: Any = None, name: Any = None,
                   design: Any = None) -> NewMatch:
    """What a client sent for a new match (the API's body, a page's form), read in SPEC's
    order: the game, the players, the design and the options' shape, then the name; else 422
    at the field."""
    game = GAMES.get(game_name) if isinstance(game_name, str) else None
    if game is None:
        raise Invalid(Say("Choose a game: %(games)s.", games=", ".join(GAMES)), ("game",))
    names = tuple(read_players(players, game))
    options, chosen = read_choice(game, design, options)
    name = clean_optional_name(name, MATCH_NAME_LIMIT, Say("A match name"))
    return NewMatch(game, names, options, name, chosen)


def create_match(new: NewMatch | Refusal, address: str | None = None,
                 group: GroupAccess | None = None) -> tuple[Sheet, dict[str, Any]]:
    """A new match with its tokens: one for the host, one to view, one per seat. `new` is what
    the client's edge read, or its refusal, said once the create is counted.

    In a `group` (its owner's access): each name that is a roster name (ignoring case and
    surrounding spaces) is that player, and the others join the roster. A sheet for any game
    is played from a design (SPEC section 10), whose copy the match keeps."""
    if group is not None:
        group.check(group.group_id, "create_match")
    # Counted before any work: a refused create counts as an accepted one (SPEC section 6).
    count_new(address, Say("Too many new matches from this address; wait a minute."))
    new = unless_refused(new)
    game, names = new.game, list(new.players)
    options, origin = match_options(new.options, new.design)
    try:
        options = game.parse_options(options, len(names))
    except InvalidInput as error:
        raise Invalid(error.message, error.located) from error
    name = new.name if new.name is not None else named_after(names)
    if group is not None:
        refuse_repeats(names)
    if group is None:
        match = build_match(game, names, options, name, design=origin)
        begin_writing()
    else:
        db.session.rollback()
        with write_intent():
            locked = lock_group(group.group_id)
        if locked is None:
            raise NotFound(Say("No such group."))
        roster, joined = roster_players(locked, names)
        match = build_match(game, names, options, name, locked.id, roster, origin)
        if joined:
            touch_group(locked)
    db.session.add(match)
    db.session.flush()
    db.session.add(Change(match_id=match.id, version=1, actor="host", action="create",
                          after={"players": names, "options": options}))
    db.session.commit()
    return load_sheet(match.id), tokens(Access(match.id, "host"), match.id)


def new_id() -> str:
    """A match's id: 72 random bits, not guessable from another (no counters)."""
    return secrets.token_urlsafe(9)


def build_match(game: Game, names: Sequence[str], options: dict[str, Any], name: str,
                group_id: str | None = None, roster: Sequence[Player] = (),
                design: Origin | None = None) -> Match:
    """A new match with its seats (each on the roster player given, if any) and its links:
    host, view, and one per seat; and the stored design its options copied, if any. Not yet
    added to the session."""
    players: list[Player | None] = list(roster) or [None] * len(names)
    match = Match(id=new_id(), game=game.name, name=name, options=options, group_id=group_id,
                  design_id=design.id if design else None,
                  design_version=design.version if design else None)
    match.seats = [Seat(position=i, name=player,
                        player_id=on_roster.id if on_roster is not None else None)
                   for i, (player, on_roster) in enumerate(zip(names, players, strict=True))]
    # 32 random bytes: 256 bits, far past guessing.
    match.tokens = [Token(secret=secrets.token_urlsafe(32), role="host"),
                    Token(secret=secrets.token_urlsafe(32), role="view")]
    match.tokens += [Token(secret=secrets.token_urlsafe(32), role="seat", seat=i)
                     for i in range(len(names))]
    return match


def read_players(players: Any, game: Game) -> list[str]:
    """The players' names in seat order, as many as the game seats: counted before any name
    is read (SPEC section 6: work bounded before it is done)."""
    if not isinstance(players, list):
        raise Invalid(Say("Give the players as a list of names, in seat order."), ("players",))
    if not game.min_players <= len(players) <= game.max_players:
        raise Invalid(Say("%(game)s takes %(least)s to %(most)s players, not %(count)s.",
                          game=game.title, least=game.min_players, most=game.max_players,
                          count=len(players)), ("players",))
    return [clean_text(player, ("players", seat), NAME_LIMIT,
                       Say("Player %(number)s's name", number=seat + 1))
            for seat, player in enumerate(players)]


def named_after(names: Sequence[str]) -> str:
    """A match named after its players when no name is typed: as many whole names as fit in
    MATCH_NAME_LIMIT, then "…" for the rest (never a name cut in the middle)."""
    whole = ", ".join(names)
    if len(whole) <= MATCH_NAME_LIMIT:
        return whole
    for count in range(len(names) - 1, 0, -1):
        shown = ", ".join(names[:count]) + ", …"
        if len(shown) <= MATCH_NAME_LIMIT:
            return shown
    return names[0][:MATCH_NAME_LIMIT - 1] + "…"
