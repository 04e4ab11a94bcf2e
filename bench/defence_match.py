"""How near each way of playing a defence comes to Normal's own: a «Герои» diagnostic for Hard's look-ahead.

Hard's look-ahead games are played by Easy, whose defence (CR 509) judges a block by its fight alone, and the
opponent Hard meets is Normal. This plays Normal against Normal (``--budget`` seconds a decision, the bench's
ready decks, deals from ``--seed``) and at each defence with a choice asks Normal at its real budget (0.5 s,
seeing what its player sees; ``--real``) for the defence it plays, then how often each other way chose the same:

- ``twin``: another Normal of another seed at the same budget (how far Normal agrees with itself);
- ``foreseen``: what Hard foresees (``reply``): a Normal given 0.05 s answering on a re-deal of what the
  attacker sees, as Hard asks it;
- ``foreseen_own_view``: the same Normal answering from what the defender sees;
- ``easy``: Easy's rules;
- ``fitted``: the defence fitted to Normal's (engine/heroes/ai/defence.py, ``fitted_defence``);
- ``ahead_1``, ``ahead_2``: the look-ahead defence (``lookahead_defence``), one look-ahead game a candidate to
  the end of this turn or of the defender's next, with its time a defence (``*_ms_mean``, ``*_ms_p95``).

Prints ``defences=<n>`` and ``match_<way>=<share>`` lines. Normal's choices depend on the clock, so two runs
differ a little.
"""

from __future__ import annotations

import argparse
import multiprocessing
import pathlib
import random
import sys
import time
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import ai_strength  # noqa: E402

from engine.ai.observe import observe  # noqa: E402
from engine.heroes.ai.defence import fitted_defence, lookahead_defence  # noqa: E402
from engine.heroes.ai.easy import easy_action  # noqa: E402
from engine.heroes.ai.hard import REPLY as FORESEEN  # noqa: E402  (the answering Normal's budget in Hard)
from engine.heroes.ai.normal import NormalBot  # noqa: E402
from engine.heroes.ai.observe import determinize  # noqa: E402

REAL = 0.5  # Normal's own budget: the defence every other way is matched against
MAX_STEPS = 1500  # actions of one game at most
WAYS = ("twin", "foreseen", "foreseen_own_view", "easy", "fitted", "ahead_1", "ahead_2")


def one_game(task: tuple[int, float, float]) -> list[dict[str, Any]]:
    """The defences of one game of deal ``deal`` (both seats Normals of ``budget`` seconds a decision): for each,
    whether each way matched the defence of a Normal given ``real`` seconds, and the look-ahead defences'
    times."""
    deal, budget, real_budget = task
    g = ai_strength.new_game(deal)
    bots = [NormalBot(deal * 2 + 1, budget=budget), NormalBot(deal * 2 + 2, budget=budget)]
    rng = random.Random(deal)
    out: list[dict[str, Any]] = []
    steps = 0
    while not g.is_over and steps < MAX_STEPS:
        p = g.decider
        obs = observe(g, p)
        if g.pending is not None and g.pending.kind == "defender" and len(obs.legal) > 1:
            real = NormalBot(rng.getrandbits(32), budget=real_budget).choose(obs)
            chose: dict[str, Any] = {"twin": NormalBot(rng.getrandbits(32), budget=real_budget).choose(obs)}
            redealt = determinize(observe(g, 1 - p), rng)
            chose["foreseen"] = NormalBot(rng.getrandbits(32), budget=FORESEEN).choose(observe(redealt, p))
            chose["foreseen_own_view"] = NormalBot(rng.getrandbits(32), budget=FORESEEN).choose(obs)
            chose["easy"] = easy_action(g.clone(), random.Random(rng.getrandbits(32)))
            chose["fitted"] = fitted_defence(g.clone(), random.Random(rng.getrandbits(32)))
            row: dict[str, Any] = {}
            for turns in (1, 2):
                t0 = time.perf_counter()
                chose[f"ahead_{turns}"] = lookahead_defence(g, random.Random(rng.getrandbits(32)), turns=turns)
                row[f"ahead_{turns}_s"] = time.perf_counter() - t0
            row.update({way: chose[way] == real for way in WAYS})
            out.append(row)
            action = real
        else:
            action = bots[p].choose(obs)
        g.apply(action)
        steps += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--budget", type=float, default=0.17, help="the playing Normals' seconds a decision")
    ap.add_argument("--real", type=float, default=REAL, help="the seconds of the Normal every way is matched to")
    ap.add_argument("--seed", type=int, default=300_000, help="the first deal (apart from the other benches')")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    tasks = [(args.seed + i, args.budget, args.real) for i in range(args.games)]
    ai_strength._setup("heroes")
    if args.jobs > 1:
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            games = pool.map(one_game, tasks)
    else:
        games = [one_game(t) for t in tasks]
    rows = [r for game in games for r in game]
    n = len(rows)
    print(f"defences={n}")
    if not n:
        return
    for way in WAYS:
        print(f"match_{way}={sum(r[way] for r in rows) / n:.3f}")
    for turns in (1, 2):
        times = [r[f"ahead_{turns}_s"] for r in rows]
        print(f"ahead_{turns}_ms_mean={sum(times) / n * 1000:.1f}")
        print(f"ahead_{turns}_ms_p95={ai_strength.p95(times) * 1000:.1f}")


if __name__ == "__main__":
    main()
