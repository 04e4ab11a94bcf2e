"""CR 201-211: zones (play, hand, deck, graveyard, supply) and card types (heroes, creatures, spells,
supports)."""

from __future__ import annotations

import pathlib

import pytest

from engine.content import load_pool
from engine.core.errors import CardDataError
from engine.heroes.carddef import parse_card
from engine.heroes.game import HeroesGame
from engine.heroes.registry import SUPPORT_SUBTYPES
from engine.heroes.state import ZONES
from tests.helpers import position

SPARE = ["t_soldier"] * 4
TEST_DATA = pathlib.Path(__file__).resolve().parents[1] / "data"


def creature(cid: str, ru: str, en: str, *abilities: dict, strike: int = 1, lives: int = 3, cost: int = 2) -> dict:
    return {"id": cid, "name": {"ru": ru, "en": en}, "type": "creature", "cost": cost, "strike": strike,
            "lives": lives, "abilities": list(abilities)}


def spell(cid: str, ru: str, en: str, *effects: dict, cost: int = 1) -> dict:
    return {"id": cid, "name": {"ru": ru, "en": en}, "type": "spell", "cost": cost, "effects": list(effects)}


def support(cid: str, ru: str, en: str, subtype: str, *abilities: dict, cost: int = 1) -> dict:
    return {"id": cid, "name": {"ru": ru, "en": en}, "type": "support", "subtype": subtype, "cost": cost,
            "abilities": list(abilities)}


ANY_CREATURE = {"choose": "creature"}
DRAW = {"effect": "draw", "count": 1}
MOURNER = creature("s_mourner", "Плакальщик", "Mourner", {"trigger": "ally_dies", "effects": [DRAW]}, lives=5)


# ---------------------------------------------------------------------- 201-202: zones, play
def test_the_zones_and_a_cards_way_through_them() -> None:
    # CR 201.1: play, hand, deck and graveyard (plus the supply of CR 206); a creature goes from hand to
    # play to graveyard, a spell from hand to graveyard.
    assert {"play", "hand", "deck", "grave", "supply"} <= set(ZONES)
    pos = position(p0={"coins": 9, "hand": [{"card": "t_soldier", "name": "s"}, {"card": "t_bolt", "name": "bolt"}]},
                   turn=3)
    pos.run("play card=$s")
    assert pos.zone("s") == "play"
    pos.run("play card=$bolt targets=$s")
    assert pos.zone("s") == "grave" and pos.zone("bolt") == "grave"
    assert pos.g.players[0].grave == [pos.id("bolt"), pos.id("s")]  # the spell went first, on top of it the soldier


def test_play_is_shared_and_the_other_zones_are_each_players_own() -> None:
    # CR 201.2: one play zone; each player has their own hand, deck and graveyard — a card taken over
    # still dies into its owner's graveyard and its owner's deck.
    pos = position(p0={"coins": 9, "hand": [{"card": "t_doom", "name": "doom"}],
                       "play": [{"card": "t_soldier", "name": "taken", "owner": 1}]},
                   p1={"play": [{"card": "t_soldier", "name": "theirs"}]}, turn=3)
    assert pos.id("taken") in pos.g.players[0].play and pos.card("taken").owner == 1
    # p0's doom can only target enemy creatures: the one p0 controls is not among them
    assert not pos.can("play card=$doom targets=$taken")
    pos.g.destroy(pos.id("taken"))
    assert pos.id("taken") in pos.g.players[1].grave and pos.id("taken") not in pos.g.players[0].grave


def test_heroes_start_in_play() -> None:
    # CR 202.1: a new game has both heroes in the play zone before anything else happens.
    pool = load_pool([TEST_DATA], builtin=False)
    g = HeroesGame.new(pool, [("t_hero_steppe", SPARE * 3), ("t_hero_dark", SPARE * 3)], seed=3, check_decks=False)
    assert [g.cards[p.hero].zone for p in g.players] == ["play", "play"]
    assert all(g.cards[cid].zone == "deck" for p in g.players for cid in p.deck)


