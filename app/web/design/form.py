"""The designer's form, as plain fields (it works without a script): what was typed, kept as
typed; the design it describes, read by the engine; each refusal put beside its field; rows added,
moved and removed; and each formula's value on sample numbers."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _

from ...games.custom import (
    CheckRow,
    ChoiceRow,
    CountRow,
    Design,
    FormulaRow,
    NumberRow,
    parse_design,
    parse_formula,
    round_values,
)
from ...games.custom.rows import KEY, RESERVED
from ...games.reading import InvalidInput
from ...i18n import say
from ...services.design.designs import clean
from ..sheet.arithmetic import NotANumber, evaluate

# What one row of the designer holds, each a field named rows-<n>-<name>.
ROW_FIELDS = ("key", "label", "kind", "min", "max", "points", "of", "order", "at_least", "ties",
              "formula", "options", "de", "ar", "options_de", "options_ar")
TOP_FIELDS = ("name", "name_de", "name_ar", "least", "most", "scoring", "winner", "rounds",
              "target")
# The kinds of row each field of a row is for (the designer shows a row its kind's alone).
FIELD_KINDS = {"min": ("number",), "max": ("number", "count"),
               "points": ("count", "check", "rank"), "options": ("choice",), "of": ("rank",),
               "order": ("rank",), "at_least": ("rank",), "ties": ("rank",),
               "formula": ("formula",), "options_de": ("choice",), "options_ar": ("choice",)}
TIEBREAKS = 3
MOST_ROWS = 40
# The sample numbers a formula is worked out on, as the designer says them.
SAMPLE_NUMBER, SAMPLE_COUNT, SAMPLE_PLAYERS = 10, 3, 4

Typed = dict[str, str]


@dataclass
class Draft:
    """A design as typed into the designer: its fields, each row's, the tie-breaks'; and what
    is said beside each field (its messages) and each formula's sample value."""

    top: Typed
    rows: list[Typed]
    tiebreak: list[Typed]
    errors: dict[str, str] = field(default_factory=dict)
    samples: dict[int, str] = field(default_factory=dict)

    def error(self, name: str) -> str | None:
        return self.errors.get(name)


def blank_row(kind: str = "number") -> Typed:
    return dict.fromkeys(ROW_FIELDS, "") | {"kind": kind, "counts": "y"}


def empty_draft() -> Draft:
    top = dict.fromkeys(TOP_FIELDS, "") | {"least": "1", "most": "12", "scoring": "game",
                                           "winner": "highest"}
    return Draft(top, [blank_row()], [{"row": "", "order": "most"} for _ in range(TIEBREAKS)])


def read_form(form: Mapping[str, str]) -> Draft:
    """The designer as posted: every field as typed (rows in the order their numbers say)."""
    top = {name: form.get(name, "") for name in TOP_FIELDS}
    rows = []
    for index in range(MOST_ROWS + 1):
        if f"rows-{index}-kind" not in form:
            break
        row = {name: form.get(f"rows-{index}-{name}", "") for name in ROW_FIELDS}
        row["counts"] = "y" if form.get(f"rows-{index}-counts") else ""
        rows.append(row)
    tiebreak = [{"row": form.get(f"tiebreak-{i}-row", ""),
                 "order": form.get(f"tiebreak-{i}-order", "most")} for i in range(TIEBREAKS)]
    return Draft(top, rows, tiebreak)


def act(draft: Draft, action: str) -> bool:
    """A row added, moved up or down, or removed (`action`: add, up-3, down-3, remove-3);
    answers whether the action was one of those."""
    if action == "add":
        if len(draft.rows) < MOST_ROWS:
            draft.rows.append(blank_row())
        return True
    verb, _, number = action.partition("-")
    if verb not in ("up", "down", "remove") or not number.isascii() or not number.isdigit():
        return False
    at = int(number)
    if not 0 <= at < len(draft.rows):
        return True
    if verb == "remove" and len(draft.rows) > 1:
        draft.rows.pop(at)
    elif verb == "up" and at > 0:
        draft.rows[at - 1], draft.rows[at] = draft.rows[at], draft.rows[at - 1]
    elif verb == "down" and at < len(draft.rows) - 1:
        draft.rows[at + 1], draft.rows[at] = draft.rows[at], draft.rows[at + 1]
    return True


