"""Generated rules text (engine.heroes.text) and the card tools CLI (python -m engine.cards)."""

from __future__ import annotations

import os
import pathlib
import re
import subprocess
import sys
from typing import Any

import pytest

from engine.cards import stats
from engine.content import check_folder, load_pool
from engine.core.errors import CardDataError
from engine.heroes import registry as R
from engine.heroes.carddef import CardDef, parse_card
from engine.heroes.text import card_text, keyword_label, reminders, type_line
from engine.heroes.text.grammar import adj, plural_ru

ROOT = pathlib.Path(__file__).resolve().parent.parent
CYRILLIC = re.compile("[А-Яа-яЁё]")


@pytest.fixture(scope="module")
def builtin():
    return load_pool()


@pytest.fixture(scope="module")
def test_pool():
    return load_pool([ROOT / "tests" / "data"])


def card(abilities: list | None = None, effects: list | None = None, *, type_: str = "creature",
         **extra: Any) -> CardDef:
    data: dict[str, Any] = {"id": "x", "name": {"ru": "Икс", "en": "Ex"}, "type": type_}
    if type_ == "creature":
        data.update(cost=2, strike=1, lives=2)
    elif type_ == "hero":
        data.update(lives=20)
    elif type_ == "support":
        data.update(cost=1, subtype="event")
    else:
        data.update(cost=1)
    if abilities is not None:
        data["abilities"] = abilities
    if effects is not None:
        data["effects"] = effects
    data.update(extra)
    return parse_card(data, "test")


def spell(*effects: dict) -> CardDef:
    return card(effects=list(effects), type_="spell")


def both(c: CardDef, pool: Any = None) -> tuple[str, str]:
    return card_text(c, "ru", pool=pool), card_text(c, "en", pool=pool)


# ---------------------------------------------------------------- every card renders cleanly
def _check_clean(c: CardDef, lang: str, text: str) -> None:
    printed = bool(c.abilities or c.effects or getattr(c, "modes", None))
    assert bool(text) == printed, f"{c.id} {lang}: {text!r}"
    for bad in ("{", "}", "None", "  ", "_", " .", " ,", "..", "[]"):
        assert bad not in text, f"{c.id} {lang}: {bad!r} in {text!r}"
    assert re.sub(r"\[T\]", "", text).count("[") == 0, text
    if lang == "en":
        assert not CYRILLIC.search(text), f"{c.id}: Russian in English text {text!r}"
    else:
        assert not printed or CYRILLIC.search(text), text
    for line in text.splitlines():
        assert line[0].isupper() or line[0] in "[0123456789X", f"{c.id} {lang}: {line!r}"
        assert line.endswith("."), f"{c.id} {lang}: {line!r}"


@pytest.mark.parametrize("which", ["builtin", "test_pool"])
def test_every_card_renders_in_both_languages(which, request):
    pool = request.getfixturevalue(which)
    assert pool.cards
    for c in pool.cards.values():
        for lang in ("ru", "en"):
            _check_clean(c, lang, card_text(c, lang, pool=pool.cards))
            tl = type_line(c, lang)
            assert tl and "None" not in tl and "_" not in tl
            for label, text in reminders(c, lang):
                assert label and text and "{" not in text and "None" not in text


def test_created_cards_are_named_not_shown_by_id(test_pool):
    text = card_text(test_pool["t_summoner"], "ru", pool=test_pool.cards)
    assert "«Элементаль воды»" in text
    assert "Water Elemental" in card_text(test_pool["t_summoner"], "en", pool=test_pool.cards)


# ---------------------------------------------------------------- hand-checked strings
DAMAGE_CHAR = {"effect": "damage", "amount": 1, "target": {"choose": "character"}}


def _case(abilities: list | None, effects: list | None, ru: str, en: str, **kw: Any) -> tuple:
    return (abilities, effects, kw, ru, en)


