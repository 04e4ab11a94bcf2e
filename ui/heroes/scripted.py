"""«Герои» moved along by script (screenshots, benchmarks, tests): eager, not clever (``ui.scripted``)."""

from __future__ import annotations

import random

from engine.heroes import actions as A


def eager_action(game, rng: random.Random):
    """Prefers playing cards, then attacking, then ending the turn; keeps hands and declares triggers."""
    legal = game.legal_actions()
    kind = getattr(game.pending, "kind", None)
    if kind == "mulligan":
        return A.Mulligan(cards=())
    if kind == "order":
        return A.ChooseOrder(first=True)
    if kind == "defender":
        defends = [a for a in legal if isinstance(a, A.Defend)]
        return rng.choice(defends) if defends and rng.random() < 0.5 else A.NoDefense()
    if kind == "triggers":
        declares = [a for a in legal if isinstance(a, A.DeclareTrigger)]
        return declares[0] if declares else legal[0]
    if kind == "main":
        plays = [a for a in legal if isinstance(a, A.Play) and a.attach is None]
        attacks = [a for a in legal if isinstance(a, A.Attack)]
        if plays and rng.random() < 0.8:
            return rng.choice(plays)
        if attacks and rng.random() < 0.7:
            hero_hits = [a for a in attacks if game.cdef(a.target).type == "hero"]
            return rng.choice(hero_hits or attacks)
        ends = [a for a in legal if isinstance(a, A.EndTurn)]
        return ends[0] if ends else rng.choice(legal)
    return legal[0] if legal else None
