"""A design's copy read as a design is, wherever it comes in (SPEC sections 6 and 10): made with
POST /designs or a new version, sent whole with a match or a night, or carried by a match of an
imported export.json. Everywhere the same normal form of its texts, the same raw bound before
NFKC and the same refusals, each at its own path; and an ordinary export still imports whole."""

from __future__ import annotations

import json
from typing import Any

import pytest
from api_helpers import error_of, group_count, imported, match_count

# A design with a text in every place a design keeps one: its name, row labels, a choice's
# options, and a German and Arabic name, row labels and options; and a tie-break.
QUIZ: dict[str, Any] = {
    "name": "Pub quiz", "players": [2, 6],
    "tiebreak": [{"row": "answers", "order": "most"}],
    "rows": [
        {"key": "answers", "label": "Answers", "kind": "number", "min": 0, "max": 50},
        {"key": "joker", "label": "Joker", "kind": "choice",
         "options": [{"label": "Kept", "points": 0}, {"label": "Played", "points": 5}]},
        {"key": "bonus", "label": "Bonus", "kind": "check", "points": 3},
    ],
    "labels": {
        "de": {"name": "Kneipenquiz", "rows": {"answers": "Antworten"},
               "options": {"joker": ["Behalten", "Gespielt"]}},
        "ar": {"name": "مسابقة الحانة", "rows": {"answers": "إجابات"},
               "options": {"joker": ["محفوظ", "ملعوب"]}},
    },
}
TALLY = [{"answers": 30, "joker": 1, "bonus": True}, {"answers": 31, "joker": 0, "bonus": False}]

# The four texts (41, item 5), and others of their kinds: each a text that POST /designs
# refuses where it stands, so a design carrying it is refused wherever it comes in.
REFUSED = [
    ("name", "\u202e\u200b"),  # bidi and zero-width controls: nothing shows
    ("rows[2].label", "\x00\x07"),  # NUL and BEL
    ("rows[1].options[0].label", "\ufdfa" * 40),  # 40 characters raw, 720 once NFKC made them
    ("labels.de.name", "\u3164"),  # a Hangul filler: nothing shows
    ("labels.ar.rows.answers", "\u2800\u200d"),
    ("labels.de.options.joker[1]", "\ufdfa" * 3),
]
# Texts that POST /designs keeps in their normal form: kept so wherever they come in.
NORMALISED = [
    ("name", "\u202eNAME\u200b", "NAME"),
    ("rows[2].label", "Bo\x00nus\x07", "Bonus"),
    ("rows[1].options[1].label", "Played \u2066 \u3000 twice", "Played twice"),
    ("labels.de.rows.answers", "Ａｎｔｗｏｒｔｅｎ", "Antworten"),
]


def put(body: Any, where: str, value: Any) -> Any:
    """A copy of `body` with the field at `where` (dotted, [n] for an index) set to `value`."""
    copy = json.loads(json.dumps(body))
    path = where.replace("]", "").replace("[", ".").split(".")
    node = copy
    for step in path[:-1]:
        node = node[int(step)] if isinstance(node, list) else node[step]
    node[int(path[-1]) if isinstance(node, list) else path[-1]] = value
    return copy


@pytest.fixture
def export(api, group) -> dict[str, Any]:
    """The group's export.json, its bank one match of QUIZ (sent whole), its tally played."""
    made = api.call("POST", "/matches", group.owner, json={
        "game": "custom", "players": ["Ana", "Ben"], "design": QUIZ, "group": group.id})
    assert made.status_code == 201, made.get_json()
    match = made.get_json()
    host = match["tokens"]["host"]
    played = api.call("POST", f"/matches/{match['id']}/rounds", host, json={"players": TALLY})
    assert played.get_json()["status"] == "over", played.get_json()
    assert api.call("POST", f"/matches/{match['id']}/bank", host).status_code == 200
    return api.call("GET", f"/groups/{group.id}/export.json", group.owner).get_json()


def imported_match(api, export: dict[str, Any]) -> dict[str, Any]:
    """The one match of an imported export, as its view link's GET answers it."""
    copy = imported(api, export)
    summary = api.call("GET", copy.path, copy.view).get_json()["matches"][0]
    return api.call("GET", f"/matches/{summary['id']}", summary["view_token"]).get_json()


