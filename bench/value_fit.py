"""How well the bots' evaluations foresee the winner, and the fitted evaluation's weights.

Plays ``--games`` self-play games of one game (``--bots``: Easy on both seats, or Normal bounded by ``--rounds``
re-dealt look-aheads a decision, so a busy machine plays the same games, or with ``--budget S`` by S seconds a
decision as it plays the player, which a busy machine cuts short; the decks of bench/ai_strength.py), takes
the position at the start of every turn (where a look-ahead game is scored) from both players' sides, and
labels it with that player's result (1 a win, 0 a loss, 1/2 a draw). The games are split: the first
``--train`` share fits a logistic model over the ruleset's ``features`` (Newton's method, a little L2), the
rest only measures. Prints, on the held-out games::

    value_logloss_current=<x>   the evaluation Normal uses (``win_chance``)
    value_logloss_fitted=<x>    the model just fitted
    value_logloss_shipped=<x>   the weights the tree holds now (``FITTED``)
    value_brier_current= / value_brier_fitted= / value_brier_shipped=
    value_positions_train= / value_positions_test=
    value_weights=(…)           the fitted weights, in the order of ``FEATURES``: what ``FITTED`` should hold

Lower is better for both measures (log loss: the mean of -log of the chance given to what happened; Brier:
the mean squared error of the chance). ``--ruleset heroes|classic``, ``--jobs N`` games in parallel. With
``--log DIR`` each game's positions are kept in ``DIR/value_fit-<ruleset>-<bots>.jsonl`` as it ends
(bench/gamelog.py, with the settings and the code's digest), and the same command run again plays only the
games the file lacks: Normal's games cost minutes of CPU each, more than one sitting for a hundred.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import pathlib
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import ai_strength  # noqa: E402
from gamelog import GameLog, code_digest  # noqa: E402

from engine.ai import make_bot, observe  # noqa: E402
from engine.classic.ai import value as classic_value  # noqa: E402
from engine.heroes.ai import evaluate as heroes_value  # noqa: E402

MAX_STEPS = 4000
Sample = tuple[tuple[float, ...], float, float]  # features, the label, the current evaluation's chance


def _rules(ruleset: str) -> tuple[Callable[[Any, int], tuple[float, ...]], Callable[[Any, int], float],
                                  tuple[float, ...], tuple[str, ...]]:
    """The ruleset's features, its current evaluation, the weights the tree holds and the features' names."""
    if ruleset == "classic":
        return classic_value.features, classic_value.win_chance, classic_value.FITTED, classic_value.FEATURES
    return heroes_value.features, heroes_value.win_chance, heroes_value.FITTED, heroes_value.FEATURES


BOTS: dict[str, Any] = {"level": "easy"}  # the self-play bots: their level and options (set by main before the jobs fork)


def play(deal: int) -> list[Sample]:
    """One self-play game's positions at the start of each turn, from both sides, with their labels."""
    ruleset = ai_strength._RULESET
    features, current, _, _ = _rules(ruleset)
    game = ai_strength.new_game(deal)
    options = dict(BOTS)
    level = options.pop("level")
    bots = [make_bot(level, seed=deal * 2 + i + 1, ruleset=ruleset, **options) for i in range(2)]
    seen: list[tuple[tuple[float, ...], float, int]] = []
    last_turn = -1
    steps = 0
    while not game.is_over and steps < MAX_STEPS:
        battle = ruleset != "classic" or game.setup is None
        if battle and game.turn != last_turn and game.turn > 0:
            last_turn = game.turn
            for p in (0, 1):
                seen.append((features(game, p), current(game, p), p))
        game.apply(bots[game.decider].choose(observe(game, game.decider)))
        steps += 1
    winner = game.outcome.winner if game.outcome is not None else None
    return [(f, 0.5 if winner is None else float(winner == p), c) for f, c, p in seen]