CASES = [
    _case([{"trigger": "enter", "effects": [DAMAGE_CHAR]}], None,
          "Найм: ранить на 1 выбранного персонажа.", "On entry: deal 1 wound to target character."),
    _case(None, [{"effect": "damage", "amount": 2, "target": {"choose": "creature", "side": "enemy"}}],
          "Раньте на 2 выбранное существо противника.", "Deal 2 wounds to target enemy creature.", type_="spell"),
    _case([{"activate": {"tap": True},
            "effects": [{"effect": "shot", "amount": 2, "target": {"choose": "character", "side": "enemy"}}]}], None,
          "[T]: выстрел на 2 по выбранному персонажу противника.", "[T]: shoot target enemy character for 2."),
    _case([{"trigger": "enter", "effects": [{"effect": "heal", "amount": 1,
                                               "target": {"choose": "character", "side": "own"}}]}], None,
          "Найм: излечить на 1 выбранного вашего персонажа.",
          "On entry: heal 1 wound from target character you control."),
    _case(None, [{"effect": "destroy", "target": {"all": "creature", "filter": {"max_cost": 3}}}],
          "Уничтожьте всех существ стоимостью 3 или меньше.", "Destroy all creatures costing 3 or less.",
          type_="spell"),
    _case([{"keyword": "armor", "value": 1}, {"keyword": "haste"}], None, "Броня 1. Рывок.", "Armour 1. Haste."),
    _case([{"aura": "strike", "amount": 1}], None,
          "Ваши существа получают +1 к удару.", "Your creatures get +1 strike.", type_="support"),
    _case([{"activate": {"tap": True, "coins": 2},
            "effects": [{"effect": "damage", "amount": 1, "target": {"choose": "creature", "side": "enemy"}}]}], None,
          "[T], 2 монеты: ранить на 1 выбранное существо противника.",
          "[T], 2 coins: deal 1 wound to target enemy creature.", type_="hero"),
    _case([{"trigger": "death", "effects": [{"effect": "draw", "count": 1, "player": "each"}]}], None,
          "Гибель: каждый игрок берёт карту.", "On death: each player draws a card."),
    _case([{"trigger": "enter", "may": True, "effects": [
        {"effect": "add_poison", "amount": 1,
         "target": {"choose": "creature", "side": "enemy", "filter": {"poisoned": True}}}]}], None,
          "Найм: можете усилить отравление выбранного отравленного существа противника на 1.",
          "On entry: you may increase the poison on target poisoned enemy creature by 1."),
    _case([{"trigger": "ally_dies", "each_time": True, "effects": [{"effect": "draw", "count": 2}]}], None,
          "Каждый раз, когда гибнет другое ваше существо: взять 2 карты.",
          "Each time another creature of yours dies: draw 2 cards."),
    _case([{"trigger": "enter", "may": True, "pay_coins": 2, "effects": [DAMAGE_CHAR]}], None,
          "Найм: можете потерять 2 монеты, чтобы ранить на 1 выбранного персонажа.",
          "On entry: you may lose 2 coins to deal 1 wound to target character."),
    _case(None, [{"effect": "tap", "target": {"choose": "creature", "side": "enemy"}},
                 {"effect": "draw", "count": 1, "then": True}],
          "Закройте выбранное существо противника, при этом возьмите карту.",
          "Tap target enemy creature, and if you do, draw a card.", type_="spell"),
    _case(None, [{"effect": "grant", "keyword": "protection", "from": "spells",
                  "target": {"choose": "creature", "side": "own"}, "until": "game"},
                 {"effect": "cleanse", "target": {"all": "creature", "side": "own"}}],
          "Дайте выбранному вашему существу Защиту от заклинаний до конца игры. "
          "Снимите отравление и оглушение со всех ваших существ.",
          "Give target creature you control Protection from spells for the rest of the game. "
          "Remove poison and stun from all your creatures.", type_="spell"),
    _case(None, [{"effect": "mill", "count": 2, "player": "opponent"},
                 {"effect": "search", "count": 2, "filter": {"element": "forest"}}],
          "Уберите на кладбище 2 верхние карты колоды противника. "
          "Найдите в вашей колоде до 2 лесных карт и возьмите их в руку.",
          "Put the top 2 cards of the opponent's deck into the graveyard. "
          "Search your deck for up to 2 Forest cards and put them into your hand.", type_="spell"),
    _case([{"trigger": "death", "effects": [{"effect": "summon", "filter": {"max_cost": 2}}]}], None,
          "Гибель: вызвать из вашей колоды существо стоимостью 2 или меньше.",
          "On death: put a creature costing 2 or less from your deck into play."),
    _case(None, [{"effect": "resurrect", "target": {"choose": "creature", "side": "own", "zone": "grave"}},
                 {"effect": "summon", "filter": {"subtype": "elemental"}}],
          "Возродите выбранное существо с вашего кладбища. Вызовите из вашей колоды элементаля.",
          "Return target creature from your graveyard to play. Put an elemental from your deck into play.",
          type_="spell"),
    _case([{"activate": {"coins": 1}, "effects": [{"effect": "fight",
                                                   "target": {"choose": "creature", "side": "enemy"}}]}], None,
          "1 монета: сразиться с выбранным существом противника.", "1 coin: fight target enemy creature."),
    _case(None, [{"effect": "set_strike", "value": 0, "target": {"choose": "creature"}, "until": "next_turn"},
                 {"effect": "gain_coins", "count": 2, "temporary": True}, {"effect": "lose_coins", "count": 1}],
          "Сделайте удар выбранного существа равным 0 до начала вашего следующего хода. "
          "Получите 2 временные монеты. Противник теряет монету.",
          "Set the strike of target creature to 0 until the start of your next turn. "
          "Gain 2 temporary coins. The opponent loses a coin.", type_="spell"),
    _case([{"aura": "cost", "amount": -1, "affects": {"all": "creature", "side": "own", "filter": {"min_cost": 3}}}],
          None, "Ваши существа стоимостью 3 или больше стоят на 1 монету меньше.",
          "Your creatures costing 3 or more cost 1 less.", type_="support"),
    _case([{"trigger": "strike", "effects": [{"effect": "poison", "amount": 1, "target": "struck"}]}], None,
          "При ударе: отравить на 1 атакованного персонажа.", "On strike: poison the struck character for 1."),
    _case([{"keyword": "protection", "from": "shots"}, {"keyword": "ignore", "what": "armor"}], None,
          "Защита от выстрелов. Игнорирует Броню.", "Protection from shots. Ignores Armour."),
    _case(None, [{"effect": "take_control", "target": {"all": "creature", "side": "enemy", "filter": {"tapped": True}}}],
          "Возьмите под контроль всех закрытых существ противника.", "Take control of all tapped enemy creatures.",
          type_="spell"),
    _case([{"trigger": "enemy_spell", "may": True, "pay_coins": 1,
            "effects": [{"effect": "cancel", "filter": {"max_cost": 3}}, {"effect": "destroy", "target": "self"}]}],
          None, "Когда противник разыгрывает заклинание стоимостью 3 или меньше: можете потерять 1 монету, "
          "чтобы отменить это заклинание и уничтожить эту карту.",
          "When your opponent plays a spell costing 3 or less: you may lose 1 coin to cancel that spell "
          "and destroy this card.", type_="support"),
    _case(None, None, "Выберите 2 раза, повторы разрешены: раньте на 1 выбранного персонажа противника; "
          "излечите на 2 вашего героя; возьмите карту.",
          "Choose 2 times, repeats allowed: deal 1 wound to target enemy character; heal 2 wounds from your hero; "
          "draw a card.", type_="spell", modes={"count": 2, "options": [
              [{"effect": "damage", "amount": 1, "target": {"choose": "character", "side": "enemy"}}],
              [{"effect": "heal", "amount": 2, "target": "your_hero"}], [{"effect": "draw", "count": 1}]]}),
    _case([{"aura": "grant", "keyword": "vulnerable", "affects": {"all": "creature", "side": "enemy"}},
           {"trigger": "turn_start", "effects": [{"effect": "strike", "amount": 1, "target": "self",
                                                 "until": "turn"}]}], None,
          "Существа противника получают Уязвимость.\nВ начале вашего хода: дать этому существу +1 к удару до конца хода.",
          "Enemy creatures have Vulnerable.\nAt the start of your turn: give this creature +1 strike until end of turn."),
    _case(None, [{"effect": "return_to_hand", "target": {"all": "creature", "side": "enemy", "filter": {"other": True}}},
                 {"effect": "discard", "count": 2, "player": "opponent"}],
          "Верните всех остальных существ противника в руки владельцев. Противник сбрасывает 2 карты.",
          "Return all other enemy creatures to their owners' hands. The opponent discards 2 cards.", type_="spell"),
    _case([{"activate": {"tap": True, "prayers": 2, "wounds": 1}, "times": 2,
            "effects": [{"effect": "gain_prayers", "count": 1}, {"effect": "mill", "count": 1,
                                                                 "target": {"choose": "hero"}}]}], None,
          "[T], 2 жетона молитвы, раниться на 1: получить жетон молитвы и убрать на кладбище верхнюю карту колоды "
          "выбранного игрока. Не более 2 раз за ход.",
          "[T], 2 prayer tokens, take 1 wound: gain a prayer token and put the top card of target player's deck "
          "into the graveyard. At most 2 times per turn."),
]


