"""CR 113-120: triggered, activated and constant abilities, combined and spell abilities, targets,
simple and complex abilities, wounds, effects and markers."""

from __future__ import annotations

import pytest

from engine.core.errors import CardDataError
from engine.heroes.carddef import parse_card
from tests.helpers import position

SPARE = ["t_soldier"] * 4


def creature(cid: str, ru: str, en: str, *abilities: dict, strike: int = 1, lives: int = 3, cost: int = 2,
             elements: tuple[str, ...] = ()) -> dict:
    return {"id": cid, "name": {"ru": ru, "en": en}, "type": "creature", "cost": cost, "strike": strike,
            "lives": lives, "elements": list(elements), "abilities": list(abilities)}


def spell(cid: str, ru: str, en: str, *effects: dict, cost: int = 1) -> dict:
    return {"id": cid, "name": {"ru": ru, "en": en}, "type": "spell", "cost": cost, "effects": list(effects)}


def on(trigger: str, *effects: dict, may: bool = False) -> dict:
    return {"trigger": trigger, "may": may, "effects": list(effects)}


def tids(pos) -> list[int]:
    return [t.tid for t in pos.g.waiting]


ANY_CREATURE = {"choose": "creature"}
ENEMY_CREATURE = {"choose": "creature", "side": "enemy"}
OWN_CREATURE = {"choose": "creature", "side": "own"}
DRAW = {"effect": "draw", "count": 1}
AVENGER = creature("s_avenger", "Мститель", "Avenger",
                   on("ally_dies", {"effect": "damage", "amount": 2, "target": ENEMY_CREATURE}), lives=5)
MOURNER = creature("s_mourner", "Плакальщик", "Mourner", on("ally_dies", DRAW), lives=5)
FRAIL = creature("s_frail", "Хлипкий", "Frail", lives=1)


# ---------------------------------------------------------------------- 113: triggered abilities
def test_a_trigger_fires_when_its_condition_happens() -> None:
    # CR 113.1: «[condition] – [effect]»: playing the healer is its «Найм» condition.
    pos = position(p0={"coins": 2, "hand": [{"card": "t_healer", "name": "h"}]},
                   p1={"hero": {"card": "t_hero_dark"}}, turn=3)
    pos.g.cards[pos.id("p0hero")].wounds = 3
    pos.run("play card=$h")
    assert pos.g.pending.kind == "triggers"
    pos.run(f"declare trigger={tids(pos)[0]} targets={pos.id('p0hero')}")
    assert pos.wounds("p0hero") == 1


def test_a_trigger_is_declared_after_the_rule_effects() -> None:
    # CR 113.2: the condition (a creature of yours dies) is met; rule effects come first (the dead
    # creature is already in the graveyard), then the trigger is declared. CR 113.3: it has no «может»,
    # so it must be declared: there is no way to decline it.
    pos = position(p0={"play": [{"card": "t_soldier", "name": "s"}, {"card": "s_avenger", "name": "av"}]},
                   p1={"play": [{"card": "t_berserker", "name": "big"}, {"card": "t_scout", "name": "small"}]},
                   turn=3, cards=[AVENGER])
    pos.run("attack attacker=$s target=$big", "no_defense")
    assert pos.zone("s") == "grave"
    assert pos.g.pending.to_dict() == {"kind": "triggers", "player": 0}
    legal = pos.legal()
    assert not [a for a in legal if a.startswith("decline")]
    assert {a.split("targets=")[1] for a in legal} == {str(pos.id("big")), str(pos.id("small"))}
    pos.run(f"declare trigger={tids(pos)[0]} targets={pos.id('big')}")
    assert pos.zone("big") == "grave"  # 2 from the fight + 2 from the trigger


