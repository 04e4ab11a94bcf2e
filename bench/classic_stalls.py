"""Why some random classic games never end: play bench/classic_balance.py's random games (the same seeds),
take each one still going after ``MAX_STEPS`` actions, and continue it from there with a plain player.

The random player is classic_balance's (any legal action; the squad laid out and ``ready`` said at
once). The plain player strikes only enemies (any enemy it can strike), takes the 2007 4.16 aim at flyers
when it has nothing else to strike, moves now and then, and otherwise ends its turn; its other decisions
are random. A stalled game that the plain player ends — by a win or by 2007 7.6's repeated situation — was
kept going by the random player's choices (wandering breaks the repetition; striking its own side feeds
vampirism); one the plain player cannot end either is a position the rules themselves let run on (2007
7.6 ends neither: lives change every turn and the situation keeps changing), which players end by
agreeing a draw (7.7) or conceding.

Prints ``name=value`` lines and one line per stalled game. ``--games`` per pair (default 200, as the
balance run); ``--pair A B`` only that pair of ready decks (with classic_balance's seeds for it).
"""

from __future__ import annotations

import argparse
import collections
import itertools
import pathlib
import random
import sys
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.classic_balance import MAX_STEPS, random_game  # noqa: E402 - after the path is set

PLAIN_STEPS = 20000  # how long the plain player may go on from there


def plain_action(g: Any, rng: random.Random) -> Any:
    """Strike an enemy if one can be struck, else aim at flyers (2007 4.16), else sometimes move, else end."""
    from engine.classic import actions as A

    legal = g.legal_actions()
    if g.pending.kind != "main":
        return rng.choice(legal)
    me = g.pending.player
    strikes = [a for a in legal if isinstance(a, A.Strike) and a.target in g.creatures
               and g.creatures[a.target].owner != me]
    if strikes:
        return rng.choice(strikes)
    aims = [a for a in legal if isinstance(a, A.Aim)]
    if aims:
        return rng.choice(aims)
    moves = [a for a in legal if isinstance(a, A.Move)]
    if moves and rng.random() < 0.3:
        return rng.choice(moves)
    return next(a for a in legal if isinstance(a, A.EndTurn))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200, help="games per pair of decks (default 200)")
    ap.add_argument("--pair", nargs=2, metavar=("A", "B"), help="only this pair of ready decks")
    args = ap.parse_args()
    from engine.content.classic import load_classic_pool

    pool = load_classic_pool()
    pairs = list(itertools.combinations(sorted(pool.decks), 2))
    played = stalled = 0
    ends: collections.Counter[str] = collections.Counter()
    turns: list[int] = []
    for n, (a, b) in enumerate(pairs):
        if args.pair and sorted(args.pair) != [a, b]:
            continue
        for i in range(args.games):
            seats = (a, b) if i % 2 == 0 else (b, a)
            seed = 1000 * n + i  # classic_balance's seeds
            g, _ = random_game(pool.cards, [pool.decks[seats[0]], pool.decks[seats[1]]], seed)
            played += 1
            if g.is_over:
                continue
            stalled += 1
            turn = g.turn
            turns.append(turn)
            extra = max((c.extra_lives for c in g.creatures.values()), default=0)
            board = sorted(g.card_of(c).id for p in (0, 1) for c in g.on_board(p))
            rng = random.Random(seed)
            steps = 0
            while not g.is_over and steps < PLAIN_STEPS:
                g.apply(plain_action(g, rng))
                steps += 1
            end = ("win" if g.outcome.winner is not None else g.outcome.reason) if g.is_over else "still_going"
            ends[end] += 1
            print(f"stalled {seats[0]} {seats[1]} seed={seed} turn={turn} most_extra_lives={extra} "
                  f"board={','.join(board)} plain_play={end} after={g.turn - turn} turns", flush=True)
    print(f"classic_games={played}")
    print(f"classic_unfinished={stalled}")  # still going after MAX_STEPS actions
    print(f"classic_max_steps={MAX_STEPS}")
    if turns:
        print(f"classic_unfinished_turns={min(turns)}-{max(turns)}")
    for end in ("win", "repetition", "quiet", "still_going"):
        print(f"classic_unfinished_then_plain_{end}={ends[end]}")


if __name__ == "__main__":
    main()
