"""CR 501-510: declaring and paying, sources and targets, rule effects, lives, destruction,
actions, attacks, the stages of an ability, defenders and fights."""

from __future__ import annotations

from engine.heroes import actions as A
from tests.helpers import position

SPARE = ["t_soldier"] * 4


def creature(cid: str, ru: str, en: str, *abilities: dict, strike: int = 1, lives: int = 3, cost: int = 2,
             elements: tuple[str, ...] = ()) -> dict:
    return {"id": cid, "name": {"ru": ru, "en": en}, "type": "creature", "cost": cost, "strike": strike,
            "lives": lives, "elements": list(elements), "abilities": list(abilities)}


def spell(cid: str, ru: str, en: str, *effects: dict, cost: int = 1) -> dict:
    return {"id": cid, "name": {"ru": ru, "en": en}, "type": "spell", "cost": cost, "effects": list(effects)}


def on(trigger: str, *effects: dict, may: bool = False, pay: int = 0) -> dict:
    out = {"trigger": trigger, "may": may, "effects": list(effects)}
    if pay:
        out["pay_coins"] = pay
    return out


def tid(pos, source: str) -> int:
    return next(t.tid for t in pos.g.waiting if t.source == pos.id(source))


COIN = {"effect": "gain_coins", "count": 1}
PRAYER = {"effect": "gain_prayers", "count": 1}
ENEMY_CREATURE = {"choose": "creature", "side": "enemy"}
WATCHER = creature("s_watcher", "Соглядатай", "Onlooker", on("enemy_spell", COIN, may=True))


# ---------------------------------------------------------------------- 501: declaring and paying
def test_a_declaration_names_source_ability_and_targets() -> None:
    # CR 501.1: a declaration names the source, the ability and its targets — or only source and
    # ability when there is nothing to choose.
    pos = position(p0={"coins": 3, "play": [{"card": "t_archer", "name": "a"}]}, p1={"hero": "t_hero_dark",
                   "play": [{"card": "t_soldier", "name": "s"}]})
    assert pos.can("activate card=$a ability=0 targets=$s")
    events = pos.run("activate card=$a ability=0 targets=$s")
    assert {"t": "activate", "card": pos.id("a"), "ability": 0, "player": 0, "x": None} in events
    pos = position(p0={"hero": "t_hero_dark", "coins": 1})
    assert pos.legal().count(f"activate card={pos.id('p0hero')} ability=0") == 1


def test_abilities_are_paid_on_declaring_and_only_if_affordable() -> None:
    # CR 501.2: pay first — together with the declaration, with the amount (X) named then; a card that
    # cannot pay cannot declare. For a trigger the payment is its once-per-turn mark.
    pos = position(p0={"coins": 3, "hand": [{"card": "t_bolt", "name": "bolt"}, {"card": "t_drain", "name": "d"}]},
                   p1={"play": [{"card": "s_watcher", "name": "w"}, {"card": "t_soldier", "name": "s"}]},
                   cards=[WATCHER])
    pos.run("play card=$bolt targets=$s")
    assert pos.g.decider == 1 and pos.g.queue  # the spell waits in the Queue …
    assert pos.g.players[0].open_coins == 1 and pos.zone("bolt") == "grave"  # … already paid
    pos.run(f"declare trigger={tid(pos, 'w')}")
    assert pos.card("w").used  # the trigger's once-per-turn mark was its payment
    assert not pos.can("play card=$d targets=$p1hero x=2")  # one open coin left
    pos.run("play card=$d targets=$p1hero x=1")
    assert pos.g.players[0].open_coins == 0 and pos.wounds("p1hero") == 1


TOLL = creature("s_toll", "Мытарь", "Tollman", on("enemy_spell", {"effect": "draw", "count": 1}, pay=2))


def test_an_ability_that_cannot_be_paid_in_full_does_nothing() -> None:
    # CR 501.2.1: without full payment the ability is not carried out (and nothing is half paid).
    pos = position(p0={"coins": 2, "hand": [{"card": "t_bolt", "name": "bolt"}]},
                   p1={"coins": 1, "deck": SPARE, "play": [{"card": "s_toll", "name": "toll"},
                                                           {"card": "t_soldier", "name": "s"}]},
                   cards=[TOLL])
    pos.run("play card=$bolt targets=$s")
    assert pos.g.players[1].coins == 1 and not pos.g.players[1].hand
    assert pos.g.pending.to_dict() == {"kind": "main", "player": 0}


BLEEDER = creature("s_bleeder", "Кровопускатель", "Bloodletter",
                   {"activate": {"wounds": 1}, "effects": [COIN]},
                   {"keyword": "protection", "from": "abilities"},
                   on("wounded", PRAYER), lives=3)


def test_payment_has_no_source_and_no_target() -> None:
    # CR 501.3: wounds paid as a cost are not dealt by anything: no protection stops them and
    # «когда получает раны» does not fire.
    pos = position(p0={"play": [{"card": "s_bleeder", "name": "b"}]}, cards=[BLEEDER])
    events = pos.run("activate card=$b ability=0")
    assert pos.wounds("b") == 1 and pos.g.players[0].coins == 1
    assert pos.g.players[0].prayers == 0
    assert not [e for e in events if e["t"] in ("prevented", "wound", "trigger")]


