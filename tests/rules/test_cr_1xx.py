"""CR 101-111: the game and its objects, card properties (basic, non-basic, additional), features and
abilities. Rules 113-120 are in test_cr_11x.py."""

from __future__ import annotations

import pytest

from engine.core.errors import CardDataError
from engine.core.events import Outcome
from engine.heroes.carddef import parse_card
from engine.heroes.pool import deck_problems
from tests.helpers import position

SPARE = ["t_soldier"] * 4


def creature(cid: str, ru: str, en: str, *abilities: dict, strike: int = 1, lives: int = 3, cost: int = 2,
             elements: tuple[str, ...] = (), subtype: str = "") -> dict:
    out = {"id": cid, "name": {"ru": ru, "en": en}, "type": "creature", "cost": cost, "strike": strike,
           "lives": lives, "elements": list(elements), "abilities": list(abilities)}
    if subtype:
        out["subtype"] = subtype
    return out


def spell(cid: str, ru: str, en: str, *effects: dict, cost: int = 1) -> dict:
    return {"id": cid, "name": {"ru": ru, "en": en}, "type": "spell", "cost": cost, "effects": list(effects)}


def hero(cid: str, ru: str, en: str, *elements: str) -> dict:
    return {"id": cid, "name": {"ru": ru, "en": en}, "type": "hero", "lives": 20, "elements": list(elements)}


ANY_CREATURE = {"choose": "creature"}
ENEMY_CREATURE = {"choose": "creature", "side": "enemy"}
SET_STRIKE_1 = spell("s_set1", "Уравнивание", "Levelling", {"effect": "set_strike", "value": 1, "target": ANY_CREATURE})
PLUS_ONE = spell("s_plus1", "Подбадривание", "Cheer", {"effect": "strike", "amount": 1, "target": ANY_CREATURE})
HUSH_ANY = spell("s_hush", "Забвение", "Oblivion", {"effect": "lose_abilities", "target": ANY_CREATURE})


def parse(data: dict) -> object:
    return parse_card(data, "test.toml")


# ---------------------------------------------------------------------- 101: the game
def test_defeating_the_enemy_hero_wins_the_game() -> None:
    # CR 101.1: the aim is to defeat the enemy hero; the strike that takes its last lives ends the game.
    pos = position(p0={"play": [{"card": "t_berserker", "name": "b"}]},
                   p1={"hero": {"card": "t_hero_dark", "wounds": 17}}, turn=3)
    pos.run("attack attacker=$b target=$p1hero")
    assert pos.g.is_over
    assert pos.g.outcome == Outcome(winner=0, reason="hero")


def test_players_take_turns_and_use_only_the_cards_they_control() -> None:
    # CR 101.2: turns alternate; a player plays their own hand and uses abilities of the cards under
    # their control — also an enemy-owned card they took over, never the opponent's cards.
    pos = position(p0={"coins": 2, "play": [{"card": "t_archer", "name": "mine"},
                                            {"card": "t_archer", "name": "taken", "owner": 1}],
                       "hand": [{"card": "t_soldier", "name": "own_card"}], "deck": SPARE},
                   p1={"coins": 2, "play": [{"card": "t_archer", "name": "theirs"}],
                       "hand": [{"card": "t_soldier", "name": "their_card"}], "deck": SPARE}, turn=3)
    mine, taken, theirs = pos.id("mine"), pos.id("taken"), pos.id("theirs")
    acting = {a.split()[1] for a in pos.legal() if a.startswith("activate")}
    assert f"card={mine}" in acting and f"card={taken}" in acting and f"card={theirs}" not in acting
    assert pos.can("play card=$own_card") and not pos.can("play card=$their_card")
    # The declaration is public: the event names the source and who used it.
    events = pos.run(f"activate card={mine} ability=0 targets={theirs}")
    assert any(e["t"] == "activate" and e["card"] == mine and e["player"] == 0 for e in events)
    pos.run("end")
    assert (pos.g.active, pos.g.decider, pos.g.turn) == (1, 1, 4)
    acting = {a.split()[1] for a in pos.legal() if a.startswith("activate")}
    assert f"card={theirs}" in acting and f"card={taken}" not in acting and f"card={mine}" not in acting
    assert pos.can("play card=$their_card") and not pos.can("play card=$own_card")


