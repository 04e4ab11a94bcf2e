"""Random full games of «Берсерк. Герои» per second on one core.

Prints ``heroes_games_per_s=<n>`` (target: at least 200) and ``heroes_actions_per_s=<n>``.
Uses the ready decks when the card pool has them, else the test pool.
"""

from __future__ import annotations

import argparse
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from engine.content import load_pool  # noqa: E402
from engine.heroes.game import HeroesGame  # noqa: E402
from engine.sim import play_random  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]


def deck_pairs(pool):
    decks = sorted(pool.decks.values(), key=lambda d: d.id)
    if len(decks) >= 2:
        return [((a.hero, a.card_list()), (b.hero, b.card_list())) for a in decks for b in decks if a.id != b.id]
    cards = sorted(c.id for c in pool.cards.values() if c.type != "hero" and not c.created)
    deck = (cards * 3)[:40]
    return [(("t_hero_steppe", deck), ("t_hero_dark", deck))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args()
    pool = load_pool([ROOT / "tests" / "data"])
    pairs = deck_pairs(pool)
    actions = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    for seed in range(args.games):
        a, b = pairs[seed % len(pairs)]
        game = HeroesGame.new(pool, [a, b], seed=seed, check_decks=False)
        actions += len(play_random(game, random.Random(seed)))
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    print(f"heroes_games_per_s={args.games / elapsed:.1f}")
    print(f"heroes_actions_per_s={actions / elapsed:.0f}")
    print(f"heroes_actions_per_game={actions / args.games:.0f}")
    # The same run in process time: on a shared machine wall time also counts the other programs.
    print(f"heroes_games_per_cpu_s={args.games / cpu:.1f}")


if __name__ == "__main__":
    main()
