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
