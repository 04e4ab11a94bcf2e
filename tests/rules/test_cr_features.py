"""CR rules that needed engine features of their own: the killer of a dying card, optional parts of an
ability, effects with a condition of existence, prevention order, delayed effects, keeping control,
endless chains, replacement choices, changing element and subtype, copied abilities, aura order."""

from __future__ import annotations

from tests.helpers import position


def creature(cid: str, ru: str, en: str, *abilities: dict, strike: int = 1, lives: int = 3, cost: int = 2,
             elements: tuple[str, ...] = (), subtype: str = "") -> dict:
    out = {"id": cid, "name": {"ru": ru, "en": en}, "type": "creature", "cost": cost, "strike": strike,
           "lives": lives, "elements": list(elements), "abilities": list(abilities)}
    if subtype:
        out["subtype"] = subtype
    return out


def spell(cid: str, ru: str, en: str, *effects: dict, cost: int = 1) -> dict:
    return {"id": cid, "name": {"ru": ru, "en": en}, "type": "spell", "cost": cost, "effects": list(effects)}


def support(cid: str, ru: str, en: str, subtype: str, *abilities: dict, cost: int = 1) -> dict:
    return {"id": cid, "name": {"ru": ru, "en": en}, "type": "support", "subtype": subtype, "cost": cost,
            "abilities": list(abilities)}


def deaths(events: list[dict]) -> list[dict]:
    return [e for e in events if e["t"] == "death"]


# ---------------------------------------------------------------------- 505.1.1: died from what
AVENGER = creature("f_avenger", "Мстительная тень", "Vengeful Shade",
                   {"trigger": "slain", "effects": [{"effect": "take_control", "target": "killer"}]},
                   strike=1, lives=1)


def test_a_death_remembers_the_creature_that_caused_it() -> None:
    # CR 505.1.1: a card «погибла от» whatever destroyed it or brought its lives to 0 — here the
    # enemy knight's strike. The death records it, and «Гибель от существа противника» takes the killer.
    pos = position(p0={"play": [{"card": "t_soldier", "name": "killer"}]},
                   p1={"play": [{"card": "f_avenger", "name": "shade"}]}, cards=[AVENGER])
    events = pos.run("attack attacker=$killer target=$shade")
    [death] = deaths(events)
    assert (death["card"], death["by"], death["kind"]) == (pos.id("shade"), pos.id("killer"), "strike")
    assert pos.zone("shade") == "grave"
    assert pos.card("killer").controller == 1 and pos.id("killer") in pos.g.players[1].play


def test_a_death_from_a_spell_or_a_rule_is_not_a_death_from_a_creature() -> None:
    # CR 505.1.1: killed by a spell it «погибла от заклинания» — not from an enemy creature, so the
    # «slain» trigger stays silent; a death with no source (lives lowered by a rule effect) names none.
    pos = position(p0={"coins": 2, "hand": [{"card": "t_bolt", "name": "bolt"}]},
                   p1={"play": [{"card": "f_avenger", "name": "shade"}, {"card": "t_soldier", "name": "s"}]},
                   cards=[AVENGER])
    events = pos.run("play card=$bolt targets=$shade")
    [death] = deaths(events)
    assert (death["by"], death["kind"]) == (pos.id("bolt"), "spell")
    assert not pos.g.waiting and not pos.g.queue
    assert pos.card("s").controller == 1
    mail = position(p0={"play": [{"card": "t_mail", "name": "mail"}, {"card": "t_soldier", "name": "s", "wounds": 3}]})
    assert mail.lives("s") == 1
    g = mail.g
    g._events = []
    g.move(mail.id("mail"), "hand")  # the +1 lives aura leaves: the soldier is at 0 by a rule effect
    g.check_state()
    assert mail.zone("s") == "grave"
    assert [(e.by, e.cause) for e in g._events if e.kind == "death"] == [(None, "rules")]


