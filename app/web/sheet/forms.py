"""The forms every game's pages share: a button's form, a form that remembers the version its
page showed, a cell typed as a number or a quick sum, and a save that lost a race, offered back
as a choice."""

from __future__ import annotations

from dataclasses import dataclass

from flask import abort
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from werkzeug.datastructures import MultiDict
from wtforms import HiddenField, StringField
from wtforms.form import BaseForm
from wtforms.validators import ValidationError

from ...i18n import say
from .arithmetic import NotANumber, evaluate


class ScoreField(StringField):
    """A cell as typed ("10+15-5"); `score` holds the whole number it adds up to."""

    score: int | None = None

    def pre_validate(self, form: BaseForm) -> None:
        self.score = None
        if self.data is None or not self.data.strip():
            return
        try:
            self.score = evaluate(self.data)
        except NotANumber as error:
            raise ValidationError(say(error.args[0] if error.args else str(error))) from error


class CsrfForm(FlaskForm):
    """A form of no fields: a button's POST, checked for its CSRF token alone."""


def posted(form: FlaskForm | None = None) -> None:
    """Stop with 400 unless this POST carries a good CSRF token (and `form`'s fields, where
    given, are as its page sends them): only a forged or outdated page is refused so."""
    if not (form if form is not None else CsrfForm()).validate_on_submit():
        abort(400)


class VersionedForm(FlaskForm):
    """A form that remembers which version of the match its page showed."""

    version = HiddenField()

    def based_on(self) -> int | None:
        text = self.version.data
        return int(text) if text and text.isascii() and text.isdigit() and len(text) < 19 else None


class CellForm(VersionedForm):
    """One cell of one round, typed on its own page."""

    value = ScoreField(_l("Score"))


@dataclass(frozen=True)
class LostRace:
    """A save that lost a race to another phone's, offered as a choice (sheet/_choice.html):
    each choice is the fields its form posts, at the version that beat the save, so that it
    works wherever it is shown, and the words a waiting list says of it. `mine` puts the
    person's values back; `saved` keeps the newer ones and saves whatever else was typed (None:
    nothing else was, so keeping them is a link back to the sheet)."""

    message: str
    version: int
    number: int
    label: str  # what a waiting list names the save: "Round 3", "Hand 2, Dana"
    mine: tuple[tuple[str, str], ...]
    mine_said: str
    saved: tuple[tuple[str, str], ...] | None = None
    saved_said: str = ""
    clashes: tuple[tuple[str, str, str], ...] = ()  # each cell both changed: name, yours, saved


def typed_fields(form: MultiDict[str, str]) -> tuple[tuple[str, str], ...]:
    """A posted form's fields as typed, without its token and the version it was typed at."""
    return tuple((name, value) for name, value in form.items(multi=True)
                 if name not in ("csrf_token", "version"))