MERCY = spell("s_mercy", "Милосердный конец", "Mercy Stroke",
              {"effect": "cleanse", "target": {"choose": "creature"}},
              {"effect": "destroy", "target": {"choose": "creature", "filter": {"poisoned": True}}})


def test_target_restrictions_count_only_when_declaring() -> None:
    # CR 501.4: a restriction on the choice of target matters only when the ability is declared.
    pos = position(p0={"coins": 1, "hand": [{"card": "s_mercy", "name": "m"}]},
                   p1={"play": [{"card": "t_soldier", "name": "s", "poison": 1}, {"card": "t_knight", "name": "k"}]},
                   cards=[MERCY])
    assert not pos.can("play card=$m targets=$k,$k")  # the knight is not poisoned
    pos.run("play card=$m targets=$s,$s")
    assert pos.zone("s") == "grave"  # no longer poisoned when destroyed, still destroyed


TINKER = creature("s_tinker", "Мастеровой", "Tinker",
                  {"activate": {"tap": True}, "effects": [PRAYER]},
                  {"activate": {"coins": 1}, "effects": [{"effect": "draw", "count": 1}]})


def test_actions_are_strikes_defences_and_tapping_abilities() -> None:
    # CR 501.5: attacking, defending and abilities paid by tapping are actions; a tapped creature cannot
    # do them, but may still use an ability that is no action.
    pos = position(p0={"coins": 2, "deck": SPARE, "play": [{"card": "s_tinker", "name": "t", "tapped": True},
                                                          {"card": "t_soldier", "name": "s"}]},
                   p1={"play": [{"card": "s_tinker", "name": "guard", "tapped": True}]}, cards=[TINKER])
    assert not pos.can("attack attacker=$t target=$p1hero")
    assert not pos.can("activate card=$t ability=0")
    pos.run("attack attacker=$s target=$p1hero")
    assert pos.g.pending.kind == "main"  # the tapped guard may not defend
    pos.run("activate card=$t ability=1")
    assert len(pos.g.players[0].hand) == 1


# ---------------------------------------------------------------------- 502: sources and targets
def test_the_final_target_is_the_defender() -> None:
    # CR 502.1: a card becomes the target when the target is final — here the defender, not the hero.
    pos = position(p0={"play": [{"card": "t_viper", "name": "v"}]}, p1={"play": [{"card": "t_knight", "name": "k"}]})
    pos.run("attack attacker=$v target=$p1hero", "defend card=$k")
    assert pos.card("k").poison == 1 and pos.card("p1hero").poison == 0


def test_the_source_is_the_declaring_card() -> None:
    # CR 502.2: the card that declared the ability is its one source.
    pos = position(p0={"coins": 2, "play": [{"card": "t_archer", "name": "a"}]},
                   p1={"play": [{"card": "t_soldier", "name": "s"}]})
    events = pos.run("activate card=$a ability=0 targets=$s")
    assert [e["source"] for e in events if e["t"] == "wound"] == [pos.id("a")]
    events = pos.run("activate card=$p0hero ability=0 targets=$s")
    assert [e["source"] for e in events if e["t"] == "wound"] == [pos.id("p0hero")]


def test_the_source_is_checked_only_when_declaring() -> None:
    # CR 502.3: a tapped, hidden or silenced card cannot declare; CR 502.3.1: once declared, the ability
    # resolves even if the source no longer has it.
    selfless = creature("s_selfless", "Самоотверженный", "Selfless",
                        {"activate": {"tap": True}, "effects": [
                            {"effect": "lose_abilities", "target": "self"},
                            {"effect": "damage", "amount": 2, "target": "enemy_hero"}]})
    pos = position(p0={"play": [{"card": "s_selfless", "name": "s"}, {"card": "t_archer", "name": "tired", "tapped": True},
                                {"card": "t_archer", "name": "mute", "effects": []}]}, cards=[selfless])
    pos.card("mute").effects.append({"k": "silence", "until": "turn", "by": 1})
    assert not any(a.startswith(f"activate card={pos.id('tired')}") for a in pos.legal())
    assert not any(a.startswith(f"activate card={pos.id('mute')}") for a in pos.legal())
    pos.run("activate card=$s ability=0")
    assert pos.g.silenced(pos.id("s")) and pos.wounds("p1hero") == 2


def test_targets_are_the_cards_named() -> None:
    # CR 502.4: the targets are exactly the cards the player names in the declaration.
    pos = position(p0={"coins": 2, "hand": [{"card": "t_bolt", "name": "bolt"}]},
                   p1={"play": [{"card": "t_knight", "name": "a"}, {"card": "t_knight", "name": "b"}]})
    pos.run("play card=$bolt targets=$b")
    assert pos.wounds("b") == 3 and pos.wounds("a") == 0


