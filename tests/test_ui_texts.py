"""Player-facing texts: numbers agree with their nouns, Russian card names stay in the nominative."""

from __future__ import annotations

import re

import pytest

from ui.i18n import Tr, plural, table

# a noun that follows a bare number must come through the plural form, never as a fixed word
EN_COUNTED = r"coins?|wounds?|cards?|turns?|times?|lives|creatures?"
RU_COUNTED = r"монет\w*|ран\w*|карт\w*|жизн\w*|раз\w*|ход\w*"
# what may stand just before a quoted card name in Russian so the name keeps its nominative form:
# nothing, a colon or arrow or dash, or a word naming what it is («карту «…»», «особенность «…»»)
RU_BEFORE_NAME = re.compile(r"(^|: |— |[Кк]арт[аыуе] |особенность |Немёртв\w+ |Срабатывает |Колода |атака )$")
NUMBERS = r"n|lives|played|lost|wounds|cost|paid|missing|count|max|base|lo|hi|i"


@pytest.mark.parametrize(("n", "ru", "en"), [(1, "1 монета", "1 coin"), (2, "2 монеты", "2 coins"),
                                            (5, "5 монет", "5 coins"), (11, "11 монет", "11 coins"),
                                            (21, "21 монета", "21 coins"), (0, "0 монет", "0 coins")])
def test_numbers_take_the_nouns_form(n, ru, en):
    assert Tr("ru")("log.coins_gain", name="Аня", n=n) == f"Аня получает монет: {n}"  # the colon form stays
    assert plural("ru", n, ["# монета", "# монеты", "# монет"]).replace("#", str(n)) == ru
    assert Tr("en")("log.coins_gain", name="Ann", n=n) == f"Ann gains {en}"


def test_plural_lines_in_both_languages():
    assert Tr("ru")("log.failed_draw", name="Аня", n=2) == "Аня не может взять карту (уже 2 раза)"
    assert Tr("ru")("log.failed_draw", name="Аня", n=1) == "Аня не может взять карту (уже 1 раз)"
    assert Tr("en")("log.failed_draw", name="Ann", n=1) == "Ann cannot draw (1 time now)"
    assert Tr("en")("log.wound", card="«Orc»", n=1) == "«Orc» takes 1 wound"  # a card comes quoted (card_label)
    assert Tr("en")("log.wound", card="«Orc»", n=3) == "«Orc» takes 3 wounds"
    assert Tr("en")("zoom.wounds", n=1) == "1 wound"
    end_ru = Tr("ru")("end.player", name="Аня", lives=1, played=4, lost=2, wounds=5)
    assert "у героя 1 жизнь;" in end_ru, end_ru
    assert "у героя 3 жизни;" in Tr("ru")("end.player", name="Аня", lives=3, played=4, lost=2, wounds=5)
    end_en = Tr("en")("end.player", name="Ann", lives=1, played=1, lost=2, wounds=1)
    assert end_en == "Ann: hero has 1 life left, 1 card played, 2 creatures lost, 1 wound taken"


def test_the_explicit_sign_still_formats():
    assert Tr("ru")("log.prayers", name="Аня", n=2) == "Аня: молитвы +2"


@pytest.mark.parametrize(("lang", "counted"), [("en", EN_COUNTED), ("ru", RU_COUNTED)])
def test_no_number_meets_a_fixed_noun(lang, counted):
    fixed = re.compile(r"\{(" + NUMBERS + r")\} (" + counted + r")\b")
    slips = {k: v for k, v in table(lang).items() if fixed.search(v)}
    assert not slips, slips


def test_russian_card_names_stay_in_the_nominative():
    slips = {}
    for key, text in table("ru").items():
        for m in re.finditer(r"«\{(card|target|attacker|host|kw|deck|name)\}»", text):
            if not RU_BEFORE_NAME.search(text[:m.start()]) and not text[:m.start()].endswith("Удалить сохранение "):
                slips[key] = text
    assert not slips, slips
    # the defender's question names both cards as they are printed
    assert Tr("ru")("prompt.defender", name="Борис", attacker="Гоблин", target="Ледяная ведьма") == \
        "Борис: атака «Гоблин», цель — «Ледяная ведьма». Выберите защитника (подсвечены) или откажитесь"


def test_every_character_of_the_texts_is_in_the_font():
    import pygame

    from ui.fonts import font

    pygame.font.init()
    missing = {}
    for bold in (False, True):
        f = font(16, bold)
        blank = f.metrics("\ue000")  # a private-use character: the font's empty box
        for lang in ("ru", "en"):
            for key, text in table(lang).items():
                for ch in set(text) - set(" \n"):
                    if f.metrics(ch) == blank:
                        missing.setdefault(ch, key)
    assert not missing, missing
