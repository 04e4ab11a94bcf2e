"""The built-in card pool of «Берсерк. Герои»: it loads, reads well in ru and en, covers every
mechanic of the registry, keeps numbers in line with the cost model of docs/cards.md, and its ready
decks are legal and play to the end. Players' own card folders load beside it.
"""

from __future__ import annotations

import importlib.util
import pathlib
import pickle
import random
import re
from collections import Counter
from typing import Any

import pytest

from engine.content import load_pool
from engine.core.errors import CardDataError
from engine.heroes import actions as A
from engine.heroes import registry as R
from engine.heroes.carddef import CardDef, parse_card, parse_deck
from engine.heroes.game import HeroesGame
from engine.heroes.pool import CardPool, deck_problems
from engine.heroes.text import all_effects

ROOT = pathlib.Path(__file__).resolve().parents[1]
RULES = ROOT.parent / "shared" / "rules"
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return load_pool()


def playable(pool: CardPool) -> list[CardDef]:
    """Non-hero cards a deck may hold (created cards only ever enter through «Создайте»)."""
    return [c for c in pool.cards.values() if c.type != "hero" and not c.created]


# ====================================================================== the pool
def test_heroes_one_per_element_and_a_multi_element_one(pool: CardPool) -> None:
    heroes = [c for c in pool.cards.values() if c.type == "hero"]
    singles = {c.elements[0] for c in heroes if len(c.elements) == 1}
    assert singles == set(R.ELEMENTS)
    assert any(len(c.elements) >= 2 for c in heroes)
    for h in heroes:
        # CR 208.3: heroic abilities are paid by tapping the hero and/or coins (prayers, wounds too).
        acts = [ab for ab in h.abilities if ab["kind"] == "activate"]
        assert acts, h.id
        assert any(ab["cost"]["tap"] or ab["cost"]["coins"] for ab in acts), h.id
        assert 18 <= h.lives <= 26, h.id


def test_pool_size_types_elements_and_costs(pool: CardPool) -> None:
    cards = playable(pool)
    assert len(cards) >= 120
    for element in (*R.ELEMENTS, "neutral"):
        mine = [c for c in cards if (element in c.elements) or (element == "neutral" and not c.elements)]
        kinds = Counter(c.type for c in mine)
        assert kinds["creature"] >= 5 and kinds["spell"] >= 2 and kinds["support"] >= 2, (element, kinds)
    subtypes = Counter(c.subtype for c in cards if c.type == "support")
    assert all(subtypes[s] >= 2 for s in R.SUPPORT_SUBTYPES), subtypes
    costs = {c.cost for c in cards}
    assert set(range(11)) <= costs
    assert sum(1 for c in cards if c.x_cost) >= 2


def test_created_cards_match_appendix_2(pool: CardPool) -> None:
    # CR appendix 2: the created elementals and modules keep the stats given there.
    expected = {
        "elemental_fire": (["steppe"], 2, 2, 1), "elemental_air": (["mountains"], 2, 1, 1),
        "elemental_earth": (["forest"], 2, 1, 3), "elemental_water": (["swamp"], 2, 2, 3),
        "elemental_dust": (["swamp"], 2, 1, 2), "module_guard": ([], 1, 0, 2), "module_attack": ([], 1, 2, 1),
        "module_suppression": ([], 1, 1, 1), "module_mobility": ([], 1, 1, 2), "module_support": ([], 1, 0, 2),
    }
    for cid, (elements, cost, strike, lives) in expected.items():
        c = pool[cid]
        assert c.created and list(c.elements) == elements
        assert (c.cost, c.strike, c.lives) == (cost, strike, lives), cid
    created_by_cards = {e["card"] for c in pool.cards.values() for e in all_effects(c) if e["effect"] == "create"}
    assert set(expected) - {"module_suppression", "module_support"} <= created_by_cards


