"""Players' own card and deck files for «Берсерк. Герои»: they load beside the built-in pool, and a broken one
is skipped with a reason in Russian and English that names the file, the card and the field (STYLE «Cards»).
"""

from __future__ import annotations

import pathlib
import pickle
import re
from typing import Any

import pytest

from engine.content import load_pool
from engine.core.errors import CardDataError
from engine.heroes.carddef import parse_card, parse_deck
from engine.heroes.pool import CardPool

CYRILLIC = re.compile(r"[А-Яа-яЁё]")


# ====================================================================== players' own cards
GOOD = """
[[card]]
id = "my_squire"
name = {ru = "Мой оруженосец", en = "My Squire"}
type = "creature"
elements = ["steppe"]
cost = 2
strike = 2
lives = 3
abilities = [{keyword = "haste"}]
"""

BROKEN = """
[[card]]
id = "my_broken"
name = {ru = "Сломанная", en = "Broken"}
type = "creature"
cost = 2
strike = "a lot"
lives = 2
"""


AFTER_BROKEN = """
[[card]]
id = "my_second"
name = {ru = "Вторая", en = "Second"}
type = "spell"
cost = 1
effects = [{effect = "draw", count = 1}]

[[card]]
id = "my_maker"
name = {ru = "Творец", en = "Maker"}
type = "creature"
cost = 2
strike = 1
lives = 1
abilities = [{trigger = "enter", effects = [{effect = "create", card = "no_such_card"}]}]

[[card]]
id = "hero_tamir"
name = {ru = "Самозванец", en = "Impostor"}
type = "hero"
lives = 30
"""


def test_user_cards_load_beside_builtin_and_broken_files_are_skipped(tmp_path: pathlib.Path) -> None:
    (tmp_path / "good.toml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "broken.toml").write_text(BROKEN + AFTER_BROKEN, encoding="utf-8")
    (tmp_path / "not_toml.toml").write_text("[[card]\nid=", encoding="utf-8")
    builtin = load_pool()
    p = load_pool([tmp_path])
    # The broken card alone is skipped: the good cards of the same file still load.
    assert {"my_squire", "my_second"} <= set(p.cards)
    assert not {"my_broken", "my_maker"} & set(p.cards)
    assert set(builtin.cards) <= set(p.cards) and set(builtin.decks) == set(p.decks)
    assert p["hero_tamir"].lives == builtin["hero_tamir"].lives  # a player file cannot replace a built-in card
    errs = {(pathlib.Path(e.file).name, e.card): e for e in p.skipped}
    assert set(errs) == {("broken.toml", "my_broken"), ("broken.toml", "my_maker"), ("broken.toml", "hero_tamir"),
                         ("not_toml.toml", "")}
    e = errs[("broken.toml", "my_broken")]
    assert e.field == "strike"
    assert "broken.toml" in str(e) and "my_broken" in str(e) and "strike" in str(e)
    assert errs[("broken.toml", "my_maker")].field.endswith(".card")
    assert errs[("broken.toml", "hero_tamir")].field == "id"


def test_saves_paths_point_under_the_home_override(tmp_path: pathlib.Path, monkeypatch) -> None:
    from saves import paths

    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path / "home"))
    assert paths.user_cards_dir() == tmp_path / "home" / "data" / "cards"
    assert paths.saves_dir() == tmp_path / "home" / "data" / "saves"
    assert paths.config_dir() == tmp_path / "home" / "config"
    assert not (tmp_path / "home").exists()  # asking creates nothing
    folder = paths.user_cards_dir(create=True)
    assert folder.is_dir()
    (folder / "mine.toml").write_text(GOOD, encoding="utf-8")
    (folder / "bad.toml").write_text(BROKEN, encoding="utf-8")
    p = paths.load_game_pool()
    assert "my_squire" in p and "hero_tamir" in p
    assert [e.card for e in p.skipped] == ["my_broken"]


def test_saves_paths_default_to_platform_dirs(monkeypatch) -> None:
    from saves import paths

    monkeypatch.delenv(paths.HOME_ENV, raising=False)
    assert "BerserkTable" in str(paths.data_dir())
    assert paths.user_cards_dir().parent == paths.data_dir()


# ====================================================================== broken files, told in ru and en
ENGLISH_SENTENCE = re.compile(r"[A-Za-z]{2,}(?: [A-Za-z]{2,}){2}")  # three plain English words in a row


