"""SPEC section 3, taking the bank elsewhere: the group's CSV and JSON, a match's CSV, and the
JSON import that rebuilds the bank on another server (or refuses, with nothing half made)."""

from __future__ import annotations

import csv
import io
import json

import pytest
from api_helpers import bank_export, error_of, free_sheet, group_count, imported, match_count
from sqlalchemy import func, select

from app.services.bank import imports

ROSTER = {1: "Ana", 2: "Ben", 3: "Cy"}


def rows(response) -> list[list[str]]:
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    return list(csv.reader(io.StringIO(response.get_data(as_text=True))))


# --- the group's CSV -----------------------------------------------------------------------


def test_the_group_csv_has_a_row_per_player_per_banked_match(api, group, banked_in):
    first = banked_in(group, ["Ana", "Ben"], [3, -8])
    second = banked_in(group, ["Cy", "Ana", "Ben"], [5, 5, 1])
    practice = banked_in(group, ["Ana", "Ben"], [1, 1])
    api.call("DELETE", f"{group.path}/matches/{practice.id}", group.owner)

    table = rows(api.call("GET", f"{group.path}/export.csv", group.view))

    assert table[0] == ["match_id", "game", "banked_at", "player", "seat", "side", "total",
                        "rank", "winner", "place"]
    body = [row for row in table[1:]]
    assert [row[0].lstrip("'") for row in body] == [first.id] * 2 + [second.id] * 3
    assert [row[3:] for row in body] == [
        ["Ana", "0", "0", "3", "1", "true", "1"], ["Ben", "1", "1", "-8", "2", "false", "2"],
        ["Cy", "0", "0", "5", "1", "true", "1"], ["Ana", "1", "1", "5", "1", "true", "1"],
        ["Ben", "2", "2", "1", "3", "false", "3"]]
    assert all(row[1] == "generic" and row[2].endswith("+00:00") for row in body)


def test_csv_text_cells_never_run_as_formulas_but_numbers_stay_numbers(api):
    roster = {1: "=SUM(A1:A9)", 2: "+44 ring", 3: "-Cy", 4: "@Dee", 5: "Eve"}
    group = imported(api, bank_export(roster, [
        free_sheet(roster, [1, 2, 3, 4, 5], [[-5, 0, 3, 1, 2]])]))

    table = rows(api.call("GET", f"{group.path}/export.csv", group.owner))

    assert [row[3] for row in table[1:]] == ["'=SUM(A1:A9)", "'+44 ring", "'-Cy", "'@Dee", "Eve"]
    assert [row[6] for row in table[1:]] == ["-5", "0", "3", "1", "2"]
    text = api.call("GET", f"{group.path}/export.csv", group.owner).get_data(as_text=True)
    assert "\n=" not in text and ",=" not in text and ",@" not in text and ",+" not in text


# --- a match's CSV -------------------------------------------------------------------------


def test_a_matchs_csv_has_its_complete_rounds_and_totals(api, start, play):
    match = start(("Ana", "-Ben", "Cy"))
    play(match, [1, -2, 3], [4, 5, 6], [7, None, 9])

    for token in (match.host, match.view, match.seats[1]):
        table = rows(api.call("GET", f"{match.path}/export.csv", token))
        assert table == [["round", "Ana", "'-Ben", "Cy"], ["1", "1", "-2", "3"],
                         ["2", "4", "5", "6"], ["total", "5", "3", "9"]]


def test_a_dead_hand_has_empty_cells_and_partners_one_column(api, start):
    match = start(("Ana", "Ben", "Cy", "Dee"), game="banakil", target=1000)
    goer = {"melded": {"7-K": 6, "A": 2}, "went_out": True}
    hand = {"melded": {"3-6": 3, "7-K": 4}, "in_hand": {"A": 1}}
    api.call("POST", f"{match.path}/rounds", match.host, json={"dead": True})
    api.call("POST", f"{match.path}/rounds", match.host, json={"hands": [goer, hand, hand, hand]})

    table = rows(api.call("GET", f"{match.path}/export.csv", match.view))

    assert table == [["round", "Ana & Cy", "Ben & Dee"], ["1", "", ""], ["2", "29", "4"],
                     ["total", "29", "4"]]


def test_a_matchs_csv_is_for_its_own_links(api, match, start):
    other = start()
    error_of(api.call("GET", f"{match.path}/export.csv"), 401)
    error_of(api.call("GET", f"{match.path}/export.csv", other.view), 404)


