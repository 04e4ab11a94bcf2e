"""Machine instructions per random «Герои» game (callgrind): this engine against a baseline commit.

Prints ``heroes_instructions_per_game=`` (this tree, in millions), ``heroes_instructions_per_game_baseline=``
and ``heroes_instruction_ratio=`` (baseline / this: how many times fewer instructions this tree needs).

Why: bench/engine_speed.py measures time, and on a machine shared by several busy programs its rounds
differ by ±10% or more, so a step worth a few per cent cannot be seen there. valgrind's callgrind counts
the instructions the interpreter executes, which the other programs do not change: two runs of the same
tree agree to a fraction of a per cent. Instructions are not time (memory stalls and branch misses are
not counted), so the speed figure to report stays engine_speed.py's; this one is for deciding
whether a step helped.

The games are engine_speed.py's (its ``MEASURE`` script: the same decks, seeds and random choices, the same
baseline taken out of git). Each tree runs twice under callgrind, with ``--games`` games and with none:
the difference is the games alone, without starting Python and loading the cards. Needs ``valgrind``
(``apt-get install valgrind``); it says so on stderr and stops when there is none. Slow: about 50 times
slower than running plainly, so a few dozen games are enough (the count is exact, not a sample).
"""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from engine_speed import BASELINE, MEASURE, extract  # noqa: E402 - the bench folder is not a package

_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def instructions(valgrind: str, tree: pathlib.Path, games: int) -> int:
    """Instructions callgrind counted for one fresh interpreter playing ``games`` games with ``tree``'s engine."""
    env = dict(os.environ, PYTHONHASHSEED="0")  # the same string hashes each run: the same dict layouts
    out = subprocess.run([valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                          "-c", MEASURE, str(tree), str(games)], cwd=tree, capture_output=True, text=True,
                         env=env, check=False)
    found = _COLLECTED.search(out.stderr)
    if out.returncode != 0 or found is None:
        raise RuntimeError(f"callgrind on {tree} failed:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def per_game(valgrind: str, tree: pathlib.Path, games: int) -> float:
    """Instructions per game, the start-up (interpreter, imports, card pool) taken away."""
    return (instructions(valgrind, tree, games) - instructions(valgrind, tree, 0)) / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=40, help="games per tree (default 40)")
    ap.add_argument("--baseline", default=BASELINE, help=f"the commit to compare with (default {BASELINE})")
    ap.add_argument("--no-baseline", action="store_true", help="measure this tree only")
    args = ap.parse_args()
    if args.games < 1:
        ap.error("--games must be at least 1")
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        print("valgrind is not installed (apt-get install valgrind): nothing measured", file=sys.stderr)
        sys.exit(1)
    with tempfile.TemporaryDirectory(prefix="engine-instructions-") as tmp:
        base = None if args.no_baseline else extract(args.baseline, pathlib.Path(tmp))
        new = per_game(valgrind, ROOT, args.games)
        old = None if base is None else per_game(valgrind, base, args.games)
    print(f"heroes_instructions_per_game={new / 1e6:.2f}M")
    if old is not None:
        print(f"heroes_instructions_per_game_baseline={old / 1e6:.2f}M")
        print(f"heroes_instruction_ratio={old / new:.3f}")
        print(f"baseline={args.baseline}")


if __name__ == "__main__":
    main()
