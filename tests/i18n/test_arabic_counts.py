"""Arabic counts its nouns as the numbers say: one, two (the dual), three to ten (the plural),
eleven up (the singular again). A number the page fills in is any of them, so no Arabic sentence
puts a counted noun in one form straight after a number it cannot know ("في 2 مباراة", "من 9
مباراة"): the count of a plural message chooses its noun's form (its own forms 0, 4 and 5 are
0, 11-99 and 100 up, which take the singular), and every other number stands where it needs no
noun ("وعددها 9", "الحد الأقصى: 500")."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

CATALOG = Path(__file__).parents[2] / "app/translations/ar/LC_MESSAGES/messages.po"
NOUNS = ("مباراة", "جولة", "بطاقة", "شاشة", "مرة", "لاعب", "طاولة", "رقاقة", "نقطة", "يد",
         "جلسة", "فوز", "دقيقة")
# A number filled in, <bdi>-isolated or not, then (after a space) a counted noun in the singular.
COUNTED = re.compile(r"%\((\w+)\)s(?:</bdi>)?\)?\s+(?:" + "|".join(NOUNS) + r")(?![\u0621-\u064a])")
SINGULAR_FORMS = (0, 4, 5)  # CLDR's zero, many (11-99) and other (100 up): a singular noun
# What a sentence fills in that is no count: names, and a round's number ("الجولة 3").
NOT_COUNTS = {"name", "names", "group", "match", "game", "small", "number", "side", "night"}


def test_no_number_is_followed_by_a_noun_in_a_form_it_may_not_take():
    with CATALOG.open("rb") as po:
        catalog = read_po(po, locale="ar")
    wrong = []
    for message in catalog:
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        plural = isinstance(message.id, (tuple, list))
        for index, form in enumerate(forms):
            for found in COUNTED.finditer(form or ""):
                if found.group(1) in NOT_COUNTS:
                    continue
                if plural and found.group(1) == "num" and index in SINGULAR_FORMS:
                    continue  # the count chose this form: its noun is right
                wrong.append(f"{message.id!r} [{index}]: {found.group(0)}")
    assert not wrong, "\n".join(wrong)
