"""Computer opponents. A bot sees only an :class:`Observation` (what its player may know) and answers
every kind of decision with one legal action::

    bot = make_bot("normal", seed=7, ruleset=game.ruleset)
    action = bot.choose(observe(game, game.decider))

Each ruleset registers its bots by level (``find_ruleset(name).bots``) and what its players may know
(``observe``/``determinize``); the «Герои» bots live in :mod:`engine.heroes.ai`, the classic ones in
:mod:`engine.classic.ai`. Both games' look-ahead is one search: :mod:`engine.ai.search` (Normal's flat Monte
Carlo) and :mod:`engine.ai.ismcts` (Hard's information-set tree search).

``choose`` may take up to its time budget (Normal: about half a second, Hard: up to 1.7 s), so a client runs it off
its render thread. Nothing here imports the ui or saves.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.ai.observe import Observation, determinize, observe
from engine.core.actions import Action
from engine.core.ruleset import find_ruleset

LEVELS = ("easy", "normal", "hard")  # the level names a seat or a save may hold (each game registers its own bots)
LEVEL_NAMES = {"easy": ("Лёгкий", "Easy"), "normal": ("Обычный", "Normal"), "hard": ("Сложный", "Hard")}


def level_label(level: str, lang: str) -> str:
    """A level's name in the player's language (an unknown one as it is written)."""
    ru, en = LEVEL_NAMES.get(level, (level, level))
    return ru if lang == "ru" else en


class Bot(Protocol):
    """Anything that picks an action from an observation of its own player."""

    level: str

    def choose(self, obs: Observation) -> Action: ...


def make_bot(level: str, seed: int = 0, *, ruleset: str = "heroes", **options: Any) -> Bot:
    """A bot of this level for the game ``ruleset`` (its ruleset registers its levels); ``options`` go to
    its constructor («Герои» Normal: ``budget`` seconds, ``max_iterations``). An unknown level, or a game
    with no computer opponent yet, is a ValueError naming what there is."""
    bots = find_ruleset(ruleset).bots
    factory = bots.get(level)
    if factory is None:
        if not bots:
            raise ValueError(f"there is no computer opponent for {ruleset!r} yet")
        raise ValueError(f"unknown bot level {level!r} for {ruleset!r} (known: {', '.join(bots)})")
    return factory(seed, **options)


def bot_levels(ruleset: str = "heroes") -> tuple[str, ...]:
    """The computer levels a game has (none for a game without a computer opponent yet)."""
    return tuple(find_ruleset(ruleset).bots)


__all__ = ["LEVELS", "LEVEL_NAMES", "Bot", "bot_levels", "level_label", "Observation", "determinize", "make_bot",
           "observe"]
