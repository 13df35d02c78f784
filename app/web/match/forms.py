"""The forms of a match's own pages: starting it (names, the game's options), moving the line,
replacing a link, and its place and note."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, cast, overload

from flask_babel import LazyString, ngettext
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from werkzeug.datastructures import MultiDict
from wtforms import (
    BooleanField,
    FieldList,
    HiddenField,
    IntegerField,
    SelectField,
    StringField,
    TextAreaField,
)

# New in WTForms 3.3, which types-WTForms (3.2) does not know yet.
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]
from wtforms.fields.core import Field
from wtforms.form import BaseForm
from wtforms.validators import Length, NumberRange, Optional, StopValidation, ValidationError

from ...games import Game
from ...games.base import OptionSpec
from ...i18n import language, say
from ...services.match.create import MATCH_NAME_LIMIT
from ...services.text import NAME_LIMIT
from ..refused import Fault, faults_of

PLAYER_FIELDS = 12


PLACE_LIMIT = 80


NOTE_LIMIT = 500


class WholeNumberField(IntegerField):
    """An int option: text that is no number gets that one message, not a range complaint too."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        if valuelist and not valuelist[0].strip():
            self.data = None  # left empty: for Optional() or _required_number to judge
            return
        super().process_formdata(valuelist)

    def pre_validate(self, form: BaseForm) -> None:
        if self.process_errors:
            raise StopValidation()


def _trimmed(value: str | None) -> str | None:
    # SPEC: "names are 1–40 characters after trimming": the length is checked once trimmed.
    return value.strip() if isinstance(value, str) else value


class StartForm(Protocol):
    """The start-a-match form as its pages read it, whatever the game; the game's options are
    its fields "opt_<name>", made for each game (read by name)."""

    form_errors: list[str]
    players_errors: list[str]  # said of the players as a whole (too many, too few)

    @property
    def name(self) -> StringField: ...

    @property
    def players(self) -> FieldList[StringField]: ...

    def validate_on_submit(self, extra_validators: Mapping[str, Sequence[Any]] | None = None
                           ) -> bool: ...

    def __getitem__(self, name: str) -> Field: ...


def new_match_form(game: Game, formdata: MultiDict[str, str] | None = None) -> StartForm:
    """The start-a-match form for `game`: a name, up to twelve players, and the game's options."""

    class NewMatchForm(FlaskForm):
        name = StringField(_l("Match name"), [Optional(), Length(max=MATCH_NAME_LIMIT)],
                           filters=[_trimmed],
                           description=_l("Optional; the players' names are used when empty."))
        players = FieldList(
            StringField(_l("Player"), [Optional(), Length(max=NAME_LIMIT)], filters=[_trimmed]),
            min_entries=min(PLAYER_FIELDS, game.max_players),
            max_entries=game.max_players,
        )
        players_errors: list[str]

    for spec in game.options:
        setattr(NewMatchForm, f"opt_{spec.name}", _option_field(spec, game.max_players))
    form = NewMatchForm(formdata=formdata) if formdata is not None else NewMatchForm()
    form.players_errors = []
    return form


def start_faults(form: StartForm) -> list[Fault]:
    """The new-match form's faults in the page's order: the players (as a whole, then each
    line), the options, the match's name; then the form's own."""
    players: list[Fault] = [("players", str(_l("Players")), message)
                            for message in form.players_errors]
    named = {entry.id: str(_l("Player %(number)s", number=i + 1))
             for i, entry in enumerate(form.players.entries)}
    faults = faults_of(cast(BaseForm, form), named, skip=("name",))
    faults += [(form.name.id, str(form.name.label.text), message) for message in form.name.errors]
    return players + faults


def move_line_form(game: Game, current: Mapping[str, Any],
                   formdata: MultiDict[str, str] | None = None) -> FlaskForm:
    """Where the match ends, as the game lets a table move it: its movable options, each as
    the new-match form asks it, filled in with the line as it stands."""

    class MoveLineForm(FlaskForm):
        pass

    specs = movable_specs(game)
    for spec in specs:
        setattr(MoveLineForm, f"opt_{spec.name}", _option_field(spec))
    if formdata is not None:
        return MoveLineForm(formdata=formdata)
    return MoveLineForm(data={f"opt_{spec.name}": current.get(spec.name) for spec in specs})


def movable_specs(game: Game) -> list[OptionSpec]:
    """The options the game lets a table move once it plays, in the order the game lists them."""
    return [spec for spec in game.options if spec.name in game.movable]


ORDINALS = (_l("the first name"), _l("the second name"), _l("the third name"),
            _l("the fourth name"), _l("the fifth name"), _l("the sixth name"),
            _l("the seventh name"), _l("the eighth name"), _l("the ninth name"),
            _l("the tenth name"), _l("the eleventh name"), _l("the twelfth name"))


