"""Sentences the engines and services say, in English, that a page can say in its own language.

A `Say` is the English sentence itself (a `str`, so the API and the logs use it as they are),
and it remembers the message it was made from and the values put into it. A page hands it to
`app.i18n.say`, which looks the message up in the phone's language and puts the values back in.
Messages use the `%(name)s` placeholders of gettext, as the templates do; `pybabel extract`
finds them by the `Say` and `Say.many` keywords (babel.cfg).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# What a Say is made again from when it is copied: its message, plural, number, values and
# meaning.
Parts = tuple[str, str | None, int | None, dict[str, Any], str | None]


class Say(str):
    message: str
    plural: str | None
    # The number that chooses between singular and plural (not `count`, which would hide
    # str.count from every sentence).
    number: int | None
    values: dict[str, Any]
    # What the sentence means, where a page may say it in its game's own words (Banakil's
    # "hand" for the services' "round"): chosen by this, never by the English text.
    meaning: str | None = None

    def __new__(cls, message: str, /, **values: Any) -> Say:
        return cls._made(message, None, None, values)

    @classmethod
    def many(cls, singular: str, plural: str, count: int, /, **values: Any) -> Say:
        """A sentence with a count in it: "1 round", "3 rounds" (`count` is also a value)."""
        return cls._made(singular, plural, count, {"count": count, **values})

    @classmethod
    def _made(cls, message: str, plural: str | None, count: int | None,
              values: dict[str, Any]) -> Say:
        english = plural if plural is not None and count != 1 else message
        text = super().__new__(cls, english % values if values else english)
        text.message, text.plural, text.number, text.values = message, plural, count, values
        return text

    def meant(self, meaning: str) -> Say:
        """This sentence, marked with what it means (see `meaning`)."""
        self.meaning = meaning
        return self

    def __reduce__(self) -> tuple[Callable[..., Say], Parts]:
        # Kept by the byte-bounded cache and copied by tests: a Say copies as itself.
        return (_remade, (self.message, self.plural, self.number, self.values, self.meaning))


def _remade(message: str, plural: str | None, count: int | None, values: dict[str, Any],
            meaning: str | None = None) -> Say:
    made = Say._made(message, plural, count, values)
    made.meaning = meaning
    return made
