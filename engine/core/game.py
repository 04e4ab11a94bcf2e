"""The decision API every ruleset implements (after OpenSpiel's small game interface)."""

from __future__ import annotations

import abc
from typing import Any

from engine.core.actions import Action
from engine.core.hashing import stable_hash


class Game(abc.ABC):
    """A game in progress: who decides, what they may do, and what happens when they do."""

    ruleset: str = ""

    @property
    @abc.abstractmethod
    def decider(self) -> int | None:
        """The player (0 or 1) who must decide now, or None when the game is over."""

    @abc.abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action the deciding player may take now."""

    @abc.abstractmethod
    def apply(self, action: Action) -> list[dict[str, Any]]:
        """Check and carry out an action; return the events. Raises IllegalAction, state unchanged."""

    @property
    @abc.abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abc.abstractmethod
    def outcome(self) -> dict[str, Any] | None:
        """None while the game goes on; else {"winner": 0|1|None, "reason": str}."""

    @abc.abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-compatible data."""

    @classmethod
    @abc.abstractmethod
    def from_dict(cls, data: dict[str, Any], **kwargs: Any) -> Game: ...

    def state_hash(self) -> str:
        return stable_hash(self.to_dict())

    @abc.abstractmethod
    def clone(self) -> Game: ...


class DecisionGame(Game):
    """A game whose next decision is ``self.pending`` ({"player": …, …}) and whose end is ``self._outcome``.

    Subclasses list the pending decision's actions in ``_enumerate``; the list is cached until the
    next ``apply`` clears ``_legal``.
    """

    pending: dict[str, Any] | None
    _outcome: dict[str, Any] | None
    _legal: list[Action] | None
    _legal_set: set[Action] | None

    @property
    def decider(self) -> int | None:
        return None if self.pending is None else self.pending["player"]

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def outcome(self) -> dict[str, Any] | None:
        return None if self._outcome is None else dict(self._outcome)

    def legal_actions(self) -> list[Action]:
        """Every action the deciding player may take now (conceding is accepted at any time too)."""
        if self._legal is None:
            self._legal = self._enumerate() if self.pending else []
            self._legal_set = set(self._legal)
        return list(self._legal)

    @abc.abstractmethod
    def _enumerate(self) -> list[Action]:
        """The actions of the pending decision."""