@pytest.mark.parametrize("abilities,effects,kw,ru,en", CASES, ids=[c[3][:40] for c in CASES])
def test_exact_text(abilities, effects, kw, ru, en):
    c = card(abilities, effects, **kw)
    assert both(c) == (ru, en)


def test_pronoun_agrees_with_what_was_found():
    weapon = card([{"trigger": "enter", "effects": [{"effect": "search", "filter": {"subtype": "weapon"}}]}])
    assert card_text(weapon, "ru") == "Найм: найти в вашей колоде оружие и взять его в руку."
    any_card = spell({"effect": "search", "filter": {"element": "forest"}})
    assert both(any_card) == ("Найдите в вашей колоде лесную карту и возьмите её в руку.",
                              "Search your deck for a Forest card and put it into your hand.")


def test_create_uses_the_pool_names(builtin):
    c = card([{"trigger": "enter", "effects": [{"effect": "create", "card": "elemental_fire", "count": 2}]}])
    assert both(c, builtin.cards) == ("Найм: создать 2 карты «Элементаль огня».",
                                      "On entry: create 2 copies of Fire Elemental.")


def test_type_lines(builtin, test_pool):
    assert type_line(test_pool["t_golem"], "ru") == "Существо — механизм · Горы"
    assert type_line(test_pool["t_golem"], "en") == "Creature — Mechanism · Mountains"
    assert type_line(test_pool["t_blade"], "ru") == "Поддержка — оружие"
    assert type_line(test_pool["t_blade"], "en") == "Support — Weapon"
    assert type_line(test_pool["t_study"], "ru") == "Заклинание"
    hero = card(type_="hero", elements=["steppe", "forest"])
    assert type_line(hero, "ru") == "Герой · Степи/Леса"
    assert type_line(hero, "en") == "Hero · Steppes/Forests"
    odd = card(subtype="dragon")
    assert type_line(odd, "ru") == "Существо — dragon"