def test_abilities_work_only_in_play() -> None:
    # CR 202.2: a card's abilities work while it is in play and on cards in play: in hand the blade
    # gives nothing, the mourner draws nothing, the archer cannot shoot.
    pos = position(p0={"coins": 9, "hand": [{"card": "t_blade", "name": "blade"}, {"card": "s_mourner", "name": "m"},
                                            {"card": "t_archer", "name": "ar"}],
                       "play": [{"card": "t_scout", "name": "s"}, {"card": "t_soldier", "name": "s2"}], "deck": SPARE},
                   p1={"play": [{"card": "t_berserker", "name": "big"}]}, turn=3, cards=[MOURNER])
    assert pos.strike("s") == 1
    assert not [a for a in pos.legal() if a.startswith(f"activate card={pos.id('ar')}")]
    hand = len(pos.g.players[0].hand)
    pos.run("attack attacker=$s2 target=$big")
    assert pos.zone("s2") == "grave" and len(pos.g.players[0].hand) == hand
    pos.run("play card=$blade")
    assert pos.strike("s") == 2


# ---------------------------------------------------------------------- 203: hand
def test_a_cards_own_cost_ability_works_in_hand_and_in_play() -> None:
    # CR 203.2: «this card costs 2 less» works in hand (it is played for 2) and in play (its cost is 2
    # there too, so «cost 2 or less» finds it); it lowers no other card.
    modest = creature("s_modest", "Скромник", "Modest One",
                      {"aura": "cost", "amount": -2, "affects": "self"}, cost=4)
    cheap_bane = spell("s_cheapbane", "Отсев", "Sifting", {"effect": "destroy", "target": {
        "choose": "creature", "filter": {"max_cost": 2}}})
    pos = position(p0={"coins": 2, "hand": [{"card": "s_modest", "name": "m"}, {"card": "s_modest", "name": "m2"},
                                            {"card": "t_knight", "name": "k"}]},
                   p1={"coins": 1, "hand": [{"card": "s_cheapbane", "name": "bane"}], "deck": SPARE},
                   turn=3, cards=[modest, cheap_bane])
    assert pos.g.cost(pos.id("m")) == 2 and pos.g.cost(pos.id("k")) == 4
    pos.run("play card=$m")
    assert pos.zone("m") == "play" and pos.g.players[0].open_coins == 0
    assert pos.g.cost(pos.id("m")) == 2 and pos.g.cost(pos.id("m2")) == 2  # no help from the one in play
    pos.run("end")
    assert pos.can("play card=$bane targets=$m")


def test_a_cost_ability_for_other_cards_does_not_work_from_hand() -> None:
    # CR 203.3: the amulet cheapens your creatures costing 3+ from play, not from hand — and not itself.
    pos = position(p0={"coins": 9, "hand": [{"card": "t_charm_amulet", "name": "am"}, {"card": "t_knight", "name": "k"}]},
                   turn=3)
    assert pos.g.cost(pos.id("k")) == 4
    pos.run("play card=$am")
    assert pos.g.cost(pos.id("k")) == 3


def test_a_card_sent_to_hand_goes_to_its_owner_as_a_new_card() -> None:
    # CR 203.4: back to its owner's hand, without effects and markers; played again it is a new card
    # (its attack of this turn forgotten).
    recall = spell("s_back", "Возврат", "Send Back", {"effect": "return_to_hand", "target": ANY_CREATURE}, cost=0)
    pos = position(p0={"coins": 9, "hand": [{"card": "s_back", "name": "r"}, {"card": "s_back", "name": "r2"}],
                       "play": [{"card": "t_raider", "name": "raider", "wounds": 1, "effects": [{"strike": 2}]},
                                {"card": "t_soldier", "name": "taken", "owner": 1, "poison": 1}]},
                   turn=3, cards=[recall])
    pos.run("attack attacker=$raider target=$p1hero")
    pos.run("play card=$r targets=$raider", "play card=$r2 targets=$taken")
    assert pos.id("taken") in pos.g.players[1].hand
    for ref in ("raider", "taken"):
        c = pos.card(ref)
        assert (c.wounds, c.effects, c.poison, c.used, c.tapped) == (0, [], 0, {}, False)
    pos.run("play card=$raider")  # Рывок: it may attack at once — as a new card it has not attacked yet
    assert pos.can("attack attacker=$raider target=$p1hero")


