"""Classic Hard's layouts compared whole (engine/classic/ai/layouts.py; 2022 «Расстановка», 2007 3.8–3.10)."""

from __future__ import annotations

import random

import pytest
from test_classic_squads import _start, _until

from engine.ai import make_bot
from engine.ai.observe import observe
from engine.classic import actions as A
from engine.classic.ai.layouts import plans
from engine.classic.ai.observe import determinize, redeal
from engine.classic.ai.plans import is_open, step
from engine.classic.game import ClassicGame

SEEDS = range(5)


def _lays(who: str, after: int = 0):
    """``who`` ("first" or "second") lays out, with ``after`` of his cards down already."""
    def stop(g: ClassicGame) -> bool:
        if g.pending.kind != "place" or (g.pending.player == g.first) != (who == "first"):
            return False
        return sum(1 for i in g.setup.squads[g.pending.player] if i in g.creatures) >= after
    return stop


def _layout(g: ClassicGame, p: int) -> dict[int, tuple[int, int]]:
    return {i: g.creatures[i].at for i in g.setup.squads[p]}


@pytest.mark.parametrize("edition", ["2022", "2007"])
@pytest.mark.parametrize("who", ["first", "second"])
@pytest.mark.parametrize("after", [0, 2])
def test_layouts_are_whole_each_legal_in_every_re_deal_and_no_two_alike(edition, who, after) -> None:
    for seed in SEEDS:
        g = _until(_start(seed, edition), _lays(who, after))
        p = g.pending.player
        laid = {i: g.creatures[i].at for i in g.setup.squads[p] if i in g.creatures}
        obs = observe(g, p)
        found = plans(determinize(obs, random.Random(seed)), p, obs.legal, 8)
        assert 2 <= len(found) <= 8
        # Normal's own layout comes first
        normal = _until(g.clone(), lambda x, p=p: x.pending.kind != "place" or x.pending.player != p)
        layouts = set()
        for plan in found:
            assert isinstance(plan[-1], A.Ready) and plan[0] in obs.legal
            assert all(isinstance(a, A.Place) for a in plan[:-1])
            # every card not yet down is laid once; the cards down stay where they are
            assert sorted(a.card for a in plan[:-1]) == sorted(i for i in g.setup.squads[p] if i not in laid)
            for k in range(3):  # the layout is the player's own: legal whatever the other's hidden cards are
                sim = determinize(obs, random.Random(100 * k + seed))
                for a in plan[:-1]:
                    sim.apply(a)
                layout = _layout(sim, p)
                sim.apply(plan[-1])
                assert sim.pending is None or sim.pending.player != p or sim.pending.kind != "place"
            assert all(layout[i] == at for i, at in laid.items())
            key = tuple(sorted((g.card_at(i).id, at) for i, at in layout.items()))
            assert key not in layouts
            layouts.add(key)
            if plan is found[0]:
                assert layout == _layout(normal, p)


def test_the_layout_chosen_before_comes_first_while_it_is_open_and_is_dropped_when_it_is_not() -> None:
    g = _until(_start(2), _lays("second"))
    p = g.pending.player
    obs = observe(g, p)
    d = determinize(obs, random.Random(0))
    found = plans(d, p, obs.legal, 8)
    other = found[1]
    assert plans(d, p, obs.legal, 8, previous=other)[0] == other
    stale = (A.Place(card=10_000, at=(0, 0)), A.Ready())
    assert plans(d, p, obs.legal, 8, previous=stale)[0] == found[0]


def test_hard_lays_out_a_whole_squad_by_layouts_decision_by_decision_and_the_same_seed_chooses_the_same() -> None:
    """``layout="layouts"`` searches placement over whole layouts (``plans`` in the figures), each step legal,
    the layout it follows kept between its decisions; deterministic without a clock; ``"cards"`` (the
    default) searches the next card in the tree; an unknown way is refused."""
    g = _until(_start(3), _lays("first"))
    p = g.first
    small = {"budget": None, "max_iterations": 3, "horizon": 1}
    obs = observe(g, p)
    chosen = []
    for _ in range(2):
        bot = make_bot("hard", 5, ruleset="classic", layout="layouts", **small)
        chosen.append(bot.choose(obs))
        assert bot.last_stats["plans"] >= 2 and bot.last_stats["iterations"] == 3
    assert chosen[0] == chosen[1] and chosen[0] in obs.legal
    bot = make_bot("hard", 5, ruleset="classic", **small)
    assert bot.choose(obs) in obs.legal and "plans" not in bot.last_stats
    with pytest.raises(ValueError, match="unknown layout 'rows'"):
        make_bot("hard", 3, ruleset="classic", layout="rows")

    bot = make_bot("hard", 7, ruleset="classic", layout="layouts", **small)
    steps = 0
    while g.pending.kind == "place" and g.pending.player == p:
        g.apply(bot.choose(observe(g, p)))
        steps += 1
        rest = bot.layouts.chosen
        assert rest is None or isinstance(rest[-1], A.Ready)
        assert steps < 40
    assert all(i in g.creatures for i in g.setup.squads[p])