def test_every_card_text_renders_in_ru_and_en(pool: CardPool) -> None:
    from engine.heroes.text import card_text

    for c in pool.cards.values():
        for field in (c.name, c.flavor):
            if field:
                assert field["ru"].strip() and field["en"].strip(), c.id
                assert CYRILLIC.search(field["ru"]) and not CYRILLIC.search(field["en"]), c.id
        has_rules = bool(c.abilities or c.effects or c.modes)
        ru = card_text(c, "ru", pool=pool)
        en = card_text(c, "en", pool=pool)
        assert bool(ru) == has_rules and bool(en) == has_rules, c.id
        if has_rules:
            assert CYRILLIC.search(ru), (c.id, ru)
            assert not CYRILLIC.search(en), (c.id, en)


def test_names_are_unique_and_not_taken_from_the_rules(pool: CardPool) -> None:
    names_ru = Counter(c.name["ru"] for c in pool.cards.values())
    names_en = Counter(c.name["en"] for c in pool.cards.values())
    assert max(names_ru.values()) == 1 and max(names_en.values()) == 1
    banned = ("Вайл", "Гном", "Рунопевец", "Талитха", "Регуэль", "Фарро", "Линунг", "Зул-Баал", "Горец",
              "Ветвич", "Забира", "Дистраго", "Крушитель", "Раптор", "Катаклизм", "Махокрыл")
    for c in playable(pool) + [c for c in pool.cards.values() if c.type == "hero"]:
        assert not any(b.lower() in c.name["ru"].lower() for b in banned), c.id
    if not RULES.is_dir():
        pytest.skip("shared/rules is not beside the repository")
    text = " ".join(p.read_text(encoding="utf-8") for p in RULES.glob("*.txt")).lower()
    for c in playable(pool):
        # Created cards are the rules' own (appendix 2); every other name is ours.
        assert c.name["ru"].lower() not in text or not re.search(r"(?<!\w)" + re.escape(c.name["ru"].lower()) + r"(?!\w)", text), c.id


# ====================================================================== coverage
def _usage(pool: CardPool) -> dict[str, Counter[str]]:
    use: dict[str, Counter[str]] = {k: Counter() for k in ("keyword", "effect", "trigger", "aura", "cost")}
    for c in pool.cards.values():
        if c.type == "hero":
            continue
        seen: dict[str, set[str]] = {k: set() for k in use}
        for ab in c.abilities:
            if ab["kind"] == "keyword":
                seen["keyword"].add(ab["keyword"])
            elif ab["kind"] == "trigger":
                seen["trigger"].add(ab["on"])
            elif ab["kind"] == "aura":
                seen["aura"].add(ab["aura"])
            elif ab["kind"] == "activate":
                seen["cost"].update(k for k, v in ab["cost"].items() if v)
        seen["effect"].update(e["effect"] for e in all_effects(c))
        if c.x_cost:
            seen["cost"].add("x_cost")
        for k, names in seen.items():
            use[k].update(names)
    return use


def test_every_registry_entry_is_on_at_least_two_cards(pool: CardPool) -> None:
    use = _usage(pool)
    missing = [f"keyword {k}" for k in R.KEYWORDS if use["keyword"][k] < 2]
    missing += [f"effect {k}" for k in R.EFFECTS if use["effect"][k] < 2]
    missing += [f"trigger {k}" for k in R.TRIGGERS if use["trigger"][k] < 2]
    missing += [f"aura {k}" for k in R.AURAS if use["aura"][k] < 2]
    assert not missing, missing
    assert all(use["cost"][k] >= 1 for k in ("tap", "coins", "prayers", "wounds", "x", "x_cost")), use["cost"]
    options = Counter()
    for c in pool.cards.values():
        for ab in c.abilities:
            if ab["kind"] == "trigger":
                options.update(k for k in ("may", "each_time", "pay_coins") if ab[k])
        if c.modes or any(ab.get("modes") for ab in c.abilities):
            options["modes"] += 1
    assert all(options[k] >= 2 for k in ("may", "each_time", "pay_coins", "modes")), options
    optional = sum(1 for c in pool.cards.values() if any(e.get("may") for e in all_effects(c)))
    assert optional >= 2, optional  # CR 119.5: «можете …» parts inside abilities


