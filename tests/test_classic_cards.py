"""Classic cards as data (types, flyers, symbiotes, artifacts, terrains, unique, horde) and classic decks.

Rules: classic-comprehensive-rules-2007.txt 1.4.5–1.4.8, 1.5.1, 1.5.2, 1.7, 1.8; classic-starter-rules-2022.txt
«Типы карт», «Колода», «Орда», «Уникальность».
"""

from __future__ import annotations

import pytest
from classic_support import ALL_CARDS, CARDS, DECKS
from hypothesis import given
from hypothesis import strategies as st

from engine.classic.cards import card_from_dict, parse_cards
from engine.classic.decks import ClassicDeck, check_deck, deck_problems, parse_decks
from engine.content import load_classic_cards, load_classic_decks
from engine.core.errors import CardDataError, IllegalAction


def card(**fields):
    return {"id": "c_x", "name": {"ru": "Икс", "en": "X"}, "cost": 3, **fields}


def parse(table):
    return parse_cards({"card": [table]}, "x.toml")["c_x"]


# ---------------------------------------------------------------- cards
def test_the_plain_test_cards_are_ground_creatures():
    assert all(c.type == "creature" and c.ground and c.strike and c.lives for c in CARDS.values())


def test_each_type_has_its_own_fields():
    # 2007 1.5.1: a flyer has no movement; 1.7: an artifact no strike; 1.8: a terrain neither lives nor strike.
    hawk, tick, tower, grove = (ALL_CARDS[i] for i in ("c_hawk", "c_tick", "c_tower", "c_grove"))
    assert hawk.flyer and not hawk.ground and hawk.movement == 0 and hawk.strike == (1, 2, 2)
    assert tick.symbiote == "parasite" and ALL_CARDS["c_sprite"].symbiote == "companion" and tick.movement == 0
    assert tower.type == "artifact" and tower.strike is None and tower.lives == 6 and tower.classes == ("постройка",)
    assert grove.type == "terrain" and grove.lives is None and grove.strike is None and grove.classes == ("forest",)
    assert ALL_CARDS["c_king"].unique and ALL_CARDS["c_rat"].horde


@pytest.mark.parametrize("cid", sorted(ALL_CARDS))
def test_every_test_card_round_trips_through_its_dict(cid):
    c = ALL_CARDS[cid]
    assert card_from_dict(c.to_dict()) == c


@pytest.mark.parametrize("table, field, en", [
    (card(flyer=True, lives=2, movement=1, strike="1-1-1"), "movement", "a flyer has no movement"),  # 2007 1.5.1
    (card(symbiote="companion", lives=2, movement=1, strike="1-1-1"), "movement", "a symbiote has no movement"),
    (card(symbiote="friend", lives=2, strike="1-1-1"), "symbiote", "must be one of companion, parasite"),
    (card(flyer=True, symbiote="parasite", lives=2, strike="1-1-1"), "symbiote", "a flyer cannot be a symbiote"),
    (card(type="artifact", lives=3, strike="1-1-1"), "strike", "an artifact has no strike"),  # 2007 1.7
    (card(type="artifact", lives=3, movement=1), "movement", "an artifact has no movement"),
    (card(type="terrain", lives=3), "lives", "a terrain has no lives"),  # 2007 1.8
    (card(type="terrain", classes=["sea"]), "classes", "a terrain's class is one of"),
    (card(type="terrain", classes=["river", "river"]), "classes", "listed twice"),
    (card(type="terrain", flyer=True), "flyer", "a terrain has no flyer"),
    (card(lives=2, strike="1-1-1"), "movement", "missing"),  # a ground creature moves (2007 1.4.7)
    (card(type="artifact"), "lives", "missing"),  # 2007 1.4.6
    (card(lives=2, movement=1), "strike", "weak-medium-strong"),  # 2007 1.4.8
    (card(lives=2, movement=1, strike="1-1-1", unique="yes"), "unique", "true or false"),
])
def test_a_wrong_card_names_file_card_and_field(table, field, en):
    with pytest.raises(CardDataError) as exc:
        parse(table)
    err = exc.value
    assert (err.file, err.card, err.field) == ("x.toml", "c_x", field)
    assert en in err.en and err.ru and err.reason("ru").startswith("файл x.toml, карта c_x, поле")


def test_a_creature_class_is_free_text_and_a_terrain_may_have_several():
    # 2007 1.8: a terrain may have several classes; a creature's class is printed text (docs/classic-rules.md).
    assert parse(card(lives=2, movement=1, strike="1-1-1", classes=["Ковен"])).classes == ("Ковен",)
    assert parse(card(type="terrain", classes=["city", "river"])).classes == ("city", "river")


@given(st.sampled_from(["creature", "artifact", "terrain"]), st.booleans(), st.booleans(), st.integers(0, 12),
       st.sampled_from(["", "companion", "parasite", "flyer"]))
