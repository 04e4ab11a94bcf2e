"""One scenario per keyword of CR part 7 and the rulebook glossary: a position, actions, expectations."""

from __future__ import annotations

from engine.core.actions import parse_action
from tests.helpers import position
from tests.rules.cards import creature


def test_vanguard_plays_a_cheap_creature_free_with_haste_and_returns_it() -> None:
    # CR 7 Авангард X: play a creature costing X or less free; it gains Рывок; back to hand at end of turn.
    pos = position(p0={"coins": 4, "hand": [{"card": "t_captain", "name": "cap"}, {"card": "t_soldier", "name": "sol"},
                                            {"card": "t_knight", "name": "kn"}]})
    pos.run("play card=$cap")
    assert pos.g.pending.kind == "triggers"
    trig = pos.g.waiting[0].tid
    # CR 113.4: Авангард says «вы можете», so its controller may let it go instead of declaring it.
    assert pos.g.waiting[0].may
    assert pos.can(f"decline trigger={trig}") and pos.can(f"declare trigger={trig}")
    declined = pos.g.clone()
    declined.apply(parse_action(f"decline trigger={trig}"))
    # Let go, it is lost for this event: nothing is played, the captain stays open, nothing is left to declare.
    assert declined.pending.kind == "main" and not declined.waiting
    assert declined.cards[pos.id("sol")].zone == "hand" and not declined.cards[pos.id("cap")].tapped
    pos.run(f"declare trigger={trig}")
    assert pos.g.pending.kind == "choose" and pos.id("sol") in pos.g.pending.options
    assert pos.id("kn") not in pos.g.pending.options  # costs 4 > 2
    pos.run(f"choose cards={pos.id('sol')}")
    assert pos.zone("sol") == "play" and pos.g.players[0].open_coins == 0  # the soldier was free
    assert pos.card("cap").tapped  # «если вы сделали, закройте эту карту»
    assert pos.can("attack attacker=$sol target=$p1hero")  # Рывок
    pos.run("end")
    assert pos.zone("sol") == "hand"


def test_frenzy_must_attack_before_anything_else() -> None:
    # CR 7 Бешенство: while it can strike, its strike is owed first: no card, no activated ability (the
    # hero's or a creature's shot), no end of turn before it (tests/scenarios/frenzy_owed_first.toml).
    pos = position(p0={"coins": 5, "hand": ["t_soldier"],
                       "play": [{"card": "t_raider", "name": "r"}, {"card": "t_archer", "name": "a"}]})
    assert pos.refused("end").code == "frenzy"
    assert pos.refused("activate card=$a ability=0 targets=$p1hero").code == "frenzy"
    assert all(a.startswith(f"attack attacker={pos.id('r')} ") for a in pos.legal())
    pos.run("attack attacker=$r target=$p1hero")
    assert pos.can("end") and pos.can("play card=$t_soldier") and pos.can("activate card=$a ability=0 targets=$p1hero")


def test_armor_prevents_first_wounds_each_turn() -> None:
    # CR 7 Броня X: the first X wounds from strikes and shots each turn are prevented.
    pos = position(p0={"play": [{"card": "t_soldier", "name": "a"}, {"card": "t_soldier", "name": "b"}]},
                   p1={"play": [{"card": "t_knight", "name": "kn", "tapped": True}]})
    pos.run("attack attacker=$a target=$kn")
    assert pos.wounds("kn") == 1  # 2 - armour 1
    pos.run("attack attacker=$b target=$kn")
    assert pos.wounds("kn") == 3  # armour spent this turn


def test_wrath_adds_one_against_a_creature_wounded_this_turn() -> None:
    # CR 7 Гнев: +1 against creatures already wounded this turn.
    pos = position(p0={"play": [{"card": "t_berserker", "name": "w"}]},
                   p1={"play": [{"card": "t_wall", "name": "wall", "tapped": True, "wounded_this_turn": True,
                                 "wounds": 0}]})
    pos.run("attack attacker=$w target=$wall")
    assert pos.wounds("wall") == 4  # 4 + 1 (Гнев) - 1 (–1 от атаки)