def test_a_may_trigger_not_declared_at_once_is_lost() -> None:
    # CR 113.4: with «может» the player may decline; declined, it is gone for this condition.
    pos = position(p0={"coins": 3, "hand": [{"card": "t_toad", "name": "toad"}]},
                   p1={"play": [{"card": "t_soldier", "name": "e", "poison": 1}]}, turn=3)
    pos.run("play card=$toad")
    assert pos.g.pending.kind == "triggers"
    tid = tids(pos)[0]
    assert pos.can(f"decline trigger={tid}")
    pos.run(f"decline trigger={tid}")
    assert pos.g.pending.kind == "main" and not pos.g.waiting
    assert pos.card("e").poison == 1


def test_a_trigger_is_declared_at_most_once_per_turn() -> None:
    # CR 113.5: two deaths of your creatures in one turn, one card draw.
    pos = position(p0={"play": [{"card": "s_frail", "name": "a"}, {"card": "s_frail", "name": "b"},
                                {"card": "s_mourner", "name": "m"}], "deck": SPARE},
                   p1={"play": [{"card": "t_berserker", "name": "big"}], "deck": SPARE}, turn=3, cards=[MOURNER, FRAIL])
    hand = len(pos.g.players[0].hand)
    pos.run("attack attacker=$a target=$big")
    assert pos.zone("a") == "grave" and len(pos.g.players[0].hand) == hand + 1
    pos.run("attack attacker=$b target=$big")
    assert pos.zone("b") == "grave" and len(pos.g.players[0].hand) == hand + 1
    pos.run("end", "end")
    # a new turn of p0: the mark is gone and the next death draws again
    assert pos.g.active == 0 and pos.card("m").used == {}


def test_a_trigger_that_fired_several_times_uses_the_point_its_player_picks() -> None:
    # CR 113.6: one resolution set the same trigger off twice (one strike per fight); it is declared
    # once, on the point its player chooses.
    duelist = creature("s_twofight", "Двойной дуэлянт", "Double Duelist",
                       {"activate": {"coins": 1}, "effects": [{"effect": "fight", "target": ENEMY_CREATURE},
                                                             {"effect": "fight", "target": ENEMY_CREATURE}]},
                       on("strike", {"effect": "destroy", "target": "struck"}), strike=0, lives=9)
    pos = position(p0={"coins": 1, "play": [{"card": "s_twofight", "name": "d"}]},
                   p1={"play": [{"card": "t_wall", "name": "x"}, {"card": "t_knight", "name": "y"}]},
                   turn=3, cards=[duelist])
    pos.run("activate card=$d ability=0 targets=$x,$y")
    assert pos.g.pending.kind == "triggers" and len(pos.g.waiting) == 2
    point_y = next(t.tid for t in pos.g.waiting if t.ctx["struck"] == pos.id("y"))
    pos.run(f"declare trigger={point_y}")
    assert pos.zone("y") == "grave" and pos.zone("x") == "play"
    assert pos.g.pending.kind == "main" and not pos.g.waiting


def test_a_trigger_that_cannot_be_declared_keeps_its_once_per_turn() -> None:
    # CR 113.7: of two points, the one whose struck creature already died cannot be declared; that does
    # not use up the once-per-turn limit, so the other point goes.
    duelist = creature("s_twofight", "Двойной дуэлянт", "Double Duelist",
                       {"activate": {"coins": 1}, "effects": [{"effect": "fight", "target": ENEMY_CREATURE},
                                                             {"effect": "fight", "target": ENEMY_CREATURE}]},
                       on("strike", {"effect": "destroy", "target": "struck"}), strike=3, lives=9)
    pos = position(p0={"coins": 1, "play": [{"card": "s_twofight", "name": "d"}]},
                   p1={"play": [{"card": "t_scout", "name": "frail"}, {"card": "t_wall", "name": "tough"}]},
                   turn=3, cards=[duelist])
    events = pos.run("activate card=$d ability=0 targets=$frail,$tough")
    assert pos.zone("frail") == "grave" and pos.zone("tough") == "grave"
    assert {"t": "trigger_lost", "source": pos.id("d"), "key": "t0.1"} in events
    assert pos.g.pending.kind == "main"