@pytest.mark.parametrize("where, text", REFUSED)
def test_a_design_text_refused_anywhere_is_refused_in_an_imported_match_and_everywhere(
        app, api, group, export, where, text):
    hostile = put(QUIZ, where, text)
    made = api.call("POST", "/designs", json=QUIZ).get_json()
    before = (group_count(app), match_count(app))

    refused = api.call("POST", "/groups/import",
                       json=put(export, f"matches[0].options.design.{where}", text))

    assert error_of(refused, 422)["field"] == f"matches[0].options.design.{where}"
    assert (group_count(app), match_count(app)) == before
    # ... as it is refused at every other door a design comes in by.
    assert error_of(api.call("POST", "/designs", json=hostile), 422)["field"] == where
    assert error_of(api.call("PUT", f"/designs/{made['id']}", made["tokens"]["owner"],
                             json=hostile), 422)["field"] == where
    players = {"game": "custom", "players": ["Ana", "Ben"]}
    assert error_of(api.call("POST", "/matches", json=players | {"design": hostile}),
                    422)["field"] == f"design.{where}"
    assert error_of(api.call("POST", "/matches", json=players | {"options": {"design": hostile}}),
                    422)["field"] == f"options.design.{where}"
    roster = [p["id"] for p in api.call("GET", group.path, group.owner).get_json()["players"]]
    night = api.call("POST", f"{group.path}/nights", group.owner, json={
        "game": "custom", "design": hostile, "players": roster, "table_size": 3})
    assert error_of(night, 422)["field"] == f"design.{where}"
    assert (group_count(app), match_count(app)) == before
    assert api.call("GET", f"/designs/{made['id']}").get_json()["version"] == 1


@pytest.mark.parametrize("where, text, kept", NORMALISED)
def test_an_imported_design_keeps_its_texts_in_their_normal_form_as_a_made_one_does(
        api, export, where, text, kept):
    made = api.call("POST", "/designs", json=put(QUIZ, where, text)).get_json()["design"]

    match = imported_match(api, put(export, f"matches[0].options.design.{where}", text))

    assert match["design"]["design"] == made == put(made, where, kept)
    assert match["options"]["design"] == made
    assert text not in json.dumps(match, ensure_ascii=False)


def test_a_copy_past_any_designs_json_is_refused_before_it_is_read_as_a_sent_one_is(
        app, api, export):
    padded = put(QUIZ, "rows[0].label", " " * (4 * 64 * 1024))  # past 4 × 64 KiB of JSON
    assert api.call("POST", "/designs", json=padded).status_code == 413  # past any request's
    before = (group_count(app), match_count(app))

    refused = api.call("POST", "/groups/import", json=put(export, "matches[0].options.design",
                                                         padded))

    assert error_of(refused, 422)["field"] == "matches[0].options.design"
    assert (group_count(app), match_count(app)) == before


def test_an_imported_matchs_page_shows_no_raw_design_text(api, client, export):
    copy = imported(api, put(export, "matches[0].options.design.name", "\u202eNAME\u200b"))
    view = api.call("GET", copy.path, copy.view).get_json()["matches"][0]["view_token"]

    page = client.get(f"/m/{view}")

    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "NAME" in html and "\u202e" not in html and "\u200b" not in html


def test_an_ordinary_export_with_a_design_imports_and_reads_back_the_same(api, group, export):
    original = next(m for m in api.call("GET", group.path, group.view).get_json()["matches"])
    mine = api.call("GET", f"/matches/{original['id']}", original["view_token"]).get_json()
    assert mine["design"]["id"] is None and mine["design"]["design"]["labels"] == QUIZ["labels"]

    copy = imported(api, export)

    summary = api.call("GET", copy.path, copy.view).get_json()["matches"][0]
    theirs = api.call("GET", f"/matches/{summary['id']}", summary["view_token"]).get_json()
    for field in ("design", "options", "rounds", "totals", "row_totals", "winners", "places",
                  "players", "status"):
        assert theirs[field] == mine[field], field
    again = api.call("GET", f"{copy.path}/export.json", copy.owner).get_json()
    assert [{k: v for k, v in m.items() if k not in ("id", "players")} for m in again["matches"]] \
        == [{k: v for k, v in m.items() if k not in ("id", "players")} for m in export["matches"]]


@pytest.mark.parametrize("where, value, field", [
    # Where a copy came from is a design's id (its link's letters), never any text.
    ("matches[0].design", {"id": "\u202eab\x00", "version": 1}, "matches[0].design.id"),
    ("matches[0].design", {"id": "a b", "version": 1}, "matches[0].design.id"),
    # A game played without a design came from none.
    ("matches[0].game", "generic", "matches[0].design"),
])
def test_where_an_imported_copy_came_from_is_a_designs_id_and_only_a_designs(
        app, api, made, where, value, field):
    created = made(QUIZ)
    export = {"format": "squarescores-group", "format_version": 1, "name": "Quiz",
              "players": [{"id": 1, "name": "Ana"}, {"id": 2, "name": "Ben"}],
              "matches": [{"game": "custom", "name": "Ana, Ben",
                           "options": {"design": created["design"]},
                           "design": {"id": created["id"], "version": 1},
                           "players": [{"seat": 0, "name": "Ana", "player": 1},
                                       {"seat": 1, "name": "Ben", "player": 2}],
                           "rounds": [{"players": TALLY}],
                           "started_at": "2026-01-01T20:00:00+00:00",
                           "banked_at": "2026-01-01T21:00:00+00:00"}]}
    assert api.call("POST", "/groups/import", json=export).status_code == 201
    if value == "generic":  # a free sheet's own options and rounds, the design's origin kept
        export = put(export, "matches[0].options", {"rounds": 1})
        export = put(export, "matches[0].rounds", [{"scores": [1, 2]}])
    before = (group_count(app), match_count(app))

    error = error_of(api.call("POST", "/groups/import", json=put(export, where, value)), 422)

    assert error["field"] == field
    assert (group_count(app), match_count(app)) == before


