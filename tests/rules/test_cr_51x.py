"""CR 511-519: the axe rule, zero and X, conservatism, illegality, protection, prevention,
replacement, cancelling, taking cards into the squad, and doing abilities as fully as possible."""

from __future__ import annotations

import pytest

from engine.core.errors import CardDataError
from engine.heroes.carddef import parse_card
from engine.heroes.position import effect_from_data
from tests.helpers import position

SPARE = ["t_soldier"] * 4


def creature(cid: str, ru: str, en: str, *abilities: dict, strike: int = 1, lives: int = 3, cost: int = 2,
             elements: tuple[str, ...] = (), subtype: str = "") -> dict:
    out = {"id": cid, "name": {"ru": ru, "en": en}, "type": "creature", "cost": cost, "strike": strike,
           "lives": lives, "elements": list(elements), "abilities": list(abilities)}
    if subtype:
        out["subtype"] = subtype
    return out


def spell(cid: str, ru: str, en: str, *effects: dict, cost: int = 1, **extra: object) -> dict:
    return {"id": cid, "name": {"ru": ru, "en": en}, "type": "spell", "cost": cost, "effects": list(effects), **extra}


def support(cid: str, ru: str, en: str, subtype: str, *abilities: dict, cost: int = 1) -> dict:
    return {"id": cid, "name": {"ru": ru, "en": en}, "type": "support", "subtype": subtype, "cost": cost,
            "abilities": list(abilities)}


def on(trigger: str, *effects: dict, may: bool = False) -> dict:
    return {"trigger": trigger, "may": may, "effects": list(effects)}


def tid(pos, source: str) -> int:
    return next(t.tid for t in pos.g.waiting if t.source == pos.id(source))


ANY_CREATURE = {"choose": "creature"}


# ---------------------------------------------------------------------- 511: the axe rule
def test_card_text_beats_the_rules() -> None:
    # CR 511.1: where a card says otherwise than the rules, the card wins — Опыт в атаке keeps the
    # attacker open (against CR 307.3), Рывок lets a newcomer attack (against CR 209.2).
    pos = position(p0={"play": [{"card": "t_scout", "name": "vet"}, {"card": "t_raider", "name": "new", "fresh": True}]})
    pos.run("attack attacker=$new target=$p1hero", "attack attacker=$vet target=$p1hero")
    assert not pos.card("vet").tapped and pos.wounds("p1hero") == 4


# ---------------------------------------------------------------------- 512: zero and X
def test_strike_never_goes_below_zero() -> None:
    # CR 512.1: a strike or a number lowered below 0 counts as 0 — it never heals.
    mire = support("s_mire", "Вязкая топь", "Clinging Bog", "terrain",
                   {"aura": "strike", "amount": -2, "affects": {"all": "creature", "side": "enemy"}})
    pos = position(p0={"play": [{"card": "t_scout", "name": "s"}]},
                   p1={"play": [{"card": "s_mire"}, {"card": "t_wall", "name": "w", "wounds": 2, "tapped": True}]},
                   cards=[mire])
    assert pos.strike("s") == 0
    assert pos.g.attack_strike(pos.id("s"), pos.id("w")) == 0
    pos.run("attack attacker=$s target=$w")
    assert pos.wounds("w") == 2


def test_numeric_abilities_cannot_be_zero() -> None:
    # CR 512.2: abilities with a number (Отравление, Инкарнация, Броня…) cannot be declared at 0.
    card = {"id": "x_zero", "name": {"ru": "Ноль", "en": "Zero"}, "type": "creature", "cost": 1, "strike": 1,
            "lives": 1, "abilities": [{"keyword": "incarnation", "value": 0}]}
    with pytest.raises(CardDataError) as err:
        parse_card(card, "test.toml")
    assert "abilities[0].value" in str(err.value)
    with pytest.raises(CardDataError):
        effect_from_data("effects[0]", {"keyword": "armor", "value": 0}, 0)


