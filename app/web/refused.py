"""A refused form's faults, as the summary at the top of its page lists them (the macro
error_summary in _macros.html): each field's id, its name, and what is wrong with it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from wtforms import Field, FieldList
from wtforms.form import BaseForm

Fault = tuple[str | None, str | None, str]  # the field's id, its name, the message


def faults_of(form: BaseForm, named: Mapping[str, str] | None = None,
              skip: Iterable[str] = ()) -> list[Fault]:
    """A WTForms form's faults in the order of its fields (a list's entries each its own), then
    the form's own (above its fields, linking nowhere). `named` names a field whose label is
    not what the summary should say; `skip`: fields the page says otherwise."""
    faults: list[Fault] = []
    skipped = set(skip)

    def add(field: Field, name: str) -> None:
        faults.extend((field.id, name, str(message)) for message in field.errors)

    for field in form:
        if field.name in skipped or field.type == "HiddenField":
            continue
        if field.type == "CSRFTokenField":  # an expired page: said, linked to nothing
            faults.extend((None, None, str(message)) for message in field.errors)
            continue
        if isinstance(field, FieldList):
            for entry in field.entries:
                add(entry, (named or {}).get(entry.id) or str(entry.label.text))
        else:
            add(field, (named or {}).get(field.id) or str(field.label.text))
    faults.extend((None, None, str(message)) for message in getattr(form, "form_errors", []))
    return faults


def named_faults(errors: Mapping[str, str], names: Iterable[tuple[str, str]],
                 rest: bool = True) -> list[Fault]:
    """A page's own errors by field (a field's id: its message) in the page's order, each with
    the name the page gives its field; then, where `rest`, the errors of no field named (the
    form's own), linking nowhere."""
    listed = list(names)
    known = {at for at, _name in listed}
    return [(at, name, errors[at]) for at, name in listed if errors.get(at)] + [
        (None, None, message) for at, message in errors.items()
        if rest and at not in known and message]
