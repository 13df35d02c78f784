"""Designs stored in versions with their owner's link (SPEC section 10): made, read by anyone
with the id, given a new version or deleted by the owner; and the gallery the app ships."""

from __future__ import annotations

import secrets
import sys
from collections.abc import Collection
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select

from ...cache import kept
from ...errors import Forbidden, Invalid, NotFound, Refusal, VersionMismatch, unless_refused
from ...extensions import begin_writing, db, write_intent
from ...games.custom import Design, design_json, gallery, parse_design
from ...games.custom.design import LARGEST_DESIGN
from ...games.reading import InvalidInput
from ...games.say import Say
from ...models import Design as StoredDesign
from ...models import DesignVersion
from ..limits import count_new, refuse_unknown
from ..text import normal_text, shows_something

# A design's id is as a match's (72 random bits); the gallery's are their files' names, which
# are never 12 characters long, so none is ever a stored design's.
ID_LENGTH = 12
# The JSON a client sends for a design, before it is read: four times what its compact form may
# hold leaves room for spaces and indentation, and bounds the reading (SPEC section 6).
LARGEST_BODY = 4 * LARGEST_DESIGN
# The version every gallery design is (the app's own: it has no other).
GALLERY_VERSION = 1


@dataclass(frozen=True)
class Stored:
    """One version of a design, as GET shows it: its id, that version, and the design itself
    (its canonical JSON, every default filled in). `gallery`: one the app ships."""

    id: str
    version: int
    design: dict[str, Any]
    gallery: bool = False

    def json(self) -> dict[str, Any]:
        return {"id": self.id, "version": self.version, "design": self.design}


@dataclass(frozen=True)
class Owner:
    """What a design's owner link lets its holder do: new versions, and deleting it."""

    design_id: str


def clean(text: str) -> str:
    """A design's text (its name, a label) in the one form names are kept in (SPEC section 6);
    one that shows nothing is empty, which the design's reading refuses."""
    normal = normal_text(text)
    return normal if shows_something(normal) else ""


def read_design(raw: Any, where: str = "") -> Design:
    """A design as a client sent it, read by the engine (budget and all) once: the engine's own
    design; else 422 with `field` its path (under `where`, where the design sits inside a larger
    body)."""
    try:
        return parse_design(raw, clean=clean)
    except InvalidInput as error:
        inside = error.field or ""
        field = where + (f".{inside}" if where and inside and inside[:1] != "[" else inside)
        raise Invalid(error.message, field or None) from None


def read_sent(raw: Any, size: int, where: str = "") -> Design:
    """A design as a client sent it, `size` bytes of JSON: refused past any design's size
    before it is read (422), else read_design's."""
    if size > LARGEST_BODY:
        raise Invalid(Say("A design is at most %(most)s KiB of JSON.",
                          most=LARGEST_DESIGN // 1024), where or None)
    return read_design(raw, where)


def create_design(design: Design | Refusal, address: str | None = None) -> tuple[Stored, str]:
    """A new design (version 1: `design` as its edge read it, read_sent's, or the refusal of
    what was sent) and its owner's link. Counted toward the creation limit before the refusal
    is said: a refused create counts as an accepted one (SPEC section 6)."""
    count_new(address, Say("Too many new designs from this address; wait a minute."))
    body = design_json(unless_refused(design))
    stored = StoredDesign(id=secrets.token_urlsafe(9), owner=secrets.token_urlsafe(32), version=1)
    stored.versions = [DesignVersion(number=1, body=body)]
    begin_writing()
    db.session.add(stored)
    db.session.commit()
    return Stored(stored.id, 1, body), stored.owner


def shipped() -> dict[str, dict[str, Any]]:
    """The gallery's designs by id."""
    return dict(gallery())


def latest_version(design_id: str) -> int:
    """A design's latest version (the gallery's is 1); 404 where there is none."""
    if design_id in shipped():
        return GALLERY_VERSION
    found = (db.session.scalar(select(StoredDesign.version).where(StoredDesign.id == design_id))
             if len(design_id) <= 24 else None)
    if found is None:
        raise NotFound(Say("No such design."))
    return found


def find_design(design_id: str, version: int | None = None) -> Stored:
    """A design by its id, at `version` (its latest where None): a stored one or the gallery's.
    A version never changes, so each is read once and kept."""
    if not isinstance(design_id, str) or not design_id:
        raise NotFound(Say("No such design."))
    ships = shipped()
    if design_id in ships:
        if version not in (None, GALLERY_VERSION):
            raise NotFound(Say("No such version of this design."))
        return Stored(design_id, GALLERY_VERSION, ships[design_id], gallery=True)
    number = latest_version(design_id) if version is None else version

    def make() -> tuple[Stored | None, int, bool]:
        body = db.session.scalar(select(DesignVersion.body).where(
            DesignVersion.design_id == design_id, DesignVersion.number == number))
        found = None if body is None else Stored(design_id, number, body)
        return found, 400 + sys.getsizeof(str(body)), found is not None

    found = kept(("design", design_id, number), make)
    if found is None:
        raise NotFound(Say("No such design.") if version is None
                       else Say("No such version of this design."))
    return found


def owner_access(secret: str | None, design_id: str, address: str | None = None) -> Owner:
    """The owner link of a design: 401 for no or an unknown link, 404 for no such design, 403
    for another design's link (or a design of the gallery's, which nobody owns), in that order."""
    owned = None
    if secret and len(secret) <= 64:
        owned = db.session.scalar(select(StoredDesign.id).where(StoredDesign.owner == secret))
    if owned is None:
        refuse_unknown(address, Say("This design link is not (or no longer) valid."))
    latest_version(design_id)  # 404 before 403
    if owned != design_id:
        raise Forbidden(Say("Only this design's own owner link can change it.")
                        if design_id not in shipped()
                        else Say("The gallery's designs are the app's own: copy one to change "
                                 "it."))
    return Owner(design_id)


def owned_design(secret: str) -> Stored | None:
    """The design an owner link opens, at its latest version (None: no design's)."""
    found = db.session.execute(select(StoredDesign.id, StoredDesign.version).where(
        StoredDesign.owner == secret)).first() if len(secret) <= 64 else None
    return None if found is None else find_design(found.id, found.version)


def _locked(access: Owner, if_match: Collection[int] | None) -> StoredDesign:
    db.session.rollback()
    with write_intent():
        design = db.session.scalar(select(StoredDesign).where(StoredDesign.id == access.design_id)
                                   .with_for_update())
    if design is None:
        raise NotFound(Say("No such design."))
    if if_match is not None and design.version not in if_match:
        db.session.rollback()
        raise VersionMismatch(Say("The design changed (now version %(version)s); reload and "
                                  "try again.", version=design.version))
    return design


def new_version(access: Owner, design: Design | Refusal,
                if_match: Collection[int] | None = None) -> Stored:
    """The design's next version (`design` as its edge read it, or the refusal of what was
    sent, said after a 412); its matches keep the versions they copied."""
    stored = _locked(access, if_match)
    try:
        body = design_json(unless_refused(design))
        stored.version += 1
        stored.updated_at = datetime.now(UTC)
        stored.versions.append(DesignVersion(number=stored.version, body=body))
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    return Stored(stored.id, stored.version, body)


def delete_design(access: Owner, if_match: Collection[int] | None = None) -> None:
    """The design gone, every version of it: its matches keep their copies."""
    design = _locked(access, if_match)
    try:
        db.session.delete(design)
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