def test_an_attack_has_exactly_one_target() -> None:
    # CR 502.5: an attack has one and only one target.
    pos = position(p0={"play": [{"card": "t_soldier", "name": "s"}]},
                   p1={"play": [{"card": "t_knight", "name": "a", "tapped": True}, {"card": "t_knight", "tapped": True}]})
    attacks = [a for a in pos.g.legal_actions() if isinstance(a, A.Attack)]
    assert len(attacks) == 3 and all(isinstance(a.target, int) for a in attacks)
    pos.run("attack attacker=$s target=$a")
    hit = [c for c in pos.g.cards.values() if c.wounds]
    assert [c.id for c in hit] == [pos.id("a")]


WIPE = spell("s_wipe", "Сметание", "Sweep", {"effect": "destroy", "target": {"all": "creature"}})


def test_mass_abilities_have_no_targets_and_need_no_fitting_cards() -> None:
    # CR 502.6: «choose» makes targets; an ability on all fitting cards has none (a mass ability) and may
    # be declared even when no card fits.
    pos = position(p0={"coins": 5, "hand": [{"card": "s_wipe", "name": "wipe"}, {"card": "t_bolt", "name": "bolt"}]},
                   cards=[WIPE])
    assert pos.can("play card=$wipe")
    assert not any(a.startswith(f"play card={pos.id('bolt')}") for a in pos.legal())  # needs a target
    pos.run("play card=$wipe")
    assert pos.zone("wipe") == "grave"


def test_targets_with_a_property_must_have_it() -> None:
    # CR 502.7: an ability aimed at cards with a property can target those and only those.
    drown = spell("s_drown", "Утопить", "Drown",
                  {"effect": "destroy", "target": {"choose": "creature", "filter": {"element": "swamp"}}})
    pos = position(p0={"coins": 1, "hand": [{"card": "s_drown", "name": "d"}]},
                   p1={"play": [{"card": "t_viper", "name": "swampy"}, {"card": "t_soldier", "name": "dry"}]},
                   cards=[drown])
    assert pos.can("play card=$d targets=$swampy")
    assert pos.refused("play card=$d targets=$dry").code == "targets"


def test_reflexive_abilities_aim_at_their_own_card() -> None:
    # CR 502.8: «излечиться» — source and target are the same card.
    mender = creature("s_mender", "Самолекарь", "Self-Mender",
                      on("strike", {"effect": "heal", "amount": 2, "target": "self"}), strike=1, lives=5)
    pos = position(p0={"play": [{"card": "s_mender", "name": "m", "wounds": 3}, {"card": "t_soldier", "name": "x", "wounds": 1}]},
                   cards=[mender])
    pos.run("attack attacker=$m target=$p1hero")
    assert pos.wounds("m") == 1 and pos.wounds("x") == 1


def test_every_restriction_on_targets_counts_and_none_left_means_no_declaration() -> None:
    # CR 502.9: all restrictions apply together; with no card meeting them all the ability cannot be
    # declared — the creature still enters, without its shot.
    sniper = creature("s_sniper", "Придирчивый стрелок", "Fussy Marksman",
                      on("enter", {"effect": "shot", "amount": 3,
                                   "target": {"choose": "creature", "side": "enemy", "filter": {"wounded": False}}}))
    pos = position(p0={"coins": 2, "hand": [{"card": "s_sniper", "name": "sn"}]},
                   p1={"play": [{"card": "t_knight", "name": "hurt", "wounds": 1},
                                {"card": "t_lurker", "name": "hidden", "hidden": True}]}, cards=[sniper])
    events = pos.run("play card=$sn")
    assert pos.zone("sn") == "play"
    assert any(e["t"] == "trigger_lost" for e in events)
    assert pos.wounds("hurt") == 1 and pos.wounds("hidden") == 0


# ---------------------------------------------------------------------- 503: rule effects
def test_rule_effects_have_no_source_and_act_at_once() -> None:
    # CR 503.1: destruction by lethal wounds is a rule effect — no source, no target, not declared.
    # CR 503.2: it happens at once, outside the Queue: the dead creature is gone before the spell's next part.
    storm = spell("s_storm", "Двойная буря", "Double Storm",
                  {"effect": "damage", "amount": 3, "target": {"choose": "creature"}},
                  {"effect": "damage", "amount": 1, "target": {"all": "creature"}})
    pos = position(p0={"coins": 1, "hand": [{"card": "s_storm", "name": "st"}]},
                   p1={"play": [{"card": "t_soldier", "name": "s"}, {"card": "t_knight", "name": "k"}]}, cards=[storm])
    events = pos.run("play card=$st targets=$s")
    death = next(e for e in events if e["t"] == "death")
    # The destruction itself has no source; the death only remembers what wounded it (CR 505.1.1).
    assert death["card"] == pos.id("s") and "source" not in death and death["by"] == pos.id("st")
    kinds = [(e["t"], e.get("card")) for e in events if e["t"] in ("death", "wound")]
    assert kinds == [("wound", pos.id("s")), ("death", pos.id("s")), ("wound", pos.id("k"))]
    assert not any(e["t"] == "trigger" for e in events)


