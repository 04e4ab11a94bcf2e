"""Timed games in the engine: the recorded limit, the runner's time-out and what each book says follows.

Classic 2007 7.3 (the squad that costs more wins), 7.4 (equal costs: a draw); «Герои» CR 603.1 (3) (the turn in
progress ends, each player takes the extra turns, then a draw). The engine keeps no clock: the time-out carries
the runner's reading, checked against the limit the game recorded (engine/core/timing.py).
"""

from __future__ import annotations

import pytest
from classic_support import ALL_CARDS, DECKS, position
from helpers import position as heroes_position

from engine import find_ruleset
from engine.classic import ClassicGame, Placement
from engine.classic import actions as CA
from engine.core.errors import IllegalAction
from engine.core.timing import TimeLimit, TimeOut, clock_text
from engine.heroes import actions as HA
from engine.heroes.game import HeroesGame

LIMIT = TimeLimit(seconds=1800)


def _refused(game, action) -> IllegalAction:
    before = game.state_hash()
    with pytest.raises(IllegalAction) as exc:
        game.apply(action)
    assert game.state_hash() == before, "a refused time-out changed the state"
    assert exc.value.reason("ru") and exc.value.reason("en")
    return exc.value


def timed_classic(*placements, seconds: int = 1800) -> ClassicGame:
    g = position(*placements)
    g.time_limit = TimeLimit(seconds=seconds)
    return g


# ------------------------------------------------------------------------------------------ the limit itself
def test_a_limit_is_whole_seconds_in_range_and_round_trips():
    assert TimeLimit.from_dict(TimeLimit(seconds=600, extra_turns=3).to_dict()) == TimeLimit(600, 3)
    for bad in ({"seconds": 10, "extra_turns": 0}, {"seconds": 600, "extra_turns": 12},
                {"seconds": True, "extra_turns": 0}, {"seconds": 600}, {"seconds": 600.5, "extra_turns": 0}, []):
        with pytest.raises(ValueError):
            TimeLimit.from_dict(bad)
    assert clock_text(65) == "1:05" and clock_text(3725) == "1:02:05" and clock_text(-3) == "0:00"


@pytest.mark.parametrize("name", ["classic", "heroes"])
def test_the_time_out_is_an_action_of_each_ruleset_with_a_text_form(name):
    codec = find_ruleset(name).codec
    act = codec.parse("time_out elapsed=1800")
    assert act == TimeOut(elapsed=1800) and str(act) == "time_out elapsed=1800"
    assert TimeOut in (CA.META_ACTIONS if name == "classic" else HA.META_ACTIONS)


# ------------------------------------------------------------------------------------------ classic 2007 7.3–7.4
def test_classic_costlier_squad_wins_when_the_time_is_out():
    # 2007 7.3: a technical victory to the player whose squad under his control costs more in crystals; a gold
    # crystal counts as a silver one, so the elite brute (7 gold) loses to 5 + 3 silver
    g = timed_classic((0, "c_guard", (1, 1)), (0, "c_runner", (1, 2)), (1, "c_brute", (4, 2)))
    assert ALL_CARDS["c_brute"].elite
    events = g.apply(TimeOut(elapsed=1800))
    assert [e.kind for e in events] == ["time_out", "squads_counted", "game_over"]
    assert events[1].costs == [8, 7]
    assert g.outcome.winner == 0 and g.outcome.reason == "time_squad"
    assert g.decider is None and g.legal_actions() == []


def test_classic_equal_squads_draw_when_the_time_is_out():
    # 2007 7.4: equal costs in crystals, gold counted as silver (5 + 2 silver against the elite brute's 7): a draw
    g = timed_classic((0, "c_guard", (1, 1)), (0, "c_scout", (1, 2)), (1, "c_brute", (4, 2)), seconds=600)
    events = g.apply(TimeOut(elapsed=601))
    assert events[1].costs == [7, 7]
    assert g.outcome.winner is None and g.outcome.reason == "time_equal"


def test_classic_squad_cost_counts_every_card_in_play_and_no_dead_one():
    # 2007 7.3: the squad under his control: flyers and terrain in the additional zone count, the graveyard not
    flyer = next(c for c in ALL_CARDS.values() if c.flyer and not c.symbiote)
    terrain = next(c for c in ALL_CARDS.values() if c.type == "terrain")
    g = ClassicGame.from_position(ALL_CARDS, [
        Placement(owner=0, card="c_guard", at=(1, 1)), Placement(owner=0, card=flyer.id, at=None),
        Placement(owner=0, card=terrain.id, at=None), Placement(owner=1, card="c_brute", at=(4, 2))])
    assert g.squad_cost(0) == ALL_CARDS["c_guard"].cost + flyer.cost + terrain.cost
    g.creatures[1].zone, g.creatures[1].at = "grave", None  # the guard dies
    assert g.squad_cost(0) == flyer.cost + terrain.cost


def test_classic_time_out_during_recruiting_counts_the_cards_recruited():
    # 2007 3.6: a recruited card is in play; so the time may run out while the squads are built (2007 7.3)
    g = ClassicGame.start(ALL_CARDS, [DECKS["mixed"], DECKS["plain"]], seed=3)
    g.time_limit = LIMIT
    g.apply(next(a for a in g.legal_actions() if isinstance(a, CA.GoFirst)))
    recruit = next(a for a in g.legal_actions() if isinstance(a, CA.Recruit))
    g.apply(recruit)
    p = g.pending.player
    cost = ALL_CARDS[g.instances[recruit.card][1]].cost
    assert g.squad_cost(p) == cost and g.squad_cost(1 - p) == 0
    g.apply(TimeOut(elapsed=1800))
    assert g.outcome.winner == p and g.outcome.reason == "time_squad"


