"""The form that logs or corrects a recorded play (SPEC section 14): its fields as typed (kept
whole, so that a refusal shows them again), read into the body plays.read_play reads, and a
refusal placed beside the field it is about."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.datastructures import MultiDict

from ...errors import ServiceError
from ...i18n import MINUS, say
from ...services.plays.plays import PlayFields
from ...services.plays.rules import text_of
from ..refused import Fault, named_faults

GUEST_ROWS = 3  # empty guest rows the form offers (a correction: its guests', and these more)
FLAGS = ("lowest_wins", "no_points", "cooperative", "uses_teams")
FLAG_LABELS = (_l("The lowest score wins"), _l("No points: only who won"),
               _l("Cooperative: everyone wins or loses together"), _l("Played in teams"))
OUTCOMES = ("won", "lost")
MOMENT = "%Y-%m-%dT%H:%M"
# An offset a phone may have, in minutes east of UTC (UTC-12 to UTC+14).
OFFSETS = range(-12 * 60, 14 * 60 + 1)


@dataclass
class Typed:
    """What the form holds, as typed. A line is keyed "p<roster id>" or "g<guest row>"."""

    game: str = ""  # a played game's id, "new", or "" (none chosen yet)
    new_game: str = ""
    flags: set[str] = field(default_factory=set)
    chosen: list[int] = field(default_factory=list)  # roster ids ticked
    guests: list[str] = field(default_factory=lambda: [""] * GUEST_ROWS)
    scores: dict[str, str] = field(default_factory=dict)
    winners: set[str] = field(default_factory=set)
    teams: dict[str, str] = field(default_factory=dict)
    outcome: str = ""
    played_at: str = ""
    offset: str = "0"
    minutes: str = ""
    note: str = ""
    errors: dict[str, str] = field(default_factory=dict)  # a field's id: what is wrong
    form_errors: list[str] = field(default_factory=list)


def fresh(now: datetime | None = None) -> Typed:
    """An empty form, its game not chosen yet: played now (in UTC, until the phone's script
    says its own time)."""
    return Typed(played_at=(now or datetime.now(UTC)).strftime(MOMENT))


def from_form(form: MultiDict[str, str], roster: set[int]) -> Typed:
    """The form as posted (a roster id the roster does not hold is dropped)."""
    guests = [form.get(f"guest-{n}", "").strip()[:200] for n in range(_guest_rows(form))]
    chosen = [int(v) for v in form.getlist("player") if v.isascii() and v.isdigit()
              and len(v) < 10 and int(v) in roster]
    keys = [f"p{pid}" for pid in roster] + [f"g{n}" for n in range(len(guests))]
    return Typed(
        game=form.get("game", "")[:12], new_game=form.get("new_game", "").strip()[:200],
        flags={flag for flag in FLAGS if form.get(flag)},
        chosen=list(dict.fromkeys(chosen)), guests=guests,
        scores={key: form.get(f"score-{key}", "").strip()[:60] for key in keys},
        winners={key for key in keys if form.get(f"winner-{key}")},
        teams={key: form.get(f"team-{key}", "").strip()[:200] for key in keys},
        outcome=form.get("outcome", "") if form.get("outcome") in OUTCOMES else "",
        played_at=form.get("played_at", "").strip()[:40], offset=form.get("offset", "0")[:8],
        minutes=form.get("minutes", "").strip()[:20], note=form.get("note", "")[:2000])


def _guest_rows(form: MultiDict[str, str]) -> int:
    count = form.get("guest_rows", "")
    return min(int(count), 40) if count.isascii() and count.isdigit() else GUEST_ROWS


def from_play(play: PlayFields, cooperative: bool) -> Typed:
    """A recorded play's form, filled in as it was entered (its moment in UTC)."""
    typed = Typed(game=str(play.game), played_at=play.played_at.astimezone(UTC).strftime(MOMENT),
                  minutes="" if play.minutes is None else str(play.minutes),
                  note=play.note or "", guests=[])
    for seated in play.players:
        if seated.player is not None:
            key = f"p{seated.player}"
            typed.chosen.append(seated.player)
        else:
            key = f"g{len(typed.guests)}"
            typed.guests.append(seated.guest or "")
        typed.scores[key] = "" if seated.score is None else text_of(seated.score)
        typed.teams[key] = seated.team or ""
        if seated.winner:
            typed.winners.add(key)
    typed.guests += [""] * GUEST_ROWS
    if cooperative:
        typed.outcome = "won" if typed.winners else "lost"
        typed.winners = set()
    return typed


def score_text(text: str) -> str:
    """A score as a phone types it, as the service reads one: "−3" (a true minus) and "12,5"
    (a decimal comma, as a German keypad gives) are "-3" and "12.5"."""
    text = text.replace(MINUS, "-").replace(" ", "")
    return text.replace(",", ".") if "." not in text and text.count(",") == 1 else text