def test_slain_trigger_needs_the_killer_in_an_enemy_squad() -> None:
    # CR 505.1.1: your own creature killing it is no «существо противника».
    zapper = creature("f_zapper", "Искрящий", "Sparker", {"activate": {"tap": True}, "effects": [
        {"effect": "damage", "amount": 1, "target": {"choose": "creature", "side": "own"}}]})
    pos = position(p0={"play": [{"card": "f_zapper", "name": "z"}, {"card": "f_avenger", "name": "shade"}]},
                   cards=[AVENGER, zapper])
    events = pos.run("activate card=$z ability=0 targets=$shade")
    [death] = deaths(events)
    assert (death["by"], death["kind"]) == (pos.id("z"), "ability")
    assert pos.card("z").controller == 0 and not pos.g.queue


# ---------------------------------------------------------------------- 119.5: «можете X» inside an ability
MEDIC = support("f_kit", "Походная аптечка", "Field Kit", "amulet", {"activate": {"tap": True}, "effects": [
    {"effect": "damage", "amount": 1, "target": {"choose": "hero", "side": "enemy"}},
    {"effect": "damage", "amount": 1, "target": {"choose": "creature"}, "may": True},
    {"effect": "heal", "amount": 1, "target": {"choose": "character", "side": "own"}},
    {"effect": "draw", "count": 1}]})


def test_an_optional_part_with_no_target_does_not_stop_the_ability() -> None:
    # CR 119.5 (and its example): with no creature anywhere, the optional «можете ранить существо»
    # part has no target, yet the ability is declared and done to the end.
    pos = position(p0={"play": [{"card": "f_kit", "name": "kit"}], "deck": ["t_soldier"],
                       "hero": {"card": "t_hero_steppe", "wounds": 2}}, cards=[MEDIC])
    assert pos.can("activate card=$kit ability=0 targets=$p1hero,$p0hero")
    pos.run("activate card=$kit ability=0 targets=$p1hero,$p0hero")
    assert pos.wounds("p1hero") == 1 and pos.wounds("p0hero") == 1 and len(pos.g.players[0].hand) == 1
    assert pos.g.pending.kind == "main"


def test_the_controller_may_pass_an_optional_part_over() -> None:
    # CR 119.5: «Вы можете выполнить X, выполните Y» — the player may skip X and go on to Y.
    pos = position(p0={"play": [{"card": "f_kit", "name": "kit"}], "deck": ["t_soldier"]},
                   p1={"play": [{"card": "t_knight", "name": "k"}]}, cards=[MEDIC])
    pos.run("activate card=$kit ability=0 targets=$p1hero,$k,$p0hero")
    assert pos.g.pending.to_dict() == {"kind": "choose", "player": 0, "options": [pos.id("kit")], "min": 0, "max": 1,
                             "why": "may", "source": pos.id("kit")}
    pos.run("choose")
    assert pos.wounds("k") == 0 and pos.wounds("p1hero") == 1 and len(pos.g.players[0].hand) == 1
    again = position(p0={"play": [{"card": "f_kit", "name": "kit"}], "deck": ["t_soldier"]},
                     p1={"play": [{"card": "t_soldier", "name": "s"}]}, cards=[MEDIC])
    again.run("activate card=$kit ability=0 targets=$p1hero,$s,$p0hero", "choose cards=$kit")
    assert again.wounds("s") == 1 and len(again.g.players[0].hand) == 1


def test_an_optional_part_joined_by_pri_etom() -> None:
    # CR 119.5: «можете X, при этом Y, Z» — Y only if X was done, Z in any case.
    card = creature("f_gambler", "Игрок в кости", "Dice Player", {"trigger": "enter", "effects": [
        {"effect": "damage", "amount": 2, "target": "self", "may": True},
        {"effect": "gain_coins", "count": 2, "then": True},
        {"effect": "draw", "count": 1}]}, lives=4)
    for yes, coins, wounds in ((False, 0, 0), (True, 2, 2)):
        pos = position(p0={"coins": 2, "hand": [{"card": "f_gambler", "name": "g"}], "deck": ["t_soldier"]},
                       cards=[card])
        pos.run("play card=$g")
        assert pos.g.pending.why == "may"
        pos.run("choose cards=$g" if yes else "choose")
        assert pos.wounds("g") == wounds and pos.g.players[0].coins == 2 + coins
        assert [pos.g.cards[c].card for c in pos.g.players[0].hand] == ["t_soldier"]


