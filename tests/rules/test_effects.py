"""One scenario per effect of the CR part 7 glossary (draw, discard, heal, destroy, move, change, cancel):
a position, actions, expectations. Keywords and triggers are in test_keywords.py."""

from __future__ import annotations

from tests.helpers import position
from tests.rules.cards import creature, spell


def test_draw_and_mill() -> None:
    # CR 7 Возьмите карту, Убрать на кладбище.
    pos = position(p0={"coins": 1, "hand": ["t_study"], "deck": [{"card": "t_soldier", "name": "s"}]},
                   p1={"deck": [{"card": "t_knight", "name": "k"}]})
    pos.run("play card=$t_study")
    assert pos.zone("s") == "hand" and pos.zone("k") == "grave"


def test_discard_is_the_discarding_players_choice() -> None:
    # CR 7 Сбросьте карту: the player chooses from their own hand; CR 519.4 all if fewer.
    pos = position(p0={"coins": 2, "hand": ["t_recall"]},
                   p1={"play": [{"card": "t_soldier", "name": "s"}], "hand": [{"card": "t_bolt", "name": "b"},
                                                                               {"card": "t_study", "name": "st"}]})
    pos.run("play card=$t_recall targets=$s")
    assert pos.zone("s") == "hand"
    assert pos.g.pending.kind == "choose" and pos.g.decider == 1
    pos.run(f"choose cards={pos.id('st')}")
    assert pos.zone("st") == "grave" and pos.zone("b") == "hand"


def test_heal_and_full_heal() -> None:
    # CR 7 Излечить на X: removes X wounds, or all if fewer (CR 519.2).
    pos = position(p0={"coins": 2, "hand": [{"card": "t_healer", "name": "h"}],
                       "play": [{"card": "t_knight", "name": "k", "wounds": 1}]})
    pos.run("play card=$h")
    pos.run(f"declare trigger={pos.g.waiting[0].tid} targets=$k")
    assert pos.wounds("k") == 0


def test_destroy_moves_to_graveyard_without_wounds() -> None:
    # CR 7 Уничтожьте, CR 505.2.
    pos = position(p0={"coins": 5, "hand": ["t_doom"]}, p1={"play": [{"card": "t_knight", "name": "k"}]})
    pos.run("play card=$t_doom targets=$k")
    assert pos.zone("k") == "grave" and pos.card("k").wounds == 0


def test_tap_and_untap() -> None:
    # CR 7 Закройте / Откройте.
    pos = position(p0={"coins": 5, "hand": ["t_seek", "t_exile"], "hero": {"card": "t_hero_steppe", "tapped": True}},
                   p1={"play": [{"card": "t_soldier", "name": "s"}]})
    pos.run("play card=$t_seek targets=$s")
    if pos.g.pending.kind == "choose":
        pos.run("choose")
    assert pos.card("s").tapped
    pos.run("play card=$t_exile targets=$s")
    assert not pos.card("p0hero").tapped


def test_return_to_hand_and_to_deck_lose_effects() -> None:
    # CR 7 Положите в руку / в колоду, CR 203.4, 204.4: effects and markers are lost.
    pos = position(p0={"coins": 6, "hand": ["t_recall", "t_exile"]},
                   p1={"play": [{"card": "t_soldier", "name": "s", "wounds": 1, "poison": 1},
                                {"card": "t_knight", "name": "k"}]})
    pos.run("play card=$t_recall targets=$s")
    pos.run(f"choose cards={pos.id('s')}")  # the opponent discards the only card in hand
    assert pos.zone("s") == "grave" and pos.card("s").wounds == 0 and pos.card("s").poison == 0
    pos.run("play card=$t_exile targets=$k")
    assert pos.zone("k") == "deck"


def test_extra_lives_and_set_lives() -> None:
    # CR 7 Дополнительные жизни (CR 504.2) and Жизни сокращаются до X (CR 504.6).
    pos = position(p0={"coins": 5, "hand": ["t_sanctuary", "t_shrink"],
                       "play": [{"card": "t_knight", "name": "k", "wounds": 2}, {"card": "t_soldier", "name": "s"}]})
    pos.run("play card=$t_sanctuary targets=$s")
    assert pos.lives("k") == 5 and pos.wounds("k") == 2
    pos.run("play card=$t_shrink targets=$k,$k")
    assert pos.lives("k") == 1 and pos.wounds("k") == 0


def test_strike_becomes_x() -> None:
    # CR 7 Удар становится равным X (CR 104.3.1): until the start of the caster's next turn here.
    pos = position(p0={"coins": 2, "hand": ["t_shrink"]}, p1={"play": [{"card": "t_knight", "name": "k"}],
                                                             "deck": ["t_soldier"]})
    pos.run("play card=$t_shrink targets=$k,$k")
    assert pos.strike("k") == 0
    pos.run("end")
    assert pos.strike("k") == 0  # still on the opponent's turn
    pos.run("end")
    assert pos.strike("k") == 3


def test_lose_abilities() -> None:
    # CR 7 Теряет особенности: the printed text stops counting.
    pos = position(p0={"coins": 1, "hand": ["t_hush"], "play": [{"card": "t_soldier", "name": "s"}]},
                   p1={"play": [{"card": "t_knight", "name": "k", "tapped": True}]})
    pos.run("play card=$t_hush targets=$k", "attack attacker=$s target=$k")
    assert pos.wounds("k") == 2  # no more Броня


