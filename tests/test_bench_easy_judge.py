"""bench/easy_judge.py: the decisions it judges are the ones where Hard parts from Easy, both choices are played
on from the same position, and the judging is paired (the same shuffle gives the same game)."""

from __future__ import annotations

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
import ai_strength as S  # noqa: E402
import easy_judge as J  # noqa: E402

from engine.heroes.ai import evaluate as V  # noqa: E402
from engine.heroes.ai.easy import mulligan_cards  # noqa: E402
from engine.heroes.game import HeroesGame  # noqa: E402

QUICK = {"budget": None, "max_iterations": 4}  # Hard bounded by rounds: a quick, deterministic search


def replayed(state, actions):
    S._setup("heroes")
    game = HeroesGame.from_dict(state, pool=S._POOL)
    for a in actions:
        game.apply(a)  # raises if the action is not legal where it is taken
    return game


def test_mulligans_judged_are_those_hard_sends_back_otherwise_than_the_rule():
    S._setup("heroes")
    cases, asked = J.mulligans(range(0, 3), QUICK)
    assert asked == {"mulligan": 6} and cases
    for kind, state, player, hards, rules, _seed in cases:
        assert kind == "mulligan" and len(hards) == len(rules) == 2
        before = replayed(state, ())
        assert before.pending.kind == "mulligan"
        # the judged seat's own mulligan differs as a set; the other seat keeps the rule in both
        mine = [i for i, (h, r) in enumerate(zip(hards, rules, strict=True)) if h != r]
        assert len(mine) == 1 and set(hards[mine[0]].cards) != set(rules[mine[0]].cards)
        if mine[0] == 0:
            assert before.decider == player and rules[0].cards == mulligan_cards(V.View(before), player)
        for actions in (hards, rules):
            after = replayed(state, actions)
            assert after.pending is None or after.pending.kind != "mulligan"


def test_judging_is_paired_and_an_action_judged_against_itself_gains_nothing():
    S._setup("heroes")
    cases, _ = J.mulligans(range(0, 2), QUICK)
    kind, state, player, hards, rules, seed = cases[0]
    game = replayed(state, ())
    assert J.played_out(game, hards, player, 5) == J.played_out(game, hards, player, 5)
    assert J.judge((("mulligan", state, player, rules, rules, seed), 3)) == ("mulligan", 0.0)
    results = {J.played_out(game, rules, player, s) for s in range(12)}
    assert results <= {0.0, 0.5, 1.0} and len(results) > 1  # the shuffles deal different games


def test_hards_decisions_in_a_game_are_judged_where_easy_would_choose_otherwise(monkeypatch):
    S._setup("heroes")
    monkeypatch.setattr(S, "MAX_STEPS", 40)  # the game's first few turns are enough
    cases, asked = J.games([1], QUICK, iterations=2)
    assert sum(asked.values()) >= len(cases) > 0 and "order" not in asked
    for kind, state, player, (hard,), (easy,), _seed in cases:
        game = replayed(state, ())
        assert game.decider == player == 1 and game.pending.kind == kind
        assert hard != easy and {hard, easy} <= set(game.legal_actions())
