"""The forms of the bank's pages: a match's place and note, groups, their roster, and imports."""

from __future__ import annotations

from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import SelectField, StringField, TextAreaField
from wtforms.validators import InputRequired, Length, Optional, ValidationError

from ..services import NAME_LIMIT

PLACE_LIMIT = 80
NOTE_LIMIT = 500
GROUP_NAME_LIMIT = 80
ROSTER_LIMIT = 60  # names typed at once when a group starts
IMPORT_LIMIT = 2 * 1024 * 1024  # a backup larger than this is the service's 413 to say


def _trimmed(value: str | None) -> str | None:
    return value.strip() if isinstance(value, str) else value


def roster_lines(text: str | None) -> list[str]:
    """Names typed one a line (or separated by commas), blanks skipped."""
    names = []
    for line in (text or "").replace(",", "\n").splitlines():
        if line.strip():
            names.append(line.strip())
    return names


class DetailsForm(FlaskForm):
    """Where the match was played, and a word about it: the host's."""

    place = StringField("Place", [Optional(), Length(max=PLACE_LIMIT)], filters=[_trimmed],
                        description="Where you played: Mia's kitchen, the café…")
    note = TextAreaField("Note", [Optional(), Length(max=NOTE_LIMIT)], filters=[_trimmed],
                         description="Anything worth remembering about this match.")


class GroupForm(FlaskForm):
    """Starting a group: its name, and the people who play (optional)."""

    name = StringField("Group name", [InputRequired("Give the group a name."),
                                      Length(max=GROUP_NAME_LIMIT)], filters=[_trimmed],
                       description="The Thursday table, the family, the club…")
    roster = TextAreaField("Players", [Optional()],
                           description="One name a line (or commas between them); more can "
                                       "join later.")

    def validate_roster(self, field) -> None:
        names = roster_lines(field.data)
        if len(names) > ROSTER_LIMIT:
            raise ValidationError(f"At most {ROSTER_LIMIT} names at once; add more later.")
        for name in names:
            if len(name) > NAME_LIMIT:
                raise ValidationError(f"“{name[:20]}…” is over {NAME_LIMIT} characters.")


class PlayerForm(FlaskForm):
    """A name for the roster: a new player, or a new name for one."""

    name = StringField("Name", [InputRequired("Type a name."), Length(max=NAME_LIMIT)],
                       filters=[_trimmed])


class MergeForm(FlaskForm):
    """One person typed twice: `player` joins `into`."""

    player = SelectField("This player", coerce=str, choices=[])
    into = SelectField("is the same person as", coerce=str, choices=[])

    def validate_into(self, field) -> None:
        if field.data == self.player.data:
            raise ValidationError("Choose two different players.")


class HeadToHeadForm(FlaskForm):
    """Two players to compare, read from the page's query (a GET form: no CSRF)."""

    class Meta:
        csrf = False

    a = SelectField("Player", coerce=str, choices=[], validate_choice=False)
    b = SelectField("against", coerce=str, choices=[], validate_choice=False)


class ImportForm(FlaskForm):
    """A group's JSON backup (export.json), as a file or pasted."""

    backup = FileField("Backup file (export.json)")
    pasted = TextAreaField("…or paste it here", [Optional()])
