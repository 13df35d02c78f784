"""A custom sheet's design, rule by rule (SPEC section 10): what it holds, its defaults, every
rule it must keep with the path of the fault, circles among worked-out rows, its labels, its
size, and its canonical JSON that reads back as itself."""

from __future__ import annotations

import copy
import json

import pytest

from app.games.custom import (
    ChoiceRow,
    CountRow,
    FormulaRow,
    Labels,
    NumberRow,
    Option,
    RankRow,
    Tiebreak,
    design_json,
    kept_design,
    parse_design,
)
from app.games.reading import InvalidInput

EVERY_KIND = {
    "name": "Every kind",
    "players": [2, 5],
    "scoring": "rounds",
    "winner": "lowest",
    "rounds": 5,
    "target": 100,
    "tiebreak": [{"row": "coins", "order": "most"}],
    "rows": [
        {"key": "coins", "label": "Coins", "kind": "number", "min": 0, "max": 50,
         "counts": False},
        {"key": "cards", "label": "Cards", "kind": "count", "max": 10, "points": 2},
        {"key": "bonus", "label": "Bonus", "kind": "check", "points": 5},
        {"key": "colour", "label": "Colour", "kind": "choice",
         "options": [{"label": "Red", "points": 1}, {"label": "Blue", "points": 3}]},
        {"key": "most_coins", "label": "Most coins", "kind": "rank", "of": "coins",
         "points": [6, 3], "order": "most", "at_least": 1, "ties": "split"},
        {"key": "total", "label": "Total", "kind": "formula",
         "formula": "coins / 3 + most_coins", "counts": False},
    ],
    "labels": {"de": {"name": "Jede Art", "rows": {"coins": "Münzen"},
                      "options": {"colour": ["Rot", "Blau"]}},
               "ar": {"rows": {"coins": "العملات"}}},
}


def every_kind(**changes):
    body = copy.deepcopy(EVERY_KIND)
    body.update(changes)
    return body


def least(**top):
    return {"name": "Tally", "rows": [{"key": "a", "label": "A", "kind": "number"}], **top}


def refused(raw, field, **given):
    with pytest.raises(InvalidInput) as caught:
        parse_design(raw, **given)
    assert caught.value.path == field, caught.value.message
    assert caught.value.message.endswith(".")
    return caught.value.message


# --- what a design holds ------------------------------------------------------------------------

def test_a_design_of_every_kind_reads_into_its_rows():
    design = parse_design(EVERY_KIND)
    assert (design.name, design.players, design.scoring, design.winner) == (
        "Every kind", (2, 5), "rounds", "lowest")
    assert (design.rounds, design.target) == (5, 100)
    assert design.tiebreak == (Tiebreak("coins", "most"),)
    coins, cards, bonus, colour, most_coins, total = design.rows
    assert coins == NumberRow("coins", "Coins", False, 0, 50)
    assert cards == CountRow("cards", "Cards", True, 10, 2)
    assert (bonus.kind, bonus.points, bonus.counts) == ("check", 5, True)
    assert colour == ChoiceRow("colour", "Colour", True, (Option("Red", 1), Option("Blue", 3)))
    assert most_coins == RankRow("most_coins", "Most coins", True, "coins", (6, 3), "most", 1,
                                 "split")
    assert isinstance(total, FormulaRow) and total.formula.names == {"coins", "most_coins"}
    assert design.labels == (
        Labels("de", "Jede Art", (("coins", "Münzen"),), (("colour", ("Rot", "Blau")),)),
        Labels("ar", None, (("coins", "العملات"),), ()))
    assert design.labels_in("de").row("coins") == "Münzen"
    assert design.labels_in("de").choices("colour") == ("Rot", "Blau")
    assert design.labels_in("fr") is None


def test_the_defaults_a_tally_of_one_row_for_1_to_12_players_highest_wins():
    design = parse_design(least())
    assert (design.players, design.scoring, design.winner, design.tiebreak, design.labels) == (
        (1, 12), "game", "highest", (), ())
    assert (design.rounds, design.target) == (None, None)
    assert design.rows == (NumberRow("a", "A", True, -1_000_000, 1_000_000),)


def test_row_defaults_counts_true_count_max_a_million_rank_most_and_share():
    design = parse_design(least(rows=[
        {"key": "n", "label": "N", "kind": "count", "points": 3},
        {"key": "r", "label": "R", "kind": "rank", "of": "n", "points": [5]}]))
    assert design.rows[0] == CountRow("n", "N", True, 1_000_000, 3)
    assert design.rows[1] == RankRow("r", "R", True, "n", (5,), "most", None, "share")