def assert_bilingual(err: CardDataError, file: str, card: str, field: str) -> str:
    """The ru line names file, card and field and is Russian; the en one is str(err). Returns the ru reason."""
    ru, en = err.reason("ru"), err.reason("en")
    where_ru = ", ".join(p for p in (f"файл {file}", card and f"карта {card}", field and f"поле {field}") if p)
    where_en = ", ".join(p for p in (f"file {file}", card and f"card {card}", field and f"field {field}") if p)
    assert ru.startswith(where_ru + ": "), ru
    assert en.startswith(where_en + ": ") and en == str(err), en
    assert CYRILLIC.search(err.ru) and not CYRILLIC.search(err.en), (err.ru, err.en)
    assert err.ru != err.en
    return err.ru


def test_broken_player_files_are_explained_in_russian_and_english(tmp_path: pathlib.Path) -> None:
    from engine.content import check_folder

    (tmp_path / "syntax.toml").write_text("[[card]\nid = ", encoding="utf-8")
    (tmp_path / "keyword.toml").write_text(GOOD.replace('"haste"', '"flying"'), encoding="utf-8")
    (tmp_path / "value.toml").write_text(BROKEN, encoding="utf-8")
    (tmp_path / "twin.toml").write_text(GOOD.replace('"my_squire"', '"hero_tamir"'), encoding="utf-8")
    (tmp_path / "cp1251.toml").write_bytes('name = "Страж"'.encode("cp1251"))
    p = load_pool([tmp_path])
    errs = {pathlib.Path(e.file).name: e for e in p.skipped}
    assert set(errs) == {"syntax.toml", "keyword.toml", "value.toml", "twin.toml", "cp1251.toml"}
    unread = errs["cp1251.toml"]
    assert unread.en == "not UTF-8 text (byte 8)" and unread.ru == "это не текст в UTF-8 (байт 8)"
    assert_bilingual(unread, unread.file, "", "")
    toml = errs["syntax.toml"]
    assert toml.en.startswith("not valid TOML: ") and toml.card == toml.field == ""
    python_text = toml.en.removeprefix("not valid TOML: ")
    assert toml.ru == f"ошибка в записи TOML: {python_text}"  # the parser's own words kept as they are
    assert_bilingual(toml, toml.file, "", "")
    expected_en = {  # the English lines are the ones players (and docs/cards.md) saw before
        "keyword.toml": ("my_squire", "abilities[0].keyword", "unknown keyword 'flying' (known: "),
        "value.toml": ("my_broken", "strike", "must be a whole number, got 'a lot'"),
        "twin.toml": ("hero_tamir", "id", "id already used in "),
    }
    for name, (card, field, en) in expected_en.items():
        err = errs[name]
        ru = assert_bilingual(err, err.file, card, field)
        assert err.en.startswith(en), err.en
        assert not ENGLISH_SENTENCE.search(ru), ru
    assert errs["value.toml"].ru == "нужно целое число, а указано 'a lot'"
    assert errs["twin.toml"].ru.startswith("такой id уже есть в ") and errs["twin.toml"].ru.endswith("heroes.toml")

    deck = tmp_path / "deck"
    deck.mkdir()
    (deck / "mine.toml").write_text('[deck]\nid = "my_deck"\nname = {ru = "Моя", en = "Mine"}\n'
                                    'hero = "hero_tamir"\ncards = {steppe_courier = 3, no_such_card = 2}\n',
                                    encoding="utf-8")
    (err,) = check_folder(deck, base=p).errors
    ru = assert_bilingual(err, err.file, "my_deck", "cards.no_such_card")
    assert err.en == "unknown card 'no_such_card'" and ru == "неизвестная карта 'no_such_card'"
    assert pickle.loads(pickle.dumps(err)).reason("ru") == err.reason("ru")  # survives a worker process


DROP = object()  # a field the broken card leaves out
BASE = {"id": "x", "name": {"ru": "Икс", "en": "Ex"}, "type": "creature", "cost": 1, "strike": 1, "lives": 1}
SPELL = {"type": "spell", "strike": DROP, "lives": DROP, "effects": [{"effect": "draw", "count": 1}]}
SUPPORT = {"type": "support", "subtype": "weapon", "strike": DROP, "lives": DROP}


def ab(ability: Any) -> dict[str, Any]:
    return {"abilities": [ability]}


def eff(effect: Any, on: str = "enter", **more: Any) -> dict[str, Any]:
    return ab({"trigger": on, "effects": [effect], **more})


def tgt(target: Any) -> dict[str, Any]:
    return eff({"effect": "damage", "amount": 1, "target": target})


def flt(filt: Any) -> dict[str, Any]:
    return tgt({"choose": "creature", "filter": filt})


