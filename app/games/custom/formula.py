"""A design's formulas: our own small grammar read into a frozen tree, worked out in whole numbers.

The grammar (SPEC section 10), loosest first, as Python binds it:
    or  <  and  <  not  <  comparisons (< <= > >= == !=, chained as Python chains them:
    `a < b < c` is `a < b and b < c`)  <  + -  <  * / %  <  unary -  <  **
with whole numbers, names (row keys and `players`), parentheses and the calls min(…), max(…),
abs(x) and if(condition, then, else). `/` divides rounding down and `%` takes the divisor's sign
(Python's // and %); either by 0 gives 0. Comparisons, `and`, `or` and `not` give 1 or 0. The
exponent of `**` is a whole number from 0 to 10 written in the formula (parentheses around it
allowed), so `x ** y`, `x ** 11` and `x ** 2 ** 3` are refused. There is no unary plus.

Nothing here reaches Python's eval, compile or ast: a formula is data from a phone.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..reading import InvalidInput, grouped
from ..say import Say
from .tree import Binary, Call, Compare, Name, Node, Number, Power, Run, Unary
from .working import OutOfRange, compiled

__all__ = ["Binary", "Call", "Compare", "Formula", "Name", "Node", "Number", "OutOfRange",
           "Power", "Unary", "parse_formula", "work_out"]

LONGEST = 300
# Parentheses nest at most 150 deep in 300 characters; calls, `-` and `not` inside one another
# are held to the same, which keeps the reader's and the worker's recursion far below Python's
# limit whatever a phone sends (the tests measure it).
DEEPEST = 150
HIGHEST_EXPONENT = 10
# A number written in a formula, a value a formula gives, and anything met on the way.
LARGEST_WRITTEN = 10**12
LARGEST_VALUE = 10**12
FUNCTIONS = {"min": (1, None), "max": (1, None), "abs": (1, 1), "if": (3, 3)}
KEYWORDS = ("and", "or", "not")
COMPARISONS = ("<", "<=", ">", ">=", "==", "!=")
# How tightly each operator binds (Python's order); unary `-` and `not` bind their operands at
# UNARY and NOT.
BINDING = {"or": 1, "and": 2, **dict.fromkeys(COMPARISONS, 4), "+": 5, "-": 5, "*": 6, "/": 6,
           "%": 6, "**": 8}
NOT, UNARY = 3, 7

_TOKEN = re.compile(r"\s*(?:(?P<int>[0-9]+)|(?P<name>[A-Za-z_][A-Za-z0-9_]*)"
                    r"|(?P<op>\*\*|<=|>=|==|!=|[-+*/%<>(),]))", re.ASCII)
_SPACE = re.compile(r"\s*", re.ASCII)
# What only groups the others, and is no work of its own.
_NO_STEP = frozenset("(),")


@dataclass(frozen=True)
class Formula:
    """A formula read: its text, its tree, the names it uses (with where each first stands,
    1-based, for a design's message), and its steps: the work of working it out once (each
    number, row, operator and function one step; see design.py's budget)."""

    text: str
    tree: Node
    names: frozenset[str]
    positions: tuple[tuple[str, int], ...]
    run: Run = field(compare=False, repr=False)
    steps: int = field(default=0, compare=False)

    def position(self, name: str) -> int:
        return dict(self.positions)[name]


# --- reading ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Token:
    kind: str  # "int", "name", "op", "end"
    text: str
    at: int  # 1-based


def _tokens(text: str, where: str | None) -> list[_Token]:
    tokens, at = [], 0
    while True:
        at = _SPACE.match(text, at).end()  # type: ignore[union-attr]  # \s* always matches
        if at == len(text):
            tokens.append(_Token("end", "", at + 1))
            return tokens
        found = _TOKEN.match(text, at)
        if found is None:
            raise InvalidInput(Say("“%(found)s” cannot stand in a formula (at character "
                                   "%(at)s).", found=text[at], at=at + 1), where)
        kind = found.lastgroup or "op"
        tokens.append(_Token(kind, found.group(kind), found.start(kind) + 1))
        at = found.end()


class _Reader:
    """A Pratt reader over the tokens: expression(level) reads what binds tighter than level."""

    def __init__(self, text: str, where: str | None):
        self.tokens = _tokens(text, where)
        self.where = where
        self.next = 0
        self.depth = 0
        self.positions: dict[str, int] = {}

    def fault(self, message: Say) -> InvalidInput:
        return InvalidInput(message, self.where)

    def peek(self) -> _Token:
        return self.tokens[self.next]

    def take(self) -> _Token:
        token = self.tokens[self.next]
        self.next += 1
        return token

    def expect(self, text: str, opened: _Token) -> None:
        token = self.peek()
        if token.text != text or token.kind != "op":
            if token.kind == "end":
                raise self.fault(Say("The “%(open)s” at character %(at)s is never closed.",
                                     open=opened.text, at=opened.at))
            raise self.fault(Say("“%(found)s” at character %(at)s does not belong there: "
                                 "“%(wanted)s” was expected.", found=token.text, at=token.at,
                                 wanted=text))
        self.take()

    def whole(self) -> Node:
        tree = self.expression(0)
        token = self.peek()
        if token.kind != "end":
            if token.text == ")":
                raise self.fault(Say("The “)” at character %(at)s closes nothing.",
                                     at=token.at))
            raise self.fault(Say("“%(found)s” at character %(at)s does not belong there: an "
                                 "operator or the end was expected.", found=token.text,
                                 at=token.at))
        return tree

    def expression(self, level: int) -> Node:
        left = self.operand(level)
        while True:
            token = self.peek()
            binding = BINDING.get(token.text) if token.kind in ("op", "name") else None
            if binding is None or binding <= level:
                return left
            self.take()
            if token.text == "**":
                left = Power(left, self.exponent(token))
            elif binding == BINDING["<"]:
                rest = [(token.text, self.expression(binding))]
                while self.peek().kind == "op" and self.peek().text in COMPARISONS:
                    rest.append((self.take().text, self.expression(binding)))
                left = Compare(left, tuple(rest))
            else:
                left = Binary(token.text, left, self.expression(binding))

    def operand(self, level: int) -> Node:
        # What nests is read in this one frame (two a level with expression()), so that 150
        # levels stay far below Python's recursion limit.
        token = self.take()
        if token.kind == "int":
            value = int(token.text)
            if value > LARGEST_WRITTEN:
                raise self.fault(Say("A number in a formula is at most %(most)s (at "
                                     "character %(at)s).", most=grouped(LARGEST_WRITTEN),
                                     at=token.at))
            return Number(value)
        if token.kind == "end":
            raise self.fault(Say("The formula stops where a number, a row or “(” should "
                                 "follow (at character %(at)s).", at=token.at))
        nested: Node
        if token.kind == "name" and token.text in FUNCTIONS:
            self.deeper(token)
            nested = self.call(token)
        elif token.kind == "name" and token.text not in KEYWORDS:
            self.positions.setdefault(token.text, token.at)
            return Name(token.text)
        elif token.text == "(":
            self.deeper(token)
            nested = self.expression(0)
            self.expect(")", token)
        elif token.text == "-" and token.kind == "op":
            self.deeper(token)
            nested = Unary("-", self.expression(UNARY))
        elif token.text == "not" and token.kind == "name":
            if level > NOT:
                raise self.fault(Say("“not” at character %(at)s needs parentheses around it "
                                     "there.", at=token.at))
            self.deeper(token)
            nested = Unary("not", self.expression(NOT))
        else:
            raise self.fault(Say("“%(found)s” at character %(at)s does not belong there: a "
                                 "number, a row or “(” was expected.", found=token.text,
                                 at=token.at))
        self.depth -= 1
        return nested

    def deeper(self, token: _Token) -> None:
        self.depth += 1
        if self.depth > DEEPEST:
            raise self.fault(Say("The formula nests deeper than %(most)s levels (at character "
                                 "%(at)s).", most=DEEPEST, at=token.at))

    def call(self, token: _Token) -> Node:
        opening = self.peek()
        if opening.text != "(" or opening.kind != "op":
            raise self.fault(Say("%(name)s at character %(at)s is a function: write "
                                 "%(name)s(…).", name=token.text, at=token.at))
        self.take()
        args = []
        if self.peek().text != ")" or self.peek().kind != "op":
            args.append(self.expression(0))
            while self.peek().text == "," and self.peek().kind == "op":
                self.take()
                args.append(self.expression(0))
        self.expect(")", opening)
        fewest, most = FUNCTIONS[token.text]
        if len(args) < fewest or (most is not None and len(args) > most):
            if most is None:
                raise self.fault(Say("%(name)s at character %(at)s needs at least one value.",
                                     name=token.text, at=token.at))
            raise self.fault(Say.many("%(name)s at character %(at)s takes exactly %(count)s "
                                      "value.", "%(name)s at character %(at)s takes exactly "
                                      "%(count)s values.", most, name=token.text, at=token.at))
        return Call(token.text, tuple(args))

    def exponent(self, power: _Token) -> int:
        opened = []
        while self.peek().text == "(" and self.peek().kind == "op":
            opened.append(self.take())
        token = self.take()
        if token.kind != "int" or int(token.text) > HIGHEST_EXPONENT:
            raise self.fault(Say("The exponent after “**” at character %(at)s must be a whole "
                                 "number from 0 to %(most)s written in the formula.",
                                 at=power.at, most=HIGHEST_EXPONENT))
        for opening in reversed(opened):
            if self.peek().text != ")" or self.peek().kind != "op":
                if self.peek().kind == "end":
                    self.expect(")", opening)  # never closed: says so
                raise self.fault(Say("The exponent after “**” at character %(at)s must be a "
                                     "whole number from 0 to %(most)s written in the formula.",
                                     at=power.at, most=HIGHEST_EXPONENT))
            self.take()
        after = self.peek()
        if after.text == "**" and after.kind == "op":
            raise self.fault(Say("The exponent after “**” at character %(at)s must be a whole "
                                 "number from 0 to %(most)s written in the formula.",
                                 at=after.at, most=HIGHEST_EXPONENT))
        return int(token.text)


def parse_formula(text: object, where: str | None = None) -> Formula:
    """A formula read, or InvalidInput at `where` saying at which character it went wrong."""
    if not isinstance(text, str):
        raise InvalidInput(Say("A formula is text, like “gear ** 2 + 7 * min(gear, cog)”."),
                           where)
    if len(text) > LONGEST:
        raise InvalidInput(Say("A formula is at most %(most)s characters, not %(given)s.",
                               most=LONGEST, given=len(text)), where)
    if not text.strip():
        raise InvalidInput(Say("Write the formula."), where)
    reader = _Reader(text, where)
    tree = reader.whole()
    steps = sum(token.kind != "end" and token.text not in _NO_STEP for token in reader.tokens)
    return Formula(text, tree, frozenset(reader.positions), tuple(reader.positions.items()),
                   compiled(tree), steps)


# --- working it out -------------------------------------------------------------------------------

def work_out(formula: Formula, values: Mapping[str, int]) -> int:
    """The formula's value over `values` (every name it uses, `players` included); OutOfRange
    beyond ±10^12, or beyond ±10^30 on the way."""
    value = formula.run(values)
    if abs(value) > LARGEST_VALUE:
        raise OutOfRange(value)
    return value