# ---------------------------------------------------------------------- 120.6: conditions of existence
BANNER = creature("f_banner", "Знаменосец", "Standard-Bearer", {"activate": {"coins": 1}, "effects": [
    {"effect": "grant", "keyword": "armor", "value": 2, "until": "game", "while": "source_in_play",
     "target": {"choose": "creature", "side": "own", "filter": {"other": True}}}]}, lives=2)


def test_an_effect_ends_for_good_when_its_condition_fails() -> None:
    # CR 120.6: «…, пока знаменосец в игре» — once the bearer leaves play the Armour is gone, and it
    # does not come back when the bearer does.
    pos = position(p0={"coins": 5, "hand": [{"card": "t_raise", "name": "raise"}],
                       "play": [{"card": "t_soldier", "name": "s"}, {"card": "f_banner", "name": "b"}]},
                   p1={"coins": 2, "hand": [{"card": "t_bolt", "name": "bolt"}]}, cards=[BANNER])
    pos.run("activate card=$b ability=0 targets=$s")
    assert pos.g.kw_value(pos.id("s"), "armor") == 2
    events = pos.run("end", "play card=$bolt targets=$b")
    assert pos.zone("b") == "grave"
    assert {"t": "effect_ended", "card": pos.id("s")} in events
    assert pos.g.kw(pos.id("s"), "armor") is None
    pos.run("end", "play card=$raise targets=$b")
    assert pos.zone("b") == "play"
    assert pos.g.kw(pos.id("s"), "armor") is None  # the condition holds again, the effect does not


def test_an_untapped_condition_ends_once_the_source_taps() -> None:
    # CR 120.6: «пока это существо открыто» — attacking taps it, and the bonus never returns.
    proud = creature("f_proud", "Гордый мечник", "Proud Swordsman", {"trigger": "enter", "effects": [
        {"effect": "strike", "amount": 2, "target": "self", "until": "game", "while": "source_untapped"}]},
        strike=1, lives=4)
    pos = position(p0={"coins": 3, "hand": [{"card": "f_proud", "name": "p"}]}, cards=[proud])
    pos.run("play card=$p")
    assert pos.strike("p") == 3
    pos.run("end", "end")
    assert pos.strike("p") == 3
    events = pos.run("attack attacker=$p target=$p1hero")
    assert pos.wounds("p1hero") == 3  # the strike is dealt before the attacker taps (CR 307.3)
    assert pos.card("p").tapped and pos.strike("p") == 1
    assert any(e["t"] == "effect_ended" and e["card"] == pos.id("p") for e in events)
    pos.run("end", "end")
    assert not pos.card("p").tapped and pos.strike("p") == 1


# ---------------------------------------------------------------------- 515.3: prevention in turn
MIST = support("f_mist", "Туман над бродом", "Mist over the Ford", "terrain",
               {"aura": "prevent", "amount": 1, "affects": {"all": "creature"}})


def test_prevention_effects_apply_in_turn_non_active_player_first() -> None:
    # CR 515.3: the defending (non-active) player's Броня 1 takes the strike's wound before the active
    # player's mist does; the mist's unused wound then stops the spell, which Броня could not.
    pos = position(p0={"coins": 2, "play": [{"card": "f_mist"}, {"card": "t_scout", "name": "sc"}],
                       "hand": [{"card": "t_bolt", "name": "bolt"}]},
                   p1={"play": [{"card": "t_knight", "name": "k", "tapped": True}]}, cards=[MIST])
    events = pos.run("attack attacker=$sc target=$k")
    assert [(e["why"], e["amount"]) for e in events if e["t"] == "prevented"] == [("armor", 1)]
    assert pos.wounds("k") == 0 and pos.card("k").armor_used == 1
    events = pos.run("play card=$bolt targets=$k")
    assert [(e["why"], e["amount"]) for e in events if e["t"] == "prevented"] == [("prevent", 1)]
    assert pos.wounds("k") == 2


