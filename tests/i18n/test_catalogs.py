"""Every message the code says is translated in German and Arabic: none missing, none fuzzy, each
keeping its placeholders, Arabic plurals in their six forms (SPEC section 5)."""

from __future__ import annotations

import pytest
from i18n_helpers import (
    FORMS,
    LANGUAGES,
    ROOT,
    catalog,
    extracted,
    keeps_placeholders,
    name,
    placeholders,
)


@pytest.fixture(scope="module")
def messages(tmp_path_factory):
    return [m for m in extracted(str(tmp_path_factory.mktemp("pot"))) if m.id]


def test_the_code_says_its_words_through_the_catalog(messages):
    # The groundwork's own words, and what the engines say (Say), are found by the extraction.
    found = {name(m.id) for m in messages}
    assert {"Language", "Theme", "Dark", "Type a number."} <= found
    assert any(m.context == "number" and m.id == "five" for m in messages)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated(messages, lang):
    translations = catalog(lang)
    missing = []
    for message in messages:
        translated = translations.get(message.id, message.context)
        strings = translated.string if translated is not None else None
        if not strings or (isinstance(strings, tuple) and not all(strings)):
            missing.append(name(message.id))
    assert not missing, (f"{len(missing)} untranslated in {lang} (the first 40; "
                         f"/tmp/i18n/merge.py lists them all): {missing[:40]}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_translation_is_fuzzy(lang):
    fuzzy = [name(m.id) for m in catalog(lang) if m.id and m.fuzzy]
    assert not fuzzy


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_translation_keeps_its_placeholders(messages, lang):
    translations = catalog(lang)
    wrong = []
    for message in messages:
        translated = translations.get(message.id, message.context)
        if translated is None or not translated.string:
            continue  # the test above reports it
        if isinstance(message.id, (list, tuple)):
            singular, plural = placeholders(message.id[0]), placeholders(message.id[1])
            for index, form in enumerate(translated.string):
                if form and not (keeps_placeholders(lang, index, form, plural)
                                 or keeps_placeholders(lang, index, form, singular)):
                    wrong.append((message.id[1], index, form))
        elif placeholders(translated.string) != placeholders(message.id):
            wrong.append((message.id, translated.string))
    assert not wrong


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_plural_has_the_forms_of_its_language(lang):
    translations = catalog(lang)
    assert translations.num_plurals == FORMS[lang]
    short = [(name(m.id), len(m.string)) for m in translations
             if m.id and isinstance(m.id, (list, tuple)) and len(m.string) != FORMS[lang]]
    assert not short


def test_arabic_counts_in_six_forms_as_babel_writes_them():
    header = (ROOT / "app/translations/ar/LC_MESSAGES/messages.po").read_text()
    assert ("Plural-Forms: nplurals=6; plural=(n == 0 ? 0 : n == 1 ? 1 : n == 2 ? 2 : "
            "n % 100 >= 3 && n % 100 <= 10 ? 3 : n % 100 >= 11 && n % 100 <= 99 ? 4 : 5);"
            ) in header


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_catalog_is_made_from_the_current_one(lang):
    # `make run` and `make test` compile it (the Makefile's .po -> .mo rule); one older than its
    # .po would show yesterday's words.
    po = ROOT / f"app/translations/{lang}/LC_MESSAGES/messages.po"
    mo = po.with_suffix(".mo")
    assert mo.exists(), "run `make translations`"
    assert mo.stat().st_mtime >= po.stat().st_mtime, "run `make translations`"