# 39 formulas of one number multiplied by itself 150 times, 12 players, scored round by round:
# legal by every rule of SPEC 10 but the work of its formulas (issue 41: replayed over 1,000
# rounds it held a worker for 30 s). Refused at its first formula at every door.
HEAVY: dict[str, Any] = {
    "name": "Heavy", "scoring": "rounds",
    "rows": [{"key": "a", "label": "A", "kind": "number"}]
    + [{"key": f"f{n}", "label": f"F{n}", "kind": "formula", "formula": "*".join(["a"] * 150)}
       for n in range(39)],
}


def test_a_design_past_its_formulas_budget_is_refused_at_every_door(app, api, group, export):
    made = api.call("POST", "/designs", json=QUIZ).get_json()
    before = (group_count(app), match_count(app))
    where = "rows[1].formula"
    refusal = error_of(api.call("POST", "/designs", json=HEAVY), 422)
    assert refusal["field"] == where and "at most 100 steps" in refusal["message"]
    assert error_of(api.call("PUT", f"/designs/{made['id']}", made["tokens"]["owner"],
                             json=HEAVY), 422)["field"] == where
    players = {"game": "custom", "players": ["Ana", "Ben"]}
    assert error_of(api.call("POST", "/matches", json=players | {"design": HEAVY}),
                    422)["field"] == f"design.{where}"
    assert error_of(api.call("POST", "/matches", json=players | {"options": {"design": HEAVY}}),
                    422)["field"] == f"options.design.{where}"
    carried = put(export, "matches[0].options.design", HEAVY)
    assert error_of(api.call("POST", "/groups/import", json=carried),
                    422)["field"] == f"matches[0].options.design.{where}"
    assert (group_count(app), match_count(app)) == before
    # Two of them for at most two players are within it (600 steps for two players).
    light = HEAVY | {"players": [1, 2], "rows": HEAVY["rows"][:3]}
    assert api.call("POST", "/designs", json=light).status_code == 201


def test_a_match_and_a_night_made_before_the_budget_play_on(api, group, monkeypatch):
    """A pad accepted before the budget (ten formulas of 15 steps at 12 players): its match's
    line still moves and its night still seats; only a design sent anew is held to it."""
    from app.games.custom import design as reading

    pad = {"name": "Old pad", "players": [2, 12], "scoring": "rounds", "target": 500,
           "rows": [{"key": "a", "label": "A", "kind": "number"}]
           + [{"key": f"f{n}", "label": f"F{n}", "kind": "formula",
               "formula": "a*2+a*3+a*4-a-1"} for n in range(10)]}
    assert error_of(api.call("POST", "/designs", json=pad), 422)["field"] == "rows[7].formula"
    monkeypatch.setattr(reading, "MOST_STEPS", 10**12)  # as it was before the budget
    made = api.call("POST", "/designs", json=pad).get_json()
    match = api.call("POST", "/matches", json={
        "game": "custom", "players": ["Ana", "Ben"], "design": made["id"]}).get_json()
    roster = [p["id"] for p in api.call("GET", group.path, group.owner).get_json()["players"]]
    night = api.call("POST", f"{group.path}/nights", group.owner, json={
        "game": "custom", "design": made["id"], "players": roster, "table_size": 3})
    assert night.status_code == 201, night.get_json()
    monkeypatch.undo()
    reading._kept_design.cache_clear()
    reading._LATEST.clear()

    host = match["tokens"]["host"]
    assert api.call("POST", f"/matches/{match['id']}/rounds", host,
                    json={"players": [{"a": 1}, {"a": 2}]}).status_code == 201
    moved = api.call("PATCH", f"/matches/{match['id']}/options", host, json={"target": 900})
    assert moved.status_code == 200, moved.get_json()
    for table in night.get_json()["seatings"][-1]:
        assert api.call("POST", f"/matches/{table['match']}/abandon",
                        table["tokens"]["host"]).status_code == 200
    seated = api.call("POST", f"/nights/{night.get_json()['id']}/seatings", group.owner, json={})
    assert seated.status_code == 201, seated.get_json()
