"""CR part 3: the preparation stage, the start of the turn, the main stage and the end of the turn.

Each test names the rule it checks (``CR 301.4``) and asserts what the rule requires.
"""

from __future__ import annotations

import pathlib
import random

from engine.content import load_pool
from engine.core.events import Outcome
from engine.heroes import actions as A
from engine.heroes import events as E
from engine.heroes.game import HeroesGame
from tests.helpers import position

POOL = load_pool([pathlib.Path(__file__).resolve().parents[1] / "data"])
DECK = ["t_soldier", "t_knight", "t_raider", "t_archer", "t_healer", "t_viper", "t_bolt", "t_scout"] * 2
SPARE = ["t_soldier"] * 4  # cards to draw, so a passing turn never fails a draw


def new_game(seed: int = 1) -> HeroesGame:
    return HeroesGame.new(POOL, [("t_hero_steppe", list(DECK)), ("t_hero_dark", list(DECK))], seed=seed,
                          check_decks=False)


def started(seed: int = 1, first: bool = True) -> HeroesGame:
    """A new game after the order choice and two empty mulligans: the first turn is on."""
    g = new_game(seed)
    g.apply(A.ChooseOrder(first=first))
    g.apply(A.Mulligan(cards=()))
    g.apply(A.Mulligan(cards=()))
    return g


# ---------------------------------------------------------------------- 301: preparation
def test_preparation_happens_once_per_game() -> None:
    # CR 301.1: the preparation stage (order, mulligan) is done once; later turns never ask for it again.
    g = started(seed=2)
    rng = random.Random(2)
    kinds = set()
    for _ in range(150):
        if g.is_over:
            break
        kinds.add(g.pending.kind)
        g.apply(rng.choice(g.legal_actions()))
    assert g.turn >= 3
    assert not kinds & {"order", "mulligan"}


def test_preparation_steps_come_in_order() -> None:
    # CR 301.2: the steps go in the given order — die roll, order choice, shuffle, deal, mulligan.
    g = new_game(seed=1)
    assert [e.kind for e in g.setup_events] == ["die", "die"]
    assert g.pending.kind == "order"
    events = g.apply(A.ChooseOrder(first=True))
    kinds = [e.kind for e in events if e.kind in ("order", "shuffle", "draw")]
    assert kinds == ["order", "shuffle", "shuffle", "draw", "draw"]
    assert g.pending.kind == "mulligan"


def test_heroes_start_in_play_and_decks_beside_them() -> None:
    # CR 301.3: heroes lie face up in the play zone, the decks next to them.
    g = new_game()
    for i, pl in enumerate(g.players):
        hero = g.cards[pl.hero]
        assert hero.zone == "play" and not hero.hidden and hero.owner == i
        assert len(pl.deck) == len(DECK) and not pl.hand and not pl.play


def test_die_roll_winner_chooses_the_order_and_ties_reroll() -> None:
    # CR 301.4: both roll; the higher roll chooses to go first or second; equal rolls are rolled again.
    for seed in range(40):
        g = new_game(seed)
        rolls = [e.value for e in g.setup_events]
        pairs = list(zip(rolls[::2], rolls[1::2], strict=True))
        assert all(a == b for a, b in pairs[:-1]) and pairs[-1][0] != pairs[-1][1]
        winner = 0 if pairs[-1][0] > pairs[-1][1] else 1
        assert g.pending.to_dict() == {"kind": "order", "player": winner}
        assert g.legal_actions() == [A.ChooseOrder(first=True), A.ChooseOrder(first=False)]
    tie = new_game(3)
    assert len(tie.setup_events) == 4  # seed 3 ties once, then rolls again
    g = new_game(1)
    chooser = g.decider
    g.apply(A.ChooseOrder(first=False))
    assert g.first == 1 - chooser


def test_decks_are_shuffled_before_the_deal() -> None:
    # CR 301.5: each deck is shuffled into a random, unknown order.
    orders = set()
    for seed in range(6):
        g = new_game(seed)
        before = list(g.players[0].deck)
        g.apply(A.ChooseOrder(first=True))
        pl = g.players[0]
        orders.add(tuple(g.cards[c].card for c in pl.hand + pl.deck))
        assert sorted(pl.hand + pl.deck) == sorted(before)
    assert len(orders) > 1