# ---------------------------------------------------------------------- 114: activated abilities
def test_an_activated_ability_is_paid_before_it_resolves() -> None:
    # CR 114.1 (and the second 113.3): «[cost]: [effect]» — the hero taps and 2 coins close on
    # declaring, then the effect happens.
    pos = position(p0={"coins": 3}, p1={"play": [{"card": "t_soldier", "name": "s"}]}, turn=3)
    events = pos.run("activate card=$p0hero ability=0 targets=$s")
    kinds = [e["t"] for e in events]
    assert kinds.index("activate") < kinds.index("wound")
    assert pos.card("p0hero").tapped and pos.g.players[0].open_coins == 1 and pos.wounds("s") == 1


def test_an_activated_ability_once_per_turn_unless_it_says_more() -> None:
    # CR 114.4: each activated ability once per turn; «не более 2 раз за ход» allows two.
    twice = creature("s_twice", "Трудяга", "Toiler", {"activate": {"coins": 1}, "times": 2, "effects": [DRAW]},
                     {"activate": {"coins": 1}, "effects": [DRAW]})
    pos = position(p0={"coins": 5, "play": [{"card": "s_twice", "name": "t"}], "deck": SPARE}, turn=3, cards=[twice])
    pos.run("activate card=$t ability=1")
    assert pos.refused("activate card=$t ability=1").code == "used"
    pos.run("activate card=$t ability=0", "activate card=$t ability=0")
    assert pos.refused("activate card=$t ability=0").code == "used"


# ---------------------------------------------------------------------- 115: constant abilities
def test_a_constant_ability_follows_its_condition_and_its_source() -> None:
    # CR 115.1: the blade's +1 reaches a creature while it is «yours»; taken by the enemy it loses it,
    # and when the blade leaves play the effect ends.
    breakage = spell("s_break", "Поломка", "Breakage", {"effect": "destroy", "target": {"choose": "support"}}, cost=0)
    pos = position(p0={"play": [{"card": "t_blade", "name": "blade"}, {"card": "t_soldier", "name": "s"},
                                {"card": "t_soldier", "name": "stays"}]},
                   p1={"coins": 6, "hand": [{"card": "t_charm", "name": "charm"}, {"card": "s_break", "name": "brk"}],
                       "deck": SPARE},
                   turn=3, cards=[breakage])
    assert pos.strike("s") == 3 and pos.strike("stays") == 3
    pos.run("end", "play card=$charm targets=$s")
    assert pos.strike("s") == 2 and pos.strike("stays") == 3
    pos.run("play card=$brk targets=$blade")
    assert pos.strike("stays") == 2


def test_a_constant_ability_is_not_declared_and_targets_nothing() -> None:
    # CR 115.2: it uses no Queue and chooses nothing: the blade works the moment it is in play. CR 118.3:
    # only activated, triggered and spell abilities have targets — a constant one with «choose» is
    # refused when the card is read.
    pos = position(p0={"coins": 2, "hand": [{"card": "t_blade", "name": "blade"}], "play": [{"card": "t_soldier", "name": "s"}]},
                   turn=3)
    events = pos.run("play card=$blade")
    assert pos.strike("s") == 3 and not pos.g.queue and not pos.g.waiting
    assert not [e for e in events if e["t"] in ("trigger", "activate")]
    bad = {"id": "x_bad", "name": {"ru": "Б", "en": "B"}, "type": "support", "subtype": "weapon", "cost": 1,
           "abilities": [{"aura": "strike", "amount": 1, "affects": {"choose": "creature"}}]}
    with pytest.raises(CardDataError) as info:
        parse_card(bad, "x.toml")
    assert "affects" in info.value.field


def test_prevention_and_replacement_matter_only_when_wounds_come() -> None:
    # CR 115.3: Броня (prevention) and Защита от выстрелов (replacement) act only at the moment the
    # matching wounds are dealt: the knight's armour ignores an ability's damage, the wall's protection
    # a spell's.
    pos = position(p0={"coins": 5, "hand": [{"card": "t_bolt", "name": "bolt"}], "play": [{"card": "t_archer", "name": "ar"}]},
                   p1={"play": [{"card": "t_knight", "name": "k"}, {"card": "t_wall", "name": "w"}]}, turn=3)
    pos.run("activate card=$p0hero ability=0 targets=$k")
    assert pos.wounds("k") == 1  # an ability: armour does not care
    pos.run("activate card=$ar ability=0 targets=$k")
    assert pos.wounds("k") == 1 + 1  # a shot: armour stops 1 of 2
    pos.run("play card=$bolt targets=$w")
    assert pos.wounds("w") == 3  # protection from shots does nothing against a spell