# ---------------------------------------------------------------------- 104-105: properties
def test_basic_properties_come_with_the_card_type() -> None:
    # CR 104.1: the basic properties are cost, starting lives and strike; the card type decides which a
    # card has (a creature all three, a hero only lives, a spell or support only a cost).
    knight = parse(creature("x_knight", "Латник", "Trooper", strike=3, lives=5, cost=4))
    assert (knight.cost, knight.lives, knight.strike) == (4, 5, 3)
    for bad, field in ((dict(creature("x1", "А", "A"), strike=None), "strike"),
                       ({**hero("x2", "Г", "H"), "cost": 2}, "cost"),
                       ({**spell("x3", "З", "S", {"effect": "draw", "count": 1}), "strike": 1}, "strike")):
        bad = {k: v for k, v in bad.items() if v is not None}
        with pytest.raises(CardDataError) as info:
            parse(bad)
        assert info.value.field == field


def test_starting_lives_and_strike_are_the_printed_numbers() -> None:
    # CR 105.2, CR 105.3: a creature enters play with its printed lives and strike; a hero with its lives.
    pos = position(p0={"coins": 4, "hand": [{"card": "t_knight", "name": "k"}]}, turn=3)
    pos.run("play card=$k")
    assert (pos.lives("k"), pos.strike("k"), pos.wounds("k")) == (5, 3, 0)
    assert pos.lives("p0hero") == 20


def test_property_changes_and_the_controller() -> None:
    # CR 104.2, CR 104.3: abilities change properties; the controller is a non-basic property and taking
    # control changes it (CR 104.3.4: it overwrites the old value and lays no effect). Out of play the
    # card is its owner's again.
    recall = spell("s_back", "Возврат", "Send Back", {"effect": "return_to_hand", "target": ANY_CREATURE})
    pos = position(p0={"coins": 6, "hand": [{"card": "t_charm", "name": "charm"}]},
                   p1={"coins": 2, "play": [{"card": "t_soldier", "name": "s"}], "hand": [{"card": "s_back", "name": "r"}],
                       "deck": SPARE}, turn=3, cards=[recall])
    pos.run("play card=$charm targets=$s")
    assert pos.card("s").controller == 0 and pos.card("s").owner == 1
    assert pos.card("s").effects == []  # no effect records the new controller
    pos.run("end")
    pos.run("play card=$r targets=$s")
    assert pos.zone("s") == "hand" and pos.id("s") in pos.g.players[1].hand
    assert pos.card("s").controller == 1


def test_strike_becomes_x_lays_plus_minus_effects() -> None:
    # CR 104.3.1: «strike becomes X» puts +/- strike effects on the card so that its strike is X; later
    # modifiers add to that, and the strike used by abilities is the final one, never below 0.
    pos = position(p0={"coins": 9, "hand": [{"card": "s_set1", "name": "set"}, {"card": "s_plus1", "name": "plus"}]},
                   p1={"play": [{"card": "t_wall", "name": "zero"},
                                {"card": "t_soldier", "name": "weak", "effects": [{"strike": -5}]}]},
                   turn=3, cards=[SET_STRIKE_1, PLUS_ONE])
    assert pos.strike("zero") == 0 and pos.strike("weak") == 0  # 2 - 5 counts as 0
    pos.run("play card=$set targets=$zero")
    assert pos.strike("zero") == 1
    assert [e["amount"] for e in pos.card("zero").effects if e["k"] == "strike"] == [1]
    pos.run("play card=$plus targets=$zero")
    assert pos.strike("zero") == 2  # the +1 adds on top of «becomes 1»