def test_each_player_is_dealt_four_top_cards() -> None:
    # CR 301.6: each player takes the top 4 cards of their deck as the deal.
    g = new_game(5)
    events = g.apply(A.ChooseOrder(first=True))
    for i, pl in enumerate(g.players):
        assert len(pl.hand) == 4 and len(pl.deck) == len(DECK) - 4
        assert E.Drew(player=i, count=4) in events


def test_mulligan_puts_cards_under_the_deck_and_redraws_once() -> None:
    # CR 301.7: unwanted cards go under the deck in the chosen order, the hand is refilled from the top;
    # the step is done at most once.
    g = new_game(7)
    g.apply(A.ChooseOrder(first=True))
    p = g.decider
    pl = g.players[p]
    back = (pl.hand[2], pl.hand[0])
    keep = [pl.hand[1], pl.hand[3]]
    top = pl.deck[:2]
    g.apply(A.Mulligan(cards=back))
    g.apply(A.Mulligan(cards=()))
    assert pl.deck[-2:] == list(back)
    assert sorted(pl.hand) == sorted(keep + top)
    assert g.pending.kind == "main"  # no second mulligan
    assert not any(isinstance(a, A.Mulligan) for a in g.legal_actions())


def test_first_player_declares_the_mulligan_first() -> None:
    # CR 301.7.1: the first player declares first, then the second; both mulligans happen after that.
    g = new_game(4)
    g.apply(A.ChooseOrder(first=False))
    first = g.first
    assert g.pending.to_dict() == {"kind": "mulligan", "player": first}
    hand_first = list(g.players[first].hand)
    g.apply(A.Mulligan(cards=(hand_first[0],)))
    assert g.pending.to_dict() == {"kind": "mulligan", "player": 1 - first}
    assert g.players[first].hand == hand_first  # nothing is swapped until both have declared
    g.apply(A.Mulligan(cards=()))
    assert hand_first[0] not in g.players[first].hand and g.players[first].deck[-1] == hand_first[0]


def test_the_deal_becomes_the_hand() -> None:
    # CR 301.8: after the mulligans the dealt cards are the player's hand and the game begins.
    g = new_game(6)
    g.apply(A.ChooseOrder(first=True))
    dealt = [list(pl.hand) for pl in g.players]
    g.apply(A.Mulligan(cards=()))
    g.apply(A.Mulligan(cards=()))
    assert [pl.hand for pl in g.players] == dealt
    assert all(g.cards[c].zone == "hand" for h in dealt for c in h)
    assert g.phase == "main"


# ---------------------------------------------------------------------- 302-304: the start of the turn
def test_turn_start_has_restoration_then_accumulation() -> None:
    # CR 302.1, CR 302.2: every turn begins with the restoration phase (cards open) and then the
    # accumulation phase (a coin, a card); CR 303.4: restoration passes to accumulation.
    pos = position(p0={"coins": 2, "deck": SPARE}, p1={"coins": 2, "tapped_coins": 2, "deck": SPARE,
                                                       "play": [{"card": "t_soldier", "name": "s", "tapped": True}]})
    events = pos.run("end")
    kinds = [e["t"] for e in events]
    assert kinds.index("turn") < kinds.index("coins") < kinds.index("draw")
    assert not pos.card("s").tapped
    assert pos.g.players[1].coins == 3 and pos.g.players[1].open_coins == 3
    assert len(pos.g.players[1].hand) == 1


def test_first_turn_belongs_to_the_first_player() -> None:
    # CR 302.3: on the first turn the first player is active, the second one is not.
    for choose_first in (True, False):
        g = started(seed=1, first=choose_first)
        assert g.turn == 1 and g.active == g.first and g.decider == g.first
        assert g.pending.kind == "main"


