"""Hard's «Герои» choices judged by whole games Easy plays out: a diagnostic, not a level anyone plays.

Hard's look-ahead plays Easy on both sides for a few turns and scores the position where it stops. Whether its
choices are better than Easy's own is a question a whole game answers. For each decision where Hard chooses
otherwise than Easy would, this plays both choices on to the end with Easy on both sides, on the same ``--pairs``
shuffles of both decks and the same dice (paired: the deal's luck cancels out; the hands stay as they are), and
prints the mean gain of Hard's choice in the deciding player's wins, by kind of decision. A gain that is
negative would show a kind of decision Hard's look-ahead gets wrong (the mulligan kept by Easy's rule, as Normal
keeps it, would then be the fix); a positive one says Hard's search does better than the rules it starts from,
judged by those same rules played to the end (not by a stronger player's games).

- ``--mulligan``: the mulligans of the bench's deals ``--start``.. ``--deals`` - 1 (the Queue chosen as Normal
  chooses it), both seats: Hard's mulligan against Easy's rule (:func:`engine.heroes.ai.easy.mulligan_cards`),
  the other seat's mulligan by the rule.
- ``--games I J ...``: the bench's games of those indices (``bench/ai_strength.py --only hard``: Hard against
  Normal at the real budgets, the same seeds), every decision of Hard's with a choice but the Queue and a draw
  offer; Easy's choice is the Easy bot's, from what the player sees.

Prints ``<kind>_judged`` (decisions where Hard parted from Easy), ``<kind>_gain`` and ``<kind>_gain_se`` (its
standard error over those decisions), ``<kind>_asked`` (all the decisions of that kind seen), ``all_*`` over
every kind, and ``bench_s``. ``--hard NAME=VALUE`` sets Hard's options as in ai_strength.
"""

from __future__ import annotations

import argparse
import multiprocessing
import pathlib
import random
import statistics
import sys
import time
from collections import defaultdict
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import ai_strength as S  # noqa: E402
import hidden_worth  # noqa: E402

from engine.ai import make_bot, observe  # noqa: E402
from engine.ai.search import rollout  # noqa: E402
from engine.core.actions import Action  # noqa: E402
from engine.heroes import actions as A  # noqa: E402
from engine.heroes.ai import evaluate as V  # noqa: E402
from engine.heroes.ai.easy import mulligan_cards  # noqa: E402
from engine.heroes.ai.hard import WHOLE_GAME, WHOLE_STEPS  # noqa: E402
from engine.heroes.ai.normal import HeroesSearch  # noqa: E402
from engine.heroes.game import HeroesGame  # noqa: E402

EASY = HeroesSearch()  # Easy on both sides, a finished game scored by its result (as Hard's whole look-ahead)
SKIPPED = ("order", "draw_offer")  # judged by whole games already (the Queue) or by Normal's rule (a draw)

# one decision to judge: (kind, the game as it stands, the deciding player, the actions Hard's choice and Easy's
# take from there, a seed)
Case = tuple[str, dict[str, Any], int, tuple[Action, ...], tuple[Action, ...], int]


def played_out(game: HeroesGame, actions: tuple[Action, ...], player: int, seed: int) -> float:
    """``player``'s result (1, 0.5 or 0) of ``game`` with both decks shuffled by ``seed`` and fresh dice,
    ``actions`` taken and Easy playing both sides to the end (Hard's whole look-ahead games: one Easy has not
    ended in :data:`~engine.heroes.ai.hard.WHOLE_STEPS` actions is scored by the win chance where it stands)."""
    rng = random.Random(seed)
    sim = hidden_worth.shuffled(game, rng)
    for action in actions:
        sim.apply(action)
    value, _ = rollout(EASY, sim, player, rng, WHOLE_GAME, WHOLE_STEPS, None, True)
    return value


def judge(task: tuple[Case, int]) -> tuple[str, float]:
    """The decision's kind and Hard's mean gain over Easy's choice on ``pairs`` paired games."""
    (kind, state, player, hard, easy, seed), pairs = task
    assert S._POOL is not None
    game = HeroesGame.from_dict(state, pool=S._POOL)
    gain = 0.0
    for k in range(pairs):
        s = seed * 1_000_003 + k
        gain += played_out(game, hard, player, s) - played_out(game, easy, player, s)
    return kind, gain / pairs