# ---------------------------------------------------------------------- 204: deck
def test_looking_through_the_deck_shuffles_it() -> None:
    # CR 204.2, CR 204.3: a search looks through the deck, so the deck is shuffled afterwards; drawing or
    # milling from the top looks at nothing and leaves the order alone.
    pos = position(p0={"coins": 2, "hand": [{"card": "t_seek", "name": "seek"}, {"card": "t_study", "name": "study"}],
                       "deck": [{"card": "t_scout", "name": "top"}, "t_soldier", "t_soldier", "t_knight",
                                {"card": "t_soldier", "name": "bottom"}]},
                   p1={"play": [{"card": "t_soldier", "name": "e"}],
                       "deck": [{"card": "t_scout", "name": "their_top"}, {"card": "t_knight", "name": "their_2nd"}]},
                   turn=3)
    events = pos.run("play card=$study")
    assert not [e for e in events if e["t"] == "shuffle"]
    assert pos.zone("top") == "hand" and pos.zone("their_top") == "grave"
    assert pos.g.players[1].deck == [pos.id("their_2nd")]
    pos.run("play card=$seek targets=$e")
    assert pos.g.pending.kind == "choose"
    events = pos.run(f"choose cards={pos.g.pending.options[0]}")
    assert {"t": "shuffle", "player": 0} in events


def test_a_card_sent_to_a_deck_goes_to_its_owners_deck() -> None:
    # CR 204.4: it goes into its owner's deck (shuffled in, CR 204.3), without effects and markers (a
    # created card goes to the supply instead: CR 206.1 below).
    pos = position(p0={"coins": 9, "hand": [{"card": "t_exile", "name": "ex"}],
                       "play": [{"card": "t_soldier", "name": "taken", "owner": 1, "wounds": 1}]},
                   p1={"deck": SPARE}, turn=3)
    events = pos.run("play card=$ex targets=$taken")
    assert pos.id("taken") in pos.g.players[1].deck and pos.card("taken").wounds == 0
    assert {"t": "shuffle", "player": 1} in events


# ---------------------------------------------------------------------- 205: graveyard
def test_the_graveyard_stacks_in_arrival_order_and_takes_more_than_the_dead() -> None:
    # CR 205.1, CR 205.3: destroyed cards and played spells go on top of their owner's graveyard in the order
    # they come and stay in that order; a card put there from deck or hand is not destroyed (no death
    # triggers).
    mourner = creature("s_mourner2", "Вечный плакальщик", "Endless Mourner",
                       {"trigger": "ally_dies", "each_time": True, "effects": [DRAW]}, lives=5)
    pos = position(p0={"coins": 9, "hand": [{"card": "t_bolt", "name": "bolt"}, {"card": "t_study", "name": "study"}],
                       "deck": SPARE},
                   p1={"play": [{"card": "t_soldier", "name": "sc"}, {"card": "s_mourner2", "name": "m"}],
                       "deck": ["t_soldier", {"card": "t_soldier", "name": "milled"}, "t_soldier"]},
                   turn=3, cards=[mourner])
    pos.run("play card=$bolt targets=$sc")
    assert pos.g.players[0].grave == [pos.id("bolt")]
    assert pos.g.players[1].grave == [pos.id("sc")]
    assert len(pos.g.players[1].hand) == 1  # the death made the mourner draw
    hand = len(pos.g.players[1].hand)
    pos.run("play card=$study")
    assert pos.g.players[1].grave == [pos.id("sc"), pos.id("milled")]
    assert pos.g.players[0].grave == [pos.id("bolt"), pos.id("study")]
    assert len(pos.g.players[1].hand) == hand  # a milled card is not a death


def test_the_graveyard_keeps_incarnation_and_once_per_turn_marks() -> None:
    # CR 205.4: a card goes to its owner's graveyard; there it loses effects and markers except a gained
    # Инкарнация and the «X раз за ход» marks — a creature that attacked, died and came back the same
    # turn has still attacked.
    revive = spell("s_revive", "Оживление", "Revival", {"effect": "resurrect", "target": {
        "choose": "creature", "zone": "grave"}}, cost=0)
    pos = position(p0={"coins": 9, "hand": [{"card": "s_revive", "name": "rv"}],
                       "play": [{"card": "t_raider", "name": "r", "effects": [
                           {"keyword": "incarnation", "value": 2, "until": "game"}, {"keyword": "armor", "value": 1}]},
                           {"card": "t_soldier", "name": "taken", "owner": 1}]},
                   p1={"play": [{"card": "t_berserker", "name": "big"}]}, turn=3, cards=[revive])
    pos.run("attack attacker=$r target=$big")
    assert pos.zone("r") == "grave" and pos.card("r").used == {"attack": 1}
    assert [e["kw"] for e in pos.card("r").effects] == ["incarnation"]
    pos.g.destroy(pos.id("taken"))
    assert pos.id("taken") in pos.g.players[1].grave
    pos.run("play card=$rv targets=$r")
    assert pos.zone("r") == "play" and pos.refused("attack attacker=$r target=$p1hero").code == "attacked"