def test_unity_searches_a_cheap_creature_on_death() -> None:
    # CR 7 Единение X: on death, search the deck for a creature costing X or less.
    pos = position(p0={"play": [{"card": "t_scout", "name": "s", "wounds": 0}],
                       "deck": [{"card": "t_soldier", "name": "sol"}, {"card": "t_knight", "name": "kn"}]},
                   p1={"play": [{"card": "t_soldier", "name": "foe"}]})
    pos.run("attack attacker=$s target=$foe")
    assert pos.zone("s") == "grave"
    assert pos.g.pending.kind == "choose" and pos.g.pending.options == [pos.id("sol")]
    pos.run(f"choose cards={pos.id('sol')}")
    assert pos.zone("sol") == "hand" and pos.zone("kn") == "deck"


def test_thirst_wounds_another_own_character_on_play() -> None:
    # CR 7 Жажда X: when played it wounds another of your characters of your choice.
    pos = position(p0={"coins": 3, "hand": [{"card": "t_berserker", "name": "b"}],
                       "play": [{"card": "t_soldier", "name": "sol"}]})
    pos.run("play card=$b")
    assert pos.g.pending.kind == "triggers"
    tid = pos.g.waiting[0].tid
    assert pos.refused(f"declare trigger={tid} targets={pos.id('b')}")  # not itself
    assert pos.refused(f"declare trigger={tid} targets={pos.id('p1hero')}")  # not the enemy
    pos.run(f"declare trigger={tid} targets={pos.id('sol')}")
    assert pos.wounds("sol") == 1


def test_incarnation_returns_tapped_for_coins() -> None:
    # CR 7 Инкарнация X: at the start of your turn you may lose X coins to bring it back tapped.
    pos = position(p0={"coins": 2, "grave": [{"card": "t_phoenix", "name": "ph"}], "deck": ["t_soldier"]},
                   p1={"deck": ["t_soldier"]}, active=1)
    pos.run("end")
    assert pos.g.pending.kind == "triggers" and pos.g.pending.player == 0
    tid = pos.g.waiting[0].tid
    pos.run(f"declare trigger={tid}")
    assert pos.zone("ph") == "play" and pos.card("ph").tapped
    assert pos.g.players[0].coins == 2  # 2 + 1 for the turn - 1 for Инкарнация


def test_meditation_makes_the_attacker_pay() -> None:
    # CR 7 Медитация X: the attacking player pays X coins; each missing coin wounds their hero.
    pos = position(p0={"coins": 0, "play": [{"card": "t_soldier", "name": "a"}]},
                   p1={"play": [{"card": "t_monk", "name": "monk", "tapped": True}]})
    pos.run("attack attacker=$a target=$monk")
    assert pos.wounds("p0hero") == 1
    assert pos.wounds("monk") == 2


def test_module_attaches_to_a_mechanism_and_parts_leave_separately() -> None:
    # CR 7 Модуль, Присоединить: stats add up; when the joined card dies, the parts go separately.
    pos = position(p0={"coins": 3, "hand": [{"card": "t_gear", "name": "gear"}],
                       "play": [{"card": "t_golem", "name": "golem"}]},
                   p1={"play": [{"card": "t_knight", "name": "kn"}]})
    pos.run("play card=$gear attach=$golem")
    assert pos.zone("gear") == "attached"
    assert pos.strike("golem") == 3 and pos.lives("golem") == 4
    assert pos.g.kw(pos.id("golem"), "vulnerable") is not None  # the module's abilities join
    pos.g.cards[pos.id("golem")].wounds = 3
    pos.run("end", "attack attacker=$kn target=$golem")
    assert pos.zone("golem") == "grave" and pos.zone("gear") == "grave"


def test_undead_takes_wounds_only_from_coins() -> None:
    # CR 7 Немёртвый: wounds only from its own ability: the opponent taps X coins for X wounds.
    pos = position(p0={"coins": 3, "hand": ["t_bolt"], "play": [{"card": "t_soldier", "name": "a"}]},
                   p1={"play": [{"card": "t_ghost", "name": "gh", "tapped": True}]})
    pos.run("attack attacker=$a target=$gh")
    assert pos.wounds("gh") == 0
    pos.run("wound_undead card=$gh x=1")
    assert pos.zone("gh") == "grave"