def draft_of(design: Mapping[str, Any]) -> Draft:
    """The designer filled in from a design's JSON (a design to edit, or one to start from)."""
    labels = design.get("labels") or {}
    top = {"name": design["name"], "least": str(design["players"][0]),
           "most": str(design["players"][1]), "scoring": design["scoring"],
           "winner": design["winner"], "rounds": _text(design.get("rounds")),
           "target": _text(design.get("target"))}
    for language in ("de", "ar"):
        top[f"name_{language}"] = (labels.get(language) or {}).get("name") or ""
    rows = []
    for raw in design["rows"]:
        row = blank_row(raw["kind"]) | {"key": raw["key"], "label": raw["label"],
                                        "counts": "y" if raw.get("counts", True) else ""}
        if raw["kind"] == "number":
            row |= {"min": str(raw["min"]), "max": str(raw["max"])}
        elif raw["kind"] == "count":
            row |= {"max": str(raw["max"]), "points": str(raw["points"])}
        elif raw["kind"] == "check":
            row["points"] = str(raw["points"])
        elif raw["kind"] == "choice":
            row["options"] = "\n".join(f"{option['label']} = {option['points']}"
                                       for option in raw["options"])
        elif raw["kind"] == "rank":
            row |= {"of": raw["of"], "points": ", ".join(map(str, raw["points"])),
                    "order": raw["order"], "at_least": _text(raw.get("at_least")),
                    "ties": raw["ties"]}
        else:
            row["formula"] = raw["formula"]
        for language in ("de", "ar"):
            own = labels.get(language) or {}
            row[language] = (own.get("rows") or {}).get(raw["key"], "")
            row[f"options_{language}"] = "\n".join((own.get("options") or {}).get(raw["key"], []))
        rows.append(row)
    tiebreak = [{"row": rule["row"], "order": rule["order"]} for rule in design["tiebreak"]]
    tiebreak += [{"row": "", "order": "most"} for _ in range(TIEBREAKS - len(tiebreak))]
    return Draft(top, rows, tiebreak[:TIEBREAKS])


def _text(value: Any) -> str:
    return "" if value is None else str(value)


# --- what the draft says as a design -------------------------------------------------------------

def with_keys(draft: Draft) -> None:
    """Every row given a key: where none is typed, one made from its label (what a formula
    names it by), unlike any other row's."""
    taken = {row["key"].strip() for row in draft.rows if row["key"].strip()}
    for index, row in enumerate(draft.rows):
        if row["key"].strip():
            row["key"] = row["key"].strip()
            continue
        base = _slug(row["label"]) or f"row_{index + 1}"
        key, number = base, 2
        while key in taken or key in RESERVED:
            suffix = f"_{number}"
            key, number = base[:24 - len(suffix)] + suffix, number + 1
        row["key"] = key
        taken.add(key)


def _slug(label: str) -> str:
    ascii_ = unicodedata.normalize("NFKD", label).encode("ascii", "ignore").decode().lower()
    slug = re.sub(r"[^a-z0-9]+", "_", ascii_).strip("_")
    slug = re.sub(r"^[0-9_]+", "", slug)[:24].rstrip("_")
    return slug if KEY.fullmatch(slug) else ""


class _Wrong(Exception):
    """A field typed as what it cannot be (a word where a number goes): said beside it."""

    def __init__(self, name: str, message: str):
        super().__init__(name, message)
        self.name, self.message = name, message


def _number(text: str, name: str, optional: bool = False) -> int | None:
    if not text.strip():
        if optional:
            return None
        raise _Wrong(name, _("Type a whole number."))
    try:
        value = evaluate(text)
    except NotANumber as error:
        raise _Wrong(name, say(error.args[0])) from None
    return value


def _numbers(text: str, name: str) -> list[int]:
    parts = [part for part in re.split(r"[,;،\s]+", text.strip()) if part]
    if not parts:
        raise _Wrong(name, _("Type the points of the places, the first place's first: 10, 6, 3."))
    return [value for part in parts if (value := _number(part, name)) is not None]


def _options(text: str, name: str) -> list[dict[str, Any]]:
    options = []
    for line in text.splitlines():
        if not line.strip():
            continue
        label, mark, points = line.rpartition("=")
        if not mark:
            raise _Wrong(name, _("Type one answer a line, with its points after “=”: "
                                 "Won = 10."))
        options.append({"label": label.strip(), "points": _number(points, name)})
    return options


def design_json_of(draft: Draft) -> dict[str, Any]:
    """The design the draft describes, as the API takes one (numbers read from the typed
    text); a field typed as what it cannot be is _Wrong."""
    top = draft.top
    body: dict[str, Any] = {"name": top["name"],
                            "players": [_number(top["least"], "least"),
                                        _number(top["most"], "most")],
                            "scoring": top["scoring"], "winner": top["winner"]}
    if top["scoring"] == "rounds":
        body["rounds"] = _number(top["rounds"], "rounds", optional=True)
        body["target"] = _number(top["target"], "target", optional=True)
    body["rows"] = [_row_json(row, f"rows-{index}-") for index, row in enumerate(draft.rows)]
    body["tiebreak"] = [{"row": rule["row"], "order": rule["order"]}
                        for rule in draft.tiebreak if rule["row"]]
    labels: dict[str, Any] = {}
    for language in ("de", "ar"):
        own: dict[str, Any] = {}
        if top[f"name_{language}"].strip():
            own["name"] = top[f"name_{language}"]
        named = {row["key"]: row[language] for row in draft.rows if row[language].strip()}
        if named:
            own["rows"] = named
        options = {row["key"]: [line for line in row[f"options_{language}"].splitlines()
                                if line.strip()]
                   for row in draft.rows
                   if row["kind"] == "choice" and row[f"options_{language}"].strip()}
        if options:
            own["options"] = options
        if own:
            labels[language] = own
    if labels:
        body["labels"] = labels
    return body