# ---------------------------------------------------------------------- 504: lives and wounds
def test_a_card_enters_play_with_its_starting_lives() -> None:
    # CR 504.1: a card arriving in play has its starting lives, whatever happened to it before.
    bounce = spell("s_bounce", "Отброс", "Bounce", {"effect": "return_to_hand", "target": {"choose": "creature"}})
    pos = position(p0={"coins": 1, "hand": [{"card": "s_bounce", "name": "r"}], "deck": SPARE},
                   p1={"play": [{"card": "t_knight", "name": "k", "wounds": 3, "extra_lives": -1}], "coins": 4,
                       "deck": SPARE}, cards=[bounce])
    pos.run("play card=$r targets=$k", "end")
    assert pos.zone("k") == "hand"
    pos.run("play card=$k")
    assert pos.zone("k") == "play" and pos.lives("k") == 5 and pos.wounds("k") == 0


def test_lives_change_through_wounds_and_extra_or_negative_lives() -> None:
    # CR 504.1.1: every change of lives is wounds or extra/negative lives; CR 504.2: extra lives raise
    # the lives level; CR 504.3: wounds from attacks and abilities lower it.
    pos = position(p0={"coins": 5, "hand": [{"card": "t_sanctuary", "name": "san"}],
                       "play": [{"card": "t_soldier", "name": "s"}]},
                   p1={"play": [{"card": "t_soldier", "name": "e", "tapped": True}]})
    pos.run("play card=$san targets=$s")
    assert pos.card("s").life_mod == 2 and pos.card("s").wounds == 0 and pos.lives("s") == 5
    pos.run("attack attacker=$s target=$e")
    assert pos.wounds("e") == 2 and pos.lives("e") == 1


def test_negative_lives_are_not_wounds() -> None:
    # CR 504.4: negative lives lower the lives level but are no wounds: healing does not remove them.
    pos = position(p0={"hero": "t_hero_dark", "prayers": 2,
                       "play": [{"card": "t_knight", "name": "k", "extra_lives": -2, "wounds": 1}]})
    assert pos.lives("k") == 2 and pos.wounds("k") == 1
    pos.run("activate card=$p0hero ability=1 targets=$k")  # heal 2
    assert pos.wounds("k") == 0 and pos.card("k").life_mod == -2 and pos.lives("k") == 3


def test_wounds_and_extra_lives_do_not_remove_each_other() -> None:
    # CR 504.5: wounds do not remove extra lives and extra lives do not remove wounds; extra and negative
    # lives effects cancel each other.
    pos = position(p0={"coins": 6, "hand": [{"card": "t_sanctuary", "name": "san"}, {"card": "t_bolt", "name": "bolt"}],
                       "play": [{"card": "t_knight", "name": "k", "wounds": 2},
                                {"card": "t_soldier", "name": "s", "extra_lives": -1}]})
    pos.run("play card=$san targets=$s")
    assert pos.wounds("k") == 2 and pos.card("k").life_mod == 2 and pos.lives("k") == 5
    assert pos.card("s").life_mod == 1 and pos.lives("s") == 4
    pos.g.players[0].tapped_coins = 0
    pos.run("play card=$bolt targets=$k")
    assert pos.card("k").life_mod == 2 and pos.wounds("k") == 5 and pos.lives("k") == 2


def test_setting_lives_turns_wounds_into_negative_lives_without_healing() -> None:
    # CR 504.6: lives set to X: wounds become negative lives, then lives are adjusted to X; not a healing.
    pos = position(p0={"coins": 2, "hand": [{"card": "t_shrink", "name": "sh"}]},
                   p1={"play": [{"card": "t_knight", "name": "k", "wounds": 2}]})
    events = pos.run("play card=$sh targets=$k,$k")
    assert pos.wounds("k") == 0 and pos.lives("k") == 1 and pos.card("k").life_mod == -4
    assert not any(e["t"] == "heal" for e in events)


# ---------------------------------------------------------------------- 505: destruction
def test_zero_lives_destroys_at_once_into_the_owners_graveyard() -> None:
    # CR 505.1: at 0 lives or less — by wounds or by lives effects — the card dies at once and goes to
    # its owner's graveyard; a rule effect, declared by nobody.
    pos = position(p0={"coins": 4, "hand": [{"card": "t_bolt", "name": "bolt"}, {"card": "t_shrink", "name": "sh"}],
                       "play": [{"card": "t_soldier", "name": "stolen", "owner": 1}]},
                   p1={"play": [{"card": "t_knight", "name": "k"}]},
                   cards=[])
    pos.run("play card=$bolt targets=$stolen")
    assert pos.zone("stolen") == "grave" and pos.id("stolen") in pos.g.players[1].grave
    shrink0 = {"id": "s_wither", "name": {"ru": "Иссушение", "en": "Wither"}, "type": "spell", "cost": 1,
               "effects": [{"effect": "set_lives", "value": 0, "target": {"choose": "creature"}}]}
    pos = position(p0={"coins": 1, "hand": [{"card": "s_wither", "name": "w"}]},
                   p1={"play": [{"card": "t_knight", "name": "k"}]}, cards=[shrink0])
    pos.run("play card=$w targets=$k")
    assert pos.zone("k") == "grave" and pos.wounds("k") == 0