def moment(typed: Typed) -> str | None:
    """When it was played, with its offset (ISO 8601), or None where the form says no moment
    (its error then set)."""
    try:
        local = datetime.strptime(typed.played_at[:16], MOMENT)
    except ValueError:
        typed.errors["played_at"] = _("Say the day and time it was played.")
        return None
    minutes = int(typed.offset) if typed.offset.lstrip("-").isdigit() else 0
    zone = timezone(timedelta(minutes=minutes if minutes in OFFSETS else 0))
    return local.replace(tzinfo=zone).isoformat()


@dataclass(frozen=True)
class Body:
    """The play's body as read_play reads it, and each of its lines' keys in the form."""

    body: dict[str, Any]
    keys: tuple[str, ...]


def body_of(typed: Typed, game: int, cooperative: bool) -> Body | None:
    """The body read_play reads (None where the form's own checks refused a field): the roster
    players ticked and the guests named, each with their score, win and team. A cooperative
    play's outcome, where chosen, is every player's."""
    lines: list[dict[str, Any]] = []
    keys: list[str] = []
    named = [(f"g{n}", name) for n, name in enumerate(typed.guests) if name]
    for key, who in [(f"p{pid}", {"player": pid}) for pid in typed.chosen] + [
            (key, {"guest": name}) for key, name in named]:
        score = score_text(typed.scores.get(key, ""))
        line: dict[str, Any] = who | {"score": score or None}
        if typed.teams.get(key):
            line["team"] = typed.teams[key]
        lines.append(line)
        keys.append(key)
    if cooperative and typed.outcome:
        for line in lines:
            line["winner"] = typed.outcome == "won"
    elif typed.winners & set(keys):
        for key, line in zip(keys, lines, strict=True):
            line["winner"] = key in typed.winners
    if not lines:
        typed.errors["players"] = _("Tick who played, or type a guest's name.")
    minutes: int | str | None = None
    if typed.minutes:
        if typed.minutes.isascii() and typed.minutes.isdigit() and len(typed.minutes) < 8:
            minutes = int(typed.minutes)
        else:
            typed.errors["minutes"] = _("Minutes are a whole number, like 45.")
    played_at = moment(typed)
    if typed.errors:
        return None
    body = {"game": game, "played_at": played_at, "players": lines, "minutes": minutes,
            "note": typed.note if typed.note.strip() else None}
    return Body(body, tuple(keys))


def place_refusal(typed: Typed, error: ServiceError, keys: tuple[str, ...] = (),
                  game: bool = False) -> None:
    """A service's refusal beside the field it is about (a new game's, where `game`), else
    above the form."""
    said = say(error.message)
    at = error.at or ((error.field,) if error.field else ())
    if game:
        where = "new_game" if at[:1] in ((), ("name",)) else str(at[0])
        typed.errors[where if where in FLAGS or where == "new_game" else "new_game"] = said
        return
    if at[:1] == ("players",) and len(at) > 1 and isinstance(at[1], int) and at[1] < len(keys):
        key, part = keys[at[1]], at[2] if len(at) > 2 else "score"
        typed.errors[f"guest-{key[1:]}" if part == "guest" else
                     f"team-{key}" if part == "team" else f"score-{key}"] = said
    elif at[:1] and at[0] in ("game", "played_at", "minutes", "note", "players"):
        typed.errors[str(at[0])] = said
    else:
        typed.form_errors.append(said)


def faults(typed: Typed, roster: Sequence[tuple[int, str]]) -> list[Fault]:
    """What the form refused, for the summary at the top of its page: each field at fault in
    the page's order, named as the page names it, then what is said above the form."""
    names: dict[str, str] = {"game": _("Game"), "new_game": _("A new game"),
                             **{flag: str(label) for flag, label in zip(FLAGS, FLAG_LABELS,
                                                                        strict=True)},
                             "players": _("Who played")}
    lines = [(f"p{pid}", name) for pid, name in roster] + [
        (f"g{n}", _("guest %(num)s", num=n + 1)) for n in range(len(typed.guests))]
    for key, name in lines:
        if key.startswith("g"):
            names[f"guest-{key[1:]}"] = _("Name of guest %(num)s", num=int(key[1:]) + 1)
        names[f"score-{key}"] = _("Score of %(name)s", name=name)
        names[f"team-{key}"] = _("Team of %(name)s", name=name)
    names |= {"played_at": _("When it was played"), "minutes": _("Minutes played"),
              "note": _("Note")}
    return named_faults(typed.errors, names.items()) + [
        (None, None, message) for message in typed.form_errors]