def test_created_cards_return_to_the_supply() -> None:
    # CR 206.1: the supply holds coins and cards to create; a created card that would go to a deck goes
    # back there, and no ability reaches it in the supply.
    pos = position(p0={"coins": 9, "hand": [{"card": "t_exile", "name": "ex"}, {"card": "s_maker", "name": "maker"}]},
                   turn=3, cards=[creature("s_maker", "Творец", "Maker", {"trigger": "enter", "effects": [
                       {"effect": "create", "card": "elemental_fire"}]})])
    pos.run("play card=$maker")
    made = next(c.id for c in pos.g.cards.values() if c.card == "elemental_fire")
    assert pos.g.cards[made].zone == "play"
    pos.run(f"play card={pos.id('ex')} targets={made}")
    assert pos.g.cards[made].zone == "supply"
    assert not [a for a in pos.legal() if a.endswith(f"targets={made}")]


# ---------------------------------------------------------------------- 207: card types
def test_card_types_have_their_basic_properties() -> None:
    # CR 207.1: heroes, creatures, supports (weapon, armour, amulet, terrain, event) and spells.
    # CR 207.2: a creature has cost, lives and strike. CR 207.3: a hero only lives. CR 207.4: supports
    # and spells only a cost.
    assert SUPPORT_SUBTYPES == ("weapon", "armor", "amulet", "terrain", "event")
    cases = [
        ({"id": "x_c", "name": {"ru": "С", "en": "C"}, "type": "creature", "cost": 1, "lives": 2}, "strike"),
        ({"id": "x_h", "name": {"ru": "Г", "en": "H"}, "type": "hero", "lives": 20, "strike": 2}, "strike"),
        ({"id": "x_s", "name": {"ru": "П", "en": "S"}, "type": "support", "subtype": "weapon", "cost": 1,
          "lives": 2}, "lives"),
        ({"id": "x_z", "name": {"ru": "З", "en": "Z"}, "type": "spell", "cost": 1, "strike": 1,
          "effects": [DRAW]}, "strike"),
        ({"id": "x_t", "name": {"ru": "Т", "en": "T"}, "type": "support", "subtype": "relic", "cost": 1}, "subtype"),
    ]
    for data, field in cases:
        with pytest.raises(CardDataError) as info:
            parse_card(data, "x.toml")
        assert info.value.field == field, data
    ok = parse_card({"id": "x_ok", "name": {"ru": "Т", "en": "T"}, "type": "support", "subtype": "terrain", "cost": 2},
                    "x.toml")
    assert (ok.cost, ok.lives, ok.strike) == (2, 0, 0)


# ---------------------------------------------------------------------- 208-209: heroes, creatures
def test_heroes_stay_in_play_all_game() -> None:
    # CR 208.1: nothing removes a hero from play: «destroy a character» or «return to hand» on it does
    # nothing.
    smite = spell("s_smite", "Кара", "Smite", {"effect": "destroy", "target": {"choose": "character"}}, cost=0)
    away = spell("s_away", "Прочь", "Away", {"effect": "return_to_hand", "target": {"choose": "character"}}, cost=0)
    pos = position(p0={"hand": [{"card": "s_smite", "name": "sm"}, {"card": "s_away", "name": "aw"}]}, turn=3,
                   cards=[smite, away])
    pos.run("play card=$sm targets=$p1hero", "play card=$aw targets=$p1hero")
    assert pos.zone("p1hero") == "play" and not pos.g.is_over


