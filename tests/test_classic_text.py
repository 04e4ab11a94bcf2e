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
