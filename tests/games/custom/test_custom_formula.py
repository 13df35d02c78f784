"""A custom sheet's formulas, rule by rule (SPEC section 10): each operator, Python's precedence,
whole numbers rounding down, the exponent written in the formula, every fault with its character,
bounded depth and values; and, for any formula, the value an independent reading gives."""

from __future__ import annotations

import ast
import inspect
import sys

import pytest
from formula_trees import expected, render, trees
from hypothesis import given, settings
from hypothesis import strategies as st

from app.games.custom.formula import (
    Binary,
    Call,
    Compare,
    Name,
    Number,
    OutOfRange,
    Power,
    Unary,
    parse_formula,
    work_out,
)
from app.games.reading import InvalidInput

WHERE = "rows[3].formula"


def value(text, **values):
    return work_out(parse_formula(text), {"players": 4, **values})


def refused(text):
    with pytest.raises(InvalidInput) as caught:
        parse_formula(text, WHERE)
    assert caught.value.path == WHERE
    assert caught.value.message.endswith(".")
    return caught.value.message


# --- each operator ------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("7", 7), ("0", 0), ("  12  ", 12),
    ("2 + 3", 5), ("2 - 3", -1), ("4 * 5", 20),
    # `/` rounds down, as Python's //, for negative numbers too
    ("7 / 2", 3), ("-7 / 2", -4), ("7 / -2", -4), ("-7 / -2", 3), ("6 / 3", 2),
    # `%` takes the divisor's sign
    ("7 % 3", 1), ("-7 % 3", 2), ("7 % -3", -2), ("-7 % -3", -1),
    # by zero: 0
    ("7 / 0", 0), ("-7 / 0", 0), ("7 % 0", 0), ("0 / 0", 0), ("5 / (3 - 3)", 0),
    ("2 ** 0", 1), ("2 ** 10", 1024), ("0 ** 0", 1), ("(-3) ** 3", -27),
    ("3 ** (2)", 9), ("3 ** ((2))", 9),
    ("1 < 2", 1), ("2 < 1", 0), ("2 <= 2", 1), ("3 <= 2", 0), ("3 > 2", 1), ("2 > 3", 0),
    ("2 >= 2", 1), ("1 >= 2", 0), ("2 == 2", 1), ("2 == 3", 0), ("2 != 3", 1), ("2 != 2", 0),
    ("1 and 1", 1), ("1 and 0", 0), ("0 and 1", 0), ("5 and 7", 1), ("-1 and 3", 1),
    ("0 or 0", 0), ("0 or 9", 1), ("9 or 0", 1),
    ("not 0", 1), ("not 1", 0), ("not 7", 0), ("not -7", 0), ("not not 7", 1),
    ("-5", -5), ("--5", 5), ("- 5", -5),
    ("min(3, 1, 2)", 1), ("min(4)", 4), ("max(3, 1, 2)", 3), ("max(-4, -9)", -4),
    ("abs(-5)", 5), ("abs(5)", 5), ("abs(0)", 0),
    ("if(1, 10, 20)", 10), ("if(0, 10, 20)", 20), ("if(-3, 10, 20)", 10),
    ("players", 4), ("players * 2", 8),
])
def test_each_operator_in_whole_numbers(text, expected):
    assert value(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # unary minus binds looser than ** (Python's)
    ("-2 ** 2", -4), ("(-2) ** 2", 4), ("-x ** 2", -9), ("2 * -3", -6), ("- 2 * 3", -6),
    ("-7 / 2", -4),  # (-7) // 2, as Python reads it
    ("- (7 / 2)", -3),
    ("2 + 3 * 4", 14), ("(2 + 3) * 4", 20), ("10 - 4 - 3", 3), ("100 / 10 / 5", 2),
    ("2 * 3 ** 2", 18), ("17 % 5 * 2", 4), ("2 * 17 % 5", 4),
    ("1 + 2 < 4", 1), ("1 + (2 < 4)", 2), ("2 * 3 == 6", 1),
    ("1 < 2 < 3", 1), ("3 > 2 > 1", 1), ("1 < 3 < 2", 0), ("1 < 2 == 2", 1), ("1 < 2 == 1", 0),
    ("1 == 1 == 1", 1), ("2 == 2 == 1", 0),  # chained as Python chains: 2 == 2 and 2 == 1
    ("not 1 == 2", 1), ("not 0 and 0", 0), ("not (0 and 0)", 1),
    ("0 and 1 or 1", 1), ("1 or 0 and 0", 1), ("(1 or 0) and 0", 0),
    ("0 or not 0", 1), ("1 and not 1", 0),
    ("x > 2 and x < 5", 1), ("x * 2 + 1 > 6 or 0", 1),
    ("min(x, 2) + max(x, 2) * 2", 8), ("abs(2 - 5) ** 2", 9),
    ("if(x > 2, x * 10, -1) + 1", 31), ("if(x == 3, if(0, 1, 2), 3)", 2),
    ("-x", -3), ("x - -x", 6), ("x--x", 6), ("2*(x+1)", 8),
])
def test_precedence_is_pythons(text, expected):
    assert value(text, x=3) == expected