def test_destroy_without_wounds() -> None:
    # CR 505.2: «уничтожить» destroys a card without any wounds.
    pos = position(p0={"coins": 5, "hand": [{"card": "t_doom", "name": "doom"}]},
                   p1={"play": [{"card": "t_knight", "name": "k"}]})
    events = pos.run("play card=$doom targets=$k")
    assert pos.zone("k") == "grave" and not any(e["t"] == "wound" for e in events)


AVENGER = creature("s_avenger", "Мстительница", "Avenger", on("death", {"effect": "damage", "amount": 2,
                                                                         "target": "enemy_hero"}))
MOURNER = {"id": "s_mourner", "name": {"ru": "Плакальщица", "en": "Mourner"}, "type": "support", "subtype": "event",
           "cost": 1, "abilities": [on("ally_dies", {"effect": "gain_prayers", "count": 1})]}


def test_destruction_sets_off_death_triggers_of_this_and_other_cards() -> None:
    # CR 505.3: moving to its graveyard by destruction fires the card's own death triggers and those of
    # other cards watching for it.
    pos = position(p0={"coins": 5, "hand": [{"card": "t_doom", "name": "doom"}]},
                   p1={"play": [{"card": "s_avenger", "name": "av"}, {"card": "s_mourner", "name": "mo"}]},
                   cards=[AVENGER, MOURNER])
    pos.run("play card=$doom targets=$av")
    pos.run(f"declare trigger={tid(pos, 'av')}")
    assert pos.wounds("p0hero") == 2 and pos.g.players[1].prayers == 1


# ---------------------------------------------------------------------- 506: actions
def test_acting_needs_an_open_card() -> None:
    # CR 506.1: cards enter play upright; attacking, defending and tapping abilities need it open.
    pos = position(p0={"coins": 3, "hand": [{"card": "t_archer", "name": "new"}],
                       "play": [{"card": "t_archer", "name": "a", "tapped": True}, {"card": "t_soldier", "name": "s"}]},
                   p1={"play": [{"card": "t_soldier", "name": "tired", "tapped": True}]})
    assert not pos.can(f"attack attacker={pos.id('a')} target={pos.id('p1hero')}")
    assert not any(a.startswith(f"activate card={pos.id('a')} ") for a in pos.legal())
    pos.run("play card=$new")
    assert not pos.card("new").tapped
    pos.run("attack attacker=$s target=$p1hero")
    assert pos.g.pending.kind == "main"  # the tapped creature may not defend: no defender choice


def test_a_tapping_ability_taps_before_it_resolves_and_others_are_no_actions() -> None:
    # CR 506.2: declaring a tapping ability taps the card, pays the rest, then resolves; an ability
    # without tapping is no action and works on a tapped card.
    pos = position(p0={"coins": 2, "deck": SPARE, "play": [{"card": "s_tinker", "name": "t"}]}, cards=[TINKER])
    pos.run("activate card=$t ability=0")
    assert pos.card("t").tapped and pos.g.players[0].prayers == 1
    pos.run("activate card=$t ability=1")
    assert len(pos.g.players[0].hand) == 1


def test_attacker_and_defender_tap_after_their_fight() -> None:
    # CR 506.3: the attacker and the defender tap after the fight; CR 508.5, CR 509.5: in the end stage,
    # together.
    pos = position(p0={"play": [{"card": "t_knight", "name": "k"}]}, p1={"play": [{"card": "t_knight", "name": "d"}]})
    pos.run("attack attacker=$k target=$p1hero")
    events = pos.run("defend card=$d")
    kinds = [(e["t"], e.get("card")) for e in events if e["t"] in ("wound", "tap")]
    assert kinds[-2:] == [("tap", pos.id("k")), ("tap", pos.id("d"))]
    assert all(k == "wound" for k, _ in kinds[:-2]) and kinds[:-2]


# ---------------------------------------------------------------------- 507: attacks
def test_any_enemy_character_may_be_attacked_but_never_own() -> None:
    # CR 507.1: a creature in play may attack any enemy character; CR 507.2: never itself or an ally.
    pos = position(p0={"play": [{"card": "t_soldier", "name": "s"}, {"card": "t_soldier", "name": "ally"}]},
                   p1={"play": [{"card": "t_knight", "name": "k", "tapped": True}, {"card": "t_archer", "name": "a"}]})
    targets = {a.target for a in pos.g.legal_actions() if isinstance(a, A.Attack) and a.attacker == pos.id("s")}
    assert targets == {pos.id("p1hero"), pos.id("k"), pos.id("a")}
    for t in ("$s", "$ally", "$p0hero"):
        assert pos.refused(f"attack attacker=$s target={t}").code == "target"


