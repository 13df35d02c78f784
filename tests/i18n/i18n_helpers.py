"""What the language tests share: the messages the code says (extracted as `make catalogs` does),
the catalogs, the placeholders a translation keeps, and a page's visible text."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("de", "ar")
FORMS = {"de": 2, "ar": 6}
# %(name)s, %s, %d, %%, {} and {name}: what a translation must keep as its msgid has it.
PLACEHOLDER = re.compile(r"%\([^)]+\)[sdifr]|%[sdifr]|%%|\{[^{}]*\}")
# A plural form that stands for one exact number may leave the count out ("eine Runde"):
# German's "one", Arabic's "zero", "one" and "two".
EXACT_FORMS = {"de": {0}, "ar": {0, 1, 2}}
COUNTS = {"%(num)s", "%(count)s", "%(n)s"}


def keywords() -> list[str]:
    """The Makefile's KEYWORDS: what marks a message in the code."""
    line = next(line for line in (ROOT / "Makefile").read_text().splitlines()
                if line.startswith("KEYWORDS"))
    return line.split(":=", 1)[1].split()


@cache
def extracted(folder: str) -> Catalog:
    """The messages of the current code, extracted as `make catalogs` extracts them."""
    pot = Path(folder) / "messages.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg",
                    *keywords(), "-o", str(pot), "."], cwd=ROOT, check=True,
                   capture_output=True)
    with pot.open("rb") as handle:
        return read_po(handle)


@cache
def catalog(lang: str) -> Catalog:
    with (ROOT / f"app/translations/{lang}/LC_MESSAGES/messages.po").open("rb") as handle:
        return read_po(handle, locale=lang)


def placeholders(text: str) -> Counter:
    return Counter(PLACEHOLDER.findall(text))


def keeps_placeholders(lang: str, index: int, form: str, wanted: Counter) -> bool:
    got = placeholders(form)
    if got == wanted:
        return True
    # The count may be said fewer times in such a form, or not at all.
    return (index in EXACT_FORMS[lang] and all(got[k] <= wanted[k] for k in COUNTS)
            and Counter({k: n for k, n in got.items() if k not in COUNTS})
            == Counter({k: n for k, n in wanted.items() if k not in COUNTS}))


def name(message_id) -> str:
    return message_id[0] if isinstance(message_id, (list, tuple)) else message_id


# --- a page as a person reads it ----------------------------------------------------------------

# What a person reads besides the text: a control's words, a picture's, a hint on hover.
READ_ATTRIBUTES = ("title", "alt", "placeholder", "aria-label", "aria-description",
                   "aria-roledescription", "aria-valuetext")
# A <code> is a design's formula: written alike in every language, no prose of one. What a
# <textarea> holds is what was typed (or is there to copy), as an input's value is.
SAY_PLACEHOLDER = re.compile(r"\{\w+\}|%\(\w+\)s|%s")
UNREAD = {"script", "style", "template", "noscript", "code", "textarea"}


class _Reader(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping: list[str] = []
        self.root: dict[str, str | None] = {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.root = attrs
        if tag in UNREAD:
            self.skipping.append(tag)
        for attribute in READ_ATTRIBUTES:
            if attrs.get(attribute):
                self.parts.append(attrs[attribute])
        # What the page's scripts will say (the outbox's notes, a save's notices) waits in its
        # data-say-* attributes, in the page's language, the names it fills in as {placeholders}.
        self.parts.extend(SAY_PLACEHOLDER.sub(" ", value) for name, value in attrs.items()
                          if name.startswith("data-say-") and value)
        if tag == "input" and attrs.get("type") in ("submit", "button", "reset") and attrs.get(
                "value"):
            self.parts.append(attrs["value"])

    def handle_endtag(self, tag):
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(data)


def read(html: str) -> tuple[dict[str, str | None], str]:
    """The page's <html> attributes and everything a person reads on it, whitespace collapsed,
    one part per line."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    parts = [" ".join(part.split()) for part in reader.parts]
    return reader.root, "\n".join(part for part in parts if part)


TAG = re.compile(r"<[^>]+>")


WORD = re.compile(r"[^\W\d_]+")


def english_phrases(lang: str, folder: str, shortest: int = 3) -> dict[str, str]:
    """The English a page in `lang` must not show: each run of `shortest` or more words of a
    msgid between its placeholders and tags (what a page shows of it whatever was put in), by
    the msgid it comes from; runs the translation itself keeps (a name) left out."""
    phrases: dict[str, str] = {}
    translations = catalog(lang)
    for message in extracted(folder):
        if not message.id:
            continue
        translated = translations.get(message.id, message.context)
        kept = " ".join(s for s in (translated.string if isinstance(translated.string, tuple)
                                    else (translated.string,)) if s) if translated else ""
        for text in message.id if isinstance(message.id, (list, tuple)) else (message.id,):
            for run in PLACEHOLDER.split(TAG.sub(" ", text)):
                run = " ".join(run.split())
                if len(WORD.findall(run)) >= shortest and run not in kept:
                    phrases.setdefault(run, name(message.id))
    return phrases