# --- the group's JSON, and importing it ----------------------------------------------------


@pytest.fixture
def bank(api, group, start_in, banked_in, play):
    """A bank of every kind: two free sheets (one taken out, one with a place and a note), a
    Bandido match with characters, and a Banakil partnership with a dead hand."""
    banked_in(group, ["Ana", "Ben"], [3, -8], [2, 2])
    practice = banked_in(group, ["Ana", "Cy"], [1, 0], lowest_wins=True)
    api.call("DELETE", f"{group.path}/matches/{practice.id}", group.owner)
    noted = banked_in(group, ["Cy", "Ben", "Ana"], [5, 5, 1])
    api.call("PATCH", noted.path, noted.host, json={"place": "Mia's", "note": "Ben's birthday"})
    bandido = start_in(group, ["Ana", "Ben", "Dee"], game="bandido")
    for seat, symbols in ((0, ["water"] * 3), (1, ["stone", "stone", "water"])):
        api.call("PUT", f"{bandido.path}/seats/{seat}/character", bandido.seats[seat],
                 json={"symbols": symbols, "revealed": seat == 0})
    play_bandido = api.call("POST", f"{bandido.path}/rounds", bandido.host, json={"players": [
        {"vp": 2, "symbols": ["water"]}, {"vp": 1, "symbols": ["stone", "water", "stone"]},
        {"vp": 3, "symbols": []}]})
    assert play_bandido.get_json()["status"] == "over"
    api.call("POST", f"{bandido.path}/bank", bandido.host)
    banakil = start_in(group, ["Ana", "Ben", "Cy", "Dee"], game="banakil", target=20)
    goer = {"melded": {"7-K": 6, "A": 2}, "went_out": True}
    api.call("POST", f"{banakil.path}/rounds", banakil.host, json={"dead": True})
    api.call("POST", f"{banakil.path}/rounds", banakil.host, json={"hands": [
        {"score": -20}, goer, {"score": 12.5}, {"score": 30, "melded": True}]})
    assert api.call("POST", f"{banakil.path}/bank", banakil.host).status_code == 200
    return group


def test_the_export_holds_the_bank_and_no_link(api, bank):
    response = api.call("GET", f"{bank.path}/export.json", bank.view)

    assert response.status_code == 200
    assert "attachment" in response.headers["Content-Disposition"]
    export = response.get_json()
    assert export["format"] == "squarescores-group" and export["format_version"] == 1
    assert export["name"] == "Thursday"
    assert {p["name"] for p in export["players"]} == {"Ana", "Ben", "Cy", "Dee"}
    assert len(export["matches"]) == 5
    assert [m["taken_out"] for m in export["matches"]].count(True) == 1
    noted = next(m for m in export["matches"] if m["place"])
    assert (noted["place"], noted["note"]) == ("Mia's", "Ben's birthday")
    bandido = next(m for m in export["matches"] if m["game"] == "bandido")
    assert bandido["characters"] == [{"symbols": ["water"] * 3, "revealed": True},
                                     {"symbols": ["stone", "stone", "water"], "revealed": False},
                                     None]
    banakil = next(m for m in export["matches"] if m["game"] == "banakil")
    assert banakil["rounds"][0] == {"dead": True}
    text = response.get_data(as_text=True)
    group = api.call("GET", bank.path, bank.view).get_json()
    for summary in group["matches"]:
        assert summary["view_token"] not in text
    assert bank.owner not in text and bank.view not in text


def comparable(stats: dict) -> dict:
    """Statistics with roster ids left out (an import gives new ones)."""
    return {**stats, "players": [{k: v for k, v in p.items() if k != "player"}
                                 for p in stats["players"]]}