def _play_deal(deal: int) -> tuple[int, list[Sample]]:
    return deal, play(deal)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """a x = b by Gaussian elimination with partial pivoting (a small dense system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        if abs(m[col][col]) < 1e-12:
            continue
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / m[col][col]
                for k in range(col, n + 1):
                    m[r][k] -= f * m[col][k]
    return [m[i][n] / m[i][i] if abs(m[i][i]) >= 1e-12 else 0.0 for i in range(n)]


def newton_step(w: list[float], grad: list[float], hess: list[list[float]]) -> tuple[list[float], bool]:
    """One step of Newton's method from the gradient and the Hessian's upper triangle (filled in here): the
    new weights, and whether they have settled."""
    for i in range(len(w)):
        for j in range(i):
            hess[i][j] = hess[j][i]
    step = _solve(hess, grad)
    return [wi - si for wi, si in zip(w, step, strict=True)], max(abs(s) for s in step) < 1e-7


def fit(samples: Sequence[Sample], l2: float = 1e-3, rounds: int = 30) -> list[float]:
    """Logistic regression without an intercept (the features are one side's minus the other's, so the model
    is the same from either side) by Newton's method with an L2 penalty."""
    k = len(samples[0][0])
    w = [0.0] * k
    for _ in range(rounds):
        grad = [l2 * wi for wi in w]
        hess = [[l2 if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y, _ in samples:
            z = max(-60.0, min(60.0, sum(wi * xi for wi, xi in zip(w, x, strict=True))))
            q = 1.0 / (1.0 + math.exp(-z))
            r = q * (1.0 - q)
            for i in range(k):
                grad[i] += (q - y) * x[i] / len(samples)
                row = hess[i]
                for j in range(i, k):
                    row[j] += r * x[i] * x[j] / len(samples)
        w, settled = newton_step(w, grad, hess)
        if settled:
            break
    return w


def scores(chances: Sequence[float], labels: Sequence[float]) -> tuple[float, float]:
    """(log loss, Brier score) of the chances given to what happened."""
    eps = 1e-6
    ll = br = 0.0
    for q, y in zip(chances, labels, strict=True):
        q = min(max(q, eps), 1.0 - eps)
        ll -= y * math.log(q) + (1.0 - y) * math.log(1.0 - q)
        br += (q - y) ** 2
    return ll / len(labels), br / len(labels)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ruleset", choices=("heroes", "classic"), default="heroes")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--train", type=float, default=0.75, help="the share of the games the model is fitted on")
    ap.add_argument("--seed", type=int, default=100_000, help="the first deal (apart from ai_strength's deals)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--bots", choices=("easy", "normal"), default="easy", help="who plays both seats")
    ap.add_argument("--rounds", type=int, default=12,
                    help="Normal's re-dealt look-aheads a decision (its time budget does not count)")
    ap.add_argument("--budget", type=float, default=None,
                    help="Normal's seconds a decision instead of --rounds: its crowded decisions stay as short as a "
                         "player's (at 12 rounds one can take half a minute), the games depend on the machine's load")
    ap.add_argument("--l2", type=float, default=1e-3, help="the fit's L2 penalty on the weights")
    ap.add_argument("--log", type=pathlib.Path, default=None,
                    help="a folder that keeps each game's positions as it ends; a run again plays only those missing")
    args = ap.parse_args()
    if args.rounds < 1:
        ap.error("--rounds wants at least 1")
    if args.budget is not None and not 0 < args.budget <= 60:
        ap.error("--budget wants seconds between 0 and 60")
    if args.budget is not None and args.bots != "normal":
        ap.error("--budget bounds Normal's decisions: it wants --bots normal")
    if not 0 <= args.l2 < 1e6:
        ap.error("--l2 wants a penalty from 0 up to (not including) a million")
    BOTS["level"] = args.bots
    if args.bots == "normal":
        if args.budget is None:
            BOTS.update(budget=None, max_iterations=args.rounds)
        else:
            BOTS.update(budget=args.budget)
    started = time.perf_counter()
    deals = list(range(args.seed, args.seed + args.games))
    kept: GameLog | None = None
    if args.log is not None:
        key = {"bench": "value_fit", "ruleset": args.ruleset, "bots": args.bots,
               "rounds": args.rounds if args.bots == "normal" and args.budget is None else None,
               "budget": args.budget if args.bots == "normal" else None, "code": code_digest(ROOT, args.ruleset)}
        try:
            args.log.mkdir(parents=True, exist_ok=True)
            kept = GameLog(args.log / f"value_fit-{args.ruleset}-{args.bots}.jsonl", key)
        except (OSError, ValueError) as exc:
            sys.exit(f"--log: {exc}")
    by_deal: dict[int, list[Sample]] = {}
    if kept is not None:
        by_deal = {d: [(tuple(f), y, c) for f, y, c in kept.games[d]["samples"]] for d in deals if d in kept.games}
    todo = [d for d in deals if d not in by_deal]
    if by_deal:
        print(f"  {len(by_deal)} games kept in {kept.path}; {len(todo)} to play", file=sys.stderr, flush=True)

    def done(deal: int, samples: list[Sample]) -> None:
        by_deal[deal] = samples  # each game as it ends, on stderr: Normal's games take minutes of CPU each
        if kept is not None:
            kept.add({"index": deal, "samples": [[list(f), y, c] for f, y, c in samples]})
        print(f"  {len(by_deal)}/{len(deals)} games, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)

    if args.jobs <= 1:
        ai_strength._setup(args.ruleset)
        for d in todo:
            done(d, play(d))
    elif todo:
        with multiprocessing.get_context("fork").Pool(args.jobs, initializer=ai_strength._setup,
                                                      initargs=(args.ruleset,)) as pool:
            for d, samples in pool.imap_unordered(_play_deal, todo):  # kept as each ends: one long game holds none back
                done(d, samples)
    games = [by_deal[d] for d in deals]  # in the deals' order, so the split is the same however they were played
    cut = int(len(games) * args.train)
    train = [s for g in games[:cut] for s in g]
    test = [s for g in games[cut:] for s in g]
    _, _, shipped, names = _rules(args.ruleset)
    weights = fit(train, l2=args.l2)
    labels = [y for _, y, _ in test]

    def model(w: Sequence[float]) -> list[float]:
        return [1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, sum(a * b for a, b in zip(w, x, strict=True))))))
                for x, _, _ in test]

    for name, chances in (("current", [c for _, _, c in test]), ("fitted", model(weights)),
                          ("shipped", model(shipped))):
        ll, br = scores(chances, labels)
        print(f"value_logloss_{name}={ll:.4f}")
        print(f"value_brier_{name}={br:.4f}")
    print(f"value_positions_train={len(train)}")
    print(f"value_positions_test={len(test)}")
    print("value_features=(" + ", ".join(names) + ")")
    print("value_weights=(" + ", ".join(f"{w:.4f}" for w in weights) + ")")
    print(f"ruleset={args.ruleset}")
    bound = f" rounds={args.rounds}" if args.budget is None else f" budget={args.budget}"
    print(f"bots={args.bots}" + (bound if args.bots == "normal" else ""))
    print(f"bench_s={time.perf_counter() - started:.0f}")


if __name__ == "__main__":
    main()