# ---------------------------------------------------------------------- 116-117
def test_a_combined_ability_names_all_its_targets_when_declared() -> None:
    # CR 116.1: both targets of «wound an enemy creature, heal your character» are named in the
    # declaration.
    combo = creature("s_combo", "Травник-воин", "Herbal Warrior",
                     {"activate": {"coins": 1}, "effects": [
                         {"effect": "damage", "amount": 1, "target": ENEMY_CREATURE},
                         {"effect": "heal", "amount": 1, "target": {"choose": "character", "side": "own"}}]})
    pos = position(p0={"coins": 1, "hero": {"card": "t_hero_steppe", "wounds": 2}, "play": [{"card": "s_combo", "name": "c"}]},
                   p1={"play": [{"card": "t_soldier", "name": "s"}]}, turn=3, cards=[combo])
    acts = [a for a in pos.legal() if a.startswith("activate")]
    assert f"activate card={pos.id('c')} ability=0 targets={pos.id('s')},{pos.id('p0hero')}" in acts
    assert all(len(a.split("targets=")[1].split(",")) == 2 for a in acts)
    pos.run("activate card=$c ability=0 targets=$s,$p0hero")
    assert pos.wounds("s") == 1 and pos.wounds("p0hero") == 1


def test_spell_abilities_run_in_order_and_all_must_be_declarable() -> None:
    # CR 117.1: the list runs top to bottom; the spell can be played only if every ability in it can be
    # declared (Оглушение needs an enemy creature).
    pos = position(p0={"coins": 2, "hand": [{"card": "t_daze", "name": "daze"}]}, p1={"coins": 3}, turn=3)
    assert not [a for a in pos.legal() if a.startswith("play")]
    pos = position(p0={"coins": 2, "hand": [{"card": "t_daze", "name": "daze"}]},
                   p1={"coins": 3, "play": [{"card": "t_soldier", "name": "s"}]}, turn=3)
    events = pos.run("play card=$daze targets=$s")
    kinds = [e["t"] for e in events if e["t"] in ("stun", "coins")]
    assert kinds == ["stun", "coins"]
    assert pos.g.players[1].coins == 2


# ---------------------------------------------------------------------- 118: targets
def test_the_controller_chooses_the_targets() -> None:
    # CR 118.1: a targeted ability: its controller picks the target, in the declaration.
    pos = position(p0={"coins": 2, "hand": [{"card": "t_bolt", "name": "bolt"}]},
                   p1={"play": [{"card": "t_soldier", "name": "a"}, {"card": "t_scout", "name": "b"}]}, turn=3)
    assert pos.g.decider == 0
    assert {a for a in pos.legal() if a.startswith("play")} == {
        f"play card={pos.id('bolt')} targets={pos.id(r)}" for r in ("a", "b")}


def test_a_mass_ability_has_no_targets() -> None:
    # CR 118.2, CR 118.4: «all creatures with cost 2» describes cards instead of naming them: the spell is
    # played without targets, even with no such creature, and reaches creatures a spell cannot target.
    fade = spell("s_fade", "Угасание двоек", "Fade of Twos", {"effect": "destroy", "target": {
        "all": "creature", "filter": {"min_cost": 2, "max_cost": 2}}})
    pos = position(p0={"coins": 2, "hand": [{"card": "s_fade", "name": "f"}, {"card": "s_fade", "name": "f2"}],
                       "play": [{"card": "t_scout", "name": "one"}]},
                   p1={"play": [{"card": "t_soldier", "name": "two",
                                 "effects": [{"keyword": "protection", "from": "spells"}]},
                                {"card": "t_healer", "name": "two_b"}, {"card": "t_knight", "name": "four"}]},
                   turn=3, cards=[fade])
    assert pos.can("play card=$f")
    pos.run("play card=$f")
    assert [pos.zone(r) for r in ("one", "two", "two_b", "four")] == ["play", "grave", "grave", "play"]
    assert pos.can("play card=$f2")  # none left: still playable