def test_and_or_not_and_comparisons_give_one_or_zero_never_an_operand():
    assert value("7 and 9") == 1
    assert value("0 or 9") == 1
    assert value("(3 < 4) + (4 < 5) + (5 < 6)") == 3


def test_the_tree_reads_as_python_groups_it():
    assert parse_formula("-2 ** 2").tree == Unary("-", Power(Number(2), 2))
    assert parse_formula("a - b - c").tree == Binary("-", Binary("-", Name("a"), Name("b")),
                                                     Name("c"))
    assert parse_formula("a < b <= c").tree == Compare(Name("a"), (("<", Name("b")),
                                                                   ("<=", Name("c"))))
    assert parse_formula("not a and b").tree == Binary("and", Unary("not", Name("a")), Name("b"))
    assert parse_formula("if(a, b, 1)").tree == Call("if", (Name("a"), Name("b"), Number(1)))
    assert parse_formula("(x ** 2) ** 3").tree == Power(Power(Name("x"), 2), 3)


def test_a_formula_knows_the_names_it_uses_and_where_each_first_stands():
    text = "gear ** 2 + 7 * min(gear, cog) + players"
    formula = parse_formula(text)
    assert formula.names == {"gear", "cog", "players"}
    assert formula.position("gear") == 1
    assert formula.position("cog") == text.index("cog") + 1 == 27
    assert formula.position("players") == 34


def test_function_names_and_keywords_are_not_names():
    assert parse_formula("min(a, b) + abs(c) + if(d, e, f) and not g").names == set("abcdefg")


def test_each_name_takes_its_value():
    assert value("coins / 3", coins=10) == 3
    assert value("g ** 2 + c ** 2 + t ** 2 + 7 * min(g, c, t)", g=3, c=2, t=1) == 21


# --- what the grammar refuses, and where ---------------------------------------------------------

@pytest.mark.parametrize(("text", "where"), [
    ("x ** y", "at character 3"),
    ("x ** 11", "at character 3"),
    ("x ** -1", "at character 3"),
    ("x ** (1 + 1)", "at character 3"),
    ("x ** 2 ** 3", "at character 8"),  # Python reads x ** (2 ** 3): not a written exponent
    ("x ** (2) ** 3", "at character 10"),
    ("x ** ", "at character 3"),
    ("x ** (2 * 2)", "at character 3"),
])
def test_an_exponent_is_a_whole_number_from_0_to_10_written_in_the_formula(text, where):
    message = refused(text)
    assert "exponent" in message and "0 to 10" in message and where in message


