"""The change log: every write through the API leaves who, what, which round, before and after."""

from __future__ import annotations

from api_helpers import changes


def logged(app, match) -> list[tuple]:
    return [(c.version, c.actor, c.action, c.round_number, c.seat, c.before, c.after)
            for c in changes(app, match)]


def test_each_write_is_logged_with_its_actor_and_values(api, app, start):
    match = start(("Ana", "Ben"), target=100)
    rounds = f"{match.path}/rounds"

    assert api.call("POST", rounds, match.host, json={"scores": [5, 6]}).status_code == 201
    assert api.call("PUT", f"{rounds}/1", match.host, json={"scores": [7, 6]}).status_code == 200
    assert api.call("PUT", f"{rounds}/1/seats/1", match.seats[1],
                    json={"score": 9}).status_code == 200
    assert api.call("PUT", f"{rounds}/2/seats/0", match.seats[0],
                    json={"score": 3}).status_code == 201
    assert api.call("DELETE", f"{rounds}/2", match.host).status_code == 200
    assert api.call("POST", f"{match.path}/abandon", match.host).status_code == 200

    assert logged(app, match) == [
        (1, "host", "create", None, None, None,
         {"players": ["Ana", "Ben"],
          "options": {"target": 100, "rounds": None, "lowest_wins": False,
                      "allow_negative": True}}),
        (2, "host", "add_round", 1, None, None, {"scores": [5, 6]}),
        (3, "host", "edit_round", 1, None, {"scores": [5, 6]}, {"scores": [7, 6]}),
        (4, "seat 1", "set_part", 1, 1, {"score": 6}, {"score": 9}),
        (5, "seat 0", "set_part", 2, 0, None, {"score": 3}),
        (6, "host", "delete_round", 2, None, {"scores": [3, None]}, None),
        (7, "host", "abandon", None, None, None, None),
    ]


def test_banking_is_logged_for_the_seat_that_banked(api, app, start, play):
    match = start(("Ana", "Ben"), rounds=1)
    play(match, [1, 2])

    assert api.call("POST", f"{match.path}/bank", match.seats[1]).status_code == 200

    assert logged(app, match)[-1] == (3, "seat 1", "bank", None, None, None, None)


def test_the_log_version_is_the_version_the_write_produced(api, app, match, play):
    body = play(match, [1, 2, 3], [4, 5, 6])
    response = api.call("PUT", f"{match.path}/rounds/2/seats/2", match.host, json={"score": 0})

    versions = [c.version for c in changes(app, match)]
    assert versions == [1, 2, 3, 4]
    assert body["version"] == 3
    assert response.get_json()["version"] == versions[-1]


def test_refused_writes_and_reads_log_nothing(api, app, match, play):
    play(match, [1, 2, 3])
    before = logged(app, match)

    api.call("GET", match.path, match.view)
    api.call("GET", f"{match.path}/tokens", match.host)
    api.call("POST", f"{match.path}/rounds", match.view, json={"scores": [1, 1, 1]})
    api.call("POST", f"{match.path}/rounds", match.host, json={"scores": [1, "x", 1]})
    api.call("PUT", f"{match.path}/rounds/1/seats/0", match.seats[1], json={"score": 1})
    api.call("DELETE", f"{match.path}/rounds/1", match.host, headers={"If-Match": '"1"'})
    api.call("POST", f"{match.path}/bank", match.host)

    assert logged(app, match) == before


def test_each_match_keeps_its_own_log(api, app, start, play):
    first, second = start(), start()
    play(first, [1, 1, 1])

    assert [c.action for c in changes(app, first)] == ["create", "add_round"]
    assert [c.action for c in changes(app, second)] == ["create"]