def test_strike_becomes_x_counts_auras_at_that_moment() -> None:
    # CR 104.3.1: the effects make up the difference to X at that moment; a +1 from a constant ability
    # that goes away later takes its +1 with it. Auras count only for cards in play.
    breakage = spell("s_break", "Поломка", "Breakage", {"effect": "destroy", "target": {"choose": "support"}}, cost=0)
    pos = position(p0={"coins": 9, "play": [{"card": "t_blade", "name": "blade"}, {"card": "t_soldier", "name": "s"}],
                       "hand": [{"card": "s_set1", "name": "set"}, {"card": "s_break", "name": "brk"},
                                {"card": "t_soldier", "name": "in_hand"}]},
                   turn=3, cards=[SET_STRIKE_1, breakage])
    assert pos.strike("s") == 3 and pos.strike("in_hand") == 2  # the blade's +1 only in play
    pos.run("play card=$set targets=$s")
    assert pos.strike("s") == 1
    assert [e["amount"] for e in pos.card("s").effects if e["k"] == "strike"] == [-2]
    pos.run("play card=$brk targets=$blade")
    assert pos.zone("blade") == "grave"
    assert pos.strike("s") == 0  # 2 printed - 2: the blade's part of «becomes 1» left with it


def test_lives_become_x_replace_wounds_without_wounding_or_healing() -> None:
    # CR 104.3.2: «lives become X» takes off every wound and lays extra/negative lives so that X are
    # left; nothing that reacts to wounds being dealt or removed fires, and Уязвимость adds nothing.
    feeler = creature("s_feeler", "Чуткий", "Sensitive", {"trigger": "wounded", "effects": [{"effect": "draw", "count": 1}]},
                      lives=5)
    shrink = spell("s_shrink1", "Сжатие", "Squeeze", {"effect": "set_lives", "value": 1,
                                                     "target": {"all": "creature"}})
    pos = position(p0={"coins": 3, "hand": [{"card": "s_shrink1", "name": "sh"}], "deck": SPARE},
                   p1={"play": [{"card": "s_feeler", "name": "f", "wounds": 2}, {"card": "t_swamp", "name": "mire"}],
                       "deck": SPARE},
                   turn=3, cards=[feeler, shrink])
    # the mire (p1's) makes p0's creatures vulnerable; give p1's creature Уязвимость too via an effect
    pos.card("f").effects.append({"k": "kw", "kw": "vulnerable", "until": "game", "by": 1})
    hand_before = len(pos.g.players[1].hand)
    events = pos.run("play card=$sh")
    assert pos.lives("f") == 1 and pos.wounds("f") == 0 and pos.zone("f") == "play"
    assert not [e for e in events if e["t"] in ("wound", "heal")]
    assert len(pos.g.players[1].hand) == hand_before and not pos.g.waiting


def test_cost_changes_work_on_cards_in_hand_and_never_go_below_zero() -> None:
    # CR 104.3.3: cost abilities act on cards in hand; the cost to play is the printed cost with every
    # change applied, not below 0. A card in play keeps its printed cost.
    big_discount = {"id": "s_gift", "name": {"ru": "Дар", "en": "Gift"}, "type": "support", "subtype": "amulet",
                    "cost": 1, "abilities": [{"aura": "cost", "amount": -4, "affects": {"all": "creature", "side": "own"}}]}
    pos = position(p0={"coins": 0, "play": [{"card": "s_gift", "name": "gift"}, {"card": "t_scout", "name": "old"}],
                       "hand": [{"card": "t_scout", "name": "new"}, {"card": "t_knight", "name": "k"}]},
                   turn=3, cards=[big_discount])
    assert pos.g.cost(pos.id("new")) == 0  # 1 - 4 counts as 0
    assert pos.g.cost(pos.id("k")) == 0
    assert pos.g.cost(pos.id("old")) == 1  # in play: printed
    pos.run("play card=$new")
    assert pos.zone("new") == "play" and pos.g.cost(pos.id("new")) == 1