def test_an_import_rebuilds_the_bank_with_new_ids_and_links(app, api, bank):
    export = api.call("GET", f"{bank.path}/export.json", bank.owner).get_json()

    copy = imported(api, export)

    assert copy.id != bank.id and {copy.owner, copy.view}.isdisjoint({bank.owner, bank.view})
    for game in ("", "generic", "bandido", "banakil"):
        query = f"?game={game}"
        assert comparable(api.call("GET", f"{copy.path}/stats{query}", copy.view).get_json()) == \
            comparable(api.call("GET", f"{bank.path}/stats{query}", bank.view).get_json())
    mine = api.call("GET", bank.path, bank.view).get_json()["matches"]
    theirs = api.call("GET", copy.path, copy.view).get_json()["matches"]
    assert len(mine) == len(theirs)
    for a, b in zip(mine, theirs, strict=True):
        assert a["id"] != b["id"] and a["view_token"] != b["view_token"]
        for field in ("game", "name", "started_at", "banked_at", "rounds", "place", "note",
                      "taken_out", "duration"):
            assert a[field] == b[field], field
        assert [{k: v for k, v in p.items() if k != "player"} for p in a["players"]] == \
            [{k: v for k, v in p.items() if k != "player"} for p in b["players"]]
        one = api.call("GET", f"/matches/{a['id']}", a["view_token"]).get_json()
        two = api.call("GET", f"/matches/{b['id']}", b["view_token"]).get_json()
        assert two["status"] == "banked" and two["group"] == copy.id
        for field in ("rounds", "totals", "winners", "options", "players", "sides",
                      "characters"):
            assert one.get(field) == two.get(field), field
    # and the copy exports what the original did, ids aside
    again = api.call("GET", f"{copy.path}/export.json", copy.owner).get_json()
    strip = lambda e: [{k: v for k, v in m.items() if k not in ("id", "players")}  # noqa: E731
                       for m in e["matches"]]
    assert strip(again) == strip(export)


def broken(export: dict, where: str, value) -> dict:
    """The export with one field (a dotted path; [n] for an index) set to `value`."""
    copy = json.loads(json.dumps(export))
    path = where.replace("]", "").replace("[", ".").split(".")
    node = copy
    for step in path[:-1]:
        node = node[int(step)] if isinstance(node, list) else node[step]
    last = path[-1]
    if value is DELETE:
        del node[int(last) if isinstance(node, list) else last]
    elif isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return copy


DELETE = object()
GOOD = bank_export(ROSTER, [free_sheet(ROSTER, [1, 2], [[1, 5], [2, 2]])])


@pytest.mark.parametrize("where, value, field", [
    ("format", "other-app", "format"),
    ("format_version", 2, "format_version"),
    ("surprise", 1, "surprise"),
    ("name", "", "name"),
    ("players[1].name", "ANA", "players[1].name"),
    ("players[1].id", 1, "players[1].id"),
    ("players[1].id", True, "players[1].id"),
    ("players", {"1": "Ana"}, "players"),
    ("matches", {}, "matches"),
    ("matches[0]", [], "matches[0]"),
    ("matches[0].game", "chess", "matches[0].game"),
    ("matches[0].game", None, "matches[0].game"),
    ("matches[0].rounds", [{"scores": [1, 5]}], "matches[0].rounds"),  # not over yet
    ("matches[0].rounds", [{"scores": [1, 5]}, {"scores": [1, 1]}, {"scores": [1, 1]}],
     "matches[0].rounds"),  # a round past the end
    ("matches[0].rounds", [], "matches[0].rounds"),
    ("matches[0].rounds[1]", {"scores": ["x", 1]}, "matches[0].rounds[1].scores[0]"),
    ("matches[0].rounds[1]", {"scores": [1, None]}, "matches[0].rounds"),  # open
    ("matches[0].options.rounds", 0, "matches[0].options.rounds"),
    ("matches[0].options.colour", "red", "matches[0].options.colour"),
    ("matches[0].players[1].player", 9, "matches[0].players[1].player"),
    ("matches[0].players[1].player", 1, "matches[0].players[1].player"),
    ("matches[0].players[1].name", "", "matches[0].players[1]"),
    ("matches[0].players[1].seat", 0, "matches[0].players[1].seat"),
    ("matches[0].players", [], "matches[0].players"),
    ("matches[0].characters", [{"symbols": ["stone"] * 3}, None], "matches[0].characters[0]"),
    ("matches[0].started_at", "yesterday", "matches[0].started_at"),
    ("matches[0].banked_at", "2025-01-01T00:00:00+00:00", "matches[0].banked_at"),
    ("matches[0].banked_at", DELETE, "matches[0].banked_at"),
    # Issue 41: a moment every sum done with it later can hold, in UTC: from 1900 to 2999.
    ("matches[0].started_at", "0001-01-01T00:00:00+00:00", "matches[0].started_at"),
    ("matches[0].started_at", "1900-01-01T00:30:00+01:00", "matches[0].started_at"),
    ("matches[0].banked_at", "9999-12-31T23:59:59+00:00", "matches[0].banked_at"),
    ("matches[0].banked_at", "9999-12-31T23:59:59", "matches[0].banked_at"),
    ("matches[0].banked_at", "2999-12-31T23:30:00-01:00", "matches[0].banked_at"),
    ("matches[0].taken_out", "no", "matches[0].taken_out"),
    ("matches[0].place", "x" * 81, "matches[0].place"),
    ("matches[0].note", 5, "matches[0].note"),
])
def test_a_broken_import_is_422_and_makes_nothing(app, api, where, value, field):
    assert api.call("POST", "/groups/import", json=GOOD).status_code == 201
    groups, matches = group_count(app), match_count(app)

    error = error_of(api.call("POST", "/groups/import", json=broken(GOOD, where, value)), 422)

    assert error["field"] == field, error
    assert (group_count(app), match_count(app)) == (groups, matches)


