"""Classic «Берсерк» in the ruleset registry."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.classic import scenario
from engine.classic.actions import CODEC
from engine.classic.ai.observe import determinize, observe, tell, undo_hides, view_game
from engine.classic.cards import ClassicCard
from engine.classic.decks import ClassicDeck
from engine.classic.events import EVENTS
from engine.classic.game import ClassicGame
from engine.classic.position import build_position
from engine.core.ruleset import Ruleset, register_ruleset


def _easy(seed: int = 0, **options: Any) -> Any:
    from engine.classic.ai.easy import EasyBot

    unknown = sorted(set(options) - {"setup"})
    if unknown:
        raise ValueError(f"the easy bot takes only a setup style (got {', '.join(unknown)})")
    return EasyBot(seed, **options)


def _normal(seed: int = 0, **options: Any) -> Any:
    from engine.classic.ai.normal import NormalBot

    return NormalBot(seed, **options)


def _hard(seed: int = 0, **options: Any) -> Any:
    from engine.classic.ai.hard import HardBot

    return HardBot(seed, **options)


def new_game(cards: Mapping[str, ClassicCard], sides: Sequence[Any], *, seed: int = 0, first: int = 0,
             names: Sequence[str] = ("Игрок 1", "Игрок 2"), edition: str | None = None,
             check_decks: bool = True) -> ClassicGame:
    """A full game from two decks, or two squads laid out at once.

    ``sides`` as two :class:`ClassicDeck`, or card-id lists with ``edition`` ("2022" or "2007") given:
    :meth:`ClassicGame.start` (the die roll, squad building, placement and reveal come first; ``first`` is
    decided by the die). Otherwise two squads (card ids in deployment order): :meth:`ClassicGame.new`.
    """
    if edition is not None or (len(sides) == 2 and all(isinstance(s, ClassicDeck) for s in sides)):
        return ClassicGame.start(dict(cards), sides, seed=seed, edition=edition or "2022", names=names,
                                 check_decks=check_decks)
    return ClassicGame.new(dict(cards), sides, seed=seed, first=first, names=names)


RULESET = register_ruleset(Ruleset(name="classic", game=ClassicGame, new_game=new_game, codec=CODEC,
                                   observe=observe, determinize=determinize,
                                   bots={"easy": _easy, "normal": _normal, "hard": _hard}, build_position=build_position,
                                   scenarios=scenario, tell=tell, view_game=view_game, events=EVENTS,
                                   undo_hides=undo_hides))
