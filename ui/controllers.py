"""Who makes a player's decisions: a person at this computer, or a program.

The table asks ``controller.decide(game)`` whenever that player must decide. A human answers
None (the table waits for input); the computer opponent, a later issue, plugs in here by
subclassing :class:`Controller` and registering itself in :data:`COMPUTER_KINDS`.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.core.actions import Action


class Controller:
    """The seam between a player seat and whoever fills it."""

    kind = "human"
    is_human = True

    def decide(self, game) -> Action | None:
        """The action to take now, or None when the table must wait for a person."""
        return None

    def agree_undo(self, game) -> bool | None:
        """Whether this player allows the other to take back an action (None: ask the person)."""
        return None


class HumanController(Controller):
    """A person at this computer (hot-seat)."""


class RandomController(Controller):
    """Plays a random legal action: a stand-in for demos and tests, not an opponent worth playing."""

    kind = "random"
    is_human = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, game) -> Action | None:
        legal = game.legal_actions()
        return self.rng.choice(legal) if legal else None

    def agree_undo(self, game) -> bool | None:
        return True


# kind -> factory(seed). The computer opponent adds its entry here (see the module docstring).
COMPUTER_KINDS: dict[str, Callable[[int], Controller]] = {}


def make_controller(kind: str, seed: int = 0) -> Controller:
    if kind == "human":
        return HumanController()
    if kind == "random":
        return RandomController(seed)
    factory = COMPUTER_KINDS.get(kind)
    if factory is None:
        return HumanController()
    return factory(seed)


def computer_available() -> bool:
    return bool(COMPUTER_KINDS)