def test_prevention_effects_may_all_apply_to_one_wounding() -> None:
    # CR 515.3: as many prevention effects apply as the wounds allow — Броня 1 (non-active), then
    # the mist (active): a strike of 3 leaves 1 wound; CR 515.4: a part-used one keeps the rest.
    pos = position(p0={"play": [{"card": "f_mist"}, {"card": "t_berserker", "name": "b"}]},
                   p1={"play": [{"card": "t_knight", "name": "k", "tapped": True}]}, cards=[MIST])
    events = pos.run("attack attacker=$b target=$k")
    assert [e["why"] for e in events if e["t"] == "prevented" and e["card"] == pos.id("k")] == ["armor", "prevent"]
    assert pos.wounds("k") == 2  # strike 4: Броня 1, mist 1
    big = support("f_fog", "Густой туман", "Thick Fog", "terrain",
                  {"aura": "prevent", "amount": 3, "affects": {"all": "creature", "side": "enemy"}})
    pos = position(p0={"coins": 2, "play": [{"card": "f_fog"}, {"card": "t_scout", "name": "sc"}],
                       "hand": [{"card": "t_bolt", "name": "bolt"}]},
                   p1={"play": [{"card": "t_soldier", "name": "s", "tapped": True}]}, cards=[big])
    pos.run("attack attacker=$sc target=$s")
    assert pos.wounds("s") == 0
    pos.run("play card=$bolt targets=$s")
    assert pos.wounds("s") == 1  # 3 - (3 - 1 used) = 1


# ---------------------------------------------------------------------- 520.1: delayed effects
def test_a_delayed_effect_naming_nobody_goes_to_your_hero() -> None:
    # CR 520.1: «в начале вашего следующего хода излечите на 3» names no card and no target, so the
    # effect is laid on the hero of the player who controls it, and heals that hero when its time comes.
    dew = spell("f_dew", "Утренняя роса", "Morning Dew", {"effect": "heal", "amount": 3, "delay": "next_turn"})
    pos = position(p0={"coins": 1, "hand": [{"card": "f_dew", "name": "dew"}], "hero": {"card": "t_hero_steppe",
                                                                                        "wounds": 5}},
                   p1={"hero": {"card": "t_hero_dark", "wounds": 5}}, cards=[dew])
    pos.run("play card=$dew")
    assert pos.wounds("p0hero") == 5
    [waiting] = [e for e in pos.card("p0hero").effects if e["k"] == "delayed"]
    assert waiting["eff"]["effect"] == "heal" and not pos.card("p1hero").effects
    pos.run("end")
    assert pos.wounds("p0hero") == 5  # not at the opponent's turn
    pos.run("end")
    assert pos.wounds("p0hero") == 2 and pos.wounds("p1hero") == 5
    assert not pos.card("p0hero").effects


def test_a_delayed_effect_with_a_target_waits_on_that_card() -> None:
    # CR 520.1: a delayed effect that names its target waits on it (and is lost with it); one that names
    # nobody goes to the hero: «в конце хода ранить на 2» wounds your own hero.
    doom = spell("f_doom", "Отсроченная кара", "Deferred Doom",
                 {"effect": "destroy", "target": {"choose": "creature", "side": "enemy"}, "delay": "turn_end"},
                 {"effect": "damage", "amount": 2, "delay": "turn_end"})
    pos = position(p0={"coins": 1, "hand": [{"card": "f_doom", "name": "d"}]},
                   p1={"play": [{"card": "t_knight", "name": "k"}, {"card": "t_soldier", "name": "s"}]}, cards=[doom])
    pos.run("play card=$d targets=$k")
    assert pos.zone("k") == "play" and any(e["k"] == "delayed" for e in pos.card("k").effects)
    pos.run("end")
    assert pos.g.pending.to_dict() == {"kind": "triggers", "player": 0}  # both wait for their moment: order them
    events = pos.run(f"declare trigger={pos.g.waiting[0].tid}")  # the other follows by itself
    assert pos.zone("k") == "grave" and pos.zone("s") == "play"
    assert pos.wounds("p0hero") == 2 and pos.wounds("p1hero") == 0
    assert [d["kind"] for d in events if d["t"] == "death"] == ["spell"]  # still the spell's doing


