"""Watching a saved or finished game: step forward and back through its action log.

The whole log is replayed once through the rules (and checked against the snapshot); positions
every ``every`` actions are kept, so any step back replays at most ``every - 1`` actions.
"""

from __future__ import annotations

import pathlib
from dataclasses import dataclass, field
from typing import Any

from engine.core.actions import Action
from engine.core.game import Game
from saves.errors import SaveError
from saves.record import GameRecord, apply_logged


@dataclass(frozen=True)
class ReplayFrame:
    """Where the replay stands: ``index`` actions applied; ``entry`` (log[index - 1]) is the one to highlight."""

    index: int
    game: Game  # the position; read it, do not change it
    entry: str | None
    events: list[dict[str, Any]] = field(default_factory=list)  # the events of that entry, when stepped onto


class Replay:
    """A game's log as a tape: ``step_forward``, ``step_back``, ``goto(i)``."""

    def __init__(self, record: GameRecord, base: Any = None, *, every: int = 16,
                 path: pathlib.Path | None = None) -> None:
        if every < 1:
            raise ValueError("every must be at least 1")
        self.record = record
        self.log = list(record.log)
        self.every = every
        self.path = path
        if record.snapshot is not None:
            record.check_snapshot(path)
        try:
            self._actions: list[Action] = [a for _, a in record.actions(path)]
            record.ruleset_entry(path)  # an unknown ruleset is refused before anything is built
            game = record.new_game(base, path)
        except SaveError as exc:
            raise record.with_version_note(exc, base) from None
        self.pool = getattr(game, "pool", None)  # «Герои» rebuilds positions with its pool; classic needs none
        self._game_type = type(game)  # what the record plays: a game, or a series of them (a classic campaign)
        self._checkpoints: dict[int, dict[str, Any]] = {0: game.to_dict()}
        self.setup_events = list(getattr(game, "setup_events", []))
        try:
            for i, act in enumerate(self._actions):
                apply_logged(game, act, i, self.log[i], path)
                if (i + 1) % every == 0:
                    self._checkpoints[i + 1] = game.to_dict()
            if record.snapshot is not None:
                record.verify(game, path)
        except SaveError as exc:
            raise record.with_version_note(exc, base) from None
        self._game = self._restore(0)
        self._index = 0

    def __len__(self) -> int:
        return len(self.log)

    @property
    def index(self) -> int:
        return self._index

    @property
    def game(self) -> Game:
        return self._game

    @property
    def at_start(self) -> bool:
        return self._index == 0

    @property
    def at_end(self) -> bool:
        return self._index == len(self.log)

    def frame(self, events: list[dict[str, Any]] | None = None) -> ReplayFrame:
        entry = self.log[self._index - 1] if self._index else None
        return ReplayFrame(self._index, self._game, entry, list(events or []))

    def step_forward(self) -> ReplayFrame:
        """Apply the next logged action (stays put at the end)."""
        if self.at_end:
            return self.frame()
        i = self._index
        events = apply_logged(self._game, self._actions[i], i, self.log[i], self.path)
        self._index = i + 1
        return self.frame(events)

    def step_back(self) -> ReplayFrame:
        """The position one action earlier (stays put at the start)."""
        return self.goto(self._index - 1) if self._index else self.frame()

    def goto(self, index: int) -> ReplayFrame:
        """The position after ``index`` actions (clamped to the log)."""
        index = max(0, min(index, len(self.log)))
        if index == self._index + 1:
            return self.step_forward()
        start = max(k for k in self._checkpoints if k <= index)
        if not start <= self._index <= index:
            self._game = self._restore(start)
            self._index = start
        while self._index < index:
            i = self._index
            apply_logged(self._game, self._actions[i], i, self.log[i], self.path)
            self._index = i + 1
        return self.frame()

    def _restore(self, index: int) -> Game:
        return self._game_type.from_dict(self._checkpoints[index], pool=self.pool)