# ====================================================================== the cost model (docs/cards.md)
KEYWORD_POINTS = {"haste": 1, "first_strike": 2, "directed": 2, "wrath": 1, "attack_exp": 1, "defense_exp": 1,
                  "no_tap_attack": 1, "stealth": 2, "undead": 4, "frenzy": -1, "vulnerable": -1, "unique": -1,
                  "horde": 0, "module": 0, "created": 0, "ignore": 1, "strike_is": 0, "steadfast": 1}
TRIGGER_WEIGHT = {"enter": 1.0, "death": 0.8, "strike": 1.5, "defend": 1.0, "turn_start": 2.0, "turn_end": 2.0,
                  "ally_dies": 1.0, "enemy_dies": 1.0, "wounded": 1.0, "spell_cast": 1.5, "enemy_spell": 1.0,
                  "slain": 0.5}
X_AS = 2  # an X is priced as 2 (and its cost counts 2 more coins)


def keyword_points(ab: dict[str, Any]) -> float:
    k, v = ab["keyword"], ab.get("value", 0)
    if k in KEYWORD_POINTS:
        return KEYWORD_POINTS[k]
    if k in ("armor", "attack_reduction", "meditation"):
        return 2 * v
    if k == "regeneration":
        return v
    if k == "unity":
        return 1 + v // 2
    if k == "incarnation":
        return max(1, 3 - v)
    if k == "vanguard":
        return v
    if k == "thirst":
        return -v
    if k == "protection":
        return 4 if ab["from"] == "strikes" else 1
    raise KeyError(f"the cost model has no price for keyword {k!r}: add it here and to docs/cards.md")


def _budget(cost: int) -> int:
    return 2 * cost + 1


def effect_points(e: dict[str, Any], pool: CardPool) -> float:
    """What one effect is worth to its controller, in strike+lives points."""
    name = e["effect"]
    n = e.get("amount", e.get("count", 1))
    n = X_AS if n == "X" else n
    tgt = e.get("target")
    mass = isinstance(tgt, dict) and "all" in tgt
    side = tgt.get("side", "any") if isinstance(tgt, dict) else ""
    flt = (tgt.get("filter") if isinstance(tgt, dict) else None) or e.get("filter") or {}
    game = e.get("until") == "game"
    # CR 520.1: a delayed effect naming no card is for your own hero.
    sel = tgt.get("sel") if isinstance(tgt, dict) else ("your_hero" if e.get("delay") else None)
    if sel == "your_hero" and name in ("damage", "shot"):
        return -n
    if sel == "each_hero":
        return 0
    table: dict[str, float] = {
        "damage": 2 * n, "shot": 2 * n, "heal": n, "draw": 3 * n, "discard": 2 * n,
        "mill": 0 if e.get("player") == "you" else n, "gain_coins": n if e.get("temporary") else 4 * n,
        "lose_coins": 4 * n, "gain_prayers": n, "stun": 3, "tap": 1, "untap": 1, "prepare": 2,
        "poison": 2 * n, "add_poison": n, "cleanse": 1, "grant": 3 if game else 2,
        "strike": 2 * n if game else n, "lives": n, "set_lives": 6 if side == "enemy" else 3,
        "set_strike": 5 if game else 3, "return_to_hand": 3, "return_to_deck": 7, "search": 3,
        "fight": 2, "hide": 1, "lose_abilities": 4 if game else 3, "cancel": 4, "change_element": 2 if game else 1,
        "copy_abilities": 5 if game else 3,
    }
    if name == "destroy":
        value: float = 4 if isinstance(tgt, dict) and tgt.get("choose", tgt.get("all")) == "support" else (
            6 if flt else 10)
    elif name == "animate":
        value = (e["strike"] + e["lives"]) * (1 if game else 0.5)  # CR 108.2: a creature for a while
    elif name in ("summon", "resurrect"):
        value = _budget(flt["max_cost"]) if "max_cost" in flt else 8
    elif name == "take_control":
        value = _budget(flt["max_cost"]) if "max_cost" in flt else 12
        if e.get("until", "game") != "game":
            value /= 3  # borrowed for a while (CR 518.5)
    elif name == "create":
        value = _budget(pool[e["card"]].cost) * e.get("count", 1)
    elif name in table:
        value = table[name]
    else:
        raise KeyError(f"the cost model has no price for effect {name!r}: add it here and to docs/cards.md")
    if mass:
        value *= 1.5 if side == "any" else 2
    if e.get("may"):
        value = max(0.0, value)  # CR 119.5: an optional part is never worth less than nothing
    return value