def test_targets_default_to_cards_in_play_of_any_side() -> None:
    # CR 118.7, CR 118.8: no zone named: cards in play; no card named: any fitting one, yours or the enemy's.
    weaken = spell("s_weaken", "Усталость", "Fatigue", {"effect": "set_strike", "value": 0, "target": ANY_CREATURE})
    pos = position(p0={"coins": 1, "hand": [{"card": "s_weaken", "name": "w"}, "t_soldier"],
                       "play": [{"card": "t_soldier", "name": "mine"}], "grave": ["t_soldier"], "deck": ["t_soldier"]},
                   p1={"play": [{"card": "t_soldier", "name": "theirs"}], "grave": ["t_soldier"]}, turn=3, cards=[weaken])
    targets = {int(a.split("targets=")[1]) for a in pos.legal() if a.startswith(f"play card={pos.id('w')}")}
    assert targets == {pos.id("mine"), pos.id("theirs")}


def test_zones_by_default_belong_to_the_abilitys_controller() -> None:
    # CR 118.6, CR 118.9: a graveyard the text does not name is its controller's own; «the opponent's
    # graveyard» has to be written.
    raise_any = spell("s_raise", "Призыв из праха", "Call from Dust", {"effect": "resurrect", "target": {
        "choose": "creature", "zone": "grave"}})
    raise_enemy = spell("s_steal", "Чужой прах", "Foreign Dust", {"effect": "resurrect", "target": {
        "choose": "creature", "zone": "grave", "side": "enemy"}})
    pos = position(p0={"coins": 9, "hand": [{"card": "s_raise", "name": "r"}, {"card": "s_steal", "name": "st"}],
                       "grave": [{"card": "t_soldier", "name": "mine"}]},
                   p1={"grave": [{"card": "t_knight", "name": "theirs"}]}, turn=3, cards=[raise_any, raise_enemy])
    assert pos.can("play card=$r targets=$mine") and not pos.can("play card=$r targets=$theirs")
    assert pos.can("play card=$st targets=$theirs") and not pos.can("play card=$st targets=$mine")
    pos.run("play card=$st targets=$theirs")
    assert pos.zone("theirs") == "play" and pos.card("theirs").controller == 0


# ---------------------------------------------------------------------- 119: simple and complex abilities
def test_a_simple_ability_is_one_action_on_one_target() -> None:
    # CR 119.1: «wound the chosen creature for 3»: one action, one target, nothing else happens.
    pos = position(p0={"coins": 2, "hand": [{"card": "t_bolt", "name": "bolt"}]},
                   p1={"play": [{"card": "t_knight", "name": "k"}, {"card": "t_soldier", "name": "s"}]}, turn=3)
    events = pos.run("play card=$bolt targets=$k")
    assert [e["card"] for e in events if e["t"] == "wound"] == [pos.id("k")]
    assert pos.wounds("k") == 3 and pos.wounds("s") == 0


def test_a_complex_ability_stops_at_a_part_it_cannot_do() -> None:
    # CR 119.2: parts run in the written order; when one cannot be done (its target is gone), the rest
    # of the ability is not done. A spell is different: its abilities are separate (CR 210.3).
    parts = [{"effect": "damage", "amount": 3, "target": ENEMY_CREATURE},
             {"effect": "damage", "amount": 1, "target": ENEMY_CREATURE}, DRAW]
    hexer = creature("s_hexer", "Порчельник", "Hexer", {"activate": {"coins": 1}, "effects": parts})
    pos = position(p0={"coins": 1, "play": [{"card": "s_hexer", "name": "h"}], "deck": SPARE},
                   p1={"play": [{"card": "t_soldier", "name": "s"}]}, turn=3, cards=[hexer])
    hand = len(pos.g.players[0].hand)
    events = pos.run("activate card=$h ability=0 targets=$s,$s")
    assert pos.zone("s") == "grave"
    assert {"t": "interrupted", "source": pos.id("h")} in events
    assert len(pos.g.players[0].hand) == hand  # the draw after the broken part never happened