# ---------------------------------------------------------------------- 518.5.1: keeping control
BORROW = spell("f_borrow", "Чужое знамя", "Borrowed Banner",
               {"effect": "take_control", "target": {"choose": "creature", "side": "enemy"}, "until": "turn"})


def test_control_taken_until_end_of_turn_goes_back() -> None:
    # CR 518.5: when the «до конца хода» control ends you lose the card and the opponent gets it back.
    pos = position(p0={"coins": 1, "hand": [{"card": "f_borrow", "name": "b"}]},
                   p1={"play": [{"card": "t_soldier", "name": "s"}]}, cards=[BORROW])
    pos.run("play card=$b targets=$s")
    assert pos.card("s").controller == 0
    pos.run("end")
    assert pos.card("s").controller == 1 and pos.id("s") in pos.g.players[1].play


def test_you_keep_control_of_a_card_that_cannot_join_the_other_squad() -> None:
    # CR 518.5.1: the borrowed creature gains Преданность (it cannot join another squad); when the
    # borrowing ends you lose control, but it cannot go back, so you keep controlling it.
    oath = spell("f_oath", "Клятва на крови", "Blood Oath",
                 {"effect": "grant", "keyword": "steadfast", "until": "game", "target": {"choose": "creature"}})
    pos = position(p0={"coins": 2, "hand": [{"card": "f_borrow", "name": "b"}, {"card": "f_oath", "name": "o"}]},
                   p1={"play": [{"card": "t_soldier", "name": "s"}]}, cards=[BORROW, oath])
    pos.run("play card=$b targets=$s", "play card=$o targets=$s")
    events = pos.run("end")
    assert {"t": "control_kept", "card": pos.id("s"), "player": 0} in events
    assert pos.card("s").controller == 0 and pos.id("s") in pos.g.players[0].play
    # …until some other effect says otherwise — and one that would take it across does nothing.
    charm = position(p0={"play": [{"card": "t_soldier", "name": "s", "effects": [{"keyword": "steadfast",
                                                                                  "until": "game"}]}]},
                     p1={"coins": 6, "hand": [{"card": "t_charm", "name": "c"}]}, active=1)
    charm.run("play card=$c targets=$s")
    assert charm.card("s").controller == 0


# ---------------------------------------------------------------------- 524: endless chains
def test_a_cyclic_chain_stops_before_its_first_repetition() -> None:
    # CR 524.1: a creature with 0 lives dies at once (a rule effect) and «каждый раз при гибели»
    # comes back, dies again… The chain stops before it repeats: one return, two deaths, and the
    # game goes on instead of looping.
    restless = creature("f_restless", "Неупокоенный", "Restless Dead", {"trigger": "death", "each_time": True,
                        "effects": [{"effect": "resurrect", "target": "self"}]}, strike=1, lives=0, cost=1)
    pos = position(p0={"coins": 1, "hand": [{"card": "f_restless", "name": "r"}]}, cards=[restless])
    events = pos.run("play card=$r")
    assert not pos.g.is_over and pos.g.pending.to_dict() == {"kind": "main", "player": 0}
    assert pos.zone("r") == "grave" and not pos.g.waiting and not pos.g.queue
    assert [e["t"] for e in events if e["t"] in ("death", "cycle_stopped")] == ["death", "death", "cycle_stopped"]
    assert sum(1 for e in events if e["t"] == "move" and e["dest"] == "play") == 2  # played, then back once
    pos.check()


# ---------------------------------------------------------------------- 516, 524.2: replacement effects
PRAY = spell("f_pray", "Короткая молитва", "Short Prayer", {"effect": "gain_prayers", "count": 1}, cost=0)
MORE1 = support("f_bell", "Колокольчик", "Little Bell", "amulet", {"aura": "more_prayers", "amount": 1})
MORE2 = creature("f_cantor", "Певчий", "Cantor", {"aura": "more_prayers", "amount": 2})
THIEF = creature("f_thief", "Похититель молитв", "Prayer Thief", {"aura": "steal_prayers"})