def test_hide_effect() -> None:
    # CR 7 Скрыться: a creature turns face down.
    pos = position(p0={"coins": 1, "hand": ["t_seek"], "play": [{"card": "t_lurker", "name": "l"}]},
                   p1={"play": [{"card": "t_soldier", "name": "s"}]})
    pos.run("play card=$t_seek targets=$s")
    if pos.g.pending.kind == "choose":
        pos.run("choose")
    assert pos.card("l").hidden


def test_lose_coins_and_temporary_coins() -> None:
    # CR 7 Потеряйте монету, CR 521.4-521.5: temporary coins leave at end of turn without a loss.
    pos = position(p0={"coins": 3, "hand": ["t_daze", "t_rally"], "play": [{"card": "t_soldier", "name": "s"}]},
                   p1={"coins": 2, "play": [{"card": "t_knight", "name": "k"}], "deck": ["t_soldier"]})
    pos.run("play card=$t_daze targets=$k")
    assert pos.g.players[1].coins == 1
    pos.run("play card=$t_rally targets=$s")
    assert pos.g.players[0].temp_coins == 1
    pos.run("end")
    assert pos.g.players[0].temp_coins == 0 and pos.g.players[0].coins == 3


def test_cancel_a_spell() -> None:
    # CR 517: the cancelled spell is paid, lies in the graveyard, and does nothing.
    pos = position(p0={"coins": 2, "hand": ["t_bolt"]},
                   p1={"coins": 1, "play": [{"card": "t_warden", "name": "w"}, {"card": "t_knight", "name": "k"}]})
    pos.run("play card=$t_bolt targets=$k")
    assert pos.g.pending.kind == "triggers" and pos.g.decider == 1
    pos.run(f"declare trigger={pos.g.waiting[0].tid}")
    assert pos.wounds("k") == 0 and pos.zone("t_bolt") == "grave" and pos.g.players[0].open_coins == 0
    assert pos.zone("w") == "grave" and pos.g.players[1].coins == 0


def test_ability_constructor_chain() -> None:
    # CR 523.1: choose a chain of N parts, repeats allowed, carried out in the chosen order.
    pos = position(p0={"coins": 2, "hand": ["t_choices"], "deck": ["t_soldier"],
                       "hero": {"card": "t_hero_steppe", "wounds": 3}})
    pos.run("play card=$t_choices modes=1,1")
    assert pos.wounds("p0hero") == 0
    assert any("modes=0,2" in a for a in position(p0={"coins": 2, "hand": ["t_choices"]}).legal())


def test_grant_aura_with_keyword_filter_and_protection() -> None:
    # CR 115: a constant ability may grant Защита от…; its own filter looks at printed keywords only.
    banner = {"id": "k_banner", "name": {"ru": "k_banner", "en": "k_banner"}, "type": "support", "subtype": "terrain",
              "cost": 1, "abilities": [{"aura": "grant", "keyword": "protection", "from": "shots",
                                        "affects": {"all": "creature", "side": "own",
                                                    "filter": {"keyword": "first_strike"}}}]}
    pos = position(p0={"play": [{"card": "t_archer", "name": "a"}]},
                   p1={"play": ["k_banner", {"card": "t_knight", "name": "k"}, {"card": "t_soldier", "name": "s"}]},
                   cards=[banner])
    assert pos.g.protections(pos.id("k")) == {"shots"} and pos.g.protections(pos.id("s")) == set()
    pos.run("activate card=$a ability=0 targets=$k")
    assert pos.wounds("k") == 0


def test_x_creature_entry_trigger_sees_x() -> None:
    # CR 105.1: X is what the player declared when playing the card.
    hydra = creature("k_hydra", 1, 1, {"trigger": "enter", "effects": [{"effect": "lives", "amount": "X",
                                                                          "target": "self"}]}, cost=1)
    hydra["x_cost"] = True
    pos = position(p0={"coins": 4, "hand": [{"card": "k_hydra", "name": "h"}]}, cards=[hydra])
    pos.run("play card=$h x=3")
    assert pos.lives("h") == 4


def test_each_player_discards_in_turn() -> None:
    # CR 7 Сбросьте карту with «каждый игрок»: each player in turn chooses from their own hand.
    purge = spell("k_purge", {"effect": "discard", "count": 1, "player": "each"})
    pos = position(p0={"coins": 1, "hand": ["k_purge", {"card": "t_bolt", "name": "b0"}]},
                   p1={"hand": [{"card": "t_bolt", "name": "b1"}, {"card": "t_study", "name": "st1"}]}, cards=[purge])
    pos.run("play card=$k_purge")
    # «каждый игрок»: the non-active player first, as with simultaneous triggers (CR 402.1).
    assert pos.g.decider == 1
    pos.run(f"choose cards={pos.id('st1')}")
    assert pos.g.decider == 0 and pos.g.pending.options == [pos.id("b0")]
    pos.run(f"choose cards={pos.id('b0')}")
    assert pos.zone("b0") == "grave" and pos.zone("st1") == "grave" and pos.zone("b1") == "hand"
