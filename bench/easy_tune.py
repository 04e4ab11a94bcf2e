"""Easy with other rules-of-thumb weights against Easy as the tree holds it («Герои»).

Easy's choices rest on a handful of weights (the module constants of engine/heroes/ai/easy.py and of the
evaluation it reads, engine/heroes/ai/evaluate.py: how much the hero's lives weigh against the cards, what a
tapped attacker or blocker costs, when a lead on board makes trades pay…). This plays ``--games`` games of
Easy with the weights named on the command line changed (``NAME=VALUE``, e.g. ``evaluate.HERO_SCALE=8.5
easy.TAP_COST=0.08``) against Easy unchanged, the ready decks of bench/ai_strength.py, deals from ``--seed``
on (apart from the other benches' deals), each deal twice with the seats (and so the decks and who chooses
the Queue) swapped, and prints::

    easy_variant_vs_easy=<the variant's score>   a win 1, a draw 1/2
    easy_variant_se=<standard error>             over the deals (both games of a deal taken together)
    games=<n>

The variant plays from its own copy of the two modules, loaded from their sources as plain Python: where
the rules are compiled (tools/compile_rules.py compiles these two with them) a compiled module's own weights
cannot be changed from outside, and its rival must play the tree's Easy as it is built. The changed weights
are set only while the variant decides and put back at once. The look-ahead bots play out their games with
Easy's rules, so a stronger Easy is a candidate for a stronger look-ahead; docs/ai.md says what it did.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import inspect
import math
import multiprocessing
import pathlib
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import ai_strength  # noqa: E402

from engine.ai import make_bot, observe  # noqa: E402


def plain_module(name: str) -> ModuleType:
    """engine/heroes/ai/``name``.py loaded again from its source as plain Python, under a name of its own (the
    tree's module, compiled or not, is left as it is)."""
    path = ROOT / "engine" / "heroes" / "ai" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"easy_tune_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # before it runs: its dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


MODULES: dict[str, ModuleType] = {"evaluate": plain_module("evaluate"), "easy": plain_module("easy")}
MODULES["easy"].V = MODULES["evaluate"]  # the variant's Easy reads the variant's evaluation
MAX_STEPS = 4000  # a game this long is scored as a draw


def weights() -> dict[str, float]:
    """Every weight a variant may change, by its ``module.NAME``, with its value in the tree: the numbers the
    module itself sets at its top (not a rule it imports, such as the failed draws that lose a game)."""
    out: dict[str, float] = {}
    for m, module in MODULES.items():
        tree = ast.parse(pathlib.Path(inspect.getfile(module)).read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                name = node.targets[0].id
                value = getattr(module, name, None)
                if name.isupper() and isinstance(value, int | float) and not isinstance(value, bool):
                    out[f"{m}.{name}"] = float(value)
    return out


def parse(pairs: list[str]) -> dict[str, float]:
    """``NAME=VALUE`` pairs as weights; a ValueError naming what is wrong (an unknown weight, not a number)."""
    known = weights()
    out: dict[str, float] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep:
            raise ValueError(f"wants NAME=VALUE, not {pair!r}")
        if name not in known:
            raise ValueError(f"no weight {name!r} (known: {', '.join(sorted(known))})")
        try:
            value = float(text)
        except ValueError:
            raise ValueError(f"{name}: {text!r} is not a number") from None
        if not math.isfinite(value):
            raise ValueError(f"{name}: {text!r} is not a finite number")
        m, attr = name.split(".")
        if isinstance(getattr(MODULES[m], attr), int) and not value.is_integer():
            raise ValueError(f"{name} counts whole things: {text!r} is not a whole number")
        out[name] = value
    return out


@contextmanager
def changed(variant: dict[str, float]) -> Iterator[None]:
    """The weights of ``variant`` in force, the tree's back afterwards (also when the body fails)."""
    before: dict[str, Any] = {}
    try:
        for key, value in variant.items():
            m, name = key.split(".")
            before[key] = getattr(MODULES[m], name)
            setattr(MODULES[m], name, type(before[key])(value))
        yield
    finally:
        for key, value in before.items():
            m, name = key.split(".")
            setattr(MODULES[m], name, value)


def play(task: tuple[int, int, dict[str, float]]) -> dict[str, Any]:
    """Game ``index`` (deal ``seed + index // 2``; the variant on seat ``index % 2``): its score and actions."""
    index, seed, variant = task
    deal = seed + index // 2
    seat = index % 2
    game = ai_strength.new_game(deal)
    bots = [make_bot("easy", seed=deal * 2 + 1 + p) for p in (0, 1)]
    bots[seat] = MODULES["easy"].EasyBot(deal * 2 + 1 + seat)  # the same Easy, from the variant's copy
    moves: list[str] = []
    while not game.is_over and len(moves) < MAX_STEPS:
        p = game.decider
        with changed(variant if p == seat else {}):
            action = bots[p].choose(observe(game, p))
        game.apply(action)
        moves.append(action.to_text())
    out = game.outcome
    score = 0.5 if out is None or out.winner is None else float(out.winner == seat)
    return {"index": index, "score": score, "actions": moves}


def run(variant: dict[str, float], games: int, seed: int, jobs: int) -> list[dict[str, Any]]:
    ai_strength._setup("heroes")
    tasks = [(i, seed, variant) for i in range(games)]
    if jobs <= 1:
        return [play(t) for t in tasks]
    with multiprocessing.get_context("fork").Pool(jobs, initializer=ai_strength._setup, initargs=("heroes",)) as pool:
        return sorted(pool.imap_unordered(play, tasks, chunksize=4), key=lambda r: r["index"])


def summary(results: list[dict[str, Any]]) -> tuple[float, float]:
    """The mean score and its standard error over the deals (a deal's two games as one measurement)."""
    deals: dict[int, list[float]] = {}
    for r in results:
        deals.setdefault(r["index"] // 2, []).append(r["score"])
    means = [sum(v) / len(v) for v in deals.values()]
    mean = sum(r["score"] for r in results) / len(results)
    if len(means) < 2:
        return mean, float("nan")
    m = sum(means) / len(means)
    var = sum((x - m) ** 2 for x in means) / (len(means) - 1)
    return mean, math.sqrt(var / len(means))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("weights", nargs="*", metavar="NAME=VALUE", help="the variant's weights (none: Easy itself)")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=500_000, help="the first deal")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games wants at least one game")
    try:
        variant = parse(args.weights)
    except ValueError as exc:
        ap.error(str(exc))
    t0 = time.perf_counter()
    results = run(variant, args.games, args.seed, args.jobs)
    mean, se = summary(results)
    print(f"easy_variant_vs_easy={mean:.3f}")
    print(f"easy_variant_se={se:.3f}")
    print(f"games={len(results)}")
    print(f"bench_s={time.perf_counter() - t0:.0f}")


if __name__ == "__main__":
    main()
