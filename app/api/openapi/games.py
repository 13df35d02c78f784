"""Each registered game's part of the API's document, made from the game itself: its options
(their specs), its round input, a seat's part and its character (the schemas it describes beside
its readers), its rounds and its match as a GET shows them (its detail's dataclasses). No game
is named here: a game added to the registry is described by what it registers."""

from __future__ import annotations

from collections.abc import Iterable

from ...games import GAMES, Game
from ...games.base import OptionSpec
from .schemas import (
    COUNT,
    FLAG,
    ID,
    INT,
    MOMENT,
    TEXT,
    VERSION,
    Schema,
    array,
    body,
    detail_schema,
    name,
    nullable,
    obj,
    ref,
)

ANY_OBJECT: Schema = {"type": "object", "description": "As the game reads it."}
PLAYER_NAME = name(40, "A player's name")
MATCH_NAME = name(80, "A match's name")
# What each game's match answers besides its own detail (SPEC section 2, docs/api.md).
STATUS = {"enum": ["active", "over", "banked", "abandoned"]}
ROUND_STATUS = {"enum": ["open", "complete", "dead"]}


def played() -> list[Game]:
    """The games the server plays, in the registry's order."""
    return list(GAMES.values())


def title(game: Game) -> str:
    """A game's name as a component's: `blue_banana` is BlueBanana."""
    return "".join(part.capitalize() for part in game.name.split("_"))


def _option(spec: OptionSpec) -> Schema:
    described: Schema
    if spec.kind == "bool":
        described = {"type": "boolean"}
    elif spec.kind == "choice":
        described = {"enum": [key for key, _ in spec.choices]}
    elif spec.kind == "data":
        described = {"description": "Read by the game (see its section of SPEC)."}
    else:  # "int" and "seat": whole numbers within their bounds
        described = {"type": "integer"}
        if spec.minimum is not None:
            described["minimum"] = spec.minimum
        if spec.maximum is not None:
            described["maximum"] = spec.maximum
        if spec.optional:
            described = nullable(described)
    described["description"] = " ".join(
        part for part in (described.get("description"), str(spec.help)) if part)
    if spec.default is not None and spec.kind != "data":
        described["default"] = spec.default
    return described


def options_sent(game: Game) -> Schema:
    """The options a create may choose (any left out take their default)."""
    return body({spec.name: _option(spec) for spec in game.options})


def options_shown(game: Game) -> Schema:
    """The options a match shows: all of them, defaults filled in."""
    return obj({spec.name: _option(spec) for spec in game.options})


def round_input(game: Game) -> Schema:
    return dict(game.described.round) if game.described else ANY_OBJECT


def part(game: Game) -> Schema:
    return dict(game.described.part) if game.described else ANY_OBJECT


def characters(games: Iterable[Game]) -> list[Schema]:
    return [dict(game.described.character) for game in games
            if game.described and game.described.character]


def round_shown(game: Game) -> Schema:
    detail = detail_schema(game.described.round_detail) if game.described else {}
    fields: dict[str, Schema] = {
        "number": {"type": "integer", "minimum": 1},
        "status": ROUND_STATUS,
        "input": ref(f"{title(game)}RoundInput"),
        "cells": nullable(array(INT, description="One per side; null while the round is open "
                                                  "or dead.")),
    }
    shown = obj(fields | detail)
    if not game.described:  # a game that says nothing of itself may say more than this
        shown["additionalProperties"] = True
    return shown


CHARACTER_SHOWN = nullable(obj({"symbols": array(TEXT), "revealed": FLAG},
                               description="A seat's character; null where hidden from "
                                           "this link."))


def match_shown(game: Game, extra: dict[str, Schema]) -> Schema:
    """A match of `game` as its GET shows it (SPEC section 2), with `extra` fields (the parts'
    own: a design's copy)."""
    fields: dict[str, Schema] = {
        "id": ID, "game": {"const": game.name}, "name": TEXT, "status": STATUS,
        "options": ref(f"{title(game)}Options"),
        "players": array(obj({"seat": COUNT, "name": TEXT})),
        "sides": array(obj({"index": COUNT, "name": TEXT, "seats": array(COUNT)})),
        "rounds": array(ref(f"{title(game)}Round")),
        "totals": array(INT, description="One per side."),
        "winners": array(COUNT, description="Side indexes; empty while active."),
        "leaders": array(COUNT, description="Side indexes of the best total now."),
        "target": nullable(INT), "version": VERSION, "created_at": MOMENT,
        "banked_at": nullable(MOMENT), "group": nullable(ID),
        "place": nullable(TEXT), "note": nullable(TEXT),
        "next": nullable(obj({"id": ID, "token": TEXT}, description=(
            "After a rematch: the next match, and this link's own link to it."))),
    }
    if game.described:
        fields |= detail_schema(game.described.match_detail)
    if game.secrets:
        fields["characters"] = array(CHARACTER_SHOWN)
    fields |= extra
    shown = obj(fields, required=[field for field in fields if field not in extra])
    if not game.described:  # a game that says nothing of itself may say more than this
        shown["additionalProperties"] = True
    return shown


def create_sent(game: Game, extra: dict[str, Schema]) -> Schema:
    """A create's body for `game` (SPEC section 2), with `extra` fields (a design)."""
    return body({
        "game": {"const": game.name},
        "players": array(PLAYER_NAME, minItems=game.min_players, maxItems=game.max_players,
                         description="The names in seat order."),
        "options": nullable(options_sent(game)),
        "name": nullable({"anyOf": [MATCH_NAME, {"type": "string", "pattern": r"^\s*$"}]},
                         description="Blank or null: the players' names."),
        "group": nullable({"type": "string", "description": "A group to play in: the bearer "
                                                            "token is then its owner link "
                                                            "(SPEC section 3)."}),
    } | extra, required=["game", "players"], title=game.name, ignores_others=True)


def components(extra_match: dict[str, dict[str, Schema]],
               extra_create: dict[str, dict[str, Schema]]) -> dict[str, Schema]:
    """Every game's schemas, by component name; `extra_*` adds fields to a game's."""
    made: dict[str, Schema] = {}
    for game in played():
        named = title(game)
        made[f"{named}Options"] = options_shown(game)
        made[f"{named}RoundInput"] = round_input(game)
        made[f"{named}Part"] = part(game)
        made[f"{named}Round"] = round_shown(game)
        made[f"{named}Match"] = match_shown(game, extra_match.get(game.name, {}))
        made[f"{named}Create"] = create_sent(game, extra_create.get(game.name, {}))
        if game.described:
            made |= {name: dict(schema) for name, schema in game.described.components.items()}
    made["Match"] = {"oneOf": [ref(f"{title(game)}Match") for game in played()],
                     "discriminator": {"propertyName": "game", "mapping": {
                         game.name: f"#/components/schemas/{title(game)}Match"
                         for game in played()}}}
    made["RoundInput"] = {"anyOf": [ref(f"{title(game)}RoundInput") for game in played()],
                          "description": "The round of the match's own game."}
    made["Part"] = {"anyOf": [ref(f"{title(game)}Part") for game in played()],
                    "description": "A seat's part, of the match's own game."}
    made["Character"] = {"anyOf": characters(played()) or [ANY_OBJECT],
                         "description": "A secret character, in a game that keeps them."}
    made["CreateMatch"] = {"oneOf": [ref(f"{title(game)}Create") for game in played()],
                           "discriminator": {"propertyName": "game", "mapping": {
                               game.name: f"#/components/schemas/{title(game)}Create"
                               for game in played()}}}
    return made


def game_names() -> list[str]:
    return [game.name for game in played()]