def test_until_start_of_turn_effects_end_in_restoration() -> None:
    # CR 303.1: effects «до начала хода» end when the turn of the player who made them starts.
    pos = position(p0={"deck": SPARE}, p1={"deck": SPARE, "play": [
        {"card": "t_soldier", "name": "s", "effects": [{"set_strike": 0, "until": "next_turn", "by": 0}]}]})
    assert pos.strike("s") == 0
    pos.run("end")
    assert pos.strike("s") == 0  # the opponent's turn: still on
    pos.run("end")
    assert pos.g.active == 0 and pos.strike("s") == 2


def test_restoration_opens_cards_hero_and_coins_of_the_active_player() -> None:
    # CR 303.2: the active player opens all their cards in play, the hero, and all coins.
    pos = position(
        p0={"hero": {"card": "t_hero_steppe", "tapped": True}, "deck": SPARE,
            "play": [{"card": "t_soldier", "name": "mine", "tapped": True}]},
        p1={"hero": {"card": "t_hero_dark", "tapped": True}, "coins": 3, "tapped_coins": 3, "deck": SPARE,
            "play": [{"card": "t_soldier", "name": "theirs", "tapped": True},
                     {"card": "t_blade", "name": "blade"}]})
    pos.card("blade").tapped = True
    pos.run("end")
    assert not pos.card("theirs").tapped and not pos.card("p1hero").tapped and not pos.card("blade").tapped
    assert pos.g.players[1].tapped_coins == 0
    assert pos.card("mine").tapped and pos.card("p0hero").tapped  # not the inactive player's cards


def test_times_per_turn_markers_reset() -> None:
    # CR 303.3: «X раз за ход» abilities may be used X times again; so may the strike attack.
    pos = position(p0={"coins": 4, "deck": SPARE, "play": [
        {"card": "t_festival", "name": "fest"}, {"card": "t_soldier", "name": "s"}]}, p1={"deck": SPARE})
    pos.run("activate card=$fest ability=0 targets=$s", "attack attacker=$s target=$p1hero")
    assert pos.refused("activate card=$fest ability=0 targets=$s").code == "used"
    pos.run("end", "end")
    assert pos.g.active == 0
    assert pos.can("activate card=$fest ability=0 targets=$s")
    assert pos.can("attack attacker=$s target=$p1hero")


def test_accumulation_gives_a_coin_below_ten() -> None:
    # CR 304.1: a player with fewer than 10 coins gets one more; with 10 they get none.
    pos = position(p0={"deck": SPARE}, p1={"coins": 9, "deck": SPARE})
    pos.run("end")
    assert pos.g.players[1].coins == 10
    pos.run("end", "end")
    assert pos.g.players[1].coins == 10


def test_accumulation_draws_except_the_first_players_first_turn() -> None:
    # CR 304.2: the active player draws a card, except on the first turn of the first player.
    g = started(seed=3)
    first = g.first
    assert len(g.players[first].hand) == 4 and g.players[first].coins == 1
    g.apply(A.EndTurn())
    assert len(g.players[1 - first].hand) == 5
    g.apply(A.EndTurn())
    assert len(g.players[first].hand) == 5


def test_third_failed_draw_loses() -> None:
    # CR 304.2: an empty deck means no card; the third such failure in a game loses.
    pos = position(p0={"deck": SPARE}, p1={"failed_draws": 1})
    pos.run("end")
    assert pos.g.players[1].failed_draws == 2 and not pos.g.is_over
    pos.run("end", "end")
    assert pos.g.outcome == Outcome(winner=0, reason="deck")


def test_accumulation_reveals_hidden_creatures_of_the_players_choice() -> None:
    # CR 304.3: the player reveals at once all hidden cards they want to reveal.
    pos = position(p0={"deck": SPARE}, p1={"deck": SPARE, "play": [
        {"card": "t_lurker", "name": "a", "hidden": True}, {"card": "t_lurker", "name": "b", "hidden": True}]})
    pos.run("end")
    assert pos.g.pending.kind == "reveal" and pos.g.decider == 1
    assert pos.can("reveal cards=$a,$b") and pos.can("reveal cards=")
    pos.run("reveal cards=$a")
    assert not pos.card("a").hidden and pos.card("b").hidden
    assert pos.can("attack attacker=$a target=$p0hero")