def test_cost_x_counts_as_zero_unless_the_card_is_being_played() -> None:
    # CR 105.1: a cost with X is worked out as X = 0 except while its player plays the card.
    seek = spell("s_seek0", "Поиск дешёвого", "Seek the Cheap", {"effect": "search", "filter": {"max_cost": 0}})
    pos = position(p0={"coins": 5, "hand": [{"card": "s_seek0", "name": "seek"}, {"card": "t_drain", "name": "d"}],
                       "deck": [{"card": "t_drain", "name": "deck_drain"}, "t_soldier"]},
                   turn=3, cards=[seek])
    assert pos.g.cost(pos.id("d")) == 0 and pos.g.cost(pos.id("d"), 3) == 3
    pos.run("play card=$seek")
    assert pos.g.pending.kind == "choose" and pos.g.pending.options == [pos.id("deck_drain")]
    pos.run(f"choose cards={pos.id('deck_drain')}")
    pos.run(f"play card={pos.id('d')} targets={pos.id('p1hero')} x=3")
    assert pos.g.players[0].open_coins == 5 - 1 - 3 and pos.wounds("p1hero") == 3


# ---------------------------------------------------------------------- 106: non-basic properties
def test_card_types_and_support_subtypes_are_checked() -> None:
    # CR 106.1: the types are hero, creature, support and spell; a support has one of its subtypes.
    with pytest.raises(CardDataError) as info:
        parse({"id": "x_art", "name": {"ru": "А", "en": "A"}, "type": "artifact", "cost": 1})
    assert info.value.field == "type"
    with pytest.raises(CardDataError) as info:
        parse({"id": "x_sup", "name": {"ru": "П", "en": "S"}, "type": "support", "cost": 1})
    assert info.value.field == "subtype"


def test_characters_are_heroes_and_creatures() -> None:
    # CR 106.1.1: «персонаж» means a hero or a creature — never a support.
    zap = spell("s_zap", "Искра", "Spark", {"effect": "damage", "amount": 1, "target": {"choose": "character"}})
    pos = position(p0={"coins": 1, "hand": [{"card": "s_zap", "name": "zap"}], "play": [{"card": "t_blade", "name": "blade"}]},
                   p1={"play": [{"card": "t_soldier", "name": "s"}]}, turn=3, cards=[zap])
    targets = {a.split("targets=")[1] for a in pos.legal() if a.startswith("play")}
    assert targets == {str(pos.id(r)) for r in ("p0hero", "p1hero", "s")}


def test_a_card_naming_itself_means_this_very_card() -> None:
    # CR 106.2.2: an ability that names its own card means this instance, not other copies in play.
    twin = creature("s_twin", "Близнец", "Twin", {"trigger": "enter", "effects": [{"effect": "tap", "target": "self"}]})
    pos = position(p0={"coins": 2, "play": [{"card": "s_twin", "name": "old"}], "hand": [{"card": "s_twin", "name": "new"}]},
                   turn=3, cards=[twin])
    pos.run("play card=$new")
    assert pos.card("new").tapped and not pos.card("old").tapped


def test_a_joined_card_has_every_name_of_its_parts() -> None:
    # CR 106.2.3: a mechanism with a module joined under it carries both names.
    pos = position(p0={"play": [{"card": "t_golem", "name": "g", "attached": ["t_gear"]}]}, turn=3)
    assert pos.g.names(pos.id("g")) == {"t_golem", "t_gear"}
    assert pos.g.names(pos.id("p0hero")) == {"t_hero_steppe"}


