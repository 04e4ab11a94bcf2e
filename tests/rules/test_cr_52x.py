"""CR 521-525: coins, the order of number modifiers, the ability constructor, random numbers."""

from __future__ import annotations

from collections import Counter

from engine.core.rng import Rng
from tests.helpers import position

SPARE = ["t_soldier"] * 4


def spell(cid: str, ru: str, en: str, *effects: dict, cost: int = 1, **extra: object) -> dict:
    return {"id": cid, "name": {"ru": ru, "en": en}, "type": "spell", "cost": cost, "effects": list(effects), **extra}


# ---------------------------------------------------------------------- 521: coins; 522: modifiers
def test_coins_pay_for_cards_and_abilities() -> None:
    # CR 521.1 (coins): coins are the main resource, paying for cards and their abilities.
    pos = position(p0={"coins": 4, "hand": [{"card": "t_soldier", "name": "s"}],
                       "play": [{"card": "t_festival", "name": "f"}, {"card": "t_knight", "name": "k"}]})
    pos.run("play card=$s")
    assert pos.g.players[0].open_coins == 2
    pos.run("activate card=$f ability=0 targets=$k")
    assert pos.g.players[0].open_coins == 1 and pos.strike("k") == 4


def test_modifiers_add_first_then_subtract_then_set() -> None:
    # CR 521.1 (modifiers, inside 522): additions, then multiplications, subtractions, divisions, and
    # «set to» modifiers last; CR 522.2: a negative result becomes 0.
    pos = position(p0={"play": [
        {"card": "t_scout", "name": "a", "effects": [{"strike": -3}, {"strike": 2}]},
        {"card": "t_scout", "name": "b", "effects": [{"strike": -5}]},
        {"card": "t_scout", "name": "c", "effects": [{"set_strike": 4}, {"strike": 3}, {"strike": -1}]},
    ]})
    assert pos.strike("a") == 0  # 1 + 2 - 3, not max(0, 1 - 3) + 2
    assert pos.strike("b") == 0
    assert pos.strike("c") == 4
    # «Сведение удара к X» comes after «–X от атаки»: the wall hits another wall for 1, not 0.
    pos = position(p0={"play": [{"card": "t_wall", "name": "w"}]},
                   p1={"play": [{"card": "t_wall", "name": "other", "tapped": True}]})
    assert pos.g.attack_strike(pos.id("w"), pos.id("other")) == 1
    pos.run("attack attacker=$w target=$other")
    assert pos.wounds("other") == 1


def test_coins_come_from_and_go_back_to_the_supply() -> None:
    # CR 521.2: gaining a coin brings one from the supply into play; losing one puts it back.
    pos = position(p0={"coins": 3, "hand": [{"card": "t_daze", "name": "d"}]},
                   p1={"coins": 5, "play": [{"card": "t_soldier", "name": "s"}]})
    events = pos.run("play card=$d targets=$s")
    assert pos.g.players[1].coins == 4 and {"t": "coins", "player": 1, "delta": -1} in events
    assert pos.g.players[0].coins == 3  # paying taps coins; they stay in play


def test_abilities_may_raise_coins_above_ten_but_accumulation_does_not() -> None:
    # CR 521.3: accumulation gives a coin only below 10; abilities may give more.
    rich = spell("s_rich", "Клад", "Hoard", {"effect": "gain_coins", "count": 2})
    pos = position(p0={"coins": 10, "hand": [{"card": "s_rich", "name": "r"}], "deck": SPARE}, p1={"deck": SPARE},
                   cards=[rich])
    pos.run("play card=$r")
    assert pos.g.players[0].coins == 12
    pos.run("end", "end")
    assert pos.g.players[0].coins == 12


def test_temporary_coins_leave_without_counting_as_lost() -> None:
    # CR 521.4: coins given until the end of the turn go back to the supply then; that is no coin loss.
    pos = position(p0={"coins": 3, "hand": [{"card": "t_rally", "name": "r"}], "play": [{"card": "t_soldier", "name": "s"}],
                       "deck": SPARE}, p1={"deck": SPARE})
    pos.run("play card=$r targets=$s")
    assert pos.g.players[0].temp_coins == 1 and pos.g.players[0].open_coins == 2
    events = pos.run("end")
    assert pos.g.players[0].temp_coins == 0 and pos.g.players[0].coins == 3
    assert not any(e["t"] == "coins" and e["player"] == 0 for e in events)


