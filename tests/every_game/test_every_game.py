"""What every registered game must do, written once and run over the registry (the toy game of
the tests included): start with its player counts and options, refuse what it cannot take with
SPEC's errors, and never answer a 5xx, whatever a phone sends."""

from __future__ import annotations

import pytest
from fresh_app import fresh_app
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.extensions import db
from app.games import GAMES
from app.games.custom import gallery
from app.models import Match

NAMES = sorted(GAMES)
# What a game needs besides its players to start, where it needs something (a sheet for any game
# is played from a design: one of the gallery's, by its id).
STARTS = {"custom": {"design": "yahtzee"}}


def names(count):
    return [f"P{i}" for i in range(count)]


def started_options(name, count):
    """The options a match of `name` started as STARTS says shows, its defaults filled in."""
    game = GAMES[name]
    design = STARTS.get(name, {}).get("design")
    given = {} if design is None else {"design": dict(gallery())[design]}
    return game.parse_options(given, count)


def match_count(app) -> int:
    with app.app_context():
        return db.session.query(Match).count()


@pytest.mark.parametrize("name", NAMES)
def test_a_game_starts_with_its_fewest_and_its_most_players(api, name):
    game = GAMES[name]
    for count in {game.min_players, game.max_players}:
        created = api.create(names(count), game=name, **STARTS.get(name, {}))
        assert [p["name"] for p in created["players"]] == names(count)
        assert len(created["tokens"]["seats"]) == count
        # Every option is shown, its default filled in, as the engine fills it.
        assert created["options"] == started_options(name, count)
        assert created["status"] == "active" and created["winners"] == []
        assert created["rounds"] == [] and len(created["totals"]) == len(created["sides"])


@pytest.mark.parametrize("name", NAMES)
def test_one_player_too_few_or_too_many_is_refused_and_creates_nothing(app, api, name):
    game = GAMES[name]
    for count in (game.min_players - 1, game.max_players + 1):
        if count < 0:
            continue
        before = match_count(app)
        answer = api.call("POST", "/matches", json={"game": name, "players": names(count),
                                                    **STARTS.get(name, {})})
        error = answer.get_json()["error"]
        assert answer.status_code == 422 and error["field"] == "players"
        assert f"{game.min_players} to {game.max_players}" in error["message"]
        assert match_count(app) == before


def wrong_values(spec):
    """Values an option of this kind can never take."""
    if spec.kind == "bool":
        return ["yes", 1, None]
    if spec.kind == "choice":
        return ["no such choice", 3, None]
    wrong = ["7", 2.5, True, [1]]
    if spec.minimum is not None:
        wrong.append(spec.minimum - 1)
    if spec.maximum is not None:
        wrong.append(spec.maximum + 1)
    if not spec.optional:
        wrong.append(None)
    return wrong


@pytest.mark.parametrize("name", NAMES)
def test_an_option_it_cannot_take_is_refused_at_its_field(app, api, name):
    game = GAMES[name]
    players = names(game.max_players)
    for spec in game.options:
        for value in wrong_values(spec):
            answer = api.call("POST", "/matches", json={
                "game": name, "players": players, "options": {spec.name: value},
                **STARTS.get(name, {})})
            assert answer.status_code == 422, (spec.name, value)
            assert answer.get_json()["error"]["field"] == f"options.{spec.name}"
    answer = api.call("POST", "/matches", json={"game": name, "players": players,
                                                "options": {"no_such_option": 1},
                                                **STARTS.get(name, {})})
    assert answer.status_code == 422
    assert answer.get_json()["error"]["field"] == "options.no_such_option"
    assert match_count(app) == 0


@pytest.mark.parametrize("name", NAMES)
def test_a_round_that_is_no_object_or_a_part_for_no_seat_is_refused(api, name):
    game = GAMES[name]
    created = api.create(names(game.min_players), game=name, **STARTS.get(name, {}))
    host, match = created["tokens"]["host"], created["id"]
    for body in ([], "round", 7, {"no_such_field": 1}):
        answer = api.call("POST", f"/matches/{match}/rounds", host, json=body)
        assert answer.status_code == 422, body
        assert set(answer.get_json()["error"]) >= {"code", "message"}
    seat = game.max_players + 1
    answer = api.call("PUT", f"/matches/{match}/rounds/1/seats/{seat}", host, json={})
    assert answer.status_code == 404
    assert api.call("GET", f"/matches/{match}", host).get_json()["version"] == created["version"]


# --- fuzz: anything a phone may send -----------------------------------------------------------

ODD = st.sampled_from(["\ud800", "\x00", "²", "١", "", "NaN", "x" * 50, 10**400, -1, 1e300])
SCALAR = st.none() | st.booleans() | st.integers(-30, 30) | st.floats(allow_nan=False) | ODD
KEY = st.sampled_from(["score", "scores", "hands", "players", "dead", "task", "vp", "symbols",
                       "correct", "incorrect", "banana", "melded", "in_hand", "went_out",
                       "counts", "tricks", "motif", "color"]) | st.text(max_size=6)
JSON = st.recursive(SCALAR, lambda inner: st.lists(inner, max_size=5)
                    | st.dictionaries(KEY, inner, max_size=5), max_leaves=16)


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory):
    yield from fresh_app(tmp_path_factory.mktemp("every_game"))


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_no_round_or_part_of_any_game_is_answered_with_a_5xx(fuzz_app, name, data):
    client = fuzz_app.test_client()
    game = GAMES[name]
    created = client.post("/api/v1/matches", json={
        "game": name, "players": names(data.draw(st.integers(game.min_players,
                                                             game.max_players))),
        **STARTS.get(name, {})}).get_json()
    host = {"Authorization": f"Bearer {created['tokens']['host']}"}
    match = f"/api/v1/matches/{created['id']}"
    for _ in range(data.draw(st.integers(1, 4))):
        before = client.get(match, headers=host).get_json()
        kind = data.draw(st.sampled_from(["round", "part", "edit"]))
        body = data.draw(JSON)
        if kind == "round":
            answer = client.post(f"{match}/rounds", json=body, headers=host)
        elif kind == "part":
            seat = data.draw(st.integers(0, len(created["players"])))
            answer = client.put(f"{match}/rounds/{len(before['rounds']) + 1}/seats/{seat}",
                                json=body, headers=host)
        else:
            answer = client.put(f"{match}/rounds/1", json=body, headers=host)
        assert answer.status_code < 500, (kind, body, answer.get_data(as_text=True))
        after = client.get(match, headers=host).get_json()
        if answer.status_code >= 400:
            assert set(answer.get_json()["error"]) >= {"code", "message"}
            assert after["version"] == before["version"]  # a refusal changes nothing
        else:
            assert after["version"] == before["version"] + 1
