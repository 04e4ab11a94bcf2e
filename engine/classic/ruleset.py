"""Classic «Берсерк» in the ruleset registry (no bot observation yet: None)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.classic import scenario
from engine.classic.actions import CODEC
from engine.classic.cards import ClassicCard
from engine.classic.game import ClassicGame
from engine.classic.position import build_position
from engine.core.ruleset import Ruleset, register_ruleset


def new_game(cards: Mapping[str, ClassicCard], squads: Sequence[Sequence[str]], *, seed: int = 0,
             first: int = 0, names: Sequence[str] = ("Игрок 1", "Игрок 2")) -> ClassicGame:
    """Two squads (card ids in deployment order) laid out and the first turn started."""
    return ClassicGame.new(dict(cards), squads, seed=seed, first=first, names=names)


RULESET = register_ruleset(Ruleset(name="classic", game=ClassicGame, new_game=new_game, codec=CODEC,
                                   build_position=build_position, scenarios=scenario))