def test_turn_start_triggers_enter_the_queue() -> None:
    # CR 304.4: «в начале хода» triggered abilities go into the Queue in accumulation.
    pos = position(p0={"deck": SPARE}, p1={"deck": SPARE, "play": [{"card": "t_festival", "name": "fest"}]})
    events = pos.run("end")
    assert any(e["t"] == "trigger" and e["source"] == pos.id("fest") for e in events)
    assert pos.g.players[1].temp_coins == 1


def test_empty_queue_ends_accumulation_and_starts_main() -> None:
    # CR 304.5, CR 305.2: with the Queue empty the game moves to the main stage, into the choice phase.
    pos = position(p0={"deck": SPARE}, p1={"deck": SPARE, "play": [
        {"card": "t_soldier", "name": "sick", "poison": 1}, {"card": "t_festival"}]})
    pos.run("end")
    assert pos.g.pending.kind == "triggers" and pos.g.phase == "start"  # two triggers to order
    tids = [t.tid for t in pos.g.waiting]
    pos.run(f"declare trigger={tids[0]}")
    assert not pos.g.queue and not pos.g.waiting
    assert pos.g.phase == "main" and pos.g.pending.to_dict() == {"kind": "main", "player": 1}


# ---------------------------------------------------------------------- 306-309: the main stage
def test_choice_phase_offers_attack_ability_play_or_pass() -> None:
    # CR 306.1: the active player chooses to attack, use an activated ability, play a card or pass.
    pos = position(p0={"coins": 5, "hand": ["t_bolt", "t_soldier"], "deck": SPARE,
                       "play": ["t_archer", "t_soldier"]},
                   p1={"play": ["t_soldier"], "deck": SPARE})
    legal = pos.g.legal_actions()
    kinds = {type(a) for a in legal}
    assert kinds == {A.Attack, A.Activate, A.Play, A.EndTurn}
    pos.run("end")
    assert pos.g.active == 1 and pos.g.turn == 2


def test_strike_attack_declares_attacker_and_target_then_defender() -> None:
    # CR 307.1: the active player names attacker and target, the inactive one may assign a defender,
    # then the attack resolves at once.
    pos = position(p0={"play": [{"card": "t_knight", "name": "k"}]},
                   p1={"play": [{"card": "t_soldier", "name": "g"}]})
    pos.run("attack attacker=$k target=$p1hero")
    assert pos.g.pending.kind == "defender" and pos.g.decider == 1
    assert pos.wounds("p1hero") == 0
    pos.run("no_defense")
    assert pos.wounds("p1hero") == 3


STRIKE_MAY = {"id": "s_cheer", "name": {"ru": "Запевала", "en": "Cheerleader"}, "type": "creature",
              "cost": 2, "strike": 2, "lives": 3,
              "abilities": [{"trigger": "strike", "may": True, "effects": [{"effect": "gain_coins", "count": 1}]}]}


def test_after_the_fight_triggers_enter_the_queue_and_taps_wait() -> None:
    # CR 307.2: after the fight its triggers go into the Queue; CR 307.3: only when the Queue is empty
    # do the attacker and defender tap; CR 307.4: then back to the choice phase.
    pos = position(p0={"coins": 1, "play": [{"card": "s_cheer", "name": "c"}]},
                   p1={"play": [{"card": "t_soldier", "name": "g"}]}, cards=[STRIKE_MAY])
    pos.run("attack attacker=$c target=$p1hero", "defend card=$g")
    assert pos.g.pending.kind == "triggers" and pos.wounds("g") == 2
    assert not pos.card("c").tapped and not pos.card("g").tapped  # the Queue is not empty yet
    tid = pos.g.waiting[0].tid
    pos.run(f"declare trigger={tid}")
    assert pos.g.players[0].coins == 2
    assert pos.card("c").tapped and pos.card("g").tapped
    assert pos.g.pending.to_dict() == {"kind": "main", "player": 0}


