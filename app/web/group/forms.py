"""The forms of a group's pages: starting one, its roster, head to head, importing a backup, a
season."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import SelectField, StringField, TextAreaField
from wtforms.validators import InputRequired, Length, Optional, ValidationError

from ...services.text import NAME_LIMIT

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


class GroupForm(FlaskForm):
    """Starting a group: its name, and the people who play (optional)."""

    name = StringField(_l("Group name"), [InputRequired(_l("Give the group a name.")),
                                          Length(max=GROUP_NAME_LIMIT)], filters=[_trimmed],
                       description=_l("The Thursday table, the family, the club…"))
    roster = TextAreaField(_l("Players"), [Optional()],
                           description=_l("One name a line (or commas between them); more can "
                                          "join later."))

    def validate_roster(self, field: TextAreaField) -> None:
        names = roster_lines(field.data)
        if len(names) > ROSTER_LIMIT:
            raise ValidationError(_("At most %(limit)s names at once; add more later.",
                                    limit=ROSTER_LIMIT))
        for name in names:
            if len(name) > NAME_LIMIT:
                raise ValidationError(_("“%(name)s…” is over %(limit)s characters.",
                                        name=name[:20], limit=NAME_LIMIT))


class PlayerForm(FlaskForm):
    """A name for the roster: a new player, or a new name for one."""

    name = StringField(_l("Name"), [InputRequired(_l("Type a name.")), Length(max=NAME_LIMIT)],
                       filters=[_trimmed])


class MergeForm(FlaskForm):
    """One person typed twice: `player` joins `into`."""

    player = SelectField(_l("This player"), coerce=str, choices=[])
    into = SelectField(_l("is the same person as"), coerce=str, choices=[])

    def validate_into(self, field: SelectField) -> None:
        if field.data == self.player.data:
            raise ValidationError(_("Choose two different players."))


class HeadToHeadForm(FlaskForm):
    """Two players to compare, read from the page's query (a GET form: no CSRF)."""

    class Meta:
        csrf = False

    a = SelectField(_l("Player"), coerce=str, choices=[], validate_choice=False)
    b = SelectField(_l("against"), coerce=str, choices=[], validate_choice=False)


class ImportForm(FlaskForm):
    """A group's JSON backup (export.json), as a file or pasted."""

    backup = FileField(_l("Backup file (export.json)"))
    pasted = TextAreaField(_l("…or paste it here"), [Optional()])


class SeasonForm(FlaskForm):
    """A season's fields as typed (the service checks them, and says what is wrong by field):
    its name, its first and last day, its game, best_of and at_least."""

    name = StringField(_l("Name of the season"), [InputRequired(_l("Give the season a name."))],
                       filters=[_trimmed])
    starts = StringField(_l("First day"), [InputRequired(_l("Say the day it starts."))],
                         filters=[_trimmed])
    ends = StringField(_l("Last day"), [Optional()], filters=[_trimmed],
                       description=_l("Leave it empty for a season that runs on."))
    game = SelectField(_l("Game"), coerce=str, choices=[], validate_choice=False)
    best_of = StringField(_l("Count each player's best"), [Optional()], filters=[_trimmed],
                          description=_l("Only a player's best matches count, this many: a "
                                         "bad evening does not sink anyone. Empty: every "
                                         "match counts."))
    at_least = StringField(_l("Matches to be ranked"), [Optional()], filters=[_trimmed],
                           description=_l("Who played fewer is listed below the ranked "
                                          "players, without a rank. Empty: one match is "
                                          "enough."))


class PlaysFileForm(FlaskForm):
    """A file of plays to bring in (a BG Stats export or a CSV), and the time zone its times
    without one are read in."""

    file = FileField(_l("The file (BGStatsExport.json, or a CSV)"))
    time_zone = StringField(_l("Time zone of its times"), [Optional()], filters=[_trimmed],
                            description=_l("A name like Europe/Berlin. This phone's own is "
                                           "filled in; without the page's script it is UTC."))