def body_points(ab: dict[str, Any], pool: CardPool) -> float:
    if ab.get("modes"):
        opts = [sum(effect_points(e, pool) for e in o) for o in ab["modes"]["options"]]
        return ab["modes"]["count"] * sum(opts) / len(opts)
    return sum(effect_points(e, pool) for e in ab["effects"])


def ability_points(ab: dict[str, Any], pool: CardPool) -> float:
    kind = ab["kind"]
    if kind == "keyword":
        return keyword_points(ab)
    if kind == "trigger":
        return body_points(ab, pool) * TRIGGER_WEIGHT[ab["on"]] - 2 * ab["pay_coins"]
    if kind == "activate":
        cost = ab["cost"]
        paid = cost["coins"] + cost["wounds"] + cost["prayers"] + (X_AS if cost["x"] else 0)
        return max(1.0, body_points(ab, pool) * 1.5 - paid)
    if kind == "aura":
        if ab["aura"] in ("strike", "lives", "prevent"):
            return 2 * abs(ab["amount"])
        return 2
    raise KeyError(kind)


def creature_points(card: CardDef, pool: CardPool) -> float:
    fixed = card.keyword("strike_is")
    strike = fixed["value"] if fixed else card.strike
    return strike + card.lives + sum(ability_points(ab, pool) for ab in card.abilities)


def spell_fair_cost(card: CardDef, pool: CardPool) -> float:
    if card.modes:
        value = body_points({"modes": card.modes}, pool)
    else:
        value = sum(effect_points(e, pool) for e in card.effects)
    return (value - 1) / 2


def test_creatures_fit_the_cost_model(pool: CardPool) -> None:
    # docs/cards.md: strike + lives + ability points ≈ 2 × cost + 1, within 3 points.
    off = []
    for c in playable(pool):
        if c.type == "creature":
            pts = creature_points(c, pool)
            if abs(pts - _budget(c.cost)) > 3:
                off.append(f"{c.id}: cost {c.cost} wants {_budget(c.cost)}, has {pts:.1f}")
    assert not off, off


def test_spells_fit_the_cost_model(pool: CardPool) -> None:
    # docs/cards.md: a spell worth V points costs about (V - 1) / 2, within 1.5 coins; X counts as 2.
    off = []
    for c in playable(pool):
        if c.type == "spell":
            price = c.cost + (X_AS if c.x_cost else 0)
            fair = spell_fair_cost(c, pool)
            if abs(price - fair) > 1.5:
                off.append(f"{c.id}: costs {price}, worth {fair:.1f}")
    assert not off, off


def test_cost_model_prices_every_registry_entry(pool: CardPool) -> None:
    # A new keyword or effect in the registry must get a price before cards use it.
    for k in R.KEYWORDS:
        ab = {"keyword": k, "value": 1, "from": "spells", "what": "armor"}
        assert isinstance(keyword_points(ab), int | float)
    for name in R.EFFECTS:
        e: dict[str, Any] = {"effect": name, "amount": 1, "count": 1, "value": 1, "target": {"choose": "creature"},
                             "strike": 1, "lives": 1}
        if name == "create":
            e["card"] = "module_attack"
        assert isinstance(effect_points(e, pool), int | float)


def test_cost_model_flags_a_bad_card(pool: CardPool) -> None:
    bad = CardPool.from_texts({"bad.toml": """
[[card]]
id = "too_big"
name = {ru = "Слишком большой", en = "Too Big"}
type = "creature"
cost = 1
strike = 6
lives = 6
"""})["too_big"]
    assert creature_points(bad, pool) - _budget(bad.cost) > 3