def test_null_is_as_good_as_left_out_for_what_may_be_left_out():
    design = parse_design(least(players=None, scoring=None, winner=None, tiebreak=None,
                                labels=None, rows=[{"key": "a", "label": "A", "kind": "number",
                                                    "min": None, "max": None, "counts": None}]))
    assert design == parse_design(least())


def test_the_canonical_json_writes_every_default():
    assert design_json(parse_design(least())) == {
        "name": "Tally", "players": [1, 12], "scoring": "game", "winner": "highest",
        "tiebreak": [], "labels": {},
        "rows": [{"key": "a", "label": "A", "kind": "number", "counts": True,
                  "min": -1_000_000, "max": 1_000_000}]}
    rounds = design_json(parse_design(least(scoring="rounds")))
    assert (rounds["rounds"], rounds["target"]) == (None, None)


def test_a_design_reads_back_from_its_canonical_json_as_itself():
    design = parse_design(EVERY_KIND)
    canonical = design_json(design)
    assert parse_design(canonical) == design
    assert design_json(parse_design(json.loads(json.dumps(canonical)))) == canonical
    assert canonical["rows"][4] == {"key": "most_coins", "label": "Most coins", "kind": "rank",
                                    "counts": True, "of": "coins", "points": [6, 3],
                                    "order": "most", "at_least": 1, "ties": "split"}
    assert canonical["labels"]["ar"] == {"rows": {"coins": "العملات"}, "options": {}}


def test_a_matchs_copy_is_read_once_and_kept():
    canonical = design_json(parse_design(EVERY_KIND))
    assert kept_design(canonical) is kept_design(copy.deepcopy(canonical))
    assert kept_design(canonical) == parse_design(EVERY_KIND)


def test_texts_are_made_normal_by_the_apps_own_cleaning_before_they_are_measured():
    squeeze = " ".join  # with str.split: every run of spaces one, trimmed

    def clean(text):
        return squeeze(text.split())

    design = parse_design(least(name="  Friday   night  "), clean=clean)
    assert design.name == "Friday night"
    assert parse_design(least(name="  Friday   night  ")).name == "Friday   night"  # trimmed
    # judged on its raw length first, at most 4 × 40 characters, however short it cleans to
    refused(least(name="a" + " " * 200 + "b"), "name", clean=clean)


# --- every rule, at its path --------------------------------------------------------------------

def row(index, **changes):
    body = every_kind()
    body["rows"][index].update(changes)
    return body


def without(index, name):
    body = every_kind()
    del body["rows"][index][name]
    return body


def labels(**de):
    return every_kind(labels={"de": de})