def test_strikes_and_shots_are_two_kinds_of_attack() -> None:
    # CR 507.3: attacks are strikes or shots — protection from shots stops one but not the other.
    pos = position(p0={"coins": 2, "play": [{"card": "t_archer", "name": "a"}, {"card": "t_soldier", "name": "s"}]},
                   p1={"play": [{"card": "t_wall", "name": "w", "tapped": True}]})
    pos.run("activate card=$a ability=0 targets=$w")
    assert pos.wounds("w") == 0
    pos.run("attack attacker=$s target=$w")
    assert pos.wounds("w") == 1  # 2 minus its «–1 от атаки»


def test_strike_in_the_choice_phase_versus_a_forced_fight() -> None:
    # CR 507.4: a strike attack may be defended and a tapped creature does not strike back; a fight made
    # by an ability allows no defender, makes even a tapped creature answer, and taps nobody.
    pos = position(p0={"coins": 2, "play": [{"card": "t_duelist", "name": "d"}, {"card": "t_soldier", "name": "s"}]},
                   p1={"play": [{"card": "t_knight", "name": "k", "tapped": True}, {"card": "t_soldier", "name": "g"}]})
    pos.run("attack attacker=$s target=$k")
    assert pos.g.pending.kind == "defender"
    pos.run("no_defense")
    assert pos.wounds("s") == 0 and pos.wounds("k") == 1  # Броня 1
    pos.run("activate card=$d ability=0 targets=$k")
    assert pos.g.pending.kind == "main"
    assert pos.zone("d") == "grave" and pos.wounds("k") == 1  # the tapped knight answered, first strike
    pos = position(p0={"coins": 2, "play": [{"card": "t_duelist", "name": "d"}]},
                   p1={"play": [{"card": "t_soldier", "name": "t", "tapped": True}]})
    pos.run("activate card=$d ability=0 targets=$t")
    assert pos.wounds("d") == 2 and pos.wounds("t") == 2 and not pos.card("d").tapped


def test_shots_come_from_activated_or_triggered_abilities() -> None:
    # CR 507.5: a shot is made by an activated or a triggered ability.
    gunner = creature("s_gunner", "Канонир", "Gunner", on("enter", {"effect": "shot", "amount": 1,
                                                                   "target": {"choose": "character", "side": "enemy"}}))
    pos = position(p0={"coins": 2, "hand": [{"card": "s_gunner", "name": "g"}],
                       "play": [{"card": "t_archer", "name": "a"}]}, p1={"play": ["t_knight"]}, cards=[gunner])
    events = pos.run("activate card=$a ability=0 targets=$p1hero")
    assert [e["kind"] for e in events if e["t"] == "wound"] == ["shot"]
    pos.run("play card=$g")
    events = pos.run(f"declare trigger={tid(pos, 'g')} targets=$p1hero")
    assert [e["kind"] for e in events if e["t"] == "wound"] == ["shot"]
    assert pos.wounds("p1hero") == 3


VOLLEY = creature("s_volley", "Залповый стрелок", "Volley Gunner",
                  on("enter", *[{"effect": "shot", "amount": 1, "target": {"choose": "character", "side": "enemy"}}] * 3))
TENDER = creature("s_tender", "Неженка", "Tender One", on("wounded", COIN, may=True), lives=4)


def test_several_attacks_in_one_ability_each_run_all_steps() -> None:
    # CR 507.6: several attacks within one ability happen one after another, each through all its steps;
    # the triggers they set off are declared after the whole ability.
    pos = position(p0={"coins": 2, "hand": [{"card": "s_volley", "name": "v"}]},
                   p1={"play": [{"card": "t_knight", "name": "k"}, {"card": "s_tender", "name": "t"}]},
                   cards=[VOLLEY, TENDER])
    pos.run("play card=$v")
    events = pos.run(f"declare trigger={tid(pos, 'v')} targets=$k,$k,$t")
    assert pos.wounds("k") == 1  # Броня 1 took the first shot only
    assert [e["t"] for e in events if e["t"] in ("prevented", "wound")] == ["prevented", "wound", "wound"]
    assert pos.g.pending.kind == "triggers" and pos.g.decider == 1  # the trigger waits for the end


# ---------------------------------------------------------------------- 508: the stages of an ability
def test_an_attack_runs_preliminary_main_and_end_stages_in_order() -> None:
    # CR 508.1: an attack goes through stages in a fixed order; CR 508.2: once declared, the preliminary
    # stage begins; CR 508.3: payment, attacker, first target, defender -> the final target, which nothing
    # changes afterwards; CR 508.4: the main stage deals the wounds; CR 508.5: the end stage taps.
    pos = position(p0={"play": [{"card": "t_viper", "name": "v"}]},
                   p1={"play": [{"card": "t_archer", "name": "d"}]})
    events = pos.run("attack attacker=$v target=$p1hero")
    assert events[0] == {"t": "attack", "attacker": pos.id("v"), "target": pos.id("p1hero")}
    assert pos.card("v").used["attack"] == 1  # its once-per-turn attack is spent on declaring
    events = pos.run("defend card=$d")
    order = [e["t"] for e in events if e["t"] in ("defend", "strike", "wound", "trigger", "poison", "tap")]
    assert order[:3] == ["defend", "strike", "wound"] and order[-2:] == ["tap", "tap"]
    assert pos.card("d").poison == 1 and pos.wounds("p1hero") == 0