@pytest.mark.parametrize(("text", "message"), [
    ("1 +", "The formula stops where a number, a row or “(” should follow (at character 4)."),
    ("(1 + 2", "The “(” at character 1 is never closed."),
    ("min(1, 2", "The “(” at character 4 is never closed."),
    ("x ** (2", "The “(” at character 6 is never closed."),
    ("1 + 2)", "The “)” at character 6 closes nothing."),
    ("1 $ 2", "“$” cannot stand in a formula (at character 3)."),
    ("1 ١ 2", "“١” cannot stand in a formula (at character 3)."),
    ("x = 2", "“=” cannot stand in a formula (at character 3)."),
    ("2 x", "“x” at character 3 does not belong there: an operator or the end was expected."),
    ("2x", "“x” at character 2 does not belong there: an operator or the end was expected."),
    ("+1", "“+” at character 1 does not belong there: a number, a row or “(” was expected."),
    ("1 * * 2", "“*” at character 5 does not belong there: a number, a row or “(” was expected."),
    ("()", "“)” at character 2 does not belong there: a number, a row or “(” was expected."),
    ("and", "“and” at character 1 does not belong there: a number, a row or “(” was expected."),
    ("1 == not 1", "“not” at character 6 needs parentheses around it there."),
    ("-not 1", "“not” at character 2 needs parentheses around it there."),
    ("1 + not 1", "“not” at character 5 needs parentheses around it there."),
    ("min", "min at character 1 is a function: write min(…)."),
    ("1 + abs", "abs at character 5 is a function: write abs(…)."),
    ("min()", "min at character 1 needs at least one value."),
    ("max()", "max at character 1 needs at least one value."),
    ("abs()", "abs at character 1 takes exactly 1 value."),
    ("abs(1, 2)", "abs at character 1 takes exactly 1 value."),
    ("if(1, 2)", "if at character 1 takes exactly 3 values."),
    ("if(1, 2, 3, 4)", "if at character 1 takes exactly 3 values."),
    ("min(1,)", "“)” at character 7 does not belong there: a number, a row or “(” was expected."),
    ("min(1 2)", "“2” at character 7 does not belong there: “)” was expected."),
    ("1.5", "“.” cannot stand in a formula (at character 2)."),
    ("1000000000001", "A number in a formula is at most 1,000,000,000,000 (at character 1)."),
    ("", "Write the formula."),
    ("   ", "Write the formula."),
])
def test_a_fault_says_where_it_went_wrong(text, message):
    assert refused(text) == message


@pytest.mark.parametrize("raw", [None, 7, ["x"], {"formula": "x"}, True])
def test_a_formula_is_text(raw):
    refused(raw)


def test_a_formula_is_at_most_300_characters():
    assert len(parse_formula("1" + " + 1" * 74 + "   ").text) == 300
    assert refused("1" + " + 1" * 74 + "    ") == "A formula is at most 300 characters, not 301."


def test_a_number_as_large_as_a_value_may_be_written():
    assert value("1000000000000") == 10**12


def test_python_is_never_asked_to_read_a_formula():
    for text in ("__import__('os')", "x.real", "[1]", "x if 1 else 2", "lambda: 1", "'a'"):
        refused(text)


# --- depth and size: bounded whatever is typed ---------------------------------------------------

DEEP = {
    "parentheses": "(" * 149 + "1" + ")" * 149,
    "minus signs": "-" * 150 + "1",
    "not": "not " * 74 + "1",
    "minus and parentheses": "-(1+" * 59 + "1" + ")" * 59,
    "calls": "abs(" * 59 + "1" + ")" * 59,
    "a long sum": "+".join(["1"] * 150),
    "a long comparison": "<".join(["1"] * 150),
}


@pytest.mark.parametrize("name", sorted(DEEP))
def test_the_deepest_formulas_300_characters_hold_need_few_frames(name):
    # Measured: at most ~310 frames (two a level) however deep it nests; the worker has far
    # more to spare (Python's limit is 1,000), but not so much that a formula may be careless.
    text = DEEP[name]
    assert len(text) <= 300
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack()) + 350)
    try:
        formula = parse_formula(text)
        work_out(formula, {})
    finally:
        sys.setrecursionlimit(limit)


def test_deeper_than_150_levels_is_refused():
    assert refused("-" * 151 + "1") == ("The formula nests deeper than 150 levels (at character "
                                        "151).")
    assert "deeper than 150" in refused("-(" * 99 + "1" + ")" * 99)


@pytest.mark.parametrize(("text", "values"), [
    ("x * x", {"x": 10**12}),  # 10^24 on the way, past 10^12 at the end
    ("x ** 10 / x ** 9", {"x": 10**12}),  # 10^120 on the way
    ("x * x * x / x / x", {"x": 10**12}),  # 10^36 on the way
    ("x + 1", {"x": 10**12}),
    ("-x - 1", {"x": 10**12}),
    ("1000000000000 * 2", {}),
])
def test_a_value_past_the_bounds_is_out_of_range(text, values):
    with pytest.raises(OutOfRange):
        work_out(parse_formula(text), values)


