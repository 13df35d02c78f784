"""What must hold for any design a phone may make and any lines a table may type: a design reads
back as itself, every value is what an independent working gives (formulas from their trees,
ranks from their places), a cell is the sum of its counted rows and a total of its cells, the
places follow the tie-breaks, a round carried on is a round replayed, and nothing a phone sends
fails but as InvalidInput."""

from __future__ import annotations

import copy
from fractions import Fraction

from formula_trees import expected, render, trees
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.games.custom import GAME, design_json, parse_design
from app.games.reading import InvalidInput

# A random design takes a while to draw (~25 ms): 70 of each keep the module near 10 s.
FAST = settings(max_examples=70, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# --- random designs, with what each row is worked out from ---------------------------------------

@st.composite
def typed_row(draw, key):
    kind = draw(st.sampled_from(["number", "count", "check", "choice"]))
    row = {"key": key, "label": f"Row {key}", "kind": kind, "counts": draw(st.booleans())}
    if kind == "number":
        low = draw(st.integers(-50, 10))
        row |= {"min": low, "max": low + draw(st.integers(0, 60))}
    elif kind == "count":
        row |= {"max": draw(st.integers(1, 10)), "points": draw(st.integers(-5, 5))}
    elif kind == "check":
        row |= {"points": draw(st.integers(-10, 10))}
    else:
        row |= {"options": [{"label": f"O{i}", "points": points} for i, points in
                            enumerate(draw(st.lists(st.integers(-10, 10), min_size=2,
                                                    max_size=4)))]}
    return row


@st.composite
def designs(draw):
    """A valid design as JSON, its rows in a shuffled order, and `made`: its rows in an order in
    which each comes after what it uses (with each formula's tree)."""
    made = [(draw(typed_row(f"t{i}")), None) for i in range(draw(st.integers(1, 5)))]
    for j in range(draw(st.integers(0, 4))):
        key = f"w{j}"
        compared = [row["key"] for row, _ in made if row["kind"] in ("number", "count", "formula")]
        if compared and draw(st.booleans()):
            row = {"key": key, "label": f"Rank {j}", "kind": "rank",
                   "of": draw(st.sampled_from(compared)),
                   "points": draw(st.lists(st.integers(-10, 10), min_size=1, max_size=4)),
                   "order": draw(st.sampled_from(["most", "fewest"])),
                   "at_least": draw(st.none() | st.integers(-10, 10)),
                   "ties": draw(st.sampled_from(["share", "split"]))}
            made.append((row, None))
        else:
            names = [row["key"] for row, _ in made] + ["players"]
            tree = draw(trees(names, max_leaves=6))
            made.append(({"key": key, "label": f"Formula {j}", "kind": "formula",
                          "formula": render(tree), "counts": draw(st.booleans())}, tree))
    keys = [row["key"] for row, _ in made]
    scoring = draw(st.sampled_from(["game", "rounds"]))
    raw = {"name": "Random", "scoring": scoring,
           "winner": draw(st.sampled_from(["highest", "lowest"])),
           "tiebreak": [{"row": key, "order": draw(st.sampled_from(["most", "fewest"]))}
                        for key in draw(st.lists(st.sampled_from(keys), unique=True,
                                                 max_size=3))],
           "rows": draw(st.permutations([row for row, _ in made]))}
    if scoring == "rounds":
        raw |= {"rounds": draw(st.none() | st.integers(1, 4)),
                "target": draw(st.none() | st.integers(1, 80))}
    return raw, made


def entry(row):
    if row["kind"] == "number":
        return st.integers(row["min"], row["max"])
    if row["kind"] == "count":
        return st.integers(0, row["max"])
    if row["kind"] == "check":
        return st.booleans()
    return st.integers(0, len(row["options"]) - 1)


@st.composite
def lines(draw, made, players, complete=False):
    """A line per player (some left out, some rows not typed yet, unless `complete`)."""
    typed = [row for row, _ in made if row["kind"] in ("number", "count", "check", "choice")]
    table = []
    for _ in range(players):
        if not complete and draw(st.integers(0, 6)) == 0:
            table.append(None)
            continue
        table.append({row["key"]: draw(entry(row)) for row in typed
                      if complete or draw(st.integers(0, 5)) > 0})
    return table


# --- the independent working ---------------------------------------------------------------------

FAR = "out of range"


def typed_value(row, value):
    if row["kind"] == "count":
        return value * row["points"]
    if row["kind"] == "check":
        return row["points"] if value else 0
    if row["kind"] == "choice":
        return row["options"][value]["points"]
    return value


def rank_reference(row, values):
    """Place by place: a player's place is one more than the players strictly ahead of it."""
    eligible = [v if row["at_least"] is None or v >= row["at_least"] else None for v in values]
    points = []
    for v in eligible:
        if v is None:
            points.append(0)
            continue
        ahead = sum(1 for w in eligible
                    if w is not None and (w > v if row["order"] == "most" else w < v))
        tied = sum(1 for w in eligible if w is not None and w == v)
        worth = [row["points"][p] if p < len(row["points"]) else 0
                 for p in range(ahead, ahead + tied)]
        points.append(worth[0] if row["ties"] == "share"
                      else int(Fraction(sum(worth), tied).__floor__()))
    return points


def reference_round(made, table, players):
    """Every row's value per player, None until known, FAR where past the bounds."""
    values = [{} for _ in table]
    for row, tree in made:
        key = row["key"]
        if tree is not None:
            for line_values in values:
                env = {**line_values, "players": players}
                used = [env[name] for name in tree_names(tree)]
                line_values[key] = (FAR if FAR in used else None if None in used
                                    else expected(tree, env))
        elif row["kind"] == "rank":
            of = [line_values[row["of"]] for line_values in values]
            if FAR in of or None in of:
                for line_values in values:
                    line_values[key] = None
            else:
                for line_values, points in zip(values, rank_reference(row, of), strict=True):
                    line_values[key] = points
        else:
            for seat, line_values in enumerate(values):
                typed = None if table[seat] is None else table[seat].get(key)
                line_values[key] = None if typed is None else typed_value(row, typed)
    return values


def tree_names(tree):
    if tree[0] == "name":
        return {tree[1]}
    if tree[0] == "num":
        return set()
    found = set()
    for part in tree[1:]:
        for child in part if isinstance(part, list) else [part]:
            if isinstance(child, tuple):
                found |= tree_names(child)
    return found


def in_design_order(raw, values):
    return tuple({row["key"]: line_values[row["key"]] for row in raw["rows"]}
                 for line_values in values)


# --- properties -----------------------------------------------------------------------------------

@FAST
@given(designs())
def test_a_design_reads_back_from_its_canonical_json_as_itself(drawn):
    raw, _ = drawn
    design = parse_design(raw)
    assert parse_design(design_json(design)) == design
    assert design_json(parse_design(design_json(design))) == design_json(design)


@FAST
@given(drawn=designs(), players=st.integers(1, 5), data=st.data())
def test_every_value_is_what_an_independent_working_gives(drawn, players, data):
    raw, made = drawn
    options = GAME.parse_options({"design": raw}, players)
    table = data.draw(lines(made, players))
    expected_values = reference_round(made, table, players)
    far = {(seat, key) for seat, line_values in enumerate(expected_values)
           for key, value in line_values.items() if value == FAR}
    try:
        round_ = GAME.parse_round({"players": table}, players, options)
    except InvalidInput as error:
        seat, key = error.field.removeprefix("players[").split("].")
        assert (int(seat), key) in far, error.field
        return
    assert not far
    result = GAME.replay(players, options, [round_], [None] * players)
    assert result.rounds[0].detail.rows == in_design_order(raw, expected_values)


@FAST
@given(drawn=designs(), players=st.integers(1, 5), data=st.data())
def test_a_cell_is_the_sum_of_its_counted_rows_and_a_total_the_sum_of_its_cells(drawn, players,
                                                                                 data):
    raw, made = drawn
    options = GAME.parse_options({"design": raw}, players)
    rounds = []
    for _ in range(data.draw(st.integers(1, 4))):
        table = data.draw(lines(made, players, complete=data.draw(st.booleans())))
        try:
            rounds.append(GAME.parse_round({"players": table}, players, options))
        except InvalidInput:
            continue  # a formula past ±10^12: never kept
    result = GAME.replay(players, options, rounds, [None] * players)
    counted = [row["key"] for row in raw["rows"] if row.get("counts", True)]
    row_totals = [dict.fromkeys((row["key"] for row in raw["rows"]), 0) for _ in range(players)]
    for round_, outcome in zip(rounds, result.rounds, strict=True):
        complete = all(part is not None and len(part) == sum(
            row["kind"] in ("number", "count", "check", "choice") for row in raw["rows"])
            for part in round_.parts)
        assert outcome.status == ("complete" if complete else "open")
        if complete:
            assert outcome.cells == tuple(sum(values[key] for key in counted)
                                          for values in outcome.detail.rows)
            for totals, values in zip(row_totals, outcome.detail.rows, strict=True):
                for key in totals:
                    totals[key] += values[key]
        else:
            assert outcome.cells is None
    cells = [outcome.cells for outcome in result.rounds if outcome.cells is not None]
    assert result.totals == tuple(sum(c[side] for c in cells) for side in range(players))
    assert result.detail.row_totals == tuple(row_totals)


def better(raw, totals, row_totals, one, other):
    """Whether side `one` places ahead of side `other` (SPEC: totals, then each tie-break)."""
    lowest = raw["winner"] == "lowest"
    if totals[one] != totals[other]:
        return totals[one] < totals[other] if lowest else totals[one] > totals[other]
    for rule in raw["tiebreak"]:
        mine, theirs = row_totals[one][rule["row"]], row_totals[other][rule["row"]]
        if mine != theirs:
            return mine > theirs if rule["order"] == "most" else mine < theirs
    return False


@FAST
@given(drawn=designs(), players=st.integers(1, 5), data=st.data())
def test_places_follow_the_totals_then_the_tiebreaks_and_winners_hold_the_first(drawn, players,
                                                                                 data):
    raw, made = drawn
    options = GAME.parse_options({"design": raw}, players)
    rounds = []
    for _ in range(data.draw(st.integers(0, 3))):
        try:
            rounds.append(GAME.parse_round(
                {"players": data.draw(lines(made, players, complete=True))}, players, options))
        except InvalidInput:
            continue
    result = GAME.replay(players, options, rounds, [None] * players)
    totals, row_totals = result.totals, result.detail.row_totals
    assert result.detail.places == tuple(
        1 + sum(better(raw, totals, row_totals, other, side) for other in range(players))
        for side in range(players))
    first = tuple(side for side, place in enumerate(result.detail.places) if place == 1)
    assert result.leaders == (first if rounds else ())
    assert result.winners == (first if result.over else ())
    if raw["scoring"] == "game":  # a tally is over once complete
        assert result.over == bool(rounds)


@FAST
@given(drawn=designs(), players=st.integers(1, 4), data=st.data())
def test_a_round_carried_on_is_the_round_replayed(drawn, players, data):
    raw, made = drawn
    raw = raw | {"scoring": "rounds"}
    options = GAME.parse_options({"design": raw}, players)
    rounds = []
    for _ in range(data.draw(st.integers(1, 6))):
        try:
            rounds.append(GAME.parse_round({"players": data.draw(lines(made, players))},
                                           players, options))
        except InvalidInput:
            continue
    carried = GAME.replay(players, options, [], [None] * players)
    for count in range(1, len(rounds) + 1):
        carried = GAME.replay_after(players, options, carried, rounds[:count], [None] * players)
        assert carried == GAME.replay(players, options, rounds[:count], [None] * players)


# --- nothing a phone sends fails but as InvalidInput ----------------------------------------------

ODD = st.sampled_from(["\ud800", "\x00", "²", "١", "", "NaN", "x" * 50, 10**400, -1, 1e300,
                       "players", "min", "coins", "t0", "w0", "number", "rank", "formula",
                       "most", "split", "rounds", "1 +", "t0 ** 11", "a" * 200])
SCALAR = (st.none() | st.booleans() | st.integers(-30, 30) | st.floats(allow_nan=True) | ODD
          | st.text(max_size=8))
KEY = st.sampled_from(["name", "players", "scoring", "winner", "tiebreak", "rows", "rounds",
                       "target", "labels", "key", "label", "kind", "counts", "min", "max",
                       "points", "options", "of", "order", "at_least", "ties", "formula", "row",
                       "de", "ar", "t0", "t1", "w0"]) | st.text(max_size=5)
JSON = st.recursive(SCALAR, lambda inner: st.lists(inner, max_size=5)
                    | st.dictionaries(KEY, inner, max_size=6), max_leaves=25)


def only_invalid_input(call, *args):
    try:
        call(*args)
    except InvalidInput as error:
        assert error.message.endswith(".") or error.message.endswith(")")
        assert error.field is None or isinstance(error.field, str)


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_no_design_fails_but_as_invalid_input(raw):
    only_invalid_input(parse_design, raw)
    only_invalid_input(GAME.parse_options, {"design": raw}, 3)


def mutated(raw, data):
    """A valid design with one thing in it changed into something odd."""
    raw = copy.deepcopy(raw)
    holder, key = raw, None
    while True:
        places = list(holder.items()) if isinstance(holder, dict) else list(enumerate(holder))
        key, inside = data.draw(st.sampled_from(places))
        if not isinstance(inside, (dict, list)) or not inside \
                or data.draw(st.integers(0, 2)) == 0:
            break
        holder = inside
    action = data.draw(st.sampled_from(["replace", "delete", "add"]))
    if action == "add" and isinstance(holder, dict):
        holder[data.draw(KEY)] = data.draw(JSON)
    elif action == "delete" and isinstance(holder, dict) and key is not None:
        del holder[key]
    elif key is not None:
        holder[key] = data.draw(JSON)
    return raw


@FAST
@given(drawn=designs(), data=st.data())
def test_no_design_changed_in_one_place_fails_but_as_invalid_input(drawn, data):
    raw = mutated(drawn[0], data)
    only_invalid_input(parse_design, raw)


@FAST
@given(drawn=designs(), players=st.integers(1, 4), data=st.data())
def test_no_line_or_round_fails_but_as_invalid_input(drawn, players, data):
    raw, made = drawn
    options = GAME.parse_options({"design": raw}, players)
    keys = [row["key"] for row, _ in made]
    line = st.dictionaries(st.sampled_from(keys) | KEY, SCALAR, max_size=6) | JSON
    only_invalid_input(GAME.parse_part, data.draw(line), 0, options)
    body = data.draw(st.one_of(JSON, st.fixed_dictionaries(
        {"players": st.lists(st.none() | line, min_size=players, max_size=players)})))
    only_invalid_input(GAME.parse_round, body, players, options)