def test_a_complex_ability_needs_its_first_part_declarable() -> None:
    # CR 119.3: «destroy another creature of yours, then draw»: with no other creature the first part
    # has no target, so the trigger cannot be declared at all.
    ritual = creature("s_ritual", "Жрец обряда", "Rite Priest", on("enter", {"effect": "destroy", "target": {
        "choose": "creature", "side": "own", "filter": {"other": True}}}, DRAW))
    pos = position(p0={"coins": 4, "hand": [{"card": "s_ritual", "name": "r"}], "deck": SPARE}, turn=3, cards=[ritual])
    hand = len(pos.g.players[0].hand)
    events = pos.run("play card=$r")
    assert {"t": "trigger_lost", "source": pos.id("r"), "key": "t0.0"} in events
    assert len(pos.g.players[0].hand) == hand - 1 and pos.g.pending.kind == "main"


def test_the_part_after_pri_etom_needs_the_part_before_done() -> None:
    # CR 119.4: «wound your hero 3, при этом wound the enemy hero 3»: the second part only if the first
    # really happened — an Undead hero takes no wounds from it, so the enemy hero takes none either.
    hyena = creature("s_hyena", "Шакал раздора", "Jackal of Strife", on("enter",
                     {"effect": "damage", "amount": 3, "target": "your_hero"},
                     {"effect": "damage", "amount": 3, "target": "enemy_hero", "then": True}))
    for undead, enemy_wounds in ((False, 3), (True, 0)):
        hero = {"card": "t_hero_steppe", "effects": [{"keyword": "undead", "until": "game"}]} if undead else "t_hero_steppe"
        pos = position(p0={"hero": hero, "coins": 2, "hand": [{"card": "s_hyena", "name": "h"}]}, turn=3, cards=[hyena])
        pos.run("play card=$h")
        assert pos.wounds("p0hero") == (0 if undead else 3)
        assert pos.wounds("p1hero") == enemy_wounds


# ---------------------------------------------------------------------- 120: wounds, effects, markers
def test_an_effect_is_laid_by_an_ability_on_the_card_it_acts_on() -> None:
    # CR 120.1, CR 120.3: the effect is the result of the ability and belongs to the card it was laid on:
    # the giver leaving play does not take it away.
    giver = creature("s_giver", "Оруженосец", "Squire",
                     {"activate": {"coins": 1}, "effects": [{"effect": "grant", "keyword": "armor", "value": 2,
                                                             "target": {"choose": "creature", "side": "own",
                                                                        "filter": {"other": True}}}]})
    pos = position(p0={"coins": 1, "play": [{"card": "s_giver", "name": "g"}, {"card": "t_soldier", "name": "s"}]},
                   p1={"coins": 5, "hand": [{"card": "t_doom", "name": "doom"}]}, turn=3, cards=[giver])
    assert pos.g.kw(pos.id("s"), "armor") is None
    pos.run("activate card=$g ability=0 targets=$s")
    assert [e["kw"] for e in pos.card("s").effects] == ["armor"] and pos.card("g").effects == []
    pos.g.destroy(pos.id("g"))
    assert pos.zone("g") == "grave" and pos.g.kw_value(pos.id("s"), "armor") == 2


def test_an_effect_can_sit_on_a_card_in_the_graveyard() -> None:
    # CR 120.2 (with CR 205.4): a gained Инкарнация stays on the creature in the graveyard and brings it
    # back at the start of its owner's turn.
    pos = position(p0={"coins": 3, "play": [{"card": "t_soldier", "name": "s",
                                             "effects": [{"keyword": "incarnation", "value": 1, "until": "game"}]}],
                       "deck": SPARE},
                   p1={"play": [{"card": "t_berserker", "name": "big"}], "deck": SPARE}, turn=3)
    pos.run("attack attacker=$s target=$big")
    assert pos.zone("s") == "grave"
    assert [e["kw"] for e in pos.card("s").effects] == ["incarnation"]
    pos.run("end", "end")
    assert pos.g.pending.kind == "triggers"
    tid = tids(pos)[0]
    pos.run(f"declare trigger={tid}")
    assert pos.zone("s") == "play" and pos.card("s").tapped


