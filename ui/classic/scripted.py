"""Classic moved along by script (screenshots, tests): strike when it can, else walk towards the enemy."""

from __future__ import annotations

import random

from engine.classic import actions as A


def eager_action(game, rng: random.Random):
    """Strikes first, then steps towards the nearest enemy, then ends the turn; defends half the time."""
    legal = game.legal_actions()
    if not legal:
        return None
    kind = getattr(game.pending, "kind", None)
    if kind == "defender":
        defends = [a for a in legal if isinstance(a, A.Defend)]
        return rng.choice(defends) if defends and rng.random() < 0.5 else A.NoDefense()
    if kind == "lower":
        return A.Lower() if rng.random() < 0.5 else A.Keep()
    if kind != "main":
        return legal[0]  # a decision the script knows nothing of: the first legal answer
    strikes = [a for a in legal if isinstance(a, A.Strike)]
    if strikes:
        return rng.choice(strikes)
    moves = [a for a in legal if isinstance(a, A.Move)]
    p = game.pending.player
    enemies = [game.creatures[c].at for c in game.on_board(1 - p) if game.creatures[c].at is not None]
    if moves and enemies:
        def gap(a):
            return min(abs(a.to[0] - e[0]) + abs(a.to[1] - e[1]) for e in enemies)

        here = {c: min(abs(game.creatures[c].at[0] - e[0]) + abs(game.creatures[c].at[1] - e[1]) for e in enemies)
                for c in game.on_board(p) if game.creatures[c].at is not None}  # not flyers, terrain, symbiotes
        closer = [a for a in moves if a.card in here and gap(a) < here[a.card]]
        if closer:
            best = min(gap(a) for a in closer)
            return rng.choice([a for a in closer if gap(a) == best])
    return next(a for a in legal if isinstance(a, A.EndTurn))