FAULTS = [
    ([], None), ("design", None), (every_kind(version=2), "version"),
    (every_kind(name=None), "name"), (every_kind(name=""), "name"),
    (every_kind(name="   "), "name"), (every_kind(name="x" * 41), "name"),
    (every_kind(name=7), "name"), (every_kind(name="Ana\ud800"), "name"),
    (every_kind(players=[0, 5]), "players"), (every_kind(players=[2, 13]), "players"),
    (every_kind(players=[5, 2]), "players"), (every_kind(players=[2]), "players"),
    (every_kind(players=[2, 3, 4]), "players"), (every_kind(players="2-5"), "players"),
    (every_kind(players=[2.5, 3]), "players"), (every_kind(players=[True, 3]), "players"),
    (every_kind(scoring="tally"), "scoring"), (every_kind(winner="most"), "winner"),
    (every_kind(tiebreak="coins"), "tiebreak"), (every_kind(tiebreak=[5]), "tiebreak[0]"),
    (every_kind(tiebreak=[{"row": "nope"}]), "tiebreak[0].row"),
    (every_kind(tiebreak=[{"order": "most"}]), "tiebreak[0].row"),
    (every_kind(tiebreak=[{"row": "coins", "order": "more"}]), "tiebreak[0].order"),
    (every_kind(tiebreak=[{"row": "coins", "by": 1}]), "tiebreak[0].by"),
    (every_kind(tiebreak=[{"row": "coins"}, {"row": "cards"}, {"row": "coins"}]),
     "tiebreak[2].row"),
    (every_kind(rows=None), "rows"), (every_kind(rows=[]), "rows"), (every_kind(rows="x"), "rows"),
    (every_kind(rows=[{"key": f"r{i}", "label": "R", "kind": "number"} for i in range(41)]),
     "rows"),
    (every_kind(rows=[7]), "rows[0]"),
    (row(0, kind="text"), "rows[0].kind"), (without(0, "kind"), "rows[0].kind"),
    (row(0, points=3), "rows[0].points"), (row(2, max=3), "rows[2].max"),
    (row(5, of="coins"), "rows[5].of"), (row(3, points=1), "rows[3].points"),
    (without(1, "key"), "rows[1].key"), (row(1, key="Cards"), "rows[1].key"),
    (row(1, key="1cards"), "rows[1].key"), (row(1, key="two-cards"), "rows[1].key"),
    (row(1, key="c" * 25), "rows[1].key"), (row(1, key=""), "rows[1].key"),
    (row(1, key=5), "rows[1].key"), (row(1, key="coins"), "rows[1].key"),
    (row(1, key="cärds"), "rows[1].key"), (row(1, key="cards\n"), "rows[1].key"),
    *[(row(1, key=word), "rows[1].key")
      for word in ("players", "min", "max", "abs", "if", "and", "or", "not")],
    (without(1, "label"), "rows[1].label"), (row(1, label=""), "rows[1].label"),
    (row(1, label="x" * 41), "rows[1].label"), (row(1, label=["x"]), "rows[1].label"),
    (row(1, counts="yes"), "rows[1].counts"), (row(1, counts=1), "rows[1].counts"),
    (row(0, min=-1_000_000_001), "rows[0].min"), (row(0, max=1_000_000_001), "rows[0].max"),
    (row(0, min=10, max=5), "rows[0].max"), (row(0, min=1.5), "rows[0].min"),
    (row(0, max="50"), "rows[0].max"),
    (row(1, max=0), "rows[1].max"), (row(1, max=1_000_001), "rows[1].max"),
    (without(1, "points"), "rows[1].points"), (row(1, points=1_000_001), "rows[1].points"),
    (row(1, points="2"), "rows[1].points"), (row(1, points=-1_000_001), "rows[1].points"),
    (without(2, "points"), "rows[2].points"), (row(2, points=True), "rows[2].points"),
    (row(3, options=[{"label": "Red", "points": 1}]), "rows[3].options"),
    (row(3, options=[{"label": f"O{i}", "points": i} for i in range(21)]), "rows[3].options"),
    (row(3, options={"Red": 1}), "rows[3].options"), (without(3, "options"), "rows[3].options"),
    (row(3, options=[{"label": "Red", "points": 1}, 7]), "rows[3].options[1]"),
    (row(3, options=[{"label": "Red", "points": 1}, {"points": 2}]), "rows[3].options[1].label"),
    (row(3, options=[{"label": "Red"}, {"label": "Blue", "points": 2}]),
     "rows[3].options[0].points"),
    (row(3, options=[{"label": "Red", "points": 1, "colour": "red"},
                     {"label": "Blue", "points": 2}]), "rows[3].options[0].colour"),
    (without(4, "of"), "rows[4].of"), (row(4, of="nope"), "rows[4].of"),
    (row(4, of="bonus"), "rows[4].of"), (row(4, of="colour"), "rows[4].of"),
    (row(4, of="most_coins"), "rows[4].of"), (row(4, of=["coins"]), "rows[4].of"),
    (without(4, "points"), "rows[4].points"), (row(4, points=[]), "rows[4].points"),
    (row(4, points=list(range(13))), "rows[4].points"), (row(4, points=5), "rows[4].points"),
    (row(4, points=[6, "3"]), "rows[4].points[1]"), (row(4, order="first"), "rows[4].order"),
    (row(4, at_least="1"), "rows[4].at_least"), (row(4, ties="halve"), "rows[4].ties"),
    (without(5, "formula"), "rows[5].formula"), (row(5, formula="coins +"), "rows[5].formula"),
    (row(5, formula="gold / 3"), "rows[5].formula"), (row(5, formula="total + 1"),
                                                      "rows[5].formula"),
    (row(5, formula="1" * 301), "rows[5].formula"), (row(5, formula=3), "rows[5].formula"),
    (every_kind(rounds=0), "rounds"), (every_kind(rounds=1001), "rounds"),
    (every_kind(rounds="5"), "rounds"), (every_kind(target=0), "target"),
    (every_kind(target=1_000_000_001), "target"), (every_kind(target=2.5), "target"),
    (every_kind(scoring="game"), "rounds"), (every_kind(scoring="game", rounds=None), "target"),
    (every_kind(labels="de"), "labels"), (every_kind(labels={"fr": {}}), "labels.fr"),
    (every_kind(labels={"de": "Jede Art"}), "labels.de"),
    (labels(title="Jede Art"), "labels.de.title"), (labels(name=""), "labels.de.name"),
    (labels(name="x" * 41), "labels.de.name"), (labels(rows="x"), "labels.de.rows"),
    (labels(rows={"nope": "Nein"}), "labels.de.rows.nope"),
    (labels(rows={"coins": ""}), "labels.de.rows.coins"),
    (labels(rows={"coins": 5}), "labels.de.rows.coins"),
    (labels(rows={"coins": "\udfff"}), "labels.de.rows.coins"),
    (labels(options=["Rot"]), "labels.de.options"),
    (labels(options={"coins": ["Rot", "Blau"]}), "labels.de.options.coins"),
    (labels(options={"nope": ["Rot", "Blau"]}), "labels.de.options.nope"),
    (labels(options={"colour": ["Rot"]}), "labels.de.options.colour"),
    (labels(options={"colour": "Rot, Blau"}), "labels.de.options.colour"),
    (labels(options={"colour": ["Rot", ""]}), "labels.de.options.colour[1]"),
]