def test_x_in_a_cost_counts_only_when_playing() -> None:
    # CR 512.3: X in a cost is chosen only when the card is played; anywhere else it is 0.
    seek0 = spell("s_seek0", "Поиск даровых", "Seek the Free", {"effect": "search", "filter": {"max_cost": 0}})
    pos = position(p0={"coins": 4, "hand": [{"card": "s_seek0", "name": "seek"}, {"card": "t_drain", "name": "inhand"}],
                       "deck": [{"card": "t_drain", "name": "x"}, "t_soldier"]}, cards=[seek0])
    assert pos.g.cost(pos.id("inhand"), 3) == 3
    pos.run("play card=$seek")
    assert pos.g.pending.kind == "choose" and pos.g.pending.options == [pos.id("x")]
    pos.run("choose cards=$x")
    assert pos.zone("x") == "hand"


def test_x_cost_cards_cannot_be_played_for_zero() -> None:
    # CR 512.3.1: a card costing X cannot be played with X = 0.
    pos = position(p0={"coins": 2, "hand": [{"card": "t_drain", "name": "d"}]})
    xs = sorted(int(a.split("x=")[1]) for a in pos.legal() if a.startswith(f"play card={pos.id('d')} ")
                and f"targets={pos.id('p1hero')}" in a)
    assert xs == [1, 2]
    assert pos.refused("play card=$d targets=$p1hero x=0").code == "targets"


GASHER = creature("s_gasher", "Самобичеватель", "Self-Flayer",
                  {"activate": {"x": True}, "effects": [{"effect": "damage", "amount": "X",
                                                         "target": {"choose": "creature", "side": "own"}}]},
                  lives=5)


def test_a_declared_x_is_never_zero() -> None:
    # CR 512.4: an ability whose X the player declares cannot be declared with X = 0.
    pos = position(p0={"coins": 2, "play": [{"card": "s_gasher", "name": "g"}]}, cards=[GASHER])
    assert pos.can("activate card=$g ability=0 targets=$g x=1")
    assert pos.refused("activate card=$g ability=0 targets=$g x=0").code == "ability"
    pos.run("activate card=$g ability=0 targets=$g x=2")
    assert pos.wounds("g") == 2 and pos.g.players[0].open_coins == 0


def test_an_x_paid_from_the_cost_is_never_free() -> None:
    # CR 512.4.1: when X is what is paid, the ability cannot be declared without paying (for free).
    pos = position(p0={"coins": 1, "tapped_coins": 1, "play": [{"card": "s_gasher", "name": "g"}]}, cards=[GASHER])
    assert not any(a.startswith(f"activate card={pos.id('g')} ") for a in pos.legal())


HUSK = creature("s_husk", "Пустая оболочка", "Empty Shell",
                on("enter", {"effect": "lives", "amount": 2, "target": "self"}), lives=0)
HOLLOW = creature("s_hollow", "Полый", "Hollow One",
                  on("enter", {"effect": "heal", "amount": 1, "target": {"choose": "creature", "filter": {"other": True}}}),
                  lives=0)
MOURNER = support("s_mourner", "Плакальщица", "Mourner", "event", on("ally_dies", {"effect": "gain_prayers", "count": 1}))


def test_creatures_at_zero_lives_die_once_the_queue_is_empty() -> None:
    # CR 512.5: a creature with 0 lives or less in play dies when the Queue has emptied, and the
    # triggers on that death enter the Queue; while its own Найм resolves it is still there.
    pos = position(p0={"coins": 4, "hand": [{"card": "s_husk", "name": "husk"}, {"card": "s_hollow", "name": "hollow"}],
                       "play": [{"card": "s_mourner"}]}, cards=[HUSK, HOLLOW, MOURNER])
    pos.run("play card=$husk")
    assert pos.zone("husk") == "play" and pos.lives("husk") == 2
    pos.run("play card=$hollow")  # its Найм heals the husk, the only other creature
    assert pos.zone("hollow") == "grave" and pos.g.players[0].prayers == 1
    pos = position(p0={"coins": 4, "hand": [{"card": "s_hollow", "name": "hollow"}], "play": [{"card": "s_mourner"}]},
                   cards=[HOLLOW, MOURNER])
    pos.run("play card=$hollow")  # no other creature: its Найм has no target
    assert pos.zone("hollow") == "grave" and pos.g.players[0].prayers == 1
    assert pos.g.pending.to_dict() == {"kind": "main", "player": 0}


