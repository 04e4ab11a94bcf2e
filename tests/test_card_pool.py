"""The built-in card pool of «Берсерк. Герои»: it loads, reads well in ru and en, covers every
mechanic of the registry, keeps numbers in line with the cost model of docs/cards.md, and its ready
decks are legal and play to the end. Players' own card files: tests/test_card_files.py.
"""

from __future__ import annotations

import importlib.util
import pathlib
import random
import re
from collections import Counter
from typing import Any

import pytest

from engine.content import load_pool
from engine.heroes import actions as A
from engine.heroes import registry as R
from engine.heroes.carddef import CardDef
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