def test_keyword_labels_and_reminders():
    assert keyword_label({"keyword": "armor", "value": 2}, "ru") == "Броня 2"
    assert keyword_label({"keyword": "armor", "value": 2}, "en") == "Armour 2"
    assert keyword_label({"keyword": "protection", "from": "spells"}, "ru") == "Защита от заклинаний"
    assert keyword_label({"keyword": "protection", "from": "spells"}, "en") == "Protection from spells"
    assert keyword_label({"keyword": "ignore", "what": "protection"}, "ru") == "Игнорирует Защиту"
    c = card([{"keyword": "armor", "value": 2}, {"keyword": "protection", "from": "forest"},
              {"trigger": "enter", "effects": [{"effect": "grant", "keyword": "haste", "target": "self"}]}])
    ru = reminders(c, "ru")
    assert ru[0] == ("Броня 2", "За каждый ход не получает первые 2 раны от ударов и выстрелов.")
    assert ru[1] == ("Защита от лесных карт", "Не получает ран от: лесных карт.")
    assert ru[2][0] == "Рывок"  # a keyword the card grants is explained too
    assert reminders(c, "en")[1] == ("Protection from Forest cards", "Takes no wounds from: Forest cards.")
    one = card([{"keyword": "incarnation", "value": 1}])
    assert "потерять 1 монету" in reminders(one, "ru")[0][1]
    assert "lose 1 coin " in reminders(one, "en")[0][1]


