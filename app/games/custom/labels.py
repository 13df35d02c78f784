"""A design's words in German and Arabic: its name, its rows' labels and its choices' options."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from ..reading import InvalidInput, expect_object, reject_unknown
from ..say import Say
from .model import LANGUAGES, ChoiceRow, Labels, Row
from .rows import Clean, given, text

T = TypeVar("T")


def read_labels(raw: Any, rows: tuple[Row, ...], clean: Clean) -> tuple[Labels, ...]:
    """`{"de": {...}, "ar": {...}}`, each language optional; keys that name no row (or, for
    options, no choice row) and lists of options of the wrong length are refused."""
    if raw is None:
        return ()
    body = expect_object(raw, Say("The labels"), "labels")
    reject_unknown(body, set(LANGUAGES), "labels.")
    by_key = {row.key: row for row in rows}
    return tuple(_language(language, body[language], by_key, clean)
                 for language in LANGUAGES if language in body)


def _language(language: str, raw: Any, rows: Mapping[str, Row], clean: Clean) -> Labels:
    where = f"labels.{language}"
    body = expect_object(raw, Say("A language's labels"), where)
    reject_unknown(body, {"name", "rows", "options"}, f"{where}.")
    name = given(body, "name")
    if name is not None:
        name = text(name, f"{where}.name", Say("The name"), clean)
    return Labels(language, name, _row_labels(given(body, "rows"), rows, where, clean),
                  _option_labels(given(body, "options"), rows, where, clean))


def _row_labels(raw: Any, rows: Mapping[str, Row], where: str,
                clean: Clean) -> tuple[tuple[str, str], ...]:
    def label(key: str, raw: Any, at: str) -> str:
        if key not in rows:
            raise InvalidInput(Say("There is no row “%(key)s”.", key=key), at)
        return text(raw, at, Say("A row's label"), clean)
    return _by_row(raw, rows, Say("The rows' labels"), f"{where}.rows", label)


def _option_labels(raw: Any, rows: Mapping[str, Row], where: str,
                   clean: Clean) -> tuple[tuple[str, tuple[str, ...]], ...]:
    def labels(key: str, names: Any, at: str) -> tuple[str, ...]:
        row = rows.get(key)
        if not isinstance(row, ChoiceRow):
            raise InvalidInput(Say("There is no choice row “%(key)s”.", key=key), at)
        if not isinstance(names, list) or len(names) != len(row.options):
            raise InvalidInput(Say("Give the %(count)s options' labels as a list, in order.",
                                   count=len(row.options)), at)
        return tuple(text(name, f"{at}[{index}]", Say("An option's label"), clean)
                     for index, name in enumerate(names))
    return _by_row(raw, rows, Say("The options' labels"), f"{where}.options", labels)


def _by_row(raw: Any, rows: Mapping[str, Row], what: Say, where: str,
            read: Callable[[str, Any, str], T]) -> tuple[tuple[str, T], ...]:
    """An object keyed by row (absent: none), each value read at its own place by `read`, in
    the design's order of rows."""
    if raw is None:
        return ()
    body = expect_object(raw, what, where)
    read_in = [(key, read(key, value, f"{where}.{key}")) for key, value in body.items()]
    return tuple(sorted(read_in, key=lambda pair: list(rows).index(pair[0])))
