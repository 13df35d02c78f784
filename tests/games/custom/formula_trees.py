"""Formulas as random trees for the custom sheet's tests: the text they render to (with only the
parentheses Python's precedence needs, or all), and what SPEC section 10 says they are worth,
worked out straight from the tree, independently of the engine's reader and evaluator."""

from __future__ import annotations

from hypothesis import strategies as st

NAMES = ("a", "b", "c", "players")
BINARY = ("+", "-", "*", "/", "%", "<", "<=", ">", ">=", "==", "!=", "and", "or")
# Python's binding strength, written out afresh for the renderer.
STRENGTH = {"or": 1, "and": 2, "not": 3, "<": 4, "<=": 4, ">": 4, ">=": 4, "==": 4, "!=": 4,
            "+": 5, "-": 5, "*": 6, "/": 6, "%": 6, "neg": 7, "**": 8, "atom": 9}


def trees(names=NAMES, max_leaves=12):
    leaf = st.one_of(st.integers(0, 30).map(lambda n: ("num", n)),
                     st.sampled_from(names).map(lambda name: ("name", name)))

    def grow(inner):
        return st.one_of(
            st.tuples(st.just("neg"), inner),
            st.tuples(st.just("not"), inner),
            st.tuples(st.sampled_from(BINARY), inner, inner),
            st.tuples(st.just("**"), inner, st.integers(0, 4)),
            st.tuples(st.sampled_from(["min", "max"]), st.lists(inner, min_size=1, max_size=3)),
            st.tuples(st.just("abs"), inner),
            st.tuples(st.just("if"), inner, inner, inner),
            st.tuples(st.sampled_from(["<", "=="]), inner, inner, inner).map(
                lambda t: ("chain", t[0], t[1], t[2], t[3])),
        )
    return st.recursive(leaf, grow, max_leaves=max_leaves)


def strength(tree):
    kind = tree[0]
    if kind in ("num", "name", "min", "max", "abs", "if"):
        return STRENGTH["atom"]
    if kind == "chain":
        return STRENGTH["<"]
    return STRENGTH[kind]


def render(tree, fully=False):
    """The tree as text, with only the parentheses Python's precedence needs (or all)."""
    def wrap(child, needed):
        text = render(child, fully)
        return f"({text})" if fully or strength(child) < needed else text

    kind = tree[0]
    if kind == "num":
        return str(tree[1])
    if kind == "name":
        return tree[1]
    if kind == "neg":
        return "-" + wrap(tree[1], STRENGTH["neg"])
    if kind == "not":
        return "not " + wrap(tree[1], STRENGTH["not"])
    if kind == "**":
        return f"{wrap(tree[1], STRENGTH['atom'])} ** {tree[2]}"
    if kind in ("min", "max"):
        return f"{kind}({', '.join(render(arg, fully) for arg in tree[1])})"
    if kind == "abs":
        return f"abs({render(tree[1], fully)})"
    if kind == "if":
        return "if(" + ", ".join(render(arg, fully) for arg in tree[1:]) + ")"
    if kind == "chain":
        op, first, second, third = tree[1:]
        parts = [wrap(part, STRENGTH["<"] + 1) for part in (first, second, third)]
        return f"{parts[0]} {op} {parts[1]} {op} {parts[2]}"
    # left-associative: the right side must bind strictly tighter; comparisons chain, so a
    # comparison inside one is parenthesised on either side
    left = STRENGTH[kind] + (STRENGTH[kind] == STRENGTH["<"])
    return f"{wrap(tree[1], left)} {kind} {wrap(tree[2], STRENGTH[kind] + 1)}"


class Far(Exception):
    pass


def bounded(number):
    if abs(number) > 10**30:
        raise Far
    return number


def reference(tree, env):
    """SPEC section 10's meaning, worked out straight from the tree."""
    kind = tree[0]
    if kind == "num":
        return tree[1]
    if kind == "name":
        return env[tree[1]]
    if kind == "neg":
        return -reference(tree[1], env)
    if kind == "not":
        return 1 if reference(tree[1], env) == 0 else 0
    if kind == "**":
        return bounded(reference(tree[1], env) ** tree[2])
    if kind in ("min", "max"):
        values = [reference(arg, env) for arg in tree[1]]
        return min(values) if kind == "min" else max(values)
    if kind == "abs":
        return abs(reference(tree[1], env))
    if kind == "if":
        return reference(tree[2] if reference(tree[1], env) != 0 else tree[3], env)
    if kind == "chain":
        op, first, second, third = tree[1:]
        test = (lambda x, y: x < y) if op == "<" else (lambda x, y: x == y)
        x, y = reference(first, env), reference(second, env)
        if not test(x, y):
            return 0
        return 1 if test(y, reference(third, env)) else 0
    left = reference(tree[1], env)
    if kind == "and":
        return 1 if left != 0 and reference(tree[2], env) != 0 else 0
    if kind == "or":
        return 1 if left != 0 or reference(tree[2], env) != 0 else 0
    right = reference(tree[2], env)
    if kind == "/":
        return 0 if right == 0 else left // right
    if kind == "%":
        return 0 if right == 0 else left - right * (left // right)
    if kind in ("+", "-", "*"):
        return bounded({"+": left + right, "-": left - right, "*": left * right}[kind])
    return int({"<": left < right, "<=": left <= right, ">": left > right, ">=": left >= right,
                "==": left == right, "!=": left != right}[kind])


def expected(tree, env):
    try:
        result = reference(tree, env)
    except Far:
        return "out of range"
    return "out of range" if abs(result) > 10**12 else result