def test_classic_time_out_is_refused_untimed_early_or_after_the_end():
    g = position((0, "c_guard", (1, 1)), (1, "c_guard", (4, 2)))
    assert _refused(g, TimeOut(elapsed=99999)).code == "untimed"
    g.time_limit = LIMIT
    early = _refused(g, TimeOut(elapsed=1799))
    assert early.code == "time_left" and "29:59" in early.reason("ru") and "30:00" in early.reason("en")
    assert _refused(g, TimeOut(elapsed=-1)).code == "elapsed"
    g.apply(CA.Concede(player=1))
    assert _refused(g, TimeOut(elapsed=1800)).code == "game_over"


def test_classic_time_out_is_accepted_whoever_decides_and_mid_stack():
    # the runner's declaration, not a player's: it is taken at any decision (here the defender's choice)
    g = timed_classic((0, "c_brute", (2, 2)), (1, "c_guard", (3, 2)), (1, "c_scout", (3, 3)))
    g.apply(CA.Strike(attacker=1, target=2))
    assert g.decider is not None
    g.apply(TimeOut(elapsed=1800))
    assert g.is_over and g.outcome.reason.startswith("time")


def test_classic_timed_state_round_trips_and_untimed_state_has_no_clock_field():
    g = timed_classic((0, "c_guard", (1, 1)), (1, "c_guard", (4, 2)))
    data = g.to_dict()
    assert data["time_limit"] == {"seconds": 1800, "extra_turns": 0}
    again = ClassicGame.from_dict(data)
    assert again.time_limit == LIMIT and again.to_dict() == data and g.clone().time_limit == LIMIT
    assert "time_limit" not in position((0, "c_guard", (1, 1)), (1, "c_guard", (4, 2))).to_dict()


# ------------------------------------------------------------------------------------------ «Герои» CR 603.1 (3)
DECK = ["t_soldier"] * 12  # enough to draw through the extra turns without failing a draw (CR 304.2)


def timed_heroes(extra: int = 3):
    pos = heroes_position({"deck": DECK}, {"deck": DECK}, turn=5)
    pos.g.time_limit = TimeLimit(seconds=1200, extra_turns=extra)
    return pos


def test_heroes_time_out_lets_the_turn_run_on_then_extra_turns_then_a_draw():
    # CR 603.1 (3): the time of the round is out; the current turn ends, each player takes the extra turns
    # (3 here), then the game is drawn as nobody has won
    pos = timed_heroes(3)
    g = pos.g
    events = g.apply(TimeOut(elapsed=1200))
    assert [e.to_dict() for e in events] == [{"elapsed": 1200, "extra_turns": 3, "t": "time_out"}]
    assert g.timed_out == 5 and g.pending.kind == "main" and g.active == 0  # the turn in progress goes on
    assert _refused(g, TimeOut(elapsed=1300)).code == "timed_out"
    players = []
    while not g.is_over:
        assert g.pending.kind == "main", g.pending
        players.append(g.active)
        g.apply(HA.EndTurn())
    assert players == [0, 1, 0, 1, 0, 1, 0]  # the turn in progress, then three of each
    assert g.turn == 5 + 6
    assert g.outcome.winner is None and g.outcome.reason == "time"


def test_heroes_a_win_in_the_extra_turns_stands():
    # CR 603.1 (3): a draw only «если не удалось за дополнительные ходы ни одному из игроков выиграть»
    pos = timed_heroes(1)
    g = pos.g
    g.apply(TimeOut(elapsed=1500))
    g.apply(HA.Concede(player=1))
    assert g.outcome.winner == 0 and g.outcome.reason == "concede"


def test_heroes_time_out_before_the_first_turn_counts_extra_turns_from_it():
    pool = heroes_position().g.pool
    g = HeroesGame.new(pool, [("t_hero_steppe", DECK), ("t_hero_dark", DECK)], seed=4, check_decks=False)
    g.time_limit = TimeLimit(seconds=600, extra_turns=1)
    g.apply(TimeOut(elapsed=600))
    assert g.timed_out == 0 and not g.is_over
    while g.pending.kind != "main":
        g.apply(g.legal_actions()[0])
    g.apply(HA.EndTurn())
    g.apply(HA.EndTurn())
    assert g.outcome.reason == "time" and g.turn == 2
    none = HeroesGame.new(pool, [("t_hero_steppe", DECK), ("t_hero_dark", DECK)], seed=4, check_decks=False)
    none.time_limit = TimeLimit(seconds=600, extra_turns=0)
    none.apply(TimeOut(elapsed=600))
    assert none.outcome.reason == "time" and none.outcome.winner is None


def test_heroes_time_out_is_refused_untimed_or_early():
    pos = heroes_position({"deck": DECK}, {"deck": DECK}, turn=5)
    assert _refused(pos.g, TimeOut(elapsed=5000)).code == "untimed"
    pos.g.time_limit = TimeLimit(seconds=1200, extra_turns=3)
    assert _refused(pos.g, TimeOut(elapsed=1199)).code == "time_left"


def test_heroes_timed_state_round_trips_and_untimed_hash_is_unchanged():
    plain = heroes_position({"deck": DECK}, {"deck": DECK}, turn=5).g
    assert "time_limit" not in plain.to_dict() and "timed_out" not in plain.to_dict()
    pos = timed_heroes(2)
    g = pos.g
    g.apply(TimeOut(elapsed=1200))
    data = g.to_dict()
    assert data["time_limit"] == {"seconds": 1200, "extra_turns": 2} and data["timed_out"] == 5
    again = HeroesGame.from_dict(data, pool=g.pool)
    assert again.to_dict() == data and g.clone().timed_out == 5