# ====================================================================== ready decks
def test_ready_decks_are_legal_with_a_plan(pool: CardPool) -> None:
    decks = pool.decks
    heroes = {c.id for c in pool.cards.values() if c.type == "hero"}
    assert len(decks) >= 6
    assert heroes <= {d.hero for d in decks.values()}, "every hero has a ready deck"
    for d in decks.values():
        cards = d.card_list()
        assert len(cards) == 40, d.id
        assert deck_problems(pool, d.hero, cards) == [], (d.id, deck_problems(pool, d.hero, cards))
        assert deck_problems(pool, d.hero, cards, lang="ru") == []
        assert d.plan.get("ru") and d.plan.get("en"), d.id
        assert CYRILLIC.search(d.name["ru"]) and not CYRILLIC.search(d.name["en"] + d.plan["en"]), d.id
    first = [d for d in decks.values() if d.id.startswith("first_")]
    assert len(first) == 2 and first[0].hero != first[1].hero


def test_first_game_decks_are_gentle(pool: CardPool) -> None:
    # Newcomers' decks: mostly creatures, cheap curve, and only the plainest keywords.
    plain = {"haste", "horde", "wrath", "attack_exp", "defense_exp", "regeneration"}
    for d in (pool.decks["first_outpost"], pool.decks["first_grove"]):
        cards = [pool[c] for c in d.card_list()]
        assert sum(c.type == "creature" for c in cards) >= 28, d.id
        assert sum(c.cost for c in cards) / len(cards) <= 3.2, d.id
        for c in cards:
            kws = {ab["keyword"] for ab in c.abilities if ab["kind"] == "keyword"}
            assert kws <= plain, (d.id, c.id, kws)


def test_deck_check_catches_a_broken_deck(pool: CardPool) -> None:
    d = pool.decks["steppe_raid"]
    cards = d.card_list()
    assert deck_problems(pool, d.hero, cards[:-1])  # 39 cards
    assert deck_problems(pool, d.hero, [*cards[:-1], "forest_boar"])  # another element
    swapped = [c for c in cards if c != "steppe_courier"] + ["steppe_hoof_strike"] * 3
    assert len(swapped) == 40 and any("steppe_hoof_strike" in p for p in deck_problems(pool, d.hero, swapped))  # over 3 copies


def test_every_ready_deck_plays_a_random_game_to_the_end(pool: CardPool) -> None:
    rng = random.Random(7)
    ids = sorted(pool.decks)
    for i, a in enumerate(ids):
        b = ids[(i + 3) % len(ids)]
        da, db = pool.decks[a], pool.decks[b]
        g = HeroesGame.new(pool, [(da.hero, da.card_list()), (db.hero, db.card_list())], seed=i)
        for _ in range(20_000):
            if g.is_over:
                break
            g.apply(rng.choice([x for x in g.legal_actions() if not isinstance(x, A.Concede | A.OfferDraw)]))
        assert g.is_over, (a, b)
        assert g.outcome.reason in ("hero", "deck", "both_heroes"), g.outcome


def _load_bench():
    spec = importlib.util.spec_from_file_location("bench_balance", ROOT / "bench" / "balance.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_balance_bench_summarizes_a_tiny_run(pool: CardPool, tmp_path: pathlib.Path) -> None:
    bench = _load_bench()
    work = bench.jobs(["first_outpost", "first_grove", "steppe_raid"], 2, 5)
    assert len(work) == 6 and {w[0] for w in work} == {"first_outpost", "first_grove", "steppe_raid"}
    results = [bench._job(w) for w in work]
    s = bench.summarize(results, pool)
    assert s["played"] == 6 and not s["errors"]
    assert sum(s["deck_games"].values()) == 12
    out = tmp_path / "balance.md"
    bench.write_markdown(s, pool, 2, 1.0, out)
    text = out.read_text(encoding="utf-8")
    assert "First player" in text and "`steppe_raid`" in text


@pytest.mark.slow
def test_many_random_games_per_pair_finish(pool: CardPool) -> None:
    bench = _load_bench()
    results = [bench._job(w) for w in bench.jobs(sorted(pool.decks), 20, 11)]
    assert not [r for r in results if "error" in r or r["reason"] == "unfinished"]


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
