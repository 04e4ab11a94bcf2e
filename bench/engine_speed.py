"""Random full games per second on one core, of both games: this engine against a baseline commit, in one run.

Prints ``heroes_games_per_s=`` (this tree; target: at least 200), ``heroes_games_per_s_baseline=`` (the
baseline commit's engine), ``heroes_speed_ratio=`` (this / baseline; target: at least 2.5),
``heroes_actions_per_s=``, ``heroes_actions_per_game=``, ``heroes_games_per_cpu_s=``, ``heroes_rules=``,
``classic_games_per_s=`` (random full classic games from the test decks: the setup, then the battle to its
end), ``classic_games_per_s_baseline=`` and ``classic_speed_ratio=`` (where the baseline has classic games),
and ``baseline_rules=``.

This tree is measured as it is: ``heroes_rules=compiled`` when ``python3 run.py`` has compiled its rules
with mypyc (tools/compile_rules.py, on a machine with a C compiler: both games' rules, the classic ones too),
``plain`` when they run as plain Python (no build; with ``BERSERK_PLAIN_RULES=1`` set this tree is measured from
a copy without its compiled files, which stay where they are). The baseline is measured in the same
form where it can be: a baseline that has tools/compile_rules.py is compiled by its own builder when this
tree's rules are compiled (so the ratios compare like with like: ``baseline_rules=compiled``); one from
before the compiler (9aabbb0) runs as plain Python, and so does any baseline with ``--plain-baseline``.
bench/engine_compiled.py measures both forms of this tree beside the baseline. A baseline from before the
classic rules were compiled (622bf4f: ``--baseline 622bf4f`` is what ``classic_speed_ratio`` is judged
against, at least 3 compiled and at least 1 plain) runs its classic rules as plain Python on its compiled
engine/core.

How the two engines are measured alike: the baseline tree is taken out of git (``git archive REV``) into
a temporary folder, and small measuring scripts (``MEASURE`` and ``MEASURE_CLASSIC`` below, using only what
both versions have: ``load_pool``, ``HeroesGame.new``, ``find_ruleset``, the test cards and decks,
``legal_actions``, ``apply``, ``is_over``) run in a fresh interpreter for each tree — the same decks, the
same seeds, the same random choices. Rounds alternate (new, baseline, baseline, new…) so a busy machine
slows both alike; each figure is the best round, in process time (wall time also counts the other programs
on a shared machine).

The baseline is 9aabbb0: the engine with every ability a registered class and card definitions compiled
into records, before the data model and the compiled rules of docs/performance.md; the target is a ratio of
at least 2.5 against it. ``--baseline REV`` measures against another commit,
``--no-baseline`` only this tree. Without git or the commit it says so on stderr and measures this tree.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tarfile
import tempfile
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
PLAIN_ENV = "BERSERK_PLAIN_RULES"  # as tools/compile_rules.py reads it: the rules as plain Python
BASELINE = "9aabbb0"

MEASURE = r'''
import json, pathlib, random, sys, time
root = pathlib.Path(sys.argv[1]); games = int(sys.argv[2])
sys.path.insert(0, str(root))
from engine.content import load_pool
from engine.heroes.game import HeroesGame
pool = load_pool([root / "tests" / "data"])
decks = sorted(pool.decks.values(), key=lambda d: d.id)
pairs = [((a.hero, a.card_list()), (b.hero, b.card_list())) for a in decks for b in decks if a.id != b.id]
actions = 0
wall, cpu = time.perf_counter(), time.process_time()
for seed in range(games):
    a, b = pairs[seed % len(pairs)]
    g = HeroesGame.new(pool, [a, b], seed=seed, check_decks=False)
    rng = random.Random(seed)
    steps = 0
    while not g.is_over and steps < 20000:
        g.apply(rng.choice(g.legal_actions()))
        steps += 1
    actions += steps
import engine.heroes.game as rules
print(json.dumps({"games": games, "actions": actions, "wall": time.perf_counter() - wall,
                  "cpu": time.process_time() - cpu, "compiled": pathlib.Path(rules.__file__).suffix in (".so", ".pyd")}))
'''


# Random full classic games from the test decks: the die roll, squad building, placement, reveal and
# symbiotes, then the battle to its end. The random player picks any legal action, except that it lays its
# squad out and says ``ready`` once every card is on the field: rearranging cards forever is legal but plays
# nothing (a uniform choice among ~60 moves and swaps would).
MEASURE_CLASSIC = r'''
import json, pathlib, random, sys, time
root = pathlib.Path(sys.argv[1]); games = int(sys.argv[2])
sys.path.insert(0, str(root))
from engine.classic import actions as A
from engine.content.cards import load_classic_cards, load_classic_decks
from engine.core.ruleset import find_ruleset
ruleset = find_ruleset("classic")
cards = load_classic_cards("test")
decks = [d for _, d in sorted(load_classic_decks("test").items())]
actions = 0
wall, cpu = time.perf_counter(), time.process_time()
for seed in range(games):
    rng = random.Random(seed)
    g = ruleset.new_game(cards, [decks[seed % len(decks)], decks[(seed + 1) % len(decks)]], seed=seed)
    steps = 0
    while not g.is_over and steps < 20000:
        legal = g.legal_actions()
        if g.pending.kind == "place":
            legal = [a for a in legal if isinstance(a, A.Ready)] or [
                a for a in legal if isinstance(a, A.Place) and a.card not in g.creatures]
        g.apply(rng.choice(legal))
        steps += 1
    actions += steps
print(json.dumps({"games": games, "actions": actions, "wall": time.perf_counter() - wall,
                  "cpu": time.process_time() - cpu}))
'''


def copy_tree(into: pathlib.Path) -> pathlib.Path:
    """This tree's engine, cards and test cards (what the measuring scripts load) under ``into``, without
    any compiled files: plain Python."""
    skip = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd")
    shutil.copytree(ROOT / "engine", into / "engine", ignore=skip)
    shutil.copytree(ROOT / "assets", into / "assets")  # the built-in cards and decks the pool loads
    for data in ("data", "classic_data"):  # the test cards of both games
        shutil.copytree(ROOT / "tests" / data, into / "tests" / data)
    return into


def measure(tree: pathlib.Path, games: int, script: str = MEASURE) -> dict[str, Any]:
    """One round in a fresh interpreter: ``games`` random games (of «Герои», or of the game ``script`` plays)
    with the engine of ``tree``."""
    out = subprocess.run([sys.executable, "-c", script, str(tree), str(games)], cwd=tree, capture_output=True,
                         text=True, check=False)
    if out.returncode != 0:
        raise RuntimeError(f"measuring {tree} failed:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def extract(rev: str, into: pathlib.Path) -> pathlib.Path | None:
    """The tree of commit ``rev`` under ``into`` (None, with the reason on stderr, when git cannot give it)."""
    git = shutil.which("git")
    if git is None:
        print("no git: measuring this tree only", file=sys.stderr)
        return None
    archive = subprocess.run([git, "-C", str(ROOT), "archive", "--format=tar", rev], capture_output=True, check=False)
    if archive.returncode != 0:
        print(f"cannot take commit {rev} out of git ({archive.stderr.decode(errors='replace').strip()}): "
              "measuring this tree only", file=sys.stderr)
        return None
    tar = into / "baseline.tar"
    tar.write_bytes(archive.stdout)
    tree = into / "baseline"
    with tarfile.open(tar) as t:
        t.extractall(tree, filter="data")
    return tree


def compile_like(tree: pathlib.Path) -> bool:
    """Build the baseline tree's rules with its own tools/compile_rules.py; False (and why, on stderr)
    when it has none or the build fails: it is then measured as plain Python."""
    builder = tree / "tools" / "compile_rules.py"
    if not builder.is_file():
        print("the baseline has no compiler of its rules: measuring it as plain Python", file=sys.stderr)
        return False
    out = subprocess.run([sys.executable, str(builder), "ensure"], cwd=tree, capture_output=True, text=True,
                         check=False)
    state = subprocess.run([sys.executable, str(builder), "status"], cwd=tree, capture_output=True, text=True,
                           check=False).stdout.strip()
    if state != "fresh":
        print(f"the baseline's rules did not compile ({out.stderr.strip()[-400:]}): measuring it as plain Python",
              file=sys.stderr)
        return False
    return True


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100, help="«Герои» games per round (default 100; classic: half)")
    ap.add_argument("--rounds", type=int, default=3, help="rounds of each engine, alternating (default 3)")
    ap.add_argument("--baseline", default=BASELINE, help=f"the commit to compare with (default {BASELINE})")
    ap.add_argument("--no-baseline", action="store_true", help="measure this tree only")
    ap.add_argument("--plain-baseline", action="store_true",
                    help="measure the baseline as plain Python even when this tree's rules are compiled")
    args = ap.parse_args()
    classic_games = max(20, args.games // 2)
    with tempfile.TemporaryDirectory(prefix="engine-speed-") as tmp:
        base = None if args.no_baseline else extract(args.baseline, pathlib.Path(tmp))
        here = copy_tree(pathlib.Path(tmp) / "plain") if os.environ.get(PLAIN_ENV) else ROOT
        here_compiled = bool(measure(here, 1).get("compiled"))
        if base is not None and here_compiled and not args.plain_baseline:
            compile_like(base)  # like with like (baseline_rules= says what it became)
        base_classic = base is not None and (base / "engine" / "classic" / "ruleset.py").is_file()
        new: list[dict[str, float]] = []
        old: list[dict[str, float]] = []
        new_classic: list[dict[str, float]] = []
        old_classic: list[dict[str, float]] = []
        for k in range(args.rounds):
            # who goes first alternates too: on a busy machine the first of two runs in a row is a little
            # slower (about 1% when one tree is measured against itself)
            runs = [(new, here, MEASURE, args.games), (new_classic, here, MEASURE_CLASSIC, classic_games)]
            if base is not None:
                runs.insert(1 - k % 2, (old, base, MEASURE, args.games))
            if base_classic:
                runs.insert(len(runs) - k % 2, (old_classic, base, MEASURE_CLASSIC, classic_games))
            for into, tree, script, games in runs:
                into.append(measure(tree, games, script))
    best = min(new, key=lambda r: r["cpu"])
    print(f"heroes_games_per_s={best['games'] / best['cpu']:.1f}")
    print(f"heroes_actions_per_s={best['actions'] / best['cpu']:.0f}")
    print(f"heroes_actions_per_game={best['actions'] / best['games']:.0f}")
    print(f"heroes_games_per_wall_s={best['games'] / min(r['wall'] for r in new):.1f}")
    print(f"heroes_rules={'compiled' if best.get('compiled') else 'plain'}")
    if old:
        base_best = min(old, key=lambda r: r["cpu"])
        if base_best["actions"] != best["actions"]:
            print(f"note: the baseline played {base_best['actions']} actions, this tree {best['actions']} "
                  "(the engines no longer play the same games)", file=sys.stderr)
        ratio = (best["games"] / best["cpu"]) / (base_best["games"] / base_best["cpu"])
        print(f"heroes_games_per_s_baseline={base_best['games'] / base_best['cpu']:.1f}")
        print(f"heroes_speed_ratio={ratio:.3f}")
        print(f"baseline={args.baseline}")
        print(f"baseline_rules={'compiled' if base_best.get('compiled') else 'plain'}")
    cbest = min(new_classic, key=lambda r: r["cpu"])
    print(f"classic_games_per_s={cbest['games'] / cbest['cpu']:.1f}")
    print(f"classic_actions_per_game={cbest['actions'] / cbest['games']:.0f}")
    if old_classic:
        cbase = min(old_classic, key=lambda r: r["cpu"])
        if cbase["actions"] != cbest["actions"]:
            print(f"note: the baseline played {cbase['actions']} classic actions, this tree {cbest['actions']}",
                  file=sys.stderr)
        print(f"classic_games_per_s_baseline={cbase['games'] / cbase['cpu']:.1f}")
        print(f"classic_speed_ratio={(cbest['games'] / cbest['cpu']) / (cbase['games'] / cbase['cpu']):.3f}")


if __name__ == "__main__":
    main()
