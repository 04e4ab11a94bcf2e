"""bench/easy_tune.py: Easy with changed weights decides with them on its own seat only (from a plain copy of
the modules, whatever the tree's are), its weights come back after every decision, with none changed it plays
the tree's Easy, and a bad weight on the command line is refused by name."""

from __future__ import annotations

import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
import easy_tune as T  # noqa: E402

from engine.heroes.ai import easy, evaluate  # noqa: E402


def test_the_weights_are_the_numbers_the_modules_set_not_the_rules_they_import():
    known = T.weights()
    assert known["evaluate.HERO_SCALE"] == evaluate.HERO_SCALE
    assert known["easy.TAP_COST"] == easy.TAP_COST
    assert "easy.FAILED_DRAWS_TO_LOSE" not in known  # a rule of the game (CR 304.2), not a rule of thumb


@pytest.mark.parametrize(("pair", "message"), [
    ("evaluate.HERO_SCALE", "wants NAME=VALUE"),
    ("easy.NOPE=1", "no weight 'easy.NOPE' \\(known: easy.AHEAD"),
    ("easy.AHEAD=lots", "easy.AHEAD: 'lots' is not a number"),
    ("easy.AHEAD=nan", "not a finite number"),
    ("easy.DECK_CLOCK=2.5", "easy.DECK_CLOCK counts whole things"),
])
def test_a_bad_weight_is_refused_by_name(pair, message):
    with pytest.raises(ValueError, match=message):
        T.parse([pair])


def test_changed_weights_come_back_even_when_the_decision_fails():
    mine, its = T.MODULES["easy"], T.MODULES["evaluate"]
    before = its.HERO_SCALE, mine.DECK_CLOCK
    with pytest.raises(RuntimeError), T.changed(T.parse(["evaluate.HERO_SCALE=3", "easy.DECK_CLOCK=9"])):
        assert (its.HERO_SCALE, mine.DECK_CLOCK) == (3.0, 9)
        assert isinstance(mine.DECK_CLOCK, int)
        assert (evaluate.HERO_SCALE, easy.DECK_CLOCK) == before  # the tree's modules are not the variant's
        raise RuntimeError
    assert (its.HERO_SCALE, mine.DECK_CLOCK) == before


def test_the_variant_decides_with_its_weights_and_its_rival_with_the_trees(monkeypatch):
    T.ai_strength._setup("heroes")
    plain = T.play((1, 500_000, {}))
    # with no weight changed the variant's copy is the tree's Easy (compiled or not): the same game
    game, moves = T.ai_strength.new_game(500_000), []
    bots = [T.make_bot("easy", seed=500_000 * 2 + 1 + p) for p in (0, 1)]
    while not game.is_over and len(moves) < T.MAX_STEPS:
        action = bots[game.decider].choose(T.observe(game, game.decider))
        game.apply(action)
        moves.append(action.to_text())
    assert moves == plain["actions"]
    mine = T.MODULES["easy"]
    seen: list[tuple[int, float]] = []
    score = mine.score_actions

    def spy(game, rng, *args):
        seen.append((game.decider, T.MODULES["evaluate"].HERO_SCALE))
        return score(game, rng, *args)

    monkeypatch.setattr(mine, "score_actions", spy)
    # seat 1: the variant, whose attacks score below ending the turn (ATTACK: the offset that puts them first)
    changed = T.play((1, 500_000, {"evaluate.HERO_SCALE": 2.0, "easy.ATTACK": -500.0}))
    assert seen and {(p, scale) for p, scale in seen} == {(1, 2.0)}  # only the variant reads its copy
    assert T.MODULES["evaluate"].HERO_SCALE == evaluate.HERO_SCALE == 14.0
    assert mine.ATTACK == easy.ATTACK == 50.0
    assert changed["actions"] != plain["actions"]
    assert T.play((1, 500_000, {}))["actions"] == plain["actions"]  # a game is the same for its deal


def test_the_standard_error_takes_a_deals_two_games_together():
    results = [{"index": i, "score": s} for i, s in enumerate([1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0])]
    mean, se = T.summary(results)
    assert mean == 0.5
    # deal means 0.5, 1, 0, 0.5: sample variance 1/6 over 4 deals
    assert se == pytest.approx((1 / 6 / 4) ** 0.5)