def test_elements_neutral_and_multi_element_cards() -> None:
    # CR 106.3, CR 106.3.3: a card has one or more elements or none (neutral); a multi-element card belongs
    # to each of its elements at once.
    dusk = creature("s_dusk", "Сумрачный", "Dusky", elements=("mountains", "darkness"))
    plain = creature("s_plain", "Простак", "Commoner")
    dark_bane = spell("s_darkbane", "Свет", "Light", {"effect": "destroy", "target": {
        "choose": "creature", "filter": {"element": "darkness"}}})
    neutral_bane = spell("s_neutralbane", "Сетка", "Net", {"effect": "tap", "target": {
        "choose": "creature", "filter": {"element": "neutral"}}})
    pos = position(p0={"coins": 5, "hand": [{"card": "s_darkbane", "name": "light"}, {"card": "s_neutralbane", "name": "net"}]},
                   p1={"play": [{"card": "s_dusk", "name": "dusk"}, {"card": "s_plain", "name": "plain"},
                                {"card": "t_soldier", "name": "steppe"}, {"card": "t_ghost", "name": "dark"}]},
                   turn=3, cards=[dusk, plain, dark_bane, neutral_bane])

    def targets(card: str) -> set[int]:
        return {int(a.split("targets=")[1]) for a in pos.legal() if a.startswith(f"play card={pos.id(card)}")}
    assert targets("light") == {pos.id("dusk"), pos.id("dark")}
    assert targets("net") == {pos.id("plain")}
    assert pos.g.elements(pos.id("dusk")) == {"mountains", "darkness"} and pos.g.elements(pos.id("plain")) == set()


def test_a_multi_element_card_fits_the_deck_of_either_element() -> None:
    # CR 106.3.3: the two-element card may go in a Mountains deck and in a Darkness deck.
    pos = position(turn=3, cards=[hero("s_mhero", "Горный вождь", "Mountain Chief", "mountains"),
                                  hero("s_dhero", "Тёмный вождь", "Dark Chief", "darkness"),
                                  creature("s_dusk", "Сумрачный", "Dusky", elements=("mountains", "darkness"))])
    pool = pos.g.pool
    for chief in ("s_mhero", "s_dhero"):
        assert not [p for p in deck_problems(pool, chief, ["s_dusk"] * 3) if "element" in p]
        assert [p for p in deck_problems(pool, chief, ["t_soldier"] * 3) if "element" in p]


def test_subtypes_sort_creatures_and_supports() -> None:
    # CR 106.4: a subtype is a kind of creature, support or spell; abilities can ask for it.
    drake = creature("s_drake", "Дракончик", "Drakeling", subtype="dragon")
    slay = spell("s_slay", "Охота на драконов", "Dragon Hunt", {"effect": "destroy", "target": {
        "choose": "creature", "filter": {"subtype": "dragon"}}})
    pos = position(p0={"coins": 1, "hand": [{"card": "s_slay", "name": "slay"}]},
                   p1={"play": [{"card": "s_drake", "name": "drake"}, {"card": "t_soldier", "name": "s"}]},
                   turn=3, cards=[drake, slay])
    assert pos.can("play card=$slay targets=$drake") and not pos.can("play card=$slay targets=$s")
    assert pos.g.cdef(pos.id("drake")).subtype == "dragon"


# ---------------------------------------------------------------------- 107: additional properties
def test_additional_properties_cannot_be_taken_away() -> None:
    # CR 107.1, CR 104.4: every creature in play can strike, defend and strike back, and no ability takes
    # that away: a creature that lost its features still does all three (its Броня and Первый удар are
    # gone, though).
    pos = position(p0={"coins": 2, "hand": [{"card": "s_hush", "name": "hush"}],
                       "play": [{"card": "t_soldier", "name": "s"}, {"card": "t_soldier", "name": "s2"}]},
                   p1={"play": [{"card": "t_knight", "name": "k"}, {"card": "t_soldier", "name": "guard"}]},
                   turn=3, cards=[HUSH_ANY])
    pos.run("play card=$hush targets=$k")
    assert pos.g.kw(pos.id("k"), "armor") is None
    pos.run("attack attacker=$s target=$k", "no_defense")
    assert pos.wounds("k") == 2  # no Броня left
    assert pos.zone("s") == "grave"  # the knight still struck back, at the same time (no Первый удар)
    pos.run("attack attacker=$s2 target=$p1hero")
    assert pos.can("defend card=$k")  # and it can still defend