E0 = "abilities[0].effects[0]"
# Every kind of check in engine/heroes/carddef.py: (what the broken card changes, the field it names).
BROKEN_CARDS: list[tuple[dict[str, Any], str]] = [
    ({"id": "Big Guy"}, "id"),
    ({"colour": "red"}, "colour"),
    ({"name": DROP}, "name"),
    ({"name": "Икс"}, "name"),
    ({"name": {"ru": "Икс"}}, "name"),
    ({"type": "dragon"}, "type"),
    ({"type": DROP}, "type"),
    ({**SUPPORT, "subtype": 3}, "subtype"),
    ({**SUPPORT, "subtype": "car"}, "subtype"),
    ({"elements": ["fire"]}, "elements"),
    ({"type": "hero", "strike": DROP}, "cost"),
    ({"cost": DROP}, "cost"),
    ({"cost": 11}, "cost"),
    ({"x_cost": "yes"}, "x_cost"),
    ({**SPELL, "strike": 1}, "strike"),
    ({**SUPPORT, "lives": 2}, "lives"),
    ({"abilities": {"keyword": "haste"}}, "abilities"),
    ({**SPELL, **eff({"effect": "draw", "count": 1})}, "abilities"),
    ({**SPELL, "effects": [{"effect": "cancel"}]}, "effects"),
    ({**SPELL, "effects": [{"effect": "copy_abilities", "target": {"choose": "creature"}}]}, "effects"),
    ({**SPELL, "effects": [{"effect": "strike", "amount": 1, "target": "your_hero", "while": "source_in_play"}]},
     "effects"),
    ({"effects": [{"effect": "draw", "count": 1}]}, "effects"),
    ({**SUPPORT, "cost": 1, "x_cost": True}, "x_cost"),
    ({**SPELL, "modes": {"count": 1, "options": []}}, "effects"),
    ({**SPELL, "effects": DROP, "modes": 2}, "modes"),
    ({**SPELL, "effects": DROP, "modes": {"count": 1, "options": [[{"effect": "draw", "count": 1}]]}},
     "modes.options"),
    ({**SPELL, "effects": DROP, "modes": {"count": 9, "options": [[], []]}}, "modes.count"),
    ({**SPELL, "effects": []}, "effects"),
    (ab("haste"), "abilities[0]"),
    (ab({"keyword": "flying"}), "abilities[0].keyword"),
    (ab({"keyword": "haste", "colour": 1}), "abilities[0].colour"),
    (ab({"keyword": "armor"}), "abilities[0].value"),
    (ab({"keyword": "armor", "value": 0}), "abilities[0].value"),
    (ab({"keyword": "protection"}), "abilities[0].from"),
    (ab({"keyword": "protection", "from": "fire"}), "abilities[0].from"),
    (ab({"keyword": "ignore", "what": "walls"}), "abilities[0].what"),
    (ab({"trigger": "sunrise", "effects": [{"effect": "draw", "count": 1}]}), "abilities[0].trigger"),
    (eff({"effect": "draw", "count": 1, "may": True}, may=True), f"{E0}.may"),
    (eff({"effect": "cancel"}), "abilities[0].effects"),
    (eff({"effect": "draw", "count": 1}, each_time="often"), "abilities[0].each_time"),
    (ab({"activate": 2, "effects": [{"effect": "draw", "count": 1}]}), "abilities[0].activate"),
    (ab({"activate": {"tap": "yes"}, "effects": [{"effect": "draw", "count": 1}]}), "abilities[0].activate.tap"),
    (ab({"activate": {"tap": True, "gold": 1}, "effects": [{"effect": "draw", "count": 1}]}),
     "abilities[0].activate.gold"),
    (ab({"aura": "glow"}), "abilities[0].aura"),
    (ab({"aura": "strike", "amount": 1, "affects": {"choose": "creature"}}), "abilities[0].affects"),
    (ab({"aura": "steal_prayers", "affects": "your_hero"}), "abilities[0].affects"),
    (ab({"aura": "grant", "keyword": "flying"}), "abilities[0].keyword"),
    (ab({"aura": "grant", "keyword": "protection", "from": "fire"}), "abilities[0].from"),
    (ab({"aura": "prevent", "amount": 0}), "abilities[0].amount"),
    (ab({"power": 1}), "abilities[0]"),
    (eff("draw"), E0),
    (eff({"effect": "teleport"}), f"{E0}.effect"),
    (eff({"count": 1}), f"{E0}.effect"),
    (eff({"effect": "draw", "count": 1, "bogus": 1}), f"{E0}.bogus"),
    (eff({"effect": "damage", "target": "self"}), f"{E0}.amount"),
    (eff({"effect": "damage", "amount": "lots", "target": "self"}), f"{E0}.amount"),
    (eff({"effect": "gain_coins", "count": 1, "temporary": "no"}), f"{E0}.temporary"),
    (eff({"effect": "draw", "count": 1, "player": "me"}), f"{E0}.player"),
    (eff({"effect": "grant", "keyword": "flying", "target": "self"}), f"{E0}.keyword"),
    (eff({"effect": "grant", "keyword": "haste", "target": "self", "until": "ever"}), f"{E0}.until"),
    (eff({"effect": "grant", "keyword": "protection", "from": "fire", "target": "self"}), f"{E0}.from"),
    (eff({"effect": "strike", "amount": 1, "target": "self", "while": "forever"}), f"{E0}.while"),
    (eff({"effect": "change_element", "element": "fire", "target": "self"}), f"{E0}.element"),
    (eff({"effect": "change_element", "element": "swamp", "mode": "swap", "target": "self"}), f"{E0}.mode"),
    (eff({"effect": "create", "card": "no_such_card"}), f"{E0}.card"),
    (eff({"effect": "animate", "strike": 1, "lives": 1, "target": {"choose": "creature"}}), f"{E0}.target"),
    (eff({"effect": "animate", "strike": 1, "lives": 0, "target": "self"}), f"{E0}.lives"),
    (eff({"effect": "draw", "count": 1, "then": "yes"}), f"{E0}.then"),
    (eff({"effect": "cancel", "may": True}, on="enemy_spell"), f"{E0}.may"),
    (eff({"effect": "draw", "count": 1, "delay": "tomorrow"}), f"{E0}.delay"),
    (eff({"effect": "cancel", "delay": "turn_end"}, on="enemy_spell"), f"{E0}.delay"),
    (tgt("everyone"), f"{E0}.target"),
    (tgt(5), f"{E0}.target"),
    (tgt({"choose": "creature", "all": "creature"}), f"{E0}.target"),
    (tgt({"choose": "dragon"}), f"{E0}.target.choose"),
    (tgt({"choose": "creature", "zone": "hand"}), f"{E0}.target.zone"),
    (tgt({"choose": "creature", "side": "ours"}), f"{E0}.target.side"),
    (flt(3), f"{E0}.target.filter"),
    (flt({"tall": True}), f"{E0}.target.filter.tall"),
    (flt({"element": 3}), f"{E0}.target.filter.element"),
    (flt({"element": "fire"}), f"{E0}.target.filter.element"),
    (flt({"keyword": "flying"}), f"{E0}.target.filter.keyword"),
    (flt({"max_cost": "cheap"}), f"{E0}.target.filter.max_cost"),
    (flt({"wounded": "yes"}), f"{E0}.target.filter.wounded"),
]
DECK = {"id": "d", "name": {"ru": "Колода", "en": "Deck"}, "hero": "hero_tamir", "cards": {"steppe_courier": 3}}
BROKEN_DECKS: list[tuple[Any, str]] = [
    ("deck", "deck"), ({**DECK, "id": 7}, "id"), ({**DECK, "colour": 1}, "deck.colour"), ({**DECK, "hero": 5}, "hero"),
    ({**DECK, "cards": {}}, "cards"), ({**DECK, "cards": {"steppe_courier": 0}}, "cards.steppe_courier"),
    ({**DECK, "name": None}, "name"),
]