def _row_json(row: Typed, at: str) -> dict[str, Any]:
    kind = row["kind"]
    body: dict[str, Any] = {"key": row["key"], "label": row["label"], "kind": kind,
                            "counts": bool(row["counts"])}
    if kind == "number":
        body["min"] = _number(row["min"], at + "min", optional=True)
        body["max"] = _number(row["max"], at + "max", optional=True)
    elif kind == "count":
        body["max"] = _number(row["max"], at + "max", optional=True)
        body["points"] = _number(row["points"], at + "points")
    elif kind == "check":
        body["points"] = _number(row["points"], at + "points")
    elif kind == "choice":
        body["options"] = _options(row["options"], at + "options")
    elif kind == "rank":
        body |= {"of": row["of"], "points": _numbers(row["points"], at + "points"),
                 "order": row["order"] or "most", "ties": row["ties"] or "share",
                 "at_least": _number(row["at_least"], at + "at_least", optional=True)}
    elif kind == "formula":
        body["formula"] = row["formula"]
    return body


def checked(draft: Draft) -> Design | None:
    """The design the draft describes, read by the engine once, as the API reads one; else None,
    with the refusal said beside its field (and each formula's own fault beside it too). With
    a design, each formula row's value on the sample numbers."""
    with_keys(draft)
    try:
        raw = design_json_of(draft)
    except _Wrong as wrong:
        draft.errors[wrong.name] = wrong.message
        _formulas_alone(draft)
        return None
    try:
        design = parse_design(raw, clean=clean)
    except InvalidInput as error:
        draft.errors[field_of(draft, error.field)] = say(error.message)
        _formulas_alone(draft)
        return None
    _samples(draft, design)
    return design


def _formulas_alone(draft: Draft) -> None:
    """Each formula read alone, so that its own fault is said while another field's is."""
    for index, row in enumerate(draft.rows):
        name = f"rows-{index}-formula"
        if row["kind"] == "formula" and name not in draft.errors:
            try:
                parse_formula(row["formula"], name)
            except InvalidInput as error:
                draft.errors[name] = say(error.message)


def _samples(draft: Draft, design: Design) -> None:
    least, most = design.players
    players = min(max(SAMPLE_PLAYERS, least), most)
    line: dict[str, Any] = {}
    for row in design.typed:
        if isinstance(row, NumberRow):
            line[row.key] = min(max(SAMPLE_NUMBER, row.minimum), row.maximum)
        elif isinstance(row, CountRow):
            line[row.key] = min(SAMPLE_COUNT, row.maximum)
        elif isinstance(row, CheckRow):
            line[row.key] = True
        elif isinstance(row, ChoiceRow):
            line[row.key] = 0
    values = round_values(design, [line] * players, players, strict=False)[0]
    for index, worked in enumerate(design.rows):
        if isinstance(worked, FormulaRow):
            value = values[worked.key]
            draft.samples[index] = "…" if value is None else str(value)


def field_of(draft: Draft, path: str | None) -> str:
    """The designer's field that an engine's path names (`rows[3].formula` → rows-3-formula;
    `labels.de.rows.coins` → the de label of the row keyed coins); "" for the design whole."""
    if not path:
        return ""
    found = re.fullmatch(r"rows\[(\d+)\](?:\.(\w+))?.*", path)
    if found:
        return f"rows-{found.group(1)}-{found.group(2) or 'label'}"
    found = re.fullmatch(r"tiebreak\[(\d+)\].*", path)
    if found:
        shown = [i for i, rule in enumerate(draft.tiebreak) if rule["row"]]
        at = int(found.group(1))
        return f"tiebreak-{shown[at] if at < len(shown) else 0}-row"
    found = re.fullmatch(r"labels\.(de|ar)(?:\.(name|rows|options)(?:\.(\w+))?)?.*", path)
    if found:
        language, part, key = found.groups()
        if part in ("rows", "options") and key:
            index = next((i for i, row in enumerate(draft.rows) if row["key"] == key), None)
            if index is not None:
                return f"rows-{index}-{language if part == 'rows' else 'options_' + language}"
        return f"name_{language}"
    if path == "players":
        return "most"
    return path.split(".")[0].split("[")[0] if path.split(".")[0] in TOP_FIELDS else ""