def test_russian_agreement_helpers():
    assert [plural_ru(n, "карта", "карты", "карт") for n in (1, 2, 5, 11, 12, 21, 22, 25, 111, "X")] == \
        ["карта", "карты", "карт", "карт", "карт", "карта", "карты", "карт", "карт", "карт"]
    assert adj("другой", "pl", "gen", True) == "других"  # и after г
    assert adj("выбранный", "n", "acc", True) == "выбранное"  # neuter accusative = nominative
    assert adj("выбранный", "m", "acc", True) == "выбранного"  # animate masculine = genitive
    assert adj("выбранный", "m", "acc", False) == "выбранный"
    assert adj("весь", "pl", "dat", True) == "всем"


# ---------------------------------------------------------------- the whole registry has words
SAMPLE_TARGET = {"choose": "creature", "side": "enemy"}
SAMPLE: dict[str, Any] = {"amount": 2, "int": 1, "bool": True, "target": SAMPLE_TARGET, "player": "opponent",
                          "filter": {"max_cost": 2}, "keyword": "haste", "card": "elemental_fire",
                          "from": "spells", "until": "game", "element": "darkness"}


def minimal(name: str) -> dict[str, Any]:
    spec = R.EFFECTS[name]
    eff: dict[str, Any] = {"effect": name}
    for pname, param in spec.params.items():
        if param.required:
            eff[pname] = SAMPLE[param.kind]
    if name == "animate":
        eff["target"] = {"choose": "support", "side": "own"}  # only a support can become a creature
    return eff


def render(eff: dict[str, Any], pool: Any = None) -> tuple[str, str]:
    """An effect as a spell, or (for cancel) as the first effect of an enemy_spell trigger."""
    try:
        c = spell(eff)
    except CardDataError:
        c = card([{"trigger": "enemy_spell", "effects": [eff]}])
    return both(c, pool)


def test_every_effect_renders_distinctly(builtin):
    seen: dict[tuple[str, str], str] = {}
    for name in R.EFFECTS:
        ru, en = render(minimal(name), builtin.cards)
        assert ru and en and "{" not in ru + en and "None" not in ru + en, name
        assert (ru, en) not in seen, f"{name} reads like {seen.get((ru, en))}: {ru}"
        seen[(ru, en)] = name


TARGET_VARIANTS: list[Any] = [
    *R.SELF_TARGETS,
    *({"choose": kind} for kind in R.TARGET_KINDS),
    *({"all": kind} for kind in R.TARGET_KINDS),
    *({"choose": "creature", "side": side} for side in R.SIDES if side != "any"),  # any: the default above
    *({"all": "creature", "side": side} for side in R.SIDES if side != "any"),
    {"choose": "creature", "side": "own", "zone": "grave"},
    {"choose": "creature", "side": "enemy", "zone": "grave"},
    {"choose": "creature", "zone": "grave"},
]
FILTER_VARIANTS: list[dict[str, Any]] = [
    {}, {"max_cost": 2}, {"min_cost": 2}, {"min_cost": 1, "max_cost": 3}, {"max_strike": 2},
    {"wounded": True}, {"wounded": False}, {"tapped": True}, {"tapped": False}, {"poisoned": True},
    {"poisoned": False}, {"other": True}, {"subtype": "mechanism"}, {"subtype": "dragon"},
    *({"element": e} for e in (*R.ELEMENTS, "neutral")), *({"keyword": k} for k in R.KEYWORDS),
]
PARAM_VARIANTS: dict[str, list[Any]] = {
    "amount": [1, 3, "X"], "int": [1, 2], "bool": [False, True], "player": list(R.PLAYERS),
    "keyword": list(R.KEYWORDS), "from": list(R.PROTECTION_FROM), "until": list(R.UNTIL),
    "card": ["elemental_fire", "elemental_air"], "filter": FILTER_VARIANTS, "target": TARGET_VARIANTS,
    "while": list(R.WHILE), "element": list(R.ELEMENTS), "element_mode": list(R.ELEMENT_MODES),
}
# Parameters the engine reads but whose value the text cannot show differently, with the reason.
UNSHOWN = {
    ("discard", "target"): "the engine asks the named player to discard, never a target (effects.py)",
}
PLAYER_TARGETS = ["your_hero", "enemy_hero", "each_hero", {"choose": "hero"}, {"choose": "creature"}]
# Values the engine treats alike, so the same words are right: both name the two heroes.
SAME_MEANING = [{"each_hero", repr({"all": "hero"})},
                # CR 118.6: a graveyard nobody names is the controller's own (carddef.parse_target).
                {repr({"choose": "creature", "side": "own", "zone": "grave"}), repr({"choose": "creature", "zone": "grave"})}]