def mulligans(deals: range, hard: dict[str, Any]) -> tuple[list[Case], dict[str, int]]:
    """Each deal's two mulligans where Hard's set of cards is not the rule's (the order under the deck aside)."""
    cases: list[Case] = []
    for deal in deals:
        game = S.new_game(deal)
        seat = S.chooser(game)
        assert seat is not None
        game.apply(make_bot("normal", seed=deal, ruleset="heroes").choose(observe(game, seat)))
        before = game.to_dict()
        rule: dict[int, tuple[int, ...]] = {}
        chosen: dict[int, tuple[int, ...]] = {}
        order: list[int] = []  # the first player declares first (CR 301.7.1)
        while game.pending is not None and game.pending.kind == "mulligan":
            p = game.decider
            assert p is not None
            bot = make_bot("hard", seed=deal * 7 + p, ruleset="heroes", **hard)
            chosen[p] = bot.choose(observe(game, p)).cards  # type: ignore[attr-defined]
            rule[p] = mulligan_cards(V.View(game), p)
            order.append(p)
            game.apply(A.Mulligan(cards=rule[p]))
        for p in order:
            if set(chosen[p]) != set(rule[p]):
                hards = tuple(A.Mulligan(cards=chosen[q] if q == p else rule[q]) for q in order)
                rules = tuple(A.Mulligan(cards=rule[q]) for q in order)
                cases.append(("mulligan", before, p, hards, rules, deal * 2 + p))
    return cases, {"mulligan": 2 * len(deals)}


def games(indices: list[int], hard: dict[str, Any], iterations: int = 0) -> tuple[list[Case], dict[str, int]]:
    """Hard's decisions in the bench's games ``indices`` (Hard against Normal, at Normal's real budget or
    ``iterations`` rounds a decision) where Easy would choose otherwise."""
    cases: list[Case] = []
    asked: dict[str, int] = defaultdict(int)
    for index in indices:
        deal, seat = index // 2, index % 2  # as ai_strength.play_one deals and seats them
        game = S.new_game(deal)
        normal = {"budget": None, "max_iterations": iterations} if iterations else {}
        bots = [make_bot("normal", seed=deal * 2 + 2, ruleset="heroes", **normal)] * 2
        bots[seat] = make_bot("hard", seed=deal * 2 + 1, ruleset="heroes", **hard)
        easy = make_bot("easy", seed=index, ruleset="heroes")
        steps = 0
        while not game.is_over and steps < S.MAX_STEPS:
            p = game.decider
            assert p is not None and game.pending is not None
            obs = observe(game, p)
            action = bots[p].choose(obs)
            kind = game.pending.kind
            if p == seat and len(obs.legal) > 1 and kind not in SKIPPED:
                asked[kind] += 1
                theirs = easy.choose(obs)
                if theirs != action:
                    cases.append((kind, game.to_dict(), p, (action,), (theirs,), index * 10_000 + steps))
            game.apply(action)
            steps += 1
    return cases, asked


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mulligan", action="store_true", help="judge the mulligans of the bench's deals")
    ap.add_argument("--deals", type=int, default=150, help="--mulligan: deals start..deals-1")
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--games", type=int, nargs="+", metavar="INDEX",
                    help="judge Hard's decisions in these games of the bench (Hard against Normal)")
    ap.add_argument("--iterations", type=int, default=0,
                    help="--games: cap Normal by rounds a decision instead of its time (0: its real budget)")
    ap.add_argument("--pairs", type=int, default=100, help="paired games played out for each decision judged")
    ap.add_argument("--jobs", type=int, default=1, help="decisions judged in parallel")
    ap.add_argument("--hard", action="append", default=[], metavar="NAME=VALUE", help="an option of Hard's")
    args = ap.parse_args()
    if args.mulligan == bool(args.games):
        ap.error("give either --mulligan or --games")
    if args.pairs < 1:
        ap.error("--pairs must be at least 1")
    started = time.perf_counter()
    S._setup("heroes")
    hard = S.hard_options(ap, args.hard)
    if args.mulligan:
        cases, asked = mulligans(range(args.start, args.deals), hard)
    else:
        cases, asked = games(args.games, hard, args.iterations)
    tasks = [(c, args.pairs) for c in cases]
    if args.jobs <= 1:
        judged = [judge(t) for t in tasks]
    else:
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            judged = pool.map(judge, tasks, chunksize=1)
    by_kind: dict[str, list[float]] = defaultdict(list)
    for kind, gain in judged:
        by_kind[kind].append(gain)
    by_kind["all"] = [g for _, g in judged]
    asked = {**asked, "all": sum(asked.values())}
    for kind in sorted(asked):
        gains = by_kind.get(kind, [])
        print(f"{kind}_asked={asked[kind]}")
        print(f"{kind}_judged={len(gains)}")
        if gains:
            print(f"{kind}_gain={round(statistics.fmean(gains), 4) + 0.0:+.4f}")  # + 0.0: never "-0.0000"
        if len(gains) > 1:
            print(f"{kind}_gain_se={statistics.stdev(gains) / len(gains) ** 0.5:.4f}")
    print(f"bench_s={time.perf_counter() - started:.0f}")


if __name__ == "__main__":
    main()
