"""A design's words in German and Arabic: its name, its rows' labels and its choices' options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..reading import InvalidInput, expect_object, reject_unknown
from ..say import Say
from .model import LANGUAGES, ChoiceRow, Labels, Row
from .rows import Clean, given, text


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
    if raw is None:
        return ()
    where = f"{where}.rows"
    body = expect_object(raw, Say("The rows' labels"), where)
    labels = []
    for key, label in body.items():
        if key not in rows:
            raise InvalidInput(Say("There is no row “%(key)s”.", key=key), f"{where}.{key}")
        labels.append((key, text(label, f"{where}.{key}", Say("A row's label"), clean)))
    return tuple(sorted(labels, key=lambda pair: list(rows).index(pair[0])))


def _option_labels(raw: Any, rows: Mapping[str, Row], where: str,
                   clean: Clean) -> tuple[tuple[str, tuple[str, ...]], ...]:
    if raw is None:
        return ()
    where = f"{where}.options"
    body = expect_object(raw, Say("The options' labels"), where)
    labels = []
    for key, names in body.items():
        row = rows.get(key)
        if not isinstance(row, ChoiceRow):
            raise InvalidInput(Say("There is no choice row “%(key)s”.", key=key),
                               f"{where}.{key}")
        if not isinstance(names, list) or len(names) != len(row.options):
            raise InvalidInput(Say("Give the %(count)s options' labels as a list, in order.",
                                   count=len(row.options)), f"{where}.{key}")
        labels.append((key, tuple(text(name, f"{where}.{key}[{index}]",
                                        Say("An option's label"), clean)
                                   for index, name in enumerate(names))))
    return tuple(sorted(labels, key=lambda pair: list(rows).index(pair[0])))