def test_stun_keeps_the_card_closed_one_restoration() -> None:
    # CR 7 Оглушить / Оглушение: tapped and skips its next untap, then loses the stun.
    pos = position(p0={"coins": 1, "hand": [{"card": "t_daze", "name": "d"}]},
                   p1={"play": [{"card": "t_soldier", "name": "foe"}], "deck": ["t_soldier"]})
    pos.run("play card=$d targets=$foe")
    assert pos.card("foe").tapped and pos.card("foe").stunned
    pos.run("end")
    assert pos.card("foe").tapped and not pos.card("foe").stunned
    pos.run("end", "end")
    assert not pos.card("foe").tapped


def test_attack_experience_stays_open() -> None:
    # CR 7 Опыт в атаке: does not tap after a strike attack (but has used its attack).
    pos = position(p0={"play": [{"card": "t_scout", "name": "s"}]})
    pos.run("attack attacker=$s target=$p1hero")
    assert not pos.card("s").tapped
    assert not pos.can("attack attacker=$s target=$p1hero")


def test_defense_experience_stays_open_after_defending() -> None:
    # CR 7 Опыт в защите: does not tap after defending.
    pos = position(p0={"play": [{"card": "t_soldier", "name": "a"}]},
                   p1={"play": [{"card": "t_monk", "name": "monk"}]})
    pos.run("attack attacker=$a target=$p1hero", "defend card=$monk")
    assert not pos.card("monk").tapped and pos.wounds("monk") == 2


def test_horde_allows_five_copies() -> None:
    # CR 7 Орда: up to 5 copies in a deck, others 3.
    from engine.heroes.pool import deck_problems
    pool = position().g.pool
    base = ["t_bolt"] * 3 + ["t_study"] * 3 + ["t_rally"] * 3 + ["t_seek"] * 3 + ["t_daze"] * 3 + ["t_exile"] * 3 \
        + ["t_shrink"] * 3 + ["t_recall"] * 3 + ["t_sanctuary"] * 3 + ["t_archer"] * 3 + ["t_knight"] * 3 \
        + ["t_healer"] * 2
    assert deck_problems(pool, "t_hero_steppe", base + ["t_soldier"] * 5) == []
    assert any("t_bolt" in p for p in deck_problems(pool, "t_hero_steppe", base + ["t_bolt"] * 1 + ["t_soldier"] * 4))


def test_poison_wounds_at_the_start_of_its_controllers_turn() -> None:
    # CR 7 Отравление на X: X wounds at the start of the poisoned creature's controller's turn.
    pos = position(p1={"play": [{"card": "t_knight", "name": "kn", "poison": 2}], "deck": ["t_soldier"]})
    pos.run("end")
    assert pos.wounds("kn") == 2


def test_add_poison_only_on_poisoned_cards() -> None:
    # CR 7 Усилить отравление на X: only against already poisoned cards; X+Y.
    pos = position(p0={"coins": 3, "hand": [{"card": "t_toad", "name": "toad"}]},
                   p1={"play": [{"card": "t_knight", "name": "kn", "poison": 1}, {"card": "t_soldier", "name": "s"}]})
    pos.run("play card=$toad")
    tid = pos.g.waiting[0].tid
    assert not pos.can(f"declare trigger={tid} targets=$s")
    pos.run(f"declare trigger={tid} targets=$kn")
    assert pos.card("kn").poison == 2


def test_first_strike_kills_before_the_answer() -> None:
    # CR 7 Первый удар: strikes first; the other strikes back only if it survived.
    pos = position(p0={"play": [{"card": "t_knight", "name": "kn"}]},
                   p1={"play": [{"card": "t_raider", "name": "r"}]})
    pos.run("attack attacker=$kn target=$r")
    assert pos.zone("r") == "grave" and pos.wounds("kn") == 0