# ---------------------------------------------------------------------- 513: conservatism
def test_the_latest_of_two_contradicting_effects_wins() -> None:
    # CR 513.1: when two constant effects on a card contradict, the one put on it last counts.
    pos = position(p0={"play": [{"card": "t_knight", "name": "k", "effects": [
        {"set_strike": 5}, {"set_strike": 1}, {"keyword": "armor", "value": 3}]}]})
    assert pos.strike("k") == 1
    assert pos.g.kw_value(pos.id("k"), "armor") == 3  # printed Броня 1 gives way to the later Броня 3


RAGER = creature("s_rager", "Неистовый", "Raging One", {"keyword": "frenzy"}, strike=2)


def test_a_ban_beats_an_obligation() -> None:
    # CR 513.2: when one effect obliges (Бешенство) and another forbids (first-turn weakness), the ban wins:
    # the creature does not attack and the player is not bound by it.
    pos = position(p0={"coins": 2, "hand": ["t_soldier"], "play": [{"card": "s_rager", "name": "r", "fresh": True}]},
                   cards=[RAGER])
    assert not pos.can("attack attacker=$r target=$p1hero")
    assert pos.can("end") and any(a.startswith("play ") for a in pos.legal())


# ---------------------------------------------------------------------- 514: illegality
def test_illegal_declarations() -> None:
    # CR 514.1: it is illegal to aim a spell at a card with protection from spells, to destroy a card in
    # the graveyard or the hand, or to resurrect a creature in play.
    pos = position(p0={"coins": 2, "hand": [{"card": "t_bolt", "name": "bolt"}]},
                   p1={"play": [{"card": "t_knight", "name": "k", "effects": [{"keyword": "protection", "from": "spells"}]}]})
    assert pos.refused("play card=$bolt targets=$k").code == "targets"

    bounce_doom = spell("s_bounce_doom", "Отброс и приговор", "Bounce and Doom",
                        {"effect": "return_to_hand", "target": ANY_CREATURE}, {"effect": "destroy", "target": ANY_CREATURE})
    pos = position(p0={"coins": 1, "hand": [{"card": "s_bounce_doom", "name": "bd"}]},
                   p1={"play": [{"card": "t_knight", "name": "k"}]}, cards=[bounce_doom])
    pos.run("play card=$bd targets=$k,$k")
    assert pos.zone("k") == "hand"  # not destroyed in the hand

    twice = spell("s_twice", "Двойной подъём", "Double Raise",
                  {"effect": "resurrect", "target": {"choose": "creature", "side": "own", "zone": "grave"}},
                  {"effect": "resurrect", "target": {"choose": "creature", "side": "own", "zone": "grave"}})
    pos = position(p0={"coins": 1, "hand": [{"card": "s_twice", "name": "tw"}], "grave": [{"card": "t_knight", "name": "k"}]},
                   cards=[twice])
    events = pos.run("play card=$tw targets=$k,$k")
    assert pos.zone("k") == "play" and [e["dest"] for e in events if e["t"] == "move" and e["card"] == pos.id("k")] == ["play"]


def test_cannot_abilities_forbid_use_and_targeting() -> None:
    # CR 514.2: «Не [текст]» / «Не может [текст]» is a constant ability that forbids: a directed strike
    # allows no defender; protection from spells forbids being chosen by the spell's controller.
    pos = position(p0={"coins": 2, "hand": [{"card": "t_bolt", "name": "bolt"}], "play": [{"card": "t_lurker", "name": "l"}]},
                   p1={"play": [{"card": "t_soldier", "name": "s"},
                                {"card": "t_knight", "name": "k", "effects": [{"keyword": "protection", "from": "spells"}]}]})
    pos.run("attack attacker=$l target=$p1hero")
    assert pos.g.pending.kind == "main" and pos.wounds("p1hero") == 2
    assert not pos.can("play card=$bolt targets=$k") and pos.can("play card=$bolt targets=$s")