@pytest.mark.parametrize("job", ["recruit", "place"])
def test_a_job_carries_its_look_ahead_from_decision_to_decision_and_the_next_job_starts_afresh(job) -> None:
    """With ``carry`` a plan's look-ahead games stay with it across the job's decisions (``rounds`` in the
    figures counts them all), each step legal; the next job (placement after recruiting) starts again."""
    g = _until(_start(1), lambda x: x.pending.kind == job and x.pending.player != x.first)
    p = g.pending.player
    bot = make_bot("hard", 4, ruleset="classic", layout="layouts", carry=True, budget=None, max_iterations=3,
                   horizon=1)
    most = 0
    steps = 0
    while g.pending.kind == job and g.pending.player == p:
        obs = observe(g, p)
        action = bot.choose(obs)
        assert action in obs.legal
        most = max(most, bot.last_stats.get("rounds", 0))
        g.apply(action)
        steps += 1
        assert steps < 40
    assert most > 3  # some plan judged by more rounds than one decision plays
    if job == "recruit":
        g = _until(g, lambda x: x.pending.kind == "place" and x.pending.player == p)
        bot.choose(observe(g, p))
        assert bot.last_stats["rounds"] <= 3


def test_the_step_taken_is_one_most_plans_share_and_leaves_the_rest_of_its_plan_open() -> None:
    g = _until(_start(0), _lays("second"))
    p = g.pending.player
    found = plans(g, p, g.legal_actions(), 8)
    for plan in found:
        action, rest = step(g, plan, found)
        assert action in plan and sorted(map(repr, rest + (action,))) == sorted(map(repr, plan))
        assert is_open(g, (action, *rest))
        assert sum(action in q for q in found) >= sum(plan[0] in q for q in found)
    assert step(g, (A.Ready(),), found) == (A.Ready(), ())


@pytest.mark.parametrize("job", ["recruit", "place"])
def test_carrying_a_job_over_sees_nothing_its_player_cannot(job) -> None:
    """The opponent's hidden cards dealt again (``redeal``) before a job: the same observations and the same
    steps, decision after decision, though the bot keeps what it learnt between them."""
    g = _until(_start(5), lambda x: x.pending.kind == job and x.pending.player != x.first)
    p = g.pending.player
    other = redeal(g, p, random.Random(3))
    bots = [make_bot("hard", 8, ruleset="classic", layout="layouts", carry=True, budget=None, max_iterations=2,
                     horizon=1) for _ in range(2)]
    steps = 0
    while g.pending.kind == job and g.pending.player == p:
        a, b = observe(g, p), observe(other, p)
        assert a == b
        one, two = bots[0].choose(a), bots[1].choose(b)
        assert one == two
        g.apply(one)
        other.apply(two)
        steps += 1
    assert steps >= 5


def test_plans_judged_by_whole_games_play_the_look_ahead_to_the_end() -> None:
    """``setup_look="games"``: a setup plan's look-ahead games run to the game's end (a won or lost game is
    worth 1 or 0), not to the horizon; an unknown look is refused."""
    g = _until(_start(2), _lays("first"))
    p = g.first
    bot = make_bot("hard", 6, ruleset="classic", layout="layouts", carry=True, setup_look="games", budget=None,
                   max_iterations=2)
    assert bot.choose(observe(g, p)) in g.legal_actions()
    assert bot.layouts.horizon > 1000 and bot.layouts.max_steps > 1000
    ended = [v in (0.0, 1.0) for values in bot.layouts.seen.values() for v in values.values()]
    assert ended and sum(ended) >= len(ended) / 2
    # to the horizon (the default), a look-ahead game is scored before it is decided
    bot = make_bot("hard", 6, ruleset="classic", layout="layouts", carry=True, budget=None, max_iterations=2)
    assert bot.choose(observe(g, p)) in g.legal_actions()
    ended = [v in (0.0, 1.0) for values in bot.layouts.seen.values() for v in values.values()]
    assert ended and sum(ended) < len(ended) / 2
    with pytest.raises(ValueError, match="unknown setup_look 'far'"):
        make_bot("hard", 3, ruleset="classic", setup_look="far")
