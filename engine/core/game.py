"""The decision API every ruleset implements (after OpenSpiel's small game interface)."""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from engine.core.actions import Action, field_fault
from engine.core.compiled import mypyc_attr
from engine.core.errors import IllegalAction
from engine.core.events import Event, GameOver, Outcome
from engine.core.hashing import stable_hash
from engine.core.pending import Decision


# Compiled with the rules (tools/compile_rules.py), these classes are subclassed by each game's rules, which a
# variant (an observed game, a test's game) may subclass again in plain Python: mypyc must be told to allow that.
@mypyc_attr(allow_interpreted_subclasses=True)
class Game(abc.ABC):
    """A game in progress: who decides, what they may do, and what happens when they do."""

    ruleset: ClassVar[str] = ""  # the name the ruleset registry knows the game by

    @property
    @abc.abstractmethod
    def decider(self) -> int | None:
        """The player (0 or 1) who must decide now, or None when the game is over."""

    @abc.abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action the deciding player may take now."""

    @abc.abstractmethod
    def apply(self, action: Action) -> list[Event]:
        """Check and carry out an action; return the events. Raises IllegalAction, state unchanged."""

    @property
    @abc.abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abc.abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the game goes on; else who won (None for a draw) and why."""

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


@mypyc_attr(allow_interpreted_subclasses=True)
class DecisionGame(Game):
    """A game whose next decision is ``self.pending`` and whose end is ``self._outcome``: the one apply
    flow both rulesets share.

    ``apply``: a finished game refuses everything → an action whose fields are not exactly of their declared
    types is refused (:func:`engine.core.actions.field_fault`) → a meta action (``META``: conceding, draw
    offers — accepted whoever decides) is checked by ``_check_meta`` → any other action must be one of the
    pending decision's legal actions, else ``_why`` says why it is refused (the state is unchanged) →
    the ruleset's handler ``_do_<ActionClass>`` → ``_advance`` runs the game on to the next decision →
    the events of the step. Subclasses list the pending decision's actions in ``_enumerate``; the list
    is kept until the next ``apply``.
    """

    META: ClassVar[frozenset[type[Action]]] = frozenset()
    # tests switch this on: after every action each cache the game keeps is compared with a fresh
    # computation (check_caches), so a missing invalidation fails even when it changes nothing
    CHECK_CACHES: ClassVar[bool] = False
    _handlers: ClassVar[dict[type, Callable[[Any, Any], None]]] = {}

    pending: Decision | None
    _outcome: Outcome | None
    _events: list[Event]
    _legal: list[Action] | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # A subclass answers the same actions as its parent, through its own _do_ methods where it has them
        # (the game classes themselves are filled by register_handlers once their action classes are known).
        cls._handlers = {a: getattr(cls, "_do_" + a.__name__) for a in cls._handlers}

    @classmethod
    def register_handlers(cls, actions: Iterable[type[Action]]) -> None:
        """Map each action class to this class's ``_do_<action class>`` (once, when the ruleset loads)."""
        cls._handlers = {a: getattr(cls, "_do_" + a.__name__) for a in actions if hasattr(cls, "_do_" + a.__name__)}

    @property
    def decider(self) -> int | None:
        return None if self.pending is None else self.pending.player

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def legal_actions(self) -> list[Action]:
        """Every action the deciding player may take now (meta actions such as conceding are accepted too)."""
        if self._legal is None:
            self._legal = self._enumerate() if self.pending else []
        return list(self._legal)

    def apply(self, action: Action) -> list[Event]:
        if self._outcome is not None:
            raise IllegalAction("game_over", "Игра уже окончена.", "The game is already over.")
        kind = type(action)
        if kind in self.META:
            fault = field_fault(action)
            if fault is not None:
                raise fault
            self._check_meta(action)
        else:
            legal = self._legal
            if legal is None:
                legal = self._legal = self._enumerate() if self.pending else []
            # Usually the action is one of the listed objects; any other is looked for apart
            for listed in legal:
                if listed is action:
                    break
            else:
                self._check_listed(action, legal)
        self._events = []
        self._legal = None
        try:
            handler = self._handlers[kind]
        except KeyError:
            raise TypeError(f"{type(self).__name__} has no handler for {kind.__name__}") from None
        handler(self, action)
        self._advance()
        self._legal = None
        if self.CHECK_CACHES:
            self.check_caches()
        return self._events

    def _check_listed(self, action: Action, legal: list[Action]) -> None:
        """IllegalAction unless ``action``, which is not one of the listed objects (parsed from text, as
        loading a save does for every action; built by a client), equals a listed legal action of its class.

        Its fields must first have exactly their declared types: ``True == 1`` and ``1.0 == 1``, so equality
        alone would let a wrong type through to a handler. With exact types an equal action is the same
        action, so a handler only ever gets one of the legal list."""
        fault = field_fault(action)
        if fault is not None:
            raise fault
        kind = type(action)
        for listed in legal:
            if type(listed) is kind and listed == action:
                return
        raise self._why(action)

    def emit(self, event: Event) -> None:
        """Note an event of this step (``apply`` returns them)."""
        self._events.append(event)

    def finish(self, winner: int | None, reason: str) -> None:
        """End the game: ``winner`` 0, 1 or None for a draw; nobody decides any more."""
        if self._outcome is None:
            self._outcome = Outcome(winner=winner, reason=reason)
            self.pending = None
            self.emit(GameOver(winner=winner, reason=reason))

    # ------------------------------------------------------------------ what each ruleset fills in
    @abc.abstractmethod
    def _enumerate(self) -> list[Action]:
        """The actions of the pending decision."""

    @abc.abstractmethod
    def _why(self, action: Action) -> IllegalAction:
        """Why ``action`` (not a legal one now) is refused, in ru and en."""

    def _check_meta(self, action: Action) -> None:
        """Raise IllegalAction if the meta action may not be taken now."""
        player = getattr(action, "player", None)
        if player not in (0, 1):
            raise IllegalAction("player", "Нет такого игрока.", "There is no such player.")

    def _advance(self) -> None:
        """Run the game on after a handler until someone must decide (or the game is over)."""

    def check_caches(self) -> None:
        """Assert that every cache the game keeps equals a fresh computation (none here)."""
