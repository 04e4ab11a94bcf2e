"""A classic card's generated text (engine.classic.text): every test card renders in ru and en, names
its type and numbers, and says each ability in its class's own words."""

from __future__ import annotations

import pytest
from classic_support import ALL_CARDS

from engine.classic.text import card_text, stats_line, type_line


@pytest.mark.parametrize("cid", sorted(ALL_CARDS))
def test_every_test_card_renders_in_both_languages(cid: str) -> None:
    card = ALL_CARDS[cid]
    for lang in ("ru", "en"):
        lines = card_text(card, lang, reminders=True)
        assert lines[0] == card.name[lang]
        assert len(lines) == 3 + len(card.abilities)
        assert all(line.strip() for line in lines)
        assert str(card.cost) in lines[2]
    if card.abilities:
        assert card_text(card, "ru")[3:] != card_text(card, "en")[3:]


def test_type_and_numbers_read_as_a_player_says_them() -> None:
    archer = ALL_CARDS["a_archer"]
    assert type_line(archer, "ru") == "Существо — Леса"
    assert stats_line(archer, "ru") == "4 кр. · жизни 3 · движение 1 · удар 1-1-1"
    assert card_text(archer, "ru")[3] == "Закрыться: выстрел на 1-2-3, дальность 4."
    assert card_text(archer, "en")[3] == "Tap: shot for 1-2-3, range 4."
    flyers = [c for c in ALL_CARDS.values() if c.flyer]
    assert flyers and all("полёт" in stats_line(c, "ru") and "Летающее" in type_line(c, "ru") for c in flyers)


def test_summon_names_the_called_card_by_its_name_not_its_id() -> None:
    from engine.content.cards import load_classic_cards

    cards = load_classic_cards("builtin")
    caller = next(c for c in cards.values() if any(ab.id == "summon" for ab in c.abilities))
    called = cards[next(ab.card for ab in caller.abilities if ab.id == "summon")]
    for lang in ("ru", "en"):
        text = " ".join(card_text(caller, lang, cards=cards))
        assert f"«{called.name[lang]}»" in text, (lang, text)
        assert called.id not in text
    assert called.id in " ".join(card_text(caller, "ru")), "without the pool the id is all there is to say"


def test_the_glossary_lists_every_keyword_with_its_reminder_in_both_languages() -> None:
    from engine.classic.abilities import ABILITIES
    from engine.classic.text import glossary

    ru, en = glossary("ru"), glossary("en")
    assert len(ru) == len(en) >= 30
    names = dict(ru)
    assert "Броня X" in names and "X ран" in names["Броня X"], "numbers read X"
    assert names["Прыжок"].startswith("Вместо движения")
    assert "Защита от …" in names and "+X к атаке" in names
    for name, text in ru + en:
        assert name and text and "None" not in text and "{" not in text, (name, text)
    keywords = {cls.names[0] for cls in (ABILITIES.get(k) for k in ABILITIES.names())}
    assert {"Броня", "Регенерация", "Бестелесный", "Вальхалла", "Строй"} <= keywords
    assert [n for n, _ in ru] == sorted((n for n, _ in ru), key=lambda n: n.removeprefix("+X ").removeprefix("−X ").lower())


@pytest.mark.parametrize(("aid", "x", "ru", "en"), [
    ("armor", 1, "первая рана от немагических атак на карту не ложится", "the first wound from non-magic attacks does not land"),
    ("armor", 2, "первые 2 раны от немагических атак на карту не ложатся", "the first 2 wounds from non-magic attacks do not land"),
    ("armor", 5, "первые 5 ран", "the first 5 wounds"),
    ("regeneration", 1, "с неё снимается 1 рана.", "1 wound comes off."),
    ("regeneration", 3, "с неё снимаются 3 раны.", "3 wounds come off."),
    ("tribute", 1, "теряет 1 серебряный кристалл", "loses 1 silver crystal"),
    ("tribute", 2, "теряет 2 серебряных кристалла", "loses 2 silver crystals"),
    ("scouting", 1, "ещё верхнюю карту колоды", "take the top card of your deck"),
    ("scouting", 3, "ещё 3 верхние карты колоды", "take the top 3 cards of your deck"),
])
def test_a_number_and_its_noun_agree_in_the_reminders(aid: str, x: int, ru: str, en: str) -> None:
    from engine.classic.abilities import parse_abilities

    (ab,) = parse_abilities([{"id": aid, "x": x}], "test.toml", "t_card")
    assert ru in ab.reminder("ru") + " " + ab.text("ru"), ab.reminder("ru")
    assert en in ab.reminder("en") + " " + ab.text("en"), ab.reminder("en")
