"""bench/hidden_worth.py: inside it Hard, and only Hard, deals its look-ahead games from the real game (decks
shuffled), and everything it changed is put back after."""

from __future__ import annotations

import pathlib
import random
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
import ai_strength as S  # noqa: E402
import hidden_worth as W  # noqa: E402

from engine.ai import make_bot  # noqa: E402
from engine.classic.ai import hard as classic_hard  # noqa: E402
from engine.classic.ai import setupplay  # noqa: E402
from engine.classic.ai.easy import easy_action  # noqa: E402
from engine.heroes.ai import hard as heroes_hard  # noqa: E402


def midgame(ruleset: str, deal: int, turn: int):
    """A game of Easy against Easy on the bench's decks, at the first decision of ``turn``."""
    S._setup(ruleset)
    game = S.new_game(deal)
    bots = [make_bot("easy", seed=i, ruleset=ruleset) for i in (1, 2)]
    while game.turn < turn and not game.is_over:
        game.apply(bots[game.decider].choose(S.observe(game, game.decider)))
    assert not game.is_over
    return game


def instances(ruleset: str, game) -> object:
    """Which card every instance is (not where in a deck it lies)."""
    state = game.to_dict()
    if ruleset == "classic":
        return sorted(tuple(row[:3]) for row in state["instances"])
    return sorted((c["id"], c["card"]) for c in state["cards"])


def tree_deal(ruleset: str):
    """Hard's own dealer, the one its search deals every look-ahead game with (classic's guesses the squad)."""
    rules = make_bot("hard", seed=1, ruleset=ruleset).search.rules
    return lambda obs, rng: rules.determinize(obs, rng)


@pytest.mark.parametrize(("ruleset", "hard", "tree"), [("heroes", heroes_hard, heroes_hard.HeroesTree),
                                                       ("classic", classic_hard, classic_hard.ClassicTree)])
def test_hard_deals_the_real_game_and_nothing_else_does(ruleset, hard, tree):
    game = midgame(ruleset, 3, 5)
    plain, observe, choose = hard.determinize, S.observe, hard.HardBot.choose
    own = tree.__dict__.get("determinize")
    p = game.decider
    with W.installed():
        deal = tree_deal(ruleset)
        obs = S.observe(game, p)  # the bench asks: the diagnostic now knows the real game
        before = W.dealt[0]
        for dealer in (deal, hard.determinize):
            seen = W._thinking(lambda _bot, o, d=dealer: d(o, random.Random(7)))(None, obs)
            assert instances(ruleset, seen) == instances(ruleset, game)
        assert W.dealt[0] == before + 2
        guesses = [instances(ruleset, deal(obs, random.Random(s))) for s in range(5)]
        assert any(g != instances(ruleset, game) for g in guesses)  # not thinking as Hard: re-dealt as always
        assert W.dealt[0] == before + 2
    assert hard.determinize is plain and S.observe is observe and hard.HardBot.choose is choose  # put back
    assert tree.__dict__.get("determinize") is own
    assert W._game[0] is None


def test_a_run_says_how_many_games_it_dealt_from_the_real_one(capsys, tmp_path):
    # both bots at a hundredth of a second: past it they judge positions as they stand, so the game is quick
    W.main(["--games", "1", "--budget", "0.01", "--hard", "budget=0.01", "--hard", "hard_limit=0.02",
            "--log", str(tmp_path)])
    out = dict(line.split("=", 1) for line in capsys.readouterr().out.splitlines() if "=" in line)
    assert int(out["hidden_deals"]) > 0
    assert 0.0 <= float(out["hard_vs_normal"]) <= 1.0
    kept = next(tmp_path.glob("*.jsonl")).read_text(encoding="utf-8")
    assert '-sees-hidden"' in kept  # never mixed into a real measurement's log
    with pytest.raises(SystemExit):
        W.main(["--only", "normal"])


def test_battle_only_guesses_while_squads_are_built_and_sees_in_the_battle():
    S._setup("classic")
    building = S.new_game(4)
    while building.pending.kind != "recruit" or building.pending.player == building.first:
        building.apply(easy_action(building, setup=setupplay.NORMAL))  # the second player recruits
    battle = midgame("classic", 3, 5)
    assert battle.setup is None
    with W.installed(battle_only=True):
        rules = make_bot("hard", seed=1, ruleset="classic").search.rules
        deal = W._thinking(lambda _bot, o: rules.determinize(o, random.Random(7)))
        before = W.dealt[0]
        deal(None, S.observe(building, building.decider))
        assert W.dealt[0] == before  # guessed, as Hard always does: the opponent's squad by Normal's rules
        assert rules.guess.stats["dealt"] == 1
        seen = deal(None, S.observe(battle, battle.decider))
        assert W.dealt[0] == before + 1 and instances("classic", seen) == instances("classic", battle)