def test_calculation_uses_the_final_target() -> None:
    # CR 508.4.1: modifiers that depend on the target are counted against the final target: Гнев adds 1
    # against a creature wounded this turn, not against the unwounded defender that stepped in.
    pos = position(p0={"play": [{"card": "t_berserker", "name": "b"}]},
                   p1={"play": [{"card": "t_knight", "name": "hurt", "wounded_this_turn": True, "wounds": 1,
                                 "tapped": True},
                                {"card": "t_knight", "name": "fresh"}]})
    assert pos.g.attack_strike(pos.id("b"), pos.id("hurt")) == 5
    pos.run("attack attacker=$b target=$hurt", "defend card=$fresh")
    assert pos.wounds("fresh") == 3 and pos.wounds("hurt") == 1  # 4 strike, Броня 1, no Гнев bonus


def test_replacement_comes_before_prevention() -> None:
    # CR 508.4.2: replacement effects apply first, then prevention: protection stops the wounds and the
    # armour is not spent on them.
    guard = creature("s_guard", "Страж степей", "Steppe Guard", {"keyword": "protection", "from": "steppe"},
                     {"keyword": "armor", "value": 1}, lives=5)
    pos = position(p0={"play": [{"card": "t_soldier", "name": "st"}, {"card": "t_knight", "name": "mt"}]},
                   p1={"play": [{"card": "s_guard", "name": "g", "tapped": True}]}, cards=[guard])
    events = pos.run("attack attacker=$st target=$g")
    assert pos.wounds("g") == 0 and pos.card("g").armor_used == 0
    assert [e["why"] for e in events if e["t"] == "prevented"] == ["protection"]
    pos.run("attack attacker=$mt target=$g")
    assert pos.wounds("g") == 2 and pos.card("g").armor_used == 1


def test_a_mass_ability_marks_every_fitting_card() -> None:
    # CR 508.4.3: the markers go on the target, or on every fitting card for an ability without targets.
    quake = spell("s_quake", "Землетрясение", "Earthquake",
                  {"effect": "damage", "amount": 1, "target": {"all": "creature", "side": "enemy"}})
    pos = position(p0={"coins": 1, "hand": [{"card": "s_quake", "name": "q"}], "play": [{"card": "t_soldier", "name": "mine"}]},
                   p1={"play": [{"card": "t_soldier", "name": "a"}, {"card": "t_knight", "name": "b"}]}, cards=[quake])
    pos.run("play card=$q")
    assert pos.wounds("a") == 1 and pos.wounds("b") == 1 and pos.wounds("mine") == 0


# ---------------------------------------------------------------------- 509: defenders
def test_an_open_creature_of_the_inactive_player_takes_over_the_strike() -> None:
    # CR 509.1: an open creature of the inactive player may become the target in place of the card attacked.
    pos = position(p0={"play": [{"card": "t_knight", "name": "k"}]},
                   p1={"play": [{"card": "t_soldier", "name": "a"}, {"card": "t_soldier", "name": "b"},
                                {"card": "t_soldier", "name": "tired", "tapped": True}]})
    pos.run("attack attacker=$k target=$a")
    assert set(pos.legal()) == {"no_defense", f"defend card={pos.id('b')}"}
    pos.run("defend card=$b")
    assert pos.zone("b") == "grave" and pos.wounds("a") == 0


def test_defenders_only_against_plain_strikes() -> None:
    # CR 509.2: a defender can be assigned only against a plain, not directed, strike — not against a
    # directed strike, a shot or a fight.
    pos = position(p0={"coins": 3, "play": [{"card": "t_lurker", "name": "l"}, {"card": "t_archer", "name": "a"},
                                            {"card": "t_duelist", "name": "d"}]},
                   p1={"play": [{"card": "t_knight", "name": "k"}, {"card": "t_soldier", "name": "s"}]})
    pos.run("attack attacker=$l target=$p1hero")
    assert pos.g.pending.kind == "main" and pos.wounds("p1hero") == 2
    pos.run("activate card=$a ability=0 targets=$p1hero")
    assert pos.g.pending.kind == "main" and pos.wounds("p1hero") == 4
    pos.run("activate card=$d ability=0 targets=$s")
    assert pos.g.pending.kind == "main" and pos.wounds("s") == 2