def test_markers_are_not_effects() -> None:
    # CR 120.4: wounds and the change of controller are markers: the end of «until end of turn» effects
    # and the loss of features leave them where they are.
    pos = position(p0={"coins": 8, "hand": [{"card": "t_charm", "name": "charm"}, {"card": "s_hush", "name": "hush"}],
                       "deck": SPARE},
                   p1={"play": [{"card": "t_soldier", "name": "s", "wounds": 1}], "deck": SPARE}, turn=3,
                   cards=[spell("s_hush", "Забвение", "Oblivion", {"effect": "lose_abilities", "target": ANY_CREATURE}, cost=0)])
    pos.run("play card=$charm targets=$s", "play card=$hush targets=$s", "end")
    assert pos.card("s").effects == []
    assert pos.wounds("s") == 1 and pos.card("s").controller == 0


def test_losing_features_is_an_effect_that_can_end() -> None:
    # CR 120.5: «loses its features until end of turn» is itself an effect; when it ends the features
    # are back.
    pos = position(p0={"coins": 1, "hand": [{"card": "t_hush", "name": "hush"}], "deck": SPARE},
                   p1={"play": [{"card": "t_knight", "name": "k"}], "deck": SPARE}, turn=3)
    pos.run("play card=$hush targets=$k")
    assert [e["k"] for e in pos.card("k").effects] == ["silence"] and pos.g.kw(pos.id("k"), "armor") is None
    pos.run("end")
    assert pos.card("k").effects == [] and pos.g.kw_value(pos.id("k"), "armor") == 1


def test_removing_more_markers_than_there_are_removes_all() -> None:
    # CR 120.5.1: «heal 2» on a creature with 1 wound takes off that one wound.
    salve = spell("s_salve", "Мазь", "Salve", {"effect": "heal", "amount": 2, "target": ANY_CREATURE})
    pos = position(p0={"coins": 1, "hand": [{"card": "s_salve", "name": "salve"}],
                       "play": [{"card": "t_soldier", "name": "s", "wounds": 1}]}, turn=3, cards=[salve])
    events = pos.run("play card=$salve targets=$s")
    assert pos.wounds("s") == 0
    assert [e["amount"] for e in events if e["t"] == "heal"] == [1]


def test_a_partly_done_ability_counts_as_done() -> None:
    # CR 120.7, CR 120.8: «1 wound to every enemy creature, при этом draw»: one creature shrugs it off, the
    # other is wounded — partly done is done, so the draw follows; when no creature can be wounded the
    # ability is not done and the draw does not follow.
    storm = creature("s_storm", "Буревестник", "Stormcaller",
                     {"activate": {"coins": 1}, "effects": [
                         {"effect": "damage", "amount": 1, "target": {"all": "creature", "side": "enemy"}},
                         {**DRAW, "then": True}]})
    shielded = {"card": "t_soldier", "name": "shielded", "effects": [{"keyword": "protection", "from": "abilities",
                                                                      "until": "game"}]}
    for plain, drawn in ((True, 1), (False, 0)):
        p1_play = [shielded] + ([{"card": "t_soldier", "name": "plain"}] if plain else [])
        pos = position(p0={"coins": 1, "play": [{"card": "s_storm", "name": "st"}], "deck": SPARE},
                       p1={"play": p1_play}, turn=3, cards=[storm])
        hand = len(pos.g.players[0].hand)
        pos.run("activate card=$st ability=0")
        assert pos.wounds("shielded") == 0
        if plain:
            assert pos.wounds("plain") == 1
        assert len(pos.g.players[0].hand) == hand + drawn