def replaced(events: list[dict]) -> list[tuple[int, int, int]]:
    return [(e["source"], e["player"], e["amount"]) for e in events if e["t"] == "replaced"]


def test_the_player_who_can_apply_several_replacements_chooses() -> None:
    # CR 516.3: both «получите на N больше» are yours, so you choose which applies first.
    pos = position(p0={"hand": [{"card": "f_pray", "name": "pray"}],
                       "play": [{"card": "f_bell", "name": "bell"}, {"card": "f_cantor", "name": "cantor"}]},
                   cards=[PRAY, MORE1, MORE2])
    pos.run("play card=$pray")
    assert pos.g.pending.kind == "choose" and pos.g.pending.player == 0
    assert sorted(pos.g.pending.options) == sorted([pos.id("bell"), pos.id("cantor")])
    events = pos.run("choose cards=$cantor")
    assert replaced(events) == [(pos.id("cantor"), 0, 3), (pos.id("bell"), 0, 4)]
    assert pos.g.players[0].prayers == 4


def test_when_both_players_could_replace_the_active_player_chooses() -> None:
    # CR 516.4.2: the non-active player gains a prayer; their own «на 1 больше» and the active player's
    # «вместо этого их получаете вы» both fit, so the active player picks the order.
    # CR 516.5: the one applied second applies to the first one's result.
    watcher = creature("f_watcher", "Молельщик", "Worshipper", {"trigger": "enemy_spell", "each_time": True,
                       "effects": [{"effect": "gain_prayers", "count": 1}]})
    for first, mine, theirs in (("bell", 0, 2), ("thief", 0, 1)):
        pos = position(p0={"play": [{"card": "f_bell", "name": "bell"}, {"card": "f_watcher", "name": "w"}]},
                       p1={"hand": [{"card": "f_pray", "name": "pray"}], "play": [{"card": "f_thief", "name": "thief"}]},
                       active=1, cards=[PRAY, MORE1, THIEF, watcher])
        pos.run("play card=$pray")
        assert pos.g.pending.kind == "choose" and pos.g.pending.player == 1, pos.g.pending
        events = pos.run(f"choose cards=${first}")
        assert (pos.g.players[0].prayers, pos.g.players[1].prayers) == (mine, theirs + 1)  # +1: its own prayer
        if first == "bell":
            assert replaced(events) == [(pos.id("bell"), 0, 2), (pos.id("thief"), 1, 2)]


def test_a_cycle_of_replacement_effects_stops_before_it_repeats() -> None:
    # CR 524.2 (and its example): two «получите на 1 жетон больше» turn 1 into 2, then 3; the first
    # may not apply again, so the chain stops at 3. Two thieves pass the prayer back and forth once.
    bell2 = support("f_bell2", "Второй колокольчик", "Second Bell", "event", {"aura": "more_prayers", "amount": 1})
    pos = position(p0={"hand": [{"card": "f_pray", "name": "pray"}],
                       "play": [{"card": "f_bell", "name": "a"}, {"card": "f_bell2", "name": "b"}]},
                   cards=[PRAY, MORE1, bell2])
    pos.run("play card=$pray", "choose cards=$a")
    assert pos.g.players[0].prayers == 3 and pos.g.pending.kind == "main"
    thieves = position(p0={"hand": [{"card": "f_pray", "name": "pray"}], "play": [{"card": "f_thief", "name": "t0"}]},
                       p1={"play": [{"card": "f_thief", "name": "t1"}]}, cards=[PRAY, THIEF])
    events = thieves.run("play card=$pray")
    assert replaced(events) == [(thieves.id("t1"), 1, 1), (thieves.id("t0"), 0, 1)]
    assert (thieves.g.players[0].prayers, thieves.g.players[1].prayers) == (1, 0)


# ---------------------------------------------------------------------- 106.3, 108: elements change
def element_spell(cid: str, mode: str, element: str) -> dict:
    return spell(cid, f"Чары {cid}", f"Charm {cid}", {"effect": "change_element", "element": element, "mode": mode,
                                                        "until": "game", "target": {"choose": "creature"}}, cost=0)