def test_tapping_a_tapped_card_is_legal_but_then_nothing_follows() -> None:
    # CR 514.3: declaring to tap a tapped card (or open an open one) is legal; a compound ability goes on,
    # but its «при этом» part does not happen because nothing was done.
    nudge = spell("s_nudge", "Толчок", "Nudge",
                  {"effect": "tap", "target": {"choose": "creature", "side": "enemy"}},
                  {"effect": "draw", "count": 1, "then": True},
                  {"effect": "gain_prayers", "count": 1})
    pos = position(p0={"coins": 2, "hand": [{"card": "s_nudge", "name": "n"}, {"card": "s_nudge", "name": "n2"}],
                       "deck": SPARE},
                   p1={"play": [{"card": "t_soldier", "name": "tired", "tapped": True}, {"card": "t_soldier", "name": "fresh"}]},
                   cards=[nudge])
    assert pos.can("play card=$n targets=$tired")
    pos.run("play card=$n targets=$tired")
    assert len(pos.g.players[0].hand) == 1 and pos.g.players[0].prayers == 1
    pos.run("play card=$n2 targets=$fresh")
    assert pos.card("fresh").tapped and len(pos.g.players[0].hand) == 1 and pos.g.players[0].prayers == 2


# ---------------------------------------------------------------------- 515: protection; 516 (515.x): prevention
def test_protection_stops_wounds_but_not_what_comes_with_them() -> None:
    # CR 515.1 (protection): a card protected from [X] takes no wounds from X, but the other effects of X
    # still apply — the viper's strike wounds nothing and still poisons.
    pos = position(p0={"play": [{"card": "t_viper", "name": "v"}]},
                   p1={"play": [{"card": "t_soldier", "name": "s", "tapped": True,
                                 "effects": [{"keyword": "protection", "from": "strikes"}]}]})
    pos.run("attack attacker=$v target=$s")
    assert pos.wounds("s") == 0 and pos.card("s").poison == 1


def test_protection_from_spells_only_stops_targeting() -> None:
    # CR 515.2 (protection): protection from spells means the spell's controller cannot choose the card;
    # spells without targets still wound it.
    quake = spell("s_quake", "Землетрясение", "Earthquake", {"effect": "damage", "amount": 1, "target": {"all": "creature"}})
    pos = position(p0={"coins": 3, "hand": [{"card": "t_bolt", "name": "bolt"}, {"card": "s_quake", "name": "q"}]},
                   p1={"play": [{"card": "t_knight", "name": "k", "effects": [{"keyword": "protection", "from": "spells"}]}]},
                   cards=[quake])
    assert not any(a.startswith(f"play card={pos.id('bolt')}") for a in pos.legal())
    pos.run("play card=$q")
    assert pos.wounds("k") == 1


def test_prevention_lowers_wounds_not_the_strike_and_comes_last() -> None:
    # CR 515.1 (prevention): prevention lowers the number of wounds, not the strike; CR 515.2 (prevention):
    # it is used after the final number of wounds is known (here after Уязвимость's +1);
    # CR 515.5: it comes from a constant ability and applies when it matters.
    pos = position(p0={"play": [{"card": "t_soldier", "name": "s"}]},
                   p1={"play": [{"card": "t_knight", "name": "k", "tapped": True,
                                 "effects": [{"keyword": "vulnerable"}, {"keyword": "armor", "value": 2}]}]})
    assert pos.g.attack_strike(pos.id("s"), pos.id("k")) == 2
    events = pos.run("attack attacker=$s target=$k")
    assert {"t": "prevented", "card": pos.id("k"), "amount": 2, "why": "armor"} in events
    assert pos.wounds("k") == 1  # 2 + 1 (Уязвимость) - 2 (Броня)


def test_prevention_may_be_used_in_part_and_keeps_the_rest() -> None:
    # CR 515.4: a prevention used in part keeps its unused amount for later wounds.
    pos = position(p0={"play": [{"card": "t_scout", "name": "a"}, {"card": "t_soldier", "name": "b"}]},
                   p1={"play": [{"card": "t_knight", "name": "k", "tapped": True,
                                 "effects": [{"keyword": "armor", "value": 2}]}]})
    pos.run("attack attacker=$a target=$k")
    assert pos.wounds("k") == 0 and pos.card("k").armor_used == 1
    pos.run("attack attacker=$b target=$k")
    assert pos.wounds("k") == 1 and pos.card("k").armor_used == 2


