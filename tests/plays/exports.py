"""BG Stats exports made up for the tests and the benchmark: the shape its backup
(BGStatsExport.json) writes, with the keys the importer reads and many it must leave alone."""

from __future__ import annotations

import random
import uuid
from datetime import datetime, timedelta

FIRST_NAMES = ("Ana", "Ben", "Cy", "Dora", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jules", "Kai",
               "Lena", "Mo", "Nia", "Otto", "Pia", "Quinn", "Rosa", "Sam", "Tove", "Uma", "Vik")
GAME_NAMES = ("Azul", "Wingspan", "Catan", "Carcassonne", "Ticket to Ride", "Pandemic",
              "Codenames", "7 Wonders", "Terraforming Mars", "Splendor", "Dominion", "Agricola",
              "Cascadia", "The Crew", "Hanabi", "Brass: Birmingham", "Everdell", "Root",
              "Patchwork", "Just One", "Spirit Island", "Decrypto", "Skull King", "Heat")
PLACES = ("Home", "Ana's flat", "The Dice Café", "Club night, Room 2", "Cabin")


def _uuid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def _stamp(when: datetime) -> str:
    return when.strftime("%Y-%m-%d %H:%M:%S")


def _game(rng: random.Random, number: int) -> dict:
    name = GAME_NAMES[(number - 1) % len(GAME_NAMES)]
    if number > len(GAME_NAMES):
        name += f" ({number // len(GAME_NAMES) + 1}e)"
    cooperative = rng.random() < 0.1
    return {"id": number, "uuid": _uuid(rng), "name": name,
            "modificationDate": "2020-01-05 10:00:00", "cooperative": cooperative,
            "highestWins": rng.random() < 0.85, "noPoints": cooperative or rng.random() < 0.08,
            "usesTeams": rng.random() < 0.1, "urlThumb": f"https://example.org/{number}.jpg",
            "urlImage": "", "bggName": name, "bggYear": rng.randint(1995, 2024),
            "bggId": rng.choice((0, rng.randint(1, 400_000))), "designers": "Someone",
            "isBaseGame": 1, "isExpansion": 0, "rating": 0, "minPlayerCount": 2,
            "maxPlayerCount": 6, "minPlayTime": 30, "maxPlayTime": 90, "minAge": 10,
            "preferredImage": 0, "previouslyPlayedAmount": 0, "copies": [],
            "metaData": '{"noPointsWinCondition":0}'}


def _player(rng: random.Random, number: int) -> dict:
    name = FIRST_NAMES[(number - 1) % len(FIRST_NAMES)]
    if number > len(FIRST_NAMES):
        name += f" {number // len(FIRST_NAMES) + 1}"
    return {"id": number, "uuid": _uuid(rng), "name": name,
            "isAnonymous": number % 9 == 0, "modificationDate": "2020-01-05 10:00:00",
            "bggUsername": name.lower() if rng.random() < 0.3 else "", "metaData": "{}"}


def _score(rng: random.Random) -> str:
    """A score as BG Stats keeps what was typed: mostly a number, sometimes a sum."""
    roll = rng.random()
    if roll < 0.04:
        return ""
    if roll < 0.16:
        terms = [rng.randint(-15, 40) for _ in range(rng.randint(2, 4))]
        text = str(terms[0])
        for term in terms[1:]:
            text += f"+{term}" if term >= 0 else str(term)
        return text
    if roll < 0.2:
        return f"{rng.randint(0, 99)}.{rng.randint(0, 9)}"
    return str(rng.randint(-5, 150))


def _value(score: str) -> float:
    """A typed score's size, only to choose the winners by (made up, so a rough one does)."""
    if not score:
        return float("-inf")
    total, term = 0.0, ""
    for ch in score + "+":
        if ch in "+-" and term not in ("", "-"):
            total += float(term)
            term = ""
        term += ch if ch != "+" else ""
    return total


def _play(rng: random.Random, number: int, players: list[dict], games: list[dict],
          locations: list[dict], start: datetime) -> dict:
    game = rng.choice(games)
    count = min(len(players), max(1, round(rng.gauss(4, 1.1))))
    seated = rng.sample(players, count)
    teams = game["usesTeams"] and count >= 2
    scores = [{"score": "" if game["noPoints"] else _score(rng), "winner": False,
               "newPlayer": rng.random() < 0.05, "startPlayer": False,
               "playerRefId": player["id"], "rank": 0, "seatOrder": seat,
               "team": str(seat % 2 + 1) if teams else "0"}
              for seat, player in enumerate(seated)]
    scores[rng.randrange(count)]["startPlayer"] = rng.random() < 0.7
    if game["cooperative"]:
        won = rng.random() < 0.5
        for line in scores:
            line["winner"] = won
    elif game["noPoints"]:
        rng.choice(scores)["winner"] = True
    else:
        sign = 1 if game["highestWins"] else -1
        best = max(sign * _value(line["score"]) for line in scores)
        for line in scores:
            line["winner"] = bool(line["score"]) and sign * _value(line["score"]) == best
    when = start + timedelta(minutes=number * 157 + rng.randint(0, 120))
    play = {"uuid": _uuid(rng), "modificationDate": _stamp(when + timedelta(hours=3)),
            "entryDate": _stamp(when + timedelta(hours=2)), "playDate": _stamp(when),
            "usesTeams": teams, "durationMin": rng.choice((0, rng.randint(10, 240))),
            "ignored": rng.random() < 0.03, "manualWinner": False, "rounds": 0, "bggId": 0,
            "gameRefId": game["id"], "rating": 0, "playerScores": scores, "playImages": "[]",
            "expansionPlays": [], "metaData": '{"players":[]}'}
    if rng.random() < 0.6:
        play["locationRefId"] = rng.choice(locations)["id"]
    return play


def make_export(plays: int, seed: int, players: int = 12, games: int = 20) -> dict:
    """A BG Stats export of `plays` plays among `players` players (every ninth anonymous) and
    `games` games: about 4 players a play, scores as strings (some sums, some empty), a location
    for most plays, a few ignored plays, and the export's other keys, which nothing reads."""
    rng = random.Random(seed)
    the_players = [_player(rng, number) for number in range(1, players + 1)]
    the_games = [_game(rng, number) for number in range(1, games + 1)]
    locations = [{"id": number, "uuid": _uuid(rng), "name": name,
                  "modificationDate": "2020-01-05 10:00:00"}
                 for number, name in enumerate(PLACES, start=1)]
    start = datetime(2018, 1, 1, 18, 0) + timedelta(days=rng.randint(0, 400))
    return {
        "challenges": [{"id": 1, "name": "10x10", "games": [1, 2]}],
        "games": the_games,
        "groups": [{"id": 1, "name": "Tuesday", "players": [1, 2]}],
        "locations": locations,
        "players": the_players,
        "plays": [_play(rng, number, the_players, the_games, locations, start)
                  for number in range(plays)],
        "tags": [{"id": 1, "name": "campaign"}],
        "userInfo": {"meRefId": 1, "bggUsername": "someone", "appVersion": "7.0.1"},
    }