@pytest.mark.parametrize("name", list(R.EFFECTS))
def test_every_parameter_changes_the_text(name, builtin):
    """Each value of each parameter reads differently (so the card shows what the engine will do)."""
    spec = R.EFFECTS[name]
    for pname, param in spec.params.items():
        if (name, pname) in UNSHOWN:
            continue
        values = PARAM_VARIANTS[param.kind]
        if name in ("draw", "discard", "mill", "lose_coins") and pname == "target":
            values = PLAYER_TARGETS
        if name == "grant" and pname == "value":
            values = [1, 2]
        texts = {}
        for value in values:
            eff = minimal(name)
            eff[pname] = value
            if name == "grant" and pname == "value":
                eff["keyword"] = "armor"
            if name == "grant" and pname == "from":
                eff["keyword"] = "protection"
            try:
                ru, en = render(eff, builtin.cards)
            except CardDataError:
                continue  # not a legal combination (e.g. a card kind the effect refuses)
            key = (ru, en)
            if key in texts and {repr(texts[key]) if isinstance(texts[key], dict) else texts[key],
                                 repr(value) if isinstance(value, dict) else value} in SAME_MEANING:
                continue
            assert key not in texts, f"{name}.{pname}: {value!r} reads like {texts[key]!r}: {ru} / {en}"
            texts[key] = value
        assert len(texts) >= min(2, len(values)), f"{name}.{pname}: too few legal values rendered"


def test_an_optional_part_reads_as_one():
    # CR 119.5: «можете X, затем Y» — only X is optional; as a spell sentence it is its own.
    c = card([{"trigger": "enter", "effects": [
        {"effect": "damage", "amount": 1, "target": {"choose": "creature"}, "may": True},
        {"effect": "heal", "amount": 1, "target": "your_hero"}, {"effect": "draw", "count": 1}]}])
    assert both(c) == ("Найм: можете ранить на 1 выбранное существо, затем излечить на 1 вашего героя и взять карту.",
                       "On entry: you may deal 1 wound to target creature, then heal 1 wound from your hero and "
                       "draw a card.")
    s = spell({"effect": "draw", "count": 1}, {"effect": "discard", "count": 1, "player": "opponent", "may": True})
    assert both(s) == ("Возьмите карту. По вашему желанию противник сбрасывает карту.",
                       "Draw a card. You may have the opponent discard a card.")


def test_a_delayed_part_says_when_and_for_whom():
    # CR 520.1: a delayed effect naming no card is for your hero, and the text says so.
    c = card([{"trigger": "enter", "effects": [{"effect": "draw", "count": 2},
                                                {"effect": "damage", "amount": 2, "delay": "turn_end"}]}])
    assert both(c) == ("Найм: взять 2 карты и в конце хода ранить на 2 вашего героя.",
                       "On entry: draw 2 cards and at end of turn, deal 2 wounds to your hero.")
    s = spell({"effect": "heal", "amount": 3, "delay": "next_turn"})
    assert both(s) == ("В начале вашего следующего хода излечите на 3 вашего героя.",
                       "At the start of your next turn, heal 3 wounds from your hero.")


def test_then_reads_as_a_condition():
    plain = spell({"effect": "draw", "count": 1}, {"effect": "gain_coins", "count": 1})
    chained = spell({"effect": "draw", "count": 1}, {"effect": "gain_coins", "count": 1, "then": True})
    assert both(plain) == ("Возьмите карту. Получите монету.", "Draw a card. Gain a coin.")
    assert both(chained) == ("Возьмите карту, при этом получите монету.", "Draw a card, and if you do, gain a coin.")