def test_heroes_take_wounds_and_effects_and_pay_with_tapping() -> None:
    # CR 208.2: a hero gets wounds and effects. CR 208.3: its abilities are paid by tapping the hero and
    # its coins; a tapped hero cannot use them again.
    gift = spell("s_aegis", "Эгида", "Aegis", {"effect": "grant", "keyword": "armor", "value": 1,
                                               "target": {"choose": "hero", "side": "own"}}, cost=0)
    pos = position(p0={"coins": 4, "hand": [{"card": "s_aegis", "name": "ae"}]},
                   p1={"play": [{"card": "t_soldier", "name": "s"}, {"card": "t_scout", "name": "s2"}]}, turn=3, cards=[gift])
    pos.run("play card=$ae targets=$p0hero")
    assert pos.g.kw_value(pos.id("p0hero"), "armor") == 1
    pos.g.deal(pos.id("p0hero"), 2, source=None, kind="ability")
    assert pos.wounds("p0hero") == 2
    pos.run("activate card=$p0hero ability=0 targets=$s")
    assert pos.card("p0hero").tapped and pos.g.players[0].open_coins == 2
    assert not [a for a in pos.legal() if a.startswith(f"activate card={pos.id('p0hero')}")]


def test_creatures_attack_enemy_characters_and_defend() -> None:
    # CR 209.1: a creature attacks an enemy character (hero or creature — not a support, not its own
    # side), takes wounds and defends.
    pos = position(p0={"play": [{"card": "t_soldier", "name": "s"}, {"card": "t_soldier", "name": "friend"}]},
                   p1={"play": [{"card": "t_soldier", "name": "e"}, {"card": "t_soldier", "name": "guard"},
                                {"card": "t_blade", "name": "blade"}]}, turn=3)
    targets = {int(a.split("target=")[1]) for a in pos.legal() if a.startswith(f"attack attacker={pos.id('s')}")}
    assert targets == {pos.id("p1hero"), pos.id("e"), pos.id("guard")}
    pos.run("attack attacker=$s target=$p1hero", "defend card=$guard")
    assert pos.wounds("guard") == 2 and pos.zone("s") == "grave" and pos.wounds("p1hero") == 0  # 2+1 blade


def test_first_turn_weakness_stops_every_activated_ability() -> None:
    # CR 209.2: on the turn a creature appears in play or changes controller it can neither strike nor
    # use any activated ability — even one that does not tap it.
    pos = position(p0={"coins": 9, "hand": [{"card": "t_duelist", "name": "new"}, {"card": "t_charm", "name": "charm"}]},
                   p1={"play": [{"card": "t_duelist", "name": "old"}, {"card": "t_soldier", "name": "e"}]}, turn=3)
    pos.run("play card=$new")
    assert pos.refused("activate card=$new ability=0 targets=$e").code == "weakness"
    pos.run("play card=$charm targets=$old")
    assert pos.card("old").controller == 0
    assert pos.refused("activate card=$old ability=0 targets=$e").code == "weakness"
    assert pos.refused("attack attacker=$old target=$p1hero").code == "weakness"


# ---------------------------------------------------------------------- 210: spells
def test_a_spell_is_a_cost_and_a_list_of_abilities() -> None:
    # CR 210.1: a spell has a cost and spell abilities — no activated, triggered or constant ones.
    bad = {"id": "x_sp", "name": {"ru": "З", "en": "S"}, "type": "spell", "cost": 1, "effects": [DRAW],
           "abilities": [{"activate": {"coins": 1}, "effects": [DRAW]}]}
    with pytest.raises(CardDataError) as info:
        parse_card(bad, "x.toml")
    assert info.value.field == "abilities"


def test_playing_a_spell_pays_it_and_puts_it_in_the_graveyard() -> None:
    # CR 210.2: pay the cost; the spell goes to the graveyard and its abilities into the Queue, in order;
    # it can be played only when every ability of it can be declared.
    both = spell("s_both", "Двойной удар", "Double Hit", {"effect": "damage", "amount": 1, "target": {
        "choose": "creature", "side": "enemy"}}, {"effect": "heal", "amount": 1, "target": {
        "choose": "creature", "side": "own", "filter": {"wounded": True}}}, cost=2)
    for wounded in (0, 1):
        pos = position(p0={"coins": 3, "hand": [{"card": "s_both", "name": "b"}],
                           "play": [{"card": "t_soldier", "name": "mine", "wounds": wounded}]},
                       p1={"play": [{"card": "t_soldier", "name": "e"}]}, turn=3, cards=[both])
        # with nobody of yours wounded the second ability has no target, so the spell cannot be played
        assert bool([a for a in pos.legal() if a.startswith("play")]) == bool(wounded)
    events = pos.run("play card=$b targets=$e,$mine")
    kinds = [e["t"] for e in events]
    assert kinds.index("move") < kinds.index("wound") < kinds.index("heal")
    assert pos.zone("b") == "grave" and pos.g.players[0].open_coins == 1