def test_prepare_opens_and_resets_once_per_turn() -> None:
    # CR 7 Подготовить: open the card and clear its once-per-turn markers: it may attack again.
    pos = position(p0={"coins": 2, "hand": [{"card": "t_rally", "name": "rally"}],
                       "play": [{"card": "t_soldier", "name": "s", "tapped": True, "attacked": True}]})
    assert not pos.can("attack attacker=$s target=$p1hero")
    pos.run("play card=$rally targets=$s")
    assert pos.can("attack attacker=$s target=$p1hero")
    assert pos.strike("s") == 3  # and the +1 of the second part


def test_search_puts_a_fitting_card_in_hand_and_shuffles() -> None:
    # CR 7 Поиск: find a fitting card in your deck, show it, take it; shuffle after.
    pos = position(p0={"coins": 1, "hand": [{"card": "t_seek", "name": "seek"}],
                       "deck": [{"card": "t_knight", "name": "kn"}, {"card": "t_soldier", "name": "sol"}]},
                   p1={"play": [{"card": "t_soldier", "name": "foe"}]})
    pos.run("play card=$seek targets=$foe")
    assert pos.g.pending.options == [pos.id("sol")]  # cost 4 is too much
    events = pos.run(f"choose cards={pos.id('sol')}")
    assert pos.zone("sol") == "hand" and any(e["t"] == "shuffle" for e in events)
    assert pos.card("foe").tapped


def test_regeneration_heals_at_the_end_of_own_turn() -> None:
    # CR 7 Регенерация X: at the end of your turn heal X.
    pos = position(p0={"play": [{"card": "t_healer", "name": "h", "wounds": 1}]}, p1={"deck": ["t_soldier"]})
    pos.run("end")
    assert pos.wounds("h") == 0


def test_haste_acts_on_the_turn_it_arrives() -> None:
    # CR 7 Рывок, CR 107.5: no first-turn weakness.
    pos = position(p0={"coins": 5, "hand": [{"card": "t_raider", "name": "r"}, {"card": "t_soldier", "name": "s"}]})
    pos.run("play card=$s", "play card=$r")
    assert pos.can("attack attacker=$r target=$p1hero")
    assert pos.refused("attack attacker=$s target=$p1hero").code == "weakness"


def test_stealth_hides_on_entry() -> None:
    # CR 7 Скрытность: «Найм: это существо скрывается».
    pos = position(p0={"coins": 2, "hand": [{"card": "t_lurker", "name": "l"}]})
    pos.run("play card=$l")
    assert pos.card("l").hidden


def test_hidden_creature_cannot_be_targeted_and_reveals_at_accumulation() -> None:
    # CR 7 Скрытое существо, Раскрыться: untargetable; revealed in your accumulation phase, it may act.
    pos = position(p0={"coins": 2, "hand": ["t_bolt"], "play": [{"card": "t_soldier", "name": "a"}]},
                   p1={"play": [{"card": "t_lurker", "name": "l", "hidden": True}], "deck": ["t_soldier"]})
    assert not pos.can("attack attacker=$a target=$l")
    assert not any(str(pos.id("l")) in a.split("targets=")[-1].split(",") for a in pos.legal() if "targets=" in a)
    pos.run("end")
    assert pos.g.pending.kind == "reveal"
    pos.run(f"reveal cards={pos.id('l')}")
    assert not pos.card("l").hidden
    assert pos.can("attack attacker=$l target=$p0hero")


def test_create_puts_a_created_card_into_play_and_it_never_enters_a_deck() -> None:
    # CR 7 Создайте, Созданный, CR 518.6: from the supply; to the supply instead of a deck.
    pos = position(p0={"coins": 3, "hand": [{"card": "t_golem", "name": "g"}]},
                   p1={"coins": 4, "hand": [{"card": "t_exile", "name": "ex"}]})
    pos.run("play card=$g")
    mod = [c for c in pos.g.cards.values() if c.card == "module_attack"]
    assert len(mod) == 1 and mod[0].zone == "play"
    pos.run("end", f"play card=$ex targets={mod[0].id}")
    assert mod[0].zone == "supply" and mod[0].id not in pos.g.players[0].deck


