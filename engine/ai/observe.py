"""What one player may know of a game (the information set), and full games consistent with it.

An :class:`Observation` is all a bot gets: the state with what its player cannot see masked, the
legal actions open to the player, and per owner the contents of the masked cards. Each ruleset says
what its players may know (``find_ruleset(name).observe`` and ``.determinize``; both games do); a
ruleset with no hidden information would register neither, and then the state is the whole game with
only the dice unknown. Nothing here imports a ruleset.

``observe(game, None)`` is a spectator's: what both players see. For a player far from the game (the
network) :func:`tell` says what they may know of an action just applied, :func:`view_game` rebuilds from an
observation a game that holds nothing more (every hidden card an unknown placeholder, the legal actions
the observation's), and :func:`event_from_dict` reads an event back from its data.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.actions import Action
from engine.core.data import json_copy as _copy
from engine.core.errors import IllegalAction
from engine.core.events import ABSENT, Event
from engine.core.game import Game
from engine.core.ruleset import find_ruleset

HIDDEN = "?"  # the card id a masked instance shows


class Observed:
    """Put before a ruleset's game class: a game as one player may see it (each ruleset's ``view_game``) — its
    legal actions are the observation's (``observed``), and it is never played (``apply`` refuses: the moves
    are made where the whole game is, the server)."""

    observed: tuple[Action, ...] = ()

    def legal_actions(self) -> list[Action]:
        return list(self.observed)

    def apply(self, action: Action) -> list[Event]:
        raise IllegalAction("observed", "Эта партия только показывает, что видит игрок: ходы делаются на сервере.",
                            "This game only shows what a player sees: moves are made where the whole game is.")


@dataclass(frozen=True, eq=True)
class Observation:
    """Everything ``player`` may know at one decision; equal observations must give equal bot choices."""

    ruleset: str
    player: int | None  # None: a spectator (what both players see)
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


def observe(game: Game, player: int | None, seen: Mapping[int, str] | None = None,
            state: dict[str, Any] | None = None) -> Observation:
    """The information set of ``player`` in ``game``, as its ruleset defines it (None: a spectator's, what
    both players see).

    ``seen`` optionally names instances the player saw earlier (instance id -> card id, e.g. a card
    returned to the opponent's hand); a ruleset without hidden cards ignores it. ``state``: the game's
    ``to_dict()`` when the caller has it already (it is not changed; the observation may share its parts).
    """
    ruleset = find_ruleset(game.ruleset)
    if ruleset.observe is not None:
        return ruleset.observe(game, player, seen, state)
    state = _copy(state) if state is not None else game.to_dict()
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


@dataclass(frozen=True)
class Told:
    """What one player (or a spectator) is told of an action just applied.

    ``action`` is its text, or None where the action itself would say what they may not know (its kind
    ``kind`` is still told); ``events`` its events as data, each with what they may not know left out;
    ``shown`` the cards the events showed them (instance id -> card id), which stay known to them after
    (the ``seen`` of :func:`observe`).
    """

    action: str | None
    kind: str
    events: tuple[dict[str, Any], ...]
    shown: Mapping[int, str] = field(default_factory=dict)


def tell(game: Game, action: Action, by: int | None, events: list[Event], player: int | None) -> Told:
    """What ``player`` (None: a spectator) may know of ``action``, taken by ``by`` with ``events``; ``game``
    is the game after it. A ruleset with no hidden cards tells everything."""
    ruleset = find_ruleset(game.ruleset)
    if ruleset.tell is not None:
        return ruleset.tell(game, action, by, events, player)
    return Told(str(action), action.name, tuple(e.to_dict() for e in events))


def view_game(obs: Observation, content: Any = None) -> Game:
    """A game rebuilt from ``obs`` that holds nothing beyond it: each hidden card is an unknown placeholder,
    ``legal_actions()`` gives the observation's, and ``apply`` refuses (such a game is only looked at: its
    moves are made where the whole game is). ``content``: the game's cards (a «Герои» pool, classic cards)."""
    ruleset = find_ruleset(obs.ruleset)
    if ruleset.view_game is not None:
        return ruleset.view_game(obs, content)
    return ruleset.from_dict(_copy(obs.state), pool=content)


def event_from_dict(ruleset: str, data: Mapping[str, Any]) -> Event:
    """The event record of ``data`` (``Event.to_dict``'s form) in ``ruleset``; a field left out (one the
    player was not told, :func:`tell`) reads as its default, else as not carried: ABSENT for an :class:`Event`
    (whose ``to_dict`` then leaves it out again), None for a classic record (a frozen dataclass, which knows no
    ABSENT). ValueError for an unknown kind."""
    kinds = find_ruleset(ruleset).events
    cls: Any = kinds.get(str(data.get("t")))
    if cls is None:
        raise ValueError(f"unknown event kind {data.get('t')!r}")
    keys = getattr(cls, "keys", {})
    record = dataclasses.is_dataclass(cls)
    defaults = {f.name: f.default for f in dataclasses.fields(cls)} if record else {}
    values = []
    for name in cls.__match_args__:
        key = keys.get(name, name)
        if key in data:
            values.append(data[key])
        elif defaults.get(name, dataclasses.MISSING) is not dataclasses.MISSING:
            values.append(defaults[name])
        else:
            values.append(None if record else ABSENT)
    return cls(*values)
