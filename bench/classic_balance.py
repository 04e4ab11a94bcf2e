"""Classic deck balance under random play: every pair of the built-in ready decks, seats alternated.

Prints ``name=value`` lines: games played, the first player's win rate (the player the die made first),
draws or unfinished games, and each deck's win rate over all its games. Random play picks any legal
action (laying its squad out first and saying ``ready`` once every card is on the field, as
bench/engine_speed.py does), so these figures say how the decks' numbers fare, not how they play in
skilled hands. ``--games`` per pair (default 200); ``--jobs`` worker processes.
"""

from __future__ import annotations

import argparse
import itertools
import pathlib
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

MAX_STEPS = 20000  # a game longer than this is counted as unfinished


def play(cards, decks, seed: int) -> tuple[int | None, int, int, bool]:
    """One random game from the two decks: (winner or None, the first player, actions played, over)."""
    from engine.classic import actions as A
    from engine.classic.ruleset import new_game

    rng = random.Random(seed)
    g = new_game(cards, decks, seed=seed)
    steps = 0
    while not g.is_over and steps < MAX_STEPS:
        legal = g.legal_actions()
        if g.pending.kind == "place":
            legal = [a for a in legal if isinstance(a, A.Ready)] or [
                a for a in legal if isinstance(a, A.Place) and a.card not in g.creatures]
        g.apply(rng.choice(legal))
        steps += 1
    winner = g.outcome.winner if g.is_over and g.outcome is not None else None
    return winner, g.first, steps, g.is_over


def run_pair(args: tuple[str, str, int, int]) -> list[tuple[str, str, int | None, int, int, bool]]:
    """``games`` games of deck ``a`` against deck ``b``, ``a`` in seat 0 on even seeds and seat 1 on odd."""
    from engine.content.classic import load_classic_pool

    a, b, games, base = args
    pool = load_classic_pool()
    out = []
    for i in range(games):
        seats = (a, b) if i % 2 == 0 else (b, a)
        winner, first, steps, over = play(pool.cards, [pool.decks[seats[0]], pool.decks[seats[1]]], base + i)
        out.append((seats[0], seats[1], winner, first, steps, over))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200, help="games per pair of decks (default 200)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = ap.parse_args()
    from engine.content.classic import load_classic_pool

    names = sorted(load_classic_pool().decks)
    pairs = [(a, b, args.games, 1000 * n) for n, (a, b) in enumerate(itertools.combinations(names, 2))]
    start = time.monotonic()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as ex:
            results = [r for chunk in ex.map(run_pair, pairs) for r in chunk]
    else:
        results = [r for p in pairs for r in run_pair(p)]
    played = len(results)
    decided = [r for r in results if r[2] is not None]
    first_wins = sum(1 for r in decided if r[2] == r[3])
    print(f"classic_games={played}")
    print(f"classic_pairs={len(pairs)}")
    print(f"classic_draws={sum(1 for r in results if r[5] and r[2] is None)}")
    print(f"classic_unfinished={sum(1 for r in results if not r[5])}")
    # win rates are over decided games (draws left out)
    print(f"classic_first_player_win_rate={first_wins / max(1, len(decided)):.3f}")
    print(f"classic_actions_per_game={sum(r[4] for r in results) / max(1, played):.0f}")
    for deck in names:
        mine = [r for r in decided if deck in (r[0], r[1])]
        wins = sum(1 for r in mine if (r[0], r[1])[r[2]] == deck)
        print(f"deck_{deck}_win_rate={wins / max(1, len(mine)):.3f}")
    print(f"classic_wall_s={time.monotonic() - start:.0f}")


if __name__ == "__main__":
    main()
