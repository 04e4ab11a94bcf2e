"""Random legal play for any ruleset: the engine's own stress test, benchmarks and baselines."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core.actions import Action
from engine.core.game import Game


def random_action(game: Game, rng: random.Random) -> Action:
    """A uniformly random legal action of the deciding player (never a concession)."""
    return rng.choice(game.legal_actions())


def play_random(game: Game, rng: random.Random, *, max_steps: int = 20000,
                on_step: Callable[[Game, Action, list[dict[str, Any]]], None] | None = None) -> list[Action]:
    """Play random legal actions until the game ends; return the actions taken."""
    taken: list[Action] = []
    while not game.is_over and len(taken) < max_steps:
        action = random_action(game, rng)
        events = game.apply(action)
        taken.append(action)
        if on_step is not None:
            on_step(game, action, events)
    return taken