STEPPE_WARD = creature("f_ward", "Страж от степи", "Steppe Ward", {"keyword": "protection", "from": "steppe"},
                       strike=0, lives=5)


def test_a_card_that_loses_its_element_is_neutral() -> None:
    # CR 106.3.1: the steppe soldier loses Steppes and is a neutral card: the ward's protection from
    # steppe cards no longer stops it.
    pos = position(p0={"hand": [{"card": "f_lose", "name": "lose"}], "play": [{"card": "t_soldier", "name": "s"}]},
                   p1={"play": [{"card": "f_ward", "name": "w", "tapped": True}]},
                   cards=[element_spell("f_lose", "lose", "steppe"), STEPPE_WARD])
    assert pos.g.elements(pos.id("s")) == {"steppe"}
    pos.run("play card=$lose targets=$s")
    assert pos.g.elements(pos.id("s")) == set()
    assert pos.g.passes_filter({"element": "neutral"}, pos.id("s"), None)
    pos.run("attack attacker=$s target=$w")
    assert pos.wounds("w") == 2


def test_gaining_an_element_it_has_and_a_neutral_card_losing_one() -> None:
    # CR 106.3.2: a card may gain an element it already has (it stays one element), and a neutral
    # card may lose an element (a legal target; it stays neutral).
    pos = position(p0={"hand": [{"card": "f_gain", "name": "gain"}, {"card": "f_drop", "name": "drop"}],
                       "play": [{"card": "t_soldier", "name": "s"}, {"card": "f_plain", "name": "n"}]},
                   cards=[element_spell("f_gain", "gain", "steppe"), element_spell("f_drop", "lose", "darkness"),
                          creature("f_plain", "Простак", "Plain Folk")])
    assert pos.can("play card=$gain targets=$s") and pos.can("play card=$drop targets=$n")
    events = pos.run("play card=$gain targets=$s")
    assert {"t": "element", "card": pos.id("s"), "mode": "gain", "element": "steppe"} in events
    assert pos.g.elements(pos.id("s")) == {"steppe"}
    pos.run("play card=$drop targets=$n")
    assert pos.g.elements(pos.id("n")) == set()


def test_a_new_element_replaces_the_old_one() -> None:
    # CR 108.1: a steppe creature that becomes dark stops being steppe — the steppe ward no longer
    # stops it, a darkness ward does, and a «степное существо» filter misses it.
    dark_ward = creature("f_dward", "Страж от тьмы", "Darkness Ward", {"keyword": "protection", "from": "darkness"},
                         strike=0, lives=5)
    pos = position(p0={"hand": [{"card": "f_dark", "name": "dark"}], "play": [{"card": "t_soldier", "name": "s"}]},
                   p1={"play": [{"card": "f_ward", "name": "w", "tapped": True},
                                {"card": "f_dward", "name": "d", "tapped": True}]},
                   cards=[element_spell("f_dark", "become", "darkness"), STEPPE_WARD, dark_ward])
    pos.run("play card=$dark targets=$s")
    assert pos.g.elements(pos.id("s")) == {"darkness"}
    assert not pos.g.passes_filter({"element": "steppe"}, pos.id("s"), None)
    pos.run("attack attacker=$s target=$d")
    assert pos.wounds("d") == 0
    pos.run("end", "end", "attack attacker=$s target=$w", "no_defense")
    assert pos.wounds("w") == 2


