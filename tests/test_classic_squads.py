"""Classic Hard's recruiting (engine/classic/ai/squads.py): whole squads compared, on look-ahead games in which
the other player recruits with the crystals the rules give him (2022 «Определение количества кристаллов»)."""

from __future__ import annotations

import random

import pytest

from engine.ai import make_bot
from engine.ai.observe import observe
from engine.classic import actions as A
from engine.classic import recruit
from engine.classic.ai import setupplay
from engine.classic.ai.easy import easy_action
from engine.classic.ai.hard import ClassicTree
from engine.classic.ai.observe import determinize
from engine.classic.ai.squads import plans
from engine.classic.game import ClassicGame
from engine.content import load_classic_cards, load_classic_decks

CARDS = load_classic_cards("builtin")
DECKS = load_classic_decks("builtin")
SEEDS = range(6)


def _start(seed: int, edition: str = "2022") -> ClassicGame:
    names = sorted(DECKS)
    a, b = names[seed % len(names)], names[(seed // len(names) + 1) % len(names)]
    return ClassicGame.start(CARDS, [DECKS[a], DECKS[b]], seed=seed, edition=edition)


def _until(g: ClassicGame, stop) -> ClassicGame:
    """Both sides set up by Normal's rules until ``stop(g)`` holds."""
    while not stop(g):
        g.apply(easy_action(g, setup=setupplay.NORMAL))
    return g


def _first_recruits(g: ClassicGame) -> bool:
    return g.pending.kind == "recruit" and g.pending.player == g.first


def _second_recruits(g: ClassicGame) -> bool:
    return g.pending.kind == "recruit" and g.pending.player != g.first


def _squad(g: ClassicGame, p: int) -> list[str]:
    return sorted(g.card_at(i).id for i in g.setup.squads[p])


@pytest.mark.parametrize("edition", ["2022", "2007"])
def test_the_second_player_recruits_with_his_starting_crystals_in_the_first_players_look_ahead(edition) -> None:
    """While the first player recruits, the other has not begun: a re-dealt game gives him the crystals every
    second player starts with (what the observation hides is only what a player has left after recruiting)."""
    for seed in SEEDS:
        g = _until(_start(seed, edition), _first_recruits)
        first = g.first
        obs = observe(g, first)
        assert obs.state["crystals"][1 - first] == [0, 0]  # hidden from the observation itself
        start = list(recruit.starting_crystals(edition, False))
        for k in range(4):
            d = determinize(obs, random.Random(k))
            assert d.crystals[1 - first] == start
            assert d.crystals[first] == g.crystals[first]


def test_what_a_player_has_left_after_recruiting_stays_unknown() -> None:
    """Once the first player has recruited, the second, recruiting, does not learn what the first has left."""
    for seed in SEEDS:
        g = _until(_start(seed), _second_recruits)
        second = g.pending.player
        d = determinize(observe(g, second), random.Random(seed))
        assert d.crystals[1 - second] == [0, 0]
        assert d.crystals[second] == g.crystals[second]


def test_the_first_recruiters_look_ahead_games_give_the_other_player_a_squad() -> None:
    """Played on from the first player's squad, a look-ahead game has the second player recruit a squad of his
    own (with no crystals he took none, lost at once, and every squad of the first looked like a win)."""
    rules = ClassicTree()
    for seed in SEEDS:
        g = _until(_start(seed), _first_recruits)
        obs = observe(g, g.first)
        sim = rules.determinize(obs, random.Random(seed))
        normal = plans(sim, g.first, obs.legal, 8)[0]
        for a in normal:
            sim.apply(a)
        while sim.pending is not None and sim.pending.kind == "recruit":
            sim.apply(rules.policy(sim, None, g.first))
        assert sim.setup is not None and sim.setup.squads[1 - g.first], seed
        assert not sim.is_over


@pytest.mark.parametrize("who", ["first", "second"])
def test_plans_are_whole_squads_each_legal_in_every_re_deal_and_no_two_alike(who) -> None:
    stop = _first_recruits if who == "first" else _second_recruits
    for seed in SEEDS:
        g = _until(_start(seed), stop)
        p = g.pending.player
        obs = observe(g, p)
        found = plans(determinize(obs, random.Random(seed)), p, obs.legal, 8)
        assert 2 <= len(found) <= 8
        # Normal's own squad comes first
        normal = _until(ClassicGame.from_dict(g.to_dict(with_cards=False), cards=g.cards),
                        lambda x, p=p: x.pending.kind != "recruit" or x.pending.player != p)
        squads = set()
        for plan in found:
            assert isinstance(plan[-1], (A.Ready, A.Redeal)) and plan[0] in obs.legal
            assert not any(isinstance(a, (A.Ready, A.Redeal)) for a in plan[:-1])
            for k in range(3):  # the plan is the player's own: legal whatever the other's hidden cards are
                sim = determinize(obs, random.Random(100 * k + seed))
                for a in plan:
                    sim.apply(a)
                if isinstance(plan[-1], A.Ready):
                    squad = _squad(sim, p)
            if isinstance(plan[-1], A.Ready):
                assert tuple(squad) not in squads
                squads.add(tuple(squad))
            if plan is found[0]:
                assert squad == _squad(normal, p)


def test_the_plan_chosen_before_comes_first_while_it_is_open_and_is_dropped_when_it_is_not() -> None:
    g = _until(_start(2), _first_recruits)
    p = g.pending.player
    obs = observe(g, p)
    d = determinize(obs, random.Random(0))
    found = plans(d, p, obs.legal, 8)
    other = found[1]
    assert plans(d, p, obs.legal, 8, previous=other)[0] == other
    stale = (A.Recruit(card=10_000, gold=1, silver=0), A.Ready())
    assert plans(d, p, obs.legal, 8, previous=stale)[0] == found[0]


def test_hard_recruits_by_comparing_squads_and_the_same_seed_chooses_the_same() -> None:
    """A recruiting decision is searched over plans (``plans`` in the figures), deterministically without a
    clock; ``recruit="cards"`` searches the next card in the tree instead, and an unknown way is refused."""
    g = _until(_start(1), _first_recruits)
    obs = observe(g, g.first)
    small = {"budget": None, "max_iterations": 4, "horizon": 2}
    chosen = []
    for _ in range(2):
        bot = make_bot("hard", 3, ruleset="classic", **small)
        chosen.append(bot.choose(obs))
        assert bot.last_stats["plans"] >= 2 and bot.last_stats["iterations"] == 4
    assert chosen[0] == chosen[1] and chosen[0] in obs.legal
    bot = make_bot("hard", 3, ruleset="classic", recruit="cards", **small)
    assert bot.choose(obs) in obs.legal and "plans" not in bot.last_stats
    with pytest.raises(ValueError, match="unknown recruit 'next'"):
        make_bot("hard", 3, ruleset="classic", recruit="next")


def test_hard_recruits_a_whole_squad_decision_by_decision() -> None:
    """A whole recruiting by Hard: each step legal (the engine refuses an overspent crystal), a squad at the
    end, and the plan it follows kept between its decisions."""
    g = _until(_start(4), _first_recruits)
    p = g.first
    bot = make_bot("hard", 7, ruleset="classic", budget=None, max_iterations=3, horizon=1)
    steps = 0
    while g.pending.kind == "recruit" and g.pending.player == p:
        g.apply(bot.choose(observe(g, p)))
        steps += 1
        rest = bot.squads.chosen
        assert rest is None or isinstance(rest[-1], A.Ready)
        assert steps < 40
    assert g.setup is not None and g.setup.squads[p]