def test_a_player_losing_coins_picks_which() -> None:
    # CR 521.5: a player made to lose a coin chooses which coin goes; the engine picks a closed one,
    # which never costs the player an open coin.
    pos = position(p0={"coins": 3, "hand": [{"card": "t_daze", "name": "d"}]},
                   p1={"coins": 3, "tapped_coins": 2, "play": [{"card": "t_soldier", "name": "s"}]})
    daze = pos.g.pool.cards["t_daze"]
    assert daze.effects[1] == {"effect": "lose_coins", "count": 1, "player": "opponent"}
    pos.run("play card=$d targets=$s")
    assert pos.g.players[1].coins == 2 and pos.g.players[1].open_coins == 1


# ---------------------------------------------------------------------- 523: the ability constructor
def test_constructor_builds_a_chain_in_the_players_order() -> None:
    # CR 523.1: «choose X times from …» makes a chain of X parts, repeats allowed, put in the Queue and
    # resolved in the order the player gave.
    pos = position(p0={"coins": 4, "hero": {"card": "t_hero_steppe", "wounds": 4},
                       "hand": [{"card": "t_choices", "name": "c"}, {"card": "t_choices", "name": "c2"}],
                       "deck": ["t_soldier", "t_bolt"]})
    legal = [a for a in pos.legal() if a.startswith(f"play card={pos.id('c')} ")]
    assert any("modes=0,0" in a for a in legal) and any("modes=2,1" in a for a in legal)
    events = pos.run(f"play card=$c targets={pos.id('p1hero')},{pos.id('p1hero')} modes=0,0")
    assert pos.wounds("p1hero") == 2
    events = pos.run("play card=$c2 modes=2,1")
    kinds = [e["t"] for e in events if e["t"] in ("draw", "heal")]
    assert kinds == ["draw", "heal"] and pos.wounds("p0hero") == 2


def test_a_constructor_spell_needs_legal_targets_for_every_part() -> None:
    # CR 523.2: each part of a constructor spell enters the Queue, so no chain with an illegal part may be
    # chosen; with no chain possible the spell cannot be played.
    pick = {"id": "s_pick", "name": {"ru": "Развилка", "en": "Fork"}, "type": "spell", "cost": 1,
            "modes": {"count": 2, "options": [
                [{"effect": "damage", "amount": 1, "target": {"choose": "creature", "side": "enemy"}}],
                [{"effect": "draw", "count": 1}]]}}
    strict = {"id": "s_strict", "name": {"ru": "Строгий выбор", "en": "Strict Choice"}, "type": "spell", "cost": 1,
              "modes": {"count": 1, "options": [
                  [{"effect": "damage", "amount": 1, "target": {"choose": "creature", "side": "enemy"}}],
                  [{"effect": "destroy", "target": {"choose": "creature", "side": "enemy"}}]]}}
    pos = position(p0={"coins": 2, "hand": [{"card": "s_pick", "name": "p"}, {"card": "s_strict", "name": "st"}],
                       "deck": SPARE}, cards=[pick, strict])
    plays = [a for a in pos.legal() if a.startswith(f"play card={pos.id('p')} ")]
    assert plays == [f"play card={pos.id('p')} modes=1,1"]
    assert not any(a.startswith(f"play card={pos.id('st')} ") for a in pos.legal())


# ---------------------------------------------------------------------- 525: random numbers
def test_random_choices_are_uniform() -> None:
    # CR 525.1: whatever is decided at random uses a uniform distribution: die rolls and shuffles.
    rng = Rng(12345)
    faces = Counter(rng.die() for _ in range(6000))
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert all(850 <= n <= 1150 for n in faces.values()), faces
    tops = Counter()
    for _ in range(4000):
        deck = list(range(8))
        rng.shuffle(deck)
        tops[deck[0]] += 1
    assert set(tops) == set(range(8))
    assert all(380 <= n <= 620 for n in tops.values()), tops