# ---------------------------------------------------------------------- 108.2: a type changes
def test_a_support_made_a_creature_takes_a_creatures_properties_then_returns() -> None:
    # CR 108.2: the weapon becomes a 3/3 creature: strike and lives as the effect says, it can attack,
    # be attacked and wounded, and is no weapon while it is a creature. When the effect ends it is the
    # weapon it was printed as (CR 211.3: without wounds), its aura still working.
    wake = spell("f_wake", "Пробуждение стали", "Steel Wakes",
                 {"effect": "animate", "strike": 3, "lives": 3, "target": {"choose": "support", "side": "own"}},
                 cost=0)
    pos = position(p0={"hand": [{"card": "f_wake", "name": "wake"}],
                       "play": [{"card": "t_blade", "name": "blade"}, {"card": "t_scout", "name": "sc"}]},
                   p1={"play": [{"card": "t_soldier", "name": "s", "tapped": True}]}, cards=[wake])
    blade = pos.id("blade")
    assert not pos.g.is_creature(blade) and pos.g.passes_filter({"subtype": "weapon"}, blade, None)
    pos.run("play card=$wake targets=$blade")
    assert pos.g.is_creature(blade) and pos.g.card_type(blade) == "creature"
    assert (pos.strike("blade"), pos.lives("blade")) == (4, 3)  # 3, and its own +1 aura on your creatures
    assert not pos.g.passes_filter({"subtype": "weapon"}, blade, None)
    assert pos.can("attack attacker=$blade target=$s") and pos.strike("sc") == 2
    pos.run("attack attacker=$blade target=$s")
    assert pos.zone("s") == "grave"
    pos.run("end")
    assert not pos.g.is_creature(blade) and pos.g.card_type(blade) == "support"
    assert pos.g.passes_filter({"subtype": "weapon"}, blade, None) and pos.wounds("blade") == 0
    assert pos.strike("sc") == 2 and blade not in pos.g.attack_targets(pos.id("p1hero"))


# ---------------------------------------------------------------------- 111.5: copied abilities
def test_copied_abilities_name_the_copier_instead_of_their_card() -> None:
    # CR 111.5: the mimic copies the trainee's abilities; «дать этому существу +2 к удару» in the
    # copy means the mimic (the receiver), not the trainee. Its keywords come along too.
    trainee = creature("f_trainee", "Ученик", "Trainee", {"keyword": "armor", "value": 1}, {"activate": {"coins": 1},
                       "effects": [{"effect": "strike", "amount": 2, "target": "self"}]}, strike=1, lives=3)
    mimic = creature("f_mimic", "Подражатель", "Copycat", {"activate": {"tap": True}, "effects": [
        {"effect": "copy_abilities", "target": {"choose": "creature", "filter": {"other": True}}}]}, strike=1, lives=3)
    pos = position(p0={"coins": 1, "play": [{"card": "f_mimic", "name": "m"}]},
                   p1={"play": [{"card": "f_trainee", "name": "t"}]}, cards=[trainee, mimic])
    assert pos.g.kw(pos.id("m"), "armor") is None
    pos.run("activate card=$m ability=0 targets=$t")
    assert pos.g.kw_value(pos.id("m"), "armor") == 1
    assert pos.can("activate card=$m ability=2")  # the copied ability, numbered after its own (and Броня)
    pos.run("activate card=$m ability=2")
    assert pos.strike("m") == 3 and pos.strike("t") == 1
    pos.run("end")
    assert pos.g.kw(pos.id("m"), "armor") is None and pos.strike("m") == 1  # «до конца хода»: gone


# ---------------------------------------------------------------------- 115.4: order of appearance
def test_constant_abilities_apply_in_order_of_appearance() -> None:
    # CR 115.4: two supports both give your creatures Броня; applied in the order they appeared, the
    # later one's value is the one that stands — whichever of them that is.
    thick = support("f_thick", "Толстые щиты", "Thick Shields", "armor",
                    {"aura": "grant", "keyword": "armor", "value": 2})
    thin = support("f_thin", "Тонкие щиты", "Thin Shields", "amulet",
                   {"aura": "grant", "keyword": "armor", "value": 1})
    for order, armor in ((("thick", "thin"), 1), (("thin", "thick"), 2)):
        pos = position(p0={"coins": 2, "hand": [{"card": "f_thick", "name": "thick"}, {"card": "f_thin", "name": "thin"}],
                           "play": [{"card": "t_soldier", "name": "s"}]}, cards=[thick, thin])
        pos.run(*(f"play card=${name}" for name in order))
        assert pos.card(order[0]).entered < pos.card(order[1]).entered
        assert pos.g.kw_value(pos.id("s"), "armor") == armor