def test_any_valid_card_round_trips(kind, unique, horde, cost, sub):
    table = card(type=kind, cost=cost, unique=unique, horde=horde)
    if kind != "terrain":
        table["lives"] = 3
    if kind == "creature":
        table["strike"] = [1, 2, 3]
        if sub == "flyer":
            table["flyer"] = True
        elif sub:
            table["symbiote"] = sub
        else:
            table["movement"] = 2
    c = parse(table)
    assert card_from_dict(c.to_dict()) == c


# ---------------------------------------------------------------- decks (2022 «Колода», «Орда»)
def test_the_test_decks_are_legal():
    assert set(DECKS) == {"plain", "mixed", "abilities"}
    for deck in DECKS.values():
        assert deck_problems(deck, ALL_CARDS) == [] and deck.size == 30


def deck(**counts):
    return ClassicDeck(id="d", name={"ru": "Д", "en": "D"}, cards=tuple(counts.items()))


def test_a_deck_has_30_to_50_cards():
    # 2022 «Колода»: not fewer than 30, not more than 50.
    plain = sorted(c for c in ALL_CARDS if ALL_CARDS[c].ground and not ALL_CARDS[c].horde and c != "c_king")
    assert len(plain) >= 10
    assert [p.code for p in deck_problems(deck(**{c: 3 for c in plain[:9]}, c_rat=2), ALL_CARDS)] == ["size"]
    assert deck_problems(deck(**{c: 3 for c in plain[:10]}), ALL_CARDS) == []
    others = sorted(c for c in ALL_CARDS if c != "c_rat")[:16]
    assert deck_problems(deck(**{c: 3 for c in others}, c_rat=2), ALL_CARDS) == []  # 50
    big = deck(**{c: 3 for c in others}, c_rat=3)  # 51
    assert big.size == 51 and [p.code for p in deck_problems(big, ALL_CARDS)] == ["size"]


def test_at_most_three_copies_and_five_with_the_horde():
    # 2022 «Колода»: three copies at most; «Орда»: five.
    base = {c: 3 for c in ("c_guard", "c_brute", "c_runner", "c_scout", "c_bog", "c_sellsword", "c_post", "c_pikeman")}
    ok = deck(**base, c_rat=5, c_archer=1)
    assert deck_problems(ok, ALL_CARDS) == []
    four = deck(**{**base, "c_guard": 4}, c_rat=5)
    problems = deck_problems(four, ALL_CARDS)
    assert [(p.code, p.card) for p in problems] == [("copies", "c_guard")] and "3" in problems[0].en
    six = deck(**base, c_rat=6)
    problems = deck_problems(six, ALL_CARDS)
    assert [(p.code, p.card) for p in problems] == [("copies", "c_rat")] and "«Ордой»" in problems[0].ru


def test_an_illegal_deck_is_refused_with_every_reason_in_both_languages():
    bad = deck(c_guard=4, c_nope=1)
    with pytest.raises(IllegalAction) as exc:
        check_deck(bad, ALL_CARDS)
    assert exc.value.code == "deck" and "c_nope" in exc.value.en and "30" in exc.value.en
    assert "Колода" in exc.value.ru and "c_nope" in exc.value.ru


@pytest.mark.parametrize("data, field, en", [
    ({"deck": [{"id": "d", "name": {"ru": "Д", "en": "D"}}]}, "cards", "must be a table of card id"),
    ({"deck": [{"id": "d", "name": {"ru": "Д", "en": "D"}, "cards": {"c_guard": 0}}]}, "cards.c_guard", "1–50"),
    ({"deck": [{"id": "d", "name": {"ru": "Д", "en": "D"}, "cards": {"c_guard": "3"}}]}, "cards.c_guard", "1–50"),
    ({"deck": [{"id": "d", "name": "D", "cards": {"c_guard": 3}}]}, "name", "must be a table"),
    ({"deck": [{"id": "d", "name": {"ru": "Д", "en": "D"}, "cards": {"c_guard": 3}, "hero": "x"}]}, "hero",
     "unknown field"),
])
def test_a_wrong_deck_table_names_file_deck_and_field(data, field, en):
    with pytest.raises(CardDataError) as exc:
        parse_decks(data, "decks.toml")
    assert (exc.value.file, exc.value.card, exc.value.field) == ("decks.toml", "d", field)
    assert en in exc.value.en and exc.value.ru


def test_the_content_loader_reads_the_test_decks():
    assert load_classic_decks("test") == DECKS and load_classic_decks("none") == {}
    assert set(ALL_CARDS) <= set(load_classic_cards("test"))
    with pytest.raises(CardDataError) as exc:
        load_classic_decks("printed")
    assert "builtin, test, none" in exc.value.en
