"""How well classic Normal's evaluation (engine/classic/ai/value.py ``win_chance``) predicts who wins, beside the
best logistic of the material lead. A diagnostic for work on the evaluation: the fitted, steeper curve was
tried as Normal's evaluation and made it weaker (docs/balance.md), so value.py keeps its flat one.

Plays ``--games`` games on the ready decks (the bench's deck pairs and editions, from deal ``--first`` on, so
they are not the games ai_strength.py measures Normal on), Easy against Easy with Normal's setup rules on
one seat (seats alternate), and at every turn start records each player's material lead as
:meth:`engine.classic.ai.value.Judge.material` counts it from that player's side (hidden cards as the player
sees them) and whether the player went on to win (a draw counts one half). Then it fits ``P(win) =
1 / (1 + exp(-(a + b * lead)))`` by Newton's method, each game weighing one in all (a long game has hundreds
of turn starts and would otherwise outweigh a short one), and prints how well the fitted curve and the one
in value.py predict the results: the mean log loss (lower is better; 0.693 is a coin) and the win rate in
bins of the lead.

    fit_slope=<b>          the fitted slope per point of material lead
    fit_intercept=<a>      about 0: the lead is read from both sides alike
    logloss_fit=<x>        the fitted curve's log loss
    logloss_now=<x>        value.win_chance's log loss on the same positions
    logloss_coin=0.693
    lead_<lo>_<hi>=<win rate> (<weight> games' worth of positions)

Standard library only; ``--jobs`` games in parallel.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import pathlib
import sys
import time
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import ai_strength as S  # noqa: E402 - after the path is set
from engine.classic.ai import setupplay  # noqa: E402
from engine.classic.ai.easy import easy_action  # noqa: E402
from engine.classic.ai.value import Judge, win_chance  # noqa: E402

MAX_STEPS = 4000  # as the strength bench: a longer game is scored as a draw
BINS = (-99.0, -12.0, -6.0, -3.0, -1.0, 1.0, 3.0, 6.0, 12.0, 99.0)


def play(index: int) -> list[tuple[float, float, float, float]]:
    """One game: (lead, result, weight, value.win_chance) for both players at every turn start."""
    deal, seat = index // 2, index % 2
    g = S.classic_game(deal)
    styles = [setupplay.EASY, setupplay.EASY]
    styles[seat] = setupplay.NORMAL
    seen: list[tuple[int, float, float]] = []  # (player, lead, win_chance)
    last_turn = -1
    steps = 0
    while not g.is_over and steps < MAX_STEPS:
        if g.setup is None and g.pending is not None and g.pending.kind == "main" and g.turn != last_turn:
            last_turn = g.turn
            for p in (0, 1):
                j = Judge(g, p)
                seen.append((p, j.material(p) - j.material(1 - p), win_chance(g, p)))
        g.apply(easy_action(g, None, setup=styles[g.decider]))
        steps += 1
    winner = g.outcome.winner if g.outcome else None
    weight = 1.0 / max(len(seen), 1)
    return [(lead, 0.5 if winner is None else float(winner == p), weight, now) for p, lead, now in seen]


def fit(rows: list[tuple[float, float, float, float]], rounds: int = 30) -> tuple[float, float]:
    """Weighted logistic regression of the result on the lead (Newton's method): (intercept, slope)."""
    a = b = 0.0
    for _ in range(rounds):
        ga = gb = haa = hab = hbb = 0.0
        for x, y, w, _ in rows:
            p = 1.0 / (1.0 + math.exp(-(a + b * x)))
            r = w * (p - y)
            ga += r
            gb += r * x
            v = w * p * (1.0 - p)
            haa += v
            hab += v * x
            hbb += v * x * x
        det = haa * hbb - hab * hab
        if det <= 0:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a - da, b - db
        if abs(da) + abs(db) < 1e-9:
            break
    return a, b


def logloss(rows: list[tuple[float, float, float, float]], predict: Any) -> float:
    total = weight = 0.0
    for x, y, w, now in rows:
        p = min(max(predict(x, now), 1e-4), 1.0 - 1e-4)
        total -= w * (y * math.log(p) + (1.0 - y) * math.log(1.0 - p))
        weight += w
    return total / weight


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=800)
    ap.add_argument("--first", type=int, default=5000, help="the first deal (the strength bench plays 0-99)")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    start = time.perf_counter()
    first = 2 * args.first
    tasks = range(first, first + args.games)
    if args.jobs <= 1:
        S._setup("classic", "builtin")
        games = [play(i) for i in tasks]
    else:
        with multiprocessing.get_context("fork").Pool(args.jobs, initializer=S._setup,
                                                      initargs=("classic", "builtin")) as pool:
            games = list(pool.imap_unordered(play, tasks, chunksize=4))
    rows = [r for g in games for r in g]
    a, b = fit(rows)
    print(f"fit_slope={b:.3f}")
    print(f"fit_intercept={a:.3f}")
    print(f"logloss_fit={logloss(rows, lambda x, _: 1.0 / (1.0 + math.exp(-(a + b * x)))):.3f}")
    print(f"logloss_now={logloss(rows, lambda _, now: now):.3f}")
    print(f"logloss_coin={math.log(2):.3f}")
    for lo, hi in zip(BINS, BINS[1:], strict=False):
        part = [(y, w) for x, y, w, _ in rows if lo <= x < hi]
        weight = sum(w for _, w in part)
        if weight:
            print(f"lead_{lo:g}_{hi:g}={sum(y * w for y, w in part) / weight:.3f} ({weight:.0f} games' worth)")
    print(f"games={args.games}")
    print(f"positions={len(rows)}")
    print(f"bench_s={time.perf_counter() - start:.0f}")


if __name__ == "__main__":
    main()