@pytest.mark.parametrize(("raw", "field"), FAULTS)
def test_a_design_that_breaks_a_rule_is_refused_at_its_path(raw, field):
    refused(raw, field)


def test_the_messages_say_what_is_wrong():
    assert refused(row(1, key="coins"), "rows[1].key") == "Two rows cannot share the key “coins”."
    assert refused(row(1, key="min"), "rows[1].key") == (
        "“min” means something in a formula already: choose another key.")
    assert refused(row(5, formula="gold / 3"), "rows[5].formula") == (
        "“gold” at character 1 is no row's key.")
    assert refused(row(5, formula="coins +"), "rows[5].formula") == (
        "The formula stops where a number, a row or “(” should follow (at character 8).")
    assert refused(row(4, of="bonus"), "rows[4].of") == (
        "Players are compared on a number, count or formula row; “bonus” is a check row.")
    assert refused(every_kind(scoring="game"), "rounds") == (
        "A design scored in one tally at the end has no rounds: give “scoring”: “rounds” to "
        "play rounds.")
    assert refused(every_kind(version=2), "version") == "Unknown field “version”."


def test_a_design_that_names_players_in_a_formula_is_fine():
    design = parse_design(row(5, formula="coins * players"))
    assert design.by_key["total"].formula.names == {"coins", "players"}


# --- circles ------------------------------------------------------------------------------------

def formulas(*pairs, typed=("x",)):
    rows = [{"key": key, "label": key.upper(), "kind": "number"} for key in typed]
    rows += [{"key": key, "label": key.upper(), "kind": "formula", "formula": text}
             for key, text in pairs]
    return least(rows=rows)


def test_a_formula_using_its_own_row_is_refused():
    message = refused(formulas(("a", "x + a")), "rows[1].formula")
    assert message == "A formula cannot use its own row (“a” at character 5)."


def test_two_formulas_using_each_other_are_a_circle_reported_at_the_first():
    message = refused(formulas(("a", "b + 1"), ("b", "a * 2")), "rows[1].formula")
    assert message == "These rows are worked out from each other in a circle: a → b → a."


def test_a_circle_of_three_is_spelled_out_from_its_first_row_in_the_design():
    message = refused(formulas(("p", "x"), ("a", "b"), ("b", "c"), ("c", "a + p")),
                      "rows[2].formula")
    assert message.endswith("a → b → c → a.")
    message = refused(formulas(("c", "a"), ("a", "b"), ("b", "c")), "rows[1].formula")
    assert message.endswith("c → a → b → c.")


def test_a_circle_through_a_ranks_of_is_refused_at_the_rank():
    body = least(rows=[
        {"key": "best", "label": "Best", "kind": "rank", "of": "score", "points": [5]},
        {"key": "score", "label": "Score", "kind": "formula", "formula": "x + best"},
        {"key": "x", "label": "X", "kind": "number"}])
    message = refused(body, "rows[0].of")
    assert message.endswith("best → score → best.")
    body["rows"] = body["rows"][1:] + body["rows"][:1]  # the formula first now
    assert refused(body, "rows[0].formula").endswith("score → best → score.")


def test_rows_used_by_many_are_no_circle_and_are_worked_out_first():
    body = least(rows=[
        {"key": "total", "label": "Total", "kind": "formula", "formula": "sub + best + x"},
        {"key": "best", "label": "Best", "kind": "rank", "of": "sub", "points": [5, 2]},
        {"key": "sub", "label": "Sub", "kind": "formula", "formula": "x * 2 + players"},
        {"key": "x", "label": "X", "kind": "number"},
        {"key": "five", "label": "Five", "kind": "formula", "formula": "5"}])
    assert parse_design(body).worked_out == ("sub", "best", "total", "five")