def test_appendix_two_elementals_have_their_stats() -> None:
    # CR appendix 2: fire 2/1 Рывок, air 1/1 Найм 1 wound, earth 1/3, water 2/3 Гибель: each draws, dust 1/2.
    g = position().g
    stats = {cid: (g.pool[cid].strike, g.pool[cid].lives, g.pool[cid].cost, g.pool[cid].elements)
             for cid in ("elemental_fire", "elemental_air", "elemental_earth", "elemental_water", "elemental_dust")}
    assert stats == {"elemental_fire": (2, 1, 2, ("steppe",)), "elemental_air": (1, 1, 2, ("mountains",)),
                     "elemental_earth": (1, 3, 2, ("forest",)), "elemental_water": (2, 3, 2, ("swamp",)),
                     "elemental_dust": (1, 2, 2, ("swamp",))}
    pos = position(p0={"coins": 4, "hand": [{"card": "t_summoner", "name": "sm"}], "deck": ["t_soldier", "t_soldier"]},
                   p1={"deck": ["t_soldier", "t_soldier"], "hand": ["t_bolt"], "coins": 2})
    pos.run("play card=$sm")
    water = next(c for c in pos.g.cards.values() if c.card == "elemental_water")
    pos.run("end", f"play card=$t_bolt targets={water.id}")
    assert water.zone == "grave"
    # Two triggers of player 0 at once (Гибель of the elemental, the summoner's): they choose the order.
    assert pos.g.pending.kind == "triggers" and pos.g.decider == 0
    while pos.g.pending.kind == "triggers":
        pos.run(pos.legal()[0])
    assert len(pos.g.players[0].hand) == 2 and pos.g.players[1].deck == []  # each player drew, p0 twice


def test_fight_with_chosen_creature_without_tapping() -> None:
    # CR 7 Сразиться: both strike as open creatures; nobody taps; the attack is not spent.
    pos = position(p0={"coins": 1, "play": [{"card": "t_duelist", "name": "d"}]},
                   p1={"play": [{"card": "t_soldier", "name": "s", "tapped": True}]})
    pos.run("activate card=$d ability=0 targets=$s")
    assert pos.wounds("s") == 2 and pos.wounds("d") == 2  # the tapped soldier struck back
    assert not pos.card("d").tapped and pos.can("attack attacker=$d target=$p1hero")


def test_unique_second_copy_sends_the_first_to_the_graveyard() -> None:
    # CR 7 Уникальность.
    pos = position(p0={"coins": 4, "hand": [{"card": "t_captain", "name": "new"}],
                       "play": [{"card": "t_captain", "name": "old"}]})
    pos.run("play card=$new")
    assert pos.zone("old") == "grave" and pos.zone("new") == "play"


def test_vulnerable_takes_one_more_wound() -> None:
    # CR 7 Уязвимость: +1 wound from any source of wounds.
    pos = position(p0={"coins": 2, "hand": ["t_bolt"]}, p1={"play": [{"card": "t_gear", "name": "g"},
                                                                        {"card": "t_knight", "name": "k"}]})
    pos.run("play card=$t_bolt targets=$k")
    assert pos.wounds("k") == 3
    pos2 = position(p0={"play": [{"card": "t_soldier", "name": "s"}]},
                    p1={"play": [{"card": "t_wall", "name": "w", "tapped": True}]},
                    cards=[creature("k_vuln_wall", 0, 5, {"keyword": "vulnerable"})])
    pos2.g.cards[pos2.id("w")].effects.append({"k": "kw", "kw": "vulnerable", "until": "turn", "by": 0})
    pos2.run("attack attacker=$s target=$w")
    assert pos2.wounds("w") == 2  # 2 - 1 (–1 от атаки) + 1 (Уязвимость)