def seat_label(seat: int) -> str:
    """A seat as the form names it before any name is typed ("the second name")."""
    if seat < len(ORDINALS):
        return str(ORDINALS[seat])
    return str(_l("name %(number)s", number=seat + 1))


@overload
def _said(text: str) -> LazyString: ...
@overload
def _said(text: None) -> None: ...
def _said(text: str | None) -> LazyString | None:
    """What a game declares (a label, a help sentence), said in the page's language when shown."""
    return None if text is None else LazyString(say, text)


class SeatField(SelectField):
    """A seat option, asked by name: one choice per player line (the page's script puts the
    names typed in place of "the first name", "the second name"...); the value is the seat."""

    def __init__(self, label: str, seats: int, **kwargs: Any) -> None:
        choices = [SelectChoice(seat, LazyString(seat_label, seat)) for seat in range(seats)]
        super().__init__(label, coerce=int, choices=choices, **kwargs)
        self.seats = seats

    def process_formdata(self, valuelist: list[Any]) -> None:
        try:
            super().process_formdata(valuelist)
        except ValueError:  # not a number at all: no seat, said once by pre_validate
            self.data = None

    def pre_validate(self, form: BaseForm) -> None:
        if self.data is None or not 0 <= self.data < self.seats:
            raise StopValidation(_l("Choose one of the names."))


def check_seat_options(form: StartForm, game: Game, typed: int) -> bool:
    """Whether each seat option names a player typed; where one does not, say so beside it."""
    fine = True
    for spec in game.options:
        field = getattr(form, f"opt_{spec.name}")
        if spec.kind == "seat" and typed and field.data is not None and field.data >= typed:
            seat = seat_label(field.data)
            option = say(spec.label)
            field.errors = [ngettext(
                "%(seat)s is not typed: only one name is typed. Choose the %(option)s among them.",
                "%(seat)s is not typed: only %(num)s names are typed. Choose the %(option)s "
                "among them.", typed, seat=seat[:1].upper() + seat[1:],
                option=option.lower() if language() == "en" else option)]
            fine = False
    return fine


def _option_field(spec: OptionSpec, seats: int = PLAYER_FIELDS) -> Field:
    label, help_ = _said(spec.label), _said(spec.help)
    if spec.kind == "data":
        # Chosen on a page of the game's own (a design, by its id): carried, not typed.
        return HiddenField(label)
    if spec.kind == "seat":
        return SeatField(label, seats, default=spec.default, description=help_)
    if spec.kind == "bool":
        return BooleanField(label, default=spec.default, description=help_)
    if spec.kind == "choice":
        choices = [SelectChoice(value, _said(text)) for value, text in spec.choices]
        return SelectField(label, default=spec.default, description=help_, choices=choices)
    first: Callable[[Any, Any], None] = Optional() if spec.optional else _required_number
    checks = [first, NumberRange(min=spec.minimum, max=spec.maximum)]
    return WholeNumberField(label, checks, default=spec.default, description=help_,
                            render_kw={"inputmode": "numeric", "pattern": "[0-9٠-٩۰-۹]*"})


def _required_number(form: BaseForm, field: Field) -> None:
    if field.data is None:
        raise ValidationError(_l("Type a whole number."))


def option_values(form: StartForm, game: Game) -> dict[str, Any]:
    values = {}
    for spec in game.options:
        value = getattr(form, f"opt_{spec.name}").data
        if spec.kind == "data" and not value:
            value = None
        if spec.kind == "int" and value is None and not spec.optional:
            value = spec.default
        values[spec.name] = value
    return values


class ReplaceLinkForm(FlaskForm):
    """Which link to replace: the host's, the view link, or one seat's."""

    role = StringField()
    seat = StringField()

    def validate_role(self, field: StringField) -> None:
        if field.data not in ("host", "view", "seat"):
            raise ValidationError(_l("Say which link: host, view or seat."))

    def validate_seat(self, field: StringField) -> None:
        text = field.data or ""
        if self.role.data == "seat" and not (text.isascii() and text.isdigit() and len(text) <= 3):
            raise ValidationError(_l("Say which seat."))


class DetailsForm(FlaskForm):
    """Where the match was played, and a word about it: the host's."""

    place = StringField(_l("Place"), [Optional(), Length(max=PLACE_LIMIT)], filters=[_trimmed],
                        description=_l("Where you played: Mia's kitchen, the café…"))
    note = TextAreaField(_l("Note"), [Optional(), Length(max=NOTE_LIMIT)], filters=[_trimmed],
                         description=_l("Anything worth remembering about this match."))
