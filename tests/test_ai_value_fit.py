"""Hard's fitted evaluation of positions (engine/heroes/ai/evaluate.py, engine/classic/ai/value.py) and the
fitting tool that makes its weights (bench/value_fit.py): a logistic model over each side's own terms minus
the opponent's, the same from either side, an ended game scored by its outcome, the weights recoverable."""

from __future__ import annotations

import math
import pathlib
import random
import sys

import pytest
from classic_support import ALL_CARDS, DECKS

from engine.ai import make_bot, observe
from engine.classic.ai import value as CV
from engine.classic.game import ClassicGame
from engine.content import load_pool
from engine.heroes.ai import evaluate as HV
from engine.heroes.ai.easy import easy_action
from engine.heroes.game import HeroesGame

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
import value_fit  # noqa: E402


@pytest.fixture(scope="module")
def pool():
    return load_pool([ROOT / "tests" / "data"], builtin=False)


def _heroes_positions(pool, n: int = 3):
    cards = sorted(c.id for c in pool.cards.values() if c.type != "hero" and not c.created)
    deck = (cards * 3)[:40]
    for seed in range(n):
        g = HeroesGame.new(pool, [("t_hero_steppe", deck), ("t_hero_dark", deck)], seed=seed, check_decks=False)
        rng = random.Random(seed)
        for _ in range(40 + 20 * seed):
            g.apply(easy_action(g, rng))
        assert not g.is_over
        yield g


def test_heroes_features_are_one_side_minus_the_other_and_the_chances_add_up(pool):
    for g in _heroes_positions(pool):
        f0, f1 = HV.features(g, 0), HV.features(g, 1)
        assert len(f0) == len(HV.FEATURES) == len(HV.FITTED)
        assert f0 == pytest.approx(tuple(-x for x in f1))
        assert abs(f0[-1]) == 1.0  # whose turn it is
        q0, q1 = HV.fitted_chance(g, 0), HV.fitted_chance(g, 1)
        assert 0.0 < q0 < 1.0 and q0 + q1 == pytest.approx(1.0)


def test_classic_fitted_chance_scores_a_battle_position_and_an_ended_game():
    decks = [DECKS[k] for k in sorted(DECKS)]
    g = ClassicGame.start(ALL_CARDS, [decks[0], decks[1]], seed=4)
    bots = [make_bot("easy", i, ruleset="classic") for i in (1, 2)]
    while g.setup is not None or g.turn < 4:
        g.apply(bots[g.decider].choose(observe(g, g.decider)))
    f = CV.features(g, 0)
    assert len(f) == len(CV.FEATURES) == len(CV.FITTED) and abs(f[-1]) == 1.0
    assert 0.0 < CV.fitted_chance(g, 0) < 1.0
    for _ in range(4000):
        if g.is_over:
            break
        g.apply(bots[g.decider].choose(observe(g, g.decider)))
    assert g.is_over
    winner = g.outcome.winner
    assert CV.fitted_chance(g, 0) == (0.5 if winner is None else float(winner == 0))


def test_the_fit_recovers_the_weights_of_a_known_model_and_scores_chances():
    rng = random.Random(7)
    true = (1.5, -0.8, 0.3)
    samples = []
    for _ in range(3000):
        x = tuple(rng.uniform(-2, 2) for _ in true)
        q = 1.0 / (1.0 + math.exp(-sum(w * v for w, v in zip(true, x, strict=True))))
        samples.append((x, float(rng.random() < q), 0.5))
    w = value_fit.fit(samples, l2=0.0)
    assert w == pytest.approx(true, abs=0.2)
    ll, brier = value_fit.scores([0.5, 0.5], [1.0, 0.0])
    assert ll == pytest.approx(math.log(2)) and brier == pytest.approx(0.25)


@pytest.mark.parametrize("ruleset", ["heroes", "classic"])
def test_hard_takes_an_evaluation_by_name_and_refuses_an_unknown_one(ruleset):
    assert make_bot("hard", 1, ruleset=ruleset, evaluation="normal").level == "hard"
    with pytest.raises(ValueError, match="unknown evaluation 'magic'"):
        make_bot("hard", 1, ruleset=ruleset, evaluation="magic")


