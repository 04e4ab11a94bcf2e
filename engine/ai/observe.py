"""What one player may know of a game (the information set), and full games consistent with it.

An :class:`Observation` is all a bot gets: the state with what its player cannot see masked, the
legal actions open to the player, and per owner the contents of the masked cards. Each ruleset says
what its players may know (``find_ruleset(name).observe`` and ``.determinize``; both games do); a
ruleset with no hidden information would register neither, and then the state is the whole game with
only the dice unknown. Nothing here imports a ruleset.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.actions import Action
from engine.core.data import json_copy as _copy
from engine.core.game import Game
from engine.core.ruleset import find_ruleset

HIDDEN = "?"  # the card id a masked instance shows


@dataclass(frozen=True, eq=True)
class Observation:
    """Everything ``player`` may know at one decision; equal observations must give equal bot choices."""

    ruleset: str
    player: int
    state: dict[str, Any]  # the masked state: to_dict() shape, hidden cards show HIDDEN
    legal: tuple[Action, ...]  # the actions open to the player now (empty when another player decides)
    unknown: tuple[tuple[str, ...], ...]  # per owner: sorted card ids of their masked instances
    content: Any = field(default=None, compare=False, repr=False)  # the game's cards (a «Герои» CardPool)

    @property
    def pool(self) -> Any:
        """The card content under its «Герои» name."""
        return self.content

    @property
    def pending(self) -> dict[str, Any] | None:
        return self.state.get("pending")

    @property
    def deciding(self) -> bool:
        return self.pending is not None and self.pending.get("player") == self.player


def observe(game: Game, player: int, seen: Mapping[int, str] | None = None) -> Observation:
    """The information set of ``player`` in ``game``, as its ruleset defines it.

    ``seen`` optionally names instances the player saw earlier (instance id -> card id, e.g. a card
    returned to the opponent's hand); a ruleset without hidden cards ignores it.
    """
    ruleset = find_ruleset(game.ruleset)
    if ruleset.observe is not None:
        return ruleset.observe(game, player, seen)
    state = game.to_dict()
    state["rng"] = "0" * 16  # open-information rulesets: only the dice stay unknown
    state["seed"] = 0
    legal = tuple(game.legal_actions()) if game.decider == player else ()
    return Observation(game.ruleset, player, state, legal, ((), ()), getattr(game, "pool", None))


def determinize(obs: Observation, rng: random.Random, content: Any = None) -> Game:
    """A full game consistent with ``obs``: what is hidden dealt again at random, fresh dice."""
    ruleset = find_ruleset(obs.ruleset)
    if ruleset.determinize is not None:
        return ruleset.determinize(obs, rng, content)
    state = _copy(obs.state)
    state["rng"] = format(rng.getrandbits(64), "016x")
    return ruleset.from_dict(state)