@pytest.mark.parametrize("trigger", list(R.TRIGGERS))
def test_every_trigger_renders(trigger):
    eff = {"effect": "draw", "count": 1}
    base = card([{"trigger": trigger, "effects": [eff]}])
    ru, en = both(base)
    assert ru == f"{R.TRIGGERS[trigger].ru}: взять карту."
    assert en == f"{R.TRIGGERS[trigger].en}: draw a card."
    every = both(card([{"trigger": trigger, "each_time": True, "effects": [eff]}]))
    assert every != (ru, en) and "Каждый раз" in every[0] and "each" in every[1].lower()
    assert "{" not in every[0] + every[1]
    may = both(card([{"trigger": trigger, "may": True, "effects": [eff]}]))
    assert may == (f"{R.TRIGGERS[trigger].ru}: можете взять карту.", f"{R.TRIGGERS[trigger].en}: you may draw a card.")
    paid = both(card([{"trigger": trigger, "pay_coins": 3, "effects": [eff]}]))
    assert paid == (f"{R.TRIGGERS[trigger].ru}: потерять 3 монеты, чтобы взять карту.",
                    f"{R.TRIGGERS[trigger].en}: lose 3 coins to draw a card.")


def test_every_keyword_has_a_label_and_a_reminder():
    labels = set()
    for name, kw in R.KEYWORDS.items():
        if kw.value == "int":
            variants = [{"keyword": name, "value": 2}]
        elif kw.value == "from":
            variants = [{"keyword": name, "from": f} for f in R.PROTECTION_FROM]
        elif kw.value == "what":
            variants = [{"keyword": name, "what": w} for w in R.IGNORE_WHAT]
        else:
            variants = [{"keyword": name}]
        for ab in variants:
            c = card([ab])
            for lang in ("ru", "en"):
                label = keyword_label(ab, lang)
                assert card_text(c, lang) == label + "."
                assert reminders(c, lang) and reminders(c, lang)[0][0] == label
                assert "{" not in reminders(c, lang)[0][1]
                labels.add((lang, label))
            if kw.value == "int":
                assert "2" in keyword_label(ab, "ru")
    expected = sum(len(R.PROTECTION_FROM) if k.value == "from" else len(R.IGNORE_WHAT) if k.value == "what" else 1
                   for k in R.KEYWORDS.values())
    assert len(labels) == 2 * expected  # no two keywords read alike


def test_activation_costs_and_auras():
    def act(cost: dict, **kw: Any) -> str:
        return card_text(card([{"activate": cost, "effects": [{"effect": "draw", "count": 1}], **kw}]), "ru")
    assert act({"tap": True}) == "[T]: взять карту."
    assert act({"coins": 5}) == "5 монет: взять карту."
    assert act({"coins": 1, "x": True}) == "1+X монет: взять карту."
    assert act({"prayers": 1}) == "1 жетон молитвы: взять карту."
    assert act({}) == "Без оплаты: взять карту."
    assert act({"tap": True}, times=3) == "[T]: взять карту. Не более 3 раз за ход."
    for aura, extra in (("strike", {"amount": -2}), ("lives", {"amount": 1}), ("cost", {"amount": 2}),
                        ("grant", {"keyword": "armor", "value": 1})):
        c = card([{"aura": aura, **extra}], type_="support")
        ru, en = both(c)
        assert ru.startswith("Ваши существа ") and en.startswith("Your creatures "), (ru, en)
    shield = card([{"aura": "grant", "keyword": "protection", "from": "shots"},
                   {"aura": "grant", "keyword": "ignore", "what": "armor", "affects": "self"}], type_="support")
    assert both(shield) == ("Ваши существа получают Защиту от выстрелов.\nЭта карта получает особенность «Игнорирует Броню».",
                            "Your creatures have Protection from shots.\nThis card has Ignores Armour.")
    assert reminders(shield, "en")[0] == ("Protection from shots", "Takes no wounds from: shots.")
    assert both(card([{"aura": "lives", "amount": 1, "affects": "self"}])) == (
        "Это существо получает +1 к жизням.", "This creature gets +1 life.")