def test_a_hostile_bandido_character_is_422(app, api):
    match = free_sheet(ROSTER, [1, 2], [[1, 5]])
    match |= {"game": "bandido", "options": {}, "characters": [
        {"symbols": ["stone", "stone", "gold"], "revealed": False}, None],
        "rounds": [{"players": [{"vp": 5, "symbols": []}, {"vp": 0, "symbols": []}]}]}
    error = error_of(api.call("POST", "/groups/import", json=bank_export(ROSTER, [match])), 422)
    assert error["field"].startswith("matches[0].characters[0]")
    assert group_count(app) == 0


def test_a_late_failure_leaves_nothing_of_the_early_matches(app, api):
    good = GOOD["matches"][0]
    export = bank_export(ROSTER, [good] * 5 + [broken(good, "game", "chess")])
    error_of(api.call("POST", "/groups/import", json=export), 422)
    assert (group_count(app), match_count(app)) == (0, 0)


def test_an_import_that_is_no_json_is_400(app, api):
    error_of(api.call("POST", "/groups/import", data=b"{", content_type="application/json"), 400)
    error_of(api.call("POST", "/groups/import", data=b"[" * 100_000 + b"]" * 100_000,
                      content_type="application/json"), 400)
    error_of(api.call("POST", "/groups/import", json=[GOOD]), 422)
    assert group_count(app) == 0


def test_an_import_may_be_larger_than_any_other_request_up_to_its_own_limit(app, api):
    roster = {i: f"P{i}" for i in range(1, 5)}
    export = bank_export(roster, [
        free_sheet(roster, [1, 2, 3, 4], [[n % 9, 1, 2, 3]] * 3) | {"note": "x" * 200}
        for n in range(800)])
    size = len(json.dumps(export))
    assert app.config["MAX_CONTENT_LENGTH"] < size

    assert api.call("POST", "/groups/import", json=export).status_code == 201
    error = api.call("POST", "/groups", json={"name": "T", "players": ["x"] * 60_000})
    assert error.status_code == 413

    app.config["IMPORT_MAX_BYTES"] = size - 1
    too_big = api.call("POST", "/groups/import", json=export)
    assert too_big.status_code == 413
    assert too_big.get_json()["error"]["code"] and group_count(app) == 1


def test_importing_counts_toward_the_creation_limit(app, api):
    app.config["RATELIMIT_ENABLED"] = True
    app.config["RATELIMIT_CREATE_PER_MINUTE"] = 2
    from app import ratelimit

    ratelimit.reset()
    assert api.call("POST", "/groups", json={"name": "T"}).status_code == 201
    assert api.call("POST", "/groups/import", json=GOOD).status_code == 201
    response = api.call("POST", "/groups/import", json=GOOD)
    error_of(response, 429)
    assert response.headers["Retry-After"] and group_count(app) == 2
    ratelimit.reset()


