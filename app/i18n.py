"""The pages' languages (SPEC.md section 5): English, German and Arabic, right to left.

A phone's language is the first of: its own choice (the `lang` cookie, set by the switch on every
page), its `Accept-Language`, English. The API stays English whatever the language: it never
translates, and what the engines and services say (`Say`) is English until a page says it here.
"""

from __future__ import annotations

from typing import Any

from babel.numbers import format_decimal
from babel.support import NullTranslations
from flask import Flask, request
from flask_babel import Babel, get_locale, get_translations

from .games.say import Say

LANGUAGES = {"en": "English", "de": "Deutsch", "ar": "العربية"}
RIGHT_TO_LEFT = {"ar"}
COOKIE = "lang"

babel = Babel()


def chosen_language() -> str:
    if not request:
        return "en"
    if request.path.startswith("/api/"):
        return "en"
    kept = request.cookies.get(COOKIE)
    if kept in LANGUAGES:
        return kept
    return request.accept_languages.best_match(list(LANGUAGES)) or "en"


def language() -> str:
    return str(get_locale() or "en")


def direction() -> str:
    return "rtl" if language() in RIGHT_TO_LEFT else "ltr"


def say(text: Any) -> str:
    """What an engine or a service said, in the page's language. A plain string is looked up as
    it is; a `Say` is looked up by its message, and the values put back (a value that is itself
    a `Say` is said first)."""
    if text is None:
        return ""
    translations: NullTranslations = get_translations()  # Babel's, or none for English
    if not isinstance(text, Say):
        return translations.gettext(str(text)) if text else ""
    if text.plural is not None and text.number is not None:  # Say.many() gives both
        message = translations.ngettext(text.message, text.plural, text.number)
    else:
        message = translations.gettext(text.message)
    if not text.values:
        return message
    values = {name: say(value) if isinstance(value, Say) else value
              for name, value in text.values.items()}
    return message % values


# The one minus sign a page shows (U+2212, as wide as the plus); what a person types and edits,
# the API's JSON and the CSV keep the ASCII hyphen-minus.
MINUS = "\u2212"


def num(value: Any) -> str:
    """A number as the page's language writes it: "−20", "21.5" (de "21,5"). No thousands
    separator, since a cell refuses one; the page's CSS keeps a number left to right."""
    if value is None or value == "":
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int):
        # A whole number is its digits in every language of ours (Latin digits, no grouping):
        # said without Babel, which took half the drawing of a 12-player 1,000-round sheet.
        written = str(abs(value))
    else:
        written = format_decimal(abs(value), locale=language(), group_separator=False)
    return MINUS + written if value < 0 else written


def signed(value: Any) -> str:
    """A change as the page shows it, its sign always written: "+3", "−2", "0"."""
    if isinstance(value, (int, float)) and value > 0:
        return "+" + num(value)
    return num(value)


def init_app(app: Flask) -> None:
    babel.init_app(app, locale_selector=chosen_language)
    app.jinja_env.filters["say"] = say
    app.jinja_env.filters["num"] = num
    app.jinja_env.filters["signed"] = signed

    @app.context_processor
    def page_language() -> dict[str, Any]:
        return {"lang": language(), "dir": direction(), "languages": LANGUAGES}