def test_shot_is_unanswered_and_cannot_be_defended() -> None:
    # CR 7 Выстрел на X: wounds without an answer; no defender.
    pos = position(p0={"play": [{"card": "t_archer", "name": "a"}]},
                   p1={"play": [{"card": "t_knight", "name": "k"}, {"card": "t_soldier", "name": "s"}]})
    pos.run("activate card=$a ability=0 targets=$s")
    assert pos.g.pending.kind == "main"  # no defender choice
    assert pos.wounds("s") == 2 and pos.wounds("a") == 0 and pos.card("a").tapped


def test_directed_strike_allows_no_defender() -> None:
    # CR 7 Направленный удар.
    pos = position(p0={"play": [{"card": "t_lurker", "name": "l"}]},
                   p1={"play": [{"card": "t_soldier", "name": "s"}]})
    pos.run("attack attacker=$l target=$p1hero")
    assert pos.g.pending.kind == "main" and pos.wounds("p1hero") == 2


def test_protection_from_shots() -> None:
    # CR 7 Защита от [текст]: no wounds from it, but it can still be chosen.
    pos = position(p0={"play": [{"card": "t_archer", "name": "a"}]}, p1={"play": [{"card": "t_wall", "name": "w"}]})
    pos.run("activate card=$a ability=0 targets=$w")
    assert pos.wounds("w") == 0


def test_resurrect_from_own_graveyard() -> None:
    # CR 7 Возродить, CR 518.4: from your graveyard into play under your control.
    pos = position(p0={"coins": 4, "hand": ["t_raise"], "grave": [{"card": "t_knight", "name": "k"}]})
    pos.run("play card=$t_raise targets=$k")
    assert pos.zone("k") == "play" and pos.card("k").controller == 0
    assert pos.refused("attack attacker=$k target=$p1hero").code == "weakness"


def test_summon_from_deck_on_death() -> None:
    # CR 7 Вызвать, CR 518.3: look through the deck for the card, put it into play; shuffle.
    pos = position(p0={"play": [{"card": "t_hunter", "name": "h", "wounds": 2}],
                       "deck": [{"card": "t_soldier", "name": "s"}]},
                   p1={"play": [{"card": "t_soldier", "name": "foe"}]})
    pos.run("attack attacker=$h target=$foe")
    assert pos.g.pending.kind == "choose"
    pos.run(f"choose cards={pos.id('s')}")
    assert pos.zone("s") == "play"


def test_take_control_moves_the_card_with_weakness() -> None:
    # CR 7 Возьмите под контроль, CR 518.5: now yours; it cannot act this turn.
    pos = position(p0={"coins": 6, "hand": ["t_charm"]}, p1={"play": [{"card": "t_soldier", "name": "s"}]})
    pos.run("play card=$t_charm targets=$s")
    assert pos.card("s").controller == 0 and pos.id("s") in pos.g.players[0].play
    assert not pos.can("attack attacker=$s target=$p1hero")


def test_prayers_pay_for_abilities() -> None:
    # CR 7 Жетоны молитвы: gained by abilities, spent as payment.
    pos = position(p0={"hero": "t_hero_dark", "coins": 1, "play": [{"card": "t_soldier", "name": "s", "wounds": 2}]},
                   p1={"hero": "t_hero_steppe"})
    assert not any(a.startswith(f"activate card={pos.id('p0hero')} ability=1") for a in pos.legal())
    pos.run("activate card=$p0hero ability=0")
    assert pos.g.players[0].prayers == 1
    pos.g.players[0].prayers = 2
    pos.run("activate card=$p0hero ability=1 targets=$s")
    assert pos.g.players[0].prayers == 0 and pos.wounds("s") == 0


def test_free_play_through_vanguard_pays_nothing() -> None:
    # CR 7 Бесплатно: played without payment; cost modifiers do not apply.
    pos = position(p0={"coins": 4, "hand": [{"card": "t_captain", "name": "cap"}, {"card": "t_healer", "name": "h"}]})
    pos.run("play card=$cap")
    pos.run(f"declare trigger={pos.g.waiting[0].tid}")
    pos.run(f"choose cards={pos.id('h')}")
    assert pos.g.players[0].open_coins == 0 and pos.zone("h") == "play"


