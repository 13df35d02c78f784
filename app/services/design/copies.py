"""A match's copy of a design: the options a match of a design starts with (the design read from
its id, or whole from the request, or carried by an imported match) and the design and version it
came from. A copy sent by a client is read here, by read_design, as every design a client sends
is (the engine's own reading of a match's options only trims them)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...errors import Invalid
from ...games import Game
from ...games.custom import GAME as CUSTOM
from ...games.custom import Design, design_json
from ...games.say import Say
from .designs import find_design, read_design, read_sent


@dataclass(frozen=True)
class Origin:
    """The stored design (and its version) a match's copy came from; both None for a design sent
    whole with the match."""

    id: str | None = None
    version: int | None = None


# A design's id: a stored one's (its link's letters) or a gallery file's name.
DESIGN_ID = re.compile(r"[A-Za-z0-9_-]{1,24}")


def plays_designs(game: Game) -> bool:
    """Whether a match of `game` is played from a design, whose copy it keeps."""
    return game.name == CUSTOM.name


@dataclass(frozen=True)
class Chosen:
    """The design a new match or night is played from, as its edge read it: a stored or gallery
    design's `id` (its latest version, found when the match is made), or a `copy` sent whole and
    already read (its canonical JSON)."""

    id: str | None = None
    copy: Design | None = None


def read_choice(game: Game, design: Any, options: Any
                ) -> tuple[Mapping[str, Any] | None, Chosen | None]:
    """The options of a new match of `game` as sent (an object, or None), and its design (SPEC
    section 10: a design's id, or a design whole) read once: given as `design`, or as the
    options' own `design` (a night's options, a rematch's), which the options answered leave
    out. None for a game played without one."""
    if not plays_designs(game):
        if design is not None:
            raise Invalid(Say("Only a sheet for any game is played from a design."), ("design",))
        return _options_object(options), None
    options = _options_object(options)
    given = (options or {}).get("design")
    if design is not None and "design" in (options or {}):
        raise Invalid(Say("Give the design once: as “design”, or in the options."),
                      ("options", "design"))
    source, where = (design, "design") if design is not None else (given, "options.design")
    if source is None:
        raise Invalid(Say("Give the design: a design's id, or a design whole."), ("design",))
    rest = {name: value for name, value in (options or {}).items() if name != "design"}
    if isinstance(source, str):
        return rest, Chosen(id=source)
    return rest, Chosen(copy=read_design(source, where))


def _options_object(options: Any) -> Mapping[str, Any] | None:
    if options is not None and not isinstance(options, Mapping):
        raise Invalid(Say("Options must be an object."), ("options",))
    return options


def match_options(options: Mapping[str, Any] | None, chosen: Chosen | None
                  ) -> tuple[dict[str, Any], Origin | None]:
    """The options a new match starts with: those given, with its design's copy (`chosen`, a
    stored design found now: 404 where there is none) as `design`; and where that copy came
    from (None for a game played without a design)."""
    if chosen is None:
        return dict(options or {}), None
    if chosen.id is not None:
        stored = find_design(chosen.id)
        return {**(options or {}), "design": stored.design}, Origin(stored.id, stored.version)
    assert chosen.copy is not None
    return {**(options or {}), "design": design_json(chosen.copy)}, Origin()


def read_carried_options(game: Game, options: Any) -> Any:
    """The options of an imported match (SPEC section 10: a match carries its design's copy,
    whole, as its options' `design`), that copy read as any design a client sends (422 at
    `options.design...`), never taken as it came; the engine says what else is wrong."""
    if not plays_designs(game) or not isinstance(options, Mapping) or "design" not in options:
        return options
    sent = json.dumps(options["design"], ensure_ascii=False)
    copy = _CARRIED.get(sent)
    if copy is None:
        copy = design_json(read_sent(options["design"],
                                     len(sent.encode(errors="surrogatepass")), "options.design"))
        if len(_CARRIED) >= 16:
            _CARRIED.clear()
        _CARRIED[sent] = copy
    return {**options, "design": copy}


# The copies read lately, by their JSON: an export's matches mostly carry one design's, read
# once rather than once a match (only a copy read whole, at most LARGEST_BODY, is kept). A copy
# is never changed in place: the engine reads it into its match's own.
_CARRIED: dict[str, dict[str, Any]] = {}


def design_shown(design_id: str | None, version: int | None,
                 options: Mapping[str, Any]) -> dict[str, Any]:
    """A match's design as its GET shows it (SPEC section 10): the copy, and the design and
    version it came from (null where it was sent whole)."""
    return {"id": design_id, "version": version, "design": options["design"]}