BULWARK = support("s_bulwark", "Общий щит", "Shared Shield", "armor",
                  {"aura": "grant", "keyword": "armor", "value": 2, "affects": {"all": "creature", "side": "own"}})
PLATE = support("s_plate", "Латы", "Plate", "armor", {"aura": "lives", "amount": 1, "affects": {"all": "hero", "side": "own"}})


def test_prevention_ends_when_its_source_leaves_play() -> None:
    # CR 515.6: once the card that gives a prevention leaves play, the prevention no longer applies.
    pos = position(p0={"play": [{"card": "t_soldier", "name": "a"}, {"card": "t_soldier", "name": "b"}]},
                   p1={"coins": 1, "deck": SPARE, "hand": [{"card": "s_plate", "name": "plate"}],
                       "play": [{"card": "s_bulwark", "name": "bw"}, {"card": "t_soldier", "name": "s", "tapped": True}]},
                   cards=[BULWARK, PLATE])
    pos.run("attack attacker=$a target=$s")
    assert pos.wounds("s") == 0
    pos.run("end", "play card=$plate", "end")
    assert pos.zone("bw") == "grave"  # a second armour support replaced it (CR 211.2)
    pos.run("attack attacker=$b target=$s")
    assert pos.wounds("s") == 2


# ---------------------------------------------------------------------- 516: replacement
def test_instead_effects_replace_the_event() -> None:
    # CR 516.1: «[1], вместо этого – [2]» replaces an awaited event: a created card bound for the deck goes
    # to the supply instead.
    exile = spell("s_exile", "Ссылка", "Banish", {"effect": "return_to_deck", "target": ANY_CREATURE})
    pos = position(p0={"coins": 3, "hand": [{"card": "s_exile", "name": "ex"}, {"card": "t_summoner", "name": "sum"}]},
                   cards=[exile])
    pos.g.players[0].coins = 6
    pos.run("play card=$sum")
    water = next(c.id for c in pos.g.cards.values() if c.card == "elemental_water")
    pos.run(f"play card=$ex targets={water}")
    assert pos.g.cards[water].zone == "supply" and water not in pos.g.players[0].deck


def test_no_wounds_from_and_wounds_only_from_are_replacements() -> None:
    # CR 516.1.1: «не получает ран от» and «получает раны только от» replace wounds: Немёртвый takes no
    # wounds from a strike, only from its own ability; CR 516.1.2: they are constant — nothing is
    # declared, the Queue is not used.
    pos = position(p0={"coins": 2, "play": [{"card": "t_knight", "name": "k"}]},
                   p1={"play": [{"card": "t_ghost", "name": "g", "tapped": True}]})
    events = pos.run("attack attacker=$k target=$g")
    assert pos.zone("g") == "play" and pos.wounds("g") == 0
    assert {"t": "prevented", "card": pos.id("g"), "amount": 3, "why": "undead"} in events
    assert not any(e["t"] in ("trigger", "resolved") for e in events)
    pos.run("wound_undead card=$g x=1")
    assert pos.zone("g") == "grave"


def test_replacement_acts_only_while_the_ability_resolves() -> None:
    # CR 516.2: a replacement applies only to abilities resolving after it exists; done wounds stay.
    ward = spell("s_ward", "Оберег гор", "Mountain Ward",
                 {"effect": "grant", "keyword": "protection", "from": "mountains", "target": {"choose": "creature"},
                  "until": "game"})
    pos = position(p0={"coins": 5, "hand": [{"card": "t_bolt", "name": "b1"}, {"card": "t_bolt", "name": "b2"},
                                            {"card": "s_ward", "name": "w"}]},
                   p1={"play": [{"card": "t_berserker", "name": "z"}]}, cards=[ward])
    pos.run("play card=$b1 targets=$z", "play card=$w targets=$z")
    assert pos.wounds("z") == 3
    pos.g.players[0].tapped_coins = 0
    pos.run("play card=$b2 targets=$z")
    assert pos.wounds("z") == 3 and pos.zone("z") == "play"