def test_ignore_armor() -> None:
    # CR 7 Игнорировать [предотвращение]: «Игнорирует Броню».
    pos = position(p0={"play": [{"card": "t_hunter", "name": "h"}]},
                   p1={"play": [{"card": "t_knight", "name": "k", "tapped": True}]})
    pos.run("attack attacker=$h target=$k")
    assert pos.wounds("k") == 3


def test_fixed_strike_in_attack() -> None:
    # CR 7 Сведение удара к X: in an attack its strike counts as X.
    pos = position(p0={"play": [{"card": "t_wall", "name": "w"}]})
    pos.run("attack attacker=$w target=$p1hero")
    assert pos.wounds("p1hero") == 1


def test_no_tap_after_attack() -> None:
    # CR 7 Не закрывается после атаки: stays open, the attack counts as spent.
    pos = position(p0={"play": [{"card": "t_duelist", "name": "d"}]})
    pos.run("attack attacker=$d target=$p1hero")
    assert not pos.card("d").tapped and not pos.can("attack attacker=$d target=$p1hero")


def test_minus_x_from_attack() -> None:
    # CR 7 –X от атаки: attacks against it are X weaker.
    pos = position(p0={"play": [{"card": "t_soldier", "name": "s"}]},
                   p1={"play": [{"card": "t_wall", "name": "w", "tapped": True}]})
    pos.run("attack attacker=$s target=$w")
    assert pos.wounds("w") == 1


def test_on_entry_trigger_targets_on_declaring() -> None:
    # CR 7 Найм: runs when the card enters play; the target is chosen on declaring.
    pos = position(p0={"coins": 2, "hand": [{"card": "t_healer", "name": "h"}],
                       "play": [{"card": "t_soldier", "name": "s", "wounds": 2}]})
    pos.run("play card=$h")
    tid = pos.g.waiting[0].tid
    pos.run(f"declare trigger={tid} targets=$s")
    assert pos.wounds("s") == 0


def test_on_death_trigger_fires_from_the_graveyard() -> None:
    # CR 7 Гибель: on moving from play to the graveyard.
    pos = position(p0={"coins": 2, "hand": ["t_bolt"], "deck": ["t_soldier"]},
                   p1={"play": [{"card": "t_summoner", "name": "sm"}, {"card": "t_soldier", "name": "s"}],
                       "deck": ["t_knight"]})
    pos.run("play card=$t_bolt targets=$s")
    assert len(pos.g.players[1].hand) == 1  # «when another creature of yours dies, draw»


def test_on_strike_trigger_uses_the_struck_card() -> None:
    # CR 7 При ударе: when it strikes (even for 0), here poisoning the struck card.
    pos = position(p0={"play": [{"card": "t_viper", "name": "v"}]},
                   p1={"play": [{"card": "t_knight", "name": "k", "tapped": True}]})
    pos.run("attack attacker=$v target=$k")
    assert pos.card("k").poison == 1


def test_each_time_trigger_has_no_per_turn_limit() -> None:
    # CR 7 Каждый раз, CR 113.5: other triggers work once per turn, «каждый раз» every time.
    card = creature("k_counter", 0, 5, {"trigger": "wounded", "each_time": True,
                                       "effects": [{"effect": "gain_prayers", "count": 1}]})
    once = creature("k_once", 0, 5, {"trigger": "wounded", "effects": [{"effect": "gain_prayers", "count": 1}]})
    bolts = [{"card": "t_bolt", "name": "b1"}, {"card": "t_bolt", "name": "b2"}]
    pos = position(p0={"coins": 4, "hand": bolts}, p1={"play": [{"card": "k_counter", "name": "c"}]}, cards=[card, once])
    pos.run("play card=$b1 targets=$c", "play card=$b2 targets=$c")
    assert pos.g.players[1].prayers == 2
    pos2 = position(p0={"coins": 4, "hand": bolts}, p1={"play": [{"card": "k_once", "name": "c"}]}, cards=[card, once])
    pos2.run("play card=$b1 targets=$c", "play card=$b2 targets=$c")
    assert pos2.g.players[1].prayers == 1