def test_engine_only_effects_are_not_printed():
    c = card([{"trigger": "enter", "effects": [{"effect": "draw", "count": 1}]}])
    internal = CardDef(id="y", name=c.name, type="creature", abilities=(
        {"kind": "trigger", "on": "enter", "may": False, "each_time": False, "pay_coins": 0, "modes": None,
         "effects": ({"effect": "vanguard_play", "limit": 2}, {"effect": "draw", "count": 1})},))
    assert card_text(internal, "ru") == card_text(c, "ru")


# ---------------------------------------------------------------- the CLI
def run_cli(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "engine.cards", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, encoding="utf-8", timeout=60)


def test_cli_stats_line(builtin):
    res = run_cli("stats")
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert len(lines) == 1
    m = re.fullmatch(r"heroes=(\d+) cards=(\d+) decks=(\d+) keywords=(\d+)/(\d+) art=(\d+)/(\d+)", lines[0])
    assert m, lines[0]
    s = stats(builtin)
    every = len(builtin.cards)  # every card, heroes and created ones too, has its own picture
    assert [int(g) for g in m.groups()] == [s["heroes"], s["cards"], s["decks"], s["covered"], s["total"], every, every]
    assert s["total"] == len(R.KEYWORDS) + len(R.EFFECTS)
    assert s["cards"] == sum(1 for c in builtin.cards.values() if c.type != "hero" and not c.created)


def test_stats_counts_coverage_by_cards():
    pool = load_pool(builtin=False)
    pool.cards = {c.id: c for c in (
        parse_card({"id": f"c{i}", "name": {"ru": "а", "en": "a"}, "type": "creature", "cost": 1, "strike": 1,
                    "lives": 1, "abilities": [{"keyword": "haste"}] if i < 2 else [{"keyword": "frenzy"}]}, "t")
        for i in range(3))}
    s = stats(pool)
    assert s["covered"] == 1 and "kw:haste" not in s["uncovered"] and "kw:frenzy" in s["uncovered"]


def test_cli_show_prints_both_languages():
    res = run_cli("show", "elemental_fire")
    assert res.returncode == 0, res.stderr
    out = res.stdout
    assert "Элементаль огня" in out and "Fire Elemental" in out
    assert out.index("Элементаль огня") < out.index("Fire Elemental")
    assert "Созданный. Рывок." in out and "Created. Haste." in out
    assert "Стоимость 2 · Удар 2 · Жизни 1" in out


def test_cli_show_unknown_id_exits_2():
    res = run_cli("show", "no_such_card")
    assert res.returncode == 2
    assert "no_such_card" in res.stderr and not res.stdout


BROKEN = """
[[card]]
id = "my_ok"
name = {ru = "Годный", en = "Fine"}
type = "creature"
cost = 1
strike = 1
lives = 1
abilities = [{trigger = "enter", effects = [{effect = "create", card = "elemental_fire"}]}]

[[card]]
id = "my_bad"
name = {ru = "Плохой", en = "Bad"}
type = "creature"
cost = 1
strike = 1
lives = 1
abilities = [{trigger = "enter", effects = [{effect = "damage", amount = 1, target = {choose = "dragon"}}]}]

[[card]]
id = "elemental_fire"
name = {ru = "Двойник", en = "Twin"}
type = "spell"
cost = 1
effects = [{effect = "draw", count = 1}]
"""


def test_cli_check_reports_file_card_and_field(tmp_path):
    (tmp_path / "mine.toml").write_text(BROKEN, encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "oops.toml").write_text("[[card]\nid=", encoding="utf-8")
    res = run_cli("check", str(tmp_path))
    assert res.returncode == 2, res.stdout + res.stderr
    out = res.stdout
    assert "card my_bad, field abilities[0].effects[0].target.choose" in out
    assert "card elemental_fire, field id" in out and "already used" in out
    assert "oops.toml" in out and "not valid TOML" in out
    assert "my_ok" not in out.replace("checked", "")
    report = check_folder(tmp_path)
    assert report.files == 2 and report.cards == 1 and len(report.errors) == 3


def test_cli_check_clean_folder_exits_0(tmp_path):
    good = BROKEN.split("[[card]]")[1]
    (tmp_path / "good.toml").write_text("[[card]]" + good, encoding="utf-8")
    res = run_cli("check", str(tmp_path))
    assert res.returncode == 0, res.stdout
    assert res.stdout.strip().endswith("0 errors")
