"""The forms every game's pages share: a button's form, a form that remembers the version its
page showed, and a cell typed as a number or a quick sum."""

from __future__ import annotations

from flask import abort
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import HiddenField, StringField
from wtforms.validators import ValidationError

from ...i18n import say
from .arithmetic import NotANumber, evaluate


class ScoreField(StringField):
    """A cell as typed ("10+15-5"); `score` holds the whole number it adds up to."""

    score: int | None = None

    def pre_validate(self, form) -> None:
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