def test_on_the_way_a_value_may_pass_the_end_bound_but_not_10_to_the_30():
    assert work_out(parse_formula("x * x / x"), {"x": 10**12}) == 10**12
    assert work_out(parse_formula("x ** 2 / x"), {"x": 10**12}) == 10**12
    assert work_out(parse_formula("-x"), {"x": 10**12}) == -(10**12)


def test_and_or_if_and_chains_work_out_only_what_they_need_as_python_does():
    huge = {"x": 10**12}
    assert work_out(parse_formula("0 and x ** 10"), huge) == 0
    assert work_out(parse_formula("1 or x ** 10"), huge) == 1
    assert work_out(parse_formula("if(1, 5, x ** 10)"), huge) == 5
    assert work_out(parse_formula("2 < 1 < x ** 10"), huge) == 0


# --- any formula: its value is what an independent reading gives ---------------------------------

def worked_out(text, env):
    try:
        return work_out(parse_formula(text), env)
    except OutOfRange:
        return "out of range"


ENVS = st.fixed_dictionaries({"a": st.integers(-50, 50), "b": st.integers(-50, 50),
                              "c": st.sampled_from([0, 1, -1, 10**6, -(10**9), 10**12]),
                              "players": st.integers(1, 12)})


@settings(max_examples=400, deadline=None)
@given(tree=trees(), env=ENVS)
def test_a_formula_is_worth_what_its_tree_is(tree, env):
    for fully in (False, True):
        text = render(tree, fully)
        if len(text) <= 300:
            assert worked_out(text, env) == expected(tree, env), text


def from_python(node):
    """Python's own reading of a formula's text, as our tree: the oracle for precedence alone
    (the test reads the text with ast; the app never does)."""
    if isinstance(node, ast.Expression):
        return from_python(node.body)
    if isinstance(node, ast.Constant):
        return Number(node.value)
    if isinstance(node, ast.Name):
        return Name(node.id)
    if isinstance(node, ast.UnaryOp):
        return Unary("-" if isinstance(node.op, ast.USub) else "not", from_python(node.operand))
    if isinstance(node, ast.BinOp):
        if isinstance(node.op, ast.Pow):
            return Power(from_python(node.left), node.right.value)
        op = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.Mod: "%"}[
            type(node.op)]
        return Binary(op, from_python(node.left), from_python(node.right))
    if isinstance(node, ast.BoolOp):
        op = "and" if isinstance(node.op, ast.And) else "or"
        tree = from_python(node.values[0])
        for value_ in node.values[1:]:
            tree = Binary(op, tree, from_python(value_))
        return tree
    if isinstance(node, ast.Compare):
        ops = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==",
               ast.NotEq: "!="}
        return Compare(from_python(node.left), tuple(
            (ops[type(op)], from_python(right)) for op, right in zip(node.ops, node.comparators,
                                                                     strict=True)))
    assert isinstance(node, ast.Call)
    name = node.func.id.rstrip("_")
    return Call(name, tuple(from_python(arg) for arg in node.args))


@settings(max_examples=300, deadline=None)
@given(tree=trees())
def test_a_formula_is_grouped_as_python_groups_it(tree):
    text = render(tree)
    if len(text) <= 300:
        python = from_python(ast.parse(text.replace("if(", "if_("), mode="eval"))
        assert parse_formula(text).tree == python, text


FORMULA_BITS = st.sampled_from(["a", "b", "players", "min", "max", "abs", "if", "and", "or",
                                "not", "(", ")", ",", "+", "-", "*", "/", "%", "**", "<", "<=",
                                ">", ">=", "==", "!=", "0", "7", "10", "11", "99999999999999",
                                " ", "\t", "\n", "$", "١", ".", "=", "__", "é", "\x00"])


@settings(max_examples=400, deadline=None)
@given(text=st.one_of(st.lists(FORMULA_BITS, max_size=40).map("".join), st.text(max_size=60)),
       env=ENVS)
def test_no_text_fails_but_as_a_fault_said_and_no_value_but_as_out_of_range(text, env):
    try:
        formula = parse_formula(text, WHERE)
    except InvalidInput as error:
        assert error.path == WHERE and error.message.endswith(".")
        return
    known = {name: env.get(name, 5) for name in formula.names}
    try:
        assert isinstance(work_out(formula, known), int)
    except OutOfRange:
        pass
