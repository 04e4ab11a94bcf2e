"""Hard foresees the opponent's defence against each attack it weighs (``reply``: a Normal answers on the
decision's first re-dealt game) instead of letting Easy defend in every look-ahead game; with ``answers`` the
attacks inside its tree too, with ``foresee="all"`` whatever the opponent decides next after any candidate."""

from __future__ import annotations

import pathlib
import random
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
import ai_strength as S  # noqa: E402  (the bench's deals and ready decks)

from engine.ai import make_bot, observe  # noqa: E402
from engine.heroes import actions as A  # noqa: E402
from engine.heroes.ai.easy import easy_action  # noqa: E402
from engine.heroes.ai.normal import candidates  # noqa: E402
from engine.heroes.ai.observe import determinize, redeal  # noqa: E402


def defended_attacks(g):
    """The attacks of ``g``'s main-phase decider that leave the defender a choice, each with the game after it."""
    for a in g.legal_actions():
        if isinstance(a, A.Attack):
            sim = g.clone()
            sim.apply(a)
            if sim.pending.kind == "defender" and len(sim.legal_actions()) > 1:
                yield a, sim


def attack_decision():
    """A main-phase decision of Easy-against-Easy play where some attack leaves the defender a choice."""
    S._setup("heroes")
    for deal in range(6):
        g = S.new_game(deal)
        rng = random.Random(deal)
        while not g.is_over:
            if g.pending.kind == "main" and g.turn >= 4 and next(defended_attacks(g), None) is not None:
                return g
            g.apply(easy_action(g, rng))
    raise AssertionError("no attack with a defence to choose in these deals")


def test_each_attack_gets_the_opponents_legal_defence_and_nothing_else_does():
    g = attack_decision()
    p = g.decider
    bot = make_bot("hard", seed=3, budget=None, max_iterations=3, reply=0.05)
    obs = observe(g, p)
    g0 = determinize(obs, random.Random(2))
    cands = candidates(g0, obs.legal, random.Random(2), 8, 2)
    replies = bot.replies(g0, cands)
    assert replies
    for a, r in replies.items():
        assert isinstance(a, A.Attack) and a in cands
        sim = g0.clone()
        sim.apply(a)
        assert sim.decider == 1 - p and sim.pending.kind == "defender"
        assert r in sim.legal_actions() and isinstance(r, A.Defend | A.NoDefense)
    assert make_bot("hard", seed=3, budget=None, max_iterations=3).replies(g0, cands) == replies  # the default
    assert make_bot("hard", seed=3, budget=None, max_iterations=3, reply=0).replies(g0, cands) == {}  # off


def test_attacks_inside_the_tree_are_answered_once_each_and_no_more_than_allowed():
    g = attack_decision()
    obs = observe(g, g.decider)
    counts = {}
    for allowed in (0, 3):
        bot = make_bot("hard", seed=5, budget=None, max_iterations=24, answers=allowed)
        asked, given = [], []

        def spy(game, player, bot=bot, asked=asked, given=given):
            found = type(bot).answer(bot, game, player)
            asked.append(game.turn)
            if found is not None:
                assert found in game.legal_actions() and isinstance(found, A.Defend | A.NoDefense)
                given.append(found)
            return found

        bot.answer = spy
        bot.choose(obs)
        counts[allowed] = (len(asked), len(given), bot.last_stats["answers"], bot.last_stats["nodes"])
    root_asked, root_given, stat, _ = counts[0]  # off: only the candidates' own attacks (bot.replies)
    assert root_given > 0 and stat == 0
    asked, given, stat, nodes = counts[3]
    assert 0 < given - root_given == stat <= 3  # some attack below a candidate was answered, never more than allowed
    assert asked - root_asked <= nodes  # a node is asked at most once, whatever deals reach it


def defence_decision():
    """A defence with a choice, from :func:`attack_decision`'s position: the attacked side decides."""
    _, sim = next(defended_attacks(attack_decision()))
    return sim


def test_foreseeing_all_answers_the_opponents_next_decision_after_any_candidate():
    g = defence_decision()
    p = g.decider
    obs = observe(g, p)
    g0 = determinize(obs, random.Random(4))
    cands = candidates(g0, obs.legal, random.Random(4), 8, 2)
    assert make_bot("hard", seed=3, budget=None, max_iterations=3).replies(g0, cands) == {}  # attacks only
    replies = make_bot("hard", seed=3, budget=None, max_iterations=3, foresee="all").replies(g0, cands)
    assert replies
    for a, r in replies.items():
        assert isinstance(a, A.Defend | A.NoDefense) and a in cands
        sim = g0.clone()
        sim.apply(a)
        assert sim.decider == 1 - p and r in sim.legal_actions()  # the attacker's next move, his to make
    with pytest.raises(ValueError, match="foresee"):
        make_bot("hard", foresee="everything")


@pytest.mark.parametrize(("decision", "redeal_seed", "options"), [
    ("attack", 99, {"seed": 11, "max_iterations": 3, "reply": 0.05}),  # the candidates' attacks answered
    ("attack", 7, {"seed": 13, "max_iterations": 12, "answers": 4}),  # and the attacks inside the tree
    ("defence", 21, {"seed": 17, "max_iterations": 4, "foresee": "all"}),  # and every next decision
])
def test_the_foreseen_answers_read_nothing_the_player_cannot_see(decision, redeal_seed, options):
    g = attack_decision() if decision == "attack" else defence_decision()
    p = g.decider
    other = redeal(g, p, random.Random(redeal_seed))
    assert other.to_dict() != g.to_dict()
    obs_a, obs_b = observe(g, p), observe(other, p)
    assert obs_a == obs_b
    choices = [make_bot("hard", budget=None, **options).choose(o) for o in (obs_a, obs_b)]
    assert choices[0] == choices[1]