# ---------------------------------------------------------------------- 517: cancelling
def test_a_cancelled_spell_is_paid_and_goes_to_the_graveyard() -> None:
    # CR 517.1: a cancel waits for a spell being played and cancels it: it is paid and goes to the graveyard.
    # CR 517.2: its targets were already chosen; all its abilities leave the Queue.
    # CR 517.3: what comes with the cancel happens outside the Queue, at once.
    pos = position(p0={"coins": 3, "hand": [{"card": "t_bolt", "name": "bolt"}]},
                   p1={"coins": 1, "play": [{"card": "t_warden", "name": "w"}, {"card": "t_soldier", "name": "s"}]})
    pos.run("play card=$bolt targets=$s")
    assert pos.g.queue[0].targets == [pos.id("s")]
    events = pos.run(f"declare trigger={tid(pos, 'w')}")
    assert {"t": "cancel", "card": pos.id("bolt"), "by": pos.id("w")} in events
    assert pos.zone("bolt") == "grave" and pos.g.players[0].open_coins == 1
    assert pos.wounds("s") == 0 and pos.zone("w") == "grave" and pos.g.players[1].coins == 0
    assert not pos.g.queue


# ---------------------------------------------------------------------- 518: taking cards into the squad
def test_five_ways_to_take_a_card_into_the_squad() -> None:
    # CR 518.1: playing, summoning, resurrecting, taking control and creating all bring a card into your
    # squad; CR 518.2: the player who plays a card controls it.
    summon = spell("s_call", "Зов", "Call", {"effect": "summon", "filter": {"max_cost": 2}})
    make = spell("s_make", "Сотворение", "Making", {"effect": "create", "card": "elemental_fire"})
    pos = position(p0={"coins": 20, "hand": [{"card": "t_soldier", "name": "played"}, {"card": "s_call", "name": "call"},
                                             {"card": "t_raise", "name": "raise"}, {"card": "t_charm", "name": "charm"},
                                             {"card": "s_make", "name": "make"}],
                       "deck": [{"card": "t_scout", "name": "summoned"}],
                       "grave": [{"card": "t_knight", "name": "raised"}]},
                   p1={"play": [{"card": "t_soldier", "name": "taken"}]}, cards=[summon, make])
    pos.run("play card=$played", "play card=$call", "choose cards=$summoned", "play card=$raise targets=$raised",
            "play card=$charm targets=$taken", "play card=$make")
    made = next(c.id for c in pos.g.cards.values() if c.card == "elemental_fire")
    for cid in [pos.id(r) for r in ("played", "summoned", "raised", "taken")] + [made]:
        c = pos.g.cards[cid]
        assert c.zone == "play" and c.controller == 0 and cid in pos.g.players[0].play and not c.tapped


HUNTER = creature("s_tracker", "Следопыт", "Tracker",
                  on("death", {"effect": "summon", "filter": {"max_cost": 1}}))


def test_summoning_looks_through_the_deck_and_shuffles_anyway() -> None:
    # CR 518.3: summoning takes a card from your own deck into play, open, under your control.
    # CR 518.3.1: looking through the deck is part of it; finding nothing (or not wanting to) cancels it, and
    # the deck is shuffled either way. CR 518.3.2: a trigger that summons may be skipped as if no card fit.
    pos = position(p0={"coins": 5, "hand": [{"card": "t_doom", "name": "doom"}]},
                   p1={"deck": [{"card": "t_scout", "name": "scout"}, "t_knight"],
                       "play": [{"card": "s_tracker", "name": "tr"}]}, cards=[HUNTER])
    pos.run("play card=$doom targets=$tr")
    assert pos.g.pending.kind == "choose" and pos.g.decider == 1 and pos.g.pending.min == 0
    events = pos.run("choose cards=")
    assert pos.zone("scout") == "deck" and any(e["t"] == "shuffle" and e["player"] == 1 for e in events)
    pos = position(p0={"coins": 5, "hand": [{"card": "t_doom", "name": "doom"}]},
                   p1={"deck": [{"card": "t_knight", "name": "big"}, {"card": "t_scout", "name": "scout"}],
                       "play": [{"card": "s_tracker", "name": "tr"}]}, cards=[HUNTER])
    pos.run("play card=$doom targets=$tr")
    assert pos.g.pending.options == [pos.id("scout")]  # only from its own deck, only what fits
    events = pos.run("choose cards=$scout")
    sc = pos.card("scout")
    assert sc.zone == "play" and sc.controller == 1 and not sc.tapped
    assert any(e["t"] == "shuffle" and e["player"] == 1 for e in events)