@pytest.mark.parametrize(("change", "field"), BROKEN_CARDS, ids=[f"{i}:{f}" for i, (_, f) in enumerate(BROKEN_CARDS)])
def test_each_card_check_gives_its_reason_in_both_languages(change: dict[str, Any], field: str) -> None:
    data = {k: v for k, v in {**BASE, **change}.items() if v is not DROP}
    with pytest.raises(CardDataError) as info:
        parse_card(data, "t.toml", known={"x"})
    err = info.value
    assert err.field == field, (err.field, str(err))
    ru = assert_bilingual(err, "t.toml", "" if field == "id" else "x", field)
    assert not ENGLISH_SENTENCE.search(ru), ru


@pytest.mark.parametrize(("data", "field"), BROKEN_DECKS)
def test_each_deck_check_gives_its_reason_in_both_languages(data: Any, field: str) -> None:
    with pytest.raises(CardDataError) as info:
        parse_deck({k: v for k, v in data.items() if v is not None} if isinstance(data, dict) else data, "d.toml")
    err = info.value
    assert err.field == field
    ru = assert_bilingual(err, "d.toml", "d" if field not in ("deck", "id") else "", field)
    assert not ENGLISH_SENTENCE.search(ru), ru


# ====================================================================== unknown card references name the real field
# CR 518.6: «Создайте» puts a card from the list of created cards into play, so the card it names must exist.
# STYLE «Cards»: a broken card file names the file, the card and the field, so the player can find and fix it;
# the field is the path as written in the file, spelled as carddef's own checks spell it.
_DRAW = '{effect = "draw", count = 1}'
_MAKE = '{effect = "create", card = "no_such_card"}'
_CREATURE = 'type = "creature"\ncost = 2\nstrike = 1\nlives = 1\n'
_SPELL = 'type = "spell"\ncost = 1\n'
REFERENCE_PLACES: list[tuple[str, str, str]] = [
    # (where, the card's body, the field the error must name)
    ("ability effect", _CREATURE + f'abilities = [{{trigger = "enter", effects = [{_MAKE}]}}]',
     "abilities[0].effects[0].card"),
    # Not effects[2]: the first ability's effect does not shift the second ability's numbering.
    ("second ability", _CREATURE + f'abilities = [{{trigger = "enter", effects = [{_DRAW}]}},\n'
                                   f'  {{activate = {{tap = true}}, effects = [{_DRAW}, {_MAKE}]}}]',
     "abilities[1].effects[1].card"),
    ("spell effect", _SPELL + f"effects = [{_DRAW}, {_MAKE}]", "effects[1].card"),
    # CR 523.1: «выберите N раз из: …» — each option is its own list of effects.
    ("spell mode option", _SPELL + f"modes = {{count = 1, options = [[{_DRAW}], [{_DRAW}, {_MAKE}]]}}",
     "modes.options[1][1].card"),
    ("ability mode option", _CREATURE + f'abilities = [{{keyword = "haste"}},\n'
                                        f'  {{activate = {{tap = true}}, modes = {{count = 1, '
                                        f"options = [[{_DRAW}], [{_MAKE}]]}}}}]",
     "abilities[1].modes.options[1][0].card"),
]