def test_a_spell_ability_whose_target_is_gone_is_skipped() -> None:
    # CR 210.3: an ability of the spell that became illegal by the time it leaves the Queue is skipped;
    # the next abilities of the spell still happen.
    twice = spell("s_twice", "Двойная молния", "Twin Lightning",
                  {"effect": "damage", "amount": 3, "target": {"choose": "creature"}},
                  {"effect": "damage", "amount": 1, "target": {"choose": "creature"}}, DRAW, cost=0)
    pos = position(p0={"hand": [{"card": "s_twice", "name": "tw"}], "deck": SPARE},
                   p1={"play": [{"card": "t_soldier", "name": "s"}]}, turn=3, cards=[twice])
    hand = len(pos.g.players[0].hand)
    events = pos.run("play card=$tw targets=$s,$s")
    assert pos.zone("s") == "grave" and not [e for e in events if e["t"] == "interrupted"]
    assert len(pos.g.players[0].hand) == hand - 1 + 1


# ---------------------------------------------------------------------- 211: supports
def test_a_support_enters_play_and_works_there() -> None:
    # CR 211.1: pay its cost; from hand it goes into play and starts to work.
    pos = position(p0={"coins": 2, "hand": [{"card": "t_mail", "name": "mail"}]}, turn=3)
    assert pos.lives("p0hero") == 20
    pos.run("play card=$mail")
    assert pos.zone("mail") == "play" and pos.lives("p0hero") == 21 and pos.g.players[0].open_coins == 0


def test_one_support_of_each_subtype() -> None:
    # CR 211.2: a new support destroys its player's old one of the same subtype; different subtypes and
    # the opponent's supports stay.
    blade2 = support("s_axe", "Топор", "Axe", "weapon", {"aura": "strike", "amount": 2,
                                                         "affects": {"all": "creature", "side": "own"}})
    pos = position(p0={"coins": 9, "hand": [{"card": "s_axe", "name": "axe"}],
                       "play": [{"card": "t_blade", "name": "blade"}, {"card": "t_mail", "name": "mail"}]},
                   p1={"play": [{"card": "t_blade", "name": "their_blade"}]}, turn=3, cards=[blade2])
    pos.run("play card=$axe")
    assert pos.zone("blade") == "grave" and pos.zone("mail") == "play" and pos.zone("their_blade") == "play"


def test_a_support_taken_under_control_replaces_the_takers_own() -> None:
    # CR 211.2 with CR 518.1: taking control of a support takes it into your squad, so your old support of
    # that subtype is destroyed as if you had played the new one.
    grab = spell("s_grab", "Присвоение", "Appropriation",
                 {"effect": "take_control", "target": {"choose": "support", "side": "enemy"}})
    pos = position(p0={"coins": 1, "hand": [{"card": "s_grab", "name": "grab"}],
                       "play": [{"card": "t_blade", "name": "blade"}, {"card": "t_mail", "name": "mail"}]},
                   p1={"play": [{"card": "t_blade", "name": "their_blade"}]}, turn=3, cards=[grab])
    pos.run("play card=$grab targets=$their_blade")
    assert pos.card("their_blade").controller == 0 and pos.zone("their_blade") == "play"
    assert pos.zone("blade") == "grave" and pos.zone("mail") == "play"


def test_supports_cannot_be_attacked_or_wounded() -> None:
    # CR 211.3: no attack can pick a support, and wounds do not land on it.
    zap = spell("s_zapall", "Разряд по всему", "Zap Everything", {"effect": "damage", "amount": 2,
                                                                  "target": {"all": "card"}}, cost=0)
    pos = position(p0={"hand": [{"card": "s_zapall", "name": "z"}], "play": [{"card": "t_soldier", "name": "s"}]},
                   p1={"play": [{"card": "t_blade", "name": "blade"}, {"card": "t_wall", "name": "w"}]}, turn=3,
                   cards=[zap])
    assert not pos.can("attack attacker=$s target=$blade")
    pos.run("play card=$z")
    assert pos.zone("blade") == "play" and pos.wounds("w") == 2 and pos.card("blade").wounds == 0
