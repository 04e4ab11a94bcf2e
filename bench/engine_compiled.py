"""«Герои» random games per second with the rules compiled by mypyc, against the baseline, in one run.

Prints ``heroes_games_per_s_compiled=`` (this tree's rules compiled), ``heroes_games_per_s=`` (this tree as
plain Python), ``heroes_games_per_s_baseline=`` (the baseline commit of bench/engine_speed.py, plain Python),
``heroes_speed_ratio_compiled=`` (compiled / baseline; target: at least 2.5),
``heroes_compiled_over_plain=`` and ``heroes_compile_s=`` (how long the build took).

Why: a ratio of 2.5 is out of reach of plain CPython for this rules engine (its profile is flat:
see docs/performance.md). mypyc, the compiler of typed Python that ships with mypy, turns the typed modules of the
rules into a C extension with no change to what they do. python3 run.py builds them so when the machine can
(tools/compile_rules.py); this measures both forms side by side, whatever this tree holds now.

How: this tree's ``engine`` and cards are copied twice into a temporary folder, and tools/compile_rules.py
builds one copy as the client does (the compiled modules beside their sources, as Python prefers them); then
engine_speed.py's measuring script runs on the three trees in fresh interpreters, rounds alternating, the
same decks, seeds and random choices, the best round of each in process time. The compiled games must
play exactly the plain ones (the same number of actions), or it stops.

Needs mypy (``pip install mypy``), setuptools and a C compiler; without them it says so on stderr and stops.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from engine_speed import BASELINE, copy_tree, extract, measure  # noqa: E402 - the bench folder is not a package

sys.path.insert(0, str(ROOT))
from tools import compile_rules  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100, help="games per round (default 100)")
    ap.add_argument("--rounds", type=int, default=3, help="rounds per tree (default 3)")
    ap.add_argument("--baseline", default=BASELINE, help=f"commit to compare with (default {BASELINE})")
    args = ap.parse_args()
    lack = compile_rules.missing()
    if lack:
        print(f"cannot compile the rules: {lack}", file=sys.stderr)
        sys.exit(2)
    with tempfile.TemporaryDirectory() as tmp:
        work = pathlib.Path(tmp)
        compiled = copy_tree(work / "compiled")
        start = time.perf_counter()
        try:
            compile_rules.build(compiled)
        except RuntimeError as exc:
            raise SystemExit(f"mypyc could not build the rules:\n{exc}") from None
        seconds = time.perf_counter() - start
        trees = {"compiled": compiled, "plain": copy_tree(work / "plain")}
        baseline = extract(args.baseline, work)
        if baseline is not None:
            trees["baseline"] = baseline
        best: dict[str, float] = {}
        actions: dict[str, int] = {}
        for _ in range(args.rounds):
            for name, tree in trees.items():
                got = measure(tree, args.games)
                if got.get("compiled") != (name == "compiled") and name != "baseline":
                    raise SystemExit(f"the {name} tree ran {'compiled' if got.get('compiled') else 'plain'} rules")
                best[name] = max(best.get(name, 0.0), got["games"] / got["cpu"])
                actions[name] = int(got["actions"])
        if actions["compiled"] != actions["plain"]:
            raise SystemExit(f"the compiled rules played other games: {actions['compiled']} actions "
                             f"against {actions['plain']}")
    print(f"heroes_games_per_s_compiled={best['compiled']:.1f}")
    print(f"heroes_games_per_s={best['plain']:.1f}")
    print(f"heroes_compiled_over_plain={best['compiled'] / best['plain']:.3f}")
    if "baseline" in best:
        print(f"heroes_games_per_s_baseline={best['baseline']:.1f}")
        print(f"heroes_speed_ratio_compiled={best['compiled'] / best['baseline']:.3f}")
    print(f"heroes_compile_s={seconds:.1f}")


if __name__ == "__main__":
    main()