def test_resurrection_defaults() -> None:
    # CR 518.4: resurrecting takes a card from your own graveyard into play, open, under your control.
    pos = position(p0={"coins": 4, "hand": [{"card": "t_raise", "name": "r"}], "grave": [{"card": "t_knight", "name": "k"}]},
                   p1={"grave": [{"card": "t_knight", "name": "theirs"}]})
    assert not pos.can("play card=$r targets=$theirs")
    pos.run("play card=$r targets=$k")
    k = pos.card("k")
    assert k.zone == "play" and k.controller == 0 and not k.tapped


def test_taking_control_moves_the_card_to_your_squad() -> None:
    # CR 518.5: taking control makes you the controlling player; the opponent stops controlling it.
    pos = position(p0={"coins": 6, "hand": [{"card": "t_charm", "name": "c"}]},
                   p1={"play": [{"card": "t_soldier", "name": "s"}]})
    pos.run("play card=$c targets=$s")
    s = pos.card("s")
    assert s.controller == 0 and s.owner == 1
    assert pos.id("s") in pos.g.players[0].play and pos.id("s") not in pos.g.players[1].play


def test_created_cards_enter_open_under_control_and_move_like_cards() -> None:
    # CR 518.6: a created card is put into play open under your control; CR 518.6.1: it moves to the hand
    # or graveyard like any card (to the deck it goes to the supply, CR 7 Созданный).
    bounce = spell("s_bounce", "Отброс", "Bounce", {"effect": "return_to_hand", "target": ANY_CREATURE})
    pos = position(p0={"coins": 10, "hand": [{"card": "t_summoner", "name": "sum"}, {"card": "s_bounce", "name": "b"},
                                             {"card": "t_bolt", "name": "bolt"}]}, cards=[bounce])
    pos.run("play card=$sum")
    water = next(c.id for c in pos.g.cards.values() if c.card == "elemental_water")
    w = pos.g.cards[water]
    assert w.zone == "play" and w.controller == 0 and not w.tapped
    pos.run(f"play card=$b targets={water}")
    assert w.zone == "hand" and water in pos.g.players[0].hand
    pos.g.players[0].tapped_coins = 0
    pos.run(f"play card={water}", f"play card=$bolt targets={water}")
    assert w.zone == "grave" and water in pos.g.players[0].grave


# ---------------------------------------------------------------------- 519: as fully as possible
def test_abilities_do_as_much_as_they_can() -> None:
    # CR 519.1: a declared ability is carried out as far as possible; CR 519.3: draw or show X with fewer
    # cards in the deck takes what there is; CR 519.4: discard X with fewer in hand discards all.
    big = spell("s_big", "Большая жатва", "Great Harvest",
                {"effect": "mill", "count": 3, "player": "opponent"},
                {"effect": "draw", "count": 3},
                {"effect": "discard", "count": 3, "player": "opponent"})
    pos = position(p0={"coins": 1, "hand": [{"card": "s_big", "name": "big"}], "deck": ["t_soldier"]},
                   p1={"deck": ["t_soldier", "t_knight"], "hand": ["t_bolt", "t_bolt"]}, cards=[big])
    pos.run("play card=$big")
    assert not pos.g.players[1].deck and len(pos.g.players[1].grave) == 2
    assert len(pos.g.players[0].hand) == 1 and not pos.g.players[0].deck
    assert pos.g.pending.kind == "choose" and pos.g.pending.min == pos.g.pending.max == 2
    pos.run(f"choose cards={','.join(map(str, pos.g.players[1].hand))}")
    assert not pos.g.players[1].hand and len(pos.g.players[1].grave) == 4


def test_healing_more_than_the_wounds_removes_them_all() -> None:
    # CR 519.2: healing X removes all wounds when there are fewer than X.
    pos = position(p0={"hero": "t_hero_dark", "prayers": 2, "play": [{"card": "t_knight", "name": "k", "wounds": 1}]})
    events = pos.run("activate card=$p0hero ability=1 targets=$k")
    assert pos.wounds("k") == 0 and {"t": "heal", "card": pos.id("k"), "amount": 1} in events