def test_strike_attack_once_per_turn_by_an_open_creature() -> None:
    # CR 107.2: «once per turn: if open, attack an enemy character with a strike; tap» — only in the
    # active player's choice phase.
    pos = position(p0={"play": [{"card": "t_soldier", "name": "s"}, {"card": "t_soldier", "name": "tired", "tapped": True}],
                       "deck": SPARE},
                   p1={"play": [{"card": "t_soldier", "name": "e"}], "deck": SPARE}, turn=3)
    assert not pos.can("attack attacker=$tired target=$p1hero")
    assert pos.refused("attack attacker=$tired target=$p1hero").code == "tapped"
    pos.run("attack attacker=$s target=$p1hero", "no_defense")
    assert pos.card("s").tapped and pos.wounds("p1hero") == 2
    pos.card("s").tapped = False  # even opened again, the attack of the turn is spent
    assert pos.refused("attack attacker=$s target=$p1hero").code == "attacked"
    pos.run("end")
    assert not [a for a in pos.legal() if a.startswith("attack") and f"attacker={pos.id('s')}" in a]


def test_assigning_a_defender_once_per_enemy_turn_against_strikes_only() -> None:
    # CR 107.3: «once per opponent's turn: if open, defend against a simple strike; tap» — declared
    # right after the enemy declares a strike; shots get no defender.
    vet = creature("s_vet", "Ветеран щита", "Shield Veteran", {"keyword": "defense_exp"}, lives=9)
    pos = position(p0={"coins": 1, "play": [{"card": "t_soldier", "name": "a"}, {"card": "t_soldier", "name": "b"},
                                            {"card": "t_archer", "name": "archer"}]},
                   p1={"play": [{"card": "s_vet", "name": "vet"}]}, turn=3, cards=[vet])
    pos.run("activate card=$archer ability=0 targets=$p1hero")
    assert pos.g.pending.kind == "main" and pos.wounds("p1hero") == 2  # a shot: no defender choice
    pos.run("attack attacker=$a target=$p1hero")
    assert pos.g.pending.kind == "defender" and pos.can("defend card=$vet")
    pos.run("defend card=$vet")
    assert not pos.card("vet").tapped  # Опыт в защите keeps it open …
    pos.run("attack attacker=$b target=$p1hero")
    assert pos.g.pending.kind == "main"  # … but its defence of this turn is spent
    assert pos.wounds("p1hero") == 4


def test_only_an_open_creature_strikes_back() -> None:
    # CR 107.4: an open creature fights the creature attacking it; a tapped one does not.
    pos = position(p0={"play": [{"card": "t_soldier", "name": "a"}, {"card": "t_soldier", "name": "b"}]},
                   p1={"play": [{"card": "t_soldier", "name": "open"}, {"card": "t_soldier", "name": "shut", "tapped": True}]},
                   turn=3)
    pos.run("attack attacker=$a target=$open")  # the only other creature is tapped: no defender
    assert pos.wounds("a") == 2 and pos.wounds("open") == 2
    pos.run("attack attacker=$b target=$shut", "no_defense")
    assert pos.wounds("b") == 0 and pos.wounds("shut") == 2


def test_first_turn_weakness_and_haste() -> None:
    # CR 107.5: a creature cannot act on the turn it came under its player's control — no strike, no
    # ability — but it may defend; with Рывок it acts at once.
    runner = creature("s_runner", "Бегун", "Runner", {"keyword": "haste"},
                      {"activate": {"coins": 1}, "effects": [{"effect": "draw", "count": 1}]})
    pos = position(p0={"coins": 2, "play": [{"card": "t_archer", "name": "fresh", "fresh": True},
                                            {"card": "s_runner", "name": "runner", "fresh": True}], "deck": SPARE},
                   p1={"play": [{"card": "t_soldier", "name": "e"}, {"card": "t_soldier", "name": "rookie", "fresh": True}]},
                   turn=3, cards=[runner])
    assert pos.refused("attack attacker=$fresh target=$p1hero").code == "weakness"
    assert pos.refused("activate card=$fresh ability=0 targets=$p1hero").code == "weakness"
    assert pos.can("attack attacker=$runner target=$e") and pos.can("activate card=$runner ability=1")
    pos.run("attack attacker=$runner target=$p1hero")
    assert pos.can("defend card=$rookie")  # weak, yet it may defend


