"""«Берсерк. Герои» in the ruleset registry."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.actions import DEFAULT_CODEC
from engine.core.ruleset import Ruleset, register_ruleset
from engine.heroes import actions as _actions  # noqa: F401 - registers the action classes in the codec
from engine.heroes import scenario
from engine.heroes.ai.observe import determinize, observe, tell, undo_hides, view_game
from engine.heroes.events import EVENTS
from engine.heroes.game import HeroesGame
from engine.heroes.pool import CardPool
from engine.heroes.position import build_position


def new_game(pool: CardPool, decks: Sequence[tuple[str, list[str]]], *, seed: int = 0,
             check_decks: bool = True) -> HeroesGame:
    """Two decks as (hero id, card ids): heroes in play and the first-player die rolled (CR 301.3)."""
    return HeroesGame.new(pool, list(decks), seed=seed, check_decks=check_decks)


def _easy(seed: int = 0, **options: Any) -> Any:
    from engine.heroes.ai.easy import EasyBot

    if options:
        raise ValueError(f"the easy bot takes no options (got {', '.join(sorted(options))})")
    return EasyBot(seed)


def _normal(seed: int = 0, **options: Any) -> Any:
    from engine.heroes.ai.normal import NormalBot

    return NormalBot(seed, **options)


def _hard(seed: int = 0, **options: Any) -> Any:
    from engine.heroes.ai.hard import HardBot

    return HardBot(seed, **options)


RULESET = register_ruleset(Ruleset(name="heroes", game=HeroesGame, new_game=new_game, codec=DEFAULT_CODEC,
                                   observe=observe, determinize=determinize,
                                   bots={"easy": _easy, "normal": _normal, "hard": _hard}, build_position=build_position,
                                   scenarios=scenario, tell=tell, view_game=view_game, events=EVENTS,
                                   undo_hides=undo_hides))