def test_an_import_holds_at_most_so_many_players_matches_and_rounds(app, api, monkeypatch):
    monkeypatch.setattr(imports, "ROSTER_LIMIT", 2)
    assert error_of(api.call("POST", "/groups/import", json=GOOD), 422)["field"] == "players"
    monkeypatch.setattr(imports, "ROSTER_LIMIT", 3)
    monkeypatch.setattr(imports, "MOST_MATCHES", 1)
    two = bank_export(ROSTER, GOOD["matches"] * 2)
    assert error_of(api.call("POST", "/groups/import", json=two), 422)["field"] == "matches"
    monkeypatch.setattr(imports, "MOST_MATCHES", 2)
    monkeypatch.setattr(imports, "MOST_ROUNDS", 3)
    assert error_of(api.call("POST", "/groups/import", json=two), 422)["field"] == "matches"
    assert group_count(app) == 0
    monkeypatch.setattr(imports, "MOST_ROUNDS", 4)
    assert api.call("POST", "/groups/import", json=two).status_code == 201


def test_an_import_with_a_match_of_more_than_1000_rounds_is_422(app, api):
    """SPEC section 6: a match holds at most 1,000 rounds, an imported one too (nothing made)."""
    roster = {1: "Ana", 2: "Ben"}
    longest = free_sheet(roster, [1, 2], [[0, 0]] * 999 + [[1, 0]]) | {"options": {"target": 1}}
    assert api.call("POST", "/groups/import",
                    json=bank_export(roster, [longest])).status_code == 201
    longer = free_sheet(roster, [1, 2], [[0, 0]] * 1000 + [[1, 0]]) | {"options": {"target": 1}}
    error = error_of(api.call("POST", "/groups/import", json=bank_export(roster, [longer])), 422)
    assert error["field"] == "matches[0].rounds" and "1000 rounds" in error["message"]
    assert group_count(app) == 1


def test_an_import_that_fails_while_written_leaves_nothing(app, api, monkeypatch):
    """An import is written a batch a transaction (the worker's other requests served between);
    one that fails half way, as a full disk would, takes out all it wrote."""
    roster = {i: f"P{i}" for i in range(1, 5)}
    export = bank_export(roster, [free_sheet(roster, [1, 2, 3, 4], [[n % 9, 1, 2, 3]] * 3)
                                  for n in range(30)])
    monkeypatch.setattr(imports, "BATCH", 20)
    written = []
    insert = imports._insert

    def failing(model, rows):
        if model.__name__ == "Entry":
            raise OSError("disk full")
        written.append(model.__name__)
        insert(model, rows)

    monkeypatch.setattr(imports, "_insert", failing)
    with pytest.raises(OSError):
        api.call("POST", "/groups/import", json=export)
    assert written == ["Match", "Seat", "Token", "Change", "Round"]
    assert (group_count(app), match_count(app)) == (0, 0)
    from app.extensions import db
    from app.models import Player, Round, Seat, Token

    with app.app_context():
        for model in (Player, Round, Seat, Token):
            assert db.session.scalar(select(func.count()).select_from(model)) == 0, model


def test_an_export_is_written_once_per_version_and_the_page_gives_the_same(app, api, client):
    """A version's bank never changes: its export is written once and kept, only the time of
    the export being each request's own; the group page's export.json is the same bank."""
    import re

    from api_helpers import sql_seen

    group = imported(api, bank_export(ROSTER, [
        free_sheet(ROSTER, [1, 2], [[3, 1], [2, 2]], banked_at="2026-11-20T21:00:00+00:00"),
        free_sheet(ROSTER, [2, 3], [[1, 4]], banked_at="2026-11-20T22:00:00+00:00")]))
    path = f"/groups/{group.id}/export.json"
    first = api.call("GET", path, group.owner)
    assert first.status_code == 200 and first.mimetype == "application/json"
    with sql_seen(app) as seen:
        again = api.call("GET", path, group.owner)
    assert [s for s in seen if re.search(r'\b(FROM|JOIN)\s+"?(round|entry|seat)\b', s)] == []
    exported = first.get_json()
    assert again.get_json() | {"exported_at": None} == exported | {"exported_at": None}
    page = client.get(f"/g/{group.owner}/export.json")
    assert page.get_json() | {"exported_at": None} == exported | {"exported_at": None}
    assert [len(match["rounds"]) for match in exported["matches"]] == [2, 1]
    # What it holds imports again as the same bank.
    assert len(imported(api, exported).created["tokens"]) >= 2

    # A new version of the bank (a match taken out) is written anew.
    taken = exported["matches"][0]["id"]
    assert api.call("DELETE", f"/groups/{group.id}/matches/{taken}", group.owner).status_code \
        in (200, 204)
    after = api.call("GET", path, group.owner).get_json()
    assert [match["taken_out"] for match in after["matches"]] == [True, False]