# ---------------------------------------------------------------------- 111: features and abilities
def test_features_are_the_printed_text_and_abilities_come_from_effects_too() -> None:
    # CR 111.1, CR 111.2: features are the card's printed text; its abilities are those features plus
    # what effects and constant abilities give it. Losing the features leaves the gained ones.
    pos = position(p0={"coins": 2, "hand": [{"card": "s_hush", "name": "hush"}],
                       "play": [{"card": "t_knight", "name": "k", "effects": [{"keyword": "haste"}]},
                                {"card": "t_swamp", "name": "mire"}]},
                   p1={"play": [{"card": "t_soldier", "name": "e"}, {"card": "t_swamp", "name": "mire2"}]},
                   turn=3, cards=[HUSH_ANY])
    kws = set(pos.g.keywords(pos.id("k")))
    assert {"armor", "first_strike", "haste", "vulnerable"} <= kws  # printed, effect, aura (p1's mire)
    pos.run("play card=$hush targets=$k")
    kws = set(pos.g.keywords(pos.id("k")))
    assert "armor" not in kws and "first_strike" not in kws
    assert {"haste", "vulnerable"} <= kws


def test_the_latest_effect_giving_an_ability_wins() -> None:
    # CR 111.3: when two effects give the same ability, the one laid last counts.
    def armor(cid: str, n: int) -> dict:
        return spell(cid, f"Щит {n}", f"Shield {n}", {"effect": "grant", "keyword": "armor", "value": n,
                                                   "target": ANY_CREATURE})
    pos = position(p0={"coins": 9, "hand": [{"card": "s_a1", "name": "one"}, {"card": "s_a2", "name": "two"},
                                            {"card": "s_a1", "name": "one_again"}],
                       "play": [{"card": "t_soldier", "name": "s"}]},
                   turn=3, cards=[armor("s_a1", 1), armor("s_a2", 2)])
    pos.run("play card=$one targets=$s")
    assert pos.g.kw_value(pos.id("s"), "armor") == 1
    pos.run("play card=$two targets=$s")
    assert pos.g.kw_value(pos.id("s"), "armor") == 2
    pos.run("play card=$one_again targets=$s")
    assert pos.g.kw_value(pos.id("s"), "armor") == 1
    assert len([e for e in pos.card("s").effects if e.get("kw") == "armor"]) == 1


def test_abilities_that_fire_together_are_ordered_by_the_queue() -> None:
    # CR 111.4: abilities that would work at the same time go through the Queue: the player puts them
    # in, in an order they choose, and they resolve first in, first out.
    twins = creature("s_double", "Двуличный", "Two-Faced",
                     {"trigger": "enter", "effects": [{"effect": "gain_coins", "count": 1}]},
                     {"trigger": "enter", "effects": [{"effect": "draw", "count": 1}]})
    for first, key in (("t0.0", "coins"), ("t0.1", "draw")):
        pos = position(p0={"coins": 2, "hand": [{"card": "s_double", "name": "d"}], "deck": SPARE},
                       turn=3, cards=[twins])
        pos.run("play card=$d")
        assert pos.g.pending.kind == "triggers"
        tid = next(t.tid for t in pos.g.waiting if t.key == first)
        events = pos.run(f"declare trigger={tid}")
        kinds = [e["t"] for e in events if e["t"] in ("coins", "draw")]
        assert kinds[0] == key and len(kinds) == 2
