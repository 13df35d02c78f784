"""The forms of the pages: starting a match and typing scores."""

from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm
from wtforms import BooleanField, FieldList, HiddenField, IntegerField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Length, NumberRange, Optional, StopValidation, ValidationError

from ..games import Game
from ..games.base import OptionSpec
from ..services import MATCH_NAME_LIMIT, NAME_LIMIT
from .arithmetic import NotANumber, evaluate

PLAYER_FIELDS = 12


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
            raise ValidationError(str(error)) from error


class WholeNumberField(IntegerField):
    """An int option: text that is no number gets that one message, not a range complaint too."""

    def process_formdata(self, valuelist) -> None:
        if valuelist and not valuelist[0].strip():
            self.data = None  # left empty: for Optional() or _required_number to judge
            return
        super().process_formdata(valuelist)

    def pre_validate(self, form) -> None:
        if self.process_errors:
            raise StopValidation()


def _trimmed(value: str | None) -> str | None:
    # SPEC: "names are 1–40 characters after trimming": the length is checked once trimmed.
    return value.strip() if isinstance(value, str) else value


def new_match_form(game: Game, formdata: Any = None) -> FlaskForm:
    """The start-a-match form for `game`: a name, up to twelve players, and the game's options."""

    class NewMatchForm(FlaskForm):
        name = StringField("Match name", [Optional(), Length(max=MATCH_NAME_LIMIT)],
                           filters=[_trimmed],
                           description="Optional; the players' names are used when empty.")
        players = FieldList(
            StringField("Player", [Optional(), Length(max=NAME_LIMIT)], filters=[_trimmed]),
            min_entries=min(PLAYER_FIELDS, game.max_players),
            max_entries=game.max_players,
        )

    for spec in game.options:
        setattr(NewMatchForm, f"opt_{spec.name}", _option_field(spec))
    return NewMatchForm(formdata=formdata) if formdata is not None else NewMatchForm()


def _option_field(spec: OptionSpec):
    if spec.kind == "bool":
        return BooleanField(spec.label, default=spec.default, description=spec.help)
    if spec.kind == "choice":
        return SelectField(spec.label, default=spec.default, description=spec.help,
                           choices=[SelectChoice(value, label) for value, label in spec.choices])
    checks = [NumberRange(min=spec.minimum, max=spec.maximum)]
    checks.insert(0, Optional() if spec.optional else _required_number)
    return WholeNumberField(spec.label, checks, default=spec.default, description=spec.help,
                            render_kw={"inputmode": "numeric", "pattern": "[0-9]*"})


def _required_number(form, field) -> None:
    if field.data is None:
        raise ValidationError("Type a whole number.")


def option_values(form: FlaskForm, game: Game) -> dict[str, Any]:
    values = {}
    for spec in game.options:
        value = getattr(form, f"opt_{spec.name}").data
        if spec.kind == "int" and value is None and not spec.optional:
            value = spec.default
        values[spec.name] = value
    return values


class VersionedForm(FlaskForm):
    """A form that remembers which version of the match its page showed."""

    version = HiddenField()

    def based_on(self) -> int | None:
        text = self.version.data
        return int(text) if text and text.isascii() and text.isdigit() and len(text) < 19 else None


class CellForm(VersionedForm):
    """One cell of one round, typed on its own page."""

    value = ScoreField("Score")


class ReplaceLinkForm(FlaskForm):
    """Which link to replace: the host's, the view link, or one seat's."""

    role = StringField()
    seat = StringField()

    def validate_role(self, field) -> None:
        if field.data not in ("host", "view", "seat"):
            raise ValidationError("Say which link: host, view or seat.")

    def validate_seat(self, field) -> None:
        text = field.data or ""
        if self.role.data == "seat" and not (text.isascii() and text.isdigit() and len(text) <= 3):
            raise ValidationError("Say which seat.")
