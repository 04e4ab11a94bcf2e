"""Classic deck balance under random play: every pair of the built-in ready decks, seats alternated.

Prints ``name=value`` lines: games played, the first player's win rate (the player the die made first),
draws or unfinished games, and each deck's win rate over all its games. Random play picks any legal
action (laying its squad out first and saying ``ready`` once every card is on the field, as
bench/engine_speed.py does), so these figures say how the decks' numbers fare, not how they play in
skilled hands. ``--games`` per pair (default 200); ``--jobs`` worker processes; ``--write`` puts the
figures into docs/balance.md as its classic section (everything from ``SECTION`` on is replaced, so run it
again after bench/balance.py, which writes the «Герои» part of the file anew).
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
SECTION = "## Classic «Берсерк» (random play)"


def random_game(cards, decks, seed: int):
    """One random game from the two decks, as it stands when over or after MAX_STEPS actions: (game, actions)."""
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
    return g, steps


def play(cards, decks, seed: int) -> tuple[int | None, int, int, bool]:
    """One random game from the two decks: (winner or None, the first player, actions played, over)."""
    g, steps = random_game(cards, decks, seed)
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
    ap.add_argument("--write", action="store_true", help="write the classic section of docs/balance.md")
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
    wall = time.monotonic() - start
    figures = summary(results, names, len(pairs))
    for key, value in figures.items():
        print(f"{key}={value}")
    print(f"classic_wall_s={wall:.0f}")
    if args.write:
        write_section(ROOT / "docs" / "balance.md", figures, args.games, wall)


def summary(results: list[tuple[str, str, int | None, int, int, bool]], names: list[str], pairs: int) -> dict[str, str]:
    """The figures: games, draws, unfinished, the first player's and each deck's win rate over decided games."""
    decided = [r for r in results if r[2] is not None]
    first_wins = sum(1 for r in decided if r[2] == r[3])
    out = {"classic_games": str(len(results)), "classic_pairs": str(pairs),
           "classic_draws": str(sum(1 for r in results if r[5] and r[2] is None)),
           "classic_unfinished": str(sum(1 for r in results if not r[5])),
           "classic_first_player_win_rate": f"{first_wins / max(1, len(decided)):.3f}",
           "classic_actions_per_game": f"{sum(r[4] for r in results) / max(1, len(results)):.0f}"}
    for deck in names:
        mine = [r for r in decided if deck in (r[0], r[1])]
        wins = sum(1 for r in mine if (r[0], r[1])[r[2]] == deck)  # type: ignore[index]
        out[f"deck_{deck}_win_rate"] = f"{wins / max(1, len(mine)):.3f}"
    return out


def write_section(path: pathlib.Path, figures: dict[str, str], games: int, wall: float) -> None:
    """Replace the classic section of docs/balance.md (from SECTION to the end) with these figures."""
    from engine.content.classic import load_classic_pool

    pool = load_classic_pool()
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    head = text.split(SECTION)[0].rstrip()
    lines = [SECTION, "",
             "Written by `bench/classic_balance.py --write` (run it again after `bench/balance.py`, which rewrites",
             "this file). **Random play**: each player picks any legal action (it lays its squad out and says",
             "`ready` as soon as every card is on the field), so the figures test the cards' numbers and the",
             "rules' seats, not any plan; rerun with the computer opponent when classic has one.", "",
             f"- games per pair of ready decks: {games} (seats alternate; the die decides who goes first); "
             f"pairs: {figures['classic_pairs']}",
             f"- games played: {figures['classic_games']}; draws: {figures['classic_draws']}; "
             f"unfinished after {MAX_STEPS} actions: {figures['classic_unfinished']}; no exception",
             f"- average length: {figures['classic_actions_per_game']} actions; wall time {wall:.0f} s", "",
             f"The first player won **{float(figures['classic_first_player_win_rate']):.1%}** of the decided games.",
             "", "| deck | plan | win rate |", "| --- | --- | ---: |"]
    rates = sorted(((float(v), k[len("deck_"):-len("_win_rate")]) for k, v in figures.items()
                    if k.startswith("deck_")), reverse=True)
    for rate, deck in rates:
        d = pool.decks[deck]
        lines.append(f"| {d.name['en']} (`{deck}`) | {pool.plans[deck]['en']} | {rate:.1%} |")
    path.write_text((head + "\n\n" if head else "") + "\n".join(lines) + "\n", encoding="utf-8")

if __name__ == "__main__":
    main()