def test_a_creature_defends_once_per_turn_and_nobody_defends_the_defender() -> None:
    # CR 509.3: each creature defends at most once per turn; CR 509.4: no defender can be assigned for a
    # defender — one choice per strike, and the attacked creature cannot defend itself.
    pos = position(p0={"play": [{"card": "t_soldier", "name": "a"}, {"card": "t_soldier", "name": "b"}]},
                   p1={"play": [{"card": "t_monk", "name": "m"}, {"card": "t_knight", "name": "k"}]},
                   cards=[])
    pos.g.players[0].coins = 5
    pos.run("attack attacker=$a target=$k")
    assert f"defend card={pos.id('k')}" not in pos.legal()
    pos.run("defend card=$m")
    assert pos.g.pending.kind == "main"  # no second defender for the defender
    assert not pos.card("m").tapped  # Опыт в защите: still open …
    pos.run("attack attacker=$b target=$p1hero")
    assert f"defend card={pos.id('m')}" not in pos.legal()  # … but it has defended this turn
    assert f"defend card={pos.id('k')}" in pos.legal()


# ---------------------------------------------------------------------- 510: fights
def test_a_strike_on_an_open_creature_is_a_fight() -> None:
    # CR 510.1: attacking an open enemy creature, both fight; CR 510.3: against a tapped creature or a
    # hero the wounds land without a fight.
    pos = position(p0={"play": [{"card": "t_soldier", "name": "a"}, {"card": "t_soldier", "name": "b"},
                                {"card": "t_soldier", "name": "c"}]},
                   p1={"play": [{"card": "t_soldier", "name": "open"}, {"card": "t_soldier", "name": "tapped", "tapped": True}]})
    pos.run("attack attacker=$a target=$open")
    assert pos.wounds("a") == 2 and pos.wounds("open") == 2
    pos.run("attack attacker=$b target=$tapped", "no_defense")
    assert pos.wounds("b") == 0 and pos.wounds("tapped") == 2
    pos.run("attack attacker=$c target=$p1hero")
    assert pos.g.pending.kind == "defender"
    pos.run("no_defense")
    assert pos.wounds("c") == 0 and pos.wounds("p1hero") == 2


def test_the_answering_strike_goes_through_the_same_steps() -> None:
    # CR 510.2: the answering creature's strike is counted and reduced the same way: –X от атаки of the
    # attacker and its Броня apply to it.
    pos = position(p0={"play": [{"card": "t_wall", "name": "w"}]}, p1={"play": [{"card": "t_soldier", "name": "s"}]})
    pos.run("attack attacker=$w target=$s")
    assert pos.wounds("s") == 1 and pos.wounds("w") == 1  # the answer: 2 minus the wall's «–1 от атаки»
    pos = position(p0={"play": [{"card": "t_knight", "name": "k"}]}, p1={"play": [{"card": "t_berserker", "name": "b"}]})
    pos.run("attack attacker=$k target=$b")
    assert pos.wounds("b") == 3 and pos.wounds("k") == 3 and pos.card("k").armor_used == 1  # 4 minus Броня 1


def test_the_answer_is_no_attack() -> None:
    # CR 510.4: striking back is no attack: «при ударе» of the answering creature does not fire.
    pos = position(p0={"play": [{"card": "t_knight", "name": "k"}]},
                   p1={"play": [{"card": "t_viper", "name": "v"}, {"card": "t_soldier", "name": "bait"}]})
    pos.run("attack attacker=$k target=$bait", "defend card=$v")
    assert pos.zone("v") == "grave" and pos.card("k").poison == 0
    pos = position(p0={"play": [{"card": "t_soldier", "name": "s"}]},
                   p1={"play": [{"card": "t_viper", "name": "v"}]})
    pos.run("attack attacker=$s target=$v")
    assert pos.wounds("s") == 1 and pos.card("s").poison == 0 and not pos.card("v").used.get("t0.0")


def test_a_support_is_one_target_and_one_card_of_a_mass_effect():
    """CR 502: a support in play is a single card — offered once as a target, touched once by a mass effect."""
    totem = {"id": "x_totem", "name": {"ru": "Тотем", "en": "Totem"}, "type": "support", "subtype": "amulet",
             "cost": 1}
    smash = spell("x_smash", "Снести опору", "Topple", {"effect": "destroy", "target": {"choose": "support"}})
    still = spell("x_still", "Оцепенение", "Stillness", {"effect": "tap", "target": {"all": "card", "side": "enemy"}})
    pos = position(p0={"coins": 2, "hand": [{"card": "x_smash", "name": "s"}, {"card": "x_still", "name": "t"}]},
                   p1={"play": [{"card": "x_totem", "name": "totem"}, {"card": "t_soldier", "name": "sol"}]},
                   cards=[totem, smash, still])
    plays = [a for a in pos.g.legal_actions() if isinstance(a, A.Play) and a.card == pos.id("s")]
    assert [a.targets for a in plays] == [(pos.id("totem"),)]
    legal = pos.g.legal_actions()
    assert len(legal) == len(set(legal)), "no action is offered twice"
    events = pos.run("play card=$t")
    taps = [e["card"] for e in events if e["t"] == "tap"]
    assert sorted(taps) == sorted([pos.id("totem"), pos.id("sol"), pos.g.players[1].hero])