WOUND_WATCH = {"id": "s_sentinel", "name": {"ru": "Чуткий страж", "en": "Wary Sentinel"}, "type": "creature",
               "cost": 2, "strike": 1, "lives": 4,
               "abilities": [{"trigger": "wounded", "effects": [{"effect": "gain_coins", "count": 1}]}]}


def test_activated_ability_resolves_then_its_triggers() -> None:
    # CR 308.1: the active player names card and ability; it enters the Queue and resolves at once.
    # CR 308.2: then the triggers it set off; CR 308.3: then the choice phase again.
    pos = position(p0={"play": [{"card": "t_archer", "name": "a"}]},
                   p1={"play": [{"card": "s_sentinel", "name": "s"}]}, cards=[WOUND_WATCH])
    events = pos.run("activate card=$a ability=0 targets=$s")
    kinds = [e["t"] for e in events]
    assert kinds.index("activate") < kinds.index("wound") < kinds.index("trigger")
    assert pos.wounds("s") == 2 and pos.g.players[1].coins == 1
    assert pos.card("a").tapped
    assert pos.g.pending.to_dict() == {"kind": "main", "player": 0} and not pos.g.queue


def test_playing_cards_spells_resolve_and_entry_triggers_follow() -> None:
    # CR 309.1: a spell's abilities go into the Queue and resolve at once; CR 309.2: once the card is in
    # play (or the spell resolved) its triggers enter the Queue; CR 309.3: back to the choice phase.
    pos = position(p0={"coins": 6, "hand": [{"card": "t_bolt", "name": "bolt"}, {"card": "t_healer", "name": "h"}],
                       "play": [{"card": "t_soldier", "name": "hurt", "wounds": 2}]},
                   p1={"play": [{"card": "s_sentinel", "name": "s"}]}, cards=[WOUND_WATCH])
    events = pos.run("play card=$bolt targets=$s")
    kinds = [e["t"] for e in events]
    assert kinds.index("play") < kinds.index("wound") < kinds.index("trigger")
    assert pos.wounds("s") == 3 and pos.g.players[1].coins == 1 and pos.zone("bolt") == "grave"
    assert pos.g.pending.to_dict() == {"kind": "main", "player": 0}
    pos.run("play card=$h")
    assert pos.zone("h") == "play" and pos.g.pending.kind == "triggers"  # Найм: choose whom to heal
    tid = pos.g.waiting[0].tid
    pos.run(f"declare trigger={tid} targets=$hurt")
    assert pos.wounds("hurt") == 0 and pos.g.pending.to_dict() == {"kind": "main", "player": 0}


# ---------------------------------------------------------------------- 310 (315.x): the end of the turn
END_MAY = {"id": "s_vesper", "name": {"ru": "Вечерний звонарь", "en": "Vesper Ringer"}, "type": "creature",
           "cost": 2, "strike": 1, "lives": 2,
           "abilities": [{"trigger": "turn_end", "may": True, "effects": [{"effect": "gain_prayers", "count": 1}]}]}


def test_end_of_turn_triggers_then_until_end_effects_then_the_turn_passes() -> None:
    # CR 315.1: declaring the end puts «в конце хода» triggers into the Queue; CR 315.2: only when the
    # Queue is empty do «до конца хода» effects end; CR 315.3: then the players swap roles.
    pos = position(p0={"deck": SPARE, "temp_coins": 1, "play": [
        {"card": "s_vesper", "name": "v", "effects": [{"strike": 2, "until": "turn"}]}]},
        p1={"deck": SPARE}, cards=[END_MAY])
    pos.run("end")
    assert pos.g.pending.kind == "triggers" and pos.g.active == 0
    assert pos.strike("v") == 3 and pos.g.players[0].temp_coins == 1  # still this turn
    tid = pos.g.waiting[0].tid
    pos.run(f"declare trigger={tid}")
    assert pos.g.players[0].prayers == 1
    assert pos.strike("v") == 1 and pos.g.players[0].temp_coins == 0
    assert pos.g.active == 1 and pos.g.turn == 2 and pos.g.decider == 1
