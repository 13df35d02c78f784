"""A formula's tree: the frozen nodes a formula is read into (see formula.py for the grammar)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Union


@dataclass(frozen=True)
class Number:
    value: int


@dataclass(frozen=True)
class Name:
    name: str


@dataclass(frozen=True)
class Unary:
    op: str  # "-" or "not"
    operand: Node


@dataclass(frozen=True)
class Binary:
    op: str  # + - * / % and or
    left: Node
    right: Node


@dataclass(frozen=True)
class Power:
    base: Node
    exponent: int


@dataclass(frozen=True)
class Compare:
    first: Node
    rest: tuple[tuple[str, Node], ...]


@dataclass(frozen=True)
class Call:
    function: str
    args: tuple[Node, ...]


Node = Union[Number, Name, Unary, Binary, Power, Compare, Call]  # noqa: UP007 (a runtime alias)
Run = Callable[[Mapping[str, int]], int]
