"""Classic abilities (engine/classic/abilities): every registered ability and effect has a scenario that
plays it (tests/scenarios/classic/keywords, each citing its rule), renders its text in ru and en, and a
broken ability table is refused naming the card and the field."""

from __future__ import annotations

import pathlib

import pytest

from engine.classic.abilities import ABILITIES, EFFECTS, parse_abilities
from engine.classic.cards import parse_cards
from engine.content import load_scenario
from engine.core.errors import CardDataError
from engine.scenario import play

ROOT = pathlib.Path(__file__).resolve().parent.parent
KEYWORDS = sorted((ROOT / "tests" / "scenarios" / "classic" / "keywords").glob("*.toml"))


def _scenario(path: pathlib.Path):
    return load_scenario(path)


@pytest.mark.parametrize("path", KEYWORDS, ids=lambda p: p.stem)
def test_each_keyword_scenario_holds(path: pathlib.Path) -> None:
    result = play(_scenario(path), "en")
    assert result.failures == [], result.failures
    assert result.checked > 0


def _inline_abilities():
    for path in KEYWORDS:
        scn = _scenario(path)
        for card in scn.cards.values():
            yield from card.abilities


def _walk(abilities):
    for ab in abilities:
        yield ab
        yield from getattr(ab, "effects", ()) or ()


# played by a test of a whole game from decks instead (a scenario position has no decks and no setup)
PLAYED_ELSEWHERE = {"battle_start": "tests/test_classic_battle_start.py", "prophecy": "tests/test_classic_battle_start.py",
                    "summon": "tests/test_classic_battle_start.py"}


def test_every_registered_ability_and_effect_is_played_by_a_scenario() -> None:
    from test_classic_battle_start import CARDS as WHOLE_GAME_CARDS

    used = list(_walk(_inline_abilities())) + list(_walk(a for c in WHOLE_GAME_CARDS.values() for a in c.abilities))
    assert set(PLAYED_ELSEWHERE) <= {p.id for p in used}
    abilities = {p.id for p in used if p.key == "id"}
    effects = {p.id for p in used if p.key == "do"}
    assert set(ABILITIES.names()) - abilities == set(), "abilities with no scenario"
    # «heal» the ability carries the heal effect itself; every other effect is written in a scenario
    assert set(EFFECTS.names()) - effects - {"heal"} == set(), "effects with no scenario"


@pytest.mark.parametrize("name", ABILITIES.names())
def test_every_ability_has_its_text_in_both_languages(name: str) -> None:
    from test_classic_battle_start import CARDS as WHOLE_GAME_CARDS

    found = [ab for ab in _inline_abilities() if ab.id == name] + [
        ab for c in WHOLE_GAME_CARDS.values() for ab in c.abilities if ab.id == name]
    assert found, name
    for ab in found:
        for lang in ("ru", "en"):
            assert ab.text(lang).strip(), (name, lang)
            assert ab.reminder(lang).strip(), (name, lang)
        assert ab.text("ru") != ab.text("en") or name == "die"


def _card(**abilities_table):
    return {"card": [{"id": "k_x", "name": {"ru": "Икс", "en": "X"}, "cost": 1, "lives": 1, "movement": 1,
                      "strike": "1-1-1", **abilities_table}]}


@pytest.mark.parametrize("abilities, field, en, ru", [
    ([{"id": "flying_fish"}], "abilities[0].id", "unknown classic ability 'flying_fish'", "неизвестное значение"),
    ([{"id": "armor"}], "abilities[0].x", "missing", "не указано"),
    ([{"id": "armor", "x": 0}], "abilities[0].x", "at least 1", "не меньше 1"),
    ([{"id": "armor", "x": 1, "y": 2}], "abilities[0].y", "unknown field", "неизвестное поле"),
    ([{"id": "shot", "strike": "1-2"}], "abilities[0].strike", "weak-medium-strong", "слабый-средний-сильный"),
    ([{"id": "protection", "of": "dragons"}], "abilities[0].of", "must be one of", "нужно одно из"),
    ([{"id": "on_death", "effects": [{"do": "wound", "x": 1}]}], "abilities[0].effects[0].to",
     "no chosen target", "нет выбранной цели"),
    ([{"id": "act", "aim": "none", "effects": [{"do": "heal", "x": 1}]}], "abilities[0].aim", "aimed at nothing",
     "без цели"),
    ([{"id": "act", "effects": [{"do": "teleport_all"}]}], "abilities[0].effects[0].do", "unknown classic effect",
     "неизвестное значение"),
    ([{"id": "act", "effects": []}], "abilities[0].effects", "non-empty list", "непустой список"),
    ("armor", "abilities", "list of tables", "список таблиц"),
    # one chosen cell per ability (use … to=r,c; docs/classic-abilities.md)
    ([{"id": "act", "effects": [{"do": "relocate"}, {"do": "land", "to": "target"}]}], "abilities[0].effects",
     "only one effect", "только один эффект"),
    ([{"id": "formation", "grant": [{"id": "armour"}]}], "abilities[0].grant[0].id", "unknown classic ability",
     "неизвестное значение"),
])
def test_a_broken_ability_names_the_card_and_field(abilities, field, en, ru) -> None:
    with pytest.raises(CardDataError) as info:
        parse_cards(_card(abilities=abilities), "mine.toml")
    exc = info.value
    assert exc.field == field and exc.card == "k_x" and exc.file == "mine.toml"
    assert en in exc.reason("en") and ru in exc.reason("ru")


def test_abilities_round_trip_through_the_card_table() -> None:
    for path in KEYWORDS:
        for card in _scenario(path).cards.values():
            table = card.to_dict()
            again = parse_cards({"card": [table]}, "again")[card.id]
            assert again == card
            assert parse_abilities(table.get("abilities", []), "again", card.id) == card.abilities