# --- size ---------------------------------------------------------------------------------------

def test_a_design_past_64_kib_of_json_is_refused():
    wide = "😀" * 40  # 40 characters, 160 bytes of UTF-8
    options = [{"label": wide, "points": i} for i in range(20)]
    rows = [{"key": f"c{i}", "label": wide, "kind": "choice", "options": options}
            for i in range(40)]
    message = refused(least(rows=rows), None)
    assert message == "A design is at most 64 KiB of JSON."
    design = parse_design(least(rows=rows[:10]))
    assert len(json.dumps(design_json(design), ensure_ascii=False).encode()) < 64 * 1024


# --- the work its formulas may take (issue 41) --------------------------------------------------

def heavy(count, factors=150, players=None, scoring="rounds"):
    """`count` formula rows of one number multiplied by itself `factors` times: 299 characters
    and 299 steps at 150 (legal by every other rule)."""
    rows = [{"key": "a", "label": "A", "kind": "number"}]
    rows += [{"key": f"f{n}", "label": f"F{n}", "kind": "formula",
              "formula": "*".join(["a"] * factors)} for n in range(count)]
    return least(rows=rows, scoring=scoring, **({} if players is None else {"players": players}))


@pytest.mark.parametrize("text, steps", [
    ("a", 1), ("a + 1", 3), ("(a + 1) * 2", 5), ("min(a, b, 3)", 4), ("a ** 2", 3),
    ("if(a >= 63, 35, 0)", 6), ("-a", 2), ("not a", 2), ("a < b < c", 5),
    ("((((a))))", 1),
])
def test_a_formulas_steps_are_its_numbers_rows_operators_and_functions(text, steps):
    design = parse_design(formulas(("f", text), typed=("a", "b", "c")))
    assert design.by_key["f"].formula.steps == steps


def test_the_attacks_design_is_refused_at_its_first_formula():
    """39 formulas of 150 factors at 12 players over 1,000 rounds held a worker for 30 s."""
    message = refused(heavy(39), "rows[1].formula")
    assert "at most 100 steps" in message and "12 players" in message and "299" in message


def test_the_budget_is_the_formulas_steps_over_the_largest_match_it_allows():
    # 100 steps for 12 players: 50 factors are 99 steps, two such rows 198.
    assert parse_design(heavy(1, factors=50))
    refused(heavy(2, factors=50), "rows[2].formula")
    # Fewer players, more steps: at most 4 players, 300 steps (three rows of 99).
    assert parse_design(heavy(3, factors=50, players=[2, 4]))
    refused(heavy(4, factors=50, players=[2, 4]), "rows[4].formula")
    # Exactly at the budget, 100 steps ("-" and 50 factors), and one past it.
    at = heavy(1, factors=50)
    at["rows"][1]["formula"] = "-(" + at["rows"][1]["formula"] + ")"
    assert parse_design(at).by_key["f0"].formula.steps == 100
    at["rows"][1]["formula"] += "+1"
    refused(at, "rows[1].formula")


def test_a_design_scored_in_one_tally_is_worked_out_once_and_takes_any_formulas():
    """One tally is one round: 40 rows of 299-step formulas at 12 players is 0.1 s of work."""
    design = parse_design(heavy(39, scoring="game"))
    assert sum(row.formula.steps for row in design.rows if isinstance(row, FormulaRow)) \
        == 39 * 299


def test_a_matchs_kept_copy_is_read_as_it_was_accepted_whatever_the_budget():
    """A match made before the budget keeps its copy, and every read of it goes on."""
    kept = heavy(39)
    with pytest.raises(InvalidInput):
        parse_design(kept)
    assert parse_design(kept, kept=True).name == "Tally"
    refused(copy.deepcopy(kept), "rows[1].formula")
    assert len(kept_design(design_json(parse_design(kept, kept=True))).rows) == 40


def test_the_gallery_is_far_within_the_budget():
    from app.games.custom import gallery
    from app.games.custom.design import MOST_ROUNDS, MOST_STEPS

    for name, design in gallery():
        read = parse_design(design)
        steps = sum(row.formula.steps for row in read.rows if isinstance(row, FormulaRow))
        rounds = MOST_ROUNDS if read.scoring == "rounds" else 1
        assert steps * read.players[1] * rounds * 4 <= MOST_STEPS, name
