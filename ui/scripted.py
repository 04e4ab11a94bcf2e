"""A scripted way to move a game along (screenshots, benchmarks, tests): eager, not clever.

Each game's client says what its eager player does (``eager_action``); this module only loops.
"""

from __future__ import annotations

import random

from ui.rulesets import client_of


def eager_action(game, rng: random.Random):
    """The action an eager player of ``game``'s ruleset takes now (None when there is none)."""
    return client_of(game).eager_action(game, rng)


def advance(session, rng: random.Random, until, limit: int = 600, act=None) -> bool:
    """Apply eager actions (or ``act(game, rng)``'s) until ``until(game)`` holds; False if the game ended or
    the limit hit."""
    for _ in range(limit):
        g = session.game
        if until(g):
            return True
        if g.is_over:
            return False
        action = (act or eager_action)(g, rng)
        if action is None:
            return False
        session.apply(action)
    return until(session.game)
