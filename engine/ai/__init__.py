"""Computer opponents. A bot sees only an :class:`Observation` (what its player may know) and answers
every kind of decision with one legal action::

    bot = make_bot("normal", seed=7)
    action = bot.choose(observe(game, game.decider))

``choose`` may take up to its time budget (Normal: about half a second), so a client runs it off
its render thread. Nothing here imports the ui or saves.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.ai.observe import Observation, determinize, observe
from engine.core.actions import Action

LEVELS = ("easy", "normal")
LEVEL_NAMES = {"easy": ("Лёгкий", "Easy"), "normal": ("Обычный", "Normal")}


def level_label(level: str, lang: str) -> str:
    """A level's name in the player's language (an unknown one as it is written)."""
    ru, en = LEVEL_NAMES.get(level, (level, level))
    return ru if lang == "ru" else en


class Bot(Protocol):
    """Anything that picks an action from an observation of its own player."""

    level: str

    def choose(self, obs: Observation) -> Action: ...


def make_bot(level: str, seed: int = 0, **options: Any) -> Bot:
    """A bot of this level; ``options`` go to its constructor (Normal: ``budget`` seconds, ``max_iterations``).
    Easy takes none; an option a level does not know is refused by name."""
    if level == "easy":
        from engine.ai.easy import EasyBot
        if options:
            raise ValueError(f"the easy bot takes no options (got {', '.join(sorted(options))})")
        return EasyBot(seed)
    if level == "normal":
        from engine.ai.normal import NormalBot
        return NormalBot(seed, **options)
    raise ValueError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")


__all__ = ["LEVELS", "LEVEL_NAMES", "Bot", "level_label", "Observation", "determinize", "make_bot", "observe"]
