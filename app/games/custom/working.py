"""Working out a formula's tree in whole numbers, as SPEC section 10 says, within bounds.

`/` divides rounding down and `%` takes the divisor's sign (Python's // and %), either by 0
giving 0; comparisons, `and`, `or` and `not` give 1 or 0; like Python, `and`, `or`, `if` and a
chain of comparisons work out only what they need. A value past ±10^30 on the way is OutOfRange.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .tree import Call, Compare, Name, Node, Number, Power, Run, Unary

LARGEST_MEANWHILE = 10**30


class OutOfRange(ArithmeticError):
    """A value past what a formula may hold (beyond ±10^12 at the end, ±10^30 on the way)."""


def _bounded(value: int) -> int:
    if abs(value) > LARGEST_MEANWHILE:
        raise OutOfRange(value)
    return value


def _divided(left: int, right: int) -> int:
    return 0 if right == 0 else left // right


def _remainder(left: int, right: int) -> int:
    return 0 if right == 0 else left % right


_ARITHMETIC: dict[str, Callable[[int, int], int]] = {
    "+": lambda a, b: _bounded(a + b),
    "-": lambda a, b: _bounded(a - b),
    "*": lambda a, b: _bounded(a * b),
    "/": _divided,
    "%": _remainder,
    "<": lambda a, b: int(a < b),
    "<=": lambda a, b: int(a <= b),
    ">": lambda a, b: int(a > b),
    ">=": lambda a, b: int(a >= b),
    "==": lambda a, b: int(a == b),
    "!=": lambda a, b: int(a != b),
}


def compiled(node: Node) -> Run:
    """The tree as nested closures: worked out once per player and round, so read once."""
    if isinstance(node, Number):
        number = node.value
        return lambda values: number
    if isinstance(node, Name):
        name = node.name
        return lambda values: values[name]
    if isinstance(node, Unary):
        operand = compiled(node.operand)
        if node.op == "-":
            return lambda values: -operand(values)
        return lambda values: int(not operand(values))
    if isinstance(node, Power):
        base, exponent = compiled(node.base), node.exponent
        # |base| <= 10^30 and exponent <= 10: at most 10^300 before the bound refuses it.
        return lambda values: _bounded(base(values) ** exponent)
    if isinstance(node, Compare):
        return _comparison(node)
    if isinstance(node, Call):
        return _call(node)
    left, right = compiled(node.left), compiled(node.right)
    if node.op == "and":
        return lambda values: int(bool(left(values)) and bool(right(values)))
    if node.op == "or":
        return lambda values: int(bool(left(values)) or bool(right(values)))
    operator = _ARITHMETIC[node.op]
    return lambda values: operator(left(values), right(values))


def _comparison(node: Compare) -> Run:
    first = compiled(node.first)
    rest = tuple((_ARITHMETIC[op], compiled(operand)) for op, operand in node.rest)

    def run(values: Mapping[str, int]) -> int:
        left = first(values)
        for operator, operand in rest:
            right = operand(values)
            if not operator(left, right):
                return 0
            left = right
        return 1
    return run


def _call(node: Call) -> Run:
    args = tuple(compiled(arg) for arg in node.args)
    if node.function == "if":
        condition, then, otherwise = args
        return lambda values: then(values) if condition(values) else otherwise(values)
    if node.function == "abs":
        (only,) = args
        return lambda values: abs(only(values))
    pick = min if node.function == "min" else max
    return lambda values: pick([arg(values) for arg in args])