def test_the_self_play_games_may_be_normals_bounded_by_rounds(monkeypatch):
    """``--bots normal --rounds N``: both seats are Normal at N re-dealt look-aheads a decision (no time budget,
    so a busy machine plays the same games), and the positions come labelled as Easy's do."""
    made = []

    def recording(level, seed=0, **options):
        made.append((level, options))
        return make_bot(level, seed, **options)

    monkeypatch.setattr(value_fit, "make_bot", recording)
    monkeypatch.setattr(value_fit, "BOTS", {"level": "normal", "budget": None, "max_iterations": 1})
    import ai_strength

    ai_strength._setup("heroes")
    samples = value_fit.play(100_000)
    assert made == [("normal", {"ruleset": "heroes", "budget": None, "max_iterations": 1})] * 2
    assert samples and {y for _, y, _ in samples} <= {0.0, 0.5, 1.0}
    assert all(len(x) == len(HV.FEATURES) for x, _, _ in samples)


def test_the_positions_kept_with_log_are_not_played_again_and_give_the_same_fit(tmp_path, monkeypatch, capsys):
    """``--log DIR``: each game's positions are kept as it ends (with ``--jobs``, in whatever order); the same
    command run again plays none of them and fits the same weights, and a run of other settings is refused rather than mixed in."""
    argv = ["value_fit.py", "--ruleset", "heroes", "--games", "4", "--train", "0.5", "--log", str(tmp_path)]
    monkeypatch.setattr(sys, "argv", [*argv, "--jobs", "2"])  # games end in any order; the split is by deal
    value_fit.main()
    first = capsys.readouterr()
    monkeypatch.setattr(sys, "argv", argv)
    kept = tmp_path / "value_fit-heroes-easy.jsonl"
    assert len(kept.read_text(encoding="utf-8").splitlines()) == 4

    def no_more(deal):
        raise AssertionError(f"deal {deal} played again")

    monkeypatch.setattr(value_fit, "play", no_more)
    value_fit.main()
    again = capsys.readouterr()
    assert "4 games kept" in again.err
    weights = [line for line in first.out.splitlines() if line.startswith("value_weights=")]
    assert weights and weights == [line for line in again.out.splitlines() if line.startswith("value_weights=")]

    def norm(out):
        line = next(x for x in out.splitlines() if x.startswith("value_weights="))
        return sum(float(w) ** 2 for w in line.split("=", 1)[1].strip("()").split(", "))

    monkeypatch.setattr(sys, "argv", [*argv, "--l2", "100"])  # the kept games refitted with a heavier penalty
    value_fit.main()
    assert norm(capsys.readouterr().out) < norm(first.out)

    monkeypatch.setattr(sys, "argv", [*argv, "--bots", "normal", "--rounds", "1"])
    (tmp_path / "value_fit-heroes-normal.jsonl").write_text(kept.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(SystemExit, match="a game of another measurement .*bots"):
        value_fit.main()


def test_normals_games_may_be_bounded_by_time_instead_of_rounds(monkeypatch, capsys):
    """``--bots normal --budget S``: Normal plays S seconds a decision, with no cap of rounds; a budget of no
    time is refused before anything is played."""
    seen = []
    k = len(HV.FEATURES)

    def fake(deal):
        seen.append(dict(value_fit.BOTS))
        return [(tuple(float((deal + i) % 3 - 1) for i in range(k)), float(deal % 2), 0.5)]

    monkeypatch.setattr(value_fit, "play", fake)
    monkeypatch.setattr(value_fit, "BOTS", {"level": "easy"})
    monkeypatch.setattr(sys, "argv", ["value_fit.py", "--games", "4", "--train", "0.5", "--bots", "normal",
                                      "--budget", "0.25"])
    value_fit.main()
    assert seen == [{"level": "normal", "budget": 0.25}] * 4
    assert "bots=normal budget=0.25" in capsys.readouterr().out
    monkeypatch.setattr(sys, "argv", ["value_fit.py", "--bots", "normal", "--budget", "0"])
    with pytest.raises(SystemExit):
        value_fit.main()
    assert "--budget wants seconds" in capsys.readouterr().err
    monkeypatch.setattr(sys, "argv", ["value_fit.py", "--budget", "0.25"])
    with pytest.raises(SystemExit):
        value_fit.main()
    assert "it wants --bots normal" in capsys.readouterr().err


def test_a_penalty_out_of_range_is_refused(monkeypatch, capsys):
    for penalty in ("-1", "1e6", "nan"):
        monkeypatch.setattr(sys, "argv", ["value_fit.py", "--l2", penalty])
        with pytest.raises(SystemExit):
            value_fit.main()
        assert "--l2 wants a penalty from 0 up to (not including) a million" in capsys.readouterr().err