def _maker_file(body: str) -> str:
    return f'[[card]]\nid = "my_maker"\nname = {{ru = "Творец", en = "Maker"}}\n{body}\n'


@pytest.mark.parametrize(("where", "body", "field"), REFERENCE_PLACES, ids=[w for w, _, _ in REFERENCE_PLACES])
def test_unknown_card_reference_names_the_field_as_written(tmp_path: pathlib.Path, where: str, body: str,
                                                            field: str) -> None:
    from engine.content import check_folder

    path = tmp_path / "maker.toml"
    path.write_text(_maker_file(body) + GOOD, encoding="utf-8")
    # A player's folder: the card is skipped with the reason, the rest of its file still loads.
    p = load_pool([tmp_path], builtin=False)
    assert "my_squire" in p and "my_maker" not in p
    (err,) = p.skipped
    assert (err.file, err.card, err.field) == (str(path), "my_maker", field), str(err)
    ru = assert_bilingual(err, str(path), "my_maker", field)
    assert err.en == "creates unknown card 'no_such_card'" and ru == "создаёт неизвестную карту 'no_such_card'"
    assert not ENGLISH_SENTENCE.search(ru), ru
    # The same path as `python -m engine.cards check` (parse_card with the known ids) reports.
    (checked,) = check_folder(tmp_path, base=CardPool()).errors
    assert (checked.file, checked.card, checked.field) == (str(path), "my_maker", field)
    # Built from texts (built-in cards, scenarios, saves) the error is raised with the same path.
    with pytest.raises(CardDataError) as info:
        CardPool.from_texts({"maker.toml": _maker_file(body)})
    assert (info.value.file, info.value.card, info.value.field) == ("maker.toml", "my_maker", field)


def test_known_card_references_in_every_place_load(tmp_path: pathlib.Path) -> None:
    # The same cards creating a card that does exist (defined later in the file) all load: the check
    # rejects the unknown id, not the place it is written in.
    target = GOOD.replace('"my_squire"', '"no_such_card"')
    texts = {f"{i}.toml": _maker_file(body).replace("my_maker", f"my_maker_{i}") for i, (_, body, _) in
             enumerate(REFERENCE_PLACES)}
    pool = CardPool.from_texts({**texts, "target.toml": target})
    assert {f"my_maker_{i}" for i in range(len(REFERENCE_PLACES))} <= set(pool.cards)
